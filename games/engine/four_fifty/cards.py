"""The 450 pack: 36 cards as small ints, codes, values, and order.

A card is ``suit * 9 + r`` with suits ``S C D H`` = 0..3 (as in the 500 engine)
and ``r`` = 0..8 for 7 8 9 10 J Q K A 3: the order of the hierarchy, used for
sequences ("the 3 follows the ace").  Codes are rank then suit, as in 500
records: ``"7S"`` ... ``"10H"``, ``"JD"``, ``"AC"``, ``"3S"``.

* :data:`VALUE`: points of a card in a count (7-10 face value, J 11, Q 13,
  K 15, A 17, the red and club 3s 20, the 3 of spades 30);
* :data:`POWER`: strength (0 for a 7 ... 8 for a 3, 9 for the 3 of spades,
  which beats every card): the best spade, tie-breaks on high cards;
* :func:`pretty`: a card as players write it in messages (``9♣``, ``10♥``).
"""

from __future__ import annotations

from ..cards import SUIT_NAMES, SUITS
from ..errors import MalformedError

RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A", "3")
SPADES = 0
N_CARDS = 36
PACK: tuple[int, ...] = tuple(range(N_CARDS))
THREE = 8  # r of a 3
THREE_OF_SPADES = SPADES * 9 + THREE
JACK_OF_SPADES = SPADES * 9 + 4
SYMBOLS = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}

SUIT: tuple[int, ...] = tuple(c // 9 for c in PACK)
RANK: tuple[int, ...] = tuple(c % 9 for c in PACK)
CODE: tuple[str, ...] = tuple(RANKS[c % 9] + SUITS[c // 9] for c in PACK)
CARD_OF: dict[str, int] = {code: c for c, code in enumerate(CODE)}
VALUE: tuple[int, ...] = tuple(
    (7, 8, 9, 10, 11, 13, 15, 17, 20)[c % 9] + (10 if c == THREE_OF_SPADES else 0) for c in PACK
)
POWER: tuple[int, ...] = tuple(c % 9 + (1 if c == THREE_OF_SPADES else 0) for c in PACK)
IS_SPADE: tuple[bool, ...] = tuple(c // 9 == SPADES for c in PACK)


def card(rank: str, suit: str) -> int:
    """The card int for a rank code (``"7"`` .. ``"3"``) and suit letter."""
    return SUITS.index(suit) * 9 + RANKS.index(rank)


def pretty(c: int) -> str:
    """``9♣``: a card as written in messages."""
    code = CODE[c]
    return code[:-1] + SYMBOLS[code[-1]]


def suit_name(suit: int) -> str:
    """``"clubs"`` for suit 1."""
    return SUIT_NAMES[suit]


def parse_card(code: object, field: str | None = None) -> int:
    """A card code (``"10H"``, ``"3S"``) as an int; MalformedError otherwise."""
    c = CARD_OF.get(code) if isinstance(code, str) else None
    if c is None:
        raise MalformedError(
            f"unknown card {code!r} (450 cards are 7 8 9 10 J Q K A 3 then S C D H,"
            " e.g. 9C, 10H, 3S)",
            code="unknown_card",
            params={"card": code},
            field=field,
        )
    return c


def sort_key(c: int) -> int:
    """Display order: spades, clubs, diamonds, hearts, each from the 3 down."""
    return (c // 9) * 10 + 9 - POWER[c]


def codes(cards) -> list[str]:
    """Codes of ``cards`` in display order."""
    return [CODE[c] for c in sorted(cards, key=sort_key)]
