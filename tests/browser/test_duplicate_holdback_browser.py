"""The results hold-back of a duplicate round, in Chromium, in French, on a phone
(390x844): a player of table 2 reads the standings and the projector while table 1 has
played board 3 (10 no trump made, 520) and table 2 has not; table 1's points, running
total and score sheet leave board 3 out until table 2 has entered it too. Nothing is
wider than the screen."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.layout import MAIN_WIDER_THAN_THE_SCREEN
from tests.browser.table_helpers import in_thread, log_in

BOARDS = 4

#: 1000 as a number of its own, not inside a generated name ("Joueur1000") or a longer one.
ALONE_1000 = re.compile(r"(?<!\w)(?<!\d[.,])1000(?!\w)(?![.,]\d)")


def fits(page):
    width = page.viewport_size["width"]
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    assert page.evaluate(MAIN_WIDER_THAN_THE_SCREEN) == []


def _board3_played_at_table_1(make_member):
    """A running duplicate tournament of 4 boards a round in the hall: table 1 has
    entered boards 1 to 3 (board 3: 520 for North-South), table 2 boards 1 and 2.
    (tournament, round, a player of table 2, the name of a player of table 1)."""
    from tests.tournaments.day import duplicate_tuesday, play_table, table_users

    director = make_member(first_name="Josée", last_name="Gagnon", director=True)
    t, rnd, _live = duplicate_tuesday(director, make_member, BOARDS, online=False)
    play_table(rnd, 1, 2)
    play_table(rnd, 1, 1, contract="10NT", tricks=10)
    play_table(rnd, 2, 2)
    return t, rnd, table_users(rnd, 2)["N"], table_users(rnd, 1)["N"].public_name


def _table_1_points(page, name):
    row = page.get_by_test_id("standing-row").filter(has_text=name)
    return row.get_by_test_id("standing-total")


def _table_1_running(page):
    card = page.get_by_test_id("projector-table").filter(has_text="Table 1")
    return card.get_by_test_id("running-total").first


def test_a_player_of_table_2_sees_board_3_once_their_table_has_played_it(phone_page, make_member):
    from tests.tournaments.day import play_table

    page = phone_page
    t, rnd, player, name = in_thread(lambda: _board3_played_at_table_1(make_member))
    log_in(page, player)
    page.goto(f"/tournaments/{t.pk}/standings/")
    expect(page.locator("main")).to_contain_text("pourcentage des points de match")
    expect(_table_1_points(page, name)).to_have_text("480")  # boards 1 and 2
    expect(page.locator("main")).not_to_contain_text(ALONE_1000)
    fits(page)
    page.screenshot(path="/tmp/duplicate-holdback-standings-phone.png", full_page=True)
    page.goto(f"/tournaments/{t.pk}/projector/?dwell=600")
    expect(_table_1_running(page)).to_have_text("480")
    expect(page.locator("body")).not_to_contain_text(ALONE_1000)
    page.screenshot(path="/tmp/duplicate-holdback-projector-phone.png", full_page=True)
    page.goto(f"/tournaments/{t.pk}/rounds/1/tables/1/")
    expect(page.get_by_test_id("hand-row")).to_have_count(2)
    expect(page.get_by_test_id("sheet-held")).to_contain_text(
        "1 donne jouée ici sera affichée quand toutes les tables l’auront jouée."
    )
    expect(page.get_by_test_id("total-ns")).to_have_text("480")
    fits(page)
    page.screenshot(path="/tmp/duplicate-holdback-sheet-phone.png", full_page=True)
    # Table 2 enters board 3: table 1's 520 shows on both pages.
    in_thread(lambda: play_table(rnd, 2, 1))
    page.reload()
    expect(page.get_by_test_id("hand-row")).to_have_count(3)
    expect(page.get_by_test_id("total-ns")).to_have_text("1000")
    page.goto(f"/tournaments/{t.pk}/projector/?dwell=600")
    expect(_table_1_running(page)).to_have_text("1000")
    page.goto(f"/tournaments/{t.pk}/standings/")
    expect(_table_1_points(page, name)).to_have_text("1000")
    fits(page)
