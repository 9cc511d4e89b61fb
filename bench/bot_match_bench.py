"""Bot levels in a duplicate match: a searching level against "Débutant" or "Club".

Run from the repository root: ``python bench/bot_match_bench.py`` (``--quick``: 3 deals;
``--deals N``, ``--level club|fort``, ``--players 4``, ``--search calls|cards|both``,
``--against debutant|club``). Quebec rules.

Each deal (seeded) is played twice: first the level's bots hold the first team's seats
(North-South at four players) and today's rule-of-thumb bots the others, then the
seats are swapped. Where each plays for himself (three and five players), the deal is
played once with the rule of thumb in every seat, then once per seat with the level's
bot there alone. ``--against club`` puts "Club" in the others' seats instead, at its
own budget: Fort against Club directly. The searching bots search their calls (the
auction, the breach round, the partner call), their card play, their claims and their
answers to claims (``games.engine.search_bot``; ``--search calls`` or ``cards`` keeps
the other to the rule of thumb, to measure one alone); the discards are the rule of
thumb's. ``--samples N`` and ``--seconds S`` replace the level's budget (``--seconds
0``: no clock, the figures then do not depend on the machine's load). A deal's gain
for the level: what its side scored with each hand, minus the other sides' mean,
against the same for the opponents' level with the same hand (by seat: the seat's
margin with the level there against the same seat's with the rule of thumb, averaged
over the seats; contracts are counted in the level's seat and, for the rule of
thumb, in the play where it holds every seat). Prints the mean gain per deal with its
95% confidence interval (normal, over the deals), the median, the contracts each level
declared and made, and the time per decision of the level (median, p95, max), each
decision within the level's budget (``games.kinds.LEVEL_BUDGETS``). Issue 31 asks for
1,000 deals at four players.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench._match import arguments, budget_of, interval, print_times  # noqa: E402
from games.engine import get_variant, new_hand  # noqa: E402
from games.engine.bots import choose_action  # noqa: E402
from games.engine.search_bot import (  # noqa: E402
    choose_searched,
    searches,
    searches_calls,
    searches_cards,
)
from games.kinds import BEGINNER, LEVEL_BUDGETS  # noqa: E402


def play(
    v, seed: int, level_seats: set[str], budgets, search: str, tally, count=("level", "others")
) -> dict[str, int]:
    """One play of deal ``seed``: the level's bots in ``level_seats``, the opponents'
    in the others; ``budgets``: (the level's, the opponents' or None for the rule of
    thumb). The score per side. ``tally``: the level's decision times, and the
    contract declared if by a side named in ``count``, added to."""
    h = new_hand(v, dealer=v.seats[seed % len(v.seats)], seed=seed)
    wanted = {"calls": searches_calls, "cards": searches_cards}.get(search, searches)
    step = 0
    while not h.is_done:
        seat = h.to_act
        rng = random.Random(f"{seed}:{step}")
        mine = seat in level_seats
        budget = budgets[0] if mine else budgets[1]
        if budget is not None and wanted(h):
            t0 = time.perf_counter()
            action = choose_searched(
                h,
                seat,
                rng,
                samples=budget.samples,
                max_seconds=budget.seconds,
                max_nodes=budget.nodes,
            )
            if mine:
                tally["times"].append(time.perf_counter() - t0)
        else:
            action = choose_action(h, seat, rng)
        h.apply(action)
        step += 1
    result = h.result()
    if result.declarer:
        who = "level" if result.declarer in level_seats else "others"
        if who in count:
            tally[who][0] += 1
            tally[who][1] += bool(result.made)
    return result.score


def main(argv: list[str]) -> int:
    ap = arguments(__doc__.splitlines()[0], default_deals=12)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--search", choices=("both", "calls", "cards"), default="both")
    ap.add_argument(
        "--against",
        choices=(BEGINNER, *sorted(LEVEL_BUDGETS)),
        default=BEGINNER,
        help="the opponents' level (default: the rule of thumb)",
    )
    args = ap.parse_args(argv)
    deals = args.deals or (3 if args.quick else 12)
    budgets = (budget_of(args), LEVEL_BUDGETS.get(args.against))
    budget = budgets[0]
    against = "the rule of thumb" if budgets[1] is None else args.against
    v = get_variant("quebec", {"players": args.players})
    by_seat = len(v.teams) > 2  # each for himself: no side to swap
    print(
        f"{args.level} ({budget.samples} samples, {budget.seconds} s; searching "
        f"{args.search}) against {against}, quebec, {args.players} players, "
        f"{deals} deals, {'one seat at a time' if by_seat else 'seats swapped'}"
    )
    gains: list[float] = []
    tally = {"times": [], "level": [0, 0], "others": [0, 0]}
    for seed in range(args.first, args.first + deals):
        if by_seat:
            gain = _by_seat(v, seed, budgets, args.search, tally)
        else:
            gain = _swapped(v, seed, budgets, args.search, tally)
        gains.append(gain)
        if not args.quiet:
            print(f"deal {seed:4d}: {gain:+7.1f}", flush=True)
    print(
        f"points per deal for {args.level}: {interval(gains)}, "
        f"median {statistics.median(gains):+.1f} over {deals} deals"
    )
    for who, name in (("level", args.level), ("others", args.against)):
        bid, made = tally[who]
        rate = f"{100 * made / bid:.0f}%" if bid else "n/a"
        print(f"contracts declared by {name}: {bid}, made {made} ({rate})")
    print_times(tally["times"])
    return 0


def _swapped(v, seed: int, budgets, search: str, tally) -> float:
    """The level's gain on deal ``seed`` between two sides: the first side's margin
    with the level holding it, minus its margin with the level holding the others."""
    first = {v.seats[i] for i in v.teams[0]}
    a = play(v, seed, first, budgets, search, tally)
    b = play(v, seed, set(v.seats) - first, budgets, search, tally)
    mine = v.team_names[0]
    return _margin(a, mine) - _margin(b, mine)


def _by_seat(v, seed: int, budgets, search: str, tally) -> float:
    """The level's gain on deal ``seed`` where each plays for himself (three and five
    players): the deal played once with the opponents' level in every seat, then
    once per seat with the level there alone; the seat's margin against its margin
    in the first play, averaged over the seats. Swapping "sides" would set one seat
    against the level in all the others, whose choices between themselves (a
    five-handed declarer going alone rather than giving a partner the contract's
    points) move that seat's margin as much as its own play does."""
    base = play(v, seed, set(), budgets, search, tally, count=("others",))
    gains = []
    for seat in v.seats:
        score = play(v, seed, {seat}, budgets, search, tally, count=("level",))
        gains.append(_margin(score, seat) - _margin(base, seat))
    return statistics.mean(gains)


def _margin(score: dict[str, int], mine: str) -> float:
    """Side ``mine``'s score minus the other sides' mean."""
    return score[mine] - statistics.mean(p for n, p in score.items() if n != mine)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
