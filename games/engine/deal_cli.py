"""``python -m games.engine deal --variant V --seed SEED --boards FIRST-LAST``
(docs/duplicate.md): one JSON board a line (``boards.deal_boards``).

``--boards`` takes a range ``3-7`` or one board number; ``--options`` a JSON object of
option overrides, as in a hand record. Exit status: 0 the boards printed; 2 anything
wrong (unknown variant or option, a variant that is not four-handed 500, a bad seed or
range, a misused command), with a message on standard error and nothing on standard
output. Never prints a traceback for bad input.
"""

from __future__ import annotations

import json
import re
from typing import Any, TextIO

from .boards import board_variant, boards_jsonl, deal_boards
from .errors import EngineError

USAGE = (
    "usage: python -m games.engine deal --variant V --seed SEED --boards FIRST-LAST"
    " [--options JSON]   (--boards N: one board)"
)
PROG = "games.engine deal"
FLAGS = ("--variant", "--seed", "--boards", "--options")
#: Names that mean the other game: boards are dealt for 500 only.
FOUR_FIFTY_NAMES = ("450", "four_fifty", "four-fifty")
_RANGE = re.compile(r"(\d{1,4})(?:-(\d{1,4}))?")


class UsageError(ValueError):
    """The command line is not understood."""


def parse_args(args: list[str]) -> dict[str, str]:
    """``{"--variant": ..., "--seed": ..., "--boards": ..., "--options": ...}`` (each flag
    once; ``--flag value`` or ``--flag=value``); UsageError otherwise."""
    got: dict[str, str] = {}
    k = 0
    while k < len(args):
        flag, eq, value = args[k].partition("=")
        if flag not in FLAGS:
            raise UsageError(f"unknown argument {args[k]!r}")
        if not eq:
            if k + 1 >= len(args):
                raise UsageError(f"{flag} needs a value")
            k += 1
            value = args[k]
        if flag in got:
            raise UsageError(f"{flag} given twice")
        got[flag] = value
        k += 1
    missing = [f for f in FLAGS[:3] if f not in got]
    if missing:
        raise UsageError(f"missing {', '.join(missing)}")
    return got


def parse_range(text: str) -> tuple[int, int]:
    """``"3-7"`` -> (3, 7); ``"5"`` -> (5, 5); UsageError otherwise (the numbers' range
    is checked by ``deal_boards``)."""
    match = _RANGE.fullmatch(text.strip())
    if not match:
        raise UsageError(f"--boards takes FIRST-LAST or one board number, not {text!r}")
    first = int(match.group(1))
    return first, int(match.group(2) or first)


def parse_options(text: str | None) -> dict[str, Any] | None:
    """The ``--options`` JSON object; UsageError when it is not one."""
    if text is None:
        return None
    try:
        options = json.loads(text)
    except (ValueError, RecursionError):
        options = None
    if not isinstance(options, dict):
        raise UsageError(f"--options takes a JSON object, not {text!r}")
    return options


def deal_main(args: list[str], out: TextIO, err: TextIO) -> int:
    """Print the boards asked for in ``args``; return the exit status."""
    try:
        got = parse_args(args)
        first, last = parse_range(got["--boards"])
        name = got["--variant"]
        if name.lower() in FOUR_FIFTY_NAMES:
            raise UsageError("boards are dealt for 500 only, not for 450")
        variant = board_variant(name, parse_options(got.get("--options")))
        boards = deal_boards(variant, got["--seed"], first, last)
    except UsageError as e:
        print(f"{PROG}: {e}\n{USAGE}", file=err)
        return 2
    except EngineError as e:
        print(f"{PROG}: {e}", file=err)
        return 2
    out.write(boards_jsonl(boards))
    return 0
