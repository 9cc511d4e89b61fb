"""Per-seat views: the only thing a page or socket renders.

``view_for(hand, seat)`` returns a JSON-serializable dict with what ``seat``
may see (``None``: a spectator, who sees only public information):

* ``hand``: the viewer's own cards (``None`` for a spectator);
* public information: calls, contract, declarer, card counts, the trick in
  progress, finished tricks, tricks won per side, named jokers, events; the
  partner card and, once known, the partner (five players); the breach call;
  the seats that must pass this hand; the dead hand's card count (two
  players: nobody sees it);
* ``shown``: cards the rules reveal, by seat (the Quebec kitty-joker
  disclosure; the open-misère declarer's hand once laid face up; a claimer's hand,
  laid face up by a claim the engine could not find certain: ``claims.py``);
* ``discards``: the declarer's own discards, for the declarer only (others get
  ``discard_count``);
* ``legal``: the viewer's legal actions when it is his turn, else ``[]``;
* ``claim``: the claim pending (``waiting``: the opponents still to answer), the one
  that ended the hand, or the last one refused (``claims.py``); else ``None``;
* ``result`` once the hand is done.

Another seat's cards and the kitty never appear unless the rules reveal them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import ACTION_STR
from .cards import CODE, SUITS, WJ, codes
from .claims import public as claim_view
from .phases import BREACH, DONE, PLAY

if TYPE_CHECKING:  # pragma: no cover
    from .hand import Hand


# The keys of a view that depend on the viewer; every other key is public (the same
# for every seat and for spectators).
PRIVATE_KEYS = ("viewer", "hand", "discards", "legal")


def view_for(h: "Hand", seat: str | None) -> dict[str, Any]:
    """The view of ``seat`` (a seat name) or of a spectator (``None``)."""
    private = private_view(h, seat)
    public = public_view(h)
    return {key: private[key] if key in private else public[key] for key in _ORDER}


def private_view(h: "Hand", seat: str | None) -> dict[str, Any]:
    """The viewer's own part of ``view_for(h, seat)``: the ``PRIVATE_KEYS``."""
    v = h.variant
    me = v.seat_of(seat) if seat is not None else -1
    return {
        "viewer": seat,
        "hand": codes(h.hands[me]) if me >= 0 else None,
        "discards": codes(h.discards) if me >= 0 and me == h.declarer else None,
        "legal": (h.legal_actions() if me >= 0 and me == h.to_act_i and h._phase != DONE else []),
    }


def public_view(h: "Hand") -> dict[str, Any]:
    """Everything of ``view_for`` but the ``PRIVATE_KEYS``: what every seat and every
    spectator sees alike (rendered once for all of a table's viewers)."""
    v = h.variant
    phase = h._phase
    declarer = v.seats[h.declarer] if h.declarer >= 0 else None
    shown = {s: list(cards) for s, cards in h.shown.items()}
    if h.revealed:
        shown[declarer] = codes(h.hands[h.declarer])
    for i in h.claim_shown:  # a claim that was not certain: the claimer's hand face up
        shown[v.seats[i]] = codes(h.hands[i])
    view: dict[str, Any] = {
        "variant": v.name,
        "options": dict(v.overrides),
        "seats": list(v.seats),
        "teams": {name: [v.seats[i] for i in t] for name, t in zip(v.team_names, v.teams)},
        "dealer": v.seats[h.dealer],
        "phase": h.phase.value,
        "to_act": h.to_act,
        "card_counts": {v.seats[i]: len(c) for i, c in enumerate(h.hands)},
        "kitty_count": len(h.kitty) if phase <= BREACH else 0,
        "dead_count": len(h.dead),
        "must_pass": [v.seats[i] for i in sorted(h.must_pass)],
        "calls": [{"seat": e["seat"], "call": e["call"]} for e in _call_events(h)],
        "contract": ACTION_STR[h.contract] if h.contract >= 0 else None,
        "declarer": declarer,
        "breach": (
            {"seat": v.seats[h.breacher], "side": v.team_names[v.team_of[h.breacher]]}
            if h.breacher >= 0
            else None
        ),
        "partner_card": CODE[h.partner_card] if h.partner_card >= 0 else None,
        "partner": v.seats[h.partner] if h.partner_known else None,
        "discard_count": len(h.discards),
        "sitting_out": [],
        "named_jokers": {},
        "trick": [],
        "led": None,
        "tricks": [],
        "tricks_won": h.tricks_by_team(),
        "shown": shown,
        "events": h.public_events(),
        "claim": claim_view(h),
        "result": h._result.to_dict() if h._result is not None else None,
    }
    if phase >= PLAY and h.declarer >= 0 and not h.redeal:
        view["sitting_out"] = [v.seats[i] for i, a in enumerate(h.active) if not a]
        view["named_jokers"] = {CODE[WJ + j]: SUITS[s] for j, s in enumerate(h.named) if s >= 0}
        view["trick"] = [
            {"seat": v.seats[s], "card": CODE[c]} for s, c in zip(h.trick_seats, h.trick)
        ]
        view["led"] = SUITS[h.led] if h.trick else None
        view["tricks"] = [
            {
                "leader": v.seats[leader],
                "cards": [{"seat": v.seats[s], "card": CODE[c]} for s, c in zip(seats, cards)],
                "winner": v.seats[winner],
                "led": SUITS[led],
            }
            for leader, cards, seats, winner, led in h.tricks
        ]
    return view


# The order of a view's keys (as documented in games/engine/README.md).
_ORDER = (
    "variant",
    "options",
    "seats",
    "teams",
    "viewer",
    "dealer",
    "phase",
    "to_act",
    "hand",
    "card_counts",
    "kitty_count",
    "dead_count",
    "must_pass",
    "calls",
    "contract",
    "declarer",
    "breach",
    "partner_card",
    "partner",
    "discard_count",
    "discards",
    "sitting_out",
    "named_jokers",
    "trick",
    "led",
    "tricks",
    "tricks_won",
    "shown",
    "legal",
    "events",
    "claim",
    "result",
)


def _call_events(h: "Hand") -> list[dict[str, Any]]:
    return [e for e in h.events if e["type"] == "call"]
