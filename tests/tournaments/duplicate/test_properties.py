"""Properties of the scorer on seeded random results files."""

from __future__ import annotations

import copy
import random

import pytest

from tournaments.duplicate import read_results, score, score_boards

from .util import adjusted, results_file, scored

ADJ = ("A+", "A", "A-")


def random_file(rng: random.Random) -> dict:
    """Up to 8 tables and 10 boards; some tables miss some boards, some results adjusted,
    scores from a small set so that equal deltas are common."""
    tables = rng.randint(1, 8)
    boards = []
    for number in rng.sample(range(1, 40), rng.randint(1, 10)):
        results = []
        for table in rng.sample(range(1, tables + 1), rng.randint(0, tables)):
            ns = [f"n{table}a", f"n{table}b"]
            ew = [f"e{table}a", f"e{table}b"]
            if rng.random() < 0.15:
                results.append(adjusted(table, ns, ew, rng.choice(ADJ), rng.choice(ADJ)))
            else:
                s = rng.choice((-400, -120, 0, 40, 240, 500))
                results.append(scored(table, ns, ew, s, rng.choice((-100, 0, 30, 60))))
        boards.append((number, results))
    return results_file(*boards)


SEEDS = range(60)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_two_sides_of_every_scored_result_add_up_to_the_top(seed):
    data = random_file(random.Random(seed))
    boards = read_results(data)
    scores = score_boards(boards)
    for board, bs in zip(boards, scores.boards):
        assert bs.top == 2 * max(scores.most_results - 1, 0)
        for result, rs in zip(sorted(board.results, key=lambda r: r.table), bs.results):
            assert rs.table == result.table
            if result.score is not None:
                assert rs.matchpoints["NS"] + rs.matchpoints["EW"] == bs.top
            assert 0 <= rs.matchpoints["NS"] <= bs.top and 0 <= rs.matchpoints["EW"] <= bs.top


@pytest.mark.parametrize("seed", SEEDS)
def test_permuting_tables_and_boards_changes_nothing(seed):
    rng = random.Random(seed)
    data = random_file(rng)
    shuffled = copy.deepcopy(data)
    rng.shuffle(shuffled["boards"])
    for board in shuffled["boards"]:
        rng.shuffle(board["results"])
    first, second = score(data), score(shuffled)
    assert first["players"] == second["players"]
    key = {b["board"]: b for b in first["boards"]}
    assert [key[b["board"]] for b in second["boards"]] == second["boards"]


@pytest.mark.parametrize("seed", SEEDS)
def test_percentages_stay_within_0_and_100_and_ranks_follow_them(seed):
    out = score(random_file(random.Random(seed)))
    players = out["players"]
    for i, p in enumerate(players):
        assert 0 <= p["percent"] <= 100
        assert p["matchpoints"] <= p["top"] + 1e-9
        if i:
            before = players[i - 1]
            assert before["percent"] >= p["percent"]
            if before["percent"] == p["percent"]:
                assert before["rank"] == p["rank"] and before["player"] < p["player"]
            else:
                assert p["rank"] == i + 1


@pytest.mark.parametrize("seed", SEEDS)
def test_a_players_totals_are_the_sums_of_their_boards(seed):
    data = random_file(random.Random(seed))
    out = score(data)
    mps = {b["board"]: {r["table"]: r for r in b["results"]} for b in out["boards"]}
    tops = {b["board"]: b["top"] for b in out["boards"]}
    expect: dict = {}
    for board in data["boards"]:
        for r in board["results"]:
            for side in ("NS", "EW"):
                for player in r[side]:
                    e = expect.setdefault(player, [0.0, 0.0, 0, 0])
                    e[0] += mps[board["board"]][r["table"]][side]
                    e[1] += tops[board["board"]]
                    e[2] += r["score"][side] if "score" in r else 0
                    e[3] += 1
    for p in out["players"]:
        mp, top, points, boards = expect.pop(p["player"])
        assert p["matchpoints"] == pytest.approx(mp) and p["top"] == pytest.approx(top)
        assert (p["points"], p["boards"]) == (points, boards)
    assert expect == {}
