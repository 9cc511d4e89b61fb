"""The live value of a 450 round being entered: the sheet's preview counts each
player's hand with the engine as the cards come in (the card picker's "Valeur de la
main"), and the page carries what the picker is built over."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.kinds.four_fifty.day import (
    FOUR,
    FOUR_POINTS,
    make_450,
    start_round,
    table_users,
)
from tournaments import selectors_tables as ts
from tournaments.models import Seat

VALUE = re.compile(r'<p class="s450-value" id="value450-(P\d)"[^>]*>(.*?)</p>', re.S)


@pytest.fixture
def table(make_tournament, add_present, director):
    """A running 450 evening (14 present, tables of 4); round 1 playing; the client of
    the secretary of a table of four and its urls."""

    def at(**fields):
        t = make_450(
            make_tournament,
            add_present,
            14,
            variant_options={"end": "rounds", "rounds": 1},
            **fields,
        )
        rnd = start_round(t, director)
        n = next(k for k in (1, 2, 3, 4) if Seat.objects.filter(round=rnd, table=k).count() == 4)
        client = Client()
        client.force_login(table_users(rnd, n)["P1"])
        args = [t.pk, rnd.number, n]
        return {
            "client": client,
            "game": ts.table_game(rnd, n),
            "page": reverse("tournaments:sheet", args=args),
            "preview": reverse("tournaments:sheet_preview", args=args),
            "enter": reverse("tournaments:sheet_enter", args=args),
        }

    return at


def values(body: str) -> dict[str, str]:
    """Seat -> the text of its live value (tags stripped) in a preview's answer."""
    return {s: re.sub(r"<[^>]+>", "", text).strip() for s, text in VALUE.findall(body)}


def test_each_players_value_shows_as_his_cards_come_in(table):
    t = table()
    partial = {k: v for k, v in FOUR.items() if k.endswith("P1") or k == "c1_P2"}
    body = t["client"].post(t["preview"], partial).content.decode()
    shown = values(body)
    assert set(shown) == {"P1", "P2", "P3", "P4"}  # every seat's element is swapped
    assert shown["P1"].startswith("Valeur de la main : 117")  # (French first)
    assert "brelan" in shown["P1"]
    assert shown["P2"] == shown["P3"] == shown["P4"] == ""  # not two cards yet
    assert 'data-testid="preview-error"' in body  # the round itself is not complete
    assert "data-counted" not in body


def test_with_every_card_in_the_values_are_the_rounds_points(table):
    t = table()
    body = t["client"].post(t["preview"], {**FOUR, "major_P2": "7C"}).content.decode()
    shown = values(body)
    for seat, points in {**FOUR_POINTS, "P2": FOUR_POINTS["P2"] + 50}.items():
        assert shown[seat].startswith(f"Valeur de la main : {points}"), shown
    assert "19 + 50" in shown["P2"]
    assert body.count("data-counted") == 4


def test_a_transformed_double_faced_card_shows_in_the_value(table):
    """9♦ in P4's base hand 9♦ 10♦ and the 3♠ nowhere: it becomes the 3 of spades, which
    only the whole round decides; the value is then the round's."""
    t = table()
    data = {**FOUR, "c1_P3": "7D", "c2_P4": "10D", "pot_P3": "AC"}
    body = t["client"].post(t["preview"], data).content.decode()
    assert 'data-testid="preview-error"' not in body
    shown = values(body)["P4"]
    assert shown.startswith("Valeur de la main : 27")  # 3♠ 10♦ A♦: 10♦ A♦ = 27, not 53
    t["client"].post(t["enter"], {**data, "seq": 1})
    line = t["game"].sheet_lines.get()
    assert line.points["P4"] == 27
    without_p1 = {k: v for k, v in data.items() if not k.endswith("P1")}
    body = t["client"].post(t["preview"], without_p1).content.decode()
    assert values(body)["P4"].startswith("Valeur de la main : 53")  # 9♦ 10♦ A♦ so far


def test_points_entry_has_no_live_value(table):
    t = table(sheet_entry="points")
    body = t["client"].post(t["preview"], {"pts_P1": "52"}).content.decode()
    assert "s450-value" not in body
    assert "s450-value" not in t["client"].get(t["page"]).content.decode()


def test_the_sheet_page_carries_the_picker_and_a_refused_entry_keeps_the_cards(table):
    t = table()
    page = t["client"].get(t["page"]).content.decode()
    assert "js/kinds/four_fifty/picker.js" in page and "kinds/four_fifty/picker.css" in page
    # the double-faced card (drawn before round 1), the last two cards and pot card of 4
    assert page.count("data-card-field") == 13
    assert 'data-major-length="5"' in page  # five cards at four players
    assert 'id="value450-P1"' in page
    assert 'hx-trigger="change' in page  # nothing to count yet: no preview on load
    refused = (
        t["client"]
        .post(t["enter"], {**FOUR, "seq": 1, "pot_P4": "QH"}, HTTP_HX_REQUEST="true")
        .content.decode()
    )
    assert 'data-testid="sheet-error"' in refused
    for name, code in FOUR.items():
        if name != "pot_P4" and name != "double_face":
            assert re.search(rf'name="{name}".*?value="{code}" selected', refused, re.S), name
    assert 'hx-trigger="load, change' in refused  # the values come back with the cards
