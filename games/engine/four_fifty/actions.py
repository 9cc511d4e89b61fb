"""Actions of a round as small ints, and their record notation.

=================  ==========================  ===================================
int                notation                    who, when
=================  ==========================  ===================================
0..35 (a card)     ``"9C"``                    the player to act discards it
:data:`HIDE`       ``"hide"``                  the dealer hides the face-up cards
``ASIDE0 + card``  ``"aside:KC"``              five players: the lanceur eliminates
``POT0 + seat``    ``"pot:P3"``                the master: P3 gets the first pot card
``MAJOR0 + card``  ``"major:9H,10H,JH,QH,KH"`` a major sequence from that card
=================  ==========================  ===================================
"""

from __future__ import annotations

from typing import Any

from ..errors import MalformedError
from .cards import CARD_OF, CODE, RANK
from .options import Rules

HIDE = 36
ASIDE0 = 40
POT0 = 80
MAJOR0 = 100


def run(rules: Rules, start: int) -> tuple[int, ...]:
    """The major sequence (suite majeure) from ``start`` up, or () if it cannot be."""
    m = rules.major_length
    if RANK[start] + m > 9:
        return ()
    return tuple(range(start, start + m))


def is_action(rules: Rules, action: Any) -> bool:
    """``action`` is an action int of some phase (legal or not)."""
    if not isinstance(action, int) or isinstance(action, bool) or action < 0:
        return False
    if action <= HIDE or ASIDE0 <= action < ASIDE0 + 36:
        return True
    if POT0 <= action < POT0 + rules.players:
        return True
    return MAJOR0 <= action < MAJOR0 + 36 and bool(run(rules, action - MAJOR0))


def action_str(rules: Rules, action: int) -> str:
    """Record notation of an action int."""
    if action < HIDE:
        return CODE[action]
    if action == HIDE:
        return "hide"
    if action < POT0:
        return "aside:" + CODE[action - ASIDE0]
    if action < MAJOR0:
        return "pot:" + rules.seats[action - POT0]
    return "major:" + ",".join(CODE[c] for c in run(rules, action - MAJOR0))


def parse_action(rules: Rules, action: Any) -> int:
    """The int of an action in record notation; MalformedError if it is none."""
    if isinstance(action, str):
        if action in CARD_OF:
            return CARD_OF[action]
        if action == "hide":
            return HIDE
        head, _, rest = action.partition(":")
        if head == "aside" and rest in CARD_OF:
            return ASIDE0 + CARD_OF[rest]
        if head == "pot" and rest in rules.seat_index:
            return POT0 + rules.seat_index[rest]
        if head == "major":
            cards = [CARD_OF.get(c) for c in rest.split(",")]
            if None not in cards:
                start = min(cards, key=RANK.__getitem__)
                if sorted(cards) == list(run(rules, start)):
                    return MAJOR0 + start
                raise MalformedError(
                    f"{action!r} is not a major sequence (suite majeure): it shows"
                    f" {rules.major_length} cards of one suit that follow",
                    code="not_a_major_sequence",
                    params={"action": action, "length": rules.major_length},
                )
    raise MalformedError(
        f"unknown action {action!r} (a card like 9C, major:..., hide, aside:<card>, pot:<seat>)",
        code="unknown_action",
        params={"action": action},
    )
