"""Running totals and the provisional ranking (500): during a round, each table's game
in progress at the hands entered so far, and a ranking that counts them beside the
official standings, which keep counting finished games only."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.tournaments.day import play_round, play_table, table_users
from tournaments import selectors_results as sr
from tournaments import selectors_tables as ts
from tournaments.models import HandScore
from tournaments.services import results as rs

pytestmark = pytest.mark.django_db


def _sums(rnd, table):
    hands = HandScore.objects.filter(game__round=rnd, game__table=table)
    return {
        "NS": sum(h.ns_score for h in hands),
        "EW": sum(h.ew_score for h in hands),
        "hands": hands.count(),
    }


@pytest.fixture
def round_one(make_tournament, add_present, director):
    """A running tournament of 8 players (two tables) and its round 1, play started."""

    def start(*, rounds_total=1, hands_per_game=8):
        t = make_tournament(
            status="running", rounds_total=rounds_total, hands_per_game=hands_per_game
        )
        add_present(t, 8)
        return t, play_round(t, director)

    return start


def _side_totals(entry):
    return {s["side"]: s["total"] for s in entry["sides"]}


def test_a_round_in_progress_shows_each_tables_totals_so_far_and_official_stays_at_zero(round_one):
    t, rnd = round_one(rounds_total=2, hands_per_game=8)
    play_table(rnd, 1, 4)
    play_table(rnd, 2, 1, contract="7S", tricks=7)
    t.refresh_from_db()

    page = sr.standings_page(t)

    # The official standings count finished games only: nothing yet.
    assert page["games_counted"] == 0
    assert {r["total"] for r in page["rows"]} == {0}
    # Each table's game in progress, at the hands entered so far, sides in seat order.
    running = {e["table"]: e for e in page["running"]}
    assert set(running) == {1, 2}
    for table in (1, 2):
        sums = _sums(rnd, table)
        assert [s["side"] for s in running[table]["sides"]] == ["NS", "EW"]
        assert _side_totals(running[table]) == {"NS": sums["NS"], "EW": sums["EW"]}
        assert running[table]["hands"] == sums["hands"]
        assert running[table]["round"] == 1
    # The provisional ranking credits each player with their side's total so far.
    provisional = {r["name"]: r for r in page["provisional"]}
    people = ts.table_people(rnd, 1)
    north = people["N"].name
    assert provisional[north]["total"] == _sums(rnd, 1)["NS"]
    assert provisional[north]["in_progress"] == 1
    assert all(not r["medal"] for r in page["provisional"])
    assert page["provisional"][0]["total"] == max(r["total"] for r in page["provisional"])


def test_a_pending_hand_counts_in_the_running_total(round_one):
    """A hall sheet's entered hands count as soon as entered, before the other side
    confirms them (the table's running total is what its sheet shows)."""
    t, rnd = round_one(rounds_total=1, hands_per_game=8)
    play_table(rnd, 1, 2)
    p = table_users(rnd, 1)
    game = ts.table_game(rnd, 1)
    rs.hand_enter(game=game, user=p["N"], seq=3, declarer="N", contract="8S", tricks=9)
    t.refresh_from_db()

    running = sr.standings_page(t)["running"]

    assert [e["table"] for e in running] == [1]
    assert running[0]["hands"] == 3
    assert _side_totals(running[0]) == {k: v for k, v in _sums(rnd, 1).items() if k != "hands"}


def test_a_finished_game_leaves_the_running_list_and_enters_the_official_standings(round_one):
    t, rnd = round_one(rounds_total=1, hands_per_game=2)
    play_table(rnd, 1, 2)  # complete
    play_table(rnd, 2, 1)  # in progress
    t.refresh_from_db()

    page = sr.standings_page(t)

    assert page["games_counted"] == 1
    assert [e["table"] for e in page["running"]] == [2]
    official = {r["name"]: r["total"] for r in page["rows"]}
    provisional = {r["name"]: r["total"] for r in page["provisional"]}
    people2 = ts.table_people(rnd, 2)
    people1 = ts.table_people(rnd, 1)
    assert official[people2["N"].name] == 0
    assert provisional[people2["N"].name] == _sums(rnd, 2)["NS"]
    assert official[people1["N"].name] == provisional[people1["N"].name] == _sums(rnd, 1)["NS"]


def test_no_game_in_progress_means_no_provisional_ranking(round_one):
    t, _rnd = round_one(hands_per_game=2)  # play started, no hand entered
    t.refresh_from_db()

    page = sr.standings_page(t)

    assert page["running"] == []
    assert page["provisional"] is None


def test_the_standings_page_and_the_projector_show_the_running_totals_in_french(round_one, client):
    t, rnd = round_one(rounds_total=2, hands_per_game=8)
    play_table(rnd, 1, 4)
    ns = _sums(rnd, 1)["NS"]
    client.cookies["django_language"] = "fr"

    standings = client.get(reverse("tournaments:standings", args=[t.pk])).content.decode()
    projector = client.get(reverse("tournaments:projector_standings", args=[t.pk])).content.decode()
    tables = client.get(reverse("tournaments:projector_tables", args=[t.pk])).content.decode()

    for html in (standings, projector):
        assert "Classement provisoire — parties en cours" in html
        assert 'data-testid="provisional-row"' in html
    assert 'data-testid="running-table"' in standings
    assert f'data-testid="running-total">{ns}<' in tables
    assert "En cours" in tables
