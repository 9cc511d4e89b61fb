"""Deals consistent with one seat's view, and the first card choice by sampling."""

from __future__ import annotations

import random
import time

from games.engine.actions import NAME_JOKER
from games.engine.sampling import best_card_by_sampling, deal_unseen, voids
from games.engine.solver import position_from_hand, solve

from .solver_util import play_position


def _positions():
    out = []
    for players in (2, 3, 4, 5, 6):
        for kind in ("suit", "nt"):
            for seed in range(12):
                h = play_position("quebec", players, kind, seed, 4, in_trick=seed % players)
                if h is not None:
                    out.append(h)
    for seed in range(40):
        h = play_position("australian", 4, "mis", seed, 5, in_trick=1)
        if h is not None:
            out.append(h)
    return out


def test_every_sample_is_consistent_with_the_seats_view():
    """Each sample keeps the seat's own hand, gives every other seat its card count,
    deals no card the seat has seen (played, own, own discards) and none of a suit a
    seat has shown void in; the play's voids hold in the real deal too."""
    rng = random.Random(5)
    for h in _positions():
        shown = voids(h)
        for i, cards in enumerate(h.hands):  # the inference is right on the real deal
            assert not {h.eff[c] for c in cards} & shown[i]
        seat = h.to_act_i
        played = {c for _, cards, _, _, _ in h.tricks for c in cards} | set(h.trick)
        for _ in range(5):
            hands = deal_unseen(h, seat, rng)
            assert hands[seat] == tuple(sorted(h.hands[seat]))
            assert [len(x) for x in hands] == [len(x) for x in h.hands]
            dealt = [c for i, x in enumerate(hands) if i != seat for c in x]
            assert len(dealt) == len(set(dealt))
            assert not set(dealt) & (played | set(h.hands[seat]))
            if seat == h.declarer:
                assert not set(dealt) & set(h.discards)
            assert set(dealt) <= set(h.variant.deck_cards)
            for i, x in enumerate(hands):
                assert not {h.eff[c] for c in x} & shown[i]


def test_samples_are_reproducible_from_the_seed():
    """The same seed gives the same samples."""
    for h in _positions()[:10]:
        a = [deal_unseen(h, h.to_act_i, random.Random(9)) for _ in range(2)]
        assert a[0] == a[1]


def test_best_card_by_sampling_plays_a_legal_card_reproducibly():
    """The sampled choice is a legal play, the same for the same seed."""
    for h in _positions()[::9]:
        seat = h.to_act_i
        first = best_card_by_sampling(h, seat, 4, random.Random(3))
        assert first in [c for c in h.legal_codes() if c < NAME_JOKER]
        assert best_card_by_sampling(h, seat, 4, random.Random(3)) == first


def test_best_card_by_sampling_keeps_within_its_time_budget():
    """With ``max_seconds`` a first-trick decision over many samples (unbounded, minutes
    of search) returns a legal card within about its budget."""
    h = next(
        h
        for seed in range(40)
        if (h := play_position("quebec", 4, "suit", seed, 10)) is not None
        and len(h.hands[h.to_act_i]) == 10
    )
    seat = h.to_act_i
    start = time.monotonic()
    code = best_card_by_sampling(h, seat, 20, random.Random(3), max_nodes=None, max_seconds=0.3)
    assert time.monotonic() - start < 2.0  # the budget, and slack for a loaded machine
    assert code in [c for c in h.legal_codes() if c < NAME_JOKER]


def test_a_misere_declarer_searching_plays_to_avoid_tricks():
    """In misère the declarer wants no trick: over seeded positions where his cards do
    not all come to the same (open-hand, true deal), sampling picks one that takes the
    fewest in nearly all of them (the opposite objective would pick the most)."""
    fewest = most = found = 0
    for players in (3, 4):
        for preset in ("australian", "american"):
            for seed in range(1500):
                h = play_position(preset, players, "mis", seed, 5, in_trick=seed % players)
                if h is None or h.to_act_i != h.declarer:
                    continue
                values = solve(position_from_hand(h)).move_values
                if len(set(values.values())) < 2:
                    continue
                found += 1
                chosen = values[best_card_by_sampling(h, h.to_act_i, 12, random.Random(seed))]
                fewest += chosen == min(values.values())
                most += chosen == max(values.values())
    assert found >= 30
    assert fewest >= 0.8 * found and most <= 0.15 * found, (found, fewest, most)
