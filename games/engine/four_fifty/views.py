"""Per-seat views of a round: the only thing a page or socket renders.

``view_for(rnd, seat)`` = ``public_view(rnd)`` (the same for every seat and for
spectators: render it once per table) + ``private_view(rnd, seat)`` (the
:data:`PRIVATE_KEYS`).  Another player's hidden cards and the pot's hidden
cards never appear: the cards dealt face up are shown only until the dealer
hides them (phases ``aside`` and ``show``); a player's cards are shown again
once play stops (two each, then three with the pot).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import MalformedError
from .cards import CODE, RANK, RANKS, SUIT, codes
from .phase import Phase

if TYPE_CHECKING:  # pragma: no cover
    from .round import Round

PRIVATE_KEYS = ("viewer", "hand", "legal")


def view_for(r: "Round", seat: str | None) -> dict[str, Any]:
    """The view of ``seat`` (a seat name) or of a spectator (``None``)."""
    private = private_view(r, seat)
    public = public_view(r)
    return {key: private[key] if key in private else public[key] for key in _ORDER}


def private_view(r: "Round", seat: str | None) -> dict[str, Any]:
    """The viewer's own part of the view: his cards (before the dealer hides the visible
    cards, only those: players pick their hands up after) and, on his turn, his legal
    actions."""
    rules = r.rules
    if seat is not None and (not isinstance(seat, str) or seat not in rules.seat_index):
        raise MalformedError(
            f"unknown seat {seat!r} (seats: {' '.join(rules.seats)})",
            code="unknown_seat",
            params={"seat": seat},
        )
    me = rules.seat_index[seat] if seat is not None else -1
    hand = None
    if me >= 0:
        # players pick their cards up only once the dealer has hidden the visible ones
        hand = codes(r.hands[me] if r.hidden else r.deal.visible[me])
    return {
        "viewer": seat,
        "hand": hand,
        "legal": r.legal_actions() if me >= 0 and me == r.to_act_i else [],
    }


def _follow(r: "Round") -> dict[str, Any] | None:
    """What the player to act must follow (public: it depends on no hand)."""
    if r.phase is not Phase.DISCARD:
        return None
    top = r.pile[-1] if r.pile else -1
    out: dict[str, Any] = {
        "card": CODE[top] if top >= 0 else None,
        "rank": RANKS[RANK[top]] if top >= 0 else None,
        "suit": "SCDH"[SUIT[top]] if top >= 0 else None,
        "couleur": None,
        "tour_a_pique": None,
    }
    if r.spade_left > 0:
        out["tour_a_pique"] = {
            "launcher": r.rules.seats[r.spade_launcher],
            "last_spade": CODE[r.last_spade],
            "best": r.spade_best,
            "turns_left": r.spade_left,
        }
    elif r.streak_len >= 5 and top >= 0:
        out["couleur"] = "SCDH"[r.streak_suit]
    return out


def public_view(r: "Round") -> dict[str, Any]:
    """Everything of the view but the PRIVATE_KEYS."""
    rules = r.rules
    seats = rules.seats
    phase = r.phase
    at_deal = phase in (Phase.ASIDE, Phase.SHOW)
    played_out = phase in (Phase.POT, Phase.DONE)
    shown: dict[str, list[str]] = {}
    if at_deal:
        shown = {s: codes(r.deal.visible[i]) for i, s in enumerate(seats)}
    elif played_out:
        shown = {s: codes(r.hands[i]) for i, s in enumerate(seats)}
    result = r.result()
    return {
        "game": "450",
        "players": rules.players,
        "options": rules.as_dict(),
        "seats": list(seats),
        "dealer": seats[r.dealer],
        "secretary": seats[r.secretary],
        "lanceur": seats[r.lanceur],
        "double_face": CODE[r.double_face],
        "phase": phase.value,
        "to_act": r.to_act,
        "card_counts": {s: len(r.hands[i]) for i, s in enumerate(seats)},
        "shown": shown,
        "pot_count": len(r.pot) if phase is not Phase.DONE else 0,
        "pot_shown": CODE[r.pot[0]] if phase is Phase.SHOW else None,
        "leftover": [CODE[c] for c in r.deal.leftover] if phase is Phase.ASIDE else [],
        "aside": [CODE[c] for c in r.aside],
        "pile": [
            {"seat": seats[(r.lanceur + k) % r.n], "card": CODE[c]} for k, c in enumerate(r.pile)
        ],
        "follow": _follow(r),
        "announced": {seats[i]: [CODE[c] for c in cards] for i, cards in r.announced.items()},
        "first_count": (
            {s: r.first_count[i].to_dict() for i, s in enumerate(seats)}
            if r.first_count is not None
            else None
        ),
        "master": seats[r.master] if r.master >= 0 else None,
        "master_reason": r.master_reason,
        "transformed": (
            {"seat": seats[r.transformed], "card": CODE[r.double_face]}
            if r.transformed >= 0
            else None
        ),
        "events": r.public_events(),
        "result": result.to_dict() if result is not None else None,
    }


# The order of a view's keys (as documented in the package README).
_ORDER = (
    "game",
    "players",
    "options",
    "seats",
    "viewer",
    "dealer",
    "secretary",
    "lanceur",
    "double_face",
    "phase",
    "to_act",
    "hand",
    "card_counts",
    "shown",
    "pot_count",
    "pot_shown",
    "leftover",
    "aside",
    "pile",
    "follow",
    "announced",
    "first_count",
    "master",
    "master_reason",
    "transformed",
    "legal",
    "events",
    "result",
)
