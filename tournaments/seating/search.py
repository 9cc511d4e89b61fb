"""The planner: simulated annealing over the remaining rounds.

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

import math
import random

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
    """Improve ``arrs`` in place-ish; returns (best arrangement, its added cost).

    ``P`` and ``opponents`` must hold history + virtual counts on entry; on return they hold
    history + virtual + the returned plan.
    """
    cur = add_plan(arrs, P, opponents, pairs)
    best = cur
    best_arrs = [a[:] for a in arrs]
    best_saved = True
    if cur <= bound or iters <= 0:
        return arrs, cur
    rnd = rng.random
    exp = math.exp
    nr = len(arrs)
    lens = [len(a) for a in arrs]
    movable = [r for r in range(nr) if lens[r] >= 4]
    if not movable:
        return arrs, cur
    nm = len(movable)
    refresh = max(200, sum(lens))
    conflicts: list = []
    nconf = 0
    # Geometric cooling, updated in chunks.
    chunk = 256
    steps = max(1, iters // chunk)
    ratio = (t1 / t0) ** (1.0 / steps)
    T = t0
    it = 0
    since = refresh  # force a conflict refresh at start
    while it < iters:
        if since >= refresh:
            conflicts = _conflicts(arrs, P, opponents, pairs)
            nconf = len(conflicts)
            since = 0
        end = min(iters, it + chunk)
        invT = 1.0 / T
        while it < end:
            it += 1
            since += 1
            if nconf and rnd() < 0.6:
                r, i = conflicts[int(rnd() * nconf)]
                arr = arrs[r]
                L = lens[r]
            else:
                r = movable[int(rnd() * nm)]
                arr = arrs[r]
                L = lens[r]
                i = int(rnd() * L)
            j = int(rnd() * L)
            if pairs:
                if (i ^ j) < 2:
                    continue
                a = arr[i]
                b = arr[j]
                oa = arr[i ^ 1]
                ob = arr[j ^ 1]
                Oa = opponents[a]
                Ob = opponents[b]
                delta = Oa[ob] + Ob[oa] - Oa[oa] - Ob[ob] + 2
                if delta > 0 and rnd() >= exp(-delta * invT):
                    continue
                Oa[oa] -= 1
                opponents[oa][a] -= 1
                Ob[ob] -= 1
                opponents[ob][b] -= 1
                Oa[ob] += 1
                opponents[ob][a] += 1
                Ob[oa] += 1
                opponents[oa][b] += 1
                arr[i] = b
                arr[j] = a
            else:
                x = i ^ j
                if x < 4:
                    if x == 2 or x == 0:
                        continue
                    # same table, i and j opponents: re-pair the table
                    a = arr[i]
                    b = arr[j]
                    c = arr[i ^ 2]
                    d = arr[j ^ 2]
                    Pa = P[a]
                    Pb = P[b]
                    Oc = opponents[c]
                    Ob = opponents[b]
                    delta = (
                        WP * (Pb[c] + Pa[d] - Pa[c] - Pb[d] + 2)
                        + Ob[d]
                        + Oc[a]
                        - opponents[a][d]
                        - Oc[b]
                        + 2
                    )
                    if delta > 0 and rnd() >= exp(-delta * invT):
                        continue
                    Pa[c] -= 1
                    P[c][a] -= 1
                    Pb[d] -= 1
                    P[d][b] -= 1
                    Pb[c] += 1
                    P[c][b] += 1
                    Pa[d] += 1
                    P[d][a] += 1
                    opponents[a][d] -= 1
                    opponents[d][a] -= 1
                    Oc[b] -= 1
                    Ob[c] -= 1
                    Ob[d] += 1
                    opponents[d][b] += 1
                    Oc[a] += 1
                    opponents[a][c] += 1
                    arr[i] = b
                    arr[j] = a
                elif rnd() < 0.35:
                    # swap two whole partnerships between tables: partners unchanged
                    a = arr[i]
                    c = arr[i ^ 2]
                    a1 = arr[i ^ 1]
                    a3 = arr[i ^ 3]
                    b = arr[j]
                    d = arr[j ^ 2]
                    b1 = arr[j ^ 1]
                    b3 = arr[j ^ 3]
                    Oa = opponents[a]
                    Oc = opponents[c]
                    Ob = opponents[b]
                    Od = opponents[d]
                    delta = (
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
                    if delta > 0 and rnd() >= exp(-delta * invT):
                        continue
                    for x, Ox in ((a, Oa), (c, Oc)):
                        Ox[a1] -= 1
                        opponents[a1][x] -= 1
                        Ox[a3] -= 1
                        opponents[a3][x] -= 1
                        Ox[b1] += 1
                        opponents[b1][x] += 1
                        Ox[b3] += 1
                        opponents[b3][x] += 1
                    for y, Oy in ((b, Ob), (d, Od)):
                        Oy[b1] -= 1
                        opponents[b1][y] -= 1
                        Oy[b3] -= 1
                        opponents[b3][y] -= 1
                        Oy[a1] += 1
                        opponents[a1][y] += 1
                        Oy[a3] += 1
                        opponents[a3][y] += 1
                    if delta > 0 and cur == best and not best_saved:
                        # undo the slots to save the best state, then redo
                        arr[i] = a
                        arr[i ^ 2] = c
                        arr[j] = b
                        arr[j ^ 2] = d
                        best_arrs = [a_[:] for a_ in arrs]
                        best_saved = True
                    arr[i] = b
                    arr[i ^ 2] = d
                    arr[j] = a
                    arr[j ^ 2] = c
                    cur += delta
                    if cur < best:
                        best = cur
                        best_saved = False
                        if cur <= bound:
                            best_arrs = [a_[:] for a_ in arrs]
                            best_saved = True
                            it = iters
                            break
                    continue
                else:
                    a = arr[i]
                    b = arr[j]
                    pa = arr[i ^ 2]
                    a1 = arr[i ^ 1]
                    a3 = arr[i ^ 3]
                    pb = arr[j ^ 2]
                    b1 = arr[j ^ 1]
                    b3 = arr[j ^ 3]
                    Pa = P[a]
                    Pb = P[b]
                    Oa = opponents[a]
                    Ob = opponents[b]
                    delta = (
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
                    if delta > 0 and rnd() >= exp(-delta * invT):
                        continue
                    Pa[pa] -= 1
                    P[pa][a] -= 1
                    Pb[pb] -= 1
                    P[pb][b] -= 1
                    Pa[pb] += 1
                    P[pb][a] += 1
                    Pb[pa] += 1
                    P[pa][b] += 1
                    Oa[a1] -= 1
                    opponents[a1][a] -= 1
                    Oa[a3] -= 1
                    opponents[a3][a] -= 1
                    Ob[b1] -= 1
                    opponents[b1][b] -= 1
                    Ob[b3] -= 1
                    opponents[b3][b] -= 1
                    Oa[b1] += 1
                    opponents[b1][a] += 1
                    Oa[b3] += 1
                    opponents[b3][a] += 1
                    Ob[a1] += 1
                    opponents[a1][b] += 1
                    Ob[a3] += 1
                    opponents[a3][b] += 1
                    arr[i] = b
                    arr[j] = a
            if delta > 0:
                if cur == best and not best_saved:
                    # we are leaving an unsaved best state: save it first (undo trick)
                    arr[i], arr[j] = arr[j], arr[i]
                    best_arrs = [a_[:] for a_ in arrs]
                    best_saved = True
                    arr[i], arr[j] = arr[j], arr[i]
            cur += delta
            if cur < best:
                best = cur
                best_saved = False
                if cur <= bound:
                    best_arrs = [a_[:] for a_ in arrs]
                    best_saved = True
                    it = iters
                    break
        T *= ratio
    if not best_saved:
        best_arrs = [a_[:] for a_ in arrs]
    if best_arrs is not arrs:
        # make the matrices reflect the best arrangement
        add_plan(arrs, P, opponents, pairs, sign=-1)
        add_plan(best_arrs, P, opponents, pairs)
    return best_arrs, best
