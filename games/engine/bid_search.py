"""The searching bot's calls in the auction: each candidate call tried on sampled deals.

``bid_by_rollouts(hand, rng, samples=...)`` returns the call of the seat to act in the
auction: a few candidate calls (pass, the rule of thumb's own call, and the cheapest
bids of the strains the hand is strongest in, one and two levels above), each tried on
the same ``samples`` deals of the unseen cards (the others' hands and the kitty, dealt
from what the seat has seen: its own cards; the calls so far are not read into the
deal), the hand then played to its end by every seat's rule of thumb
(:mod:`games.engine.bots`: the rest of the auction, the kitty, the play). A call's
value is the seat's side's score minus the other sides' (their mean, where each plays
for himself) averaged over the deals, the same deals for every candidate so that their
difference is not the luck of the deal; the best call is played.

What it models: opponents and a partner who call and play as the rule of thumb does,
which the "Débutant" bots do exactly and members roughly. A breach round is played
out as the rules of thumb play it. Pure Python: no Django; seeded by ``rng``.
"""

from __future__ import annotations

import random
import time

from .actions import ACTION_STR, BID0, CALL_OF, MIS, PASS
from .bot_calls import _help, strength
from .bots import choose_action
from .errors import IllegalActionError
from .hand import Hand, Phase

__all__ = ["bid_by_rollouts", "call_values"]

#: How many strains (the strongest by the rule of thumb's estimate) get candidate bids.
STRAINS_TRIED = 2
#: Levels tried per strain above its cheapest legal bid.
LEVELS_TRIED = 3
#: Deals tried for one sample that fits the calls so far.
DEAL_TRIES = 20


def _candidates(h: Hand, seat: int) -> list[int]:
    """Pass, the rule of thumb's call, and in the strongest strains the cheapest legal
    bid and the next levels up (each at most the hand's estimate plus a level)."""
    legal = set(h.legal_codes())
    out = [PASS] if PASS in legal else []
    thumb = CALL_OF[choose_action(h, h.to_act, random.Random(0))]
    if thumb not in out:
        out.append(thumb)
    v = h.variant
    cards = h.hands[seat]
    estimates = sorted(((strength(cards, s) + _help(v) + 0.4, s) for s in range(5)), reverse=True)
    for estimate, strain in estimates[:STRAINS_TRIED]:
        bids = sorted(c for c in legal if BID0 <= c < MIS and (c - BID0) % 5 == strain)
        for code in bids[:LEVELS_TRIED]:
            level = (code - BID0) // 5 + 6
            if level <= estimate + 1.5 and code not in out:
                out.append(code)
    return out


def _sample_deal(h: Hand, seat: int, rng: random.Random) -> tuple[list[list[int]], list[int]]:
    """Every seat's hand (``seat``'s own, the others' at random from the unseen cards)
    and a kitty, plus a dead hand at two players (last in the hands' list)."""
    own = set(h.hands[seat])
    unseen = [c for c in h.variant.deck_cards if c not in own]
    rng.shuffle(unseen)
    hands: list[list[int]] = []
    at = 0
    for i, cards in enumerate(h.hands):
        if i == seat:
            hands.append(sorted(cards))
        else:
            hands.append(unseen[at : at + len(cards)])
            at += len(cards)
    kitty = unseen[at : at + len(h.kitty)]
    at += len(kitty)
    if h.dead:
        hands.append(unseen[at : at + len(h.dead)])
    return hands, kitty


def _with_calls(h: Hand, deal, misfits: list[int] | None = None) -> Hand | None:
    """The hand on ``deal`` with the calls so far (None: the deal does not fit them,
    as a pass by a seat the deal gives both jokers, who must bid). ``misfits``: a list
    to which the number of calls the rule of thumb would have made otherwise on that
    deal is appended."""
    hands, kitty = deal
    sim = Hand(h.variant, h.dealer, [list(x) for x in hands], list(kitty), must_pass=h.must_pass)
    sim.want_events = False
    wrong = 0
    try:
        for code in h.calls:
            if misfits is not None and sim.to_act_i != h.to_act_i:
                wrong += CALL_OF.get(choose_action(sim, sim.to_act, random.Random(0))) != code
            sim.apply_code(code)
    except IllegalActionError:
        return None
    if misfits is not None:
        misfits.append(wrong)
    return sim


def _fitting_deal(h: Hand, seat: int, rng: random.Random, fit: bool):
    """A deal of the unseen cards that fits the calls so far: legal, and with ``fit``
    the one of ``DEAL_TRIES`` whose every other seat's calls the rule of thumb would
    have made, else the one with the fewest calls it would not have (None: none
    legal)."""
    best, fewest = None, None
    for _try in range(DEAL_TRIES):
        deal = _sample_deal(h, seat, rng)
        misfits: list[int] = []
        if _with_calls(h, deal, misfits if fit else None) is None:
            continue
        wrong = misfits[0] if fit else 0
        if fewest is None or wrong < fewest:
            best, fewest = deal, wrong
        if wrong == 0:
            break
    return best


def _rollout(h: Hand, deal, first: int, rng: random.Random) -> Hand:
    """The hand on ``deal`` with the calls so far, then ``first``, then everything by
    the rules of thumb, to its end."""
    sim = _with_calls(h, deal)
    sim.apply_code(first)
    while not sim.is_done:
        sim.apply(choose_action(sim, sim.to_act, rng))
    return sim


def _margin(sim: Hand, seat: int) -> float:
    """``seat``'s side's score minus the other sides' mean."""
    v = sim.variant
    score = sim.result().score
    mine = v.team_names[v.team_of[seat]]
    others = [points for name, points in score.items() if name != mine]
    return score.get(mine, 0) - (sum(others) / len(others) if others else 0)


def call_values(
    h: Hand,
    rng: random.Random,
    *,
    samples: int,
    max_seconds: float | None = None,
    fit: bool = True,
) -> dict[int, float]:
    """Each candidate call of the seat to act (action code) and its mean margin over
    the sampled deals (``max_seconds``: stop dealing once spent, at least one deal)."""
    seat = h.to_act_i
    candidates = _candidates(h, seat)
    if len(candidates) == 1:
        return {candidates[0]: 0.0}
    end = None if max_seconds is None else time.monotonic() + max_seconds
    totals = dict.fromkeys(candidates, 0.0)
    done = 0
    for _ in range(samples):
        if end is not None and done and time.monotonic() >= end:
            break
        deal = _fitting_deal(h, seat, rng, fit)
        if deal is None:
            continue
        play_seed = rng.random()
        for code in candidates:
            sim = _rollout(h, deal, code, random.Random(play_seed))
            totals[code] += _margin(sim, seat)
        done += 1
    if not done:
        return {candidates[0]: 0.0}
    return {code: total / done for code, total in totals.items()}


def bid_by_rollouts(
    h: Hand,
    rng: random.Random,
    *,
    samples: int,
    max_seconds: float | None = None,
    fit: bool = True,
) -> str:
    """The call (record notation) with the best mean margin (``call_values``); the
    lowest code among equals, so pass before any bid."""
    if h.phase is not Phase.AUCTION:
        raise ValueError("not in the auction")
    values = call_values(h, rng, samples=samples, max_seconds=max_seconds, fit=fit)
    best = max(sorted(values), key=lambda c: values[c])
    return ACTION_STR[best]
