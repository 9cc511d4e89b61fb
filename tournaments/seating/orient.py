"""Seats at each table: who sits N, E, S, W (or which pair sits NS), balanced over the
tournament. Seat choice never changes who partners or faces whom.

A plan here is a list of rounds, each a list of tables, each a list of player indices in
seat order (N, E, S, W; or NS, EW). ``seat_counts[p]`` counts p's seats so far (history
included) and is kept up to date. ``fixed`` maps a player index to the seat index it must
take (a player who must sit N for mobility, say); the draw keeps two fixed players from
needing the same seat at one table (``tournaments.seating.plan``), so some arrangement
always satisfies every fixed player of a table.
"""

from __future__ import annotations

import random

#: The 8 arrangements of a table that keep its partnerships (slot k takes old slot s[k]).
SYMMETRIES = (
    (0, 1, 2, 3),
    (2, 1, 0, 3),
    (0, 3, 2, 1),
    (2, 3, 0, 1),
    (1, 0, 3, 2),
    (3, 0, 1, 2),
    (1, 2, 3, 0),
    (3, 2, 1, 0),
)
PAIR_SYMMETRIES = ((0, 1), (1, 0))


def options(tb, fixed: dict | None) -> list[tuple]:
    """Every arrangement of table ``tb`` that seats its fixed players where they must sit
    (all arrangements when none is fixed; the given one if none fits)."""
    syms = PAIR_SYMMETRIES if len(tb) == 2 else SYMMETRIES
    out = []
    for perm in syms:
        opt = tuple(tb[perm[k]] for k in range(len(tb)))
        if fixed and any(fixed.get(p, k) != k for k, p in enumerate(opt)):
            continue
        out.append(opt)
    return out or [tuple(tb)]


def orient_cost(opt, seat_counts) -> int:
    """Strongly convex in each seat count (a third time in one seat costs far more than a
    second), with the first seat (N, the first dealer; NS for pairs) counted once more,
    and (individual) in each player's difference between N-S and E-W games."""
    c = 0
    four = len(opt) == 4
    for k, p in enumerate(opt):
        sc = seat_counts[p]
        c += 3 ** sc[k]
        if four:
            c += 4 ** abs(sc[0] + sc[2] - sc[1] - sc[3] + (1 if k in (0, 2) else -1))
    return 2 * c + 3 ** seat_counts[opt[0]][0]


def _count(tb, seat_counts, sign: int) -> None:
    for k, p in enumerate(tb):
        seat_counts[p][k] += sign


def _best(tb, seat_counts, fixed, rng: random.Random | None = None):
    best, best_cost, ties = None, None, 0
    for opt in options(tb, fixed):
        cost = orient_cost(opt, seat_counts)
        if best_cost is None or cost < best_cost:
            best, best_cost, ties = opt, cost, 1
        elif cost == best_cost and rng is not None:
            ties += 1
            if rng.random() * ties < 1.0:
                best = opt
    return best, best_cost


def orient_plan(
    arrs: list[list[int]],
    seat_counts: list[list[int]],
    pairs: bool,
    rng: random.Random,
    keep: int = 0,
    fixed: dict | None = None,
) -> list[list[list[int]]]:
    """Seats for every planned round (``arrs``: slot lists). Rounds before ``keep`` start
    from the seats they have; the others greedily, round by round. Then ``polish``."""
    g = 2 if pairs else 4
    plan = []
    for q, arr in enumerate(arrs):
        tables = [list(arr[t : t + g]) for t in range(0, len(arr), g)]
        for t, tb in enumerate(tables):
            if q >= keep:
                tables[t] = tb = list(_best(tb, seat_counts, fixed, rng)[0])
            _count(tb, seat_counts, 1)
        plan.append(tables)
    polish(plan, seat_counts, pairs, rng, fixed)
    return plan


def polish(
    plan: list[list[list[int]]],
    seat_counts: list[list[int]],
    pairs: bool,
    rng: random.Random,
    fixed: dict | None = None,
    passes: int = 8,
) -> None:
    """Improve seats in place: re-choose each table's arrangement given all the others
    until nothing improves, then (individual) random sideways moves to cross plateaus or
    (pairs) side flips along paths. Never unseats a fixed player."""
    for tables in plan:  # fixed players first: a fixed seat is not negotiable
        for t, tb in enumerate(tables):
            if fixed and tuple(tb) not in options(tb, fixed):
                _count(tb, seat_counts, -1)
                tables[t] = tb = list(_best(tb, seat_counts, fixed)[0])
                _count(tb, seat_counts, 1)
    for _ in range(passes):
        changed = False
        for tables in plan:
            for t, tb in enumerate(tables):
                _count(tb, seat_counts, -1)
                best, cost = tuple(tb), orient_cost(tb, seat_counts)
                for opt in options(tb, fixed):
                    c = orient_cost(opt, seat_counts)
                    if c < cost:
                        best, cost = opt, c
                if list(best) != tb:
                    changed = True
                    tables[t] = tb = list(best)
                _count(tb, seat_counts, 1)
        if not changed:
            break
    if pairs:
        _balance_sides(plan, seat_counts, fixed or {})
    else:
        _wander_seats(plan, seat_counts, rng, fixed)


def _wander_seats(
    plan: list[list[list[int]]],
    seat_counts: list[list[int]],
    rng: random.Random,
    fixed: dict | None,
    per_table: int = 30,
) -> None:
    """Random re-arrangements of single tables, kept when they do not worsen the seat
    balance (sideways moves let it cross plateaus). Iteration-bounded."""
    tables = [tb for tables in plan for tb in tables]
    if not tables:
        return
    nt = len(tables)
    rnd = rng.random
    for _ in range(per_table * nt):
        tb = tables[int(rnd() * nt)]
        perm = SYMMETRIES[1 + int(rnd() * 7)]
        new = [tb[perm[k]] for k in range(4)]
        if fixed and any(fixed.get(p, k) != k for k, p in enumerate(new)):
            continue
        _count(tb, seat_counts, -1)
        if orient_cost(new, seat_counts) <= orient_cost(tb, seat_counts):
            tb[:] = new
        _count(tb, seat_counts, 1)


def _balance_sides(plan: list[list[list[int]]], seat_counts: list[list[int]], fixed: dict) -> None:
    """Pairs format: flip NS/EW along paths of planned tables until no pair is 2+ more
    often on one side than another pair it can hand a side to (classic balanced
    orientation by path reversal). Tables with a fixed pair never flip. Deterministic."""
    tables = [tb for tables in plan for tb in tables if tb[0] not in fixed and tb[1] not in fixed]
    if not tables:
        return
    d = {}
    for tb in tables:
        for p in tb:
            d[p] = seat_counts[p][0] - seat_counts[p][1]
    for _ in range(4 * len(tables)):
        improved = False
        for u in sorted(d, key=lambda p: (-abs(d[p]), p)):
            if abs(d[u]) < 2:
                break
            side = 0 if d[u] > 0 else 1  # u sits too often on `side`; move it off
            prev = {u: None}
            queue = [u]
            target = None
            for x in queue:
                for k, tb in enumerate(tables):
                    if tb[side] == x:
                        y = tb[1 - side]
                        if y in prev:
                            continue
                        prev[y] = (x, k)
                        if (d[y] <= d[u] - 3) if side == 0 else (d[y] >= d[u] + 3):
                            target = y
                            break
                        queue.append(y)
                if target is not None:
                    break
            if target is None:
                continue
            y = target
            while prev[y] is not None:
                x, k = prev[y]
                tb = tables[k]
                tb[0], tb[1] = tb[1], tb[0]
                y = x
            delta = 2 if side == 0 else -2
            d[u] -= delta
            d[target] += delta
            seat_counts[u][side] -= 1
            seat_counts[u][1 - side] += 1
            seat_counts[target][side] += 1
            seat_counts[target][1 - side] -= 1
            improved = True
            break
        if not improved:
            return
