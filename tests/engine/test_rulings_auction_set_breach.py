"""RULES.md 4b, record by record: winner may raise, the set rule, breach.

Each ruling has a record that `check` accepts with the ruled answer, and one
the rules forbid, with the error `check` gives.
"""

import pytest

from games.engine import Game, check_record, get_variant, new_hand

from .util import make_hand, make_record, play_out

RAISE = {"winner_may_raise": True}


def check(**kw):
    return check_record(make_record(**kw))


# ------------------------------------------------------------ winner may raise
def test_a_lone_bidder_may_not_raise():
    """N bid, the three others passed: the auction is over at once."""
    out = check(variant="australian", options=RAISE, calls=["7S", "pass", "pass", "pass"])
    assert out["phase"] == "kitty" and out["to_act"] == "N"
    bad = check(variant="australian", options=RAISE, calls=["7S", "pass", "pass", "pass", "8S"])
    assert bad == {
        "ok": False,
        "at": "calls[4]",
        "action": "8S",
        "error": "the auction is over",
    }


def test_the_high_bidder_after_an_overcall_may_raise_once():
    out = check(variant="australian", options=RAISE, calls=["7S", "7H", "pass", "pass", "pass"])
    assert out["phase"] == "auction" and out["to_act"] == "E"
    assert out["legal"][0] == "pass" and "7H" not in out["legal"] and "8H" in out["legal"]


def test_a_raise_in_the_same_strain_ends_the_auction():
    calls = ["7S", "7H", "pass", "pass", "pass", "8H"]
    hand = make_hand(variant="australian", options=RAISE, calls=calls)
    assert hand.phase == "kitty" and hand.view_for(None)["contract"] == "8H"
    bad = check(variant="australian", options=RAISE, calls=calls + ["9S"])
    assert bad["at"] == "calls[6]" and bad["error"] == "the auction is over"


def test_a_raise_changing_strain_lets_the_passed_players_bid_again():
    """E raises 7H to 8NT: S (the raiser's left) bids again, then S may raise too."""
    calls = ["7S", "7H", "pass", "pass", "pass", "8NT"]
    out = check(variant="australian", options=RAISE, calls=calls)
    assert out["to_act"] == "S" and "9S" in out["legal"]
    calls += ["9S", "pass", "pass", "pass"]
    out = check(variant="australian", options=RAISE, calls=calls)
    assert out["phase"] == "auction" and out["to_act"] == "S"
    out = check(variant="australian", options=RAISE, calls=calls + ["pass"])
    assert out["phase"] == "kitty" and out["to_act"] == "S"


def test_a_raise_to_no_trump_or_misere_changes_strain():
    calls = ["7S", "7H", "pass", "pass", "pass", "MIS"]
    out = check(variant="australian", options=RAISE, calls=calls)
    assert out["phase"] == "auction" and out["to_act"] == "S"


def test_each_player_raises_once():
    """E raised to 8NT, everyone passed again: no second raise for E."""
    calls = ["7S", "7H", "pass", "pass", "pass", "8NT", "pass", "pass", "pass"]
    out = check(variant="australian", options=RAISE, calls=calls)
    assert out["phase"] == "kitty" and out["to_act"] == "E"


def test_no_raise_turn_when_no_higher_call_exists():
    calls = ["9NT", "10NT", "pass", "pass", "pass"]
    assert check(variant="australian", options=RAISE, calls=calls)["phase"] == "kitty"


def test_winner_may_raise_with_one_call_each_is_refused():
    with pytest.raises(ValueError, match="winner_may_raise needs auction pass_final"):
        get_variant("quebec", RAISE)
    out = check_record({**make_record(), "options": RAISE})
    assert out["ok"] is False and out["at"] == "options.winner_may_raise"


# ------------------------------------------------------------------ set rule
SET = {"set_rule": True}


def sheet(variant="quebec", options=None, **fields):
    rec = {"format": "club500-hand/1", "variant": variant, "options": options or {}}
    return check_record({**rec, **fields})


@pytest.mark.parametrize(
    "contract, tricks, is_set",
    [
        ("7S", 5, True),
        ("7S", 6, False),
        ("8H", 4, True),
        ("9C", 3, True),
        ("10NT", 2, True),
        ("10NT", 9, False),
        ("6S", 4, True),
        ("6S", 5, False),
    ],
)
def test_the_declarer_is_set_when_the_defenders_take_12_minus_the_level(contract, tricks, is_set):
    """5 against 7, 4 against 8, 3 against 9, 2 against 10, 6 against 6."""
    out = sheet(options=SET, declarer="N", contract=contract, tricks=tricks)
    plain = sheet(declarer="N", contract=contract, tricks=tricks)
    assert out["set"] is is_set and out["score"] == plain["score"]
    assert out["must_pass_next"] == (["N"] if is_set else [])


def test_a_misere_is_set_when_the_declarer_takes_three_tricks():
    opts = {"set_rule": True}
    out = sheet("australian", opts, declarer="E", contract="MIS", tricks=3)
    assert out["set"] is True and out["must_pass_next"] == ["E"]
    assert out["score"] == {"NS": 0, "EW": -250}
    bad = sheet("australian", opts, declarer="E", contract="MIS", tricks=4)
    assert bad["at"] == "tricks" and "0 to 3" in bad["error"]


def test_with_the_set_rule_a_failed_misere_plays_on_to_the_third_trick():
    deal = {"E": ["AS", "AC", "AD", "KS", "KC", "KD", "QS", "QC", "QD", "JS"]}
    hand = make_hand(
        variant="australian",
        options={**SET, "misere_min_level": 0},
        hands=deal,
        dealer="N",
        calls=["MIS", "pass", "pass", "pass"],
        discards="kitty",
    )
    play_out(hand)
    assert hand.tricks_won[1] == 3 and len(hand.tricks) < 10
    assert hand.result().extra["set"] is True


def test_a_seat_that_must_pass_is_offered_only_pass():
    out = check(options=SET, must_pass=["N"], calls=[])
    assert out["to_act"] == "N" and out["legal"] == ["pass"]
    bad = check(options=SET, must_pass=["N"], calls=["7S"])
    assert bad["at"] == "calls[0]" and bad["error"] == (
        "N must pass in this hand (set rule or breach, last hand)"
    )


def test_must_pass_beats_the_forced_bid_with_both_jokers():
    out = check(options=SET, must_pass=["N"], hands={"N": ["WJ", "BJ"]}, calls=[])
    assert out["legal"] == ["pass"]


def test_the_game_bars_the_set_declarer_from_the_next_auction():
    game = Game("quebec", options=SET, first_dealer="W")
    game.add_score_sheet("N", "8S", 5)  # defenders 5: set
    assert game.must_pass == ("N",)
    hand = game.next_hand(seed=3)  # dealt by N: E, S, W call first
    for _ in range(3):
        hand.apply("pass")
    assert hand.to_act == "N" and hand.legal_actions() == ["pass"]
    assert hand.to_record()["must_pass"] == ["N"]


def test_an_all_pass_deal_carries_the_bar_to_the_next_deal():
    game = Game("quebec", options=SET, first_dealer="W")
    game.add_score_sheet("N", "8S", 5)
    game.add_redeal()
    assert game.must_pass == ("N",)


# -------------------------------------------------------------------- breach
BREACH = {"breach": True}


def test_the_breach_round_follows_the_auction_from_the_declarers_left():
    out = check(options=BREACH, calls=["7S", "pass", "pass", "pass"])
    assert out == {
        "ok": True,
        "complete": False,
        "phase": "breach",
        "to_act": "E",
        "legal": ["pass", "breach"],
    }
    out = check(options=BREACH, calls=["7S", "pass", "pass", "pass", "pass"])
    assert out["phase"] == "breach" and out["to_act"] == "W"


@pytest.mark.parametrize("round_", [["pass", "breach"], ["breach"], ["pass", "pass"]])
def test_the_breach_round_is_pass_breach_breach_or_pass_pass(round_):
    out = check(options=BREACH, calls=["7S", "pass", "pass", "pass"] + round_)
    assert out["phase"] == "kitty" and out["to_act"] == "N"
    bad = check(options=BREACH, calls=["7S", "pass", "pass", "pass"] + round_ + ["pass"])
    assert bad["ok"] is False and bad["at"] == f"calls[{4 + len(round_)}]"


def test_no_breach_round_against_a_6():
    out = check(options=BREACH, calls=["6H", "pass", "pass", "pass"])
    assert out["phase"] == "kitty"
    bad = check(options=BREACH, calls=["6H", "pass", "pass", "pass", "breach"])
    assert bad["at"] == "calls[4]" and bad["error"] == "the auction is over"


def test_breach_is_not_an_auction_call_and_a_bid_is_not_a_breach_call():
    bad = check(options=BREACH, calls=["breach"])
    assert bad["error"] == "breach is not a call of the auction (N passes or bids)"
    bad = check(options=BREACH, calls=["7S", "pass", "pass", "pass", "8S"])
    assert bad["error"] == "the auction is over: E says breach or pass, not 8S"


def test_misere_may_be_breached():
    out = check(
        variant="australian",
        options=BREACH,
        dealer="N",
        calls=["7S", "MIS", "pass", "pass", "pass"],
    )
    assert out["phase"] == "breach" and out["to_act"] == "W"


@pytest.mark.parametrize(
    "tricks, score, reached, barred",
    [
        (8, {"NS": 240, "EW": -240}, False, ["E"]),  # made: the breacher loses
        (7, {"NS": -240, "EW": -240}, False, ["E"]),  # failed, breach short: both lose
        (6, {"NS": -240, "EW": 240}, True, ["N"]),  # breach reached: breachers win
    ],
)
def test_the_three_outcomes_of_a_breach(tricks, score, reached, barred):
    out = sheet(options=BREACH, declarer="N", contract="8S", tricks=tricks, breach="E")
    assert out["score"] == score and out["must_pass_next"] == barred
    assert out["breach"] == {"by": "E", "side": "EW", "reached": reached, "points": score["EW"]}


def test_breach_value_option_and_no_trick_points_for_breachers():
    opts = {"breach": True, "breach_value": 100}
    out = sheet(options=opts, declarer="N", contract="8S", tricks=6, breach="W")
    assert out["score"] == {"NS": -240, "EW": 100}
    out = sheet(options=BREACH, declarer="N", contract="8S", tricks=6)
    assert out["score"] == {"NS": -240, "EW": 40} and out["breach"] is None


def test_a_breached_misere_is_reached_at_the_declarers_third_trick():
    out = sheet("australian", BREACH, declarer="E", contract="MIS", tricks=3, breach="S")
    assert out["score"] == {"NS": 250, "EW": -250} and out["must_pass_next"] == ["E"]


def test_a_breach_by_the_declarers_side_or_below_7_is_refused():
    bad = sheet(options=BREACH, declarer="N", contract="8S", tricks=6, breach="S")
    assert bad["at"] == "breach" and "declarer's side" in bad["error"]
    bad = sheet(options=BREACH, declarer="N", contract="6S", tricks=6, breach="E")
    assert bad["at"] == "breach" and "6S is below 7" in bad["error"]
    bad = sheet(declarer="N", contract="8S", tricks=6, breach="E")
    assert bad["at"] == "breach" and "breach is off" in bad["error"]


def test_a_played_breach_scores_from_the_tricks():
    hand = make_hand(
        options=BREACH, calls=["8S", "pass", "pass", "pass", "breach"], discards="kitty"
    )
    play_out(hand)
    result = hand.result()
    taken = result.tricks["NS"]
    assert result.extra["breach"]["by"] == "E"
    assert result.extra["breach"]["reached"] is (10 - taken >= 4)
    assert result.score["NS"] == (240 if taken >= 8 else -240)


def test_breach_points_never_win_the_game_by_themselves():
    game = Game("american", options=BREACH, first_dealer="N")
    game.add_score_sheet("N", "7C", 0)  # EW 100 on tricks, NS -160
    game.add_score_sheet("E", "9S", 9)  # EW 340: 440; NS 10: -150
    game.add_score_sheet("N", "8S", 6, breach="E")  # breach reached: EW +240
    assert game.totals == {"NS": -390, "EW": 680} and not game.is_over
    game.add_score_sheet("E", "7S", 7)  # EW 580 without breach points: a win
    assert game.is_over and game.winner == "EW" and game.end_reason == "target"


def test_breach_points_never_lose_the_game_by_themselves():
    game = Game("australian", options={"breach": True, "breach_value": 600}, first_dealer="N")
    game.add_score_sheet("N", "7S", 7, breach="E")  # made: the breachers lose 600
    assert game.totals == {"NS": 140, "EW": -600} and not game.is_over


def test_a_new_hand_from_the_game_carries_must_pass_after_a_failed_breach():
    game = Game("quebec", options=BREACH, first_dealer="W")
    game.add_score_sheet("N", "8S", 8, breach="E")
    assert game.must_pass == ("E",)
    assert new_hand("quebec", "N", 1, options=BREACH, must_pass=["E"]).to_record()["must_pass"] == [
        "E"
    ]


@pytest.mark.parametrize(
    "options, message",
    [
        ({"breach": True, "set_rule": True}, "set_rule and breach are exclusive"),
        ({"breach_value": 100}, "breach_value 100 needs breach true"),
        (
            {"breach": True, "failed_contract": "to_opponents"},
            "breach subtracts points and failed_contract to_opponents never does",
        ),
        ({"breach": True, "players": 5}, "breach is not played by five players"),
    ],
)
def test_breach_combinations_that_make_no_sense_are_refused(options, message):
    with pytest.raises(ValueError, match=message) as e:
        get_variant("quebec", options)
    assert e.value.code == "bad_option_combination"


def test_must_pass_without_the_set_rule_or_breach_is_refused():
    rec = make_record(must_pass=["N"], calls=[])
    rec["options"] = {}
    out = check_record(rec)
    assert out["at"] == "must_pass" and "neither is in play" in out["error"]
    bad = check(options=SET, must_pass=["N", "N"], calls=[])
    assert bad["error"] == "must_pass names a seat twice"
