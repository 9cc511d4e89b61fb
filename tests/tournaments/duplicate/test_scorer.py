"""Behaviour of the duplicate matchpoint scorer (DUPLICATE.md), through ``score()``."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from tournaments.duplicate import (
    DuplicateError,
    neuberg,
    percent_of,
    raw_matchpoints,
    read_results,
    score,
    score_boards,
)

from .util import EXAMPLE, adjusted, board_mps, by_player, example, results_file, scored

# --- the worked example ---------------------------------------------------------------


def test_the_documented_example_scores_exactly_as_documented():
    out = score(EXAMPLE)
    assert out["boards"] == [
        {
            "board": 1,
            "top": 4.0,
            "results": [
                {"table": 1, "NS": 3.5, "EW": 0.5},
                {"table": 2, "NS": 0.5, "EW": 3.5},
                {"table": 3, "NS": 2.4, "EW": 1.6},
            ],
        }
    ]
    assert out["players"][0] == {
        "player": "p01",
        "matchpoints": 3.5,
        "top": 4.0,
        "percent": 87.5,
        "points": 240,
        "boards": 1,
        "rank": 1,
    }


def test_the_example_ranks_players_by_percentage_with_shared_ranks_and_names():
    out = score(EXAMPLE)
    order = [(p["player"], p["percent"], p["rank"]) for p in out["players"]]
    assert order == [
        ("p01", 87.5, 1), ("p02", 87.5, 1), ("p07", 87.5, 1), ("p08", 87.5, 1),
        ("p09", 60.0, 5), ("p10", 60.0, 5), ("p11", 40.0, 7), ("p12", 40.0, 7),
        ("p03", 12.5, 9), ("p04", 12.5, 9), ("p05", 12.5, 9), ("p06", 12.5, 9),
    ]  # fmt: skip
    assert by_player(out)["p05"]["points"] == -240 and by_player(out)["p07"]["points"] == 50


def test_results_are_listed_in_table_order_and_boards_in_file_order():
    data = results_file(
        (7, [scored(3, ["a", "b"], ["c", "d"], 100, 0), scored(1, ["e", "f"], ["g", "h"], 0, 0)]),
        (2, [scored(2, ["a", "b"], ["c", "d"], 0, 0), scored(1, ["e", "f"], ["g", "h"], 0, 0)]),
    )
    out = score(data)
    assert [b["board"] for b in out["boards"]] == [7, 2]
    assert [r["table"] for r in out["boards"][0]["results"]] == [1, 3]


# --- matchpoints on one board ---------------------------------------------------------


def test_two_per_lower_delta_one_per_equal_and_the_sides_add_up_to_the_top():
    # NS deltas: 200, 200, -100, 0 -> NS: 2*2+1, 2*2+1, 0, 2*1
    assert raw_matchpoints([200, 200, -100, 0]) == [5, 5, 0, 2]
    data = results_file(
        (
            1,
            [
                scored(1, "AB", "CD", 240, 40),
                scored(2, "EF", "GH", 300, 100),
                scored(3, "IJ", "KL", -100, 0),
                scored(4, "MN", "OP", 60, 60),
            ],
        )
    )
    mps = board_mps(score(data), 1)
    assert mps == {1: (5, 1), 2: (5, 1), 3: (0, 6), 4: (2, 4)}


def test_the_delta_counts_both_sides_scores_not_the_ns_score_alone():
    data = results_file((1, [scored(1, "AB", "CD", 100, 90), scored(2, "EF", "GH", 80, -40)]))
    # deltas 10 and 120: table 2 beats table 1 for NS though its NS score is lower
    assert board_mps(score(data), 1) == {1: (0, 2), 2: (2, 0)}


# --- Neuberg --------------------------------------------------------------------------


def test_neuberg_scales_a_board_with_fewer_results_up_to_the_top_of_n():
    three = [scored(t, [f"a{t}", f"b{t}"], [f"c{t}", f"d{t}"], 10 * t, 0) for t in (1, 2, 3)]
    four = three + [scored(4, ["a4", "b4"], ["c4", "d4"], 40, 0)]
    out = score(results_file((1, four), (2, three)))
    assert [b["top"] for b in out["boards"]] == [6.0, 6.0]
    # board 2: raw 0, 2, 4 on a top of 4 -> (x + 1) * 4 / 3 - 1
    mps = board_mps(out, 2)
    assert mps[1] == pytest.approx((1 / 3, 17 / 3)) and mps[2] == (3.0, 3.0)
    assert mps[3] == pytest.approx((17 / 3, 1 / 3))
    assert neuberg(2, 3, 4) == Fraction(3) and neuberg(4, 3, 4) == Fraction(17, 3)


def test_a_board_with_n_results_is_not_scaled():
    assert neuberg(3, 5, 5) == 3


def test_a_lone_result_gets_n_minus_one_on_each_side():
    full = [scored(t, [f"a{t}", f"b{t}"], [f"c{t}", f"d{t}"], t, 0) for t in (1, 2, 3, 4, 5)]
    lone = [scored(2, ["a2", "b2"], ["c2", "d2"], 400, -100)]
    out = score(results_file((1, full), (2, lone)))
    assert board_mps(out, 2) == {2: (4.0, 4.0)} and out["boards"][1]["top"] == 8.0


def test_a_board_with_no_scored_result_gives_adjusted_sides_their_share_of_the_top():
    full = [scored(t, [f"a{t}", f"b{t}"], [f"c{t}", f"d{t}"], t, 0) for t in (1, 2, 3)]
    only_adjusted = [adjusted(1, ["a1", "b1"], ["c1", "d1"], "A", "A-")]
    empty = []
    out = score(results_file((1, full), (2, only_adjusted), (3, empty)))
    assert board_mps(out, 2) == {1: (2.0, pytest.approx(1.6))}
    assert out["boards"][2] == {"board": 3, "top": 4.0, "results": []}


def test_n_counts_adjusted_results_too():
    board = [
        scored(1, "AB", "CD", 100, 0),
        scored(2, "EF", "GH", 0, 0),
        adjusted(3, "IJ", "KL", "A", "A"),
    ]
    out = score(results_file((1, board)))
    assert out["boards"][0]["top"] == 4.0
    assert board_mps(out, 1) == {1: (3.5, 0.5), 2: (0.5, 3.5), 3: (2.0, 2.0)}


def test_with_every_board_played_once_every_top_is_0_and_everyone_scores_50_percent():
    data = results_file(
        (1, [scored(1, "AB", "CD", 500, -250)]),
        (2, [adjusted(1, "AB", "CD", "A+", "A-")]),
    )
    out = score(data)
    assert [b["top"] for b in out["boards"]] == [0.0, 0.0]
    assert board_mps(out, 1) == {1: (0.0, 0.0)} and board_mps(out, 2) == {1: (0.0, 0.0)}
    assert {p["player"]: (p["percent"], p["rank"]) for p in out["players"]} == {
        "A": (50.0, 1),
        "B": (50.0, 1),
        "C": (50.0, 1),
        "D": (50.0, 1),
    }


def test_a_file_without_any_result_scores_nothing():
    assert score(results_file()) == {"boards": [], "players": []}
    assert score(results_file((4, []))) == {
        "boards": [{"board": 4, "top": 0.0, "results": []}],
        "players": [],
    }


# --- adjusted scores ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ns", "ew", "expected"),
    [("A+", "A-", (2.4, 1.6)), ("A", "A", (2.0, 2.0)), ("A+", "A+", (2.4, 2.4)),
     ("A-", "A+", (1.6, 2.4)), ("A-", "A-", (1.6, 1.6))],
)  # fmt: skip
def test_each_adjusted_side_gets_its_own_share_of_the_top(ns, ew, expected):
    data = example()
    data["boards"][0]["results"][2]["adjusted"] = {"NS": ns, "EW": ew}
    assert board_mps(score(data), 1)[3] == pytest.approx(expected)


def test_points_ignore_adjusted_boards_and_boards_count_them():
    data = results_file(
        (1, [scored(1, "AB", "CD", 240, 20), scored(2, "EF", "GH", 100, 0)]),
        (2, [adjusted(1, "AB", "CD", "A+", "A-"), scored(2, "EF", "GH", 100, 0)]),
        (3, [scored(1, "AB", "CD", -60, 80), scored(2, "EF", "GH", 20, 0)]),
    )
    players = by_player(score(data))
    assert players["A"]["points"] == 240 - 60 and players["A"]["boards"] == 3
    assert players["C"]["points"] == 20 + 80 and players["C"]["boards"] == 3
    # A: 2 + 1.2 (60% of 2) + 0 = 3.2 on a top of 6
    assert players["A"]["matchpoints"] == pytest.approx(3.2) and players["A"]["top"] == 6.0
    assert players["A"]["percent"] == 53.33


# --- percentages and ranks ------------------------------------------------------------


def test_percentages_round_half_up_to_two_decimals():
    assert percent_of(Fraction(97, 8), Fraction(100)) == Decimal("12.13")  # 12.125
    assert percent_of(Fraction(12115, 1000), Fraction(100)) == Decimal("12.12")  # 12.115
    assert percent_of(Fraction(1, 3), Fraction(1)) == Decimal("33.33")
    assert percent_of(Fraction(2, 3), Fraction(1)) == Decimal("66.67")
    assert percent_of(Fraction(0), Fraction(0)) == Decimal("50.00")
    assert round(12.125, 2) == 12.12  # why the scorer does not round floats


def test_a_file_whose_percentages_end_in_a_half_hundredth_rounds_them_up():
    # N = 5, four scored: the best NS gets (6 + 1) * 5 / 4 - 1 = 7.75 of 8, 96.875 %
    board = [scored(t, [f"n{t}"], [f"e{t}"], 100 * t, 0) for t in (1, 2, 3, 4)]
    board.append(adjusted(5, ["n5"], ["e5"], "A", "A"))
    players = by_player(score(results_file((1, board))))
    assert players["n4"]["matchpoints"] == 7.75 and players["n4"]["percent"] == 96.88
    assert players["e4"]["matchpoints"] == 0.25 and players["e4"]["percent"] == 3.13


def test_ties_share_a_rank_and_the_next_rank_is_skipped():
    # one board, four tables: NS deltas 300, 100, 100, -50 -> NS 6, 3, 3, 0 (top 6)
    data = results_file(
        (
            1,
            [
                scored(1, ["n1"], ["e1"], 300, 0),
                scored(2, ["n2"], ["e2"], 100, 0),
                scored(3, ["n3"], ["e3"], 100, 0),
                scored(4, ["n4"], ["e4"], -50, 0),
            ],
        )
    )
    ranks = [(p["player"], p["rank"]) for p in score(data)["players"]]
    assert ranks == [
        ("e4", 1), ("n1", 1),
        ("e2", 3), ("e3", 3), ("n2", 3), ("n3", 3),
        ("e1", 7), ("n4", 7),
    ]  # fmt: skip


def test_ranks_1_2_2_4_and_ties_listed_by_code_point_order():
    # NS deltas 300, 100, 100: NS 4, 1, 1 and EW 0, 3, 3 on a top of 4
    data = results_file(
        (
            1,
            [
                scored(1, ["top"], ["last"], 300, 0),
                scored(2, ["Émile"], ["Zoé"], 100, 0),
                scored(3, ["Zed"], ["anne"], 100, 0),
            ],
        )
    )
    players = score(data)["players"]
    assert [(p["player"], p["percent"], p["rank"]) for p in players] == [
        ("top", 100.0, 1),
        ("Zoé", 75.0, 2),  # "Z" (U+005A) < "a" (U+0061) < "É" (U+00C9)
        ("anne", 75.0, 2),
        ("Zed", 25.0, 4),
        ("Émile", 25.0, 4),
        ("last", 0.0, 6),
    ]


def test_players_whose_percentages_round_alike_share_a_rank():
    """1/3 and 0.33335 both show as 33.33 (rounded), so they share a rank."""
    boards = read_results(results_file((1, [scored(1, ["a"], ["b"], 0, 0)])))
    assert boards[0].results[0].delta == 0
    assert percent_of(Fraction(1, 3), Fraction(1)) == percent_of(
        Fraction(33332, 100000), Fraction(1)
    )


def test_a_side_of_one_pair_id_is_a_competitor():
    data = results_file((1, [scored(1, ["pair-A"], ["pair-B"], 100, 0)]))
    assert [p["player"] for p in score(data)["players"]] == ["pair-A", "pair-B"]


def test_exact_values_are_available_for_the_tournament_side():
    scores = score_boards(read_results(EXAMPLE))
    line = scores.player("p09")
    assert line.matchpoints == Fraction(12, 5) and line.top == 4
    assert line.percent == Decimal("60.00") and scores.most_results == 3
    with pytest.raises(KeyError):
        scores.player("nobody")


# --- errors ---------------------------------------------------------------------------


def _set(path, value):
    """A change to the example: ``path`` of keys/indexes, set to ``value`` (or deleted)."""

    def change(data):
        *head, last = path
        node = data
        for key in head:
            node = node[key]
        if value is DELETE:
            del node[last]
        else:
            node[last] = value
        return data

    return change


DELETE = object()
R = ("boards", 0, "results")


ERRORS = [
    # (change, code, message)
    (lambda d: [], "not_object", "the file is not a JSON object"),
    (_set(("format",), DELETE), "missing_format", "format missing"),
    (_set(("format",), "club500-duplicate/2"), "unknown_format", "unknown format"),
    (_set(("boards",), {"board": 1}), "bad_boards", "boards missing or not a list"),
    (_set(("boards",), DELETE), "bad_boards", "boards missing or not a list"),
    (_set(("boards", 0), "board 1"), "board_not_object", "boards[0]: a board is not an object"),
    (_set(("boards", 0, "board"), DELETE), "bad_board", "boards[0]: board number missing"),
    (_set(("boards", 0, "board"), "1"), "bad_board", "boards[0]: board number missing"),
    (_set(("boards", 0, "results"), DELETE), "bad_results", "board 1: results missing"),
    (_set((*R, 1), [2]), "result_not_object", "board 1, results[1]: a result is not an object"),
    (_set((*R, 1, "table"), DELETE), "bad_table", "board 1, results[1]: table number missing"),
    (_set((*R, 1, "table"), 1), "table_twice", "board 1, table 1: table number twice"),
    (
        _set((*R, 1, "adjusted"), {"NS": "A", "EW": "A"}),
        "scored_and_adjusted",
        "board 1, table 2: a result both scored and adjusted",
    ),
    (
        _set((*R, 1, "score"), DELETE),
        "not_scored",
        "board 1, table 2: a result neither scored nor adjusted",
    ),
    (
        _set((*R, 2, "adjusted", "EW"), "B"),
        "bad_adjusted",
        "board 1, table 3: adjusted.EW not valid: 'B'",
    ),
    (
        _set((*R, 2, "adjusted", "NS"), "a+"),
        "bad_adjusted",
        "board 1, table 3: adjusted.NS not valid",
    ),
    (
        _set((*R, 2, "adjusted", "NS"), DELETE),
        "missing_adjusted",
        "board 1, table 3: adjusted.NS missing",
    ),
    (_set((*R, 1, "score", "EW"), DELETE), "missing_score", "board 1, table 2: score.EW missing"),
    (_set((*R, 1, "score", "EW"), 50.5), "bad_score", "board 1, table 2: score.EW not valid"),
    (_set((*R, 1, "score", "EW"), True), "bad_score", "board 1, table 2: score.EW not valid"),
    (_set((*R, 1, "score"), [1, 2]), "bad_score", "board 1, table 2: score is not an object"),
    (_set((*R, 0, "NS"), DELETE), "missing_players", "board 1, table 1: the NS players missing"),
    (_set((*R, 0, "EW"), "p03"), "bad_players", "board 1, table 1: the EW players not valid"),
    (_set((*R, 0, "EW"), []), "bad_players", "board 1, table 1: the EW players not valid"),
    (
        _set((*R, 2, "EW"), ["p11", "p01"]),
        "player_twice",
        "board 1, table 3: player 'p01' twice on the board",
    ),
    (
        _set((*R, 0, "EW"), ["p03", "p03"]),
        "player_twice",
        "board 1, table 1: player 'p03' twice on the board",
    ),
]


@pytest.mark.parametrize(("change", "code", "message"), ERRORS)
def test_a_file_breaking_a_rule_is_refused_naming_board_and_table(change, code, message):
    with pytest.raises(DuplicateError) as e:
        score(change(example()))
    assert e.value.code == code
    assert str(e.value).startswith(message), str(e.value)


def test_an_error_carries_the_board_and_table_numbers():
    data = example()
    data["boards"][0]["results"][1]["adjusted"] = {"NS": "A", "EW": "A"}
    with pytest.raises(DuplicateError) as e:
        score(data)
    assert (e.value.board, e.value.table) == (1, 2)
    assert e.value.reason == "a result both scored and adjusted"


def test_a_board_number_twice_in_the_file_is_refused():
    data = results_file((3, []), (3, []))
    with pytest.raises(DuplicateError, match="^board 3: board number twice in the file$"):
        score(data)


def test_the_same_player_on_two_boards_is_fine():
    data = results_file((1, [scored(1, "AB", "CD", 1, 0)]), (2, [scored(1, "AB", "CD", 1, 0)]))
    assert by_player(score(data))["A"]["boards"] == 2


def test_unknown_keys_are_ignored():
    data = example()
    data["round"] = 2
    data["boards"][0]["results"][0]["note"] = "claim accepted"
    assert score(data) == score(EXAMPLE)
