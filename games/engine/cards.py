"""Cards as small ints, decks, codes, and per-strain rank tables.

A card is an ``int``: ``suit * 16 + 15 - rank index`` for the suited cards
(suits ``S C D H`` = 0..3; rank indexes 0..15 for ``2 3 4 5 6 7 8 9 10 11 12
13 J Q K A``, the order of a plain suit, low to high: the six-handed deck's 11,
12 and 13 rank between the 10 and the jack), then ``WJ`` = 64 (the high joker,
*la Blanche*) and ``BJ`` = 65 (the low joker, *le Bonhomme*).  Ints sort in
display order (spades, clubs, diamonds, hearts, each high to low, jokers
last).  Strings (record notation, ``"10H"``, ``"11S"``, ``"WJ"``) exist only at
the edge: :data:`CODE` and :func:`parse_card`.

Decks (:data:`DECKS`, by size): 33 (7 to A, one joker: three-handed), 43, 45,
46 (4 to A, the four-handed decks), 53 (2 to A, one joker: five-handed), 63 (2
to A, the 11s and 12s, the red 13s, one joker: six-handed) and 64 (the 63 and
``BJ``).  A deck lists its cards suit by suit, low to high, jokers last: the
seeded shuffle permutes positions, so a deck's order is part of every deal.

Strains: ``S C D H NT`` = 0..4.  :func:`strain_tables` returns, for a strain and
the suits the jokers were named to (Australian pre-naming), two tuples indexed
by card: the *effective suit* (the left bower and the jokers belong to the trump
suit; an unnamed joker in no trump belongs to no suit, :data:`NO_SUIT`) and the
*power* (higher wins; a plain card's power is :data:`PLAIN_POWER`, 2 to 17 with
the ace 17; trumps are >= 100; an unnamed joker in no trump is >= 200 and beats
every card).
"""

from __future__ import annotations

from functools import lru_cache

from .errors import MalformedError

SUITS = "SCDH"
SUIT_NAMES = ("spades", "clubs", "diamonds", "hearts")
STRAINS = ("S", "C", "D", "H", "NT")
NT = 4
NO_SUIT = 4
RANK_CODES = (
    "2",
    "3",
    "4",
    "5",
    "6",
    "7",
    "8",
    "9",
    "10",
    "11",
    "12",
    "13",
    "J",
    "Q",
    "K",
    "A",
)
RANKS_PER_SUIT = 16
JACK = RANK_CODES.index("J")
WJ = 64
BJ = 65
JOKERS = (WJ, BJ)
N_CARDS = 66
#: Power of a plain (non-trump) card: 2..13 their number, J 14, Q 15, K 16, A 17.
ACE = 17
KING = 16


def make_card(rank: str, suit: int) -> int:
    """The card int for rank code ``rank`` ("10", "J", "11" ...) of ``suit`` (0..3)."""
    return suit * RANKS_PER_SUIT + 15 - RANK_CODES.index(rank)


def card_rank(card: int) -> int:
    """A card's rank index (2 is 0 ... A is 15); BJ 16, WJ 17 (for draws)."""
    if card == WJ:
        return 17
    if card == BJ:
        return 16
    return 15 - (card & 15)


CODE: tuple[str, ...] = tuple(
    [RANK_CODES[15 - (c & 15)] + SUITS[c >> 4] for c in range(WJ)] + ["WJ", "BJ"]
)
CARD_OF: dict[str, int] = {code: i for i, code in enumerate(CODE)}
PLAIN_POWER: tuple[int, ...] = tuple([17 - (c & 15) for c in range(WJ)] + [0, 0])
SUIT_OF: tuple[int, ...] = tuple([c >> 4 for c in range(WJ)] + [NO_SUIT, NO_SUIT])


def parse_card(code: object, field: str | None = None) -> int:
    """Parse a card code (``"10H"``, ``"WJ"``); raise MalformedError otherwise."""
    card = CARD_OF.get(code) if isinstance(code, str) else None
    if card is None:
        raise MalformedError(
            f"unknown card {code!r} (cards are rank then suit, e.g. 10H, JS, WJ)",
            code="unknown_card",
            params={"card": code},
            field=field,
        )
    return card


def _suited(ranks: str, suits: str = SUITS) -> list[int]:
    wanted = ranks.split()
    return [
        make_card(r, s) for s in range(4) if SUITS[s] in suits for r in RANK_CODES if r in wanted
    ]


_FULL = "2 3 4 5 6 7 8 9 10 J Q K A"


def _deck(size: int) -> tuple[int, ...]:
    if size == 33:
        cards = _suited("7 8 9 10 J Q K A")
    elif size in (43, 45, 46):
        cards = [
            c
            for c in _suited("4 5 6 7 8 9 10 J Q K A")
            if size != 43 or CODE[c] not in ("4S", "4C")
        ]
    elif size == 53:
        cards = _suited(_FULL)
    elif size in (63, 64):
        cards = [c for c in _suited(_FULL + " 11 12 13") if CODE[c] not in ("13S", "13C")]
    else:
        raise MalformedError(f"no {size}-card deck", code="bad_deck")
    return tuple(cards + [WJ] + ([BJ] if size in (46, 64) else []))


DECKS: dict[int, tuple[int, ...]] = {n: _deck(n) for n in (33, 43, 45, 46, 53, 63, 64)}


def suit_ranks(deck: tuple[int, ...], suit: int) -> list[str]:
    """Rank codes of ``suit`` in ``deck``, low to high (for a rules page)."""
    return [RANK_CODES[card_rank(c)] for c in deck if c < WJ and c >> 4 == suit]


def sort_key(card: int) -> int:
    """Display order: spades, clubs, diamonds, hearts, each high to low, jokers
    last (the card ints' own order)."""
    return card


SORT_KEY: tuple[int, ...] = tuple(sort_key(c) for c in range(N_CARDS))


def codes(cards) -> list[str]:
    """Card codes for ints, in display order."""
    return [CODE[c] for c in sorted(cards)]


@lru_cache(maxsize=None)
def strain_tables(
    strain: int, named: tuple[int, int] = (-1, -1)
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``(effective_suit, power)`` tuples indexed by card for this strain.

    ``named`` gives the suit each joker (WJ, BJ) was named to before play, or -1.
    """
    eff = list(SUIT_OF)
    power = list(PLAIN_POWER)
    if strain < NT:
        t = strain
        for c in range(WJ):
            if c >> 4 == t:
                power[c] += 100
        right = t * 16 + 15 - JACK
        left = (t ^ 1) * 16 + 15 - JACK
        power[right] = 121
        eff[left] = t
        power[left] = 120
        eff[WJ], power[WJ] = t, 123
        eff[BJ], power[BJ] = t, 122
    else:
        for joker, name, top in ((WJ, named[0], ACE + 2), (BJ, named[1], ACE + 1)):
            if name >= 0:
                eff[joker], power[joker] = name, top
            else:
                eff[joker], power[joker] = NO_SUIT, 200 + top - ACE - 1
    return tuple(eff), tuple(power)


@lru_cache(maxsize=None)
def trick_strengths(strain: int, named: tuple[int, int] = (-1, -1)) -> tuple[list[int], ...]:
    """Per suit led (0..4), a list indexed by card of its strength in the trick:
    its power when it can win (it follows the suit led, or it is a trump or an
    unnamed no-trump joker: power >= 100), else -1.  Shared lists: do not mutate."""
    eff, power = strain_tables(strain, named)
    return tuple(
        [p if p >= 100 or e == led else -1 for e, p in zip(eff, power)] for led in range(5)
    )


def draw_rank(card: int) -> int:
    """Rank of a card in the first-dealer draw: by rank, then BJ, WJ highest."""
    return card_rank(card)
