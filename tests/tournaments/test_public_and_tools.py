"""Public pages and rules (issue 16 point 8), the director's tools (9) and the admin (10)."""

from __future__ import annotations

from datetime import datetime, timedelta
from datetime import timezone as dt_timezone

import pytest
from django.urls import reverse
from django.utils import translation

from club.models import ActivityLog, ClubSettings
from tests.tournaments.day import play_round, table_users
from tournaments import selectors, services
from tournaments.clock import Clock
from tournaments.errors import TournamentError
from tournaments.models import DirectorCall, Entry, EntryStatus, RoundPlay
from tournaments.services import calls, clock

pytestmark = pytest.mark.django_db


# ----------------------------------------------------------------- 8. public pages
def test_visitors_see_a_tournament_its_draws_and_results(finished, client):
    t, rnd, _hands = finished
    html = client.get(reverse("tournaments:detail", args=[t.pk])).content.decode()
    assert "Connectez-vous pour vous inscrire" not in html  # finished: nothing to register
    html = client.get(reverse("tournaments:draws", args=[t.pk])).content.decode()
    assert html.count('data-testid="draw-round"') == 1 and "Table 2" in html
    html = client.get(reverse("tournaments:final", args=[t.pk])).content.decode()
    assert 'data-testid="podium"' in html and "medal-gold" in html
    html = client.get(reverse("tournaments:standings", args=[t.pk])).content.decode()
    assert 'data-testid="standings-csv"' not in html  # exports stay for members


def test_a_visitor_is_invited_to_log_in_and_sees_no_member_names_looking(
    make_tournament, make_member, client
):
    t = make_tournament(format="pairs")
    services.looking_for_partner_set(
        tournament=t, member=make_member(first_name="Cachée"), looking=True, note="secret"
    )
    html = client.get(reverse("tournaments:detail", args=[t.pk])).content.decode()
    assert "Connectez-vous pour vous inscrire" in html
    assert "Cachée" not in html and "secret" not in html and "1 membre cherche" in html


def test_private_club_sends_visitors_to_log_in(finished, client):
    t, _rnd, _hands = finished
    ClubSettings.objects.update_or_create(pk=1, defaults={"public_pages": False})
    for name in ("detail", "draws", "standings", "final", "projector"):
        response = client.get(reverse(f"tournaments:{name}", args=[t.pk]))
        assert response.status_code == 302 and reverse("login") in response.url


def test_rules_pages_quebec_first_both_languages(client):
    html = client.get(reverse("rules")).content.decode()
    assert 'data-variant="quebec"' in html
    nav = html[html.index('data-testid="rules-variants"') :]
    assert nav.index("Québécoise") < nav.index("Australienne")
    assert "46 cartes." in html and "<td>520</td>" in html and "SA</th>" in html
    assert "Pas de misère." in html
    html = client.get(reverse("rules_variant", args=["australian"])).content.decode()
    assert "43 cartes." in html and "misère" in html.lower()
    client.post(reverse("set_language"), {"language": "en"})
    html = client.get(reverse("rules")).content.decode()
    assert "46 cards." in html and "NT</th>" in html
    assert client.get("/rules/poker/").status_code == 404


def test_rules_pages_show_every_engine_option_even_a_new_one(client, monkeypatch):
    """The rules page is written from the engine's data: an option added to the engine
    (issue 18 adds several) shows up with no edit to the page."""
    from games.engine import options as engine_options
    from games.engine import variants as engine_variants

    spec = engine_options.OptionSpec(
        "table_talk",
        bool,
        None,
        "Players may chat at the table.",
        {p: True for p in engine_options.PRESETS},
    )
    extended = engine_options.OPTIONS + (spec,)
    monkeypatch.setattr(engine_options, "OPTIONS", extended)
    monkeypatch.setattr(engine_variants, "OPTIONS", extended)
    monkeypatch.setitem(engine_options.OPTION_BY_NAME, "table_talk", spec)
    monkeypatch.setattr(engine_variants, "_CACHE", {})
    html = client.get(reverse("rules")).content.decode()
    options = html[html.index('data-testid="rules-options"') :]
    assert "Players may chat at the table." in options
    for existing in engine_options.OPTIONS:
        if existing.name != "table_talk":
            from games.option_labels import option_label

            assert str(option_label(existing.name)) in options


def test_home_page_cards_link_somewhere(client):
    html = client.get("/").content.decode()
    cards = html[html.index('data-testid="home-cards"') :]
    for target in (reverse("tournaments:calendar"), reverse("rules"), reverse("login")):
        assert f'href="{target}' in cards


# ----------------------------------------------------------------- 9. director's tools
def test_the_clock_counts_down_pauses_and_warns():
    start = datetime(2026, 11, 5, 19, 0, tzinfo=dt_timezone.utc)
    c = Clock().start(start, 60)
    assert c.remaining(start + timedelta(minutes=10)) == 50 * 60
    assert c.state(start + timedelta(minutes=10)) == "running"
    c = c.pause(start + timedelta(minutes=10))
    assert c.state(start + timedelta(minutes=40)) == "paused"
    assert c.remaining(start + timedelta(minutes=40)) == 50 * 60
    c = c.resume(start + timedelta(minutes=40))
    assert c.remaining(start + timedelta(minutes=85)) == 5 * 60
    assert c.state(start + timedelta(minutes=85)) == "warning"
    assert c.state(start + timedelta(minutes=91)) == "over"
    assert c.remaining(start + timedelta(minutes=91)) == -60


def test_round_clock_starts_with_play_and_the_projector_shows_it(
    make_tournament, add_present, director, director_client, client
):
    t = make_tournament(status="running", rounds_total=1, hands_per_game=1)
    add_present(t, 4)
    services.tournament_touch(tournament=t)
    clock.round_minutes_set(tournament=t, by=director, minutes=45)
    rnd = play_round(t, director)
    play = RoundPlay.objects.get(round=rnd)
    assert play.clock_minutes == 45 and play.clock_started_at is not None
    html = client.get(reverse("tournaments:projector_tables", args=[t.pk])).content.decode()
    assert 'data-testid="round-clock"' in html and "Temps restant" in html
    html = director_client.get(reverse("tournaments:sheet", args=[t.pk, 1, 1])).content.decode()
    assert 'data-testid="clock-line"' in html  # the players see it on their sheet too
    clock.round_clock(round=rnd, by=director, action="pause")
    html = client.get(reverse("tournaments:projector_tables", args=[t.pk])).content.decode()
    assert "Chrono en pause" in html
    with pytest.raises(TournamentError):
        clock.round_minutes_set(tournament=t, by=director, minutes=2)
    assert ActivityLog.objects.filter(kind="results.clock").count() == 2


def test_a_player_calls_the_director_and_the_console_shows_it(
    make_tournament, add_present, director, director_client, make_member
):
    t = make_tournament(status="running", rounds_total=1, hands_per_game=1)
    add_present(t, 8)
    rnd = play_round(t, director)
    north = table_users(rnd, 2)["N"]
    with pytest.raises(TournamentError):
        calls.director_call(round=rnd, table=2, user=make_member())
    call = calls.director_call(round=rnd, table=2, user=north)
    assert calls.director_call(round=rnd, table=2, user=north).pk == call.pk  # once
    html = director_client.get(reverse("tournaments:console", args=[t.pk])).content.decode()
    assert 'data-testid="director-call"' in html and "La table 2 appelle la direction" in html
    director_client.post(reverse("tournaments:answer_call", args=[t.pk, call.pk]), {"round": 1})
    assert not DirectorCall.objects.filter(answered_at__isnull=True).exists()
    html = director_client.get(reverse("tournaments:console", args=[t.pk])).content.decode()
    assert 'data-testid="director-call"' not in html


def test_the_sheet_has_a_call_button_that_works_without_javascript(
    make_tournament, add_present, director, client
):
    t = make_tournament(status="running", rounds_total=1, hands_per_game=1)
    add_present(t, 4)
    rnd = play_round(t, director)
    client.force_login(table_users(rnd, 1)["S"])
    sheet = reverse("tournaments:sheet", args=[t.pk, 1, 1])
    assert 'data-testid="call-director-button"' in client.get(sheet).content.decode()
    response = client.post(reverse("tournaments:call_director", args=[t.pk, 1, 1]), follow=True)
    assert 'data-testid="call-sent"' in response.content.decode()


def test_table_cards_print_each_players_signoff_code(
    make_tournament, add_present, director, director_client
):
    from tournaments.selectors_tables import player_pin

    t = make_tournament(status="running", rounds_total=1)
    entries = add_present(t, 4)
    play_round(t, director)
    html = director_client.get(reverse("tournaments:cards", args=[t.pk, 1])).content.decode()
    assert html.count('data-testid="pin"') == 4
    for entry in entries:
        assert player_pin(t.pk, entry.pk, "p") in html
    assert "onclick" not in html and "<style" not in html  # CSP: no inline code


def test_mark_all_present_leaves_the_waiting_list_alone(
    make_tournament, make_member, director, director_client
):
    t = make_tournament()
    for i in range(3):
        Entry.objects.create(tournament=t, player=make_member(), status=EntryStatus.CONFIRMED)
    waiting = Entry.objects.create(tournament=t, player=make_member(), status=EntryStatus.WAITING)
    director_client.post(reverse("tournaments:checkin_all", args=[t.pk]))
    assert Entry.objects.filter(tournament=t, checked_in=True).count() == 3
    waiting.refresh_from_db()
    assert not waiting.checked_in
    log = ActivityLog.objects.get(kind="tournament.checkin_all")
    with translation.override("fr"):
        assert "a marqué 3 joueurs présents" in log.text
    assert services.checkin_all(tournament=t, by=director) == 0


# ----------------------------------------------------------------- 10. the admin
ADMIN_MODELS = [
    "tournaments/tournament",
    "tournaments/entry",
    "tournaments/round",
    "tournaments/seat",
    "tournaments/tablegame",
    "tournaments/handscore",
    "tournaments/roundplay",
    "tournaments/directorcall",
    "tournaments/season",
    "tournaments/seatingconstraint",
    "tournaments/lookingforpartner",
    "tournaments/resultssettings",
    "games/table",
    "games/gamehand",
    "club/activitylog",
    "club/user",
    "auth/group",
]


@pytest.fixture
def admin_client(client, make_member):
    from club.models import User

    admin = User.objects.create_superuser(
        email="root@example.com", password="x-Passw0rd!", first_name="Ad", last_name="Min"
    )
    client.force_login(admin)
    return client


def test_every_admin_list_opens_with_filters_and_search(finished, admin_client):
    for model in ADMIN_MODELS:
        response = admin_client.get(f"/admin/{model}/", {"q": "Tournoi"})
        assert response.status_code == 200, model


def test_results_and_game_logs_are_read_only_in_the_admin(finished, admin_client):
    from tournaments.models import HandScore

    t, _rnd, hands = finished
    for model in (
        "tournaments/handscore",
        "tournaments/tablegame",
        "games/gamehand",
        "club/activitylog",
    ):
        assert admin_client.get(f"/admin/{model}/add/").status_code == 403
    response = admin_client.post(
        f"/admin/tournaments/handscore/{hands[0].pk}/change/", {"ns_score": 9999}
    )
    assert response.status_code == 403
    assert HandScore.objects.get(pk=hands[0].pk).ns_score != 9999


def test_admin_shows_log_kinds_and_the_directors_group_translated(finished, admin_client):
    html = admin_client.get("/admin/club/activitylog/").content.decode()
    assert "Ronde fermée" in html and "Tournoi créé" in html  # kinds, in French
    assert "results.round_closed" not in html.split("<tbody>")[0]  # the filter
    html = admin_client.get("/admin/auth/group/").content.decode()
    assert "Directeurs" in html
    html = admin_client.get("/admin/club/user/").content.decode()
    assert "Directeurs" in html


def test_selectors_round_clock_is_none_before_play(make_tournament):
    assert selectors.round_clock(None) is None
