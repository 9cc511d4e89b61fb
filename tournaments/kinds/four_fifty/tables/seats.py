"""Seat order at each table: who is seat 1 (the secretary), 2 (deals first), 3 ...

Over the games a player should sit in different seats and beside different people. For
each table of the drawn game every order of its players is scored (at most 6! = 720):
the seats' use so far, strongly convex (a third time in one seat costs far more than a
second), seat 1 counted once more (the secretary keeps the sheet), plus the neighbours
(who sits on whose left: at 450 a player follows the card of the player on his right)
already seen, also convex. The lowest score wins; equal scores are broken by the seeded
generator, so the same draw gives the same seats.
"""

from __future__ import annotations

import random
from itertools import permutations

#: Weight of a repeated neighbour relative to a repeated seat, and of seat 1 (the
#: secretary: the sheet's work is shared) on top of the others.
NEIGHBOUR_WEIGHT = 2
SECRETARY_WEIGHT = 3


def seat_order(
    members: list[int],
    seat_counts: list[list[int]],
    neighbours: dict[tuple[int, int], int],
    rng: random.Random,
) -> list[int]:
    """The members of one table in seat order (1, 2, ...); updates the counts."""
    k = len(members)
    best = None
    best_cost = None
    ties = 0
    for order in permutations(members):
        cost = 0
        for s, p in enumerate(order):
            cost += 3 ** seat_counts[p][s]
        cost = 2 * cost + SECRETARY_WEIGHT * 3 ** seat_counts[order[0]][0]
        for s in range(k):
            cost += NEIGHBOUR_WEIGHT * 3 ** neighbours.get((order[s], order[(s + 1) % k]), 0)
        if best_cost is None or cost < best_cost:
            best, best_cost, ties = order, cost, 1
        elif cost == best_cost:
            ties += 1
            if rng.random() * ties < 1.0:
                best = order
    for s, p in enumerate(best):
        seat_counts[p][s] += 1
    for s in range(k):
        pair = (best[s], best[(s + 1) % k])
        neighbours[pair] = neighbours.get(pair, 0) + 1
    return list(best)
