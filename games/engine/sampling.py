"""Deals consistent with what one seat has seen, and a first card choice by sampling.

``deal_unseen(hand, seat, rng)`` gives every other seat a random hand of the right size
from the cards ``seat`` has not seen, respecting the voids the play has shown and the
cards the rules have revealed; ``card_values(hand, seat, samples, rng)`` solves each
sample open-handed (:mod:`games.engine.solver`) and averages each legal card's value,
and ``best_card_by_sampling`` plays the card with the best mean. The same samples say
whether ``seat`` may claim (``CardValues.claims``), and ``claim_holds`` whether a claim
made by another seat holds in every deal ``seat`` imagines. Seeded through ``rng``
(a ``random.Random``).

What a seat has seen: its own hand; every card played (finished tricks and the trick
in progress); its own discards when it declared (the other discards, the kitty and the
two-handed dead hand stay unseen: they are dealt to nobody); an open-misère hand once
laid face up, and a claimer's (a claim the engine could not find certain); at five
players, the partner card in its holder's hand once the holder is known. A seat that
did not follow the suit led is void in it (an unnamed no-trump joker says so only where
it may be played only when void, ``joker_nt_void_only``). Nor does
a seat know, at five players, who holds a partner card not yet shown (unless it is its
own): each sample's declaring side is the declarer's with that sample's holder of the
card (``side_in_sample``), never the engine's own record of the holder.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, replace

from .cards import NO_SUIT
from .solver import Position, makes, position_from_hand, solve

__all__ = [
    "CardValues",
    "best_card_by_sampling",
    "card_values",
    "claim_holds",
    "deal_unseen",
    "known_cards",
    "side_in_sample",
    "voids",
]


def voids(h) -> list[set[int]]:
    """Per seat, the effective suits its play has shown it holds none of."""
    out: list[set[int]] = [set() for _ in h.hands]
    tricks = [(cards, seats, led) for _, cards, seats, _, led in h.tricks]
    if h.trick:
        tricks.append((h.trick, h.trick_seats, h.led))
    eff, void_only = h.eff, h.variant.joker_nt_void_only
    for cards, seats, led in tricks:
        for card, seat in zip(cards[1:], seats[1:]):
            suit = eff[card]
            if suit != led and (suit != NO_SUIT or void_only):
                out[seat].add(led)
    return out


def known_cards(h, seat: int) -> dict[int, set[int]]:
    """Cards of other seats that ``seat`` knows: seat -> cards (open misère, a hand laid
    face up by a claim, the five-handed partner card once its holder is known)."""
    out: dict[int, set[int]] = {}
    if h.misere and h.revealed and h.declarer != seat:
        out[h.declarer] = set(h.hands[h.declarer])
    for shown in h.claim_shown:
        if shown != seat:
            out[shown] = set(h.hands[shown])
    if h.partner >= 0 and h.partner_known and h.partner != seat:
        if h.partner_card in h.hands[h.partner]:
            out.setdefault(h.partner, set()).add(h.partner_card)
    return out


def deal_unseen(h, seat: int, rng: random.Random, tries: int = 200) -> tuple[tuple[int, ...], ...]:
    """Every seat's hand: ``seat``'s own and known cards as they are, the unseen cards
    dealt at random to the others (right counts, shown voids respected)."""
    played = {c for _, cards, _, _, _ in h.tricks for c in cards} | set(h.trick)
    known = known_cards(h, seat)
    seen = played | set(h.hands[seat]) | {c for cards in known.values() for c in cards}
    if seat == h.declarer:
        seen |= set(h.discards)
    pool = [c for c in h.variant.deck_cards if c not in seen]
    shown_void = voids(h)
    eff = h.eff
    others = [i for i in range(len(h.hands)) if i != seat]
    need = {i: len(h.hands[i]) - len(known.get(i, ())) for i in others}
    for _ in range(tries):
        rng.shuffle(pool)
        # the most constrained cards first: those fewest seats may hold
        fits = {c: [i for i in others if eff[c] not in shown_void[i]] for c in pool}
        order = sorted(pool, key=lambda c: len(fits[c]))
        room = dict(need)
        spare = len(pool) - sum(need.values())  # cards dealt to nobody (discards, kitty)
        dealt: dict[int, list[int]] = {i: [] for i in others}
        ok = True
        for c in order:
            choices = [i for i in fits[c] if room[i] > 0] + ([-1] if spare > 0 else [])
            if not choices:
                ok = False
                break
            weights = [room[i] if i >= 0 else spare for i in choices]
            pick = rng.choices(choices, weights=weights)[0]
            if pick < 0:
                spare -= 1
            else:
                room[pick] -= 1
                dealt[pick].append(c)
        if ok and not any(room.values()):
            return tuple(
                tuple(sorted(h.hands[i]))
                if i == seat
                else tuple(sorted(dealt[i] + sorted(known.get(i, ()))))
                for i in range(len(h.hands))
            )
    raise ValueError("no deal consistent with the play found")


def side_in_sample(h, seat: int, base: Position, hands) -> frozenset[int]:
    """The declaring side as ``seat`` sees it in a sampled deal (``hands``): the
    position's own, except at five players while the partner card's holder is hidden
    from ``seat`` (not yet shown, not ``seat`` itself): the declarer's team with
    whoever holds the card in the sample (nobody: the declarer's team alone)."""
    if h.misere or h.partner < 0 or h.partner_known or h.partner == seat:
        return base.side
    v = h.variant
    side = set(v.teams[v.team_of[h.declarer]])
    holder = next((i for i, cards in enumerate(hands) if h.partner_card in cards), -1)
    if holder >= 0:
        side.add(holder)
    return frozenset(side)


@dataclass(frozen=True)
class CardValues:
    """What a sampled search found for ``seat``'s legal cards.

    ``means``: per play code, the mean value as ``seat`` weighs it (higher is better for
    ``seat``); ``side_tricks``: outside misère, the mean tricks of ``seat``'s side over
    the whole hand (its side in each sample: the declarer's or the defence); in misère,
    the mean tricks the declarer takes (play stops at his first); ``samples``: the deals
    solved; ``exact``: whether every solve was exact (no budget ran out); ``claims``:
    whether ``seat``'s team takes every remaining trick in every deal solved, exactly
    (never in misère: there are no claims there)."""

    means: dict[int, float]
    side_tricks: dict[int, float]
    samples: int
    exact: bool
    misere: bool
    claims: bool = False

    @property
    def best(self) -> int:
        """The play code with the best mean (the lowest code among equals)."""
        return max(sorted(self.means), key=lambda c: self.means[c])


def card_values(
    h,
    seat: int,
    samples: int,
    rng: random.Random,
    max_nodes: int | None = 20000,
    max_seconds: float | None = None,
) -> CardValues:
    """Each legal card of ``seat`` (to act) valued over ``samples`` consistent deals,
    each solved open-handed within ``max_nodes``.

    ``max_seconds`` bounds the whole decision: each sample gets an equal share of the
    time left (a solve past its share returns an estimate), less the most a solve has
    run past its share so far (the solver reads its clock every 128 nodes, and values
    the other moves after), and once the time is spent the samples solved so far decide
    (at least one is always solved). With it the values depend on the machine's speed,
    no longer only on ``rng``."""
    base: Position = position_from_hand(h)
    end = None if max_seconds is None else time.monotonic() + max_seconds
    # every trick of the hand: those played and one per card ``seat`` still holds
    whole = len(h.tricks) + len(h.hands[seat])
    totals: dict[int, float] = {}
    tricks: dict[int, float] = {}
    solved, exact, claims = 0, True, not h.misere
    overrun = 0.0  # the most a sample has taken past its share
    for done in range(samples):
        share = None
        if end is not None:
            started = time.monotonic()
            share = (end - started) / (samples - done) - overrun
            if share <= 0 and done:
                break
            share = max(share, 0.0)
        hands = deal_unseen(h, seat, rng)
        side = side_in_sample(h, seat, base, hands)
        pos = replace(base, hands=hands, side=side, taken=sum(h.tricks_won[s] for s in side))
        sol = solve(pos, max_nodes=max_nodes, max_seconds=share)
        if share is not None:
            overrun = max(overrun, time.monotonic() - started - share)
        solved += 1
        exact = exact and sol.exact
        claims = claims and sol.exact and _takes_the_rest(h, seat, pos, sol.tricks)
        # the values count the declaring side's tricks: ``seat`` maximises them on that
        # side (in this sample) and minimises them against it; in misère the declarer
        # minimises his own tricks and the others maximise them
        mine = seat in side
        sign = 1 if mine != pos.misere else -1
        for code, value in sol.move_values.items():
            totals[code] = totals.get(code, 0.0) + sign * value
            own = value if (mine or pos.misere) else whole - value
            tricks[code] = tricks.get(code, 0.0) + own
    return CardValues(
        means={c: t / solved for c, t in totals.items()},
        side_tricks={c: t / solved for c, t in tricks.items()},
        samples=solved,
        exact=exact,
        misere=base.misere,
        claims=claims,
    )


def _claim_side(h, claimer: int, side: frozenset[int]) -> bool | None:
    """Which side of a solved position a claim by ``claimer`` is about: True, the
    declaring side (``side``); False, the others. A claim is for the claimer's team
    (``games.engine.claims``): None where that team is neither whole side (at five
    players the declarer and his partner, at three the two defenders, play as a side
    but claim alone), so the solver's value cannot say."""
    team = frozenset(h.variant.teams[h.variant.team_of[claimer]])
    active = frozenset(i for i, on in enumerate(h.active) if on)
    if team == side & active:
        return True
    if team == active - side:
        return False
    return None


def _takes_the_rest(h, claimer: int, pos: Position, tricks: int) -> bool:
    """Whether a solved position's value (``tricks``: the declaring side's, ``taken``
    included) gives ``claimer``'s team every remaining trick; ``claimer`` is to act, so
    he holds one card per trick left, the one in progress included."""
    declaring = _claim_side(h, claimer, pos.side)
    if declaring is None:
        return False
    if declaring:
        return tricks == pos.taken + len(pos.hands[claimer])
    return tricks == pos.taken


def claim_holds(
    h,
    seat: int,
    samples: int,
    rng: random.Random,
    max_nodes: int | None = 20000,
    max_seconds: float | None = None,
    claimer: int | None = None,
) -> bool:
    """Whether a claim by ``claimer`` (None: the claim pending, ``h.claimer``'s, which
    ``seat`` is to answer; ``seat`` itself: the claim ``seat``, to act, thinks of
    making) holds in every one of ``samples`` deals consistent with what ``seat`` has
    seen: the claimer's team takes every remaining trick with best play by both sides,
    every hand visible (:func:`games.engine.solver.makes`). False as soon as one deal
    says otherwise, or cannot say within its share of ``max_nodes``/``max_seconds``, or
    when no consistent deal is found: a claim is made or accepted only when it is
    sure."""
    claimer = h.claimer if claimer is None else claimer
    base = replace(position_from_hand(h), to_act=claimer)
    left = len(h.hands[claimer])
    end = None if max_seconds is None else time.monotonic() + max_seconds
    for done in range(samples):
        share = None if end is None else (end - time.monotonic()) / (samples - done)
        if share is not None and share <= 0:
            return False
        try:
            hands = deal_unseen(h, seat, rng)
        except ValueError:
            return False
        side = side_in_sample(h, seat, base, hands)
        declaring = _claim_side(h, claimer, side)
        if declaring is None:
            return False
        pos = replace(base, hands=hands, side=side, taken=sum(h.tricks_won[s] for s in side))
        # the declaring side takes every trick left, or (a claim against it) not one
        need = pos.taken + left if declaring else pos.taken + 1
        made = makes(pos, need, max_nodes=max_nodes, max_seconds=share)
        if made is None or made != declaring:
            return False
    return True


def best_card_by_sampling(
    h,
    seat: int,
    samples: int,
    rng: random.Random,
    max_nodes: int | None = 20000,
    max_seconds: float | None = None,
) -> int:
    """The play code for ``seat`` (to act) with the best mean value over ``samples``
    consistent deals (:func:`card_values`, whose budgets it takes)."""
    return card_values(h, seat, samples, rng, max_nodes, max_seconds).best
