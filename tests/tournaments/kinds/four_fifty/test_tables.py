"""Behaviour of the pure 450 table draw (no database, no Django)."""

from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from tournaments.kinds.four_fifty.tables import (
    EVEN,
    Round,
    TablesError,
    draw_tables,
    evaluate,
    random_tables,
    repeat_meetings,
    schedule,
    table_sizes,
)


@pytest.fixture(autouse=True)
def _clear_cache():
    """Override the project-wide autouse fixture (it touches Django's cache): these
    tests are pure."""
    yield


REPO = str(Path(__file__).resolve().parents[4])


def pair_counts(rounds) -> Counter:
    c: Counter = Counter()
    for r in rounds:
        for t in r.tables:
            for i, a in enumerate(t):
                for b in t[i + 1 :]:
                    c[(min(a, b), max(a, b))] += 1
    return c


def test_the_table_draw_imports_no_django():
    code = (
        "import sys, tournaments.kinds.four_fifty.tables as t; t.schedule(14, 2, size=4);"
        "assert 'django' not in sys.modules, sorted(m for m in sys.modules"
        " if 'django' in m)"
    )
    subprocess.run([sys.executable, "-c", code], cwd=REPO, check=True)


# --- sizes ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "players, size, sizes",
    [
        (14, 4, (4, 4, 3, 3)),  # the example
        (16, 4, (4, 4, 4, 4)),
        (13, 4, (4, 3, 3, 3)),
        (13, 5, (5, 4, 4)),
        (12, 6, (6, 6)),
        (7, 3, (4, 3)),  # three tables of 3 would leave one of 1: one table fewer
        (8, 3, (4, 4)),
        (5, 4, (5,)),
        (3, 6, (3,)),
        (12, EVEN, (4, 4, 4)),
        (14, EVEN, (4, 4, 3, 3)),
        (15, EVEN, (5, 5, 5)),
        (10, EVEN, (5, 5)),
        (11, EVEN, (4, 4, 3)),
    ],
)
def test_table_sizes_follow_the_directors_choice(players, size, sizes):
    assert table_sizes(players, size) == sizes


def test_no_table_is_ever_below_three_nor_above_six():
    for size in (EVEN, 3, 4, 5, 6):
        for players in range(3, 121):
            sizes = table_sizes(players, size)
            assert sum(sizes) == players
            assert all(3 <= s <= 6 for s in sizes), (players, size, sizes)
            assert max(sizes) - min(sizes) <= 1
            if size != EVEN and players >= 3 * -(-players // size):
                assert max(sizes) <= size


def test_too_few_players_and_bad_sizes_are_refused_with_a_code():
    with pytest.raises(TablesError) as err:
        table_sizes(2, 4)
    assert err.value.code == "too_few_players"
    with pytest.raises(TablesError) as err:
        table_sizes(12, 7)
    assert err.value.code == "bad_size"
    with pytest.raises(TablesError) as err:
        draw_tables([1, 2, 2, 3], size=4)
    assert err.value.code == "duplicate_player"


# --- the draw -------------------------------------------------------------------------


def test_every_present_player_sits_once_at_tables_of_the_chosen_sizes():
    players = [f"p{i}" for i in range(14)]
    d = draw_tables(players, size=4, seed=3)
    seated = [p for t in d.tables for p in t]
    assert sorted(seated) == sorted(players)
    assert sorted(len(t) for t in d.tables) == [3, 3, 4, 4]
    assert d.byes == ()


def test_the_same_seed_gives_the_same_draw_and_another_seed_another():
    a = [x.to_dict() for x in schedule(20, 4, size=4, seed=11)]
    b = [x.to_dict() for x in schedule(20, 4, size=4, seed=11)]
    c = [x.to_dict() for x in schedule(20, 4, size=4, seed=12)]
    assert a == b
    assert a != c


def test_fourteen_players_over_four_games_at_four_meet_nearly_nobody_twice():
    rounds = [d.as_round() for d in schedule(14, 4, size=4, seed=0)]
    assert repeat_meetings(rounds) <= 1
    rng = random.Random(0)
    random_repeats = [
        repeat_meetings([random_tables(range(14), 4, rng) for _ in range(4)]) for _ in range(10)
    ]
    assert min(random_repeats) > 5


def test_repeats_reach_the_counting_bound_when_every_pair_must_meet_again():
    # 8 players at two tables of 4 over 4 games: each meets 12 times among 7 others,
    # so at least 5 repeats each (20 in all); the draw finds 20.
    for seed in range(3):
        rounds = [d.as_round() for d in schedule(8, 4, size=4, seed=seed)]
        assert repeat_meetings(rounds) == 20


def test_pairs_meet_a_third_time_only_where_tables_are_large_for_the_field():
    for n, games, size in ((20, 8, 4), (60, 8, 6), (14, 6, 4), (44, 6, 4)):
        rounds = [d.as_round() for d in schedule(n, games, size=size, seed=1)]
        assert max(pair_counts(rounds).values()) <= 2, (n, games, size)
    for n, games, size in ((20, 4, 5), (30, 4, 6), (24, 6, 6)):
        rounds = [d.as_round() for d in schedule(n, games, size=size, seed=1)]
        assert max(pair_counts(rounds).values()) <= 3, (n, games, size)


def test_the_draw_beats_a_random_draw_over_an_evening():
    for n, games, size in ((12, 6, 4), (30, 8, 4), (44, 6, 4), (10, 4, 6), (24, 6, 6)):
        rounds = [d.as_round() for d in schedule(n, games, size=size, seed=2)]
        rng = random.Random(5)
        rand = [
            repeat_meetings([random_tables(range(1, n + 1), size, rng) for _ in range(games)])
            for _ in range(5)
        ]
        assert repeat_meetings(rounds) < sum(rand) / len(rand), (n, games, size)


def test_history_counts_players_who_left_and_newcomers_are_seated():
    first = draw_tables(list(range(1, 13)), size=4, seed=1, games_total=3)
    history = [first.as_round()]
    now = [p for p in range(2, 14)]  # 1 left, 13 arrived
    second = draw_tables(
        now, history, size=4, seed=1, games_total=3, game_number=2, plan_hint=first.plan
    )
    seated = sorted(p for t in second.tables for p in t)
    assert seated == now
    assert all(r.times == 2 and r.rounds == (1, 2) for r in second.report.repeats)
    assert second.report.repeat_count <= 2
    assert 13 in [p for t in second.plan[0].tables for p in t]  # planned for game 3 too


def test_seat_order_varies_secretary_and_seats_over_the_games():
    rounds = [d.as_round() for d in schedule(16, 8, size=4, seed=4)]
    report = evaluate(rounds)
    assert report.secretary_spread <= 2  # tables are fixed first; seats follow
    firsts = Counter(t[0] for r in rounds for t in r.tables)
    assert len(firsts) == 16  # everybody keeps the sheet at least once in 8 games
    seats = {p: Counter() for p in range(1, 17)}
    for r in rounds:
        for t in r.tables:
            for k, p in enumerate(t):
                seats[p][k] += 1
    assert all(max(c.values()) <= 3 for c in seats.values())


def test_the_report_lists_the_pairs_meeting_again_in_a_game():
    rounds = [Round([(1, 2, 3), (4, 5, 6)]), Round([(1, 2, 4), (3, 5, 6)])]
    game2 = evaluate(rounds, only_round=2)
    pairs = {(r.a, r.b): r.times for r in game2.repeats}
    assert pairs == {(1, 2): 2, (5, 6): 2}
    assert game2.repeat_count == 2
    bad = evaluate([Round([(1, 2), (3, 4, 5, 6, 7, 8, 9)])])
    assert len(bad.problems) == 2


def test_the_draw_of_sixty_players_is_quick_enough_to_plan_eight_games():
    """Counts, not clocks: the whole search is bounded by an iteration budget."""
    from tournaments.kinds.four_fifty.tables import draw

    d = draw_tables(list(range(60)), size=4, seed=0, games_total=8)
    assert len(d.plan) == 7
    assert draw.MAX_ITERS <= 200_000
