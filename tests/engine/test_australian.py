"""RULES.md section 3: the Australian rules."""

import pytest

from games.engine import (
    IllegalActionError,
    check_record,
    get_variant,
    new_hand,
    score_sheet_hand,
)

from .util import make_hand, make_record, play_out

A = "australian"

# An Australian deal (43 cards, kitty 3) with the joker in N's hand.
AUS = {
    "N": ["WJ", "AS", "KS", "QS", "AC", "KC", "QC", "AD", "KD", "QD"],
    "E": ["5S", "5C", "4D", "4H", "6C", "5D", "5H", "7C", "6D", "6H"],
    "S": ["6S", "8C", "7D", "7H", "9C", "8D", "8H", "10C", "9D", "9H"],
    "W": ["7S", "JC", "10D", "10H", "JD", "JH", "QH", "KH", "AH", "8S"],
}
AUS_KITTY = ["9S", "10S", "JS"]


def test_australian_deck_43_cards_one_joker_kitty_three():
    v = get_variant(A)
    assert len(v.deck_cards) == 43 and v.kitty_size == 3
    rec = new_hand(A, "N", seed=3).to_record()
    cards = set(sum(rec["hands"].values(), []) + rec["kitty"])
    assert len(cards) == 43 and "BJ" not in cards
    assert not {"4S", "4C"} & cards and {"4D", "4H", "5S", "5C"} <= cards


def test_a_pass_is_final_and_the_auction_goes_round_until_three_pass():
    hand = make_hand(variant=A, calls=[])
    order = []
    for call in ["6S", "pass", "7S", "pass", "7H", "pass"]:
        order.append(hand.to_act)
        hand.apply(call)
    assert order == ["N", "E", "S", "W", "N", "S"]
    assert hand.phase == "kitty" and hand.to_act == "N"
    assert hand.view_for(None)["contract"] == "7H"


def test_all_pass_in_australian_is_a_redeal():
    out = check_record(make_record(variant=A, calls=["pass"] * 4))
    assert out["redeal"] is True


def test_misere_only_after_a_seven_bid_and_below_every_eight():
    hand = make_hand(variant=A, calls=[])
    assert "MIS" not in hand.legal_actions()
    with pytest.raises(IllegalActionError) as e:
        hand.apply("MIS")
    assert e.value.code == "misere_too_early"
    hand.apply("7S")
    legal = hand.legal_actions()
    assert legal.index("7NT") < legal.index("MIS") < legal.index("8S")
    hand.apply("8S")
    assert "MIS" not in hand.legal_actions()


def test_open_misere_any_time_between_ten_diamonds_and_ten_hearts():
    hand = make_hand(variant=A, calls=[])
    legal = hand.legal_actions()
    assert legal.index("10D") < legal.index("OMIS") < legal.index("10H")
    hand.apply("10D")
    assert "OMIS" in hand.legal_actions()
    hand.apply("10H")
    assert "OMIS" not in hand.legal_actions()


def misere_hand(call="MIS", play=(), pre=("7S",)):
    calls = list(pre) + [call, "pass", "pass", "pass"] if pre else [call, "pass", "pass", "pass"]
    # E declares: N 7S, E MIS, then the others pass out
    return make_hand(
        variant=A,
        hands=AUS,
        kitty=AUS_KITTY,
        calls=calls,
        discards="kitty",
        play=list(play),
    )


def test_misere_partner_sits_out_and_tricks_have_three_cards():
    hand = misere_hand(call="MIS")
    view = hand.view_for(None)
    assert view["declarer"] == "E" and view["sitting_out"] == ["W"]
    assert hand.to_act == "E"
    hand.apply("4D")
    assert hand.to_act == "S"
    hand.apply("7D")
    assert hand.to_act == "N"
    hand.apply("AD")  # N wins a three-card trick; W never plays
    trick = hand.view_for(None)["tricks"][0]
    assert [c["seat"] for c in trick["cards"]] == ["E", "S", "N"]
    assert hand.to_act == "N"


def test_misere_ends_as_soon_as_the_declarer_wins_a_trick():
    # N 7S, W misère; W leads AH: N discards, S follows low: W wins, the hand stops
    deal = {k: list(v) for k, v in AUS.items()}
    deal["N"][0] = "9S"  # the joker is in the kitty and W discards it
    hand = make_hand(
        variant=A,
        hands=deal,
        kitty=["WJ", "10S", "JS"],
        calls=["7S", "pass", "pass", "MIS", "pass"],
        discards="kitty",
        play=["AH", "QD", "7H"],
    )
    assert hand.is_done
    result = hand.result()
    assert (result.contract, result.declarer, result.made) == ("MIS", "W", False)
    assert result.tricks == {"NS": 0, "EW": 1}
    assert result.score == {"NS": 0, "EW": -250}
    assert check_record(hand.to_record())["score"] == {"NS": 0, "EW": -250}
    bad = hand.to_record()
    bad["play"].append("KS")
    assert check_record(bad) == {
        "ok": False,
        "at": "play[3]",
        "action": "KS",
        "error": "the hand is over",
    }


def test_misere_made_scores_250_and_opponents_score_nothing():
    hand = play_out(misere_hand(call="MIS"), chooser=lambda h, legal: _duck(h, legal))
    result = hand.result()
    if result.made:
        assert result.score == {"NS": 0, "EW": 250}
    else:
        assert result.score == {"NS": 0, "EW": -250}
    assert score_sheet_hand(A, "E", "MIS", 0).score == {"NS": 0, "EW": 250}
    assert score_sheet_hand(A, "E", "OMIS", 1).score == {"NS": 0, "EW": -500}


def _duck(hand, legal):
    return legal[-1] if hand.to_act == "E" else legal[0]


def test_open_misere_hand_is_laid_face_up_after_the_first_trick():
    hand = make_hand(
        variant=A,
        hands=AUS,
        kitty=AUS_KITTY,
        calls=["pass", "pass", "pass", "OMIS"],
        discards="kitty",
    )
    assert hand.view_for("N")["sitting_out"] == ["E"]
    assert hand.view_for("N")["shown"] == {}
    hand.apply("7S"), hand.apply("AS")
    assert hand.view_for("N")["shown"] == {}
    hand.apply("6S")  # N wins the first trick; W's cards go face up
    shown = hand.view_for("N")["shown"]["W"]
    assert len(shown) == 9 and "7S" not in shown and "AH" in shown
    assert any(e["type"] == "hand_revealed" and e["seat"] == "W" for e in hand.public_events())
    assert hand.view_for(None)["shown"]["W"] == shown
    assert "E" not in hand.view_for(None)["shown"]


def nt_hand(play=(), contract="7NT"):
    return make_hand(
        variant=A,
        hands=AUS,
        kitty=AUS_KITTY,
        calls=[contract, "pass", "pass", "pass"],
        discards="kitty",
        play=list(play),
    )


def test_australian_joker_lead_names_a_suit_not_yet_led():
    hand = nt_hand()
    jokers = [a for a in hand.legal_actions() if a.startswith("WJ")]
    assert jokers == ["WJ:S", "WJ:C", "WJ:D", "WJ:H"]
    hand = nt_hand(play=["AS", "5S", "6S", "7S"])
    jokers = [a for a in hand.legal_actions() if a.startswith("WJ")]
    assert jokers == ["WJ:C", "WJ:D", "WJ:H"]
    with pytest.raises(IllegalActionError) as e:
        hand.apply("WJ:S")
    assert e.value.code == "suit_already_led"


LAST = {k: list(v) for k, v in AUS.items()}
LAST["N"] = ["WJ", "AS", "KS", "QS", "AC", "KC", "QC", "AD", "KD", "4H"]
LAST["E"] = ["5S", "5C", "4D", "QD", "6C", "5D", "5H", "7C", "6D", "6H"]


def test_australian_joker_lead_once_all_suits_led_only_to_the_last_trick():
    play = ["AS", "5S", "6S", "7S", "AC", "5C", "8C", "JC", "AD", "4D", "7D", "10D"]
    hand = make_hand(
        variant=A,
        hands=LAST,
        kitty=AUS_KITTY,
        calls=["7NT", "pass", "pass", "pass"],
        discards="kitty",
        play=play,
    )
    assert hand.to_act == "N"
    assert [a for a in hand.legal_actions() if a.startswith("WJ")] == ["WJ:H"]
    for card in ["4H", "5H", "7H", "AH", "JD", "KD", "5D", "8D"]:
        hand.apply(card)
    # every suit has been led; N leads with five cards left: no joker lead
    assert hand.to_act == "N" and len(hand.view_for("N")["hand"]) == 5
    assert hand.legal_actions() == ["KS", "QS", "KC", "QC"]
    with pytest.raises(IllegalActionError) as e:
        hand.apply("WJ:S")
    assert e.value.code == "joker_lead_last_trick"
    for lead in ["KS", "QS", "KC", "QC"]:
        assert hand.to_act == "N"
        hand.apply(lead)
        for _ in range(3):
            hand.apply(hand.legal_actions()[-1])
    assert hand.to_act == "N" and hand.view_for("N")["hand"] == ["WJ"]
    assert hand.legal_actions() == ["WJ:S", "WJ:C", "WJ:D", "WJ:H"]


def test_declarer_may_name_the_jokers_suit_before_the_first_lead():
    hand = nt_hand()
    assert "name:WJ:H" in hand.legal_actions()
    hand.apply("name:WJ:H")
    assert hand.to_act == "N"
    assert not [a for a in hand.legal_actions() if a.startswith("name:")]
    assert hand.view_for("E")["named_jokers"] == {"WJ": "H"}
    assert "WJ" in hand.legal_actions() and "WJ:H" not in hand.legal_actions()
    hand.apply("WJ")  # led as the top heart: others must follow hearts
    assert hand.legal_actions() == ["6H", "5H", "4H"]
    rec = hand.to_record()
    assert rec["play"][:2] == ["name:WJ:H", "WJ"]


def test_only_the_declarer_names_the_joker_and_only_before_the_first_lead():
    hand = nt_hand(play=["AS"])
    assert not [a for a in hand.legal_actions() if a.startswith("name:")]
    with pytest.raises(IllegalActionError) as e:
        hand.apply("name:WJ:H")
    assert e.value.code == "cannot_name_joker"
    out = check_record(
        make_record(
            variant="quebec",
            hands={"N": ["WJ"]},
            calls=["7NT", "pass", "pass", "pass"],
            discards="kitty",
            play=["name:WJ:H"],
        )
    )
    assert out["ok"] is False and out["at"] == "play[0]"


def test_named_joker_is_the_highest_card_of_its_suit_and_must_follow_it():
    hand = make_hand(
        variant=A,
        hands=LAST,
        kitty=AUS_KITTY,
        calls=["7NT", "pass", "pass", "pass"],
        discards="kitty",
        play=["name:WJ:D", "AS", "5S", "6S", "7S", "4H", "5H", "7H", "AH"],
    )
    assert hand.to_act == "W"
    hand.apply("10D")
    assert hand.legal_actions() == ["AD", "KD", "WJ"]
    hand.apply("WJ"), hand.apply("QD"), hand.apply("9D")
    assert [e for e in hand.public_events() if e["type"] == "trick_won"][-1]["seat"] == "N"


JOKER_MIS = {
    "E": ["WJ", "4D", "5D", "5S", "5C", "6C", "7C", "6D", "9S", "10S"],
    "N": ["AS", "KS", "QS", "AC", "KC", "QC", "AD", "KD", "QD", "4H"],
    "S": ["6S", "8C", "7D", "7H", "9C", "8D", "8H", "10C", "9D", "9H"],
    "W": ["7S", "JC", "10D", "10H", "JD", "JH", "QH", "KH", "AH", "8S"],
}


def test_unnamed_joker_must_be_played_in_misere_when_void():
    hand = make_hand(
        variant=A,
        hands=JOKER_MIS,
        kitty=["JS", "5H", "6H"],
        calls=["7S", "MIS", "pass", "pass", "pass"],
        discards="kitty",
        play=["4D", "7D", "AD", "4H"],
    )
    assert hand.to_act == "E"
    assert hand.legal_actions() == ["WJ"]
    with pytest.raises(IllegalActionError) as e:
        hand.apply("5S")
    assert e.value.code == "must_play_joker"


def test_void_joker_holder_may_keep_the_joker_outside_misere():
    hand = make_hand(
        variant=A,
        hands=JOKER_MIS,
        kitty=["JS", "5H", "6H"],
        calls=["pass", "7NT", "pass", "pass"],
        discards="kitty",
        play=["4D", "7D", "10D", "AD", "4H"],
    )
    assert hand.to_act == "E"
    assert len(hand.legal_actions()) == 9


def test_slam_bonus_250_for_all_ten_on_a_contract_worth_less():
    assert score_sheet_hand(A, "N", "7S", 10).score["NS"] == 250
    assert score_sheet_hand(A, "N", "6S", 10).score["NS"] == 250
    assert score_sheet_hand(A, "N", "7S", 9).score["NS"] == 140
    assert score_sheet_hand(A, "N", "8NT", 10).score["NS"] == 320
    assert score_sheet_hand(A, "W", "8S", 10).score["EW"] == 250
