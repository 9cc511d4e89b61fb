"""Bot legality: seeded hands played by one level's bots in every seat, every action
checked against the engine's legal actions before it is applied; per level and player
count, the contracts declared and made, and those that could not be made at all.

Run from the repository root: ``python bench/bot_legality_bench.py`` (``--hands N``,
``--search-hands N``, ``--players 2,3,4,5,6``, ``--levels debutant,fort``,
``--variant quebec``, ``--processes N``; ``--quick``; ``--help``). About 4 minutes on
two cores with the defaults (``--quick``: 10 s).

For each level and player count it prints:

* hands played, actions taken, **illegal actions** (an action not among the engine's
  legal ones, a claim where the rules allow none: counted, then replaced by the rule of
  thumb's so the hand goes on) and **engine errors** (an action the engine refused):
  issue 31 asks 0 of each; the claims made, and how they ended (certain at once,
  accepted, refused);
* contracts declared and the share made, by size (6 to 10 tricks, misère, open
  misère);
* **impossible contracts**: declared, yet not makeable even with every card in view,
  as the open-hand solver proves at the first card played (``solver.makes`` within
  ``--check-nodes``; those it cannot settle within that budget are counted apart).
  A sound bid can meet a layout that beats it, so this counts the contracts that
  failed before a card was played, layout included: the figure to watch is the
  rate among the bids of ten tricks, which only the cards held should justify.

"Débutant" plays ``--hands`` hands per count (issue 31 asks 10,000); the searching
levels ``--search-hands`` each, with a fixed budget instead of their clock
(``--samples`` deals a decision, ``--nodes`` a solve, no time limit: the actions then
depend on the seed alone, and the legality of a search's answer does not depend on
how many deals it weighed). "Club" and "Fort" are one search with two budgets, so
with the same fixed budget they play alike: the default plays "Fort" alone
(``--levels debutant,club,fort`` for both). Contracts bid and made at the levels' own
budgets are counted by ``bot_match_bench.py``.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from games.engine import claims, get_variant, makes, new_hand, position_from_hand  # noqa: E402
from games.engine.actions import BID0, CLAIM, MIS, OMIS  # noqa: E402
from games.engine.bots import choose_action  # noqa: E402
from games.engine.hand import Phase  # noqa: E402
from games.engine.search_bot import choose_searched, searches  # noqa: E402
from games.kinds import BEGINNER, LEVEL_BUDGETS, Budget  # noqa: E402

SIZES = ("6", "7", "8", "9", "10", "mis", "omis")


def contract_size(contract: int) -> str:
    """The size of a contract (action code) as ``SIZES`` names it."""
    if contract == MIS:
        return "mis"
    if contract == OMIS:
        return "omis"
    return str((contract - BID0) // 5 + 6)


def play_hand(variant, seed: int, level: str, budget: Budget | None, check_nodes: int) -> dict:
    """One seeded hand, every seat played by ``level``'s bots (``budget``: a searching
    level's fixed budget): its counts."""
    h = new_hand(variant, dealer=variant.seats[seed % len(variant.seats)], seed=seed)
    out = Counter()
    verdict = None  # of the contract, at the first card played
    step = 0
    while not h.is_done:
        seat = h.to_act
        rng = random.Random(f"{seed}:{step}")
        legal = h.legal_actions()
        if h.phase is Phase.PLAY and claims.refusal_error(h, CLAIM) is None:
            legal.append("claim")
        if verdict is None and h.phase is Phase.PLAY and not h.tricks and not h.trick:
            if not any(a.startswith("name:") for a in legal):
                target = (h.contract - BID0) // 5 + 6 if h.contract < MIS else 0
                verdict = _verdict(makes(position_from_hand(h), target, max_nodes=check_nodes))
        if budget is not None and searches(h):
            action = choose_searched(
                h,
                seat,
                rng,
                samples=budget.samples,
                max_seconds=None,
                max_nodes=budget.nodes,
            )
        else:
            action = choose_action(h, seat, rng)
        out["actions"] += 1
        if action not in legal:
            out["illegal"] += 1
            print(f"   ILLEGAL: {level}, seed {seed}, {seat} chose {action!r}", flush=True)
            action = choose_action(h, seat, rng)
        try:
            h.apply(action)
        except Exception as error:  # the engine refused it: counted, the hand abandoned
            out["errors"] += 1
            print(f"   ENGINE ERROR: {level}, seed {seed}, {seat} {action!r}: {error}", flush=True)
            break
        if action == "claim":
            out["claims"] += 1
        if (
            h.claim_info is not None
            and h.claim_info["outcome"] != "pending"
            and action
            in (
                "claim",
                "accept",
                "refuse",
            )
        ):
            out[f"claim {h.claim_info['outcome']}"] += 1
        step += 1
    out["hands"] += 1
    if h.is_done and h.declarer >= 0 and h.contract >= BID0:
        size = contract_size(h.contract)
        made = bool(h.result().made)
        out[f"bid {size}"] += 1
        out[f"made {size}"] += made
        if verdict is not None:
            out[verdict] += 1
            out[f"{verdict} {size}"] += 1
    return out


def _verdict(can: bool | None) -> str:
    return {True: "makeable", False: "impossible", None: "unsettled"}[can]


def run(job: tuple) -> tuple[str, int, Counter, float]:
    """One worker's share: (level, players, first seed, hands, budget, check_nodes,
    variant name) -> (level, players, counts, CPU seconds)."""
    level, players, first, hands, budget, check_nodes, variant_name = job
    variant = get_variant(variant_name, {"players": players})
    total = Counter()
    t0 = time.process_time()
    for seed in range(first, first + hands):
        total.update(play_hand(variant, seed, level, budget, check_nodes))
    return level, players, total, time.process_time() - t0


def report(level: str, players: int, c: Counter, cpu: float, budget: Budget | None) -> None:
    how = "rules of thumb" if budget is None else f"{budget.samples} deals, {budget.nodes} nodes"
    print(
        f"{level} ({how}), {players} players: {c['hands']} hands, {c['actions']} actions, "
        f"illegal {c['illegal']}, engine errors {c['errors']} "
        f"({1000 * cpu / max(1, c['hands']):.1f} ms CPU a hand)"
    )
    if c["claims"]:
        print(
            f"   claims {c['claims']}: certain {c['claim certain']}, "
            f"accepted {c['claim accepted']}, refused {c['claim refused']}"
        )
    bids = sum(c[f"bid {s}"] for s in SIZES)
    made = sum(c[f"made {s}"] for s in SIZES)
    parts = [
        f"{s} {c[f'bid {s}']} ({100 * c[f'made {s}'] / c[f'bid {s}']:.0f}% made)"
        for s in SIZES
        if c[f"bid {s}"]
    ]
    print(
        f"   contracts {bids} in {c['hands']} hands ({100 * bids / max(1, c['hands']):.0f}%), "
        f"made {100 * made / max(1, bids):.0f}%: {', '.join(parts)}"
    )
    tens = c["bid 10"]
    print(
        f"   impossible with every card in view: {c['impossible']} of {bids} "
        f"({100 * c['impossible'] / max(1, bids):.1f}%; unsettled {c['unsettled']}); "
        f"of the {tens} ten-trick bids: {c['impossible 10']} (unsettled {c['unsettled 10']})"
    )


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="200 and 5 hands")
    ap.add_argument("--hands", type=int, default=None, help="Débutant's (default 10,000)")
    ap.add_argument("--search-hands", type=int, default=None, help="per searching level (50)")
    ap.add_argument("--players", default="2,3,4,5,6")
    ap.add_argument("--levels", default=f"{BEGINNER},fort")
    ap.add_argument("--variant", default="quebec")
    ap.add_argument("--first", type=int, default=1, help="the first hand's seed")
    ap.add_argument("--samples", type=int, default=2, help="searching levels' deals a decision")
    ap.add_argument("--nodes", type=int, default=2000, help="searching levels' nodes a solve")
    ap.add_argument("--check-nodes", type=int, default=5000, help="nodes to settle a contract")
    ap.add_argument("--processes", type=int, default=multiprocessing.cpu_count())
    args = ap.parse_args(argv)
    hands = args.hands or (200 if args.quick else 10_000)
    search_hands = args.search_hands or (5 if args.quick else 50)
    levels = [x for x in args.levels.split(",") if x]
    wrong = [x for x in levels if x != BEGINNER and x not in LEVEL_BUDGETS]
    if wrong:
        ap.error(f"--levels: unknown level {', '.join(wrong)}")
    try:
        counts = [int(x) for x in args.players.split(",")]
        for n in counts:
            get_variant(args.variant, {"players": n})
    except ValueError as error:
        ap.error(f"--players/--variant: {error}")
    jobs = []
    chunk = 500
    for level in levels:
        budget = None
        if level != BEGINNER:
            budget = Budget(args.samples, None, args.nodes)
        n = hands if budget is None else search_hands
        for players in counts:
            for first in range(args.first, args.first + n, chunk):
                size = min(chunk, args.first + n - first)
                jobs.append((level, players, first, size, budget, args.check_nodes, args.variant))
    plays = [f"{hands if level == BEGINNER else search_hands} for {level}" for level in levels]
    print(f"{args.variant}, hands a count: {', '.join(plays)}; {args.processes} processes")
    totals: dict[tuple[str, int], Counter] = {}
    cpu: Counter = Counter()
    t0 = time.monotonic()
    with multiprocessing.Pool(args.processes) as pool:
        for level, players, c, seconds in pool.imap_unordered(run, jobs):
            totals.setdefault((level, players), Counter()).update(c)
            cpu[(level, players)] += seconds
    for level in levels:
        budget = None if level == BEGINNER else Budget(args.samples, None, args.nodes)
        for players in counts:
            report(level, players, totals[(level, players)], cpu[(level, players)], budget)
    bad = sum(c["illegal"] + c["errors"] for c in totals.values())
    print(f"illegal actions and engine errors in all: {bad} ({time.monotonic() - t0:.0f} s)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
