"""Engine benchmark: random hands per second, legal_actions cost, bots vs random.

Run from the repository root: ``python bench/engine_bench.py`` (``--quick`` for a
short run, ``--no-bots`` to skip the bot measurement, ``--bots`` for bots only).
Prints human-readable figures; takes about a minute on one core.

Times are CPU time of this process (``time.process_time``): hands per CPU-second
on one core, so that other work on the machine does not skew the figures much.

* hands/s: full random hands (deal, auction, kitty, every trick, score) through
  the public string API (``legal_actions()`` + ``apply(str)``), and through the
  int fast path (``legal_codes()`` + ``apply_code()``), per variant;
* hands/s per player count (2 to 6, RULES.md 4b) through the string API, each
  preset at each count, and the ratio to the same preset's four-handed figure
  (median of 5 runs, 3 with ``--quick``; each run plays every count's hands in
  ten slices taken in turn, and the ratio is the median of the runs' own ratios);
* µs per ``legal_actions()`` call on positions from random hands (cache cleared);
* bots: a bot pair against a random-legal pair over seeded hands (the bots sit
  NS on even seeds, EW on odd ones): score margin per hand, share of contracts
  made by each side, and the time per bot decision (mean, worst);
* bots per player count: bots hold one side (a team, or one player when each
  plays alone; the side turns with the seed) against random-legal players over
  2,000 seeded hands per count: the bots' points per hand minus the mean of the
  other sides', and the share of contracts made when bots declare and when
  random players do.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.engine import VARIANTS, get_variant, new_hand, replay  # noqa: E402
from games.engine.bots import choose_action  # noqa: E402

COUNTS = (2, 3, 4, 5, 6)
# the rules each count is played with in the bot measurement
BOT_COUNTS = [
    ("australian", {"players": 2}),
    ("australian", {"players": 3}),
    ("quebec", {}),
    ("quebec", {"players": 5}),
    ("quebec", {"players": 6}),
    ("quebec", {"players": 6, "teams": "3x2"}),
    ("quebec", {"breach": True, "auction": "pass_final"}),
    ("australian", {"set_rule": True}),
]


def random_hands_strings(variant, n: int, options=None) -> float:
    return n / string_api_seconds(get_variant(variant, options), range(n), random.Random(1))


def string_api_seconds(v, seeds, rng: random.Random) -> float:
    """CPU seconds to play the hands of ``seeds`` at random through the string API."""
    rand = rng.random
    start = time.process_time()
    for seed in seeds:
        hand = new_hand(v, seed % v.n, seed)
        while not hand.is_done:
            legal = hand.legal_actions()
            hand.apply(legal[int(rand() * len(legal))])
        hand.result()
    return time.process_time() - start


def random_hands_ints(variant, n: int) -> float:
    v = get_variant(variant)
    rng = random.Random(1)
    rand = rng.random
    start = time.process_time()
    for seed in range(n):
        hand = new_hand(v, seed & 3, seed)
        while not hand.is_done:
            legal = hand.legal_codes()
            hand.apply_code(legal[int(rand() * len(legal))])
        hand.result()
    return n / (time.process_time() - start)


def legal_actions_us(variant, n_hands: int) -> tuple[float, int]:
    rng = random.Random(2)
    states = []
    for seed in range(n_hands):
        hand = new_hand(variant, seed & 3, seed)
        while not hand.is_done:
            states.append(hand)
            legal = hand.legal_actions()
            hand = _copy_after(hand, rng.choice(legal))
    calls = 0
    start = time.process_time()
    for _ in range(3):
        for hand in states:
            hand._legal = None
            hand.legal_actions()
            calls += 1
    return (time.process_time() - start) / calls * 1e6, calls


def _copy_after(hand, action):
    rec = hand.to_record()
    nxt = replay(rec)
    nxt.apply(action)
    return nxt


def bots_vs_random(variant, n: int) -> dict:
    margin = []
    made = {"bots": [0, 0], "random": [0, 0]}
    times = []
    for seed in range(n):
        rng = random.Random(seed)
        hand = new_hand(variant, seed & 3, seed)
        bots = ("N", "S") if seed % 2 == 0 else ("E", "W")
        bot_team = "NS" if seed % 2 == 0 else "EW"
        other = "EW" if bot_team == "NS" else "NS"
        while not hand.is_done:
            seat = hand.to_act
            if seat in bots:
                t = time.process_time()
                action = choose_action(hand, seat, rng)
                times.append(time.process_time() - t)
            else:
                action = rng.choice(hand.legal_actions())
            hand.apply(action)
        r = hand.result()
        margin.append(r.score[bot_team] - r.score[other])
        if not r.redeal:
            side = "bots" if r.declarer in bots else "random"
            made[side][0] += r.made
            made[side][1] += 1
    return {
        "margin": statistics.mean(margin),
        "made": made,
        "ms_mean": statistics.mean(times) * 1000,
        "ms_max": max(times) * 1000,
        "decisions": len(times),
    }


def bots_vs_random_count(variant, options, n: int, passing: bool = False) -> dict:
    """Bots hold one side (turning with the seed) against random-legal players
    (``passing``: random players who always pass in the auction, so that the
    bots declare whenever they bid)."""
    v = get_variant(variant, options)
    sides = dict(zip(v.team_names, ([v.seats[i] for i in t] for t in v.teams)))
    names = list(sides)
    margin = []
    made = {"bots": [0, 0], "random": [0, 0]}
    times = []
    for seed in range(n):
        rng = random.Random(seed)
        bot_side = names[seed % len(names)]
        bots = set(sides[bot_side])
        hand = new_hand(v, (seed // len(names)) % v.n, seed)
        while not hand.is_done:
            seat = hand.to_act
            if seat in bots:
                t = time.process_time()
                action = choose_action(hand, seat, rng)
                times.append(time.process_time() - t)
            else:
                legal = hand.legal_actions()
                if passing and hand.phase == "auction" and "pass" in legal:
                    action = "pass"
                else:
                    action = rng.choice(legal)
            hand.apply(action)
        r = hand.result()
        others = [r.score[s] for s in names if s != bot_side]
        margin.append(r.score[bot_side] - sum(others) / len(others))
        if not r.redeal:
            side = "bots" if r.declarer in bots else "random"
            made[side][0] += r.made
            made[side][1] += 1
    return {
        "margin": statistics.mean(margin),
        "made": made,
        "ms_mean": statistics.mean(times) * 1000,
        "ms_max": max(times) * 1000,
    }


def speed_per_count(n: int, runs: int = 5, slices: int = 10) -> None:
    """Random full hands/s per player count, each preset, median of ``runs``.

    Each run plays its ``n`` hands per count in ``slices`` slices, every count's
    slice in turn, so a burst of load on the machine falls on all counts alike
    rather than on the one measured at that moment; the ratio is the median of
    the runs' own ratios to the four-handed figure of the same run."""
    print(
        f"\nRandom full hands per second per player count (string API; {n} hands,"
        f" median of {runs} runs; ratio to the preset's four-handed figure in the"
        " same run, median; target >= 0.75)"
    )
    print(f"{'variant':16} " + " ".join(f"{f'{c} players':>17}" for c in COUNTS))
    for name in VARIANTS:
        samples: dict[int, list[float]] = {c: [] for c in COUNTS}
        rules = {c: get_variant(name, {"players": c} if c != 4 else None) for c in COUNTS}
        size = -(-n // slices)
        for _ in range(runs):
            rngs = {c: random.Random(1) for c in COUNTS}
            spent = dict.fromkeys(COUNTS, 0.0)
            for start in range(0, n, size):
                seeds = range(start, min(n, start + size))
                for players in COUNTS:
                    spent[players] += string_api_seconds(rules[players], seeds, rngs[players])
            for players in COUNTS:
                samples[players].append(n / spent[players])
        cells = []
        for c in COUNTS:
            ratio = statistics.median(a / b for a, b in zip(samples[c], samples[4]))
            cells.append(f"{statistics.median(samples[c]):8,.0f}/s {ratio:5.2f}x")
        print(f"{name:16} " + " ".join(f"{cell:>17}" for cell in cells))


def bots_per_count(n: int) -> None:
    print(
        f"\nBots holding one side vs random-legal players ({n} seeded hands per"
        " count; margin: the bots' points per hand minus the other sides' mean)"
    )
    for variant, options in BOT_COUNTS:
        r = bots_vs_random_count(variant, options, n)
        p = bots_vs_random_count(variant, options, n // 2, passing=True)
        label = f"{variant} {options or ''}".strip()
        print(
            f"{label:50} margin {r['margin']:+6.1f} | made: bots"
            f" {pct(*r['made']['bots'])}, random {pct(*r['made']['random'])}"
            f" | vs passing random: margin {p['margin']:+6.1f}, bots make"
            f" {pct(*p['made']['bots'])} | decision {r['ms_mean']:.3f} ms mean,"
            f" {r['ms_max']:.1f} ms max"
        )


def bots_vs_passive(variant, n: int) -> tuple[int, int]:
    """Bots declare against random card play that always passes: contracts made."""
    made = [0, 0]
    for seed in range(n):
        rng = random.Random(seed)
        hand = new_hand(variant, seed & 3, seed)
        bots = ("N", "S") if seed % 2 == 0 else ("E", "W")
        while not hand.is_done:
            seat = hand.to_act
            if seat in bots:
                action = choose_action(hand, seat, rng)
            else:
                legal = hand.legal_actions()
                action = "pass" if "pass" in legal else rng.choice(legal)
            hand.apply(action)
        r = hand.result()
        if not r.redeal:
            made[0] += r.made
            made[1] += 1
    return made[0], made[1]


def pct(a: int, b: int) -> str:
    return f"{100 * a / b:5.1f}% of {b}" if b else "  n/a"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer hands")
    parser.add_argument("--bots", action="store_true", help="only the bot measurement")
    parser.add_argument("--no-bots", action="store_true", help="skip the bot measurement")
    args = parser.parse_args()
    n_speed = 1000 if args.quick else 5000
    n_bots = 200 if args.quick else 2000
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"Python {sys.version.split()[0]}, one core, {os.cpu_count()} CPUs,"
        f" load average {load:.2f} (figures drop when other work shares the CPU)"
    )
    if not args.bots:
        print(
            f"\nRandom full hands per second ({n_speed} hands per variant;"
            " four-handed target about 7,000 on a quiet core, string API)"
        )
        print(f"{'variant':16} {'string API':>12} {'int fast path':>14} {'legal_actions':>14}")
        for name in VARIANTS:
            s = random_hands_strings(name, n_speed)
            i = random_hands_ints(name, n_speed)
            us, _ = legal_actions_us(name, 40 if args.quick else 150)
            print(f"{name:16} {s:10,.0f}/s {i:12,.0f}/s {us:11.2f} µs")
        speed_per_count(n_speed // 5, 3 if args.quick else 5)
    if not args.no_bots:
        print(f"\nBot pair vs random-legal pair ({n_bots} seeded hands per variant)")
        for name in VARIANTS:
            r = bots_vs_random(name, n_bots)
            pm, pn = bots_vs_passive(name, n_bots // 4)
            print(
                f"{name:16} margin {r['margin']:+7.1f} pts/hand |"
                f" made: bots {pct(*r['made']['bots'])},"
                f" random {pct(*r['made']['random'])} | vs passing random: bots make {pct(pm, pn)}"
                f" | decision {r['ms_mean']:.3f} ms mean, {r['ms_max']:.1f} ms max"
            )
        bots_per_count(n_bots)


if __name__ == "__main__":
    main()
