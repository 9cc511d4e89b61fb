"""450's searching discards (``games.engine.four_fifty.search``): the deals it imagines
are consistent with everything its seat saw, and it chooses a legal discard from them."""

from __future__ import annotations

import random

import pytest

from games.engine.four_fifty import new_round
from games.engine.four_fifty.bots import choose_action
from games.engine.four_fifty.cards import CARD_OF, IS_SPADE, RANK, SUIT
from games.engine.four_fifty.deal import Deal
from games.engine.four_fifty.round import Round
from games.engine.four_fifty.search import (
    Knowledge,
    choose_searched,
    discard_thoughts,
    searches,
)


def _positions(players: int, seeds: range, every: int = 3):
    """Rounds stopped at some of their searched discards (rule-of-thumb play)."""
    for seed in seeds:
        rnd = new_round(players, "P1", seed=seed, set_aside=seed % 2 == 0)
        rng = random.Random(seed)
        k = 0
        while not rnd.is_done:
            if searches(rnd):
                k += 1
                if k % every == 0:
                    yield rnd
            rnd.apply(choose_action(rnd, rnd.to_act, rng))


def _replays(original: Round, world: Round) -> bool:
    """Whether every action of ``original`` is legal again from ``world``'s cards:
    the hands as dealt (the world's hands and the cards each seat discarded), the
    world's pot."""
    n = original.n
    hands = [list(h) for h in world.hands]
    for k, card in enumerate(original.pile):
        hands[(original.lanceur + k) % n].append(card)
    pot = tuple(world.pot[1:]) if original.deal.leftover else tuple(world.pot)
    deal = Deal(
        tuple(map(tuple, hands)),
        original.deal.visible,
        pot,
        original.deal.aside,
        original.deal.leftover,
    )
    again = Round(original.rules, original.dealer, original.secretary, original.double_face, deal)
    try:
        for action in original.actions:
            again.apply_code(action)
    except Exception:
        return False
    return again.public_events() == original.public_events()


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_imagined_deal_makes_every_discard_of_the_round_legal_again(players):
    """Deals drawn for the seat to act: its own hand and the known cards unchanged, the
    other hands and the pot dealt again, and the round's discards all legal with them."""
    worlds = 0
    for rnd in _positions(players, range(12)):
        me = rnd.to_act_i
        knowledge = Knowledge(rnd, me)
        for t in range(4):
            world = knowledge.deal(random.Random(t))
            assert world.hands[me] == rnd.hands[me]
            assert world.pot[0] == rnd.pot[0]
            assert [len(h) for h in world.hands] == [len(h) for h in rnd.hands]
            assert len(world.pot) == len(rnd.pot)
            for s in range(players):
                if s != me:  # the cards shown at the deal stay with their holder
                    held = set(rnd.deal.visible[s]) - set(rnd.pile)
                    assert held <= set(world.hands[s])
            assert _replays(rnd, world)
            worlds += 1
    assert worlds > 20


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_what_a_discard_shows_is_true_of_the_real_hands(players):
    """The cards the seat's reading of the discards excludes from a hand are never in it."""
    for rnd in _positions(players, range(20), every=1):
        knowledge = Knowledge(rnd, rnd.to_act_i)
        for s, excluded in enumerate(knowledge.excluded):
            assert not excluded & set(rnd.hands[s])


def test_a_player_who_did_not_follow_is_dealt_no_card_that_follows():
    """P2 discards a heart on the lanceur's 9 of clubs: he holds no club and no 9
    (nor the 9 of spades, which would have cut), in every deal P3 imagines."""
    for seed in range(400):
        rnd = new_round(4, "P4", seed=seed)
        rnd.apply("hide")
        first = next((c for c in rnd.hands[0] if not IS_SPADE[c]), None)
        if first is None:
            continue
        rnd.apply(rnd.action_str(first))
        legal = [CARD_OF[a] for a in rnd.legal_actions() if not a.startswith("major:")]
        off = [c for c in legal if RANK[c] != RANK[first] and SUIT[c] != SUIT[first]]
        if off and len(off) == len(legal):
            break
    else:
        pytest.fail("no seeded deal where P2 cannot follow the first discard")
    rnd.apply(rnd.action_str(off[0]))
    knowledge = Knowledge(rnd, 2)
    follows = {
        c
        for c in knowledge.unknown
        if (RANK[c] == RANK[first] or SUIT[c] == SUIT[first]) and not IS_SPADE[c]
    } | {c for c in knowledge.unknown if IS_SPADE[c] and RANK[c] == RANK[first]}
    assert follows and follows <= knowledge.excluded[1]
    for t in range(20):
        assert not follows & set(knowledge.deal(random.Random(t)).hands[1])


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_searched_discards_are_legal_and_the_same_for_the_same_seed(players):
    for rnd in _positions(players, range(3), every=2):
        seat = rnd.to_act
        action = choose_searched(rnd, seat, random.Random(5), samples=3, max_seconds=None)
        assert action in rnd.legal_actions()
        assert action == choose_searched(rnd, seat, random.Random(5), samples=3, max_seconds=None)


def test_the_search_leaves_the_round_as_it_was():
    rnd = next(_positions(4, range(1, 2), every=2))
    before = (rnd.to_record(), rnd.view_for(rnd.to_act))
    choose_searched(rnd, rnd.to_act, random.Random(1), samples=4, max_seconds=None)
    assert (rnd.to_record(), rnd.view_for(rnd.to_act)) == before


def test_the_thoughts_give_every_legal_discard_its_mean_points_best_first():
    rnd = next(_positions(4, range(2, 3), every=2))
    seat = rnd.to_act
    thoughts = discard_thoughts(rnd, seat, random.Random(3), samples=4, max_seconds=None)
    assert thoughts["samples"] == 4
    cards = [c["card"] for c in thoughts["cards"]]
    assert sorted(cards) == sorted(rnd.legal_actions())
    points = [c["points"] for c in thoughts["cards"]]
    assert points == sorted(points, reverse=True)
    assert thoughts["choice"] == cards[0]
    # the same seed chooses the same card
    assert choose_searched(rnd, seat, random.Random(3), samples=4, max_seconds=None) == cards[0]


def test_a_clock_that_runs_out_stops_the_search_after_one_deal():
    rnd = next(_positions(4, range(2, 3), every=2))
    ticks = iter(range(0, 1000, 10))
    thoughts = discard_thoughts(
        rnd, rnd.to_act, random.Random(3), samples=32, max_seconds=1.0, clock=lambda: next(ticks)
    )
    assert thoughts["samples"] == 1


def test_the_search_decides_only_discards_with_a_choice():
    rnd = new_round(4, "P4", seed=7)
    assert not searches(rnd)  # the dealer hides the cards shown
    assert choose_searched(rnd, "P4", random.Random(1)) == "hide"
    rnd.apply("hide")
    while not rnd.is_done and not rnd.phase == "pot":
        legal = rnd.legal_actions()
        majors = any(a.startswith("major:") for a in legal)
        assert searches(rnd) == (len(legal) > 1 and not majors)
        rnd.apply(choose_action(rnd, rnd.to_act, random.Random(1)))
