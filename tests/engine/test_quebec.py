"""RULES.md section 2: the club's tournament rules (quebec)."""

import pytest

from games.engine import IllegalActionError, check_record, get_variant, new_hand
from games.engine.hand import deal_cards, shuffled_deck

from .test_common_rules import NT_DEAL, NT_KITTY
from .util import make_hand, make_record


def test_quebec_deck_is_46_cards_ten_each_six_in_the_kitty():
    hand = new_hand("quebec", "N", seed=5)
    rec = hand.to_record()
    assert all(len(cards) == 10 for cards in rec["hands"].values())
    assert len(rec["kitty"]) == 6
    everything = sum(rec["hands"].values(), []) + rec["kitty"]
    assert len(set(everything)) == 46 and {"WJ", "BJ", "4S", "AH"} <= set(everything)


def test_quebec_deal_packets_3_k2_2_k2_3_k2_2_from_dealers_left():
    v = get_variant("quebec")
    deck = shuffled_deck(v, 11)
    hands, kitty = deal_cards(v, 3, 11)  # dealer W: N is on his left
    n, e, s, w = hands
    assert n[:3] == deck[0:3] and e[:3] == deck[3:6] and w[:3] == deck[9:12]
    assert kitty[:2] == deck[12:14]
    assert n[3:5] == deck[14:16]
    assert kitty == deck[12:14] + deck[22:24] + deck[36:38]
    assert w[-2:] == deck[44:46]


def test_one_call_each_starting_left_of_dealer_ending_with_dealer():
    hand = make_hand(dealer="S", calls=[])
    seen = []
    for call in ["pass", "6S", "pass", "7H"]:
        seen.append(hand.to_act)
        hand.apply(call)
    assert seen == ["W", "N", "E", "S"]
    assert hand.phase == "kitty" and hand.to_act == "S"


def test_bid_must_beat_the_highest_bid_same_level_needs_a_higher_strain():
    hand = make_hand(calls=["7H"])
    assert "7D" not in hand.legal_actions() and "7NT" in hand.legal_actions()
    with pytest.raises(IllegalActionError) as e:
        hand.apply("7D")
    assert e.value.code == "bid_too_low" and "does not beat 7H" in str(e.value)


def test_check_reports_bid_too_low_at_its_call_index():
    out = check_record(make_record(calls=["7H", "pass", "pass", "7D"]))
    assert out == {
        "ok": False,
        "at": "calls[3]",
        "action": "7D",
        "error": "7D does not beat 7H",
    }


def test_no_misere_in_quebec():
    hand = make_hand(calls=[])
    assert "MIS" not in hand.legal_actions() and "OMIS" not in hand.legal_actions()
    with pytest.raises(IllegalActionError) as e:
        hand.apply("MIS")
    assert e.value.code == "no_misere"


def test_all_pass_is_a_redeal_with_no_score():
    out = check_record(make_record(calls=["pass"] * 4))
    assert out == {
        "ok": True,
        "complete": True,
        "redeal": True,
        "score": {"NS": 0, "EW": 0},
    }


def test_holder_of_both_jokers_must_bid_eight_or_more():
    hand = make_hand(hands={"N": ["WJ", "BJ"]}, calls=[])
    legal = hand.legal_actions()
    assert "pass" not in legal and legal[0] == "8S" and "7NT" not in legal
    for bad in ("pass", "7NT"):
        with pytest.raises(IllegalActionError) as e:
            hand.apply(bad)
        assert e.value.code == "forced_bid"
    hand.apply("8S")


def test_holder_of_both_jokers_must_bid_above_the_current_bid():
    hand = make_hand(hands={"S": ["WJ", "BJ"]}, calls=["9H", "pass"])
    assert hand.legal_actions() == ["9NT", "10S", "10C", "10D", "10H", "10NT"]


def test_holder_of_both_jokers_passes_only_over_ten_no_trump():
    hand = make_hand(hands={"E": ["WJ", "BJ"]}, calls=["10NT"])
    assert hand.legal_actions() == ["pass"]
    hand.apply("pass")


def test_kitty_joker_is_shown_at_level_seven():
    hand = make_hand(hands={"N": ["WJ"]}, kitty=["BJ"], calls=["7H", "pass", "pass", "pass"])
    shown = [e for e in hand.public_events() if e["type"] == "joker_shown"]
    assert shown == [{"type": "joker_shown", "seat": "N", "card": "BJ"}]
    for viewer in ("E", "S", None):
        assert hand.view_for(viewer)["shown"] == {"N": ["BJ"]}


def test_kitty_joker_is_shown_at_level_six_whichever_joker_is_held():
    hand = make_hand(hands={"E": ["BJ"]}, kitty=["WJ"], calls=["pass", "6S", "pass", "pass"])
    assert hand.view_for("W")["shown"] == {"E": ["WJ"]}


def test_kitty_joker_is_not_shown_at_level_eight():
    hand = make_hand(hands={"N": ["WJ"]}, kitty=["BJ"], calls=["8H", "pass", "pass", "pass"])
    assert not [e for e in hand.public_events() if e["type"] == "joker_shown"]
    assert hand.view_for("E")["shown"] == {}


def test_kitty_joker_is_not_shown_when_declarer_holds_no_joker():
    hand = make_hand(hands={"E": ["WJ"]}, kitty=["BJ"], calls=["7H", "pass", "pass", "pass"])
    assert hand.view_for("E")["shown"] == {}


def test_declarer_takes_six_and_discards_any_six_then_leads():
    hand = make_hand(
        kitty=["AS", "KS", "QS", "JS", "10S", "9S"],
        calls=["7S", "pass", "pass", "pass"],
    )
    assert hand.phase == "kitty" and len(hand.view_for("N")["hand"]) == 16
    own = hand.view_for("N")["hand"]
    keep_kitty_discard = [c for c in own if c not in ("AS", "KS", "QS", "JS", "10S", "9S")][:6]
    for card in keep_kitty_discard:
        hand.apply(card)
    assert hand.phase == "play" and hand.to_act == "N"
    assert {"AS", "KS"} <= set(hand.view_for("N")["hand"])


def nt_hand(play=(), **kw):
    return make_hand(
        hands=NT_DEAL,
        kitty=NT_KITTY,
        calls=["8NT", "pass", "pass", "pass"],
        discards="kitty",
        play=list(play),
        **kw,
    )


def test_quebec_joker_cannot_be_led_before_its_suit_was_led():
    hand = nt_hand()
    legal = hand.legal_actions()
    assert not [a for a in legal if a.startswith("WJ")]
    with pytest.raises(IllegalActionError) as e:
        hand.apply("WJ:H")
    assert e.value.code == "suit_not_led_yet"
    assert str(e.value) == "the joker may call hearts only after hearts has been led"


def test_quebec_joker_may_call_a_suit_already_led():
    hand = nt_hand(play=["AS", "4S", "5S", "6S"])
    assert hand.to_act == "N"
    jokers = [a for a in hand.legal_actions() if a.startswith("WJ")]
    assert jokers == ["WJ:S"]
    hand.apply("WJ:S")
    # E is void in spades: anything goes; the joker wins
    hand.apply("4C"), hand.apply("7C"), hand.apply("10C")
    assert [e for e in hand.public_events() if e["type"] == "trick_won"][-1]["seat"] == "N"


def test_quebec_joker_led_names_the_suit_the_others_must_follow():
    deal = {k: list(v) for k, v in NT_DEAL.items()}
    hand = make_hand(
        hands=deal,
        kitty=NT_KITTY,
        calls=["8NT", "pass", "pass", "pass"],
        discards="kitty",
        play=["AC", "4C", "7C", "10C", "WJ:C"],
    )
    assert hand.legal_actions() == ["6C", "5C"]


def test_quebec_unnamed_joker_plain_lead_in_no_trump_is_refused():
    hand = nt_hand(play=["AS", "4S", "5S", "6S"])
    with pytest.raises(IllegalActionError) as e:
        hand.apply("WJ")
    assert e.value.code == "joker_needs_suit"


def test_joker_in_no_trump_only_when_void_in_the_led_suit():
    deal = {
        "N": ["AS", "KS", "QS", "AC", "KC", "QC", "AD", "KD", "QD", "JS"],
        "E": ["WJ", "4S", "4C", "4D", "4H", "5C", "5D", "5H", "6C", "6D"],
        "S": ["5S", "7C", "7D", "7H", "8C", "8D", "8H", "9C", "9D", "9H"],
        "W": ["6S", "10C", "10D", "10H", "JC", "JD", "JH", "QH", "KH", "AH"],
    }
    hand = make_hand(
        hands=deal, calls=["8NT", "pass", "pass", "pass"], discards="kitty", play=["AS"]
    )
    assert hand.legal_actions() == ["4S"]
    with pytest.raises(IllegalActionError) as e:
        hand.apply("WJ")
    assert e.value.code == "must_follow" and str(e.value) == "E must follow spades"
    hand.apply("4S"), hand.apply("5S"), hand.apply("6S")
    hand.apply("KS")  # E is now void in spades: the joker may be played
    assert "WJ" in hand.legal_actions()
    hand.apply("WJ"), hand.apply("7C"), hand.apply("10C")
    assert [e for e in hand.public_events() if e["type"] == "trick_won"][-1]["seat"] == "E"


def test_in_a_suit_contract_a_led_joker_is_a_trump_lead():
    hand = make_hand(
        hands=NT_DEAL,
        kitty=NT_KITTY,
        calls=["8H", "pass", "pass", "pass"],
        discards="kitty",
    )
    assert "WJ" in hand.legal_actions() and "WJ:H" not in hand.legal_actions()
    hand.apply("WJ")
    assert hand.legal_actions() == ["6H", "5H", "4H"]


def test_all_ten_tricks_are_played_even_once_the_contract_is_decided():
    from .util import play_out

    hand = play_out(nt_hand())
    assert sum(hand.result().tricks.values()) == 10
    assert len(hand.to_record()["play"]) == 40
