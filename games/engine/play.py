"""Trick play: legal cards and applying a card (RULES.md 1-4).

* Follow the suit led when able (the left bower and, in a suit contract, the
  jokers belong to the trump suit); otherwise any card.
* No trump (and misère, played as no trump): an unnamed joker belongs to no
  suit and beats every card; it may be played only when its holder cannot
  follow (``joker_nt_void_only``), must then be played in misère
  (``misere_joker_must_play``); led, it names a suit (``WJ:H``) restricted by
  ``joker_nt_lead`` (any / already led / not yet led, with the last-trick
  exception).  The declarer may pre-name a joker he holds before the first lead
  (``name:WJ:H``, ``joker_prenaming``): it is then the highest card of that suit.
* Misère: the declarer's partners sit out; play stops when the declarer wins
  a trick (with the set rule or a breach called, when he wins his third: the
  set or breach is then decided **(resolved)**).  Open misère: the declarer's
  hand is shown after the first trick (or before the first lead,
  ``open_misere_reveal``).
* Five players, ``partner_reveal: on_play``: the partner is known when the
  partner card is played.

These functions work on a :class:`~games.engine.hand.Hand`'s internal fields.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import ACTION_STR, LEAD_JOKER, MIS, NAME_JOKER, OMIS
from .after_auction import reveal_partner
from .cards import (
    CODE,
    NO_SUIT,
    NT,
    SUIT_NAMES,
    SUITS,
    WJ,
    strain_tables,
    trick_strengths,
)
from .errors import IllegalActionError

if TYPE_CHECKING:  # pragma: no cover
    from .hand import Hand

_CODE_AT = list(CODE).__getitem__  # a list's: map() calls it faster than a tuple's


def hand_legal_plays(h: "Hand") -> list[int]:
    """:func:`legal_plays` of a Hand, from its cards split by effective suit
    (``by_suit``, kept by :func:`apply_play`); a no-trump lead with an unnamed
    joker in hand (the joker lead rules) is left to :func:`legal_plays`."""
    seat = h.to_act_i
    by_suit = h.by_suit[seat]
    jokers = by_suit[NO_SUIT]  # unnamed jokers: no trump and misère only
    if h.trick:
        follow = by_suit[h.led]
        if follow:
            if jokers and not h.variant.joker_nt_void_only:
                return follow + jokers
            return follow[:]
        if jokers and h.misere and h.variant.misere_joker_must_play:
            return jokers[:]
    elif jokers:
        return legal_plays(h)
    return h.hands[seat][:]


class LegalProbe:
    """The fields ``legal_plays`` reads, and only those: a light stand-in for a hand
    that searches (claims, the solver) set for each position they ask about."""

    __slots__ = (
        "hands",
        "to_act_i",
        "eff",
        "trick",
        "led",
        "strain",
        "variant",
        "misere",
        "led_mask",
        "declarer",
        "tricks",
    )


def legal_plays(h: "Hand") -> list[int]:
    """Legal play actions of the seat to act (card ints, joker leads, namings)."""
    hand = h.hands[h.to_act_i]
    eff = h.eff
    if h.trick:
        led = h.led
        follow = [c for c in hand if eff[c] == led]
        if follow:
            if h.strain == NT and not h.variant.joker_nt_void_only:
                follow += [c for c in hand if eff[c] == NO_SUIT]
            return follow
        if h.misere and h.variant.misere_joker_must_play:
            jokers = [c for c in hand if eff[c] == NO_SUIT]
            if jokers:
                return jokers
        return list(hand)
    if h.strain != NT:
        return list(hand)
    out = [c for c in hand if eff[c] != NO_SUIT]
    jokers = [c for c in hand if eff[c] == NO_SUIT]
    if jokers:
        rule = h.variant.joker_nt_lead
        mask = h.led_mask
        if rule == "any":
            suits = (0, 1, 2, 3)
        elif rule == "already_led":
            suits = [s for s in range(4) if mask >> s & 1]
        elif mask != 15:
            suits = [s for s in range(4) if not mask >> s & 1]
        else:
            suits = (0, 1, 2, 3) if len(hand) == 1 else ()
        if not out and not suits:
            suits = (0, 1, 2, 3)
        for j in jokers:
            base = LEAD_JOKER + 4 * (j - WJ)
            out += [base + s for s in suits]
        if h.variant.joker_prenaming and h.to_act_i == h.declarer and not h.tricks and not h.trick:
            for j in jokers:
                base = NAME_JOKER + 4 * (j - WJ)
                out += [base + s for s in range(4)]
    return out


def explain_bad_play(h: "Hand", action: int) -> IllegalActionError:
    """A readable error for a play action that is not legal now."""
    v = h.variant
    seat_i = h.to_act_i
    seat = v.seats[seat_i]
    text = ACTION_STR[action]
    p = {"seat": seat, "card": text}
    if action >= NAME_JOKER:
        return IllegalActionError(
            f"only the declarer may name a joker he holds, before the first lead"
            f" of a no-trump or misère hand"
            f"{'' if v.joker_prenaming else ' (not in ' + v.name + ')'}",
            code="cannot_name_joker",
            params=p,
        )
    card = action if action < LEAD_JOKER else WJ + (action - LEAD_JOKER) // 4
    hand = h.hands[seat_i]
    if card not in hand:
        return IllegalActionError(
            f"{seat} does not hold {CODE[card]}", code="card_not_held", params=p
        )
    eff = h.eff
    if h.trick:
        if action >= LEAD_JOKER:
            return IllegalActionError(
                "a joker names a suit only when it is led", code="not_leading", params=p
            )
        led = h.led
        if any(eff[c] == led for c in hand):
            p["suit"] = SUIT_NAMES[led]
            return IllegalActionError(
                f"{seat} must follow {SUIT_NAMES[led]}", code="must_follow", params=p
            )
        return IllegalActionError(
            f"{seat} must play the joker (misère, cannot follow)",
            code="must_play_joker",
            params=p,
        )
    if eff[card] == NO_SUIT and action < LEAD_JOKER:
        return IllegalActionError(
            f"a joker led in no trump must name a suit (e.g. {CODE[card]}:H)",
            code="joker_needs_suit",
            params=p,
        )
    if action >= LEAD_JOKER and h.strain != NT:
        return IllegalActionError(
            "a joker names a suit only in no trump; here it is a trump",
            code="joker_is_trump",
            params=p,
        )
    suit = SUIT_NAMES[(action - LEAD_JOKER) % 4]
    p["suit"] = suit
    if v.joker_nt_lead == "already_led":
        msg = f"the joker may call {suit} only after {suit} has been led"
        code = "suit_not_led_yet"
    elif h.led_mask == 15:
        msg = "the joker may be led only to the last trick once every suit was led"
        code = "joker_lead_last_trick"
    else:
        msg = f"the joker may not call {suit}: {suit} has already been led"
        code = "suit_already_led"
    return IllegalActionError(msg, code=code, params=p)


def start_play(h: "Hand") -> None:
    """Set the play fields after the discard."""
    v = h.variant
    n = v.n
    h.misere = h.contract >= MIS
    h.strain = NT if h.misere else h.contract_strain
    h.eff, h.power = strain_tables(h.strain)
    h.strengths = trick_strengths(h.strain)
    h.by_suit = [_split(cards, h.eff) for cards in h.hands]
    h.named = [-1, -1]
    h.active = [True] * n
    if h.misere:
        for mate in v.teammates[h.declarer]:
            h.active[mate] = False
    h.misere_stop = 3 if (v.set_rule or h.breacher >= 0) else 1
    h.n_active = sum(h.active)
    nxt = []
    for i in range(n):
        k = (i + 1) % n
        while not h.active[k]:
            k = (k + 1) % n
        nxt.append(k)
    h.next_seat = nxt
    h.trick = []
    h.trick_seats = []
    h.led = -1
    h.led_mask = 0
    h.tricks = []
    h.tricks_won = [0] * n
    lead = h.declarer if v.first_lead == "declarer" else (h.declarer + 1) % n
    while not h.active[lead]:
        lead = (lead + 1) % n
    h.to_act_i = lead
    if h.contract == OMIS and v.open_misere_reveal == "before_first_lead":
        h.reveal_declarer()


def _split(cards: list[int], eff: tuple[int, ...]) -> list[list[int]]:
    """``cards`` (in display order) in one list per effective suit, no suit last."""
    out: list[list[int]] = [[], [], [], [], []]
    for c in cards:
        out[eff[c]].append(c)
    return out


def apply_play(h: "Hand", action: int) -> None:
    """Apply a legal play action; finish tricks and the hand."""
    seat = h.to_act_i
    h.play.append(action)
    trick = h.trick
    if action < LEAD_JOKER:
        card = action
        if not trick:
            h.led = led = h.eff[card]
            h.led_mask |= 1 << led
    elif action < NAME_JOKER:
        card = WJ + (action - LEAD_JOKER) // 4
        h.led = led = (action - LEAD_JOKER) % 4
        h.led_mask |= 1 << led
    else:
        j = (action - NAME_JOKER) // 4
        s = (action - NAME_JOKER) % 4
        h.named[j] = s
        h.eff, h.power = strain_tables(h.strain, tuple(h.named))
        h.strengths = trick_strengths(h.strain, tuple(h.named))
        h.by_suit = [_split(cards, h.eff) for cards in h.hands]
        h.events.append(
            {
                "type": "joker_named",
                "seat": h.variant.seats[seat],
                "card": CODE[WJ + j],
                "suit": SUITS[s],
            }
        )
        return
    h.hands[seat].remove(card)
    h.by_suit[seat][h.eff[card]].remove(card)
    trick.append(card)
    h.trick_seats.append(seat)
    if card == h.partner_unseen:
        reveal_partner(h)
    if len(trick) < h.n_active:
        h.to_act_i = h.next_seat[seat]
        return
    _finish_trick(h)


def _finish_trick(h: "Hand") -> None:
    trick = h.trick
    led = h.led
    # the first of the strongest cards (a trick's cards are distinct)
    best = max(trick, key=h.strengths[led].__getitem__)
    winner = h.trick_seats[trick.index(best)]
    h.tricks_won[winner] += 1
    h.tricks.append((h.trick_seats[0], trick, h.trick_seats, winner, led))
    if h.want_events:
        h.events.append(
            {
                "type": "trick_won",
                "seat": h.variant.seats[winner],
                "trick": len(h.tricks),
                "cards": list(map(_CODE_AT, trick)),
            }
        )
    h.trick = []
    h.trick_seats = []
    if h.contract == OMIS and len(h.tricks) == 1 and not h.revealed:
        h.reveal_declarer()
    if (h.misere and winner == h.declarer and h.tricks_won[winner] == h.misere_stop) or not h.hands[
        winner
    ]:
        h.finish()
        return
    h.to_act_i = winner
