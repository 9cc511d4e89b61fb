"""Claims: a player claims every remaining trick for his side.

During play, the seat to act may say ``claim`` instead of playing a card (not in a
misère: the declarer there wants no trick, and play stops at his first one). The claim
is that the claimer's side (his team; himself where each plays alone) takes **every**
remaining trick, the one in progress included.

* When at most ``EXACT_TRICKS`` tricks remain, the engine checks the claim exactly
  (``claim_is_certain``): over the cards as they lie, the claimer may choose his own
  plays, and every other seat, partner included (the claimer does not see their
  cards), may make any legal play. If the claimer's side wins every trick whatever
  the others play, the claim is **certain**: the hand ends at once, the remaining
  tricks going to the claimer.
* Otherwise (not certain, or too many cards to check) the claimer's hand is laid face
  up, as at a real table (``hand_revealed``; it stays face up for the rest of the
  hand: every view shows it), and each opponent, in turn from the claimer's left,
  answers ``accept`` or ``refuse``. Every opponent accepting ends the hand as above;
  the first ``refuse`` ends the claim and play goes on with the claimer to act, who
  may not claim again before the next trick.

The claim and its answers are entries of the record's ``play`` list (``claim``,
``accept``, ``refuse``), so replaying a record gives the same hand. Pure Python.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import ACCEPT, CLAIM, LEAD_JOKER, NAME_JOKER, REFUSE
from .cards import CODE, WJ
from .errors import IllegalActionError
from .phases import PLAY
from .play import LegalProbe as _Probe
from .play import legal_plays

if TYPE_CHECKING:  # pragma: no cover
    from .hand import Hand

# The most tricks left for which a claim is checked exactly (beyond: the opponents
# are asked): at most about 20 ms on the event loop, where moves are decided.
EXACT_TRICKS = 4


# ---------------------------------------------------------------- the claim's state
def pending(h: "Hand") -> bool:
    """A claim waits for the opponents' answers."""
    return bool(h.claim_wait)


def public(h: "Hand") -> dict[str, Any] | None:
    """The claim everyone sees: the one pending (who still has to answer), the one
    that ended the hand, or the last one refused in the current trick; else None."""
    info = h.claim_info
    if info is None:
        return None
    seats = h.variant.seats
    out = dict(info)
    if h.claim_wait:
        out["waiting"] = [seats[i] for i in h.claim_wait]
    return out


def refusal_error(h: "Hand", code: int) -> IllegalActionError | None:
    """Why ``code`` (a claim, an answer) cannot be played now; None: it can."""
    v = h.variant
    seat = h.to_act
    p = {"seat": seat}
    if code == CLAIM:
        if h._phase != PLAY:
            return IllegalActionError(
                "a claim is made during play", code="claim_not_in_play", params=p
            )
        if h.claim_wait:
            return IllegalActionError(
                f"{seat} must accept or refuse the claim",
                code="claim_pending",
                params=p,
            )
        if h.misere:
            return IllegalActionError(
                "there are no claims in a misère", code="claim_misere", params=p
            )
        if h.claim_barred == (h.to_act_i, len(h.tricks)):
            return IllegalActionError(
                f"{seat}'s claim was refused: {seat} may claim again at the next trick",
                code="claim_refused_this_trick",
                params=p,
            )
        return None
    if h.claim_wait and h.to_act_i == h.claim_wait[0]:
        return None
    return IllegalActionError(
        f"there is no claim for {seat} to answer"
        + (f" ({v.seats[h.claimer]}'s claim)" if h.claim_wait else ""),
        code="no_claim",
        params=p,
    )


def apply_claim(h: "Hand") -> None:
    """The seat to act claims (``refusal_error`` said it may)."""
    v = h.variant
    seat = h.to_act_i
    h.play.append(CLAIM)
    h.claimer = seat
    tricks = len(h.hands[seat])
    h.claim_info = {"seat": v.seats[seat], "tricks": tricks, "trick": len(h.tricks) + 1}
    h.events.append({"type": "claim", "seat": v.seats[seat], "tricks": tricks})
    if claim_is_certain(h, seat):
        _concede(h, "certain")
        return
    if seat not in h.claim_shown:
        h.claim_shown.append(seat)
        h.events.append(
            {
                "type": "hand_revealed",
                "seat": v.seats[seat],
                "cards": [CODE[c] for c in h.hands[seat]],
            }
        )
    side = v.team_of[seat]
    n = v.n
    h.claim_wait = [
        k for k in ((seat + i) % n for i in range(1, n)) if h.active[k] and v.team_of[k] != side
    ]
    h.claim_info["outcome"] = "pending"
    h.to_act_i = h.claim_wait[0]


def apply_answer(h: "Hand", code: int) -> None:
    """An opponent accepts or refuses the pending claim."""
    v = h.variant
    seat = h.claim_wait.pop(0)
    h.play.append(code)
    answer = "claim_accepted" if code == ACCEPT else "claim_refused"
    h.events.append({"type": answer, "seat": v.seats[seat]})
    if code == REFUSE:
        h.claim_wait = []
        h.claim_info["outcome"] = "refused"
        h.claim_info["by"] = v.seats[seat]
        h.claim_barred = (h.claimer, len(h.tricks))
        h.to_act_i = h.claimer
        return
    if h.claim_wait:
        h.to_act_i = h.claim_wait[0]
        return
    _concede(h, "accepted")


def _concede(h: "Hand", outcome: str) -> None:
    """The claimer's side takes every remaining trick: the hand ends."""
    claimer = h.claimer
    h.tricks_won[claimer] += h.claim_info["tricks"]
    h.claim_info["outcome"] = outcome
    h.events.append(
        {
            "type": "claim_conceded",
            "seat": h.variant.seats[claimer],
            "tricks": h.claim_info["tricks"],
            "outcome": outcome,
        }
    )
    h.finish()


# ---------------------------------------------------------------- the exact check
def claim_is_certain(h: "Hand", seat: int) -> bool:
    """Whether ``seat``'s side wins every remaining trick however the other seats
    play, the claimer choosing his own plays (False when more than
    ``EXACT_TRICKS`` tricks remain: not checked). ``seat`` is to act."""
    if len(h.hands[seat]) > EXACT_TRICKS:
        return False
    v = h.variant
    probe = _Probe()
    probe.eff, probe.strain, probe.variant = h.eff, h.strain, v
    probe.misere, probe.declarer, probe.tricks = h.misere, h.declarer, h.tricks
    side, team_of, power, eff = v.team_of[seat], v.team_of, h.power, h.eff
    n_active, next_seat = h.n_active, h.next_seat
    memo: dict = {}

    def wins_all(
        hands: tuple, trick: tuple, seats: tuple, led: int, mask: int, to_act: int
    ) -> bool:
        if not trick:
            if not hands[to_act]:
                return True
            key = (to_act, mask, hands)
            known = memo.get(key)
            if known is not None:
                return known
        probe.hands, probe.to_act_i, probe.trick = hands, to_act, trick
        probe.led, probe.led_mask = led, mask
        outcome = to_act != seat  # claimer: any line wins; others: every line
        for code in _distinct(legal_plays(probe), hands, to_act, trick, eff, power):
            if code >= NAME_JOKER:
                continue  # naming a joker happens before the first lead only
            if code >= LEAD_JOKER:
                card, new_led = WJ + (code - LEAD_JOKER) // 4, (code - LEAD_JOKER) % 4
            else:
                card = code
                new_led = eff[card] if not trick else led
            new_mask = mask | (1 << new_led) if not trick else mask
            held = hands[to_act]
            new_hands = (
                hands[:to_act] + (tuple(c for c in held if c != card),) + hands[to_act + 1 :]
            )
            t, s = trick + (card,), seats + (to_act,)
            if len(t) == n_active:
                winner = _winner(t, s, new_led, eff, power)
                good = team_of[winner] == side and wins_all(new_hands, (), (), -1, new_mask, winner)
            else:
                good = wins_all(new_hands, t, s, new_led, new_mask, next_seat[to_act])
            if to_act == seat and good:
                outcome = True
                break
            if to_act != seat and not good:
                outcome = False
                break
        if not trick:
            memo[(to_act, mask, hands)] = outcome
        return outcome

    hands = tuple(tuple(cards) for cards in h.hands)
    return wins_all(hands, tuple(h.trick), tuple(h.trick_seats), h.led, h.led_mask, seat)


def _distinct(legal: list[int], hands: tuple, to_act: int, trick: tuple, eff, power) -> list[int]:
    """``legal`` without cards equivalent to one kept: two cards of one suit held by
    the player to act with no other card still out between them (in the hands or on
    the table) win and lose the same tricks; the highest of each run is kept. Joker
    leads (which name a suit) are kept as they are."""
    if len(hands[to_act]) < 2 or any(code >= LEAD_JOKER for code in legal):
        return legal
    rest = [c for i, h in enumerate(hands) if i != to_act for c in h] + list(trick)
    kept: list[int] = []
    for code in sorted(legal, key=lambda c: (eff[c], power[c]), reverse=True):
        if kept:
            prev = kept[-1]
            if eff[prev] == eff[code] and not any(
                eff[c] == eff[code] and power[code] < power[c] < power[prev] for c in rest
            ):
                continue
        kept.append(code)
    return kept


def _winner(trick: tuple, seats: tuple, led: int, eff, power) -> int:
    """The seat winning a full trick (as ``play._finish_trick`` decides it)."""
    best_i, best = 0, -1
    for i, c in enumerate(trick):
        p = power[c]
        if p < 100 and eff[c] != led:
            continue
        if p > best:
            best, best_i = p, i
    return seats[best_i]
