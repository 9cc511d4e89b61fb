"""450 bots: always legal, from what their seat sees; better than random-legal play."""

import random
import statistics

import pytest

from games.engine.four_fifty import new_round
from games.engine.four_fifty.bots import choose_action, choose_code


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_bots_play_whole_rounds_legally(players):
    for seed in range(30):
        rnd = new_round(players, "P1", seed=seed, set_aside=seed % 2 == 0)
        rng = random.Random(seed)
        while not rnd.is_done:
            action = choose_action(rnd, rnd.to_act, rng)
            assert action in rnd.legal_actions()
            rnd.apply(action)


def test_the_bot_reads_only_its_view_and_what_was_shown_at_the_deal():
    rnd = new_round(4, "P4", seed=3)
    rnd.apply("hide")
    view = rnd.view_for("P1")
    # same answer from the view dict and the remembered deal as from the round
    assert choose_action(view, "P1", random.Random(1), shown=rnd.shown_at_deal()) == (
        choose_action(rnd, "P1", random.Random(1))
    )
    with pytest.raises(ValueError):
        choose_action(rnd, "P2")


def test_a_major_sequence_is_always_announced():
    from .util import make_round

    rnd = make_round(hands={"P1": "9H 10H JH QH KH 7C 8D 9S".split()}, discards=[])
    assert choose_action(rnd, "P1") == "major:9H,10H,JH,QH,KH"


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_a_bot_among_random_players_scores_more_per_round(players):
    bot_points, random_points = [], []
    for seed in range(150):
        rnd = new_round(players, f"P{seed % players + 1}", seed=seed)
        bot = f"P{(seed // players) % players + 1}"
        rng = random.Random(seed)
        while not rnd.is_done:
            seat = rnd.to_act
            legal = rnd.legal_actions()
            rnd.apply(choose_action(rnd, seat, rng) if seat == bot else rng.choice(legal))
        points = rnd.result().to_dict()["points"]
        bot_points.append(points.pop(bot))
        random_points += points.values()
    assert statistics.mean(bot_points) > 1.2 * statistics.mean(random_points)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_fast_path_chooses_what_the_view_path_chooses(players):
    """``choose_code(rnd)`` (the searching bot's play-outs) is the rules of thumb's
    choice for the seat to act, as an action int: the same at every decision, whatever
    the jack of spades' rule and the five-player deal."""
    for seed in range(25):
        options = {"jack_of_spades": "base_hand"} if seed % 3 == 0 else None
        rnd = new_round(players, "P1", seed=seed, set_aside=seed % 2 == 0, options=options)
        while not rnd.is_done:
            code = choose_code(rnd)
            assert rnd.action_str(code) == choose_action(rnd, rnd.to_act, random.Random(0))
            rnd.apply_code(code)
