"""The card picker of a 450 round's entry in Chromium, in French, on a phone (390x844)
and a laptop (1366x800): the secretary enters a whole round by taps only (the
double-faced card, each player's last two cards and pot card, a major sequence), the
cards held elsewhere are disabled, each hand's value shows as it is entered and is the
one the sheet saves; a refused entry comes back with its cards. Measured at each step:
nothing wider than the screen, the grid covers no label and its targets are 44 px or
more; photographed (SCREENSHOTS_DIR)."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from tests.browser.kinds.four_fifty.test_evening_browser import (
    CARDS,  # each seat's last two cards and its pot card
    SHOTS,
    a_450_evening,
    fits,
    shot,
)
from tests.browser.table_helpers import log_in
from tests.browser.test_tournament_browser import in_thread
from tests.browser.test_tournament_day_browser import (  # noqa: F401  (open_context: a fixture)
    PHONE,
    open_context,
)

LAPTOP = {"width": 1366, "height": 800}
NAMES = ["Gaétan", "Sylvie", "Réjean", "Lise"]
#: Each seat's points: P1's three queens 117; P2 8♥ V♥ 19 and a major sequence, +50.
POINTS = {"P1": 117, "P2": 69, "P3": 32, "P4": 26}
#: The open grid's geometry: labels of its field it covers, its field on screen, its
#: smallest target, its right edge and the page's width.
PICKER_JS = """() => {
  const picker = document.querySelector("[data-testid=picker]");
  const field = document.querySelector(".s450-pick[aria-expanded=true]");
  const box = (e) => e.getBoundingClientRect();
  const shown = (e) => { const r = box(e); return r.width > 0 && r.height > 0; };
  const overlap = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  const scope = field.closest("fieldset, .s450-df, .s450-aside");
  const labels = [...scope.querySelectorAll("legend, .s450-label, label")].filter(shown);
  const p = box(picker), f = box(field);
  const targets = [...picker.querySelectorAll("button")].map(box);
  return {
    covers: labels.filter((l) => overlap(box(l), p)).map((l) => l.textContent.trim()),
    coversField: overlap(f, p),
    fieldOnScreen: f.top >= 0 && f.bottom <= innerHeight,
    pickerOnScreen: p.top >= 0 && p.bottom <= innerHeight,
    smallest: Math.min(...targets.map((t) => Math.min(t.width, t.height))),
    right: p.right,
    width: document.documentElement.clientWidth,
  };
}"""


def picker_ok(page) -> dict:
    """The open grid: nothing wider than the screen, no label of its field covered, its
    field and itself on the screen together, every target 44 px or more."""
    fits(page)
    m = page.evaluate(PICKER_JS)
    assert not m["covers"] and not m["coversField"], m
    assert m["fieldOnScreen"] and m["pickerOnScreen"], m
    assert m["smallest"] >= 44 and m["right"] <= m["width"], m
    return m


def a_450_table(make_member, names=NAMES):
    """A 450 evening of four players (or of ``names``), round 1 playing: one table,
    games of two rounds; (the tournament, the table's secretary)."""
    from tournaments import services

    size = len(names)
    director, t = a_450_evening(make_member, names, games=1, rounds=2, table_size=size)
    rnd = services.round_draw(tournament=t, by=director, seed=3)
    rnd = services.round_publish(round=rnd, by=director, version=rnd.version)
    rnd = services.round_start_play(round=rnd, by=director, version=rnd.version)
    return t, rnd.seats.get(table=1, position="P1").entry.player


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_a_whole_450_round_entered_with_the_card_picker_by_taps_only(
    open_context,  # noqa: F811 (the imported fixture, by name)
    make_member,
    viewport,
):
    t, secretary = in_thread(lambda: a_450_table(make_member))
    size = "phone" if viewport is PHONE else "laptop"
    page = open_context(viewport)
    log_in(page, secretary)
    page.goto(f"/tournaments/{t.pk}/rounds/1/tables/1/")
    expect(page.get_by_test_id("pick-double_face")).to_be_visible()
    fits(page)
    taps = 0

    def tap(locator) -> None:
        nonlocal taps
        taps += 1
        if viewport is PHONE:
            locator.tap()
        else:
            locator.click()

    picker = page.get_by_test_id("picker")

    def card(code: str):
        return picker.locator(f'[data-code="{code}"]')

    # The double-faced card, then the grid moves on to each field by itself.
    tap(page.get_by_test_id("pick-double_face"))
    expect(picker).to_be_visible()
    picker_ok(page)
    shot(page, f"450-picker-double-face-{size}")
    tap(card("9D"))
    expect(page.get_by_test_id("pick-double_face")).to_have_text("9♦")
    for seat, codes in CARDS.items():
        for field, code in zip(("c1", "c2", "pot"), codes):
            expect(page.get_by_test_id(f"pick-{field}_{seat}")).to_have_attribute(
                "aria-expanded", "true"
            )
            picker_ok(page)
            if (seat, field) == ("P1", "c2"):  # the queen of hearts is P1's first card
                expect(card("QH")).to_be_disabled()
                expect(card("9D")).to_be_enabled()  # the double-faced card may be any
                shot(page, f"450-picker-card-{size}")
            tap(card(code))
        # his hand's value as soon as his cards are in, counted by the engine
        expect(page.get_by_test_id(f"value-{seat}")).to_contain_text("Valeur de la main :")
    expect(picker).to_have_count(0)  # the last card closes the grid
    expect(page.get_by_test_id("value-P1")).to_contain_text("117")
    expect(page.get_by_test_id("pick-c1_P1")).to_have_text("D♥")  # (French: dame)

    # P2's major sequence: five clubs from the 7 (his own K♣ may be in it; a run
    # through P1's Q♣ may not).
    tap(page.get_by_test_id("pick-major_P2"))
    picker_ok(page)
    expect(card("8C")).to_be_disabled()
    expect(card("7C")).to_be_enabled()
    shot(page, f"450-picker-major-{size}")
    tap(card("7C"))
    expect(picker).to_have_count(0)
    expect(page.get_by_test_id("pick-major_P2")).to_have_text("7♣→V♣")
    for seat, points in POINTS.items():
        expect(page.get_by_test_id(f"value-{seat}")).to_have_attribute("data-counted", "")
        expect(page.get_by_test_id(f"value-{seat}")).to_contain_text(str(points))
    shown = {s: page.get_by_test_id(f"value-{s}").get_attribute("data-points") for s in POINTS}
    fits(page)
    shot(page, f"450-picker-filled-{size}")

    # A refused entry (a master the cards do not make) comes back with every card.
    page.get_by_test_id("master").select_option("P2")
    page.get_by_test_id("enter").click()
    expect(page.get_by_test_id("sheet-error")).to_contain_text("maître")
    for seat, codes in CARDS.items():
        expect(page.locator(f'select[name="pot_{seat}"]')).to_have_value(codes[2])
    expect(page.get_by_test_id("pick-c1_P1")).to_have_text("D♥")
    expect(page.get_by_test_id("pick-major_P2")).to_have_text("7♣→V♣")
    expect(page.get_by_test_id("value-P2")).to_contain_text("69")  # counted again on load
    page.get_by_test_id("master").select_option("")
    page.get_by_test_id("enter").click()
    expect(page.get_by_test_id("pending")).to_have_count(1)

    # What the form showed is what the sheet saved.
    expect(page.get_by_test_id("points-P1").first).to_contain_text("117")

    def saved():
        from tournaments.models import SheetLine

        return SheetLine.objects.get(game__round__tournament=t).points

    assert in_thread(saved) == POINTS
    assert {s: int(v) for s, v in shown.items()} == POINTS
    fits(page)
    shot(page, f"450-picker-saved-{size}")

    # The taps: 1 to open the first grid, 1 a card (13 cards), 2 for the major: 16.
    # The same entry with the drop-downs: 14 selects, each opened then chosen in a list
    # of 37 (36 cards and "—"; 21 for the major): 28 taps at the least, and scrolling.
    selects = page.evaluate(
        "() => document.querySelectorAll('form.s450-entry select[data-card-field]').length"
    )
    figures = {"viewport": size, "taps": taps, "dropdown_taps_at_least": 2 * (13 + 1)}
    (SHOTS / f"450-picker-taps-{size}.json").write_text(json.dumps(figures))
    assert taps == 16, figures
    assert selects == 12  # the next round's form: its double-faced card is in force


def test_the_picker_clears_and_closes_and_the_grid_follows_the_select(
    open_context,  # noqa: F811 (the imported fixture, by name)
    make_member,
):
    """ "Aucune carte" empties a field, "Fermer" and Escape put the grid away, and a
    select changed by other means shows in its button."""
    t, secretary = in_thread(lambda: a_450_table(make_member))
    page = open_context(PHONE)
    log_in(page, secretary)
    page.goto(f"/tournaments/{t.pk}/rounds/1/tables/1/")
    picker = page.get_by_test_id("picker")
    page.get_by_test_id("pick-c1_P3").tap()
    picker.locator('[data-code="3S"]').tap()
    expect(page.get_by_test_id("pick-c1_P3")).to_have_text("3♠")
    expect(page.get_by_test_id("pick-c2_P3")).to_have_attribute("aria-expanded", "true")
    page.get_by_test_id("picker-close").tap()
    expect(picker).to_have_count(0)
    page.get_by_test_id("pick-c1_P3").tap()
    expect(picker.locator('[data-code="3S"]')).to_have_attribute("aria-pressed", "true")
    page.get_by_test_id("picker-clear").tap()
    expect(page.get_by_test_id("pick-c1_P3")).to_have_text("—")
    expect(page.locator('select[name="c1_P3"]')).to_have_value("")
    page.keyboard.press("Escape")
    expect(picker).to_have_count(0)
    page.locator('select[name="pot_P1"]').select_option("JS")
    expect(page.get_by_test_id("pick-pot_P1")).to_have_text("V♠")
    fits(page)


def test_without_javascript_the_selects_are_the_entry(
    chromium, live_server_asgi, transactional_db, make_member
):
    """Progressive enhancement: no script, the form's own selects enter the round, and
    a refused entry comes back with them."""
    t, secretary = in_thread(lambda: a_450_table(make_member))
    context = chromium.new_context(
        base_url=live_server_asgi.url,
        locale="fr-CA",
        viewport=PHONE,
        java_script_enabled=False,
    )
    try:
        page = context.new_page()
        log_in(page, secretary)
        page.goto(f"/tournaments/{t.pk}/rounds/1/tables/1/")
        expect(page.get_by_test_id("pick-c1_P1")).to_have_count(0)
        page.get_by_test_id("double_face").select_option("9D")
        for seat, codes in CARDS.items():
            for field, code in zip(("c1", "c2", "pot"), codes):
                page.get_by_test_id(f"{field}_{seat}").select_option(code)
        page.get_by_test_id("master").select_option("P2")  # refused: P1 is the master
        page.get_by_test_id("enter").click()
        expect(page.get_by_test_id("sheet-error")).to_contain_text("maître")
        for seat, codes in CARDS.items():  # nothing is lost
            expect(page.get_by_test_id(f"c1_{seat}")).to_have_value(codes[0])
            expect(page.get_by_test_id(f"pot_{seat}")).to_have_value(codes[2])
        page.get_by_test_id("master").select_option("")
        page.get_by_test_id("enter").click()
        expect(page.get_by_test_id("pending")).to_have_count(1)
        fits(page)
    finally:
        context.close()


def test_at_five_players_the_picker_ends_on_the_card_set_aside(
    open_context,  # noqa: F811 (the imported fixture, by name)
    make_member,
):
    """Five players: after the last pot card the grid moves to the card set aside, where
    every card entered for a player is disabled; 18 taps enter the round's 17 cards."""
    five = {**CARDS, "P5": ("8S", "9S", "10S")}
    t, secretary = in_thread(lambda: a_450_table(make_member, [*NAMES, "Normand"]))
    page = open_context(PHONE)
    log_in(page, secretary)
    page.goto(f"/tournaments/{t.pk}/rounds/1/tables/1/")
    picker = page.get_by_test_id("picker")
    taps = 2  # open the first grid, the double-faced card
    page.get_by_test_id("pick-double_face").tap()
    picker.locator('[data-code="9D"]').tap()
    for codes in five.values():
        for code in codes:
            taps += 1
            picker.locator(f'[data-code="{code}"]').tap()
    expect(page.get_by_test_id("pick-aside")).to_have_attribute("aria-expanded", "true")
    picker_ok(page)
    for codes in five.values():
        for code in codes:
            expect(picker.locator(f'[data-code="{code}"]')).to_be_disabled()
    shot(page, "450-picker-aside-phone")
    taps += 1
    picker.locator('[data-code="7H"]').tap()
    expect(picker).to_have_count(0)
    expect(page.get_by_test_id("value-P5")).to_have_attribute("data-counted", "")
    expect(page.get_by_test_id("value-P5")).to_contain_text("46")  # 8♠ 9♠ 10♠: 8 + 2 × 19
    page.get_by_test_id("enter").click()
    expect(page.get_by_test_id("pending")).to_have_count(1)
    fits(page)
    assert taps == 18


def test_the_director_corrects_a_round_on_the_console_with_the_picker(
    open_context,  # noqa: F811 (the imported fixture, by name)
    make_member,
):
    """The console's correction form is the same entry: its cards show in the picker's
    buttons, a tap changes one, the round is corrected (laptop, 1366x800)."""

    def setup():
        from tournaments import services
        from tournaments.kinds.four_fifty import sheet as sheet450
        from tournaments.models import TableGame

        director, t = a_450_evening(make_member, NAMES, games=1, rounds=2)
        rnd = services.round_draw(tournament=t, by=director, seed=3)
        rnd = services.round_publish(round=rnd, by=director, version=rnd.version)
        rnd = services.round_start_play(round=rnd, by=director, version=rnd.version)
        seats = {s.position: s.entry.player for s in rnd.seats.filter(table=1)}
        game = TableGame.objects.get_or_create(round=rnd, table=1)[0]
        data = {"double_face": "9D"}
        for seat, (c1, c2, pot) in CARDS.items():
            data.update({f"c1_{seat}": c1, f"c2_{seat}": c2, f"pot_{seat}": pot})
        line = sheet450.line_enter(game=game, user=seats["P1"], seq=1, data=data)
        sheet450.line_confirm(line=line, user=seats["P3"])
        return director, t, line

    director, t, line = in_thread(setup)
    page = open_context(LAPTOP)
    log_in(page, director)
    page.goto(f"/tournaments/{t.pk}/console/?round=1&fix={line.pk}#table-1")
    form = page.get_by_test_id("correct-form")
    expect(form.get_by_test_id("pick-c1_P1")).to_have_text("D♥")
    expect(form.get_by_test_id("pick-double_face")).to_have_text("9♦")
    form.get_by_test_id("pick-pot_P1").click()
    picker_ok(page)
    expect(form.get_by_test_id("picker").locator('[data-code="QD"]')).to_have_attribute(
        "aria-pressed", "true"
    )
    shot(page, "450-picker-console-laptop")
    form.get_by_test_id("picker").locator('[data-code="7H"]').click()  # a pair of queens
    expect(form.get_by_test_id("pick-pot_P1")).to_have_text("7♥")
    form.locator("input[name=reason]").fill("7♥, pas D♦")
    form.get_by_test_id("correct-submit").click()
    expect(page.locator(".message.success")).to_contain_text("corrigée")

    def points():
        line.refresh_from_db()
        return line.points["P1"]

    assert in_thread(points) == 52  # Q♥ Q♣: 2 × 26, the 7♥ adds nothing
    fits(page)
