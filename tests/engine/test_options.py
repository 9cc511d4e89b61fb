"""Every option a club may switch does what its help says."""

import random

from games.engine import Game, get_variant, new_hand, score_sheet_hand
from games.engine.cards import CARD_OF

from .test_australian import AUS, AUS_KITTY
from .util import make_hand, play_out


def test_open_misere_reveal_before_the_first_lead():
    hand = make_hand(
        variant="australian",
        options={"open_misere_reveal": "before_first_lead"},
        hands=AUS,
        kitty=AUS_KITTY,
        calls=["pass", "pass", "pass", "OMIS"],
        discards="kitty",
    )
    assert len(hand.view_for("N")["shown"]["W"]) == 10


def test_first_lead_by_the_declarers_left():
    hand = make_hand(
        options={"first_lead": "declarer_left"},
        calls=["7S", "pass", "pass", "pass"],
        discards="kitty",
    )
    assert hand.to_act == "E"


def test_joker_may_be_played_any_time_in_no_trump_when_void_only_is_off():
    deal = {
        "N": ["AS", "KS", "QS", "AC", "KC", "QC", "AD", "KD", "QD", "JS"],
        "E": ["WJ", "4S", "4C", "4D", "4H", "5C", "5D", "5H", "6C", "6D"],
    }
    hand = make_hand(
        options={"joker_nt_void_only": False},
        hands=deal,
        calls=["8NT", "pass", "pass", "pass"],
        discards="kitty",
        play=["AS"],
    )
    assert hand.legal_actions() == ["4S", "WJ"]


def test_defenders_per_trick_zero():
    assert score_sheet_hand("quebec", "N", "7S", 7, options={"defenders_per_trick": 0}).score == {
        "NS": 140,
        "EW": 0,
    }


def test_hands_per_game():
    game = Game("quebec", options={"hands_per_game": 2}, first_dealer="N")
    game.add_score_sheet("N", "7S", 7)
    assert not game.is_over
    game.add_score_sheet("E", "7S", 7)
    assert game.is_over and game.end_reason == "hands_tie" and game.winner is None


def test_target_option():
    game = Game("australian", options={"target": 300}, first_dealer="N")
    game.add_score_sheet("N", "8NT", 8)
    assert game.is_over and game.winner == "NS"


def test_45_card_deck_with_a_five_card_kitty():
    opts = {"deck": 45, "kitty_size": 5, "deal_packets": "3,K2,4,K2,3,K1"}
    v = get_variant("australian", opts)
    assert len(v.deck_cards) == 45 and v.jokers == (CARD_OF["WJ"],)
    for seed in range(20):
        hand = new_hand("australian", "N", seed, options=opts)
        rng = random.Random(seed)
        play_out(hand, chooser=lambda h, legal: rng.choice(legal))
        assert hand.is_done


def test_failed_contract_to_opponents_option_on_quebec():
    result = score_sheet_hand("quebec", "N", "7S", 6, options={"failed_contract": "to_opponents"})
    assert result.score == {"NS": 0, "EW": 140 + 40}


def test_forced_bid_can_be_switched_off():
    hand = make_hand(options={"both_jokers_forced_level": 0}, hands={"N": ["WJ", "BJ"]}, calls=[])
    assert "pass" in hand.legal_actions()


def test_kitty_joker_disclosure_can_be_switched_off():
    hand = make_hand(
        options={"kitty_joker_disclosure": False},
        hands={"N": ["WJ"]},
        kitty=["BJ"],
        calls=["7H", "pass", "pass", "pass"],
    )
    assert hand.view_for("E")["shown"] == {}
