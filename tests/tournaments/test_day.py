"""Regression tests of the tournament day as a director and players live it (issue 16):
locked results, confirmations and verbs, French labels, the console, the players' view,
the small ones. Each test names the behaviour it guards."""

from __future__ import annotations

import csv
import io
from datetime import date

import pytest
from django.urls import reverse
from django.utils import translation

from club.models import ActivityLog
from tests.tournaments.day import play_round, play_table
from tournaments import selectors_results as sr
from tournaments import selectors_tables as ts
from tournaments import services
from tournaments.errors import TournamentError
from tournaments.models import (
    Entry,
    EntryStatus,
    GameStatus,
    PlayMode,
    RoundPlay,
    Seat,
    TableGame,
)
from tournaments.services import director as ds

pytestmark = pytest.mark.django_db


def gold(t):
    return sorted(line.competitor for line in sr.compute(t).lines if line.medal == "gold")


# ----------------------------------------------------------------- 1. locked results
def test_a_finished_tournament_refuses_adjusted_scores_and_corrections(finished, director):
    t, rnd, hands = finished
    medals = gold(t)
    game = TableGame.objects.get(round=rnd, table=2)
    with pytest.raises(TournamentError) as error:
        ds.game_adjust(game=game, by=director, totals={"NS": 999, "EW": 0}, reason="mistake")
    assert error.value.code == "finished"
    with pytest.raises(TournamentError) as error:
        ds.sheet_row_correct(
            row=hands[0],
            by=director,
            reason="typo",
            data={"declarer": "E", "contract": "10NT", "tricks": 10},
        )
    assert error.value.code == "finished"
    game.refresh_from_db()
    assert game.status == GameStatus.COMPLETE and gold(t) == medals


def test_a_closed_round_is_locked_until_reopened_with_a_reason(finished, director):
    t, rnd, hands = finished
    with pytest.raises(TournamentError) as error:
        services.tournament_transition(tournament=t, by=director, to="running")
    assert error.value.code == "reason"
    services.tournament_transition(
        tournament=t, by=director, to="running", reason="Table 1 entered 8S instead of 8H"
    )
    with pytest.raises(TournamentError) as error:  # the round itself is still closed
        ds.sheet_row_correct(
            row=hands[0],
            by=director,
            reason="typo",
            data={"declarer": "N", "contract": "8H", "tricks": 9},
        )
    assert error.value.code == "round_closed"
    with pytest.raises(TournamentError) as error:
        ds.round_reopen(round=rnd, by=director, reason="  ")
    assert error.value.code == "reason"
    ds.round_reopen(round=rnd, by=director, reason="Table 1, hand 1")
    ds.sheet_row_correct(
        row=hands[0],
        by=director,
        reason="8H, not 8S",
        data={"declarer": "N", "contract": "8H", "tricks": 9},
    )
    play = RoundPlay.objects.get(round=rnd)
    assert play.corrected_at is not None and play.reopen_reason == "Table 1, hand 1"
    kinds = set(ActivityLog.objects.values_list("kind", flat=True))
    assert {"tournament.reopened", "results.round_reopened", "results.hand_corrected"} <= kinds
    ds.round_close(round=rnd, by=director)
    services.tournament_transition(tournament=t, by=director, to="finished")
    with translation.override("fr"):
        page = sr.corrections(t)
    assert page["corrected_rounds"][0]["round"] == 1


def test_the_standings_say_when_a_closed_round_was_corrected(finished, director, client):
    t, rnd, hands = finished
    services.tournament_transition(tournament=t, by=director, to="running", reason="x")
    ds.round_reopen(round=rnd, by=director, reason="Mauvaise levée à la table 1")
    ds.sheet_row_correct(
        row=hands[1],
        by=director,
        reason="10 levées",
        data={"declarer": "N", "contract": "8S", "tricks": 10},
    )
    html = client.get(reverse("tournaments:standings", args=[t.pk])).content.decode()
    assert 'data-testid="corrected-note"' in html
    assert "Ronde 1 corrigée le" in html and "Mauvaise levée à la table 1" in html


def test_adjusted_scores_are_checked_against_what_the_variant_allows(
    make_tournament, add_present, director
):
    t = make_tournament(status="running", rounds_total=1, hands_per_game=2)
    add_present(t, 8)
    rnd = play_round(t, director)
    game = ts.table_game(rnd, 1)
    limits = ts.adjusted_limits(t)
    # Quebec, 2 hands: at most 10 NT made twice (520 each), in steps of 10
    assert limits.side[1] == 1040 and limits.step == 10
    for ns, ew in ((999, 0), (1050, 0), (0, -1050), (1040, 1040)):
        with pytest.raises(TournamentError) as error:
            ds.game_adjust(game=game, by=director, totals={"NS": ns, "EW": ew}, reason="check")
        assert error.value.code == "out_of_reach"
    ds.game_adjust(game=game, by=director, totals={"NS": 500, "EW": 20}, reason="player ill")
    game.refresh_from_db()
    assert (game.status, game.ns_total, game.ew_total) == (GameStatus.ADJUSTED, 500, 20)


def test_finishing_closes_the_rounds_or_names_the_unfinished_tables(
    make_tournament, add_present, director
):
    t = make_tournament(status="running", rounds_total=1, hands_per_game=1)
    add_present(t, 8)
    rnd = play_round(t, director)
    play_table(rnd, 1, 1)
    with pytest.raises(TournamentError) as error:
        services.tournament_transition(tournament=t, by=director, to="finished")
    assert error.value.code == "unfinished" and "2" in error.value.message
    play_table(rnd, 2, 1)
    services.tournament_transition(tournament=t, by=director, to="finished")
    assert RoundPlay.objects.get(round=rnd).is_closed


def test_the_console_of_a_closed_round_has_no_correction_forms(finished, director_client):
    t, rnd, hands = finished
    url = reverse("tournaments:console", args=[t.pk])
    html = director_client.get(url, {"fix": hands[0].pk}).content.decode()
    assert 'data-testid="correct-form"' not in html
    assert 'data-testid="adjust-form"' not in html
    assert 'data-testid="fix-hand"' not in html
    assert 'data-testid="reopen-tournament"' in html


# ----------------------------------------------------------------- 2. confirmations
def test_status_buttons_are_verbs_with_the_consequence_confirmed(make_tournament, director_client):
    t = make_tournament(status="draft")
    html = director_client.get(reverse("tournaments:detail", args=[t.pk])).content.decode()
    assert 'data-testid="to-registration_open"' in html and "Ouvrir les inscriptions" in html
    t = make_tournament(status="registration_open")
    Entry.objects.create(tournament=t, guest_name="Rita")
    html = director_client.get(reverse("tournaments:entries", args=[t.pk])).content.decode()
    assert "Annuler le tournoi" in html and ">Annulé<" not in html
    cancel = html[html.index('data-testid="to-cancelled"') :][:600]
    assert "data-confirm=" in cancel and "ne pourra pas être rouvert" in cancel
    assert "Fermer les inscriptions" in html


def test_withdrawing_removing_and_closing_ask_first(
    make_tournament, add_present, member, director, client
):
    t = make_tournament(status="registration_open")
    services.registration_create(tournament=t, member=member)
    client.force_login(member)
    html = client.get(reverse("tournaments:detail", args=[t.pk])).content.decode()
    withdraw = html[html.index('data-testid="withdraw"') :][:400]
    assert "data-confirm=" in withdraw and "liste d'attente" in withdraw
    client.force_login(director)
    html = client.get(reverse("tournaments:entries", args=[t.pk])).content.decode()
    remove = html[html.index('data-testid="remove-entry"') :][:400]
    assert "data-confirm=" in remove and "Retirer" in remove
    running = make_tournament(status="running", rounds_total=1, hands_per_game=1)
    add_present(running, 4)
    play_round(running, director)
    html = client.get(reverse("tournaments:console", args=[running.pk])).content.decode()
    close = html[html.index('data-testid="close-round"') :][:400]
    assert "data-confirm=" in close and "verrouillées" in close


# ----------------------------------------------------------------- 3. French
def test_standings_and_exports_say_rang_not_lieu(finished, client, director_client):
    t, _rnd, _hands = finished
    html = client.get(reverse("tournaments:standings", args=[t.pk])).content.decode()
    assert ">Rang<" in html and ">Lieu<" not in html
    body = director_client.get(reverse("tournaments:standings_csv", args=[t.pk])).content
    header = next(csv.reader(io.StringIO(body.decode("utf-8-sig"))))
    assert header[0] == "Rang"


def test_the_activity_log_is_rendered_in_the_readers_language(make_tournament, director):
    t = make_tournament(status="draft")
    services.tournament_transition(tournament=t, by=director, to="registration_open")
    entry = ActivityLog.objects.get(kind="tournament.status")
    with translation.override("fr"):
        french = entry.text
    with translation.override("en"):
        english = entry.text
    assert "passe de « Brouillon » à « Inscriptions ouvertes »" in french
    assert "goes from “Draft” to “Registration open”" in english
    assert entry.summary == english  # the stored summary is the English sentence


def test_sheet_and_console_show_french_contracts_and_eo(
    make_tournament, add_present, director, director_client
):
    t = make_tournament(status="running", rounds_total=1, hands_per_game=2)
    add_present(t, 8)
    rnd = play_round(t, director)
    play_table(rnd, 1, 1, contract="6NT", tricks=6)
    play_table(rnd, 1, 1, contract="7H", tricks=7)
    for name, args in (("sheet", [t.pk, 1, 1]), ("console", [t.pk])):
        html = director_client.get(reverse(f"tournaments:{name}", args=args)).content.decode()
        assert "SA</span>" in html and '<span class="suit suit-red">♥</span>' in html
        assert ">EO<" in html and ">EW<" not in html
        assert "6NT" not in html.replace('value="6NT"', "")


def test_rule_options_and_seats_are_shown_in_french(make_tournament, client, director, make_member):
    t = make_tournament(variant_options={"auction": "pass_final", "slam_bonus": 250})
    html = client.get(reverse("tournaments:detail", args=[t.pk])).content.decode()
    assert "plusieurs tours, passer est définitif" in html
    assert "pass_final" not in html and "slam_bonus" not in html


def test_the_lobby_says_o_for_west(client, member):
    from games import services as game_services

    client.force_login(member)
    game_services.table_create(host=member, variant="quebec", seed=1, bot_delay_ms=0)
    html = client.get(reverse("games:lobby")).content.decode()
    assert "<strong>O</strong>" in html and "<strong>W</strong>" not in html


def test_messages_agree_whatever_the_name(make_tournament, make_member, director):
    t = make_tournament(format="pairs")
    sylvie, a, b = make_member(first_name="Sylvie"), make_member(), make_member()
    services.registration_create(tournament=t, member=a, partner=sylvie)
    with translation.override("fr"), pytest.raises(TournamentError) as error:
        services.registration_create(tournament=t, member=b, partner=sylvie)
    assert "a déjà une inscription" in error.value.message


# ----------------------------------------------------------------- 5. console
def test_online_grace_setting_shows_only_for_online_rounds(
    make_tournament, add_present, director, director_client
):
    t = make_tournament(status="running", rounds_total=2, hands_per_game=1)
    add_present(t, 8)
    play_round(t, director)
    html = director_client.get(reverse("tournaments:console", args=[t.pk])).content.decode()
    assert 'data-testid="grace-form"' not in html
    RoundPlay.objects.update(mode=PlayMode.ONLINE)
    html = director_client.get(reverse("tournaments:console", args=[t.pk])).content.decode()
    assert 'data-testid="grace-form"' in html


def test_adjusted_games_and_medals_are_labelled_not_coded(finished, director, client):
    t, rnd, _hands = finished
    services.tournament_transition(tournament=t, by=director, to="running", reason="x")
    ds.round_reopen(round=rnd, by=director, reason="x")
    ds.game_adjust(
        game=TableGame.objects.get(round=rnd, table=2),
        by=director,
        totals={"NS": 100, "EW": 100},
        reason="x",
    )
    html = client.get(reverse("tournaments:standings", args=[t.pk])).content.decode()
    assert "badge-adjusted" in html and ">ajusté<" in html and ">A<" not in html
    for emoji in ("🥇", "🥈", "🥉", "🤖"):
        assert emoji not in html
    ds.round_close(round=rnd, by=director)
    services.tournament_transition(tournament=t, by=director, to="finished")
    html = client.get(reverse("tournaments:standings", args=[t.pk])).content.decode()
    assert 'class="medal-icon"' in html and "Médaille d'or" in html


# ----------------------------------------------------------------- 6. players
def test_online_round_offers_join_my_table_and_no_signoff_code(
    make_tournament, add_present, director, client
):
    t = make_tournament(status="running", rounds_total=1, hands_per_game=1)
    entries = add_present(t, 4)
    play_round(t, director, online=True)
    client.force_login(entries[0].player)
    html = client.get(reverse("tournaments:detail", args=[t.pk])).content.decode()
    assert 'data-testid="join-table"' in html and "Rejoindre ma table" in html
    assert 'data-testid="my-pin"' not in html and 'data-testid="my-sheet"' not in html


def test_a_finished_tournament_shows_the_players_final_place(finished, client):
    t, rnd, _hands = finished
    winner = Seat.objects.get(round=rnd, table=1, position="N").entry.player
    client.force_login(winner)
    html = client.get(reverse("tournaments:detail", args=[t.pk])).content.decode()
    assert 'data-testid="my-final"' in html and "Rang 1" in html
    assert 'data-testid="my-table"' not in html


# ----------------------------------------------------------------- 7. the small ones
def test_partner_list_leaves_out_paired_members_and_admins(
    make_tournament, make_member, member, client
):
    from club.models import User

    t = make_tournament(format="pairs")
    paired_a, paired_b = make_member(last_name="Dupaire"), make_member(last_name="Enpaire")
    services.registration_create(tournament=t, member=paired_a, partner=paired_b)
    User.objects.create_superuser(email="admin@x.example", first_name="Admin", last_name="Zadmin")
    make_member(first_name="Réjean", last_name="Côté", display_name="Ti-Réjean")
    make_member(first_name="Louise", last_name="Bélanger")
    make_member(first_name="Pierre", last_name="Boucher")
    client.force_login(member)
    html = client.get(reverse("tournaments:detail", args=[t.pk])).content.decode()
    select = html[html.index('name="partner"') : html.index("</select>")]
    assert "Dupaire" not in select and "Enpaire" not in select and "Zadmin" not in select
    assert "Côté, Réjean (Ti-Réjean)" in select
    assert select.index("Bélanger") < select.index("Boucher") < select.index("Côté")


def test_looking_for_a_partner_has_a_note_and_a_way_to_reach(
    make_tournament, make_member, member, client
):
    t = make_tournament(format="pairs")
    sylvie = make_member(first_name="Sylvie", email="sylvie@example.com", phone="514 555-0199")
    client.force_login(sylvie)
    client.post(
        reverse("tournaments:looking", args=[t.pk]),
        {"looking": "1", "note": "Le jeudi seulement", "share_contact": "on"},
    )
    client.force_login(member)
    html = client.get(reverse("tournaments:detail", args=[t.pk])).content.decode()
    assert "Le jeudi seulement" in html and "mailto:sylvie@example.com" in html
    assert 'data-testid="looking-propose"' in html and "Faire équipe avec" in html


def test_phone_must_look_like_a_phone_number(member_client, member):
    data = {
        "first_name": "Marie",
        "last_name": "Tremblay",
        "display_name": "",
        "member_number": "",
        "preferred_language": "fr",
    }
    r = member_client.post(reverse("profile"), {**data, "phone": "abc"})
    assert r.status_code == 200 and "numéro de téléphone" in r.content.decode()
    member.refresh_from_db()
    assert member.phone == ""
    member_client.post(reverse("profile"), {**data, "phone": "(514)5550199"})
    member.refresh_from_db()
    assert member.phone == "514 555-0199"


def test_member_list_sorts_accents_as_french_readers_do(member_client, make_member):
    for last in ("Boucher", "Bélanger", "Bergeron", "Caron"):
        make_member(last_name=last, first_name="X")
    html = member_client.get(reverse("member_list")).content.decode()
    assert html.index("Bélanger") < html.index("Bergeron") < html.index("Boucher")


def test_every_hand_export_includes_adjusted_games(
    make_tournament, add_present, director, director_client
):
    t = make_tournament(status="running", rounds_total=1, hands_per_game=2)
    add_present(t, 8)
    rnd = play_round(t, director)
    play_table(rnd, 1, 2)
    ds.game_adjust(
        game=ts.table_game(rnd, 2),
        by=director,
        totals={"NS": 300, "EW": 40},
        reason="Joueur malade",
    )
    body = director_client.get(reverse("tournaments:results_csv", args=[t.pk])).content
    rows = list(csv.reader(io.StringIO(body.decode("utf-8-sig"))))
    adjusted = [r for r in rows if r[1] == "2"]
    assert adjusted and adjusted[0][7:9] == ["300", "40"]
    assert "Pointage ajusté : Joueur malade" in adjusted[0][-1]


def test_approvals_leave_out_members_already_registered(
    make_tournament, make_member, director_client
):
    t = make_tournament()
    newcomer = make_member(first_name="Nouvelle", is_approved=False)
    registered = make_member(first_name="Déjàinscrite", is_approved=False)
    Entry.objects.create(tournament=t, player=registered, status=EntryStatus.CONFIRMED)
    html = director_client.get(reverse("approvals")).content.decode()
    assert newcomer.first_name in html and registered.first_name not in html


def test_the_demo_thursday_tournament_is_on_a_thursday():
    from tournaments.demo import next_thursday

    for day in range(1, 15):
        start = date(2026, 11, day)
        thursday = next_thursday(start)
        assert thursday.weekday() == 3 and 1 <= (thursday - start).days <= 7


def test_a_grace_changed_on_the_console_reaches_the_tables_already_playing(
    make_tournament, add_present, director
):
    """The online grace set on the director's console applies at once to the round's
    live tables: their rows and every process's state of them (a change of the table)."""
    from games.live import cache, store
    from games.models import Table

    t = make_tournament(status="running", rounds_total=1, hands_per_game=1)
    add_present(t, 4)
    rnd = play_round(t, director, online=True)
    table = TableGame.objects.get(round=rnd, table=1).live_table
    assert table.status == Table.Status.PLAYING and table.absence_grace_seconds == 120
    cached = store.acquire(table.pk)
    cache.checkin(cached)
    seq = cached.seq
    ds.grace_set(tournament=t, by=director, seconds=15)
    table.refresh_from_db()
    assert table.absence_grace_seconds == 15 and table.seq == seq + 1
    st = store.acquire(table.pk)
    cache.checkin(st)
    assert st.table.absence_grace_seconds == 15 and st.seq == seq + 1


def test_an_online_round_start_tells_every_seated_player_their_table_is_ready(
    make_tournament, add_present, director, client, mailoutbox, django_capture_on_commit_callbacks
):
    """Each seated member: an email with the link to their table, and a banner on every
    page of the site until they open that table."""
    t = make_tournament(status="running", rounds_total=1, hands_per_game=1)
    entries = add_present(t, 8)
    with django_capture_on_commit_callbacks(execute=True):
        rnd = play_round(t, director, online=True)
    tables = {g.table: g.live_table_id for g in TableGame.objects.filter(round=rnd)}
    player = entries[0].player
    player.refresh_from_db()
    mine = player.table_ready
    assert mine in tables.values()
    assert len(mailoutbox) == 8
    mail = next(m for m in mailoutbox if m.to == [player.email])
    assert "Votre table est prête" in mail.subject and f"/tables/{mine}/" in mail.body
    client.force_login(player)
    for url in (reverse("home"), reverse("tournaments:detail", args=[t.pk])):
        html = client.get(url).content.decode()
        assert 'data-testid="table-ready"' in html and "Votre table est prête" in html
        assert f'href="/tables/{mine}/"' in html
    client.get(f"/tables/{mine}/")
    assert 'data-testid="table-ready"' not in client.get(reverse("home")).content.decode()


def test_the_ready_banner_names_the_tournament_and_table_and_ends_with_the_table(
    make_tournament, add_present, director, client
):
    """ "Votre table est prête" says which tournament, round and table; once that table
    no longer plays (the round ended) the banner is gone, the member never having
    opened it, and reading the page wrote nothing to make it so."""
    from games.models import Table

    t = make_tournament(name="Tournoi du jeudi", status="running", rounds_total=1)
    entries = add_present(t, 4)
    rnd = play_round(t, director, online=True)
    game = TableGame.objects.get(round=rnd, table=1)
    player = entries[0].player
    client.force_login(player)
    html = client.get(reverse("home")).content.decode()
    assert "Votre table est prête : Tournoi du jeudi, ronde 1, table 1" in html
    Table.objects.filter(pk=game.live_table_id).update(status=Table.Status.FINISHED)
    assert 'data-testid="table-ready"' not in client.get(reverse("home")).content.decode()
