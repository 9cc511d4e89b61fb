"""RULES.md 4b: point difference, Walker (exact target), and games of many sides."""

import pytest

from games.engine import Game, get_variant

WALKER = {"exact_target": True}


def test_point_difference_ends_the_game_the_side_above_wins():
    game = Game("australian", options={"point_difference": 500}, first_dealer="N")
    game.add_score_sheet("N", "10S", 4)  # NS -440, EW 60: 500 apart
    assert game.totals == {"NS": -440, "EW": 60} and game.is_over
    assert game.end_reason == "point_difference" and game.winner == "EW"


def test_point_difference_needs_one_side_below_zero_and_one_above():
    game = Game("australian", options={"point_difference": 500}, first_dealer="N")
    game.add_score_sheet("N", "10NT", 10)  # NS 520, EW 0: no side below zero
    assert game.end_reason == "target"  # 520 by a contract wins anyway
    game = Game(
        "australian",
        options={"point_difference": 500, "target": 2000},
        first_dealer="N",
    )
    game.add_score_sheet("N", "10NT", 10)
    assert not game.is_over


def test_point_difference_with_three_players():
    opts = {"players": 3, "point_difference": 500, "target": 1000}
    game = Game("australian", options=opts, first_dealer="P1")
    game.add_score_sheet("P2", "10NT", {"P1": 3, "P2": 6, "P3": 1})  # P2 -520
    assert game.is_over and game.end_reason == "point_difference"
    assert game.winner == "P1" and game.totals == {"P1": 30, "P2": -520, "P3": 10}


def test_walker_wins_only_on_exactly_the_target_by_a_contract():
    game = Game("australian", options=WALKER, first_dealer="N")
    game.add_score_sheet("N", "10NT", 10)  # 520: past the target, not on it
    assert not game.is_over and game.totals["NS"] == 520
    game = Game("australian", options=WALKER, first_dealer="N")
    game.add_score_sheet("N", "9H", 9)  # 400
    game.add_score_sheet("E", "6S", 6)  # NS 40 on tricks: 440
    assert not game.is_over
    game.add_score_sheet("N", "6D", 6)  # NS 80 -> 520
    game.add_score_sheet("E", "6S", 0)  # NS 100 on tricks -> 620: not by a contract
    assert not game.is_over
    game = Game("australian", options=WALKER, first_dealer="N")
    game.add_score_sheet("N", "8NT", 8)  # 320
    game.add_score_sheet("N", "6H", 6)  # 100 -> 420
    game.add_score_sheet("N", "6D", 6)  # 80 -> 500 exactly, by a contract
    assert game.is_over and game.winner == "NS" and game.end_reason == "target"


def test_walker_loses_at_twice_the_target_or_at_minus_the_target():
    game = Game("australian", options=WALKER, first_dealer="N")
    for _ in range(2):
        game.add_score_sheet("N", "10NT", 10)  # 1040
    assert game.is_over and game.end_reason == "over_target" and game.winner == "EW"
    game = Game("australian", options=WALKER, first_dealer="N")
    game.add_score_sheet("N", "10NT", 0)  # -520
    assert game.is_over and game.end_reason == "over_target" and game.winner == "EW"


def test_walker_needs_a_target():
    with pytest.raises(ValueError, match="exact_target needs end target"):
        get_variant("quebec", WALKER)


def test_five_handed_totals_are_per_player_and_the_declarer_wins_a_tie():
    game = Game("australian", options={"players": 5}, first_dealer="P1")
    tricks = {"P1": 6, "P2": 4, "P3": 0, "P4": 0, "P5": 0}
    game.add_score_sheet("P1", "10NT", tricks, partner="P2")  # both 520
    assert game.totals == {"P1": 520, "P2": 520, "P3": 0, "P4": 0, "P5": 0}
    assert game.is_over and game.winner == "P1"


def test_six_handed_3x2_game_is_won_by_one_of_three_teams():
    game = Game("australian", options={"players": 6, "teams": "3x2"}, first_dealer="P1")
    game.add_score_sheet("P3", "10NT", {"P1P4": 0, "P2P5": 0, "P3P6": 10})
    assert game.is_over and game.winner == "P3P6"
    summary = game.summary()
    assert summary["teams"]["P3P6"] == ["P3", "P6"] and summary["must_pass"] == []
