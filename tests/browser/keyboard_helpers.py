"""The keyboard-only player of the table's text view (issue 32, point 3), shared by the
keyboard tests: Tab to a control (its focus visible), type a move in the command input
and press Enter, read the live region's announcements, play each of the member's turns
by typing one of the moves the text view lists."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.table_helpers import in_thread, log_in, mark_due

# The member's move, the hand's review or the game's end, as the text view shows them.
MOMENT = (
    "() => document.querySelector('[data-testid=tv-moves] li') || "
    "document.querySelector('#game-over:not([hidden])') || "
    "document.querySelector('[data-testid=next-deal]:not([disabled])')"
)


def tab_to(page, selector: str, *, limit: int = 80, key: str = "Tab") -> None:
    """Press Tab (or ``key``) until the element ``selector`` has the focus (it is
    reachable in the page's Tab order), and check that the focus is visible on it."""
    for _ in range(limit):
        page.keyboard.press(key)
        if page.evaluate("(s) => document.activeElement.matches(s)", selector):
            focus = page.evaluate(
                "() => { const e = document.activeElement, r = e.getBoundingClientRect(),"
                " s = getComputedStyle(e); return { w: r.width, h: r.height,"
                " outline: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0 }; }"
            )
            assert focus["w"] > 0 and focus["h"] > 0 and focus["outline"], (selector, focus)
            return
    raise AssertionError(f"{selector} not reached with Tab in {limit} presses")


def said(page) -> list[str]:
    return page.get_by_test_id("announcements").locator("p").all_inner_texts()


def type_move(page, text: str) -> None:
    """Type ``text`` in the command input (which has the focus) and press Enter."""
    command = page.get_by_test_id("command")
    assert page.evaluate("() => document.activeElement.id") == "command"
    command.press_sequentially(text)
    page.keyboard.press("Enter")


def spoken_form(move: str) -> str:
    """A listed move as a player would type it, not letter for letter: "coeur" for
    "cœur", "8 pique" for "8 de pique"."""
    return re.sub(r"^(\d+) de ", r"\1 ", move.replace("œ", "oe"))


def open_with_the_keyboard(page, table_id: int) -> None:
    page.goto(f"/tables/{table_id}/")
    expect(page.locator("#table-app")).to_have_attribute("data-connected", "1")
    # The text view off: the command form is reached with Tab and shows while focused.
    tab_to(page, "#command")
    form = page.get_by_test_id("command-form").bounding_box()
    assert form["width"] > 200 and form["height"] > 30, form
    page.screenshot(path=f"/tmp/keyboard-command-{page.device}.png")
    tab_to(page, "#textview-toggle", key="Shift+Tab")
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("textview-toggle")).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_test_id("text-view")).to_contain_text("La table en mots")
    tab_to(page, "#command")


def play_by_keyboard(page, heard: list[str], *, until: str, bid: bool = False, choose=None) -> int:
    """Play each of the member's turns by typing the first move the text view lists
    ("passe" in an auction, but the lowest bid the first time if ``bid``), or what
    ``choose(listed)`` says when it says something (the moves listed, in words), until
    the review (``until="review"``) or the game's end shows; ``heard`` gathers every
    announcement on the way. Returns the moves typed."""
    moves = 0
    for _ in range(300):
        page.wait_for_function(MOMENT)
        heard += [line for line in said(page) if line not in heard]
        over = page.locator("#game-over:not([hidden])").count() > 0
        review = page.get_by_test_id("next-deal").is_visible()
        if over or (review and until == "review"):
            return moves
        if review:
            tab_to(page, "[data-testid=next-deal]")
            page.keyboard.press("Enter")
            expect(page.get_by_test_id("hand-review")).to_be_hidden()
            tab_to(page, "#command")
            continue
        expect(page.get_by_test_id("tv-turn")).to_contain_text("À vous")
        listed = page.get_by_test_id("tv-moves").locator("li").all_inner_texts()
        calls = [m for m in listed if m != "passe"] if "passe" in listed else []
        move = choose(listed) if choose else None
        if move:
            pass
        elif calls and bid:
            move, bid = calls[0], False
        else:
            move = "passe" if "passe" in listed else spoken_form(listed[0])
        seq = page.locator("#table-app").get_attribute("data-seq")
        type_move(page, move)
        expect(page.get_by_test_id("command")).to_have_value("")  # understood and sent
        page.wait_for_function(
            f"() => document.querySelector('#table-app').dataset.seq !== '{seq}'"
        )
        moves += 1
    raise AssertionError("no end after 300 turns")


def keyboard_round(page, member, make_table) -> tuple[list[str], int]:
    """``make_table()`` (run in a thread: a started table, ``member`` seated) opened by
    ``member`` with the keyboard, whose turns are played until the deal's review shows:
    (every announcement heard, the moves typed)."""
    table = in_thread(make_table)
    mark_due(table.pk)
    log_in(page, member)
    open_with_the_keyboard(page, table.pk)
    heard: list[str] = []
    moves = play_by_keyboard(page, heard, until="review")
    heard += [line for line in said(page) if line not in heard]
    return heard, moves
