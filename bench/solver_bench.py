"""Open-hand solver benchmark: time and nodes to solve seeded play positions.

Run from the repository root: ``python bench/solver_bench.py`` (``--quick`` for a
short run). Positions come from seeded hands (a random auction steered to a trump or
no-trump contract, random legal play up to the position: tests/engine/solver_util.py).

For four players: positions with 10 tricks to play (the whole play), and after 3, 5
and 7 tricks; for 2, 3, 5 and 6 players: after 5 tricks. Each is solved twice: the
value and a best move (``all_moves=False``, what a sampling bot needs per sample at
least) and every move's value (``all_moves=True``). Prints the median and p95 of the
CPU time and of the nodes. Whole-play positions are solved with a budget
(``--budget`` seconds, default 20): a run that hits it counts at the budget and is
reported as estimated.

Then a sampling bot's decision (``best_card_by_sampling``: ``--samples`` consistent
deals, each solved, within ``--decision-budget`` seconds for the whole decision) at the
first, third and sixth trick of four-player hands: median and p95 CPU time.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.engine.sampling import best_card_by_sampling  # noqa: E402
from games.engine.solver import position_from_hand, solve  # noqa: E402
from tests.engine.solver_util import play_position  # noqa: E402


def positions(players: int, tricks_left: int, count: int) -> list:
    """``count`` seeded positions (half trump, half no trump) at a trick's start."""
    out = []
    seed = 0
    while len(out) < count and seed < 20 * count:
        kind = "suit" if seed % 2 == 0 else "nt"
        h = play_position("quebec", players, kind, 1000 + seed, tricks_left)
        if h is not None and len(h.hands[h.to_act_i]) == tricks_left:
            out.append(h)
        seed += 1
    return out


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def measure(hands: list, all_moves: bool, budget: float | None) -> str:
    times, nodes, estimated = [], [], 0
    for h in hands:
        pos = position_from_hand(h)
        start = time.process_time()
        sol = solve(pos, all_moves=all_moves, max_seconds=budget)
        times.append(time.process_time() - start)
        nodes.append(sol.nodes)
        estimated += not sol.exact
    text = (
        f"n={len(hands):3d}  time median {statistics.median(times) * 1000:8.1f} ms"
        f"  p95 {p95(times) * 1000:8.1f} ms   nodes median {statistics.median(nodes):9.0f}"
        f"  p95 {p95(nodes):9.0f}"
    )
    return text + (f"  ({estimated} estimated: budget hit)" if estimated else "")


def measure_decisions(hands: list, samples: int, budget: float | None) -> str:
    times = []
    for h in hands:
        start = time.process_time()
        best_card_by_sampling(h, h.to_act_i, samples, random.Random(1), None, budget)
        times.append(time.process_time() - start)
    return (
        f"n={len(hands):3d}  time median {statistics.median(times) * 1000:8.1f} ms"
        f"  p95 {p95(times) * 1000:8.1f} ms"
    )


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run")
    parser.add_argument("--budget", type=float, default=20.0, help="seconds per whole play")
    parser.add_argument("--samples", type=int, default=8, help="deals per decision")
    parser.add_argument("--decision-budget", type=float, default=1.0, help="seconds per decision")
    args = parser.parse_args(argv)
    quick = args.quick
    cases = [(4, 3, 6 if quick else 30), (4, 5, 6 if quick else 30), (4, 7, 3 if quick else 20)]
    if not quick:
        cases.append((4, 10, 6))
        cases += [(n, 5, 20) for n in (2, 3, 5, 6)]
    print("open-hand solver: CPU time and nodes per solve (seeded positions, quebec)")
    for players, left, count in cases:
        hands = positions(players, left, count)
        budget = args.budget if left == 10 else None
        label = f"{players} players, {left:2d} tricks left"
        print(f"{label}  value+best:  {measure(hands, False, budget)}", flush=True)
        print(f"{label}  all moves:   {measure(hands, True, budget)}", flush=True)
    budget = args.decision_budget
    for trick in (1, 3, 6):
        hands = positions(4, 11 - trick, 3 if quick else 10)
        label = f"4 players, decision at trick {trick:2d}, {args.samples} samples"
        print(f"{label}:  {measure_decisions(hands, args.samples, budget)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
