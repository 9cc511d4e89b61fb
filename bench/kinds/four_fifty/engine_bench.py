"""450 engine benchmark: random rounds per second, legal_actions cost, bots vs random.

Run from the repository root: ``python bench/kinds/four_fifty/engine_bench.py`` (``--quick`` for a
short run, ``--no-bots`` to skip the bot measurement, ``--bots`` for bots only).

Times are CPU time of this process (``time.process_time``): rounds per CPU-second on
one core, so that other work on the machine does not skew the figures much.

* rounds/s: full random-legal rounds (deal, hide, every discard and announcement, both
  counts, the master's choice, the pot) through the public string API
  (``legal_actions()`` + ``apply(str)``) and through the int fast path
  (``legal_codes()`` + ``apply_code()``), for 3, 4, 5 and 6 players;
* µs per ``legal_actions()`` call on positions from random rounds (cache cleared);
* bots: one bot among random-legal players over seeded rounds (the bot's seat and the
  dealer turn with the seed): average points per round of the bot and of the random
  players, the share of rounds the bot wins (most points; a fair share is 1/n), and the
  time per bot decision.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from games.engine.four_fifty import get_rules, new_round, replay  # noqa: E402
from games.engine.four_fifty.bots import choose_action  # noqa: E402

PLAYERS = (3, 4, 5, 6)


def random_rounds_strings(players: int, n: int) -> float:
    rules = get_rules(players)
    rand = random.Random(1).random
    start = time.process_time()
    for seed in range(n):
        rnd = new_round(rules, seed % players, seed=seed, set_aside=seed & 1 == 0)
        while not rnd.is_done:
            legal = rnd.legal_actions()
            rnd.apply(legal[int(rand() * len(legal))])
        rnd.result()
    return n / (time.process_time() - start)


def random_rounds_ints(players: int, n: int) -> float:
    rules = get_rules(players)
    rand = random.Random(1).random
    start = time.process_time()
    for seed in range(n):
        rnd = new_round(rules, seed % players, seed=seed, set_aside=seed & 1 == 0)
        while rnd._result is None:
            legal = rnd.legal_codes()
            rnd.apply_code(legal[int(rand() * len(legal))])
    return n / (time.process_time() - start)


def legal_actions_us(players: int, n_rounds: int) -> float:
    rng = random.Random(2)
    states = []
    for seed in range(n_rounds):
        rnd = new_round(players, 0, seed=seed)
        while not rnd.is_done:
            states.append(replay(rnd.to_record()))
            rnd.apply(rng.choice(rnd.legal_actions()))
    calls = 0
    start = time.process_time()
    for _ in range(3):
        for rnd in states:
            rnd._legal = None
            rnd.legal_actions()
            calls += 1
    return (time.process_time() - start) / calls * 1e6


def bot_among_random(players: int, n: int) -> dict:
    bot_points, random_points, wins, times = [], [], 0, []
    for seed in range(n):
        rnd = new_round(players, seed % players, seed=seed, set_aside=seed & 1 == 0)
        bot = f"P{(seed // players) % players + 1}"
        rng = random.Random(seed)
        while not rnd.is_done:
            seat = rnd.to_act
            if seat == bot:
                t = time.process_time()
                action = choose_action(rnd, seat, rng)
                times.append(time.process_time() - t)
            else:
                action = rng.choice(rnd.legal_actions())
            rnd.apply(action)
        result = rnd.result().to_dict()
        points = result["points"]
        wins += result["next_lanceur"] == bot
        bot_points.append(points.pop(bot))
        random_points += points.values()
    return {
        "bot": statistics.mean(bot_points),
        "random": statistics.mean(random_points),
        "wins": wins / n,
        "ms_mean": statistics.mean(times) * 1000,
        "ms_max": max(times) * 1000,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer rounds")
    parser.add_argument("--bots", action="store_true", help="only the bot measurement")
    parser.add_argument("--no-bots", action="store_true", help="skip the bot measurement")
    args = parser.parse_args()
    n_speed = 500 if args.quick else 3000
    n_bots = 200 if args.quick else 2000
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"Python {sys.version.split()[0]}, one core, {os.cpu_count()} CPUs,"
        f" load average {load:.2f} (figures drop when other work shares the CPU)"
    )
    if not args.bots:
        print(f"\n450: random full rounds per second ({n_speed} rounds per player count)")
        print(f"{'players':8} {'string API':>12} {'int fast path':>14} {'legal_actions':>14}")
        for players in PLAYERS:
            s = random_rounds_strings(players, n_speed)
            i = random_rounds_ints(players, n_speed)
            us = legal_actions_us(players, 20 if args.quick else 80)
            print(f"{players:<8} {s:10,.0f}/s {i:12,.0f}/s {us:11.2f} µs")
    if not args.no_bots:
        print(
            f"\n450: one bot among random-legal players ({n_bots} seeded rounds per"
            " player count; points per round)"
        )
        for players in PLAYERS:
            r = bot_among_random(players, n_bots)
            print(
                f"{players} players: bot {r['bot']:5.1f} pts/round, random"
                f" {r['random']:5.1f} | bot wins {100 * r['wins']:4.1f}% of rounds"
                f" (fair share {100 / players:4.1f}%) | decision {r['ms_mean']:.3f} ms"
                f" mean, {r['ms_max']:.1f} ms max"
            )


if __name__ == "__main__":
    main()
