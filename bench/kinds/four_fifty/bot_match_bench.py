"""450's searching discards in a duplicate match by seat, against the rules of thumb.

Run from the repository root: ``python bench/kinds/four_fifty/bot_match_bench.py`` (``--quick``: 3
deals; ``--deals N``, ``--first S``, ``--players 3|4|5|6``, ``--level club|fort``,
``--samples N``, ``--seconds S``: the level's budget replaced, ``--seconds 0``: no
clock, the figures then do not depend on the machine's load). A 450 table's search
takes ``SAMPLES_SCALE`` times the level's deals (``games.kinds.four_fifty.bot``); the
tables search at three and four players only (``SEARCHED_PLAYERS``: at five and six this
bench measured no gain), the bench at any count.

Each deal (seeded) is played once with the rules of thumb in every seat, then once per
seat with the level's bot in that seat alone (``games.engine.four_fifty.search``: it
searches its discards) and the rules of thumb in the others, each seat's dice the same
as in the first play. A seat's gain on a deal: its points minus the others' mean with
the level in the seat, against the same with the rule of thumb there; a deal's gain
is the mean over its seats. Prints the mean gain per deal with its 95% confidence
interval (normal, over the deals), the gain in the seat's own points alone, and the
time per searching decision (median, p95, max) within the level's budget; an illegal
action stops it
(``games.kinds.LEVEL_BUDGETS``).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from bench._match import arguments, budget_of, interval, print_times  # noqa: E402
from games.engine.four_fifty import new_round  # noqa: E402
from games.engine.four_fifty.bots import choose_action  # noqa: E402
from games.engine.four_fifty.search import choose_searched, searches  # noqa: E402
from games.kinds.four_fifty.bot import SAMPLES_SCALE  # noqa: E402


def play(players: int, seed: int, level_seat: int | None, budget, times: list) -> tuple:
    """One play of deal ``seed``, the level's bot in ``level_seat`` (None: nowhere);
    the points by seat. Every action is checked against the round's legal ones (the
    round refuses an illegal one: the bench stops on it)."""
    rnd = new_round(players, dealer=seed % players, seed=seed)
    step = 0
    while not rnd.is_done:
        seat = rnd.to_act
        rng = random.Random(f"{seed}:{step}")
        if rnd.to_act_i == level_seat and searches(rnd):
            t0 = time.perf_counter()
            action = choose_searched(
                rnd, seat, rng, samples=budget.samples, max_seconds=budget.seconds
            )
            times.append(time.perf_counter() - t0)
        else:
            action = choose_action(rnd, seat, rng)
        if action not in rnd.legal_actions():
            raise SystemExit(f"deal {seed}: {seat}'s {action!r} is not legal")
        rnd.apply(action)
        step += 1
    return rnd.result().points


def margin(points: tuple, seat: int) -> float:
    """A seat's points minus the others' mean."""
    others = [p for i, p in enumerate(points) if i != seat]
    return points[seat] - statistics.mean(others)


def main(argv: list[str]) -> int:
    ap = arguments(__doc__.splitlines()[0], default_deals=40)
    ap.add_argument("--players", type=int, default=4, choices=(3, 4, 5, 6))
    args = ap.parse_args(argv)
    deals = args.deals or (3 if args.quick else 40)
    budget = budget_of(args, scale=SAMPLES_SCALE)  # as a 450 table's search
    n = args.players
    print(
        f"450 {args.level} ({budget.samples} samples, {budget.seconds} s; searching its "
        f"discards) against the rule of thumb, {n} players, {deals} deals, each seat in turn"
    )
    gains: list[float] = []
    own: list[float] = []
    times: list[float] = []
    for seed in range(args.first, args.first + deals):
        base = play(n, seed, None, budget, [])
        deal_gain, deal_own = [], []
        for s in range(n):
            points = play(n, seed, s, budget, times)
            deal_gain.append(margin(points, s) - margin(base, s))
            deal_own.append(points[s] - base[s])
        gains.append(statistics.mean(deal_gain))
        own.append(statistics.mean(deal_own))
        if not args.quiet:
            print(f"deal {seed:4d}: {gains[-1]:+7.2f} (own points {own[-1]:+7.2f})", flush=True)
    print(f"gain per deal over the others' mean for {args.level}: {interval(gains, 2)}")
    print(f"gain per deal in the seat's own points: {interval(own, 2)}, over {deals} deals")
    print_times(times)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
