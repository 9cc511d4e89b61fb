"""Deals consistent with one seat's view, and the first card choice by sampling."""

from __future__ import annotations

import random
import time

from games.engine.actions import NAME_JOKER
from games.engine.sampling import best_card_by_sampling, card_values, deal_unseen, voids
from games.engine.search_bot import card_thoughts
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


def test_card_values_value_every_legal_card_and_agree_with_the_choice():
    """``card_values`` gives every legal card (not a joker's naming) a mean, the same
    seed's choice is its best, and each card's tricks for the seat's side lie between
    the tricks its side has taken and the whole hand; outside misère they rank the
    cards as the means do (more tricks for one's side is better)."""
    for h in _positions()[::7]:
        seat = h.to_act_i
        values = card_values(h, seat, 4, random.Random(3))
        assert set(values.means) == {c for c in h.legal_codes() if c < NAME_JOKER}
        assert values.best == best_card_by_sampling(h, seat, 4, random.Random(3))
        assert values.samples == 4
        whole = len(h.tricks) + len(h.hands[seat])
        for code, tricks in values.side_tricks.items():
            assert 0 <= tricks <= whole
            if not values.misere:
                best = values.side_tricks[values.best]
                assert tricks <= best + 1e-9, (code, tricks, best)


def test_card_thoughts_list_the_legal_cards_best_first_or_nothing_outside_the_play():
    """In the play, every legal card once, in record notation, best first, with the
    seat to act and the number of deals; in the auction, nothing (no search)."""
    from games.engine import get_variant, new_hand

    h = new_hand(get_variant("quebec", {"players": 4}), dealer="N", seed=8)
    assert card_thoughts(h, random.Random(1), samples=4, max_seconds=None) is None
    for h in _positions()[::11]:
        answer = card_thoughts(h, random.Random(2), samples=4, max_seconds=None)
        legal = [a for a in h.legal_actions() if not a.startswith("name:")]
        if len(legal) < 2:  # one card to play: nothing to think about
            assert answer is None
            continue
        assert sorted(c["action"] for c in answer["cards"]) == sorted(legal)
        assert answer["best"] == answer["cards"][0]["action"]
        assert answer["seat"] == h.to_act and answer["samples"] == 4
        for card in answer["cards"]:
            assert card["action"].split(":")[0] == card["card"]


def test_the_samples_leave_room_for_what_a_solve_runs_past_its_share(monkeypatch):
    """Each sample's share of the time left is less the most a solve has overrun its
    share so far: solves that each run 10 ms past their share (a fake clock) still end
    the decision by its budget, every sample solved."""
    from types import SimpleNamespace

    from games.engine import sampling

    clock = [0.0]
    monkeypatch.setattr(sampling, "time", SimpleNamespace(monotonic=lambda: clock[0]))

    def overrunning(pos, *, max_nodes, max_seconds):
        clock[0] += max_seconds + 0.010
        return solve(pos, max_nodes=200)

    monkeypatch.setattr(sampling, "solve", overrunning)
    h = _positions()[0]
    values = card_values(h, h.to_act_i, 8, random.Random(1), 200, 0.2)
    assert values.samples == 8
    assert clock[0] <= 0.2 + 1e-9
