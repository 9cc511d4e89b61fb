"""The counts (décomptes): what a hand of two or three cards is worth.

Base hands (mains de base, two cards; the first count):

* ``paire``        two cards of one rank: twice the sum (D♥ D♣ = 2 x (13 + 13) = 52);
* ``petite_suite`` two cards of one suit that follow in the hierarchy
  (7 8 9 10 J Q K A 3): the lower plus twice the higher (10♦ V♦ = 32, As♦ 3♦ = 57);
* ``deux_cartes``  two other cards of one suit: the sum (8♥ V♥ = 19);
* ``rien``         anything else: 0.

Limited hands (mains de base limitées, three cards; the second count):

* ``brelan``       three of one rank: three times the sum (7♠ 7♣ 7♦ = 63);
* ``grosse_suite`` three of one suit that follow: the lowest plus twice the two
  others (10♦ V♦ D♦ = 58);
* ``trois_cartes`` three other cards of one suit: the two lower plus twice the
  highest (9♠ V♠ As♠ = 54).

A three-card hand is worth the best hand its cards make: the limited hand of
all three, or the base hand of two of them.  Advanced hands (mains avancées,
three cards with a 3) are unwritten in the article; until the club's sheet
comes they score the same way (docs/rules.md section 5, provisional ruling),
and :class:`Count` marks them ``advanced``.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from .cards import POWER, RANK, SUIT, THREE, VALUE, codes

BASE_KINDS = ("rien", "deux_cartes", "petite_suite", "paire")
LIMITED_KINDS = ("trois_cartes", "grosse_suite", "brelan")


def base_value(a: int, b: int) -> tuple[str, int]:
    """(kind, value) of the two-card hand ``a b``."""
    if RANK[a] == RANK[b]:
        return "paire", 2 * (VALUE[a] + VALUE[b])
    if SUIT[a] != SUIT[b]:
        return "rien", 0
    lo, hi = (a, b) if RANK[a] < RANK[b] else (b, a)
    if RANK[hi] - RANK[lo] == 1:
        return "petite_suite", VALUE[lo] + 2 * VALUE[hi]
    return "deux_cartes", VALUE[a] + VALUE[b]


def limited_value(a: int, b: int, c: int) -> tuple[str, int]:
    """(kind, value) of ``a b c`` as a limited hand; ("rien", 0) if it is none."""
    if RANK[a] == RANK[b] == RANK[c]:
        return "brelan", 3 * (VALUE[a] + VALUE[b] + VALUE[c])
    if not SUIT[a] == SUIT[b] == SUIT[c]:
        return "rien", 0
    lo, mid, hi = sorted((a, b, c), key=RANK.__getitem__)
    if RANK[mid] == RANK[lo] + 1 and RANK[hi] == RANK[mid] + 1:
        return "grosse_suite", VALUE[lo] + 2 * (VALUE[mid] + VALUE[hi])
    return "trois_cartes", VALUE[lo] + VALUE[mid] + 2 * VALUE[hi]


@dataclass(frozen=True)
class Count:
    """One player's hand in a count."""

    cards: tuple[int, ...]  # the whole hand (two or three cards)
    hand: str  # the kind of hand it makes (BASE_KINDS, LIMITED_KINDS)
    value: int
    combination: tuple[int, ...]  # the cards that make it (empty for rien)
    advanced: bool = False  # three cards with a 3 (provisional scoring)

    def to_dict(self) -> dict:
        out = {
            "cards": codes(self.cards),
            "hand": self.hand,
            "value": self.value,
            "combination": codes(self.combination),
        }
        if self.advanced:
            out["advanced"] = True
        return out


def count_hand(cards) -> Count:
    """The best hand ``cards`` (two or three) make, and its value."""
    cards = tuple(cards)
    if len(cards) == 2:
        kind, value = base_value(*cards)
        return Count(cards, kind, value, cards if value else ())
    if len(cards) != 3:
        raise ValueError(f"a count is of two or three cards, not {len(cards)}")
    kind, value = limited_value(*cards)
    best = (value, 1, kind, cards if value else ())
    for pair in combinations(cards, 2):
        k, v = base_value(*pair)
        if v > best[0]:
            best = (v, 0, k, pair)
    advanced = any(RANK[c] == THREE for c in cards)
    return Count(cards, best[2], best[0], best[3], advanced)


def high_cards(cards) -> tuple[int, ...]:
    """Card powers from the highest: compares equal hands (the high_card tie-break)."""
    return tuple(sorted((POWER[c] for c in cards), reverse=True))


def _value3(a: int, b: int, c: int) -> int:
    best = limited_value(a, b, c)[1]
    return max(best, base_value(a, b)[1], base_value(a, c)[1], base_value(b, c)[1])


_V3: list[int] | None = None


def value3_table() -> list[int]:
    """``table[a * 1296 + b * 36 + c]``: the count of three distinct cards (bots)."""
    global _V3
    if _V3 is None:
        table = [0] * (36 * 36 * 36)
        for a, b, c in combinations(range(36), 3):
            v = _value3(a, b, c)
            for x, y, z in (
                (a, b, c),
                (a, c, b),
                (b, a, c),
                (b, c, a),
                (c, a, b),
                (c, b, a),
            ):
                table[x * 1296 + y * 36 + z] = v
        _V3 = table
    return _V3
