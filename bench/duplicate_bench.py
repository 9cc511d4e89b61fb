"""Benchmark of duplicate 500: scoring a results file, and dealing its boards.

    python bench/duplicate_bench.py            # 50 runs per case
    python bench/duplicate_bench.py --quick    # 15 runs per case

Case: 12 tables x 24 boards (48 players, a Howell-like movement: players change seats
every board from a seeded shuffle), 2% of results adjusted and one board in ten played
at only 11 tables (so Neuberg scales it). Scores are drawn from a small set so that
equal results are common. Times ``score()`` on the parsed file, the command's own work
(``json.loads`` + ``score`` + ``json.dumps``; not the Python start-up), and
``deal_boards`` for the 24 boards. Prints min, median and p95 wall time and the median
CPU time (ms), and a machine reference (``standings_bench.py``'s).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.standings_bench import reference_us, timeit  # noqa: E402
from games.engine.boards import deal_boards  # noqa: E402
from tournaments.duplicate import score  # noqa: E402

TARGET_MS = 50.0
SCORES = (-500, -240, -120, 0, 40, 120, 240, 300, 500)


def results_file(tables: int, boards: int, seed: int) -> dict:
    rng = random.Random(seed)
    players = [f"p{i:02d}" for i in range(1, 4 * tables + 1)]
    out = []
    for number in range(1, boards + 1):
        rng.shuffle(players)
        played = tables - 1 if number % 10 == 0 else tables
        results = []
        for t in range(played):
            a, b, c, d = players[4 * t : 4 * t + 4]
            result = {"table": t + 1, "NS": [a, c], "EW": [b, d]}
            if rng.random() < 0.02:
                result["adjusted"] = {"NS": rng.choice(("A+", "A")), "EW": "A-"}
            else:
                result["score"] = {"NS": rng.choice(SCORES), "EW": rng.choice(SCORES[:5])}
            results.append(result)
        out.append({"board": number, "results": results})
    return {"format": "club500-duplicate/1", "boards": out}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="15 runs per case instead of 50")
    ap.add_argument("--runs", type=int, default=None)
    args = ap.parse_args(argv)
    runs = args.runs or (15 if args.quick else 50)

    data = results_file(12, 24, seed=1)
    text = json.dumps(data)
    cases = [
        ("score(), 12 tables x 24 boards", lambda: score(data)),
        ("loads + score + dumps (the command)", lambda: json.dumps(score(json.loads(text)))),
        ("deal_boards(quebec, 24 boards)", lambda: deal_boards("quebec", "B" * 16, 1, 24)),
    ]
    ref = reference_us()
    print(f"machine reference: sum(range(10000)) = {ref:.0f} us (idle 2023 laptop: ~90 us)")
    print(f"{'case':<38} {'min ms':>7} {'median ms':>10} {'p95 ms':>8} {'cpu med ms':>11}")
    medians = []
    for name, fn in cases:
        lo, med, p95, cpu = timeit(fn, runs)
        medians.append(med)
        print(f"{name:<38} {lo:>7.2f} {med:>10.2f} {p95:>8.2f} {cpu:>11.2f}   ({runs} runs)")
    ok = medians[0] < TARGET_MS
    print(
        f"target: scoring 12 tables x 24 boards under {TARGET_MS:.0f} ms (median "
        f"{medians[0]:.2f} ms): {'ok' if ok else 'MISSED'}"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
