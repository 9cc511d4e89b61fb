"""A table for screen readers and keyboards (issue 32, point 3), in Chromium, in French,
on a phone (390x844) and a laptop (1366x800).

A member plays a whole four-handed 500 hand against three bots, then a 450 round,
with the keyboard alone: Tab to the "Vue texte" toggle and Enter, Tab to the command
input ("Tapez votre jeu"), each move typed in words and Enter; Tab and Enter for a
button ("Manche suivante"). The test reads only the text view (whose turn, the cards
by suit, the moves it lists) and the live region's announcements, and asserts them: a
call, a card with who played it, a trick won, the contract, the result; an unknown
and an illegal move are answered in words and nothing is sent; a reconnection says
nothing twice. Every wait is on the page (expect, wait_for_function), never a clock.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.axe import check
from tests.browser.keyboard_helpers import (
    MOMENT,
    keyboard_round,
    open_with_the_keyboard,
    play_by_keyboard,
    said,
    tab_to,
    type_move,
)
from tests.browser.layout import LAYOUT_PROBLEMS
from tests.browser.table_helpers import (
    bots_450_table,
    in_thread,
    log_in,
    mark_due,
    members_table,
)

# Typed words and what commands.js makes of them against a list of legal actions, in
# French and English, with the words of 500 ("5"), of 450 ("4") or of no kind ("-",
# the cards' words alone); run in the page (the modules as the page loads them).
PARSES = r"""
async () => {
  const src = document.querySelector("script[type=module][src*='table']").src;
  const { resolve } = await import(src.replace("table.js", "commands.js"));
  const vocabularies = {
    "5": await import(src.replace("table.js", "kinds/five_hundred/commands.js")),
    "4": await import(src.replace("table.js", "kinds/four_fifty/commands.js")),
    "-": undefined,
  };
  const nameOf = (s) => ({ P2: "Robot 2", P3: "Robot 3" }[s] || s);
  const five = [
    ["8 pique", ["8S", "JH"]], ["valet de cœur", ["8S", "JH"]], ["valet de coeur", ["JH"]],
    ["as de trèfle", ["AC", "JH"]], ["V♥", ["JH"]], ["jack of hearts", ["JH"]],
    ["joker", ["WJ", "8S"]], ["joker", ["WJ:S", "WJ:H"]], ["joker pique", ["WJ:S", "WJ:H"]],
    ["la Blanche, demande cœur", ["WJ:S", "WJ:H"]], ["nommer joker coeur", ["WJ:S", "name:WJ:H"]],
    ["le Bonhomme", ["BJ", "WJ"]], ["passe", ["pass", "6S"]], ["pass", ["pass"]],
    ["7 pique", ["pass", "7S"]], ["8 sans atout", ["pass", "8NT"]], ["8 no trump", ["8NT"]],
    ["misère", ["MIS", "pass"]], ["misère ouverte", ["OMIS", "MIS"]], ["défi", ["breach", "pass"]],
    ["seul", ["alone"]], ["partenaire as de pique", ["partner:AS", "partner:KS"]],
  ];
  const four = [
    ["retourner", ["hide"]], ["éliminer roi de trèfle", ["aside:KC", "aside:9S"]],
    ["suite majeure", ["major:9H,10H,JH,QH,KH", "9H"]],
    ["donner le pot à Robot 3", ["pot:P2", "pot:P3"]],
  ];
  const fiveAgain = [["banane", ["pass"]], ["as de pique", ["pass", "6S"]], ["suivante", []]];
  const fourAgain = [["valet de cœur", ["JH", "8S"]], ["passe", ["JH"]]];
  const none = [["8 pique", ["8S", "JH"]], ["passe", ["pass"]], ["suivante", []]];
  const cases = [[five, "5"], [four, "4"], [fiveAgain, "5"], [fourAgain, "4"], [none, "-"]]
    .flatMap(([list, kind]) => list.map(([text, legal]) => [kind, text, legal]));
  return cases.map(([kind, text, legal]) =>
    resolve(text, { legal, nameOf, vocabulary: vocabularies[kind] }));
}
"""
PARSED = [
    {"action": "8S"}, {"action": "JH"}, {"action": "JH"},
    {"action": "AC"}, {"action": "JH"}, {"action": "JH"},
    {"action": "WJ"}, {"choices": ["WJ:S", "WJ:H"]}, {"action": "WJ:S"},
    {"action": "WJ:H"}, {"action": "name:WJ:H"},
    {"action": "BJ"}, {"action": "pass"}, {"action": "pass"},
    {"action": "7S"}, {"action": "8NT"}, {"action": "8NT"},
    {"action": "MIS"}, {"action": "OMIS"}, {"action": "breach"},
    {"action": "alone"}, {"action": "partner:AS"},
    {"action": "hide"}, {"action": "aside:KC"},
    {"action": "major:9H,10H,JH,QH,KH"}, {"action": "pot:P3"},
    {"unknown": True}, {"known": ["AS"]}, {"action": "next"},
    {"action": "JH"}, {"unknown": True},
    {"action": "8S"}, {"unknown": True}, {"action": "next"},
]  # fmt: skip


@pytest.mark.slow
def test_a_whole_500_hand_with_the_keyboard_and_the_text_view(device_page, make_member):
    page = device_page
    member = make_member(first_name="Aline", last_name="Clavier", preferred_language="fr")

    def table():
        return members_table(
            [member, None, None, None],
            seed=8,
            name="Au clavier",
            bot_delay_ms=30,
            review_seconds=600,
            options={"end": "hands", "hands_per_game": 1},
        )

    table = in_thread(table)
    mark_due(table.pk)
    log_in(page, member)
    open_with_the_keyboard(page, table.pk)
    me = "Aline Clavier"

    # The text view: whose turn, the cards by suit in words.
    page.wait_for_function(MOMENT)
    hand = page.get_by_test_id("tv-hand")
    expect(hand.locator("li").first).to_have_text(
        re.compile(r"^(Jokers|Pique|Cœur|Trèfle|Carreau) : .+")
    )
    expect(page.get_by_test_id("tv-turn")).to_have_text(re.compile(r"À vous|En attente de"))

    page.screenshot(path=f"/tmp/keyboard-500-{page.device}-start.png", full_page=True)

    # The typed words commands.js understands, and those it does not.
    assert page.evaluate(PARSES) == PARSED

    # The text view shown: no accessibility violation (names equal to what is seen).
    problems: list[str] = []
    check(page, f"{page.device} text view", problems)
    assert problems == [], "\n".join(problems)

    # Not understood, or not allowed now: answered in words, nothing sent.
    page.wait_for_function("() => document.querySelector('[data-testid=tv-moves] li')")
    seq = page.locator("#table-app").get_attribute("data-seq")
    type_move(page, "banane")
    expect(page.get_by_test_id("announcements")).to_contain_text("« banane » : je ne comprends pas")
    type_move(page, "as de pique")  # a card, in the auction
    expect(page.get_by_test_id("announcements")).to_contain_text("n’est pas permis maintenant")
    assert page.locator("#table-app").get_attribute("data-seq") == seq
    page.get_by_test_id("command").fill("")

    # A reconnection on the member's turn says nothing again.
    before = said(page)
    page.context.set_offline(True)
    expect(page.get_by_test_id("reconnecting")).to_be_visible()
    page.context.set_offline(False)
    expect(page.locator("#table-app")).to_have_attribute("data-connected", "1")
    expect(page.get_by_test_id("tv-moves").locator("li").first).to_be_visible()
    assert said(page) == before
    page.get_by_test_id("command").focus()  # where the reconnection left it

    heard: list[str] = []
    moves = play_by_keyboard(page, heard, until="over", bid=True)
    assert moves >= 10  # a call and ten cards at least
    heard += [line for line in said(page) if line not in heard]
    text = "\n".join(heard)
    assert re.search(r"passe\.|demande \d+ ", text), text  # a call
    assert "Contrat : " in text, text
    assert f"{me} joue " in text and re.search(r"Robot \w+ joue ", text), text  # cards, by whom
    assert "Levée 1 prise par " in text and "Levée 10 prise par " in text, text
    assert re.search(r"(réussit|chute à) .+ : ", text), text  # the hand's result
    assert "Partie terminée" in heard[-1], heard[-1]
    # One announcement per event: no line said twice in a row.
    assert not any(a == b for a, b in zip(heard, heard[1:])), heard

    problems = page.evaluate(LAYOUT_PROBLEMS, page.viewport_size["width"])
    page.screenshot(path=f"/tmp/keyboard-500-{page.device}.png", full_page=True)
    assert problems == [], problems


@pytest.mark.slow
def test_a_450_round_with_the_keyboard_and_the_text_view(device_page, make_member):
    page = device_page
    member = make_member(first_name="Rémi", last_name="Clavier", preferred_language="fr")

    heard, moves = keyboard_round(
        page, member, lambda: bots_450_table(member, seed=8, bot_delay_ms=30)
    )
    me = "Rémi Clavier"
    assert moves >= 6  # eight cards each, two kept: at least six discards
    text = "\n".join(heard)
    assert f"{me} jette " in text and re.search(r"Robot \d jette ", text), text
    assert re.search(r"La manche est terminée : .+ -?\d+", text), text
    assert not any(a == b for a, b in zip(heard, heard[1:])), heard
    page.screenshot(path=f"/tmp/keyboard-450-{page.device}.png", full_page=True)
    problems = page.evaluate(LAYOUT_PROBLEMS, page.viewport_size["width"])
    assert problems == [], problems

    # The next round, with Tab and Enter.
    tab_to(page, "[data-testid=next-deal]")
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("hand-review")).to_be_hidden()

    # The text view stays on: the page remembers it.
    page.reload()
    expect(page.get_by_test_id("textview-toggle")).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_test_id("tv-hand")).to_be_visible()
