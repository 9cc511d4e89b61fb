"""The searching bot's calls in the auction, the breach round and the partner call:
each candidate call tried on sampled deals.

``bid_by_rollouts(hand, rng, samples=...)`` returns the call of the seat to act in the
auction. A few candidate calls (pass, the rule of thumb's own call, and in the two
strains the hand is strongest in the cheapest legal bids, up to two levels above, none
beyond the hand's estimate and a level and a half; in the breach round, pass and
breach, which the score's breach points then weigh; for the partner card, going alone
and a few cards, the kitty the declarer took being known) are each tried on the same
``samples`` deals of the unseen cards (the others' hands and the kitty), the hand then
played to its end by every seat's rule of thumb (:mod:`games.engine.bots`: the rest of
the auction, the kitty, the play). A call's value on a deal is the seat's side's score
minus the other sides' (their mean, where each plays for himself); the same deals for
every candidate, so that their difference is not the luck of the deal.

The deals fit the calls so far: a deal on which a call made would have been illegal
(a pass by a seat dealt both jokers) is dealt again, and of up to ``DEAL_TRIES`` deals
the first on which the rule of thumb would have made every other seat's calls is kept
(else the one with the fewest it would not have made).

The call with the best mean is made instead of the rule of thumb's only when it is
ahead of it by more than ``CONFIDENCE`` standard errors over the same deals: the best
of several noisy means is otherwise too often a call that only looked good.

What it models: opponents and a partner who call and play as the rule of thumb does,
which the "Débutant" bots do exactly and members roughly. Pure Python: no Django;
seeded by ``rng`` (with ``max_seconds``, the number of deals depends on the machine).
"""

from __future__ import annotations

import random
import statistics
import time

from .actions import ACTION_STR, ALONE, BID0, CALL_OF, MIS, PARTNER0, PASS
from .bot_calls import _help, strength
from .bots import choose_action
from .cards import N_CARDS, NT, strain_tables
from .errors import IllegalActionError
from .hand import Hand, Phase

__all__ = [
    "CALL_PHASES",
    "bid_by_rollouts",
    "call_candidates",
    "call_margins",
    "call_values",
    "chosen_call",
    "thumb_call",
]

#: How many strains (the strongest by the rule of thumb's estimate) get candidate bids.
STRAINS_TRIED = 2
#: Levels tried per strain above its cheapest legal bid.
LEVELS_TRIED = 3
#: How far (in standard errors of the difference) a call must be ahead of the rule of
#: thumb's to be made instead.
CONFIDENCE = 1.0
#: The highest trumps the declarer may name that are tried as the partner card.
PARTNER_TRUMPS = 2
#: Deals tried for one sample that fits the calls so far.
DEAL_TRIES = 20


#: The phases whose calls are searched.
CALL_PHASES = (Phase.AUCTION, Phase.BREACH, Phase.PARTNER)


def thumb_call(h: Hand) -> int:
    """The rule of thumb's call for the seat to act (action code)."""
    return CALL_OF[choose_action(h, h.to_act, random.Random(0))]


def call_candidates(h: Hand) -> list[int]:
    """In the auction: pass, the rule of thumb's call, and in the strongest strains the
    cheapest legal bid and the next levels up (each at most the hand's estimate plus a
    level). In the breach round: pass and breach. For the partner card: going alone,
    the rule of thumb's card, and of the cards the declarer may name the ``PARTNER_TRUMPS``
    highest trumps and the highest card of each other suit (at no trump, of each
    suit)."""
    if h.phase is Phase.BREACH:
        return list(h.legal_codes())
    if h.phase is Phase.PARTNER:
        return _partner_candidates(h)
    legal = set(h.legal_codes())
    out = _quiet_call_and_thumb(h, PASS, legal)
    v = h.variant
    cards = h.hands[h.to_act_i]
    estimates = sorted(((strength(cards, s) + _help(v) + 0.4, s) for s in range(5)), reverse=True)
    for estimate, strain in estimates[:STRAINS_TRIED]:
        bids = sorted(c for c in legal if BID0 <= c < MIS and (c - BID0) % 5 == strain)
        for code in bids[:LEVELS_TRIED]:
            level = (code - BID0) // 5 + 6
            if level <= estimate + 1.5 and code not in out:
                out.append(code)
    return out


def _quiet_call_and_thumb(h: Hand, quiet: int, legal) -> list[int]:
    """The first candidates: ``quiet`` (pass; going alone) where legal, then the rule of
    thumb's call."""
    out = [quiet] if quiet in legal else []
    thumb = thumb_call(h)
    if thumb not in out:
        out.append(thumb)
    return out


def _partner_candidates(h: Hand) -> list[int]:
    legal = h.legal_codes()
    out = _quiet_call_and_thumb(h, ALONE, legal)
    strain = h.contract_strain if h.contract < MIS else NT  # misère: no trumps
    eff, power = strain_tables(strain)
    named = sorted(
        (c - PARTNER0 for c in legal if PARTNER0 <= c < PARTNER0 + N_CARDS),
        key=lambda c: -power[c],
    )
    picks = [c for c in named if eff[c] == strain][:PARTNER_TRUMPS] if strain < NT else []
    for suit in range(4):
        if suit != strain:
            picks += [c for c in named if eff[c] == suit][:1]
    for card in picks:
        if PARTNER0 + card not in out:
            out.append(PARTNER0 + card)
    return out


def _sample_deal(h: Hand, seat: int, rng: random.Random) -> tuple[list[list[int]], list[int]]:
    """Every seat's hand as dealt (``seat``'s own, the others' at random from the unseen
    cards) and a kitty (the one the declarer took, once he has: he has seen it), plus a
    dead hand at two players (last in the hands' list)."""
    own = set(h.hands[seat])
    taken = seat == h.declarer and h.phase is Phase.PARTNER
    unseen = [c for c in h.variant.deck_cards if c not in own]
    rng.shuffle(unseen)
    hands: list[list[int]] = []
    at = 0
    for i, cards in enumerate(h.hands):
        if i == seat:
            hands.append(sorted(own.difference(h.kitty) if taken else cards))
        else:
            hands.append(unseen[at : at + len(cards)])
            at += len(cards)
    kitty = list(h.kitty) if taken else unseen[at : at + len(h.kitty)]
    at += 0 if taken else len(kitty)
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


def call_margins(
    h: Hand,
    rng: random.Random,
    *,
    samples: int,
    max_seconds: float | None = None,
    fit: bool = True,
) -> dict[int, list[float]]:
    """Each candidate call of the seat to act (action code) and its margin on each
    sampled deal, in the same order for every call (``max_seconds``: no deal started
    that the slowest so far says would end past it; at least one deal)."""
    seat = h.to_act_i
    candidates = call_candidates(h)
    margins: dict[int, list[float]] = {code: [] for code in candidates}
    if len(candidates) == 1:
        return margins
    end = None if max_seconds is None else time.monotonic() + max_seconds
    done, slowest = 0, 0.0
    for _ in range(samples):
        started = time.monotonic()
        if end is not None and done and started + slowest >= end:
            break
        deal = _fitting_deal(h, seat, rng, fit)
        if deal is None:
            continue
        play_seed = rng.random()
        for code in candidates:
            sim = _rollout(h, deal, code, random.Random(play_seed))
            margins[code].append(_margin(sim, seat))
        done += 1
        slowest = max(slowest, time.monotonic() - started)
    return margins


def call_values(h: Hand, rng: random.Random, **budget) -> dict[int, float]:
    """Each candidate call (action code) and its mean margin (``call_margins``; a
    call never tried, 0)."""
    margins = call_margins(h, rng, **budget)
    return {code: (sum(m) / len(m) if m else 0.0) for code, m in margins.items()}


def chosen_call(h: Hand, margins: dict[int, list[float]]) -> int:
    """The call (action code) the searching bot makes from ``margins``
    (``call_margins``): the best mean (the lowest code among equals, so pass before
    any bid), made instead of the rule of thumb's own call only when it is ahead of it
    by more than ``CONFIDENCE`` standard errors of their difference over the same
    deals: with few deals, the best of many noisy means is too often a call that only
    looked good (and mostly a bid too high). A bid of every trick (ten) gets no such
    benefit of the doubt: the rule of thumb's is made only when the deals find it the
    best."""
    thumb = thumb_call(h)
    if not margins.get(thumb):
        return thumb
    means = {code: sum(m) / len(m) for code, m in margins.items()}
    best = max(sorted(means), key=lambda c: means[c])
    if best != thumb and not is_every_trick(thumb):
        diffs = [a - b for a, b in zip(margins[best], margins[thumb])]
        if len(diffs) > 1:
            spread = statistics.stdev(diffs) / len(diffs) ** 0.5
            if statistics.mean(diffs) <= CONFIDENCE * spread:
                best = thumb
    return best


def is_every_trick(code: int) -> bool:
    """Whether a call (action code) is a bid of ten tricks."""
    return BID0 <= code < MIS and (code - BID0) // 5 + 6 == 10


def bid_by_rollouts(
    h: Hand,
    rng: random.Random,
    *,
    samples: int,
    max_seconds: float | None = None,
    fit: bool = True,
) -> str:
    """The searching bot's call (record notation): ``chosen_call`` of ``call_margins``."""
    if h.phase not in CALL_PHASES:
        raise ValueError("not in the auction, the breach round or the partner call")
    margins = call_margins(h, rng, samples=samples, max_seconds=max_seconds, fit=fit)
    return ACTION_STR[chosen_call(h, margins)]
