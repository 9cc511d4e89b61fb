"""The searching bot's discards for 450: sampled deals, each played out.

A discard is chosen as the strong card programs choose a card (perfect-information
Monte Carlo, as the 500 searching bot in ``games.engine.search_bot``): deal the cards
the bot cannot see again, consistently with everything it has seen, then for each
legal discard play the round out on that deal with the rules of thumb
(``bots.choose_code``) in every seat, its own included, and keep the discard whose
mean final points for the bot are the highest. Every discard is tried on the same
deals (the rules of thumb draw no dice), so the comparison measures the discard, not
the luck of the draw.

What the bot knows (:class:`Knowledge`) is what its seat saw:

* its own hand, the pile, the cards set aside, the pot's top card (dealt face up);
* the cards dealt face up to the others, and the major sequences they announced,
  while those cards are not on the pile;
* what each discard of the others shows: a player who did not follow, did not cut or
  did not play a spade when the rules bound him to holds none of the cards that
  would have bound him. :func:`Knowledge` reads it from the rules themselves
  (``discard.situation``): a card ``x`` is excluded from a player's hand if ``x``
  beside the card he discarded would have made that discard illegal. The rules'
  legal sets are "the first kind of card the hand holds, in an order of priority",
  so this pairwise test is exact: a deal passes it for every card and every discard
  exactly when every discard of the round would have been legal with its hands.

The other decisions of a round (the dealer's ``hide``, the five-player lanceur's
choice, the master's pot card, announcing a major sequence) keep the rules of thumb.

``choose_searched(rnd, seat, rng, samples, max_seconds)`` -> an action in record
notation; ``discard_thoughts(...)`` -> the mean points per legal discard (the replay's
"what would the bot play here").
"""

from __future__ import annotations

import random
import time
from typing import Any, Callable

from .actions import HIDE
from .bots import choose_action, choose_code
from .cards import CODE, PACK, sort_key
from .discard import apply_discard, situation
from .phase import Phase
from .round import Round


def searches(rnd: Round) -> bool:
    """Whether the decision of the seat to act is one the search makes: a discard
    with a choice, when no major sequence can be announced (always announced)."""
    if rnd.phase is not Phase.DISCARD:
        return False
    legal = rnd.legal_codes()
    return len(legal) > 1 and all(a < HIDE for a in legal)


class _Shadow:
    """The public state of the discards, replayed card by card: what ``situation``
    and ``apply_discard`` read, with a hand of one or two cards put in for the
    question asked."""

    def __init__(self, rnd: Round):
        self.rules = rnd.rules
        self.hands: list[list[int]] = [[] for _ in range(rnd.n)]
        self.to_act_i = rnd.lanceur
        self.pile: list[int] = []
        self.events: list[dict[str, Any]] = []
        self.spade_launcher = -1
        self.spade_left = 0
        self.spade_best = False
        self.last_spade = -1
        self.streak_suit = -1
        self.streak_len = 0

    def allows(self, seat: int, card: int, beside: int) -> bool:
        """Whether ``seat`` could discard ``card`` now holding ``beside`` too."""
        self.to_act_i = seat
        self.hands[seat] = [card, beside]
        return card in situation(self)[1]  # type: ignore[arg-type]

    def discard(self, seat: int, card: int) -> None:
        """``seat`` discards ``card``: the kind of the discard is the one a hand of
        that card alone gives (the same as with the real hand, by the priority
        order), and the spade round and the Couleur run move on."""
        self.to_act_i = seat
        self.hands[seat] = [card]
        kind, _ = situation(self)  # type: ignore[arg-type]
        apply_discard(self, kind, card)  # type: ignore[arg-type]


class Knowledge:
    """What ``seat`` knows of the cards of ``rnd`` it cannot see, and the deals
    consistent with it (:meth:`deal`)."""

    def __init__(self, rnd: Round, seat: int):
        self.rnd = rnd
        self.seat = seat
        n = rnd.n
        on_pile = set(rnd.pile)
        known_held: list[set[int]] = [set() for _ in range(n)]
        for s in range(n):
            if s == seat:
                continue
            shown = set(rnd.deal.visible[s]) | set(rnd.announced.get(s, ()))
            known_held[s] = shown - on_pile
        seen = set(rnd.hands[seat]) | on_pile | set(rnd.aside)
        seen.add(rnd.pot[0])
        for cards in known_held:
            seen |= cards
        self.known_held = known_held
        self.unknown = [c for c in PACK if c not in seen]
        self.slots = [0 if s == seat else len(rnd.hands[s]) - len(known_held[s]) for s in range(n)]
        self.excluded = self._excluded()

    def _excluded(self) -> list[set[int]]:
        """Per seat, the unknown cards its discards show it does not hold."""
        rnd = self.rnd
        shadow = _Shadow(rnd)
        out: list[set[int]] = [set() for _ in range(rnd.n)]
        for k, card in enumerate(rnd.pile):
            s = (rnd.lanceur + k) % rnd.n
            if s != self.seat:
                out[s].update(x for x in self.unknown if not shadow.allows(s, card, x))
            shadow.discard(s, card)
        return out

    def deal(self, rng: random.Random, tries: int = 64) -> Round:
        """A copy of the round with the unseen cards dealt again, consistent with
        what the seat knows (the most constrained hands served first, dealt again
        on a dead end; after ``tries`` dead ends, the exclusions are dropped: a
        deal the bot cannot make consistent is better than none)."""
        order = sorted(
            (s for s, k in enumerate(self.slots) if k > 0),
            key=lambda s: len(self.excluded[s]),
            reverse=True,
        )
        for attempt in range(tries + 1):
            pool = list(self.unknown)
            rng.shuffle(pool)
            hands: dict[int, list[int]] = {}
            for s in order:
                banned = self.excluded[s] if attempt < tries else ()
                take = [c for c in pool if c not in banned][: self.slots[s]]
                if len(take) < self.slots[s]:
                    break
                hands[s] = take
                taken = set(take)
                pool = [c for c in pool if c not in taken]
            else:
                return self._world(hands, pool)
        raise AssertionError("unreachable: the last try drops every exclusion")

    def _world(self, hands: dict[int, list[int]], pot_rest: list[int]) -> Round:
        world = clone(self.rnd)
        for s, cards in hands.items():
            world.hands[s] = sorted(self.known_held[s] | set(cards), key=sort_key)
        world.pot = [self.rnd.pot[0], *pot_rest]
        return world


def clone(rnd: Round) -> Round:
    """An independent copy of a round, for a search to play on (what it shares is
    never changed in place: the rules, the deal, the events so far)."""
    copy = Round.__new__(Round)
    copy.__dict__.update(rnd.__dict__)
    copy.hands = [list(h) for h in rnd.hands]
    copy.pot = list(rnd.pot)
    copy.aside = list(rnd.aside)
    copy.pile = list(rnd.pile)
    copy.actions = list(rnd.actions)
    copy.events = list(rnd.events)
    copy.announced = dict(rnd.announced)
    copy._legal = None
    return copy


def _play_out(world: Round) -> tuple[int, ...]:
    """Every seat plays its rules of thumb to the end; the points by seat."""
    while not world.is_done:
        world.apply_code(choose_code(world))
    result = world.result()
    assert result is not None
    return result.points


def _evaluate(
    rnd: Round,
    seat: str,
    rng: random.Random,
    samples: int,
    max_seconds: float | None,
    clock: Callable[[], float],
) -> tuple[dict[int, float], int]:
    """(mean points of ``seat`` per legal discard, deals played)."""
    me = rnd.rules.seat_index[seat]
    candidates = [a for a in rnd.legal_codes() if a < HIDE]
    knowledge = Knowledge(rnd, me)
    totals = dict.fromkeys(candidates, 0.0)
    start = clock()
    played = 0
    while played < samples:
        world = knowledge.deal(rng)
        for action in candidates:
            w = clone(world)
            w.apply_code(action)
            totals[action] += _play_out(w)[me]
        played += 1
        if max_seconds is not None:
            spent = clock() - start
            # stop before a deal that might not end within the time (a deal costs
            # more than the mean when the machine is busy: half a deal kept in hand)
            if spent + 1.5 * spent / played > max_seconds:
                break
    return {a: t / played for a, t in totals.items()}, played


def choose_searched(
    rnd: Round,
    seat: str,
    rng: random.Random,
    samples: int = 8,
    max_seconds: float | None = 0.1,
    clock: Callable[[], float] = time.perf_counter,
) -> str:
    """The searching bot's action for ``seat`` (record notation): the discard with the
    best mean points over ``samples`` sampled deals (fewer if ``max_seconds`` runs
    out; at least one), the rule of thumb's choice on a tie; the rules of thumb
    where the search does not decide (:func:`searches`)."""
    thoughts = discard_thoughts(rnd, seat, rng, samples, max_seconds, clock)
    if thoughts is None:
        return choose_action(rnd, seat, rng)
    return thoughts["choice"]


def discard_thoughts(
    rnd: Round,
    seat: str,
    rng: random.Random,
    samples: int = 8,
    max_seconds: float | None = 0.1,
    clock: Callable[[], float] = time.perf_counter,
) -> dict[str, Any] | None:
    """What the searching bot makes of the discard of ``seat``: ``{"seat": "P2",
    "samples": n, "cards": [{"card": "9C", "points": 41.5}, ...]}`` best first (mean
    final points over the sampled deals), ``"choice"`` the card it would discard;
    None where the search does not decide."""
    if seat is None or seat != rnd.to_act or not searches(rnd):
        return None
    thumb = rnd.parse_action(choose_action(rnd, seat, rng))
    means, played = _evaluate(rnd, seat, rng, samples, max_seconds, clock)
    order = sorted(means, key=lambda a: (-means[a], a != thumb, a))
    return {
        "seat": seat,
        "samples": played,
        "choice": CODE[order[0]],
        "cards": [{"card": CODE[a], "points": round(means[a], 1)} for a in order],
    }
