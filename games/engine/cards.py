"""Cards as small ints, decks, codes, and per-strain rank tables.

A card is an ``int``: ``suit * 11 + (rank - 4)`` for the 44 suited cards
(suits ``S C D H`` = 0..3, ranks 4..14 with J=11, Q=12, K=13, A=14), then
``WJ`` = 44 (the high joker, *la Blanche*) and ``BJ`` = 45 (the low joker,
*le Bonhomme*).  Strings (record notation, ``"10H"``, ``"WJ"``) exist only at
the edge: :data:`CODE` and :func:`parse_card`.

Strains: ``S C D H NT`` = 0..4.  :func:`strain_tables` returns, for a strain and
the suits the jokers were named to (Australian pre-naming), two tuples indexed
by card: the *effective suit* (the left bower and the jokers belong to the trump
suit; an unnamed joker in no trump belongs to no suit, :data:`NO_SUIT`) and the
*power* (higher wins; trumps are >= 100; an unnamed joker in no trump is >= 200
and beats every card).
"""

from __future__ import annotations

from functools import lru_cache

from .errors import MalformedError

SUITS = "SCDH"
SUIT_NAMES = ("spades", "clubs", "diamonds", "hearts")
STRAINS = ("S", "C", "D", "H", "NT")
NT = 4
NO_SUIT = 4
RANK_CODES = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
WJ = 44
BJ = 45
JOKERS = (WJ, BJ)
N_CARDS = 46


def make_card(rank: int, suit: int) -> int:
    """The card int for ``rank`` (4..14) of ``suit`` (0..3)."""
    return suit * 11 + rank - 4


def card_suit(card: int) -> int:
    """The printed suit (0..3) of a suited card, :data:`NO_SUIT` for a joker."""
    return card // 11 if card < WJ else NO_SUIT


def card_rank(card: int) -> int:
    """The printed rank (4..14) of a suited card; WJ 16, BJ 15 (for draws)."""
    if card == WJ:
        return 16
    if card == BJ:
        return 15
    return card % 11 + 4


CODE: tuple[str, ...] = tuple(
    [RANK_CODES[c % 11] + SUITS[c // 11] for c in range(44)] + ["WJ", "BJ"]
)
CARD_OF: dict[str, int] = {code: i for i, code in enumerate(CODE)}


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


def _deck(deck_size: int) -> tuple[int, ...]:
    if deck_size == 43:
        cards = [c for c in range(44) if not (c // 11 in (0, 1) and c % 11 == 0)]
        return tuple(cards + [WJ])
    if deck_size == 45:
        return tuple(list(range(44)) + [WJ])
    if deck_size == 46:
        return tuple(range(46))
    raise MalformedError(f"no {deck_size}-card deck", code="bad_deck")


DECKS: dict[int, tuple[int, ...]] = {n: _deck(n) for n in (43, 45, 46)}


def sort_key(card: int) -> int:
    """Display order: spades, clubs, diamonds, hearts, each high to low, jokers last."""
    return 100 + card if card >= WJ else (card // 11) * 11 + (10 - card % 11)


SORT_KEY: tuple[int, ...] = tuple(sort_key(c) for c in range(N_CARDS))


def sort_cards(cards) -> list[int]:
    """Cards in display order (see :func:`sort_key`)."""
    return sorted(cards, key=SORT_KEY.__getitem__)


def codes(cards) -> list[str]:
    """Card codes for ints, in display order."""
    return [CODE[c] for c in sorted(cards, key=SORT_KEY.__getitem__)]


@lru_cache(maxsize=None)
def strain_tables(
    strain: int, named: tuple[int, int] = (-1, -1)
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``(effective_suit, power)`` tuples indexed by card for this strain.

    ``named`` gives the suit each joker (WJ, BJ) was named to before play, or -1.
    """
    eff = [0] * N_CARDS
    power = [0] * N_CARDS
    for c in range(44):
        eff[c] = c // 11
        power[c] = c % 11 + 4
    if strain < NT:
        t = strain
        for c in range(44):
            if c // 11 == t:
                power[c] = 100 + c % 11 + 4
        right = make_card(11, t)
        left = make_card(11, t ^ 1)
        power[right] = 118
        eff[left] = t
        power[left] = 117
        eff[WJ], power[WJ] = t, 120
        eff[BJ], power[BJ] = t, 119
    else:
        for joker, name, top in ((WJ, named[0], 16), (BJ, named[1], 15)):
            if name >= 0:
                eff[joker], power[joker] = name, top
            else:
                eff[joker], power[joker] = NO_SUIT, 200 + top - 15
    return tuple(eff), tuple(power)


def trick_winner_index(
    cards: list[int], led: int, eff: tuple[int, ...], power: tuple[int, ...]
) -> int:
    """Index in ``cards`` of the winning card, given the suit led."""
    best_i = 0
    best = -1
    for i, c in enumerate(cards):
        p = power[c]
        if p < 100 and eff[c] != led:
            continue
        if p > best:
            best, best_i = p, i
    return best_i


def draw_rank(card: int) -> int:
    """Rank of a card in the first-dealer draw: 4 lowest, A, then BJ, WJ highest."""
    return card_rank(card)
