"""The planner: simulated annealing over the remaining rounds (the loop is
``annealing.anneal``; this module holds the 500 plan's cost, lower bound and moves).

State: for each planned round, a list of player indices in slot order. Individual
format: table t holds slots 4t..4t+3 = N, E, S, W, so slot i partners slot i^2 and
faces slots i^1 and i^3. Pairs format: table t holds slots 2t (NS) and 2t+1 (EW).

Cost (kept as exact integers): ``WP * sum C(partner_count, 2) + sum C(opponent_count, 2)``
over all pairs, history included. The convex cost spreads unavoidable meetings evenly,
which is what reaches the counting lower bound. Director constraints enter as huge
"virtual" counts put in the matrices beforehand, so no extra lookups are needed in the
inner loop. Everything is driven by one ``random.Random`` and an iteration budget (never
the clock), so the same inputs give the same plan on every machine.
"""

from __future__ import annotations

import random

from . import annealing

#: Weight of one extra partner meeting relative to one extra opponent meeting.
WP = 10_000
#: Virtual count placed on forbidden pairs (never partners / never same table).
VIRTUAL_P = 10_000
VIRTUAL_O = 100_000_000


def waterfill(values: list[int], k: int) -> int:
    """Least total of marginal costs (count before +1) to add k meetings to ``values``."""
    if k <= 0:
        return 0
    vals = sorted(values)
    total = 0
    # level-by-level filling
    i = 0
    n = len(vals)
    if n == 0:
        return 0
    level = vals[0]
    width = 0
    while k > 0:
        while i < n and vals[i] <= level:
            i += 1
            width += 1
        take = min(k, width)
        total += take * level
        k -= take
        level += 1
    return total


def lower_bound(present: list[int], seated_rounds: list[int], P, opponents, pairs: bool) -> int:
    """A valid lower bound on the plan's added cost (per-player relaxation)."""
    acc = 0
    for i in present:
        s = seated_rounds[i]
        if not s:
            continue
        Pi = P[i]
        Oi = opponents[i]
        others = [j for j in present if j != i]
        if pairs:
            acc += waterfill([Oi[j] for j in others], s)
        else:
            acc += WP * waterfill([Pi[j] for j in others], s)
            acc += waterfill([Oi[j] for j in others], 2 * s)
    return (acc + 1) // 2


def add_plan(arrs: list[list[int]], P, opponents, pairs: bool, sign: int = 1) -> int:
    """Add (sign=1) or remove (sign=-1) the plan's meetings; return the cost change."""
    cost = 0
    for arr in arrs:
        if pairs:
            for t in range(0, len(arr), 2):
                a, b = arr[t], arr[t + 1]
                if sign < 0:
                    opponents[a][b] -= 1
                    opponents[b][a] -= 1
                cost += sign * opponents[a][b]
                if sign > 0:
                    opponents[a][b] += 1
                    opponents[b][a] += 1
            continue
        for t in range(0, len(arr), 4):
            x0, x1, x2, x3 = arr[t : t + 4]
            for a, b, M, w in (
                (x0, x2, P, WP),
                (x1, x3, P, WP),
                (x0, x1, opponents, 1),
                (x0, x3, opponents, 1),
                (x2, x1, opponents, 1),
                (x2, x3, opponents, 1),
            ):
                if sign < 0:
                    M[a][b] -= 1
                    M[b][a] -= 1
                cost += sign * w * M[a][b]
                if sign > 0:
                    M[a][b] += 1
                    M[b][a] += 1
    return cost


def _conflicts(arrs, P, opponents, pairs: bool) -> list[tuple[int, int]]:
    out = []
    for r, arr in enumerate(arrs):
        if pairs:
            for i, a in enumerate(arr):
                if opponents[a][arr[i ^ 1]] > 1:
                    out.append((r, i))
            continue
        for i, a in enumerate(arr):
            Oa = opponents[a]
            if P[a][arr[i ^ 2]] > 1 or Oa[arr[i ^ 1]] > 1 or Oa[arr[i ^ 3]] > 1:
                out.append((r, i))
    return out


def _shift(M, x, old: int, new: int) -> None:
    """x meets ``old`` once less and ``new`` once more (both ways) in the matrix M."""
    Mx = M[x]
    Mx[old] -= 1
    M[old][x] -= 1
    Mx[new] += 1
    M[new][x] += 1


def _pair_moves(opponents):
    """Pairs format: swap two pairs of one round at different tables."""

    def propose(arr: list[int], i: int, j: int) -> int | None:
        if (i ^ j) < 2:
            return None
        oa = arr[i ^ 1]
        ob = arr[j ^ 1]
        Oa = opponents[arr[i]]
        Ob = opponents[arr[j]]
        return Oa[ob] + Ob[oa] - Oa[oa] - Ob[ob] + 2

    def apply(arr: list[int], i: int, j: int) -> None:
        a = arr[i]
        b = arr[j]
        oa = arr[i ^ 1]
        ob = arr[j ^ 1]
        _shift(opponents, a, oa, ob)
        _shift(opponents, b, ob, oa)
        arr[i] = b
        arr[j] = a

    return propose, apply


#: The individual format's moves, for slots i and j of one round.
_REPAIR, _PARTNERSHIPS, _SWAP = range(3)
#: Share of the moves across two tables that swap whole partnerships.
PARTNERSHIP_SHARE = 0.35


def _individual_moves(P, opponents, rng: random.Random):
    """Individual format: at one table, re-pair it (i and j opponents change partners);
    across two tables, swap the partnerships of i and j or swap i and j alone."""
    rnd = rng.random
    share = PARTNERSHIP_SHARE
    kind = _SWAP  # the move propose() priced, for apply()

    def propose(arr: list[int], i: int, j: int) -> int | None:
        nonlocal kind
        x = i ^ j
        if x < 4:
            if x == 2 or x == 0:
                return None
            kind = _REPAIR
            a = arr[i]
            b = arr[j]
            c = arr[i ^ 2]
            d = arr[j ^ 2]
            Pa = P[a]
            Pb = P[b]
            Oc = opponents[c]
            return (
                WP * (Pb[c] + Pa[d] - Pa[c] - Pb[d] + 2)
                + opponents[b][d]
                + Oc[a]
                - opponents[a][d]
                - Oc[b]
                + 2
            )
        if rnd() < share:
            kind = _PARTNERSHIPS
            a1 = arr[i ^ 1]
            a3 = arr[i ^ 3]
            b1 = arr[j ^ 1]
            b3 = arr[j ^ 3]
            Oa = opponents[arr[i]]
            Oc = opponents[arr[i ^ 2]]
            Ob = opponents[arr[j]]
            Od = opponents[arr[j ^ 2]]
            return (
                Oa[b1]
                + Oa[b3]
                + Oc[b1]
                + Oc[b3]
                + Ob[a1]
                + Ob[a3]
                + Od[a1]
                + Od[a3]
                - Oa[a1]
                - Oa[a3]
                - Oc[a1]
                - Oc[a3]
                - Ob[b1]
                - Ob[b3]
                - Od[b1]
                - Od[b3]
                + 8
            )
        kind = _SWAP
        a = arr[i]
        b = arr[j]
        pa = arr[i ^ 2]
        pb = arr[j ^ 2]
        a1 = arr[i ^ 1]
        a3 = arr[i ^ 3]
        b1 = arr[j ^ 1]
        b3 = arr[j ^ 3]
        Pa = P[a]
        Pb = P[b]
        Oa = opponents[a]
        Ob = opponents[b]
        return (
            WP * (Pa[pb] + Pb[pa] - Pa[pa] - Pb[pb] + 2)
            + Oa[b1]
            + Oa[b3]
            + Ob[a1]
            + Ob[a3]
            - Oa[a1]
            - Oa[a3]
            - Ob[b1]
            - Ob[b3]
            + 4
        )

    def apply(arr: list[int], i: int, j: int) -> None:
        a = arr[i]
        b = arr[j]
        c = arr[i ^ 2]
        d = arr[j ^ 2]
        if kind == _REPAIR:  # a and b trade partners c and d, and face them instead
            _shift(P, a, c, d)
            _shift(P, b, d, c)
            _shift(opponents, a, d, c)
            _shift(opponents, b, c, d)
        else:  # across tables: who moves from i's table faces j's opponents, and back
            a1 = arr[i ^ 1]
            a3 = arr[i ^ 3]
            b1 = arr[j ^ 1]
            b3 = arr[j ^ 3]
            movers = ((a, c), (b, d)) if kind == _PARTNERSHIPS else ((a,), (b,))
            for x in movers[0]:
                _shift(opponents, x, a1, b1)
                _shift(opponents, x, a3, b3)
            for y in movers[1]:
                _shift(opponents, y, b1, a1)
                _shift(opponents, y, b3, a3)
            if kind == _PARTNERSHIPS:
                arr[i ^ 2] = d
                arr[j ^ 2] = c
            else:
                _shift(P, a, c, d)
                _shift(P, b, d, c)
        arr[i] = b
        arr[j] = a

    return propose, apply


def anneal(
    arrs: list[list[int]],
    P,
    opponents,
    rng: random.Random,
    iters: int,
    bound: int,
    pairs: bool = False,
    t0: float = 1.5,
    t1: float = 0.08,
) -> tuple[list[list[int]], int]:
    """Improve ``arrs`` (changed in place); return (best arrangement, its added cost).

    ``P`` and ``opponents`` must hold history + virtual counts on entry; on return they hold
    history + virtual + the returned plan.
    """
    propose, apply = _pair_moves(opponents) if pairs else _individual_moves(P, opponents, rng)
    moves = annealing.Moves(
        add=lambda plan, sign: add_plan(plan, P, opponents, pairs, sign),
        conflicts=lambda plan: _conflicts(plan, P, opponents, pairs),
        propose=propose,
        apply=apply,
    )
    rows = [r for r, arr in enumerate(arrs) if len(arr) >= 4]
    return annealing.anneal(arrs, rows, moves, rng, iters, bound, t0, t1, prefer_last=False)
