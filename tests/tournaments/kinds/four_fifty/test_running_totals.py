"""Running totals and the provisional ranking of a 450 evening: a table's sheet in
progress counts at the rounds entered so far, each player for himself; the official
standings keep counting finished games only."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.tournaments.kinds.four_fifty.day import (
    FOUR,
    FOUR_POINTS,
    enter_round,
    make_450,
    start_round,
    table_users,
)
from tournaments import selectors_results as sr
from tournaments import selectors_tables as ts

pytestmark = pytest.mark.django_db


def test_a_450_sheet_in_progress_counts_its_rounds_so_far_beside_the_official_standings(
    make_tournament, add_present, director, client
):
    t = make_450(make_tournament, add_present, 8)
    rnd = start_round(t, director)
    p = table_users(rnd, 1)
    enter_round(ts.table_game(rnd, 1), p["P1"], FOUR, confirm_by=p["P2"])
    enter_round(ts.table_game(rnd, 1), p["P1"], FOUR)  # entered, not yet confirmed
    t.refresh_from_db()

    page = sr.standings_page(t)

    assert page["games_counted"] == 0
    assert {r["total"] for r in page["rows"]} == {0}
    [table] = page["running"]
    assert (table["round"], table["table"], table["hands"]) == (1, 1, 2)
    assert [s["side"] for s in table["sides"]] == ["P1", "P2", "P3", "P4"]
    assert {s["side"]: s["total"] for s in table["sides"]} == {
        seat: 2 * points for seat, points in FOUR_POINTS.items()
    }
    people = ts.table_people(rnd, 1)
    provisional = {r["name"]: r for r in page["provisional"]}
    assert provisional[people["P1"].name]["total"] == 2 * FOUR_POINTS["P1"]
    assert page["provisional"][0]["name"] == people["P1"].name
    assert provisional[people["P1"].name]["in_progress"] == 1

    client.cookies["django_language"] = "fr"
    html = client.get(reverse("tournaments:projector_tables", args=[t.pk])).content.decode()
    assert f'data-testid="running-total">{2 * FOUR_POINTS["P1"]}<' in html
    standings = client.get(reverse("tournaments:standings", args=[t.pk])).content.decode()
    assert "Classement provisoire — parties en cours" in standings
