"""``game_outcome``: a game's end and winner from its stored hand results."""

import random

import pytest

from games.engine import Game, game_outcome
from games.engine.bots import choose_action


@pytest.mark.parametrize(
    "variant,options",
    [
        ("quebec", {}),
        ("australian", {}),
        ("quebec", {"players": 5}),
        ("quebec", {"breach": True}),
        ("quebec", {"set_rule": True}),
        ("american", {"players": 3}),
    ],
)
def test_the_outcome_from_stored_results_is_the_games_own(variant, options):
    """Bots play whole games; after every hand, the outcome computed from the results'
    dicts alone equals the game's summary."""
    for seed in range(1, 4):
        rng = random.Random(seed)
        game = Game(variant, options, seed=seed)
        stored = []
        while True:
            hand = game.next_hand(rng.randrange(2**31))
            while not hand.is_done:
                hand.apply(choose_action(hand, hand.to_act, rng))
            stored.append(hand.result().to_dict())
            summary = game.summary()
            out = game_outcome(variant, options, stored)
            keys = ("totals", "is_over", "end_reason", "winner", "winners")
            assert out == {k: summary[k] for k in keys}
            if game.is_over or len(stored) > 60:
                break
        assert game.is_over
