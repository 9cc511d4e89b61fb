"""The end of a round: the first count, the master, the transformation of the
double-faced card, the pot, the second count, the points and the next lanceur.

Called by the Round when the last discard is made (:func:`first_count`) and when
the master names who receives the first pot card (:func:`give_pot`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .cards import CODE, JACK_OF_SPADES, THREE_OF_SPADES, sort_key
from .scoring import Count, count_hand, high_cards

if TYPE_CHECKING:  # pragma: no cover
    from .round import Round

MAJOR_BONUS = 50


@dataclass(frozen=True)
class RoundResult:
    """The end of a round: both counts, the master, the pot, the points."""

    seats: tuple[str, ...]
    first_count: tuple[Count, ...]
    master: int  # -1: no base hand anywhere, the pot starts at the lanceur
    master_reason: str | None  # "main" (best base hand), "valet_de_pique", None
    transformed: int  # seat whose double-faced card became the 3 of spades, or -1
    double_face: int
    pot_to: int  # seat given the first pot card (-1: not known, the secretary's sheet)
    pot_cards: tuple[int, ...]  # by seat
    final: tuple[Count, ...]
    bonus: tuple[int, ...]  # major sequence bonus by seat
    points: tuple[int, ...]
    next_lanceur: int
    next_dealer: int

    def to_dict(self) -> dict[str, Any]:
        """The check CLI's and the views' form (seat names, card codes)."""
        seats = self.seats

        def name(i: int) -> str | None:
            return seats[i] if i >= 0 else None

        final = {}
        for i, s in enumerate(seats):
            final[s] = {
                **self.final[i].to_dict(),
                "bonus": self.bonus[i],
                "points": self.points[i],
            }
        return {
            "first_count": {s: self.first_count[i].to_dict() for i, s in enumerate(seats)},
            "master": name(self.master),
            "master_reason": self.master_reason,
            "transformed": (
                {"seat": seats[self.transformed], "card": CODE[self.double_face]}
                if self.transformed >= 0
                else None
            ),
            "pot_to": name(self.pot_to),
            "pot": {s: CODE[self.pot_cards[i]] for i, s in enumerate(seats)},
            "final": final,
            "points": {s: self.points[i] for i, s in enumerate(seats)},
            "next_lanceur": seats[self.next_lanceur],
            "next_dealer": seats[self.next_dealer],
        }


def first_count(r: "Round") -> None:
    """Play is over: the first count, the master and the transformation."""
    rules = r.rules
    seats = rules.seats
    counts = [count_hand(h) for h in r.hands]
    r.first_count = counts
    r.events.append(
        {
            "type": "premier_decompte",
            "hands": {s: counts[i].to_dict() for i, s in enumerate(seats)},
        }
    )
    jack = next((i for i, h in enumerate(r.hands) if JACK_OF_SPADES in h), -1)
    if jack >= 0 and (rules.jack_of_spades == "any_hand" or counts[jack].value):
        r.master, r.master_reason = jack, "valet_de_pique"
    elif max(c.value for c in counts) > 0:
        r.master = max(range(r.n), key=lambda i: _master_key(r, i))
        r.master_reason = "main"
    r.events.append(
        {
            "type": "maitre",
            "seat": seats[r.master] if r.master >= 0 else None,
            "reason": r.master_reason,
        }
    )
    df = r.double_face
    owner = next((i for i, h in enumerate(r.hands) if df in h), -1)
    if (
        owner >= 0
        and df != THREE_OF_SPADES
        and THREE_OF_SPADES in r.pile
        and counts[owner].value > 0
    ):
        hand = r.hands[owner]
        hand[hand.index(df)] = THREE_OF_SPADES
        hand.sort(key=sort_key)
        r.transformed = owner
        r.events.append(
            {
                "type": "transformation",
                "seat": seats[owner],
                "card": CODE[df],
                "becomes": CODE[THREE_OF_SPADES],
            }
        )


def _master_key(r: "Round", i: int) -> tuple:
    c = r.first_count[i]
    if r.rules.tie_break == "high_card":
        return (c.value, high_cards(c.cards), -r.play_order(i))
    return (c.value, -r.play_order(i))


def give_pot(r: "Round", first: int) -> RoundResult:
    """Give the pot from ``first`` clockwise, then the second count and the points."""
    n = r.n
    given = [-1] * n
    for k, card in enumerate(r.pot):
        given[(first + k) % n] = card
    return settle(r, given, first)


def settle(r: "Round", given: list[int], first: int) -> RoundResult:
    """Each seat receives its pot card ``given[seat]``; then the second count, the
    points and the next lanceur. ``first``: the seat the master named (-1 when not
    known: the secretary's sheet records who received which card, not the order)."""
    rules = r.rules
    seats = rules.seats
    n = r.n
    for seat, card in enumerate(given):
        r.hands[seat].append(card)
        r.hands[seat].sort(key=sort_key)
    if r.master >= 0 and first >= 0:
        r.events.append(
            {
                "type": "choix_du_maitre",
                "seat": seats[r.master],
                "to": seats[first],
            }
        )
    r.events.append(
        {
            "type": "pot",
            "first": seats[first] if first >= 0 else None,
            "cards": {seats[i]: CODE[c] for i, c in enumerate(given)},
        }
    )
    final = [count_hand(h) for h in r.hands]
    bonus = [MAJOR_BONUS if i in r.announced else 0 for i in range(n)]
    points = [f.value + b for f, b in zip(final, bonus)]

    def key(i: int) -> tuple:
        if rules.tie_break == "high_card":
            f = final[i]
            return (
                points[i],
                f.value,
                high_cards(f.combination),
                high_cards(f.cards),
                -r.play_order(i),
            )
        return (points[i], -r.play_order(i))

    winner = max(range(n), key=key)
    result = RoundResult(
        seats,
        tuple(r.first_count or ()),
        r.master,
        r.master_reason,
        r.transformed,
        r.double_face,
        first,
        tuple(given),
        tuple(final),
        tuple(bonus),
        tuple(points),
        winner,
        (winner - 1) % n,
    )
    r.events.append(
        {
            "type": "second_decompte",
            "hands": {
                s: {**final[i].to_dict(), "bonus": bonus[i], "points": points[i]}
                for i, s in enumerate(seats)
            },
        }
    )
    r.events.append(
        {
            "type": "round_over",
            "points": {s: points[i] for i, s in enumerate(seats)},
            "next_lanceur": seats[winner],
            "next_dealer": seats[(winner - 1) % n],
        }
    )
    return result
