"""python -m tournaments.seating --players N --rounds R [--pairs] [--seed S]

Prints the planned schedule (every round, planned together at round 1: a relabelled
library movement up to 64 players and 10 rounds, a round robin for pairs) as JSON:
{"rounds": [{"tables": [{"N": 1, "E": 2, "S": 3, "W": 4}, ...], "byes": [...]}, ...]}
With --pairs, N counts pairs and a table is {"NS": 1, "EW": 2}. Bad arguments: one line
on stderr, exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys

from .draw import schedule
from .types import SeatingError

MAX_PLAYERS = 1000
MAX_ROUNDS = 100


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, no usage dump
        sys.stderr.write(f"seating: {message}\n")
        raise SystemExit(2)


def _int(text: str) -> int:
    try:
        return int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None


def main(argv: list[str] | None = None) -> int:
    parser = _Parser(
        prog="python -m tournaments.seating", description="Print a seating schedule as JSON."
    )
    parser.add_argument(
        "--players", type=_int, required=True, help="number of players (pairs with --pairs)"
    )
    parser.add_argument("--rounds", type=_int, required=True, help="number of rounds")
    parser.add_argument("--pairs", action="store_true", help="fixed-partner pairs format")
    parser.add_argument("--seed", type=_int, default=0, help="random seed (default 0)")
    args = parser.parse_args(argv)
    need = 2 if args.pairs else 4
    what = "pairs" if args.pairs else "players"
    if args.players < need:
        parser.error(f"--players: at least {need} {what} are needed, got {args.players}")
    if args.players > MAX_PLAYERS:
        parser.error(f"--players: at most {MAX_PLAYERS}, got {args.players}")
    if args.rounds < 1:
        parser.error(f"--rounds: at least 1, got {args.rounds}")
    if args.rounds > MAX_ROUNDS:
        parser.error(f"--rounds: at most {MAX_ROUNDS}, got {args.rounds}")
    try:
        draws = schedule(args.players, args.rounds, pairs=args.pairs, seed=args.seed)
    except SeatingError as err:
        parser.error(str(err))
    out = {"rounds": [d.to_dict() for d in draws]}
    sys.stdout.write(json.dumps(out) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
