"""Benchmark of the seating draw: quality against the best known schedules, and speed.

    python bench/seating_bench.py            # every target cell, 5 seeds (a few minutes)
    python bench/seating_bench.py --quick    # fewer cells, 2 seeds
    python bench/seating_bench.py --library  # the movement library's figures, every cell

Draws. For each cell (N players, R games) every seed plays a whole individual tournament
through draw_round() round by round, as the site does (history of the rounds played,
rounds_total known, the previous draw's plan passed back as plan_hint), then evaluate()
scores it. Columns: the best known opponent repeats for the cell (issue 17's table; "-"
where it has none), the opponent repeats of each seed, the partner repeats (max over
seeds), the spreads (max over seeds) of byes, of N-S against E-W games, of seats and of
N seats (first deals), where the plan came from, the time to draw round 1 (it plans the
whole tournament; median and max over seeds) and the slowest later round. The last
column lists missed targets: partner repeats 0, opponent repeats at most the best known
(0 where it is 0), bye spread at most 1, round 1 under 1 s.

Re-planning. A late arrival, a withdrawal and a substitute (one leaves, another arrives)
between rounds: the draw of the next round plans the rest again from the history. The
table gives the whole tournament's figures after the change (history included, 3 seeds)
and the time of that draw; the reference is the larger of the best known figures for the
field before and after the change. Targets: partner repeats 0, bye spread at most 1,
opponent repeats at most the reference, within 2 s up to 64 players.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from tournaments.seating import (  # noqa: E402
    History,
    draw_round,
    evaluate,
    library,  # noqa: E402
)
from tournaments.seating.plan import cell_figures  # noqa: E402

TABLE = [(n, r) for n in (12, 16, 20, 24) for r in range(4, 11)] + [
    (n, r) for n in (17, 18, 19, 21, 22, 23) for r in (6, 8, 10)
]
BIG = [(n, r) for n in (32, 48, 64, 100, 200) for r in range(4, 11)]
QUICK = [
    (12, 6),
    (16, 7),
    (16, 8),
    (17, 8),
    (19, 10),
    (20, 9),
    (20, 10),
    (21, 10),
    (24, 10),
    (32, 10),
    (64, 10),
    (200, 10),
]
REPLAN = [(16, 7), (16, 8), (20, 9), (20, 10), (24, 8), (32, 10), (64, 10), (100, 10)]
QUICK_REPLAN = [(16, 7), (20, 10), (64, 10)]


def run(players, rounds: int, seed: int, change=None):
    """Play a tournament round by round; ``change(r, players)`` may return a new field
    before round r. Returns (rounds played, per-round times, sources, time of the first
    draw after a change)."""
    played = []
    times, sources = [], []
    plan = ()
    changed_at = None
    for r in range(1, rounds + 1):
        if change is not None:
            new = change(r, players)
            if new is not None:
                players, changed_at = new, r
        t = time.perf_counter()
        d = draw_round(
            players, History(played), seed=seed, rounds_total=rounds, round_number=r, plan_hint=plan
        )
        times.append(time.perf_counter() - t)
        sources.append(d.source)
        rnd = d.as_round()
        seated = [p for tb in rnd.tables for p in tb.values()]
        assert sorted(seated + list(rnd.byes)) == sorted(players), "not everyone placed once"
        played.append(rnd)
        plan = d.plan
    return played, times, sources, (times[changed_at - 1] if changed_at else None)


def cell(n: int, r: int, seeds: list[int]) -> tuple[str, bool]:
    reps, t1, later, sources = [], [], [], set()
    for seed in seeds:
        played, times, src, _ = run(list(range(1, n + 1)), r, seed)
        reps.append(evaluate(played))
        t1.append(times[0] * 1000)
        later.append(max(times[1:], default=0) * 1000)
        sources.add(src[0])
    best = library.BEST_KNOWN.get((n, r))
    opp = [x.opponent_repeat_count for x in reps]
    miss = []
    if max(x.partner_repeat_count for x in reps):
        miss.append("partner")
    if best is not None and max(opp) > best:
        miss.append("opp>best")
    if max(x.bye_spread for x in reps) > 1:
        miss.append("bye")
    if max(t1) > 1000:
        miss.append("time")
    line = (
        f"{n:>4} {r:>3} | {'-' if best is None else best:>4} | "
        f"{' '.join(f'{o:>3}' for o in opp):<19} | "
        f"{max(x.partner_repeat_count for x in reps):>3} | "
        f"{max(x.bye_spread for x in reps):>3} {max(x.side_spread for x in reps):>4} "
        f"{max(x.seat_spread for x in reps):>4} {max(x.dealer_spread for x in reps):>3} | "
        f"{'/'.join(sorted(sources)):<8} | {statistics.median(t1):>7.1f} {max(t1):>7.1f} "
        f"{max(later):>7.1f} | {','.join(miss) or 'ok'}"
    )
    return line, not miss


def replan_rows(n: int, r: int, seeds: list[int]) -> list[tuple[str, bool]]:
    at = r // 2 + 1  # the field changes before this round
    scenarios = {
        "late arrival": lambda k, ps: ps + [n + 1] if k == at else None,
        "withdrawal": lambda k, ps: ps[:-1] if k == at else None,
        "substitute": lambda k, ps: ps[:-1] + [n + 1] if k == at else None,
    }
    rows = []
    for name, change in scenarios.items():
        reps, times = [], []
        for seed in seeds:
            played, _times, _src, t = run(list(range(1, n + 1)), r, seed, change)
            reps.append(evaluate(played))
            times.append(t)
        after = n + (name == "late arrival") - (name == "withdrawal")
        refs = [cell_figures(k, r)[0] for k in (n, after)]
        ref = None if None in refs else max(refs)
        opp = [x.opponent_repeat_count for x in reps]
        ok = (
            max(x.partner_repeat_count for x in reps) == 0
            and max(x.bye_spread for x in reps) <= 1
            and (ref is None or max(opp) <= ref)
            and (n > 64 or max(times) < 2.0)
        )
        rows.append(
            (
                f"{n:>4} {r:>3} {name:<13} before {at:>2} | "
                f"{' '.join(f'{o:>3}' for o in opp):<11} {'-' if ref is None else ref:>4} | "
                f"{max(x.partner_repeat_count for x in reps):>3} "
                f"{max(x.bye_spread for x in reps):>3} {max(x.side_spread for x in reps):>4} | "
                f"{statistics.median(times) * 1000:>7.1f} {max(times) * 1000:>7.1f} | "
                f"{'ok' if ok else 'MISS'}",
                ok,
            )
        )
    return rows


def library_table() -> int:
    cells = library.cells()
    print(
        "Movement library: opponent repeats per cell (partner repeats in brackets when "
        "not 0); * = the counting bound, so no schedule does better"
    )
    rounds = sorted({r for _, r in cells})
    print("   N | " + " ".join(f"{r:>8}" for r in rounds))
    for n in sorted({n for n, _ in cells}):
        row = []
        for r in rounds:
            mv = library.movement(n, r)
            p_lb, o_lb = library.counting_bound(n, library.games_per_player(n, r))
            text = f"{mv.opponent_repeats}" + ("*" if mv.opponent_repeats == o_lb else "")
            if mv.partner_repeats:
                text += f"({mv.partner_repeats})"
            row.append(f"{text:>8}")
        print(f"{n:>4} | " + " ".join(row))
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer cells, 2 seeds")
    ap.add_argument("--library", action="store_true", help="print the library's figures")
    ap.add_argument("--seeds", type=int, default=None, help="seeds per cell")
    args = ap.parse_args(argv)
    if args.library:
        return library_table()
    seeds = list(range(args.seeds if args.seeds else (2 if args.quick else 5)))
    cells = QUICK if args.quick else TABLE + BIG
    start = time.perf_counter()
    a, *_ = run(list(range(1, 21)), 5, 7)
    b, *_ = run(list(range(1, 21)), 5, 7)
    same = [x.to_dict() for x in a] == [x.to_dict() for x in b]
    print(f"same seed gives same draw: {'yes' if same else 'NO'}")
    hdr = (
        f"{'N':>4} {'R':>3} | {'best':>4} | {'opponent repeats per seed':<19} | "
        f"{'prt':>3} | {'bye':>3} {'side':>4} {'seat':>4} {'dlr':>3} | {'source':<8} | "
        f"{'r1 med':>7} {'r1 max':>7} {'later':>7} | targets"
    )
    print(hdr)
    print("-" * len(hdr))
    misses = 0
    for n, r in cells:
        line, ok = cell(n, r, seeds)
        misses += not ok
        print(line, flush=True)
    print(f"cells missing a target: {misses} of {len(cells)}")
    print()
    replan_seeds = seeds[:3]
    hdr = (
        f"{'N':>4} {'R':>3} {'change':<13} {'round':>9} | {'opp per seed':<11} {'ref':>4} | "
        f"{'prt':>3} {'bye':>3} {'side':>4} | {'ms med':>7} {'ms max':>7} | target"
    )
    print(f"Re-planning after a change of the field ({len(replan_seeds)} seeds):")
    print(hdr)
    print("-" * len(hdr))
    replan_misses = 0
    for n, r in QUICK_REPLAN if args.quick else REPLAN:
        for line, ok in replan_rows(n, r, replan_seeds):
            replan_misses += not ok
            print(line, flush=True)
    print(
        f"re-planning rows missing a target: {replan_misses}; total time "
        f"{time.perf_counter() - start:.1f} s"
    )
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
