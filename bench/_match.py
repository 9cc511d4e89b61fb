"""What the duplicate matches between bot levels share (``bot_match_bench.py`` for 500,
``kinds/four_fifty/bot_match_bench.py`` for 450): their options, the level's budget,
and how they print a mean with its interval and the time per searching decision."""

from __future__ import annotations

import argparse
import statistics

from games.kinds import LEVEL_BUDGETS, Budget


def arguments(description: str, default_deals: int) -> argparse.ArgumentParser:
    """The options every match takes (a bench adds its own)."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--quick", action="store_true", help="3 deals")
    ap.add_argument("--deals", type=int, default=None, help=f"deals (default {default_deals})")
    ap.add_argument("--first", type=int, default=1, help="the first deal's seed")
    ap.add_argument("--level", choices=sorted(LEVEL_BUDGETS), default="club")
    ap.add_argument("--quiet", action="store_true", help="no line per deal")
    ap.add_argument("--samples", type=int, default=None, help="deals per decision")
    ap.add_argument("--seconds", type=float, default=None, help="per decision (0: no clock)")
    return ap


def budget_of(args: argparse.Namespace, scale: int = 1) -> Budget:
    """The level's budget (its deals times ``scale``), as ``--samples`` and
    ``--seconds`` replace it."""
    budget = LEVEL_BUDGETS[args.level]
    budget = budget._replace(samples=budget.samples * scale)
    if args.samples is not None:
        budget = budget._replace(samples=args.samples)
    if args.seconds is not None:
        budget = budget._replace(seconds=args.seconds or None)
    return budget


def interval(xs: list[float], digits: int = 1) -> str:
    """``mean +m (95% CI +a to +b)``: normal, over ``xs``."""
    mean = statistics.mean(xs)
    half = 1.96 * statistics.stdev(xs) / len(xs) ** 0.5 if len(xs) > 1 else 0.0
    f = f"+.{digits}f"
    return f"mean {mean:{f}} (95% CI {mean - half:{f}} to {mean + half:{f}})"


def print_times(times: list[float]) -> None:
    """The time per searching decision: median, p95, max."""
    times = sorted(times)
    if times:
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print(
            f"time per searching decision: median {statistics.median(times) * 1000:.0f} ms, "
            f"p95 {p95 * 1000:.0f} ms, max {times[-1] * 1000:.0f} ms ({len(times)} decisions)"
        )
