"""The auction: legal calls and applying a call (RULES.md 1-4).

Modes (option ``auction``):

* ``one_call``: starting on the dealer's left and ending with the dealer,
  each player makes exactly one call (Quebec, American).
* ``pass_final``: round and round; a player who passes is out; the auction
  ends when every player but the high bidder is out (Australian).
* ``reopen``: as ``pass_final``, but a bidder who bids a strain other than
  his own previous bid's lets every passed player back in.

``winner_may_raise`` (RULES.md 4b): when all others are out, the high bidder
may raise his own bid once, unless he was the only one to bid.  A raise that
changes strain (or goes to no trump, or to misère) lets every player who passed
bid again, from the raiser's left; a raise in the same strain ends the auction.
Each player raises at most once in an auction **(resolved)**, and the raise turn
is skipped when no higher call exists.

A seat in ``must_pass`` (set rule or breach, last hand) is offered only ``pass``;
this beats the forced bid with both jokers.

The auction ends with a contract (phase kitty) or a redeal: every player
passed, or the high bid is below ``min_bid`` (an American inkle).  These
functions work on a :class:`~games.engine.hand.Hand`'s internal fields.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import ACTION_STR, BID0, BREACH, MIS, OMIS, PASS
from .cards import BJ, WJ
from .errors import IllegalActionError

if TYPE_CHECKING:  # pragma: no cover
    from .hand import Hand


def legal_calls(h: "Hand") -> list[int]:
    """The calls the seat to act may make, pass first then bids in rank order."""
    return list(_cached_calls(h)[0])


def legal_calls_notation(h: "Hand") -> tuple[list[int], tuple[str, ...]]:
    """:func:`legal_calls` and the same calls in record notation (cached)."""
    codes, strs = _cached_calls(h)
    return list(codes), strs


_ONLY_PASS = ((PASS,), ("pass",))


def _cached_calls(h: "Hand") -> tuple[tuple[int, ...], tuple[str, ...]]:
    v = h.variant
    seat = h.to_act_i
    if seat in h.must_pass:
        return _ONLY_PASS
    forced = bool(v.both_jokers_forced_level and h.forced_seat == seat and not h.bid_made[seat])
    key = (
        h.high,
        forced,
        bool(v.inkles and len(h.calls) < 2),
        h.max_level >= v.misere_min_level,
    )
    cached = v.call_cache.get(key)
    if cached is None:
        codes = tuple(_legal_calls(v, *key))
        cached = v.call_cache[key] = (codes, tuple(ACTION_STR[a] for a in codes))
    return cached


def _legal_calls(v, high: int, forced: bool, inkle_ok: bool, mis_ok: bool) -> list[int]:
    """legal_calls for one combination of the state that matters (cached)."""
    rank_of = v.rank_of
    high_rank = rank_of[high] if high >= 0 else -1
    min_bid = v.min_bid
    out = []
    for a in v.ladder:
        if rank_of[a] <= high_rank:
            continue
        if a >= MIS:
            if forced:
                continue
            if a == MIS and not mis_ok:
                continue
        else:
            level = (a - BID0) // 5 + 6
            if forced and level < v.both_jokers_forced_level:
                continue
            if level < min_bid and not (inkle_ok and level == 6):
                continue
        out.append(a)
    if not (forced and out):
        out.insert(0, PASS)
    return out


def explain_bad_call(h: "Hand", action: int) -> IllegalActionError:
    """A readable error for a call that is not legal now."""
    v = h.variant
    seat = v.seats[h.to_act_i]
    call = ACTION_STR[action]
    p = {"seat": seat, "call": call}
    if h.to_act_i in h.must_pass:
        return IllegalActionError(
            f"{seat} must pass in this hand (set rule or breach, last hand)",
            code="must_pass",
            params=p,
        )
    if action >= BREACH:
        return IllegalActionError(
            f"{call} is not a call of the auction ({seat} passes or bids)",
            code="wrong_phase",
            params=p,
        )
    if action == PASS:
        return IllegalActionError(
            f"{seat} holds both jokers and must bid at least {v.both_jokers_forced_level}",
            code="forced_bid",
            params=p,
        )
    if action in (MIS, OMIS) and action not in v.rank_of:
        return IllegalActionError(f"{call} is not allowed in {v.name}", code="no_misere", params=p)
    if v.both_jokers_forced_level and h.forced_seat == h.to_act_i and not h.bid_made[h.to_act_i]:
        return IllegalActionError(
            f"{seat} holds both jokers and must bid at least {v.both_jokers_forced_level}",
            code="forced_bid",
            params=p,
        )
    if h.high >= 0 and v.rank_of[action] <= v.rank_of[h.high]:
        p["high"] = ACTION_STR[h.high]
        return IllegalActionError(
            f"{call} does not beat {ACTION_STR[h.high]}", code="bid_too_low", params=p
        )
    if action == MIS:
        return IllegalActionError(
            f"misère may be bid only after a bid of {v.misere_min_level}",
            code="misere_too_early",
            params=p,
        )
    return IllegalActionError(
        f"{call} is below the minimum bid of {v.min_bid}", code="bid_too_low", params=p
    )


def start_auction(h: "Hand") -> None:
    """Set the auction fields of a freshly dealt hand."""
    n = h.variant.n
    h.high = -1
    h.high_seat = -1
    h.max_level = 0
    h.out = [False] * n
    h.bid_made = [False] * n
    h.last_strain = [-1] * n
    h.raise_turn = False
    h.raised = [False] * n
    h.forced_seat = -1
    if h.variant.both_jokers_forced_level and BJ in h.variant.jokers:
        for i, cards in enumerate(h.hands):
            if WJ in cards and BJ in cards:
                h.forced_seat = i
    h.to_act_i = (h.dealer + 1) % n


def apply_call(h: "Hand", action: int) -> None:
    """Apply a legal call; close the auction when it is over."""
    v = h.variant
    seat = h.to_act_i
    n = v.n
    h.calls.append(action)
    h.events.append({"type": "call", "seat": v.seats[seat], "call": ACTION_STR[action]})
    strain_changed = False
    if action != PASS:
        h.high = action
        h.high_seat = seat
        h.bid_made[seat] = True
        strain = 5 if action >= MIS else (action - BID0) % 5
        if action < MIS:
            h.max_level = max(h.max_level, (action - BID0) // 5 + 6)
        strain_changed = h.last_strain[seat] not in (-1, strain)
        if v.auction == "reopen" and strain_changed:
            h.out = [False] * n
        h.last_strain[seat] = strain
    mode = v.auction
    if mode == "one_call":
        if len(h.calls) >= n:
            _close(h)
        else:
            h.to_act_i = (seat + 1) % n
        return
    if h.raise_turn:
        h.raise_turn = False
        h.raised[seat] = True
        if action == PASS or not strain_changed:
            _close(h)
            return
        h.out = [False] * n  # a raise in another strain: the others may bid again
    out = h.out
    if action == PASS:
        out[seat] = True
    still_in = out.count(False)
    if not still_in:
        _close(h)
        return
    if still_in == 1 and h.high_seat >= 0 and not out[h.high_seat]:
        if (
            v.winner_may_raise
            and sum(h.bid_made) > 1
            and not h.raised[h.high_seat]
            and h.high != v.ladder[-1]
        ):
            h.raise_turn = True
            h.to_act_i = h.high_seat
            return
        _close(h)
        return
    nxt = (seat + 1) % n
    while out[nxt]:
        nxt = (nxt + 1) % n
    h.to_act_i = nxt


def _close(h: "Hand") -> None:
    v = h.variant
    high = h.high
    if high < 0 or (high < MIS and (high - BID0) // 5 + 6 < v.min_bid):
        h.redeal = True
        h.events.append({"type": "redeal", "reason": "all_pass" if high < 0 else "inkle"})
        h.finish()
        return
    h.contract_won(h.high_seat, high)
