"""The deal (la distribution), from a seeded shuffle.

From the dealer's left, clockwise, two cards at a time (one card a player in the
round before the last when the hand size is odd: 3 and 6 players).  The pot
receives its cards one at a time, face down, at a regular interval: one after
every ``packets / pot`` packets (after every 6th packet at 3 players, 4th at 4,
3rd at 5 and 6).  The last round is dealt face up: each player's last packet
(only its first card with ``visible_cards = 1``) and the pot's last card.

Five players: 36 cards are one too many.  ``set_aside``: the last card of the
pack is set aside face up before the deal (solution 1).  Otherwise (solution 2)
the pot gets only four cards in the deal and the two cards left are shown; the
lanceur eliminates one (set aside face up), the other goes face up on the pot.

The pot is a stack: its cards are listed top first, and the top card (the one
dealt face up) is the first given at the end of the round.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..shuffle import seeded_shuffle
from .cards import PACK
from .options import PACKETS, Rules


@dataclass(frozen=True)
class Deal:
    """The cards as dealt."""

    hands: tuple[tuple[int, ...], ...]  # by seat, in dealing order
    visible: tuple[tuple[int, ...], ...]  # by seat: the cards dealt face up
    pot: tuple[int, ...]  # top first; pot[0] was dealt face up (not with leftover)
    aside: tuple[int, ...] = ()  # five players, solution 1: the card set aside
    leftover: tuple[int, ...] = ()  # five players, solution 2: the two cards left


def deal_cards(rules: Rules, dealer: int, deck: list[int], set_aside: bool) -> Deal:
    """Deal ``deck`` (a shuffled pack) from the dealer's left."""
    n = rules.players
    packets = PACKETS[n]
    # packets between two pot cards: (n players x rounds) packets / n pot cards
    every = len(packets)
    deck = list(deck)
    aside: tuple[int, ...] = ()
    if n == 5 and set_aside:
        aside = (deck.pop(),)
    pot_size = n - 1 if n == 5 and not aside else n  # solution 2: the 5th comes later
    hands: list[list[int]] = [[] for _ in range(n)]
    visible: list[list[int]] = [[] for _ in range(n)]
    pot: list[int] = []
    pos = 0
    count = 0
    last_round = len(packets) - 1
    for rnd, size in enumerate(packets):
        for k in range(n):
            seat = (dealer + 1 + k) % n
            cards = deck[pos : pos + size]
            pos += size
            hands[seat] += cards
            if rnd == last_round:
                visible[seat] = cards[: rules.visible_cards]
            count += 1
            if count % every == 0 and len(pot) < pot_size:
                pot.append(deck[pos])
                pos += 1
    leftover = tuple(deck[pos:])
    return Deal(
        tuple(map(tuple, hands)),
        tuple(map(tuple, visible)),
        tuple(reversed(pot)),
        aside,
        leftover,
    )


def shuffled_pack(seed: int | str) -> list[int]:
    """The 36 cards shuffled and cut from ``seed`` (the shared seeded shuffle)."""
    return seeded_shuffle(PACK, seed)


def draw_double_face(seed: int) -> int:
    """The double-faced card (carte à double face): the secretary turns the top card
    of a pack shuffled and cut before the deal; it goes back into the pack."""
    return shuffled_pack(f"carte à double face {seed}")[0]
