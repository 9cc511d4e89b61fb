"""RULES.md section 4: american and french-canadian presets, options."""

import pytest

from games.engine import (
    IllegalActionError,
    UnknownVariantError,
    check_record,
    get_variant,
    option_catalogue,
    score_sheet_hand,
)
from games.engine.hand import deal_cards, shuffled_deck

from .util import make_hand, make_record

AM = "american"
FC = "french-canadian"


def test_american_inkles_only_for_the_first_two_callers():
    hand = make_hand(variant=AM, calls=[])
    assert "6S" in hand.legal_actions()
    hand.apply("6S")
    assert "6C" in hand.legal_actions() and "6S" not in hand.legal_actions()
    hand.apply("6H")
    assert not [a for a in hand.legal_actions() if a.startswith("6")]
    with pytest.raises(IllegalActionError) as e:
        hand.apply("6NT")
    assert e.value.code == "bid_too_low"
    hand.apply("7S")


def test_american_inkle_never_wins_redeal_by_the_same_dealer():
    out = check_record(make_record(variant=AM, calls=["6S", "6H", "pass", "pass"]))
    assert out == {
        "ok": True,
        "complete": True,
        "redeal": True,
        "score": {"NS": 0, "EW": 0},
    }
    hand = make_hand(variant=AM, calls=["6S", "6H", "pass", "pass"])
    assert hand.public_events()[-2] == {"type": "redeal", "reason": "inkle"}


def test_american_seven_over_an_inkle_wins():
    hand = make_hand(variant=AM, calls=["6S", "pass", "7C", "pass"])
    assert hand.phase == "kitty" and hand.to_act == "S"


def test_american_nullo_ranks_between_eight_spades_and_eight_clubs():
    hand = make_hand(variant=AM, calls=["8S"])
    legal = hand.legal_actions()
    assert legal.index("8S" if "8S" in legal else "MIS") < legal.index("8C")
    assert "MIS" in legal and "OMIS" not in legal
    hand.apply("MIS")
    assert "8C" in hand.legal_actions() and "8S" not in hand.legal_actions()
    assert score_sheet_hand(AM, "E", "MIS", 0).score == {"NS": 0, "EW": 250}


def test_american_joker_lead_in_no_trump_may_name_any_suit_even_first():
    hand = make_hand(
        variant=AM,
        hands={"N": ["WJ"]},
        calls=["7NT", "pass", "pass", "pass"],
        discards="kitty",
    )
    assert [a for a in hand.legal_actions() if a.startswith("WJ")] == [
        "WJ:S",
        "WJ:C",
        "WJ:D",
        "WJ:H",
    ]


def test_american_one_call_each():
    hand = make_hand(variant=AM, calls=["7S", "7H", "8S"])
    hand.apply("pass")
    assert hand.phase == "kitty" and hand.to_act == "S"


def test_french_canadian_deck_and_deal_3_k3_3_k3_4():
    v = get_variant(FC)
    assert len(v.deck_cards) == 46 and v.kitty_size == 6 and len(v.jokers) == 2
    deck = shuffled_deck(v, 21)
    hands, kitty = deal_cards(v, 3, 21)
    assert hands[0][:3] == deck[0:3] and hands[3][:3] == deck[9:12]
    assert kitty == deck[12:15] + deck[27:30]
    assert hands[0][3:6] == deck[15:18] and hands[0][6:] == deck[30:34]


def test_french_canadian_failed_contract_goes_to_the_opponents():
    result = score_sheet_hand(FC, "N", "8S", 7)
    assert result.made is False
    assert result.score == {"NS": 0, "EW": 240 + 30}


def test_french_canadian_never_subtracts_points():
    for contract in ("6S", "10NT", "MIS", "OMIS"):
        top = 1 if "MIS" in contract else 10
        for tricks in range(top + 1):
            assert min(score_sheet_hand(FC, "E", contract, tricks).score.values()) >= 0


def test_french_canadian_misere_500_below_eight_no_trump_open_1000_below_ten_no_trump():
    hand = make_hand(variant=FC, calls=["8H"])
    legal = hand.legal_actions()
    assert legal.index("MIS") < legal.index("8NT")
    hand.apply("8NT")
    assert "MIS" not in hand.legal_actions()
    legal = hand.legal_actions()
    assert legal.index("10H") < legal.index("OMIS") < legal.index("10NT")
    assert score_sheet_hand(FC, "N", "MIS", 0).score["NS"] == 500
    assert score_sheet_hand(FC, "N", "OMIS", 0).score["NS"] == 1000
    assert score_sheet_hand(FC, "N", "OMIS", 1).score == {"NS": 0, "EW": 1000}


def test_option_catalogue_lists_type_choices_help_and_default_per_preset():
    cat = option_catalogue()
    names = [o["name"] for o in cat]
    assert len(names) == len(set(names))
    for o in cat:
        assert o["help"] and o["type"] in ("int", "str", "bool")
        assert set(o["defaults"]) == {
            "quebec",
            "australian",
            "american",
            "french-canadian",
        }


def test_unknown_variant_option_or_value_is_a_clear_error():
    with pytest.raises(UnknownVariantError, match="unknown variant 'bridge'"):
        get_variant("bridge")
    with pytest.raises(UnknownVariantError, match="unknown option 'wild_jokers'"):
        get_variant("quebec", {"wild_jokers": 3})
    with pytest.raises(UnknownVariantError, match="bad value 3 for option jokers"):
        get_variant("quebec", {"jokers": 3})
    with pytest.raises(UnknownVariantError, match="bad value 44 for option deck"):
        get_variant("quebec", {"deck": 44})
    with pytest.raises(UnknownVariantError, match="deal_packets .* expected 10 each and 3"):
        get_variant("quebec", {"deck": 43})
    with pytest.raises(UnknownVariantError, match="bad value 'yes'"):
        get_variant("quebec", {"misere": "yes"})


def test_options_can_switch_a_preset_rule():
    v = get_variant("quebec", {"misere": True, "misere_min_level": 0})
    hand = make_hand(variant="quebec", options={"misere": True, "misere_min_level": 0}, calls=[])
    assert "MIS" in hand.legal_actions() and v.overrides == {"misere": True}


def test_reopen_auction_lets_passed_players_back_after_a_strain_change():
    hand = make_hand(
        variant="australian",
        options={"auction": "reopen"},
        calls=["7S", "pass", "pass", "7H"],
    )
    hand.apply("8D")  # N changes strain: E and S are back in
    assert hand.to_act == "E"


def test_winner_may_raise_own_bid_once_the_others_pass():
    """RULES.md 4b: after an overcall and three passes the high bidder may raise
    once; a raise in the same strain ends the auction."""
    hand = make_hand(
        variant="australian",
        options={"winner_may_raise": True},
        calls=["7S", "7H", "pass", "pass", "pass"],
    )
    assert hand.phase == "auction" and hand.to_act == "E"
    hand.apply("8H")
    assert hand.phase == "kitty" and hand.view_for(None)["contract"] == "8H"


def test_seats_and_teams_come_from_the_variant():
    v = get_variant("quebec")
    assert v.seats == ("N", "E", "S", "W") and v.team_names == ("NS", "EW")
    from games.engine.variants import seat_names, team_layout

    assert seat_names(6) == ("P1", "P2", "P3", "P4", "P5", "P6")
    assert team_layout(6) == ((0, 2, 4), (1, 3, 5))
    assert team_layout(6, "3x2") == ((0, 3), (1, 4), (2, 5)) and team_layout(3) == (
        (0,),
        (1,),
        (2,),
    )


def test_reopen_same_strain_raise_keeps_passed_players_out():
    hand = make_hand(
        variant="australian",
        options={"auction": "reopen"},
        calls=["7S", "pass", "pass", "7H"],
    )
    hand.apply("8S")
    assert hand.to_act == "W"
