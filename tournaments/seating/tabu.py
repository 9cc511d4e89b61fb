"""Conflict-directed tabu search over the remaining rounds (individual format).

The same method as the library's generator (tools/seating_library/movement.c), in pure
Python and aware of the history: each step takes the best swap of two players of one
round (different tables), or re-pairing of one table, that moves a player who meets
someone again; undoing a recent step is tabu unless it beats the best plan seen; a search
that stalls is shaken by a few random swaps. The byes stay as planned.

Cost: ``WP * partner excess + opponent excess`` over history + plan, where a pair's
excess is its meetings past the first; a meeting the director forbade (the *virtual*
counts of ``search``) costs ``FORBIDDEN``. Driven by a seeded ``random.Random`` and a
step budget, never the clock.
"""

from __future__ import annotations

import random

from .search import VIRTUAL_O, VIRTUAL_P, add_plan

WP = 4
FORBIDDEN = 1_000_000
STALL = 300
#: Steps without a new best after which the search gives up (a count, never the clock).
PATIENCE = 3000
TENURE = (5, 15)
#: Players meeting someone again whose moves are weighed in one step (a random sample).
MAX_CONFLICTS = 16
#: Inside the search a forbidden pair's count is SENTINEL + its real meetings, so that
#: marginal costs are plain list lookups (no function call in the inner loop).
SENTINEL = 1000
_SIZE = SENTINEL + 1000
#: Cost of one more meeting at count c (IP partners, IO opponents), and the saving of one
#: meeting less (DP, DO).
IP = [0] + [WP] * (SENTINEL - 1) + [FORBIDDEN] * (_SIZE - SENTINEL)
IO = [0] + [1] * (SENTINEL - 1) + [FORBIDDEN] * (_SIZE - SENTINEL)
DP = [0, 0] + [WP] * (SENTINEL - 2) + [FORBIDDEN] * (_SIZE - SENTINEL)
DO = [0, 0] + [1] * (SENTINEL - 2) + [FORBIDDEN] * (_SIZE - SENTINEL)


def _local(M, virtual: int) -> list[list[int]]:
    return [[c if c < virtual else SENTINEL + c - virtual for c in row] for row in M]


def _table(arr, t, P, opponents, sign: int) -> int:
    """Add (sign 1) or remove (-1) the meetings of table t; returns the cost change."""
    a, b, c, d = arr[4 * t : 4 * t + 4]
    cost = 0
    for x, y, M, inc, dec in (
        (a, c, P, IP, DP),
        (b, d, P, IP, DP),
        (a, b, opponents, IO, DO),
        (a, d, opponents, IO, DO),
        (c, b, opponents, IO, DO),
        (c, d, opponents, IO, DO),
    ):
        if sign > 0:
            cost += inc[M[x][y]]
            M[x][y] += 1
            M[y][x] += 1
        else:
            cost -= dec[M[x][y]]
            M[x][y] -= 1
            M[y][x] -= 1
    return cost


def cost_of(arrs, P, opponents) -> int:
    """Cost added by ``arrs`` (its meetings must already be in P and O, as local
    counts)."""
    total = 0
    for arr in arrs:
        for t in range(len(arr) // 4):
            total += _table(arr, t, P, opponents, -1)
        for t in range(len(arr) // 4):
            _table(arr, t, P, opponents, 1)
    return -total


def _repair_delta(arr, t, k, P, opponents) -> int:
    """Swap slot 4t+k (k = 0 or 2) with slot 4t+1: partners a-c, b-d become b-c, a-d."""
    a, b, c, d = arr[4 * t + k], arr[4 * t + 1], arr[4 * t + (k ^ 2)], arr[4 * t + 3]
    return (
        IP[P[b][c]]
        + IP[P[a][d]]
        - DP[P[a][c]]
        - DP[P[b][d]]
        + IO[opponents[b][d]]
        + IO[opponents[c][a]]
        - DO[opponents[a][d]]
        - DO[opponents[c][b]]
    )


def _conflicted(arr, i, P, opponents) -> bool:
    a = arr[i]
    return P[a][arr[i ^ 2]] > 1 or opponents[a][arr[i ^ 1]] > 1 or opponents[a][arr[i ^ 3]] > 1


def _swap(arr, i, j, P, opponents) -> int:
    """Swap slots i and j (different tables); returns the cost change."""
    d = _table(arr, i >> 2, P, opponents, -1) + _table(arr, j >> 2, P, opponents, -1)
    arr[i], arr[j] = arr[j], arr[i]
    return d + _table(arr, i >> 2, P, opponents, 1) + _table(arr, j >> 2, P, opponents, 1)


class _Choice:
    """The best move of a step: the lowest cost change, ties broken at random."""

    __slots__ = ("delta", "move", "rng", "ties")

    def __init__(self, rng: random.Random):
        self.delta, self.move, self.ties, self.rng = None, None, 0, rng

    def offer(self, delta: int, move: tuple) -> None:
        if self.delta is None or delta < self.delta:
            self.delta, self.ties = delta, 0
        self.ties += 1
        if self.rng.randrange(self.ties) == 0:
            self.move = move


def _exchange(arrs, byes, q, s, ka, kb, i, j, P, opponents) -> int:
    """a (bye ka of round q) takes b's seat i in q and b sits out in q; b (bye kb of
    round s) takes a's seat j in s and a sits out in s. Returns the cost change; the
    same call again undoes it. Nobody's number of byes changes."""
    a, b = byes[q][ka], byes[s][kb]
    d = _table(arrs[q], i >> 2, P, opponents, -1) + _table(arrs[s], j >> 2, P, opponents, -1)
    arrs[q][i], byes[q][ka], arrs[s][j], byes[s][kb] = a, b, b, a
    return d + _table(arrs[q], i >> 2, P, opponents, 1) + _table(arrs[s], j >> 2, P, opponents, 1)


def tabu(
    arrs: list[list[int]],
    byes: list[list[int]],
    P,
    opponents,
    rng: random.Random,
    steps: int,
    target: int,
) -> tuple[list[list[int]], list[list[int]], int]:
    """Improve ``arrs`` (slot lists, tables of four) and ``byes`` (per round); P and opponents
    hold history + virtual counts + the plan on entry, and history + virtual + the
    returned plan on exit. Returns (best plan, its byes, its cost) and stops early at
    ``target``. Byes move only by exchanges that keep everyone's number of byes."""
    P0, O0 = P, opponents
    P, opponents = _local(P0, VIRTUAL_P), _local(O0, VIRTUAL_O)
    byes = [list(b) for b in byes]
    start = [a[:] for a in arrs]
    cur = cost_of(arrs, P, opponents)
    best, best_arrs, best_byes = cur, [a[:] for a in arrs], [b[:] for b in byes]
    rounds = len(arrs)
    with_byes = rounds > 1 and any(byes)
    tabu_until: dict = {}
    stall = 0
    best_at = 0
    for it in range(1, steps + 1):
        if best <= target or it - best_at > PATIENCE:
            break
        choice = _Choice(rng)
        conflicts = [
            (q, i)
            for q, arr in enumerate(arrs)
            for i in range(len(arr))
            if _conflicted(arr, i, P, opponents)
        ]
        if len(conflicts) > MAX_CONFLICTS:
            conflicts = rng.sample(conflicts, MAX_CONFLICTS)
        slots: dict = {}
        for q, i in conflicts:
            arr = arrs[q]
            rows = slots.get(q)
            if rows is None:  # per slot: player, partner, opponents, rows, removal saving
                rows = slots[q] = []
                for j, b in enumerate(arr):
                    pb, b1, b3 = arr[j ^ 2], arr[j ^ 1], arr[j ^ 3]
                    Pb, Ob = P[b], opponents[b]
                    rows.append((j, b, pb, b1, b3, Pb, Ob, DP[Pb[pb]] + DO[Ob[b1]] + DO[Ob[b3]]))
            _, a, pa, a1, a3, Pa, Oa, out_a = rows[i]
            ti = i >> 2
            for j, b, pb, b1, b3, Pb, Ob, out_b in rows:
                if j >> 2 == ti:
                    continue
                d = (
                    IP[Pa[pb]]
                    + IP[Pb[pa]]
                    + IO[Oa[b1]]
                    + IO[Oa[b3]]
                    + IO[Ob[a1]]
                    + IO[Ob[a3]]
                    - out_a
                    - out_b
                )
                if choice.delta is not None and d > choice.delta:
                    continue
                if (
                    tabu_until.get((q, a, pb), 0) > it or tabu_until.get((q, b, pa), 0) > it
                ) and cur + d >= best:
                    continue
                choice.offer(d, (q, i, j, -1))
            for k in (0, 2):
                d = _repair_delta(arr, ti, k, P, opponents)
                if choice.delta is not None and d > choice.delta:
                    continue
                base = 4 * ti
                if (
                    tabu_until.get((q, arr[base + 1], arr[base + (k ^ 2)]), 0) > it
                    or tabu_until.get((q, arr[base + k], arr[base + 3]), 0) > it
                ) and cur + d >= best:
                    continue
                choice.offer(d, (q, k, -1, ti))
        for _ in range(4 if with_byes else 0):  # a few sampled bye exchanges compete
            q, s_ = rng.randrange(rounds), rng.randrange(rounds)
            if q == s_ or not byes[q] or not byes[s_]:
                continue
            ka, kb = rng.randrange(len(byes[q])), rng.randrange(len(byes[s_]))
            a, b = byes[q][ka], byes[s_][kb]
            if b in byes[q] or a in byes[s_]:
                continue
            i, j = arrs[q].index(b), arrs[s_].index(a)
            d = _exchange(arrs, byes, q, s_, ka, kb, i, j, P, opponents)
            _exchange(arrs, byes, q, s_, ka, kb, i, j, P, opponents)
            if choice.delta is not None and d > choice.delta:
                continue
            if tabu_until.get((q, a, b), 0) > it and cur + d >= best:
                continue
            choice.offer(d, (q, i, j, -2, s_, ka, kb))
        move = choice.move
        if move is None:
            break  # no conflict left that a move may touch
        q, i, j, t = move[:4]
        arr = arrs[q]
        tenure = it + rng.randrange(*TENURE)
        if t == -2:
            s_, ka, kb = move[4:]
            a, b = byes[q][ka], byes[s_][kb]
            cur += _exchange(arrs, byes, q, s_, ka, kb, i, j, P, opponents)
            tabu_until[(q, a, b)] = tabu_until[(q, b, a)] = tenure
        elif t < 0:
            a, b, pa, pb = arr[i], arr[j], arr[i ^ 2], arr[j ^ 2]
            cur += _swap(arr, i, j, P, opponents)
            for x, y in ((a, pa), (b, pb)):
                tabu_until[(q, x, y)] = tabu_until[(q, y, x)] = tenure
        else:
            base = 4 * t
            a, c, b, d = arr[base + i], arr[base + (i ^ 2)], arr[base + 1], arr[base + 3]
            cur += _table(arr, t, P, opponents, -1)
            arr[base + i], arr[base + 1] = b, a
            cur += _table(arr, t, P, opponents, 1)
            for x, y in ((a, c), (b, d)):
                tabu_until[(q, x, y)] = tabu_until[(q, y, x)] = tenure
        if cur < best:
            best, best_arrs, best_byes, stall = cur, [a_[:] for a_ in arrs], [b[:] for b in byes], 0
            best_at = it
        else:
            stall += 1
            if stall > STALL:
                stall = 0
                for _ in range(3):
                    q = rng.randrange(len(arrs))
                    arr = arrs[q]
                    if len(arr) < 8:
                        continue
                    i, j = rng.randrange(len(arr)), rng.randrange(len(arr))
                    if i >> 2 != j >> 2:
                        cur += _swap(arr, i, j, P, opponents)
    if best_arrs != start:
        add_plan(start, P0, O0, False, sign=-1)
        add_plan(best_arrs, P0, O0, False)
    return best_arrs, [sorted(b) for b in best_byes], best
