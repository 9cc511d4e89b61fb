"""Calls between the auction and the discard (RULES.md 4b).

* The breach round (option ``breach``): when a contract of 7 or more (or a
  misère) has won, before the kitty is taken **(resolved)**, each defender in
  turn from the declarer's left says ``breach`` or ``pass``; the first
  ``breach`` ends the round.  In a record these calls follow the auction's.
* The partner call (five players): after taking the kitty the declarer names
  a partner card, ``partner:<card>`` (not a joker, not a card of his own
  hand **(resolved)**), or goes ``alone``.  The holder of that card is his
  partner for the hand, shown at once (``partner_reveal: announce``) or when
  the card is played (``on_play``, see play.py).  Every card the declarer does
  not hold is in another player's hand (the kitty is in his), so the partner
  always exists.

These functions work on a :class:`~games.engine.hand.Hand`'s internal fields.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import ACTION_STR, ALONE, BREACH, PARTNER0, PASS
from .cards import CODE, WJ
from .errors import IllegalActionError
from .phases import BREACH as BREACH_PHASE

if TYPE_CHECKING:  # pragma: no cover
    from .hand import Hand

_BREACH_CALLS = [PASS, BREACH]


def start_breach_round(h: "Hand") -> None:
    """Open the breach round: the defenders in turn from the declarer's left."""
    v = h.variant
    n = v.n
    side = v.team_of[h.declarer]
    h.breach_order = [
        s for s in ((h.declarer + k) % n for k in range(1, n)) if v.team_of[s] != side
    ]
    h.breach_turn = 0
    h.to_act_i = h.breach_order[0]
    h._phase = BREACH_PHASE


def legal_breach_calls(h: "Hand") -> list[int]:
    """``pass`` or ``breach``."""
    return list(_BREACH_CALLS)


def apply_breach_call(h: "Hand", action: int) -> None:
    """Record a defender's call; a breach or the last pass ends the round."""
    v = h.variant
    seat = h.to_act_i
    h.calls.append(action)
    h.events.append({"type": "call", "seat": v.seats[seat], "call": ACTION_STR[action]})
    if action == BREACH:
        h.breacher = seat
        h.events.append(
            {
                "type": "breach",
                "seat": v.seats[seat],
                "side": v.team_names[v.team_of[seat]],
            }
        )
        h.take_kitty()
        return
    h.breach_turn += 1
    if h.breach_turn == len(h.breach_order):
        h.take_kitty()
        return
    h.to_act_i = h.breach_order[h.breach_turn]


def explain_bad_breach_call(h: "Hand", action: int) -> IllegalActionError:
    seat = h.variant.seats[h.to_act_i]
    call = ACTION_STR[action]
    return IllegalActionError(
        f"the auction is over: {seat} says breach or pass, not {call}",
        code="wrong_phase",
        params={"seat": seat, "call": call},
    )


def legal_partner_calls(h: "Hand") -> list[int]:
    """``alone``, then every card the declarer may name, in display order."""
    cards = sorted(h.variant.deck_set.difference(h.hands[h.declarer], h.variant.jokers))
    return [ALONE] + [PARTNER0 + c for c in cards]


def apply_partner_call(h: "Hand", action: int) -> None:
    """Name the partner card (or go alone); then the discard."""
    v = h.variant
    seat = v.seats[h.declarer]
    h.calls.append(action)
    h.events.append({"type": "call", "seat": seat, "call": ACTION_STR[action]})
    if action != ALONE:
        card = action - PARTNER0
        h.partner_card = card
        h.partner = next(i for i, cards in enumerate(h.hands) if card in cards)
        h.events.append({"type": "partner_card", "seat": seat, "card": CODE[card]})
        if v.partner_reveal == "announce":
            reveal_partner(h)
        else:
            h.partner_unseen = card
    h.start_discard()


def reveal_partner(h: "Hand") -> None:
    """The partner card's holder is known to everyone."""
    h.partner_known = True
    h.partner_unseen = -1
    h.events.append(
        {
            "type": "partner",
            "seat": h.variant.seats[h.partner],
            "card": CODE[h.partner_card],
        }
    )


def explain_bad_partner_call(h: "Hand", action: int) -> IllegalActionError:
    seat = h.variant.seats[h.declarer]
    call = ACTION_STR[action]
    p = {"seat": seat, "call": call}
    if action >= PARTNER0:
        card = action - PARTNER0
        p["card"] = CODE[card]
        if card >= WJ:
            return IllegalActionError(
                "the partner card may not be a joker", code="partner_joker", params=p
            )
        if card in h.hands[h.declarer]:
            return IllegalActionError(
                f"{seat} holds {CODE[card]}: the partner card must be another player's",
                code="partner_own_card",
                params=p,
            )
        return IllegalActionError(
            f"{CODE[card]} is not in the {h.variant.deck}-card deck",
            code="card_not_in_deck",
            params=p,
        )
    return IllegalActionError(
        f"{seat} names a partner card (partner:AS) or goes alone, not {call}",
        code="wrong_phase",
        params=p,
    )
