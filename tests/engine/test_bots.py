"""Bots: legal in every variant, fast, and blind to what their seat cannot see."""

import copy
import random

import pytest

from games.engine import VARIANTS, new_hand, replay
from games.engine.bots import choose_action

from .util import make_hand


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_bots_play_legal_actions_to_the_end(variant):
    """Decision time is measured by bench/engine_bench.py, not asserted here."""
    for seed in range(40):
        hand = new_hand(variant, seed % 4, seed)
        rng = random.Random(seed)
        while not hand.is_done:
            action = choose_action(hand, hand.to_act, rng)
            assert action in hand.legal_actions()
            hand.apply(action)


def test_bot_decides_from_the_view_alone():
    hand = new_hand("quebec", "N", 5)
    view = hand.view_for(hand.to_act)
    assert choose_action(view, hand.to_act) == choose_action(hand, hand.to_act)


def test_bot_decision_does_not_depend_on_hidden_cards():
    """Swap two opponents' hidden cards: the bot's decision is the same."""
    rng = random.Random(3)
    checked = 0
    for seed in range(60):
        hand = new_hand("australian", seed % 4, seed)
        while not hand.is_done:
            seat = hand.to_act
            rec = hand.to_record()
            others = [s for s in hand.variant.seats if s != seat]
            a, b = others[0], others[1]
            swapped = copy.deepcopy(rec)
            swapped["hands"][a], swapped["hands"][b] = rec["hands"][b], rec["hands"][a]
            try:
                twin = replay(swapped)
            except ValueError:
                twin = None  # the swap made the recorded actions illegal
            if twin is not None and twin.view_for(seat)["hand"] == hand.view_for(seat)["hand"]:
                if twin.view_for(seat) == hand.view_for(seat):
                    assert choose_action(twin, seat, random.Random(1)) == choose_action(
                        hand, seat, random.Random(1)
                    )
                    checked += 1
            hand.apply(choose_action(hand, seat, rng))
    assert checked > 50


def test_strong_trump_hand_bids_and_weak_hand_passes():
    strong = make_hand(
        hands={"N": ["WJ", "BJ", "JH", "JD", "AH", "KH", "QH", "10H", "AS", "AC"]},
        calls=[],
    )
    call = choose_action(strong, "N")
    assert call.endswith("H") and int(call[:-1]) >= 8
    weak = make_hand(
        hands={"N": ["4S", "5S", "6C", "4C", "5D", "4D", "7S", "6D", "5C", "7C"]},
        calls=[],
    )
    assert choose_action(weak, "N") == "pass"


def test_very_weak_hand_bids_misere_where_allowed():
    weak = make_hand(
        variant="french-canadian",
        hands={"N": ["4S", "5S", "6C", "4C", "5D", "4D", "6S", "6D", "5C", "4H"]},
        calls=[],
    )
    assert choose_action(weak, "N") in ("MIS", "OMIS")


def test_kitty_discard_keeps_trumps_and_aces_voids_short_suits():
    hand = make_hand(
        hands={"N": ["WJ", "JH", "AH", "KH", "QH", "10H", "9H", "AS", "4C", "5C"]},
        kitty=["8H", "7H", "AD", "6D", "4S", "5S"],
        calls=["8H", "pass", "pass", "pass"],
    )
    discards = []
    while hand.phase == "kitty":
        d = choose_action(hand, "N")
        discards.append(d)
        hand.apply(d)
    kept = set(hand.view_for("N")["hand"])
    assert {"WJ", "JH", "AH", "KH", "QH", "10H", "9H", "8H", "7H"} <= kept and kept & {
        "AS",
        "AD",
    }
    assert {"4C", "5C", "4S", "5S"} <= set(discards)


def test_declarer_draws_trumps_with_the_master_trump():
    hand = make_hand(
        hands={"N": ["WJ", "BJ", "JH", "JD", "AH", "KH", "QH", "10H", "AS", "AC"]},
        kitty=["4S", "5S", "6S", "7S", "8S", "9S"],
        calls=["9H", "pass", "pass", "pass"],
        discards="kitty",
    )
    assert choose_action(hand, "N") == "WJ"


def test_declarer_counts_his_own_discards_no_trump_left_out():
    """The six low hearts went to his discards: no trump is out, he cashes aces."""
    hand = make_hand(
        hands={"N": ["WJ", "BJ", "JH", "JD", "AH", "KH", "QH", "10H", "AS", "AC"]},
        kitty=["4H", "5H", "6H", "7H", "8H", "9H"],
        calls=["9H", "pass", "pass", "pass"],
        discards="kitty",
    )
    assert choose_action(hand, "N") in ("AS", "AC")


def test_does_not_overtake_partners_winning_card():
    # N leads AS (master); S (partner) holds KS and 4S: plays low
    hand = make_hand(
        hands={
            "N": ["AS", "AH", "KH", "QH", "JH", "10H", "9H", "8H", "7H", "6H"],
            "S": ["KS", "4S", "AC", "KC", "QC", "JC", "10C", "9C", "8C", "7C"],
        },
        calls=["8H", "pass", "pass", "pass"],
        discards="kitty",
        play=["AS"],
    )
    hand.apply(hand.legal_actions()[-1])  # E follows
    assert hand.to_act == "S"
    assert choose_action(hand, "S") == "4S"


def test_wins_cheaply_when_it_can():
    hand = make_hand(
        hands={
            "N": ["4S", "AH", "KH", "QH", "JH", "10H", "9H", "8H", "7H", "6H"],
            "E": ["5S", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC"],
            "S": ["6S", "KC", "AC", "4D", "5D", "6D", "7D", "8D", "9D", "10D"],
            "W": ["AS", "KS", "9S", "JD", "QD", "KD", "AD", "5H", "4H", "7S"],
        },
        calls=["8H", "pass", "pass", "pass"],
        discards="kitty",
        play=["4S", "5S", "6S"],
    )
    assert hand.to_act == "W"
    assert choose_action(hand, "W") == "7S"


COUNT_RULES = [
    ("australian", {"players": 2}),
    ("australian", {"players": 3, "breach": True}),
    ("quebec", {"players": 5}),
    ("quebec", {"players": 5, "partner_reveal": "on_play"}),
    ("quebec", {"players": 6}),
    ("australian", {"players": 6, "teams": "3x2", "jokers": 2}),
    ("quebec", {"set_rule": True}),
    ("australian", {"breach": True, "winner_may_raise": True}),
]


@pytest.mark.parametrize("variant, options", COUNT_RULES)
def test_bots_play_legal_actions_to_the_end_at_every_count(variant, options):
    for seed in range(25):
        hand = new_hand(variant, 0, seed, options=options)
        rng = random.Random(seed)
        while not hand.is_done:
            action = choose_action(hand, hand.to_act, rng)
            assert action in hand.legal_actions()
            hand.apply(action)


def test_the_five_handed_bot_calls_the_best_trump_it_lacks():
    hand = make_hand(
        variant="quebec",
        options={"players": 5},
        dealer="P5",
        hands={"P1": ["AH", "KH", "QH", "10H", "9H", "AS", "AC", "KS", "KC", "QD"]},
        kitty=["2C", "3C", "4C"],
        calls=["7H", "pass", "pass", "pass", "pass"],
    )
    assert choose_action(hand, "P1") == "partner:JH"  # the right bower (never a joker)


def test_the_five_handed_bot_goes_alone_with_a_trick_to_spare():
    hand = make_hand(
        variant="quebec",
        options={"players": 5},
        dealer="P5",
        hands={"P1": ["WJ", "JH", "JD", "AH", "KH", "QH", "10H", "9H", "AS", "AC"]},
        kitty=["2C", "3C", "4C"],
        calls=["7H", "pass", "pass", "pass", "pass"],
    )
    assert choose_action(hand, "P1") == "alone"


def test_a_defender_with_a_strong_defence_calls_breach_and_a_weak_one_passes():
    strong = {"E": ["WJ", "JS", "JC", "AS", "QS", "AD", "AH", "KD", "KH", "AC"]}
    hand = make_hand(options={"breach": True}, hands=strong, calls=["9S", "pass", "pass", "pass"])
    assert hand.to_act == "E" and choose_action(hand, "E") == "breach"
    weak = {"E": ["4S", "5S", "4C", "5C", "4D", "5D", "6D", "4H", "5H", "6H"]}
    hand = make_hand(options={"breach": True}, hands=weak, calls=["7S", "pass", "pass", "pass"])
    assert choose_action(hand, "E") == "pass"


def test_three_handed_defenders_do_not_overtake_each_other_against_the_declarer():
    """P2 declares and leads; P3 is winning with the king; P1, the other
    defender and last to play, throws his lowest spade rather than the ace."""
    hand = make_hand(
        variant="australian",
        options={"players": 3},
        dealer="P1",
        hands={
            "P2": ["WJ", "JH", "JD", "AH", "KH", "QH", "10H", "9H", "8H", "7S"],
            "P3": ["QS", "KS", "10S", "7C", "8C", "9C", "7D", "8D", "9D", "10D"],
            "P1": ["AS", "8S", "9S", "10C", "JC", "QC", "KC", "AC", "QD", "KD"],
        },
        calls=["8H", "pass", "pass"],
        discards="kitty",
        play=["7S", "KS"],
    )
    assert hand.to_act == "P1" and choose_action(hand, "P1") == "8S"
