"""Bot levels in a duplicate match: a searching level against "Débutant" on the same deals.

Run from the repository root: ``python bench/bot_match_bench.py`` (``--quick``: 3 deals;
``--deals N``, ``--level club|fort``, ``--players 4``). Quebec rules.

Each deal (seeded) is played twice: first the level's bots hold the first team's seats
(North-South at four players) and today's rule-of-thumb bots the others, then the
seats are swapped. The level's bots differ in their card play only (their calls and
discards are the rule of thumb's, ``games.engine.search_bot``), so both plays of a deal
usually reach the same contract. A deal's gain for the level: what its team scored
with each hand minus what the rule of thumb scored with the same hand. Prints each
deal's gain, then the mean and the median, and the time per searching decision
(median, p95, max), each decision within the level's budget (``games.kinds.
LEVEL_BUDGETS``). A few dozen deals are a glimpse, not a measure: issue 31 asks for
1,000 with a confidence interval.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.engine import get_variant, new_hand  # noqa: E402
from games.engine.bots import choose_action  # noqa: E402
from games.engine.search_bot import choose_searched, searches  # noqa: E402
from games.kinds import LEVEL_BUDGETS  # noqa: E402


def play(v, seed: int, level_seats: set[str], budget, times: list[float]) -> dict[str, int]:
    """One play of deal ``seed``: the level's bots in ``level_seats``; the score per side."""
    h = new_hand(v, dealer=v.seats[seed % len(v.seats)], seed=seed)
    step = 0
    while not h.is_done:
        seat = h.to_act
        rng = random.Random(f"{seed}:{step}")
        if seat in level_seats and searches(h):
            t0 = time.perf_counter()
            action = choose_searched(
                h,
                seat,
                rng,
                samples=budget.samples,
                max_seconds=budget.seconds,
                max_nodes=budget.nodes,
            )
            times.append(time.perf_counter() - t0)
        else:
            action = choose_action(h, seat, rng)
        h.apply(action)
        step += 1
    return h.result().score


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="3 deals")
    ap.add_argument("--deals", type=int, default=None, help="deals (default 12)")
    ap.add_argument("--level", choices=sorted(LEVEL_BUDGETS), default="club")
    ap.add_argument("--players", type=int, default=4)
    args = ap.parse_args(argv)
    deals = args.deals or (3 if args.quick else 12)
    budget = LEVEL_BUDGETS[args.level]
    v = get_variant("quebec", {"players": args.players})
    first = {v.seats[i] for i in v.teams[0]}
    others = set(v.seats) - first
    mine = v.team_names[0]
    print(
        f"{args.level} ({budget.samples} samples, {budget.seconds} s) against the rule of "
        f"thumb, quebec, {args.players} players, {deals} deals, seats swapped"
    )
    gains, times = [], []
    for seed in range(1, deals + 1):
        a = play(v, seed, first, budget, times)  # the level holds the first team's cards
        b = play(v, seed, others, budget, times)  # then the others'
        # the level's hands: the first team's in play a, the others' in play b
        gain = sum((a[n] - b[n]) if n == mine else (b[n] - a[n]) for n in v.team_names)
        gains.append(gain)
        print(f"deal {seed:4d}: {gain:+5d}", flush=True)
    print(f"points per deal for {args.level}: mean {statistics.mean(gains):+.1f}, ", end="")
    print(f"median {statistics.median(gains):+.1f} over {deals} deals")
    if times:
        times.sort()
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print(
            f"time per searching decision: median {statistics.median(times) * 1000:.0f} ms, "
            f"p95 {p95 * 1000:.0f} ms, max {times[-1] * 1000:.0f} ms ({len(times)} decisions)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
