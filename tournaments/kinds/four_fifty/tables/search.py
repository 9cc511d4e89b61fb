"""The planner: simulated annealing over the remaining games, by the loop the 500 draw
uses (``tournaments.seating.annealing``); this module holds the 450 plan's cost, lower
bound and moves.

State: for each planned game, a list of player indices in slot order; the tables are
fixed slices of it (``bounds``: one (start, end) per table, the same sizes every game).
A move swaps two players at different tables of one game.

Cost (exact integers), over all pairs, history included: each meeting past a pair's
first costs ``REPEAT`` (the repeats, which the draw minimises: fewer repeats, more
different people met) plus the number of times the pair met before and ``EXTRA`` for
each meeting past its second, so that among plans with about as many repeats the one
that spreads them wins (nobody meets the same player a third time where a second
meeting with someone else would do). The marginal cost of a pair's next meeting is 0
when it never met, ``REPEAT + c + EXTRA * (c - 1)`` after ``c`` meetings: nondecreasing,
so the cost is convex and the lower bound below (which keeps only ``REPEAT`` and ``c``)
is valid. Everything is driven by one ``random.Random`` and an iteration budget (never
the clock): the same inputs give the same plan.
"""

from __future__ import annotations

import random

from tournaments.seating import annealing
from tournaments.seating.search import waterfill

#: A second meeting of a pair costs REPEAT + 1; a c+1-th meeting REPEAT + c +
#: EXTRA * (c - 1). As ``_A * c + _B`` (c >= 1) in the inner loop.
REPEAT = 3
EXTRA = 3
_A = 1 + EXTRA
_B = REPEAT - EXTRA


def marginal(c: int) -> int:
    """The cost of one more meeting of a pair that met ``c`` times."""
    return _A * c + _B if c else 0


def table_of(bounds: list[tuple[int, int]]) -> list[int]:
    """Slot -> table index."""
    out = []
    for t, (s, e) in enumerate(bounds):
        out.extend([t] * (e - s))
    return out


def add_plan(arrs: list[list[int]], bounds, M, sign: int = 1) -> int:
    """Add (sign=1) or remove (sign=-1) the plan's meetings; return the cost change."""
    cost = 0
    for arr in arrs:
        for s, e in bounds:
            for u in range(s, e):
                a = arr[u]
                Ma = M[a]
                for v in range(u + 1, e):
                    b = arr[v]
                    if sign < 0:
                        Ma[b] -= 1
                        M[b][a] -= 1
                    c = Ma[b]
                    cost += sign * (_A * c + _B if c else 0)
                    if sign > 0:
                        Ma[b] += 1
                        M[b][a] += 1
    return cost


def lower_bound(present: list[int], meets_per_player: int, meetings: int, M) -> int:
    """A valid lower bound on the plan's added cost, the better of two relaxations:
    each player meets at least ``meets_per_player`` others over the plan, and the plan
    adds ``meetings`` pair meetings in all, each at the least marginal cost left."""
    each = 0
    for i in present:
        Mi = M[i]
        others = [Mi[j] for j in present if j != i]
        new = sum(1 for c in others if not c)
        each += REPEAT * max(0, meets_per_player - new) + waterfill(others, meets_per_player)
    pairs = [M[i][j] for k, i in enumerate(present) for j in present[k + 1 :]]
    new = sum(1 for c in pairs if not c)
    whole = REPEAT * max(0, meetings - new) + waterfill(pairs, meetings)
    return max((each + 1) // 2, whole)


def _conflicts(arrs, bounds, tab, M) -> list[tuple[int, int]]:
    """Slots whose player meets someone at his table for at least the second time."""
    out = []
    for r, arr in enumerate(arrs):
        for i, a in enumerate(arr):
            s, e = bounds[tab[i]]
            Ma = M[a]
            for v in range(s, e):
                if v != i and Ma[arr[v]] > 1:
                    out.append((r, i))
                    break
    return out


def _moves(bounds: list[tuple[int, int]], M) -> annealing.Moves:
    """The moves of the 450 plan: swap two players at different tables of one game."""
    tab = table_of(bounds)
    sides = None  # the swap propose() priced, for apply()

    def propose(arr: list[int], i: int, j: int) -> int | None:
        nonlocal sides
        ti = tab[i]
        tj = tab[j]
        if ti == tj:
            return None
        a = arr[i]
        b = arr[j]
        Ma = M[a]
        Mb = M[b]
        si, ei = bounds[ti]
        sj, ej = bounds[tj]
        # a leaves its table's players x for b's (and b the other way round): the cost
        # of a pair's next meeting is marginal(c), of its last marginal(c - 1)
        sides = ((range(si, ei), i, Ma, Mb, a, b), (range(sj, ej), j, Mb, Ma, b, a))
        delta = 0
        for slots, me, Mout, Min, _out, _in in sides:
            for u in slots:
                if u != me:
                    x = arr[u]
                    c = Min[x]
                    delta += _A * c + _B if c else 0
                    c = Mout[x] - 1
                    delta -= _A * c + _B if c else 0
        return delta

    def apply(arr: list[int], i: int, j: int) -> None:
        for slots, me, Mout, Min, leaving, joining in sides:
            for u in slots:
                if u != me:
                    x = arr[u]
                    Mx = M[x]
                    Mout[x] -= 1
                    Mx[leaving] -= 1
                    Min[x] += 1
                    Mx[joining] += 1
        arr[i], arr[j] = arr[j], arr[i]

    return annealing.Moves(
        add=lambda arrs, sign: add_plan(arrs, bounds, M, sign),
        conflicts=lambda arrs: _conflicts(arrs, bounds, tab, M),
        propose=propose,
        apply=apply,
    )


def anneal(
    arrs: list[list[int]],
    bounds: list[tuple[int, int]],
    M,
    rng: random.Random,
    iters: int,
    bound: int,
    t0: float = 1.2,
    t1: float = 0.05,
) -> tuple[list[list[int]], int]:
    """Improve ``arrs``; return (best arrangement, its added cost). ``M`` holds the
    history's counts on entry and history + the returned plan on return."""
    rows = list(range(len(arrs))) if len(bounds) >= 2 else []
    return annealing.anneal(
        arrs, rows, _moves(bounds, M), rng, iters, bound, t0, t1, prefer_last=True
    )
