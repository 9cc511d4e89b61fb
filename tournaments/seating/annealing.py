"""Simulated annealing over a plan of rounds: the loop shared by the 500 seating draw
(``seating.search``) and the 450 table draw (``kinds.four_fifty.tables.search``).

A plan is a list of rows, one per round (or game), each a list of player indices in slot
order. The problem is told by a ``Moves``: its cost lives in the caller's meeting counts,
and a move is named by a row and two of its slots. Each step picks a row and a slot
(more often a slot whose player meets someone again, a *conflict*) and a second slot at
random, asks for the cost change of the move they call for, and makes it if the
Metropolis rule accepts it; the temperature falls geometrically from ``t0`` to ``t1``.
Costs are exact integers. Everything is driven by one ``random.Random`` and an
iteration budget (never the clock), so the same inputs give the same plan.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Callable

Plan = list[list[int]]

#: Iterations at one temperature.
CHUNK = 256
#: Share of the steps that start from a slot in conflict (when there is one).
CONFLICT_SHARE = 0.6
#: The conflicts are listed again after this many iterations (at least).
MIN_REFRESH = 200


@dataclass(frozen=True)
class Moves:
    """A problem as the annealing loop sees it.

    ``add(plan, sign)``: add (sign 1) or remove (sign -1) the plan's meetings in the
    caller's counts; returns the cost change. ``conflicts(plan)``: the (row, slot) pairs
    whose player meets someone again. ``propose(row, i, j)``: the cost change of the move
    that slots i and j of the row call for, None when they call for none (it may draw
    from the loop's random generator). ``apply(row, i, j)``: make the move just priced by
    ``propose`` (the row and the counts).
    """

    add: Callable[[Plan, int], int]
    conflicts: Callable[[Plan], list[tuple[int, int]]]
    propose: Callable[[list[int], int, int], int | None]
    apply: Callable[[list[int], int, int], None]


def anneal(
    plan: Plan,
    rows: list[int],
    moves: Moves,
    rng: random.Random,
    iters: int,
    bound: int,
    t0: float,
    t1: float,
    *,
    prefer_last: bool,
) -> tuple[Plan, int]:
    """Improve ``plan`` (changed in place) by moves within ``rows``; return (the best
    plan seen, its cost). The counts hold the meetings before the plan on entry and
    those plus the returned plan's on return.

    Stops after ``iters`` iterations, at a cost of ``bound`` or less (a lower bound: no
    plan does better), or when nobody meets anyone again. Of plans as cheap as the best,
    the one returned is, with ``prefer_last``, the one the search ends on; without, the
    one it kept: the starting plan, or the first it climbed away from after its last
    improvement. (The two draws differ only there; each keeps its own rule so that a
    seed gives the same draw as before.)
    """
    cur = moves.add(plan, 1)
    if cur <= bound or iters <= 0 or not rows:
        return plan, cur
    best = cur
    # saved: best_plan holds a plan at the best cost that the search left since
    if prefer_last:
        best_plan, saved = plan, False
    else:
        best_plan, saved = [x[:] for x in plan], True
    propose = moves.propose
    apply = moves.apply
    lens = [len(row) for row in plan]
    nrows = len(rows)
    rnd = rng.random
    exp = math.exp
    share = CONFLICT_SHARE
    ratio = (t1 / t0) ** (1.0 / max(1, iters // CHUNK))
    T = t0
    refresh = max(MIN_REFRESH, sum(lens))
    listed_at = -refresh  # the iteration count when the conflicts were listed
    conflicts: list[tuple[int, int]] = []
    nconf = 0
    it = 0
    while it < iters:
        if it - listed_at >= refresh:
            conflicts = moves.conflicts(plan)
            nconf = len(conflicts)
            listed_at = it
            if not nconf:
                break  # nobody meets anyone again: nothing left to gain
        end = min(iters, it + CHUNK)
        invT = 1.0 / T
        for it in range(it + 1, end + 1):
            if rnd() < share:
                r, i = conflicts[int(rnd() * nconf)]
                L = lens[r]
            else:
                r = rows[int(rnd() * nrows)]
                L = lens[r]
                i = int(rnd() * L)
            row = plan[r]
            j = int(rnd() * L)
            delta = propose(row, i, j)
            if delta is None:
                continue
            if delta > 0:
                if rnd() >= exp(-delta * invT):
                    continue
                if cur == best and not saved:
                    best_plan = [x[:] for x in plan]
                    saved = True
            apply(row, i, j)
            cur += delta
            if cur < best:
                best = cur
                saved = False
                if cur <= bound:
                    it = iters
                    break
        T *= ratio
    if saved and (best < cur or not prefer_last):
        moves.add(plan, -1)
        moves.add(best_plan, 1)
        return best_plan, best
    return plan, cur
