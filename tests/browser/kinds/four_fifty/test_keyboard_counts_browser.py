"""A 450 round by keyboard alone at 3, 5 and 6 players (issue 32, point 3), in Chromium,
in French, on a phone (390x844): the member types each move the text view lists (a
discard, the face-up cards hidden, a card eliminated, a major sequence, the pot's first
card given, whichever the round asks), reading only the text view and the live region;
the round's end is announced with each player's points by name, and the text view's
score names every player."""

from __future__ import annotations

import re

import pytest

from tests.browser.keyboard_helpers import keyboard_round
from tests.browser.layout import LAYOUT_PROBLEMS
from tests.browser.table_helpers import bots_450_table


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 5, 6])
def test_a_450_round_by_keyboard_at_other_player_counts(phone_page, make_member, players):
    page = phone_page
    page.device = "phone"
    member = make_member(first_name="Rémi", last_name="Clavier", preferred_language="fr")
    heard, moves = keyboard_round(
        page,
        member,
        lambda: bots_450_table(member, seed=8, players=players, bot_delay_ms=30),
    )
    me = "Rémi Clavier"
    text = "\n".join(heard)

    assert moves >= 2, moves
    assert f"{me} jette " in text and re.search(r"Robot \d jette ", text), text
    end = next(line for line in heard if line.startswith("La manche est terminée : "))
    assert me in end and len(re.findall(r"-?\d+", end)) >= players, end
    score = page.get_by_test_id("tv-score").inner_text()
    assert me in score and score.count("Robot") == players - 1, score
    assert not any(a == b for a, b in zip(heard, heard[1:])), heard

    page.screenshot(path=f"/tmp/keyboard-450-{players}.png", full_page=True)
    assert page.evaluate(LAYOUT_PROBLEMS, page.viewport_size["width"]) == []
