"""RULES.md section 1: trump order, following, trick winner, bid values, scoring."""

import pytest

from games.engine import IllegalActionError, get_variant, score_sheet_hand
from games.engine.cards import CARD_OF, CODE, NT, WJ, strain_tables

from .util import make_hand

QUEBEC_DECK = get_variant("quebec").deck_cards

# A full Quebec deal used by several tests (dealer W, so N calls first).
NT_DEAL = {
    "N": ["WJ", "AS", "KS", "QS", "AC", "KC", "QC", "AD", "KD", "QD"],
    "E": ["4S", "4C", "4D", "4H", "5C", "5D", "5H", "6C", "6D", "6H"],
    "S": ["5S", "7C", "7D", "7H", "8C", "8D", "8H", "9C", "9D", "9H"],
    "W": ["6S", "10C", "10D", "10H", "JC", "JD", "JH", "QH", "KH", "AH"],
}
NT_KITTY = ["BJ", "7S", "8S", "9S", "10S", "JS"]

# Hearts trumps: E holds the left bower JD, a small diamond, no heart.
BOWER_DEAL = {
    "N": ["4H", "4D", "AS", "AC", "KC", "QC", "AD", "KD", "QD", "6H"],
    "E": ["JD", "5D", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS"],
    "S": ["AH", "7H", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC"],
    "W": ["5H", "8H", "9H", "10H", "QH", "KH", "6D", "7D", "8D", "9D"],
}


def bower_hand(play=()):
    return make_hand(
        hands=BOWER_DEAL,
        calls=["8H", "pass", "pass", "pass"],
        discards="kitty",
        play=list(play),
    )


def test_trump_order_jokers_bowers_then_ace_down():
    eff, power = strain_tables(3)  # hearts
    order = [
        "WJ",
        "BJ",
        "JH",
        "JD",
        "AH",
        "KH",
        "QH",
        "10H",
        "9H",
        "8H",
        "7H",
        "6H",
        "5H",
        "4H",
    ]
    ranked = sorted((c for c in QUEBEC_DECK if eff[c] == 3), key=lambda c: -power[c])
    assert [CODE[c] for c in ranked] == order


def test_side_suits_rank_ace_down_with_their_jack_in_place():
    eff, power = strain_tables(3)
    spades = sorted((c for c in QUEBEC_DECK if eff[c] == 0), key=lambda c: -power[c])
    assert [CODE[c] for c in spades] == [
        "AS",
        "KS",
        "QS",
        "JS",
        "10S",
        "9S",
        "8S",
        "7S",
        "6S",
        "5S",
        "4S",
    ]
    # diamonds lose their jack (the left bower) to hearts
    diamonds = [CODE[c] for c in QUEBEC_DECK if eff[c] == 2]
    assert "JD" not in diamonds and len(diamonds) == 10


def test_no_trump_jokers_beat_everything_white_over_black():
    eff, power = strain_tables(NT)
    assert power[CARD_OF["WJ"]] > power[CARD_OF["BJ"]] > max(power[c] for c in range(WJ))


def test_left_bower_must_follow_a_trump_lead():
    hand = bower_hand(play=["4H"])
    assert hand.to_act == "E"
    assert hand.legal_actions() == ["JD"]


def test_left_bower_does_not_follow_its_own_suit():
    hand = bower_hand(play=["4D"])
    assert hand.legal_actions() == ["5D"]
    with pytest.raises(IllegalActionError) as e:
        hand.apply("JD")
    assert e.value.code == "must_follow"
    assert str(e.value) == "E must follow diamonds"


def test_left_bower_beats_the_ace_of_trumps():
    hand = bower_hand(play=["4H", "JD", "AH", "5H"])
    won = [e for e in hand.public_events() if e["type"] == "trick_won"]
    assert won[-1]["seat"] == "E"
    assert hand.to_act == "E"


def test_void_player_may_play_any_card():
    hand = bower_hand(play=["AS", "4S", "AH"])  # S is void in spades: trumps
    won = [e for e in play_trick(hand, "5H") if e["type"] == "trick_won"]
    assert won[-1]["seat"] == "S"


def play_trick(hand, card):
    hand.apply(card)
    return hand.public_events()


def test_highest_card_of_led_suit_wins_without_trump():
    hand = bower_hand(play=["AC", "4S", "4C", "6D"])
    won = [e for e in hand.public_events() if e["type"] == "trick_won"]
    assert won[-1]["seat"] == "N"


def test_illegal_action_changes_nothing():
    hand = bower_hand(play=["4D"])
    before = hand.to_record()
    with pytest.raises(IllegalActionError):
        hand.apply("JD")
    assert hand.to_record() == before and hand.legal_actions() == ["5D"]


@pytest.mark.parametrize("level", [6, 7, 8, 9, 10])
@pytest.mark.parametrize("strain,index", [("S", 0), ("C", 1), ("D", 2), ("H", 3), ("NT", 4)])
def test_avondale_table_every_cell(level, strain, index):
    expected = {
        6: [40, 60, 80, 100, 120],
        7: [140, 160, 180, 200, 220],
        8: [240, 260, 280, 300, 320],
        9: [340, 360, 380, 400, 420],
        10: [440, 460, 480, 500, 520],
    }[level][index]
    for variant in ("quebec", "australian", "american", "french-canadian"):
        if variant == "american" and level == 6:
            continue  # an inkle never wins
        result = score_sheet_hand(variant, "N", f"{level}{strain}", level)
        assert result.score["NS"] == expected
        assert result.made is True


def test_ten_hearts_is_worth_500_not_the_sheets_misprinted_200():
    assert score_sheet_hand("quebec", "E", "10H", 10).score == {"NS": 0, "EW": 500}


@pytest.mark.parametrize("level", [6, 7, 8, 9, 10])
@pytest.mark.parametrize("strain,index", [("S", 0), ("C", 1), ("D", 2), ("H", 3), ("NT", 4)])
def test_perfect_table_is_twenty_less_every_cell(level, strain, index):
    value = 40 + 20 * index + 100 * (level - 6) - 20
    result = score_sheet_hand(
        "quebec", "N", f"{level}{strain}", level, options={"score_table": "perfect"}
    )
    assert result.score["NS"] == value


def test_perfect_table_ten_no_trump_is_500():
    assert (
        score_sheet_hand("quebec", "S", "10NT", 10, options={"score_table": "perfect"}).score["NS"]
        == 500
    )


def test_made_contract_scores_bid_no_overtricks_defenders_ten_per_trick():
    result = score_sheet_hand("quebec", "N", "7S", 9)
    assert result.made and result.score == {"NS": 140, "EW": 10}
    assert result.tricks == {"NS": 9, "EW": 1}


def test_failed_contract_subtracts_and_defenders_still_score_tricks():
    result = score_sheet_hand("quebec", "W", "8S", 3 + 4)
    assert result.to_dict() == {
        "contract": "8S",
        "declarer": "W",
        "made": False,
        "tricks": {"EW": 7, "NS": 3},
        "score": {"NS": 30, "EW": -240},
    }


def test_quebec_has_no_slam_bonus():
    assert score_sheet_hand("quebec", "N", "6S", 10).score["NS"] == 40


def test_strains_rank_spades_clubs_diamonds_hearts_no_trump():
    v = get_variant("quebec")
    from games.engine.actions import ACTION_STR

    ladder = [ACTION_STR[a] for a in v.ladder]
    assert ladder[:10] == ["6S", "6C", "6D", "6H", "6NT", "7S", "7C", "7D", "7H", "7NT"]
