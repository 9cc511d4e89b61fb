"""The searching bot of 500 (the "Club" and "Fort" levels): calls and card play by
sampling.

``choose_searched(hand, seat, rng, samples=..., max_seconds=..., max_nodes=...)``
returns a legal action in record notation, like the rule-of-thumb bot
(:mod:`games.engine.bots`) whose place it takes for the auction and the card play:

* a call in the auction, the breach round or the partner call: candidate calls each tried on
  ``samples`` deals of the unseen cards played out by the rules of thumb, the best
  mean margin (:func:`games.engine.bid_search.bid_by_rollouts`);
* a card to play, when more than one is legal (at five and six players only in the
  last five or four cards, ``CARDS_SEARCHED``): the best mean over ``samples`` deals
  consistent with what ``seat`` has seen (:func:`games.engine.sampling.
  card_values`), each solved open-handed within ``max_nodes``;
* a claim instead of that card when those same deals, every one solved exactly, give
  ``seat``'s team every remaining trick, and as many fresh deals again say so too
  (:func:`games.engine.sampling.claim_holds`, within what is left of the decision's
  time), the rules letting it claim now (:mod:`games.engine.claims`): the hand ends
  sooner for the people at the table;
* the answer to another side's claim: ``accept`` when the claim holds in every one of
  ``samples`` deals ``seat`` imagines (:func:`games.engine.sampling.claim_holds`),
  else ``refuse``;
* any of these decisions within ``max_seconds`` (None: no time limit, the choice then
  depends on ``rng`` alone);
* everything else (the discards, naming a joker before the first lead): the rule of
  thumb. A misère's cards are searched like any other: the solver's declarer avoids
  tricks there and the others try to give him one.

``searches(hand)`` says whether a decision would search (the live runner runs those
off its event loop). ``card_thoughts(hand, rng, ...)`` shows a search's working: the
mean per legal card behind the choice, for a replay's "what would the bot play here".
Pure Python: no Django.
"""

from __future__ import annotations

import random
import time

from . import claims
from .actions import ACTION_STR, CLAIM
from .bid_search import (
    CALL_PHASES,
    bid_by_rollouts,
    call_candidates,
    call_margins,
    chosen_call,
    thumb_call,
)
from .bots import choose_action
from .hand import Phase
from .sampling import card_values, claim_holds

__all__ = [
    "answers_claim",
    "call_thoughts",
    "card_thoughts",
    "choose_searched",
    "searches",
    "searches_calls",
    "searches_cards",
]


#: Per player count, the most cards a hand may hold for its play to be searched (else
#: the rule of thumb's card). At five and six players the solves are seldom exact
#: within "Fort"'s budget before the last cards (five players: 62% with five cards
#: left, all with four; six: 7% with five left, 43% with four, all with three); a
#: search a trick or two deep with a top-cards count at its leaves stands in for them,
#: and it gained nothing measurable over the rule of thumb's card at five players
#: (+4.9 against +4.6 per deal with the calls alone, same 79 deals) while taking the
#: whole second.
CARDS_SEARCHED = {5: 5, 6: 4}


def searches_cards(hand) -> bool:
    """Whether the seat to act has a card to choose out of several (the play), in a
    hand small enough to search (``CARDS_SEARCHED``)."""
    if hand.phase is not Phase.PLAY or hand.claim_wait:
        return False
    if len(hand.hands[hand.to_act_i]) > CARDS_SEARCHED.get(hand.variant.n, 10):
        return False
    return len([a for a in hand.legal_actions() if not a.startswith("name:")]) > 1


def searches_calls(hand) -> bool:
    """Whether the seat to act has calls to weigh in the auction, the breach round or
    the partner call (more than one candidate, ``games.engine.bid_search.
    call_candidates``)."""
    return (
        hand.phase in CALL_PHASES and len(hand.legal_codes()) > 1 and len(call_candidates(hand)) > 1
    )


def answers_claim(hand) -> bool:
    """Whether the seat to act is to accept or refuse another side's claim."""
    return hand.phase is Phase.PLAY and bool(hand.claim_wait)


def searches(hand) -> bool:
    """Whether the seat to act would choose its action by a search: a call in the
    auction, the breach round or the partner call, a card to play out of several, or
    the answer to a claim."""
    return searches_calls(hand) or searches_cards(hand) or answers_claim(hand)


def choose_searched(
    hand,
    seat: str,
    rng: random.Random,
    *,
    samples: int,
    max_seconds: float | None,
    max_nodes: int | None = 20000,
) -> str:
    """The action of ``seat`` (to act): a sampled card choice where ``searches`` says
    so, else the rule of thumb's. A search that finds no consistent deal (it gives up
    after its tries) falls back to the rule of thumb too."""
    if searches_calls(hand):
        return bid_by_rollouts(hand, rng, samples=samples, max_seconds=max_seconds)
    if answers_claim(hand):
        holds = claim_holds(hand, hand.to_act_i, samples, rng, max_nodes, max_seconds)
        return "accept" if holds else "refuse"
    if not searches_cards(hand):
        return choose_action(hand, seat, rng)
    legal = hand.legal_actions()
    seat_i = hand.to_act_i
    end = None if max_seconds is None else time.monotonic() + max_seconds
    try:
        values = card_values(hand, seat_i, samples, rng, max_nodes, max_seconds)
    except ValueError:
        return choose_action(hand, seat, rng)
    if (
        values.claims
        and values.samples == samples
        and claims.refusal_error(hand, CLAIM) is None
        and claim_holds(
            hand,
            seat_i,
            samples,
            rng,
            max_nodes,
            None if end is None else end - time.monotonic(),
            claimer=seat_i,
        )
    ):
        return "claim"
    action = ACTION_STR[values.best]
    return action if action in legal else choose_action(hand, seat, rng)


def card_thoughts(
    hand,
    rng: random.Random,
    *,
    samples: int,
    max_seconds: float | None,
    max_nodes: int | None = 20000,
) -> dict | None:
    """What the searching bot in the seat to act makes of its legal cards, as plain
    values (None where it would not search, ``searches``)::

        {"seat": "N", "misere": False, "samples": 32, "exact": True, "best": "JH",
         "cards": [{"action": "JH", "card": "JH", "mean": 6.4}, ...]}

    ``cards`` lists every legal card, best first (a joker led at no trump is one entry
    per suit it may ask for, its action ``"JK:H"``); ``mean``: outside misère, the
    tricks the seat's side takes over the hand, on average over the sampled deals; in
    misère, the declarer's tricks (play stops at his first: the share of deals where
    the misère fails). A search that finds no consistent deal gives None."""
    if not searches_cards(hand):
        return None
    seat = hand.to_act_i
    try:
        values = card_values(hand, seat, samples, rng, max_nodes, max_seconds)
    except ValueError:
        return None
    legal = set(hand.legal_actions())
    order = sorted(values.means, key=lambda c: (-values.means[c], c))
    cards = [
        {
            "action": ACTION_STR[code],
            "card": ACTION_STR[code].split(":")[0],
            "mean": round(values.side_tricks[code], 2),
        }
        for code in order
        if ACTION_STR[code] in legal
    ]
    return {
        "seat": hand.to_act,
        "misere": values.misere,
        "samples": values.samples,
        "exact": values.exact,
        "best": cards[0]["action"] if cards else None,
        "cards": cards,
    }


def call_thoughts(
    hand, rng: random.Random, *, samples: int, max_seconds: float | None
) -> dict | None:
    """What the searching bot in the seat to act makes of its calls in the auction, as
    plain values (None where it has no call to choose, ``searches_calls``)::

        {"seat": "N", "calls": [{"action": "8H", "mean": 112.5}, ...], "best": "8H",
         "thumb": "7H", "samples": 16}

    ``calls``: the candidates tried (``games.engine.bid_search``), best mean first;
    ``mean``: the seat's side's score minus the others' over the sampled deals, played
    out by the rules of thumb; ``best``: the call it makes (the rule of thumb's,
    ``thumb``, unless another is clearly ahead)."""
    if not searches_calls(hand):
        return None
    margins = call_margins(hand, rng, samples=samples, max_seconds=max_seconds)
    tried = {code: m for code, m in margins.items() if m}
    if not tried:
        return None
    means = {code: sum(m) / len(m) for code, m in tried.items()}
    order = sorted(means, key=lambda c: (-means[c], c))
    return {
        "seat": hand.to_act,
        "calls": [{"action": ACTION_STR[c], "mean": round(means[c], 1)} for c in order],
        "best": ACTION_STR[chosen_call(hand, tried)],
        "thumb": ACTION_STR[thumb_call(hand)],
        "samples": len(next(iter(tried.values()))),
    }
