"""Behaviour of the pure tournament standings (no database, no Django)."""

from __future__ import annotations

import dataclasses
import json
import os
import random
import subprocess
import sys

import pytest

from tournaments.standings import (
    Bye,
    GameResult,
    StandingLine,
    StandingsError,
    compute_standings,
    place_points,
    round_half_away,
    season_ranking,
)


@pytest.fixture(autouse=True)
def _clear_cache():
    """Override the project-wide autouse fixture of the same name (tests/conftest.py)
    that touches Django's cache: these tests are pure and must not need Django."""
    yield


REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def game(r, t, ns, ew, tn, te, **flags):
    """Individual format: NS players ``ns`` scored ``tn``, EW players ``ew`` scored ``te``."""
    return GameResult(
        round=r, table=t, sides={"NS": ns, "EW": ew}, totals={"NS": tn, "EW": te}, flags=flags
    )


def pgame(r, t, a, b, ta, tb):
    """Pairs format: pair ``a`` (NS) scored ``ta`` against pair ``b`` (EW) scoring ``tb``."""
    return GameResult(round=r, table=t, sides={"NS": (a,), "EW": (b,)}, totals={"NS": ta, "EW": tb})


def places(st):
    return {ln.competitor: ln.place for ln in st.lines}


def order(st):
    return [ln.competitor for ln in st.lines]


# --- purity ---------------------------------------------------------------------------


def test_standings_import_no_django():
    code = (
        "import sys, tournaments.standings as s;"
        "st = s.compute_standings([s.GameResult(1, 1, {'NS': (1, 3), 'EW': (2, 4)},"
        " {'NS': 100, 'EW': -40})]); st.to_dict(); s.season_ranking([st]);"
        "assert 'django' not in sys.modules, sorted(m for m in sys.modules if 'django' in m)"
    )
    subprocess.run([sys.executable, "-c", code], cwd=REPO, check=True)


# --- totals, per-round scores, formats ------------------------------------------------


def test_each_player_gets_their_sides_total_and_per_round_scores_add_up():
    st = compute_standings(
        [
            game(1, 1, (1, 3), (2, 4), 540, -120),
            game(2, 1, (1, 2), (3, 4), 200, 200),
            game(3, 1, (1, 4), (2, 3), -60, 300),
        ]
    )
    p1 = st.line(1)
    assert p1.scores == (540, 200, -60) and p1.total == 680
    assert p1.cumulative == (540, 740, 680)
    assert (p1.games, p1.wins, p1.ties, p1.losses, p1.byes) == (3, 1, 1, 1, 0)
    assert st.line(4).total == -120 + 200 + -60 == 20
    assert st.line(3).scores == (540, 200, 300) and st.line(3).total == 1040
    assert st.rounds == 3 and st.line(2).tables == (1, 1, 1)


def test_pairs_format_credits_the_pair_id_and_a_bare_id_is_a_one_pair_side():
    games = [
        pgame(1, 1, "A", "B", 480, 90),
        pgame(1, 2, "C", "D", -40, 260),
        GameResult(2, 1, {"NS": "A", "EW": "C"}, {"NS": 100, "EW": 300}),
    ]
    st = compute_standings(games, fmt="pairs", members={"A": (11, 12), "C": (31, 32)})
    assert st.line("A").scores == (480, 100) and st.line("A").total == 580
    assert st.line("A").members == (11, 12) and st.line("B").members == ()
    assert order(st) == ["A", "C", "D", "B"]  # 580, 260, 260, 90: C and D share 2nd
    assert places(st) == {"A": 1, "C": 2, "D": 2, "B": 4}


def test_pairs_format_rejects_a_side_listing_two_competitors():
    with pytest.raises(StandingsError) as e:
        compute_standings([game(1, 1, (1, 3), (2, 4), 10, 20)], fmt="pairs")
    assert e.value.code == "pairs_side_size"


def test_a_game_with_more_than_two_sides_wins_only_when_strictly_highest():
    g = GameResult(1, 1, {"P1": (1,), "P2": (2,), "P3": (3,)}, {"P1": 90, "P2": 90, "P3": 10})
    st = compute_standings([g])
    assert (st.line(1).ties, st.line(2).ties, st.line(3).losses) == (1, 1, 1)


def test_withdrawn_competitor_keeps_scores_and_registered_nonplayer_gets_an_empty_line():
    st = compute_standings(
        [game(1, 1, (1, 3), (2, 4), 100, 50), game(2, 1, (1, 2), (3, 5), 70, 20)], competitors=[9]
    )
    assert st.line(4).scores == (50, None) and st.line(4).total == 50  # withdrew after round 1
    assert st.line(9).scores == (None, None) and st.line(9).total == 0
    assert not st.line(9).played and st.line(9).place == 6


def test_game_flags_are_counted_per_competitor_and_do_not_change_scores():
    st = compute_standings(
        [
            game(1, 1, (1, 3), (2, 4), 100, 50, adjusted=True, bot=False),
            game(2, 1, (1, 2), (3, 4), 70, 20, bot=True),
        ]
    )
    assert st.line(1).flags == {"adjusted": 1, "bot": 1}
    assert st.line(4).flags == {"adjusted": 1, "bot": 1} and st.line(1).total == 170


# --- byes -----------------------------------------------------------------------------


def test_round_half_away_from_zero():
    assert [
        round_half_away(n, d) for n, d in [(5, 2), (-5, 2), (7, 3), (-7, 3), (8, 3), (0, 4)]
    ] == [3, -3, 2, -2, 3, 0]


def test_average_bye_is_the_rounds_mean_competitor_score_rounded_half_away_from_zero():
    # round 1: players score 15, 15, -10, -10 -> mean 2.5 -> 3
    # round 2: players score -15, -15, 10, 10 -> mean -2.5 -> -3
    st = compute_standings(
        [game(1, 1, (1, 3), (2, 4), 15, -10), game(2, 1, (1, 3), (2, 5), -15, 10)],
        [Bye(1, 5), Bye(2, 4)],
        bye_rule="average",
    )
    assert st.line(5).scores == (3, 10) and st.line(4).scores == (-10, -3)
    assert st.bye_scores == (3, -3)
    assert (st.line(5).byes, st.line(5).games) == (1, 1)
    assert (st.line(4).wins, st.line(4).losses) == (0, 1)  # a bye is neither


def test_fixed_and_zero_byes_and_a_directors_points_override():
    games = [game(1, 1, (1, 3), (2, 4), 400, 100)]
    fixed = compute_standings(
        games, [Bye(1, 5), Bye(1, 6, points=77)], bye_rule="fixed", bye_points=150
    )
    assert fixed.line(5).total == 150 and fixed.line(6).total == 77
    zero = compute_standings(games, [Bye(1, 5)], bye_rule="zero")
    assert zero.line(5).scores == (0,) and zero.line(5).byes == 1 and zero.line(5).games == 0


def test_byes_are_left_out_of_the_rounds_game_ranking():
    st = compute_standings([game(1, 1, (1, 3), (2, 4), 400, 100)], [Bye(1, 5)])
    rows = st.round_ranking(1)
    assert [r.competitor for r in rows] == [1, 3, 2, 4]
    assert [(r.place, r.shared) for r in rows] == [(1, True), (1, True), (3, True), (3, True)]


# --- ties -----------------------------------------------------------------------------

FOUR_TABLES = [  # totals: 2: 500; 1, 3, 4, 6: 300; 5: 100; 7, 8: -50
    game(1, 1, (1, 3), (2, 4), 200, 300),
    game(2, 1, (1, 3), (4, 5), 100, 0),
    game(2, 2, (2, 6), (7, 8), 200, -50),
    game(1, 2, (5, 6), (7, 8), 100, 0),
]


def test_shared_rule_equal_totals_share_and_the_next_place_is_skipped():
    st = compute_standings(FOUR_TABLES)
    assert [(ln.competitor, ln.total, ln.place, ln.shared) for ln in st.lines] == [
        (2, 500, 1, False),
        (1, 300, 2, True),
        (3, 300, 2, True),
        (4, 300, 2, True),
        (6, 300, 2, True),
        (5, 100, 6, False),
        (7, -50, 7, True),
        (8, -50, 7, True),
    ]


def test_shared_places_numbering_1_2_2_4():
    st = compute_standings(
        [pgame(1, 1, "A", "B", 500, 300), pgame(1, 2, "C", "D", 300, 100)], fmt="pairs"
    )
    assert [ln.place for ln in st.lines] == [1, 2, 2, 4]
    assert [ln.competitor for ln in st.lines] == ["A", "B", "C", "D"]
    assert st.line("B").tiebreak == {}


def test_wins_rule_breaks_a_three_way_tie_by_games_won_then_shares():
    # 1, 2, 3 all end on 300: 1 won two games, 2 and 3 won one each; 4 ends on 400
    # (partners 101.. play once each, never scoring 300)
    games = [
        game(1, 1, (1, 101), (2, 102), 200, 100),  # 1 wins, 2 loses
        game(1, 2, (3, 103), (4, 104), 100, 200),  # 3 loses
        game(2, 1, (1, 105), (3, 106), 100, 50),  # 1 wins (300), 3 loses
        game(2, 2, (2, 107), (4, 108), 200, 100),  # 2 wins (300)
        game(3, 1, (3, 109), (4, 110), 150, 100),  # 3 wins (300)
    ]
    shared = compute_standings(games)
    assert [shared.line(c).place for c in (1, 2, 3)] == [2, 2, 2]
    st = compute_standings(games, tie_rule="wins")
    assert st.line(1).place == 2 and not st.line(1).shared
    assert [st.line(c).place for c in (2, 3)] == [3, 3] and st.line(2).shared
    assert st.line(1).tiebreak == {"wins": 2} and st.line(3).tiebreak == {"wins": 1}
    assert st.line(4).place == 1 and st.line(4).tiebreak == {}  # 500, not tied


def test_best_game_rule_prefers_the_best_single_game_total():
    games = [
        game(1, 1, (1, 3), (2, 4), 400, 100),  # 1: 400, 2: 100
        game(2, 1, (1, 4), (2, 3), -100, 200),  # 1: 300, 2: 300
        game(3, 1, (5, 7), (6, 8), 300, -300),  # 5 and 7: 300 in one game
    ]
    # 3: 600; then 1, 2, 5, 7 all on 300 with best games 400, 200, 300, 300
    st = compute_standings(games, tie_rule="best_game")
    assert [st.line(c).place for c in (3, 1, 5, 7, 2)] == [1, 2, 3, 3, 5]
    assert st.line(5).shared and not st.line(1).shared
    assert st.line(1).tiebreak == {"best_game": 400}
    assert st.line(5).tiebreak == {"best_game": 300}
    assert st.line(2).tiebreak == {"best_game": 200}
    assert st.line(3).tiebreak == {}


def test_best_game_ignores_byes_and_no_game_ranks_last_among_the_tied():
    st = compute_standings(
        [game(1, 1, (1, 3), (2, 4), 0, 0)], [Bye(1, 5)], tie_rule="best_game"
    )  # everyone on 0; 5's bye is 0 too
    assert st.line(5).tiebreak == {"best_game": None} and st.line(5).place == 5
    assert [st.line(c).place for c in (1, 2, 3, 4)] == [1, 1, 1, 1]


def test_head_to_head_between_two_tied_pairs_uses_the_points_scored_when_they_met():
    games = [
        pgame(1, 1, "A", "B", 200, 250),
        pgame(2, 1, "A", "C", 300, 0),
        pgame(2, 2, "B", "D", 250, 0),
    ]  # A and B both on 500
    st = compute_standings(games, fmt="pairs", tie_rule="head_to_head")
    assert (st.line("B").place, st.line("A").place) == (1, 2)
    assert st.line("B").tiebreak == {"head_to_head": 250}
    assert st.line("A").tiebreak == {"head_to_head": 200}


def test_head_to_head_three_way_adds_points_against_all_the_others_when_all_met():
    # A, B, C each end on 600 and each met the two others
    games = [
        pgame(1, 1, "A", "B", 300, 200),
        pgame(2, 1, "B", "C", 100, 400),
        pgame(3, 1, "C", "A", 200, 300),
    ]
    # A: 300 + 300 = 600; B: 200 + 100 + 300 (vs D) ...
    games += [pgame(3, 2, "B", "D", 300, 0), pgame(1, 2, "C", "D", 0, 50)]
    st = compute_standings(games, fmt="pairs", tie_rule="head_to_head")
    assert {c: st.line(c).total for c in "ABC"} == {"A": 600, "B": 600, "C": 600}
    # direct meetings only: A 300 + 300 = 600, B 200 + 100 = 300, C 400 + 200 = 600
    assert {c: st.line(c).tiebreak["head_to_head"] for c in "ABC"} == {"A": 600, "B": 300, "C": 600}
    assert [st.line(c).place for c in "ACB"] == [1, 1, 3]
    assert st.line("A").shared and not st.line("B").shared


def test_head_to_head_three_way_shares_when_two_of_them_never_met():
    games = [
        pgame(1, 1, "A", "B", 300, 100),
        pgame(2, 1, "B", "C", 100, 300),
        pgame(1, 2, "C", "D", 0, 0),
        pgame(2, 2, "A", "D", 0, 0),
        pgame(3, 1, "B", "D", 100, 0),
    ]  # A 300, B 300, C 300; A and C never met
    st = compute_standings(games, fmt="pairs", tie_rule="head_to_head")
    assert [st.line(c).place for c in "ABC"] == [1, 1, 1]
    assert st.line("A").tiebreak == {"head_to_head": None}


def test_head_to_head_needs_the_pairs_format():
    with pytest.raises(StandingsError) as e:
        compute_standings([], tie_rule="head_to_head")
    assert e.value.code == "tie_rule_needs_pairs"


# --- medals, eligibility, order -------------------------------------------------------


def test_medals_only_in_final_standings():
    games = [pgame(1, 1, "A", "B", 500, 300), pgame(1, 2, "C", "D", 200, 100)]
    assert all(ln.medal is None for ln in compute_standings(games, fmt="pairs").lines)
    final = compute_standings(games, fmt="pairs", final=True)
    assert [ln.medal for ln in final.lines] == ["gold", "silver", "bronze", None]
    assert [ln.competitor for ln in final.medallists()] == ["A", "B", "C"]


def test_shared_gold_means_no_silver_and_bronze_goes_to_place_3():
    games = [
        pgame(1, 1, "A", "B", 500, 300),
        pgame(1, 2, "C", "D", 500, 100),
        pgame(1, 3, "E", "F", 50, 60),
    ]
    st = compute_standings(games, fmt="pairs", final=True)
    assert [(ln.competitor, ln.place, ln.medal) for ln in st.lines[:4]] == [
        ("A", 1, "gold"),
        ("C", 1, "gold"),
        ("B", 3, "bronze"),
        ("D", 4, None),
    ]


def test_shared_silver_leaves_no_bronze():
    games = [pgame(1, 1, "A", "B", 500, 300), pgame(1, 2, "C", "D", 300, 100)]
    st = compute_standings(games, fmt="pairs", final=True)
    assert [ln.medal for ln in st.lines] == ["gold", "silver", "silver", None]


def test_only_eligible_competitors_are_ranked_the_others_keep_their_line_without_place():
    games = [game(1, 1, ("guest", 3), (2, 4), 600, 100), game(1, 2, (5, 6), (7, 8), 300, 200)]
    st = compute_standings(games, eligible={2, 3, 4, 5, 6, 7, 8}, final=True)
    assert st.line("guest").place is None and st.line("guest").medal is None
    assert not st.line("guest").eligible and st.line("guest").total == 600
    assert st.line(3).place == 1 and st.line(3).medal == "gold"
    assert [st.line(c).place for c in (5, 6)] == [2, 2] and st.line(5).medal == "silver"
    assert order(st)[-1] == "guest"


def test_order_is_by_place_then_str_of_id_then_ints_before_strings():
    games = [game(1, 1, (2, 10), ("10", "a"), 100, 100)]
    st = compute_standings(games)
    assert order(st) == [10, "10", 2, "a"]  # all share place 1: "10" < "2" < "a"


def test_same_rows_in_any_order_give_the_same_standings():
    rng = random.Random(5)
    games = [
        game(
            r,
            t,
            (4 * t + 1, 4 * t + 3),
            (4 * t + 2, 4 * t + 4),
            rng.randrange(-5, 6) * 100,
            rng.randrange(-5, 6) * 100,
        )
        for r in range(1, 5)
        for t in range(5)
    ]
    a = compute_standings(games, tie_rule="wins").to_dict()
    rng.shuffle(games)
    assert compute_standings(games, tie_rule="wins").to_dict() == a


# --- progression ----------------------------------------------------------------------


def test_progression_gives_the_standings_after_each_round():
    games = [
        pgame(1, 1, "A", "B", 300, 100),
        pgame(1, 2, "C", "D", 200, 0),
        pgame(2, 1, "B", "D", 500, 0),
        pgame(2, 2, "A", "C", 0, 200),
    ]
    st = compute_standings(games, fmt="pairs")
    assert st.line("A").places_after == (1, 3)
    assert st.line("B").places_after == (3, 1) and st.line("B").cumulative == (100, 600)
    assert st.line("C").places_after == (2, 2)
    after1 = st.after(1)
    assert [(r.competitor, r.place, r.total, r.score) for r in after1] == [
        ("A", 1, 300, 300),
        ("C", 2, 200, 200),
        ("B", 3, 100, 100),
        ("D", 4, 0, 0),
    ]
    assert [r.competitor for r in st.after(2)] == order(st) == ["B", "C", "A", "D"]
    with pytest.raises(StandingsError):
        st.after(3)


def test_progression_applies_the_tie_rule_to_the_games_so_far():
    games = [
        game(1, 1, (1, 3), (2, 4), 100, 100),  # a tied game: nobody wins
        game(2, 1, (1, 5), (3, 6), 50, 0),  # 1: 150, one win
        game(2, 2, (2, 7), (4, 8), 50, 60),
    ]  # 2: 150, no win; 4: 160
    st = compute_standings(games, tie_rule="wins", rounds=3)
    assert st.line(1).places_after == (1, 2, 2)
    assert st.line(1).shared_after == (True, False, False)
    assert st.line(2).places_after == (1, 3, 3) and st.line(4).places_after == (1, 1, 1)
    assert st.line(1).scores == (100, 50, None) and st.rounds == 3


def test_round_ranking_ranks_that_rounds_game_totals():
    st = compute_standings(
        [pgame(1, 1, "A", "B", 300, 100), pgame(1, 2, "C", "D", 300, 0)], fmt="pairs"
    )
    rows = st.round_ranking(1)
    assert [(r.competitor, r.place, r.shared, r.table) for r in rows] == [
        ("A", 1, True, 1),
        ("C", 1, True, 2),
        ("B", 3, False, 1),
        ("D", 4, False, 2),
    ]


# --- season ---------------------------------------------------------------------------


def _tournament(totals, **kw):
    """A one-round pairs tournament where pair p scores totals[p] (paired off in order)."""
    ids = list(totals)
    games = [
        pgame(1, i, ids[2 * i], ids[2 * i + 1], totals[ids[2 * i]], totals[ids[2 * i + 1]])
        for i in range(len(ids) // 2)
    ]
    return compute_standings(games, fmt="pairs", **kw)


def test_season_points_adds_tournament_totals_with_shared_places():
    t1 = _tournament({"A": 500, "B": 300, "C": 200, "D": 100})
    t2 = _tournament({"A": 100, "B": 300, "E": 50, "F": 0})
    s = season_ranking([t1, t2], "points")
    assert [(ln.player, ln.total, ln.played, ln.place) for ln in s.lines] == [
        ("A", 600, 2, 1),
        ("B", 600, 2, 1),
        ("C", 200, 1, 3),
        ("D", 100, 1, 4),
        ("E", 50, 1, 5),
        ("F", 0, 1, 6),
    ]
    assert s.lines[2].results == (200, None) and s.lines[0].shared


def test_season_places_uses_the_scale_and_shared_places_average_their_points():
    assert place_points(2, 2, (10, 8, 6, 5)) == 7
    assert place_points(7, 3, (10, 8, 6, 5, 4, 3, 2, 1)) == 1  # (2 + 1 + 0) / 3
    t1 = _tournament({"A": 500, "B": 300, "C": 300, "D": 100})  # A 10, B and C 7, D 5
    t2 = _tournament({"C": 500, "A": 400, "B": 300, "D": 300})  # C 10, A 8, B and D 5.5
    s = season_ranking([t1, t2], "places")
    got = {ln.player: (ln.total, ln.place) for ln in s.lines}
    assert got == {"A": (18, 1), "C": (17, 2), "B": (12.5, 3), "D": (10.5, 4)}
    json.dumps(s.to_dict())


def test_season_credits_each_member_of_a_pair_and_best_of_keeps_the_best_results():
    t1 = _tournament({"A": 500, "B": 100}, members={"A": (1, 2), "B": (3, 4)})
    t2 = _tournament({"X": 200, "Y": 900}, members={"X": (1, 3), "Y": (2, 4)})
    t3 = _tournament({"P": 950, "Q": 0}, members={"P": (1, 4), "Q": (2, 3)})
    s = season_ranking([t1, t2, t3], best_of=2)
    got = {ln.player: (ln.total, ln.played, ln.counted) for ln in s.lines}
    assert got == {
        1: (1450, 3, (0, 2)),
        2: (1400, 3, (0, 1)),
        3: (300, 3, (0, 1)),
        4: (1850, 3, (1, 2)),
    }
    assert [ln.player for ln in s.lines] == [4, 1, 2, 3]
    assert s.lines[0].results == (100, 900, 950)


def test_season_places_gives_no_points_to_an_ineligible_competitor():
    t = _tournament({"A": 500, "G": 900}, eligible={"A"})
    s = season_ranking([t], "places")
    assert {ln.player: ln.total for ln in s.lines} == {"A": 10, "G": 0}


# --- bad input ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "games, byes, kw, code",
    [
        ([game(1, 1, (1, 3), (2, 1), 10, 20)], [], {}, "competitor_twice_in_game"),
        ([game(1, 1, (1, 1), (2, 4), 10, 20)], [], {}, "competitor_twice_in_game"),
        (
            [game(1, 1, (1, 3), (2, 4), 1, 2), game(1, 1, (5, 6), (7, 8), 1, 2)],
            [],
            {},
            "duplicate_table",
        ),
        (
            [game(1, 1, (1, 3), (2, 4), 1, 2), game(1, 2, (1, 6), (7, 8), 1, 2)],
            [],
            {},
            "competitor_twice_in_round",
        ),
        ([game(1, 1, (1, 3), (2, 4), 1, 2)], [Bye(1, 3)], {}, "competitor_twice_in_round"),
        ([], [], {"tie_rule": "coin_toss"}, "unknown_tie_rule"),
        ([], [], {"bye_rule": "double"}, "unknown_bye_rule"),
        ([], [], {"fmt": "teams"}, "unknown_format"),
        ([], [], {"bye_rule": "fixed"}, "bye_points_missing"),
        ([game(0, 1, (1, 3), (2, 4), 1, 2)], [], {}, "bad_round"),
        ([game(1, 1, (1, 3), (2, 4), 1.5, 2)], [], {}, "bad_total"),
        ([game(1, 1, (1, 3), (2, None), 1, 2)], [], {}, "bad_competitor_id"),
        ([game(1, 1, (1, 3), (), 1, 2)], [], {}, "empty_side"),
        ([GameResult(1, 1, {"NS": (1,)}, {"NS": 1})], [], {}, "too_few_sides"),
        (
            [GameResult(1, 1, {"NS": (1,), "EW": (2,)}, {"NS": 1, "WE": 2})],
            [],
            {},
            "sides_totals_mismatch",
        ),
        ([game(3, 1, (1, 3), (2, 4), 1, 2)], [], {"rounds": 2}, "bad_rounds"),
    ],
)
def test_bad_input_raises_standings_error_with_a_code(games, byes, kw, code):
    with pytest.raises(StandingsError) as e:
        compute_standings(games, byes, **kw)
    assert e.value.code == code and isinstance(e.value, ValueError)
    assert str(e.value)  # a readable message


def test_bad_season_settings_raise_standings_error():
    with pytest.raises(StandingsError) as e:
        season_ranking([], "medals")
    assert e.value.code == "unknown_scoring"
    with pytest.raises(StandingsError) as e:
        season_ranking([], best_of=0)
    assert e.value.code == "bad_best_of"


def test_error_message_names_the_game():
    with pytest.raises(StandingsError, match=r"round 2, table 7.*competitor 5"):
        compute_standings([game(2, 7, (5, 3), (2, 5), 1, 2)])


# --- output ---------------------------------------------------------------------------


def test_to_dict_is_json_friendly_and_lines_are_ordinary_frozen_dataclasses():
    st = compute_standings(
        [game(1, 1, (1, 3), (2, 4), 540, -120, adjusted=True)],
        [Bye(1, 5)],
        tie_rule="wins",
        final=True,
    )
    d = json.loads(json.dumps(st.to_dict()))
    assert d["lines"][0]["competitor"] == 1 and d["lines"][0]["medal"] == "gold"
    assert d["progression"][0] == {
        "round": 1,
        "bye_score": 210,
        "order": [1, 3, 5, 2, 4],
        "game_ranking": [1, 3, 2, 4],
    }
    line = st.line(1)
    assert (
        StandingLine(**{f.name: getattr(line, f.name) for f in dataclasses.fields(StandingLine)})
        == line
    )
    with pytest.raises(dataclasses.FrozenInstanceError):
        line.total = 0
    g = GameResult.from_dict(
        json.loads(
            json.dumps(GameResult(1, 1, {"NS": (1, 3), "EW": (2, 4)}, {"NS": 1, "EW": 2}).to_dict())
        )
    )
    assert g.sides == {"NS": (1, 3), "EW": (2, 4)}


def test_two_hundred_players_ten_games_rank_everyone():
    """The benchmark's size (bench/standings_bench.py measures its speed)."""
    rng = random.Random(1)
    games = []
    for r in range(1, 11):
        p = list(range(1, 201))
        rng.shuffle(p)
        games += [
            game(
                r,
                t + 1,
                (p[4 * t], p[4 * t + 2]),
                (p[4 * t + 1], p[4 * t + 3]),
                rng.randrange(-50, 121) * 10,
                rng.randrange(-50, 121) * 10,
            )
            for t in range(50)
        ]
    standings = compute_standings(games, tie_rule="wins")
    assert len(standings.lines) == 200
    assert all(line.games == 10 and None not in line.scores for line in standings.lines)
    places = [line.place for line in standings.lines]
    assert places == sorted(places) and places[0] == 1
