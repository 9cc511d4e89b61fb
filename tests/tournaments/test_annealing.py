"""Behaviour of the annealing loop shared by the 500 and 450 draws (pure, no Django).

The problem here is a toy: each row of six players is split into two tables of three
(slots 0-2 and 3-5), and a table costs the sum of its pairs' weights.
"""

from __future__ import annotations

import itertools
import random

import pytest

from tournaments.seating.annealing import Moves, anneal

TABLES = (range(0, 3), range(3, 6))


@pytest.fixture(autouse=True)
def _clear_cache():
    """Override the project-wide autouse fixture of the same name (tests/conftest.py)
    that touches Django's cache: these tests are pure and must not need Django."""
    yield


def weights(seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    w = [[0] * 6 for _ in range(6)]
    for a, b in itertools.combinations(range(6), 2):
        w[a][b] = w[b][a] = rng.randrange(10)
    return w


def row_cost(row: list[int], w) -> int:
    return sum(w[row[u]][row[v]] for t in TABLES for u, v in itertools.combinations(t, 2))


class Toy:
    """The toy problem; ``counts`` stands for the callers' meeting counts (the cost of
    what was added), ``proposed`` counts the moves priced, ``walk`` lists the cost after
    each move made."""

    def __init__(self, w):
        self.w = w
        self.counts = 0
        self.proposed = 0
        self.walk: list[int] = []

    def add(self, plan, sign: int) -> int:
        change = sign * sum(row_cost(row, self.w) for row in plan)
        self.counts += change
        return change

    def conflicts(self, plan) -> list[tuple[int, int]]:
        w = self.w
        return [
            (r, i)
            for r, row in enumerate(plan)
            for i in range(6)
            if any(w[row[i]][row[u]] for u in TABLES[i // 3] if u != i)
        ]

    def propose(self, row: list[int], i: int, j: int) -> int | None:
        self.proposed += 1
        if i // 3 == j // 3:
            return None
        swapped = row[:]
        swapped[i], swapped[j] = swapped[j], swapped[i]
        self.delta = row_cost(swapped, self.w) - row_cost(row, self.w)
        return self.delta

    def apply(self, row: list[int], i: int, j: int) -> None:
        row[i], row[j] = row[j], row[i]
        self.counts += self.delta
        self.walk.append(self.counts)

    def moves(self) -> Moves:
        return Moves(self.add, self.conflicts, self.propose, self.apply)


def brute_force(w) -> int:
    """The cheapest split of one row, every split tried."""
    return min(row_cost(list(p), w) for p in itertools.permutations(range(6)))


def run(seed: int, w, *, iters=3000, bound=-1, prefer_last=False, t0=1.5, t1=0.05):
    toy = Toy(w)
    rng = random.Random(seed)
    start = [rng.sample(range(6), 6) for _ in range(3)]
    plan, cost = anneal(
        [row[:] for row in start],
        [0, 1, 2],
        toy.moves(),
        rng,
        iters,
        bound,
        t0,
        t1,
        prefer_last=prefer_last,
    )
    return toy, start, plan, cost


@pytest.mark.parametrize("prefer_last", [False, True])
@pytest.mark.parametrize("seed", range(8))
def test_finds_the_optimum_of_a_tiny_problem_found_by_brute_force(seed, prefer_last):
    w = weights(seed)
    toy, _, plan, cost = run(seed, w, prefer_last=prefer_last)
    assert cost == 3 * brute_force(w)
    assert cost == sum(row_cost(row, w) for row in plan)
    assert toy.counts == cost  # the counts hold the returned plan, not the last one seen
    assert all(sorted(row) == list(range(6)) for row in plan)


@pytest.mark.parametrize("prefer_last", [False, True])
def test_returns_the_best_plan_seen_when_the_walk_ends_elsewhere(prefer_last):
    # hot all along, the walk takes nearly every move and ends far from its best
    w = weights(6)
    toy, start, plan, cost = run(6, w, iters=300, t0=50.0, t1=50.0, prefer_last=prefer_last)
    start_cost = sum(row_cost(row, w) for row in start)
    assert toy.walk[-1] > cost == min([start_cost] + toy.walk)
    assert cost == sum(row_cost(row, w) for row in plan)
    assert toy.counts == cost  # the counts follow the returned plan


def test_the_same_seed_gives_the_same_plan():
    w = weights(3)
    results = [run(11, w, iters=200)[2:] for _ in range(2)]
    assert results[0] == results[1]


@pytest.mark.parametrize("iters", [0, 1, 57, 400])
def test_never_prices_more_moves_than_the_budget(iters):
    toy, start, plan, cost = run(5, weights(5), iters=iters)
    assert toy.proposed <= iters
    if iters == 0:
        assert plan == start and cost == sum(row_cost(row, toy.w) for row in start)


def test_stops_as_soon_as_the_bound_is_reached():
    w = weights(2)
    optimum = 3 * brute_force(w)
    toy, _, _, cost = run(2, w, iters=100_000, bound=optimum)
    assert cost == optimum
    assert toy.proposed < 100_000


def test_a_start_nothing_beats_is_kept_unless_the_last_plan_is_preferred():
    # every table costs 3: every plan is as cheap as the start, every move costs 0
    w = [[int(a != b) for b in range(6)] for a in range(6)]
    _, start, kept, cost = run(4, w, iters=500)
    assert kept == start and cost == 18
    _, start, last, cost = run(4, w, iters=500, prefer_last=True)
    assert last != start and cost == 18
