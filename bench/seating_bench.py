"""Benchmark of the seating draw: quality and speed, per field size and round count.

    python bench/seating_bench.py            # full grid, 5 seeds (a few minutes at most)
    python bench/seating_bench.py --quick    # a smaller grid, 2 seeds

For each cell (N players, R rounds) every seed plays a whole individual tournament
through draw_round() round by round, as the site does (history of the rounds played,
rounds_total known, the previous draw's plan passed back as plan_hint), then evaluate()
scores it. Columns: partner repeats, opponent repeats (a pair counts once per meeting past
its first; mean and max over seeds), the counting lower bound for opponent repeats
sum_i max(0, 2*s_i - (N-1)) / 2 (s_i = rounds player i is seated; = N*max(0, 2R-(N-1))/2
without byes), what a uniform random draw gives (mean over the seeds), bye spread, seat
spread (max over players of most-used minus least-used seat), dealer (N seat) spread, and
the time per round (median and max, ms). The last column flags missed targets.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from tournaments.seating import History, draw_round, evaluate  # noqa: E402
from tournaments.seating.types import Round  # noqa: E402

FULL_FIELDS = [12, 16, 20, 24, 32, 48, 64, 100, 200, 17, 18, 19, 22, 30, 45, 50]
FULL_ROUNDS = list(range(4, 11))
QUICK_FIELDS = [12, 16, 20, 24, 32, 64, 200, 17, 18, 22, 30]
QUICK_ROUNDS = [4, 7, 10]


def run_tournament(n: int, rounds: int, seed: int):
    players = list(range(1, n + 1))
    played: list[Round] = []
    times = []
    plan = ()
    for r in range(1, rounds + 1):
        t = time.perf_counter()
        d = draw_round(players, History(played), seed=seed, rounds_total=rounds,
                       round_number=r, plan_hint=plan)
        times.append(time.perf_counter() - t)
        rnd = d.as_round()
        seated = [p for tb in rnd.tables for p in tb.values()]
        assert sorted(seated + list(rnd.byes)) == players, "someone not placed exactly once"
        played.append(rnd)
        plan = d.plan
    return played, times


def random_tournament(n: int, rounds: int, seed: int):
    rng = random.Random(seed)
    players = list(range(1, n + 1))
    byes_count = {p: 0 for p in players}
    out = []
    for _ in range(rounds):
        nb = n % 4
        order = players[:]
        rng.shuffle(order)
        order.sort(key=lambda p: byes_count[p])
        byes = order[:nb]
        for p in byes:
            byes_count[p] += 1
        seated = order[nb:]
        rng.shuffle(seated)
        tables = [dict(zip("NESW", seated[i:i + 4])) for i in range(0, len(seated), 4)]
        out.append(Round(tables, byes))
    return out


def lower_bound(n: int, rounds_played: list[Round]) -> int:
    seated = {}
    for r in rounds_played:
        for tb in r.tables:
            for p in tb.values():
                seated[p] = seated.get(p, 0) + 1
    return math.ceil(sum(max(0, 2 * s - (n - 1)) for s in seated.values()) / 2)


def cell(n: int, rounds: int, seeds: list[int]):
    rows = []
    for seed in seeds:
        played, times = run_tournament(n, rounds, seed)
        rep = evaluate(played)
        rnd = evaluate(random_tournament(n, rounds, 1000 + seed))
        rows.append((rep, times, lower_bound(n, played), rnd))
    pr = [r[0].partner_repeat_count for r in rows]
    orr = [r[0].opponent_repeat_count for r in rows]
    lb = max(r[2] for r in rows)
    rand_o = statistics.mean(r[3].opponent_repeat_count for r in rows)
    rand_p = statistics.mean(r[3].partner_repeat_count for r in rows)
    alltimes = [t for r in rows for t in r[1]]
    res = {
        "n": n, "r": rounds,
        "p_max": max(pr), "o_mean": statistics.mean(orr), "o_max": max(orr), "lb": lb,
        "rand_o": rand_o, "rand_p": rand_p,
        "bye": max(r[0].bye_spread for r in rows),
        "seat": max(r[0].seat_spread for r in rows),
        "dealer": max(r[0].dealer_spread for r in rows),
        "t_med": statistics.median(alltimes) * 1000, "t_max": max(alltimes) * 1000,
    }
    miss = []
    if res["p_max"]:
        miss.append("partner")
    if 2 * rounds <= 0.7 * (n - 1):
        if res["o_max"]:
            miss.append("opp>0")
    else:
        if res["o_max"] > lb + 4:
            miss.append("opp>lb+4")
        if res["o_max"] > rand_o / 4 and lb <= rand_o / 4:
            miss.append("opp>rand/4")
        elif lb > rand_o / 4:
            res["note"] = "LB>rand/4"  # the quarter-of-random target is unreachable here
    if res["bye"] > 1:
        miss.append("bye")
    if n >= 200 and res["t_max"] > 1000:
        miss.append("time")
    res["miss"] = ",".join(miss)
    return res


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="smaller grid, 2 seeds")
    ap.add_argument("--seeds", type=int, default=None, help="seeds per cell")
    ap.add_argument("--fields", type=str, default=None, help="comma-separated N list")
    ap.add_argument("--rounds", type=str, default=None, help="comma-separated R list")
    args = ap.parse_args(argv)
    fields = QUICK_FIELDS if args.quick else FULL_FIELDS
    rounds_list = QUICK_ROUNDS if args.quick else FULL_ROUNDS
    if args.fields:
        fields = [int(x) for x in args.fields.split(",")]
    if args.rounds:
        rounds_list = [int(x) for x in args.rounds.split(",")]
    seeds = list(range(args.seeds if args.seeds else (2 if args.quick else 5)))

    start = time.perf_counter()
    # reproducibility spot check
    a, _ = run_tournament(20, 5, 7)
    b, _ = run_tournament(20, 5, 7)
    same = [x.to_dict() for x in a] == [x.to_dict() for x in b]
    print(f"same seed gives same draw: {'yes' if same else 'NO'}")
    hdr = (f"{'N':>4} {'R':>3} | {'partner':>7} | {'opp mean':>8} {'max':>4} {'LB':>4} "
           f"{'rand':>6} | {'rand p':>6} | {'bye':>3} {'seat':>4} {'dlr':>3} | "
           f"{'ms med':>7} {'ms max':>7} | miss")
    print(hdr)
    print("-" * len(hdr))
    misses = 0
    worst_200 = 0.0
    for n in fields:
        for r in rounds_list:
            res = cell(n, r, seeds)
            misses += bool(res["miss"])
            if n >= 200:
                worst_200 = max(worst_200, res["t_max"])
            print(f"{n:>4} {r:>3} | {res['p_max']:>7} | {res['o_mean']:>8.1f} {res['o_max']:>4} "
                  f"{res['lb']:>4} {res['rand_o']:>6.1f} | {res['rand_p']:>6.1f} | "
                  f"{res['bye']:>3} {res['seat']:>4} {res['dealer']:>3} | "
                  f"{res['t_med']:>7.1f} {res['t_max']:>7.1f} | {res['miss'] or '-'}"
                  f"{'  (' + res['note'] + ')' if res.get('note') else ''}",
                  flush=True)
    print(f"cells missing a target: {misses}; slowest round at 200 players: {worst_200:.0f} ms; "
          f"total time {time.perf_counter() - start:.1f} s")
    print("targets: partner repeats 0; opponent repeats 0 where 2R <= 0.7(N-1), else at most "
          "LB+4 and a quarter of random (where LB allows); bye spread <= 1; 200 players < 1 s "
          "per round. LB>rand/4: the quarter-of-random target is below the counting bound.")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
