"""450 evenings: settings, the table draw on the site, the secretary's sheet (entry,
confirmation, bad input), standings and medals, exports that `check` re-scores."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from django.urls import reverse

from tests.tournaments.kinds.four_fifty.day import (
    FOUR,
    FOUR_POINTS,
    enter_round,
    form_for,
    make_450,
    start_round,
    table_users,
)
from tournaments import selectors_results as sr
from tournaments import selectors_tables as ts
from tournaments import services
from tournaments.errors import ConflictError, TournamentError
from tournaments.kinds.four_fifty import sheet as sheet450
from tournaments.models import GameStatus, Position, Seat, SheetLine
from tournaments.services import director as ds
from tournaments.services import results as rs


@pytest.fixture
def evening(make_tournament, add_present):
    """A running 450 evening: 14 present, tables of 4, games of 1 round (so one
    confirmed round completes a table's game)."""
    return make_450(
        make_tournament, add_present, 14, variant_options={"end": "rounds", "rounds": 1}
    )


def four_table(rnd):
    """A table of four of the round (14 at 4: two tables of 4, two of 3)."""
    return next(n for n in (1, 2, 3, 4) if Seat.objects.filter(round=rnd, table=n).count() == 4)


@pytest.fixture
def at_four(evening, director):
    """Round 1 playing: a table of four (its number, its players by seat, its game)."""
    rnd = start_round(evening, director)
    n = four_table(rnd)
    return rnd, n, table_users(rnd, n), ts.table_game(rnd, n)


# --- settings ------------------------------------------------------------------------


def test_a_450_tournament_stores_its_game_table_size_target_and_is_individual(make_tournament):
    t = make_tournament(game="450", table_size=0, variant_options={"target": 400})
    assert t.kind.game.name == "450" and t.variant == "450" and t.table_size == 0
    assert t.variant_options == {"target": 400}


def test_450_refuses_pairs_and_bad_options(make_tournament):
    with pytest.raises(TournamentError) as err:
        make_tournament(game="450", format="pairs")
    assert err.value.code == "bad_format"
    with pytest.raises(TournamentError) as err:
        make_tournament(game="450", variant_options={"target": 10})
    assert err.value.code == "bad_variant"
    with pytest.raises(TournamentError):
        make_tournament(game="450", table_size=7)


def test_the_form_offers_450_settings_in_the_hall_or_online(director_client):
    page = director_client.get(reverse("tournaments:create")).content.decode()
    assert 'name="game"' in page and 'name="table_size"' in page
    assert 'name="opt450_target"' in page and 'name="sheet_entry"' in page
    assert "chaque table joue à une table de 450 en direct" in page  # (French first)
    assert 'data-testid="options-450"' in page


def test_creating_a_450_tournament_from_the_form(director_client):
    response = director_client.post(
        reverse("tournaments:create"),
        {
            "name": "Soirée 450",
            "game": "450",
            "starts_at": "2026-12-03T19:00",
            "place": "hall",
            "variant": "quebec",
            "format": "pairs",
            "rounds_total": 4,
            "hands_per_game": 8,
            "table_size": "0",
            "sheet_entry": "points",
            "capacity": 40,
            "bye_score": "average",
            "bye_fixed_score": 0,
            "tie_rule": "games_won",
            "opt450_end": "rounds",
            "opt450_rounds": "6",
            "opt450_target": "350",
        },
    )
    assert response.status_code == 302
    from tournaments.models import Tournament

    t = Tournament.objects.get(name="Soirée 450")
    assert (t.game, t.format, t.table_size, t.sheet_entry) == ("450", "individual", 0, "points")
    assert t.variant_options["end"] == "rounds" and t.variant_options["rounds"] == 6


# --- the draw ------------------------------------------------------------------------


def test_fourteen_players_are_drawn_at_four_four_three_three_in_seats_p1_on(evening, director):
    rnd = services.round_draw(tournament=evening, by=director, seed=3)
    seats = list(Seat.objects.filter(round=rnd))
    sizes = sorted(sum(1 for s in seats if s.table == n) for n in {s.table for s in seats})
    assert sizes == [3, 3, 4, 4]
    assert not any(s.position == Position.BYE for s in seats)
    for n in {s.table for s in seats}:
        positions = sorted(s.position for s in seats if s.table == n)
        assert positions == [f"P{k}" for k in range(1, len(positions) + 1)]
    assert rnd.report["problems"] == [] and "table_repeats" in rnd.report


def test_the_next_games_avoid_players_meeting_again(evening, director):
    met = {}
    for number in (1, 2, 3):
        rnd = services.round_draw(tournament=evening, by=director, seed=11)
        services.round_publish(round=rnd, by=director, version=rnd.version)
        for n in set(Seat.objects.filter(round=rnd).values_list("table", flat=True)):
            ids = sorted(Seat.objects.filter(round=rnd, table=n).values_list("entry_id", flat=True))
            for i, a in enumerate(ids):
                for b in ids[i + 1 :]:
                    met[(a, b)] = met.get((a, b), 0) + 1
    # 18 pairs sit together each game, 54 in all among 91 pairs: nobody meets twice
    assert max(met.values()) == 1


def test_a_draft_with_a_table_of_two_cannot_be_published(evening, director):
    rnd = services.round_draw(tournament=evening, by=director, seed=3)
    small = next(n for n in (1, 2, 3, 4) if Seat.objects.filter(round=rnd, table=n).count() == 3)
    seat = Seat.objects.filter(round=rnd, table=small).order_by("position").last()
    rnd = services.round_move_bye(round=rnd, by=director, entry=seat.entry_id, version=rnd.version)
    assert len(rnd.report["problems"]) == 1  # "Table n has 2 players: ... 3 to 6."
    with pytest.raises(TournamentError) as err:
        services.round_publish(round=rnd, by=director, version=rnd.version)
    assert err.value.code == "incomplete"


def test_a_late_arrival_takes_the_next_free_seat_of_a_table(evening, director, add_present):
    rnd = services.round_draw(tournament=evening, by=director, seed=3)
    late = add_present(evening, 1)[0]
    small = next(n for n in (1, 2, 3, 4) if Seat.objects.filter(round=rnd, table=n).count() == 3)
    rnd = services.round_move_bye(
        round=rnd, by=director, entry=late.pk, table=small, position="P4", version=rnd.version
    )
    assert Seat.objects.get(round=rnd, entry=late).position == "P4"
    assert rnd.report["problems"] == []


# --- the secretary's sheet -------------------------------------------------------------


def test_a_round_entered_by_one_player_and_confirmed_by_another_counts(at_four):
    rnd, n, p, game = at_four
    line = enter_round(game, p["P1"], FOUR)
    assert line.points == FOUR_POINTS and line.master == "P1" and not line.confirmed
    game.refresh_from_db()
    assert game.status == GameStatus.PLAYING and game.hands_pending == 1
    with pytest.raises(TournamentError) as err:
        sheet450.line_confirm(line=line, user=p["P1"])
    assert err.value.code == "same_side"
    sheet450.line_confirm(line=line, user=p["P3"])
    game.refresh_from_db()
    assert game.status == GameStatus.COMPLETE and game.totals == FOUR_POINTS


def test_a_round_can_be_confirmed_with_another_players_code(evening, director):
    rnd = start_round(evening, director)
    n = four_table(rnd)
    p = table_users(rnd, n)
    people = ts.table_people(rnd, n)
    line = enter_round(ts.table_game(rnd, n), p["P2"], FOUR)
    own = ts.player_pin(evening.pk, people["P2"].entry_id, "p")
    with pytest.raises(TournamentError) as err:
        sheet450.line_confirm(line=line, user=p["P2"], pin=own)
    assert err.value.code == "same_side"
    other = ts.player_pin(evening.pk, people["P4"].entry_id, "p")
    line = sheet450.line_confirm(line=line, user=p["P2"], pin=other)
    assert line.confirmed and line.confirmed_by_name == people["P4"].name


@pytest.mark.parametrize(
    "change, code",
    [
        ({"pot_P4": "QH"}, "duplicate_card"),  # a card twice
        ({"c2_P1": ""}, "wrong_card_count"),  # a hand of the wrong size
        ({"pot_P2": ""}, "wrong_card_count"),  # a pot card missing
        ({"c1_P3": "", "c2_P3": "", "pot_P3": ""}, "missing_player"),  # a player missing
        ({"master": "P2"}, "wrong_master"),
    ],
)
def test_bad_input_is_refused_with_a_message_and_nothing_is_saved(change, code, at_four):
    rnd, n, p, game = at_four
    with pytest.raises(TournamentError) as err:
        enter_round(game, p["P1"], {**FOUR, **change})
    assert err.value.code == code and err.value.message
    assert not SheetLine.objects.filter(game=game).exists()


def test_bad_input_messages_name_players_and_cards(at_four):
    from django.utils import translation

    rnd, n, p, game = at_four
    names = {s: x.name for s, x in ts.table_people(rnd, n).items()}
    with translation.override("en"), pytest.raises(TournamentError) as err:
        enter_round(game, p["P1"], {**FOUR, "pot_P4": "QH"})
    assert err.value.message == (f"Q♥ is entered twice: {names['P1']} and {names['P4']}.")
    with translation.override("en"), pytest.raises(TournamentError) as err:
        enter_round(game, p["P1"], {**FOUR, "master": "P2"})
    assert err.value.message == f"{names['P1']} is the master: his base hand is the best."
    with translation.override("fr"), pytest.raises(TournamentError) as err:
        enter_round(game, p["P1"], {**FOUR, "c2_P3": ""})
    assert err.value.message == (
        f"{names['P3']} : 1 carte inscrite dans sa main; ses deux "
        "dernières cartes forment la main de base."
    )


def test_only_the_tables_players_enter_and_a_stale_phone_is_told(member, at_four):
    rnd, n, p, game = at_four
    with pytest.raises(TournamentError) as err:
        enter_round(game, member, FOUR)
    assert err.value.code == "not_at_table"
    sheet450.line_enter(game=game, user=p["P1"], seq=1, data=FOUR)
    with pytest.raises(ConflictError) as err:
        sheet450.line_enter(game=game, user=p["P2"], seq=1, data=FOUR)
    assert err.value.code == "already_entered"


def test_the_sheet_follows_dealers_lanceurs_and_the_double_faced_card(
    make_tournament, add_present, director
):
    t = make_450(make_tournament, add_present, 8, variant_options={"target": 350})
    rnd = start_round(t, director)
    p = table_users(rnd, 1)
    game = ts.table_game(rnd, 1)
    nxt = sheet450.next_line(t, 4, [])
    assert (nxt["dealer"], nxt["lanceur"], nxt["double_face"]) == ("P2", "P3", None)
    enter_round(game, p["P1"], FOUR, confirm_by=p["P2"])
    nxt = sheet450.next_line(t, 4, list(game.sheet_lines.all()))
    # P1 won the round (117): he leads the next, the player on his right deals
    assert (nxt["dealer"], nxt["lanceur"], nxt["double_face"]) == ("P4", "P1", "9D")
    # the card in force is used whatever the phone sends
    line = enter_round(game, p["P1"], {**FOUR, "double_face": "8S"})
    assert line.record["double_face"] == "9D" and line.dealer == "P4"
    nxt = sheet450.next_line(t, 4, list(game.sheet_lines.all()))
    assert nxt["double_face"] is None  # two rounds: a new card is drawn


def test_a_game_to_the_target_completes_when_a_player_reaches_it(
    make_tournament, add_present, director
):
    t = make_450(make_tournament, add_present, 8, variant_options={"target": 200})
    rnd = start_round(t, director)
    p = table_users(rnd, 1)
    game = ts.table_game(rnd, 1)
    enter_round(game, p["P1"], FOUR, confirm_by=p["P2"])
    enter_round(game, p["P1"], FOUR, confirm_by=p["P2"])
    game.refresh_from_db()
    assert game.totals["P1"] == 234 and game.status == GameStatus.COMPLETE
    with pytest.raises(TournamentError) as err:
        enter_round(game, p["P1"], FOUR)
    assert err.value.code == "game_over"


def test_points_entry_on_the_directors_choice(make_tournament, add_present, director):
    t = make_450(
        make_tournament,
        add_present,
        8,
        sheet_entry="points",
        variant_options={"end": "rounds", "rounds": 1},
    )
    rnd = start_round(t, director)
    p = table_users(rnd, 1)
    game = ts.table_game(rnd, 1)
    with pytest.raises(TournamentError) as err:
        enter_round(game, p["P1"], {"pts_P1": "52", "pts_P2": "14", "pts_P3": "0", "pts_P4": "30"})
    assert err.value.code == "impossible_points"
    line = enter_round(
        game,
        p["P1"],
        {
            "pts_P1": "52",
            "pts_P2": "19",
            "pts_P3": "0",
            "pts_P4": "30",
            "major_P3": "1",
            "master": "P1",
        },
        confirm_by=p["P4"],
    )
    assert line.points == {"P1": 52, "P2": 19, "P3": 50, "P4": 30}
    game.refresh_from_db()
    assert game.status == GameStatus.COMPLETE


def test_the_player_who_entered_takes_back_his_last_unconfirmed_round(at_four):
    rnd, n, p, game = at_four
    line = enter_round(game, p["P1"], FOUR)
    with pytest.raises(TournamentError):
        sheet450.line_withdraw(line=line, user=p["P2"])
    sheet450.line_withdraw(line=line, user=p["P1"])
    assert not game.sheet_lines.exists()


# --- the director ------------------------------------------------------------------------


def test_a_director_corrects_a_round_and_the_later_rounds_follow(
    make_tournament, add_present, director
):
    t = make_450(make_tournament, add_present, 8)
    rnd = start_round(t, director)
    p = table_users(rnd, 1)
    game = ts.table_game(rnd, 1)
    first = enter_round(game, p["P1"], FOUR, confirm_by=p["P2"])
    second = enter_round(game, p["P1"], FOUR, confirm_by=p["P2"])
    assert second.dealer == "P4"
    # P3 had the queens, not P1: P3 wins round 1, so P2 deals round 2
    swapped = {
        **FOUR,
        "c1_P1": "10D",
        "c2_P1": "JD",
        "c1_P3": "QH",
        "c2_P3": "QC",
        "pot_P1": "AS",
        "pot_P3": "QD",
    }
    with pytest.raises(TournamentError):
        ds.sheet_row_correct(row=first, by=director, reason="", data=swapped)
    ds.sheet_row_correct(row=first, by=director, reason="cards swapped", data=swapped)
    first.refresh_from_db()
    second.refresh_from_db()
    assert first.points["P3"] == 117 and first.corrected
    assert second.dealer == "P2" and second.record["dealer"] == "P2"
    game.refresh_from_db()
    assert game.totals == {s: first.points[s] + second.points[s] for s in first.points}


def test_an_adjusted_score_gives_each_player_a_total(evening, director):
    rnd = start_round(evening, director)
    game = ts.table_game(rnd, 1)
    seats = sorted(ts.table_people(rnd, 1))
    with pytest.raises(TournamentError):
        ds.game_adjust(game=game, by=director, reason="time", totals={s: "x" for s in seats})
    ds.game_adjust(
        game=game, by=director, reason="time", totals={s: 100 + k for k, s in enumerate(seats)}
    )
    game.refresh_from_db()
    assert game.status == GameStatus.ADJUSTED and game.totals["P1"] == 100


# --- standings, medals, exports ------------------------------------------------------


def play_every_table(rnd):
    for n in sorted(set(Seat.objects.filter(round=rnd).values_list("table", flat=True))):
        p = table_users(rnd, n)
        enter_round(ts.table_game(rnd, n), p["P1"], form_for(len(p)), confirm_by=p["P2"])


def test_standings_rank_players_by_their_game_totals_with_medals_when_finished(evening, director):
    rnd = start_round(evening, director)
    play_every_table(rnd)
    page = sr.standings_page(evening)
    assert page["games_counted"] == 4
    rows = page["rows"]
    assert [r["total"] for r in rows][:4] == [117, 117, 117, 117]  # every P1 at 4 or 3
    assert rows[0]["place"] == 1 and rows[0]["shared"] and rows[0]["wins"] == 1
    ds.round_close(round=rnd, by=director)
    evening.refresh_from_db()
    services.tournament_transition(tournament=evening, by=director, to="finished")
    evening.refresh_from_db()
    page = sr.standings_page(evening)
    assert [r["medal"] for r in page["rows"][:4]] == ["gold"] * 4
    assert not any(r["medal"] for r in page["rows"][4:] if r["place"] == 5)


def test_ties_broken_by_games_won(make_tournament, add_present, director):
    t = make_450(
        make_tournament,
        add_present,
        8,
        tie_rule="games_won",
        variant_options={"end": "rounds", "rounds": 1},
    )
    rnd = start_round(t, director)
    p1 = table_users(rnd, 1)
    enter_round(ts.table_game(rnd, 1), p1["P1"], FOUR, confirm_by=p1["P2"])
    # table 2: P2 ends on 117 too, and P1 on 117 as well: a tie, nobody wins the game
    both = {**FOUR, "c1_P2": "KH", "c2_P2": "KS", "pot_P2": "KD", "c1_P4": "9D", "c2_P4": "8S"}
    p2 = table_users(rnd, 2)
    line = enter_round(ts.table_game(rnd, 2), p2["P1"], both, confirm_by=p2["P2"])
    assert line.points["P2"] == 135 and line.points["P1"] == 117
    page = sr.standings_page(t)
    top = page["rows"][0]
    assert top["total"] == 135 and top["place"] == 1 and top["wins"] == 1


def test_exports_csv_and_records_that_check_rescores(evening, director, director_client):
    rnd = start_round(evening, director)
    play_every_table(rnd)
    csv_text = director_client.get(
        reverse("tournaments:results_csv", args=[evening.pk])
    ).content.decode("utf-8-sig")
    assert csv_text.count("\n") == 1 + 14
    response = director_client.get(reverse("tournaments:records", args=[evening.pk]))
    records = json.loads(response.content)
    assert len(records) == 4 and all(r["format"] == "club450-game/1" for r in records)
    proc = subprocess.run(
        [sys.executable, "-m", "games.engine", "check", "-"],
        input=response.content.decode(),
        capture_output=True,
        text=True,
        check=True,
    )
    answers = [json.loads(x) for x in proc.stdout.splitlines()]
    games = {g.table: g for g in rs.TableGame.objects.filter(round=rnd)}
    for rec, answer in zip(records, answers):
        assert answer["ok"] and answer["complete"]
        table = [
            g
            for g in games.values()
            if [x.record for x in g.sheet_lines.order_by("seq")] == rec["rounds"]
        ][0]
        assert answer["totals"] == table.totals
        assert answer["points"] == [x.points for x in table.sheet_lines.order_by("seq")]


def test_members_pages_and_the_projector_show_450_results(evening, director, client):
    rnd = start_round(evening, director)
    play_every_table(rnd)
    page = client.get(reverse("tournaments:projector_standings", args=[evening.pk]))
    assert page.status_code == 200 and "117" in page.content.decode()
    entry = Seat.objects.filter(round=rnd, position="P1").first().entry
    results = sr.member_results(entry.player)
    assert results[evening.pk]["total"] == 117


# --- pages -----------------------------------------------------------------------------


def test_the_pages_of_a_450_evening_render(evening, director, director_client):
    from django.test import Client

    rnd = start_round(evening, director)
    n = four_table(rnd)
    p = table_users(rnd, n)
    client = Client()
    client.force_login(p["P1"])
    url = reverse("tournaments:sheet", args=[evening.pk, rnd.number, n])
    page = client.get(url).content.decode()
    assert 'data-testid="entry-form"' in page and 'name="c1_P4"' in page
    assert 'data-testid="sheet-totals"' in page
    preview = client.post(
        reverse("tournaments:sheet_preview", args=[evening.pk, rnd.number, n]), FOUR
    ).content.decode()
    assert 'data-testid="preview-P1"' in preview and "<strong>117</strong>" in preview
    response = client.post(
        reverse("tournaments:sheet_enter", args=[evening.pk, rnd.number, n]),
        {**FOUR, "seq": 1, "pot_P4": "QH"},
        HTTP_HX_REQUEST="true",
    )
    body = response.content.decode()
    assert 'data-testid="sheet-error"' in body and 'value="QH" selected' in body  # kept
    detail = client.get(reverse("tournaments:detail", args=[evening.pk])).content.decode()
    assert 'data-testid="my-secretary"' in detail
    for name in ("round", "cards", "sheets"):
        body = director_client.get(
            reverse(f"tournaments:{name}", args=[evening.pk, rnd.number])
        ).content.decode()
        assert 'data-testid="table-' in body or 'data-testid="sheet"' in body, name
    console = director_client.get(reverse("tournaments:console", args=[evening.pk]))
    assert console.status_code == 200 and 'data-testid="console-rounds"' not in (
        console.content.decode()
    )
    for name in ("projector", "draws", "standings", "final"):
        assert client.get(reverse(f"tournaments:{name}", args=[evening.pk])).status_code == 200, (
            name
        )


def test_the_console_confirms_and_corrects_a_round(evening, director_client, at_four):
    rnd, n, p, game = at_four
    line = enter_round(game, p["P1"], FOUR)
    director_client.post(
        reverse("tournaments:confirm_director", args=[evening.pk]),
        {"round": rnd.number, "game": game.pk, "line": line.pk},
    )
    line.refresh_from_db()
    assert line.confirmed
    page = director_client.get(
        reverse("tournaments:console", args=[evening.pk]) + f"?round={rnd.number}&fix={line.pk}"
    ).content.decode()
    assert 'data-testid="correct-form"' in page and 'value="QH" selected' in page
    director_client.post(
        reverse("tournaments:correct", args=[evening.pk]),
        {
            **FOUR,
            "c1_P2": "9H",
            "round": rnd.number,
            "game": game.pk,
            "line": line.pk,
            "reason": "typo",
        },
    )
    line.refresh_from_db()
    assert line.corrected and line.points["P2"] == 20  # 9♥ V♥
    director_client.post(
        reverse("tournaments:adjust", args=[evening.pk]),
        {"round": rnd.number, "table": n, "reason": "late", **{f"total_{s}": 50 for s in p}},
    )
    game.refresh_from_db()
    assert game.status == GameStatus.ADJUSTED and game.totals["P2"] == 50


def test_every_entered_round_agrees_with_check_on_its_record(
    make_tournament, add_present, director
):
    """Cards and points entry, a corrected round: check re-scores each stored record to
    the points the sheet shows."""
    from games.engine.cli import check_any

    t = make_450(make_tournament, add_present, 8)
    rnd = start_round(t, director)
    p = table_users(rnd, 1)
    game = ts.table_game(rnd, 1)
    first = enter_round(game, p["P1"], FOUR, confirm_by=p["P2"])
    enter_round(game, p["P1"], {**FOUR, "major_P2": "7C"}, confirm_by=p["P3"])
    ds.sheet_row_correct(row=first, by=director, reason="typo", data={**FOUR, "c1_P2": "9H"})
    t2 = make_450(make_tournament, add_present, 4, sheet_entry="points", name="Points")
    rnd2 = start_round(t2, director)
    p2 = table_users(rnd2, 1)
    enter_round(
        ts.table_game(rnd2, 1),
        p2["P1"],
        {"pts_P1": "63", "pts_P2": "0", "pts_P3": "57", "pts_P4": "19", "major_P4": "1"},
        confirm_by=p2["P2"],
    )
    lines = list(SheetLine.objects.all())
    assert len(lines) == 3
    for line in lines:
        answer = check_any(line.record)
        assert answer["ok"] and answer["points"] == line.points, line.record
