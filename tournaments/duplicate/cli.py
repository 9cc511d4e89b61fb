"""``python -m tournaments.duplicate score FILE`` (docs/duplicate.md).

Reads one results file (``-``: standard input) and prints the scores as one JSON line.
Exit status: 0 scored; 1 the file breaks a rule of ``club500-duplicate/1`` (the message
names the board and table); 2 the command is misused, the file cannot be read, or it is
not JSON at all (as ``python -m games.engine check``). Errors go to standard error, with
nothing on standard output; never a traceback for bad input.
"""

from __future__ import annotations

import json
import sys
from typing import TextIO

from .score import score
from .types import DuplicateError

USAGE = "usage: python -m tournaments.duplicate score FILE   (- : standard input)"
PROG = "tournaments.duplicate"


def _read(path: str, stdin: TextIO) -> str:
    if path == "-":
        return stdin.read()
    with open(path, encoding="utf-8") as f:
        return f.read()


def score_main(path: str, stdin: TextIO, out: TextIO, err: TextIO) -> int:
    """Score the results file at ``path``; return the exit status."""
    name = "<stdin>" if path == "-" else path
    try:
        text = _read(path, stdin)
    except (OSError, UnicodeDecodeError) as e:
        print(f"{PROG}: {name}: cannot read: {getattr(e, 'strerror', None) or e}", file=err)
        return 2
    try:
        data = json.loads(text)
    except ValueError as e:
        detail = getattr(e, "msg", None) or str(e)
        print(f"{PROG}: {name}: not JSON ({detail})", file=err)
        return 2
    except RecursionError:  # json's own limit on nesting
        print(f"{PROG}: {name}: not JSON we can read (nested too deeply)", file=err)
        return 2
    try:
        scores = score(data)
    except DuplicateError as e:
        print(f"{PROG}: {name}: {e}", file=err)
        return 1
    out.write(json.dumps(scores, ensure_ascii=False) + "\n")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Entry point for ``python -m tournaments.duplicate``."""
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] == "score" and any(a in ("-h", "--help") for a in args[1:]):
        print(USAGE)
        return 0
    if args in (["-h"], ["--help"]):
        print(USAGE)
        return 0
    if len(args) != 2 or args[0] != "score":
        print(USAGE, file=sys.stderr)
        return 2
    try:
        return score_main(args[1], sys.stdin, sys.stdout, sys.stderr)
    except KeyboardInterrupt:  # pragma: no cover
        return 130
