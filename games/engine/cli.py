"""``python -m games.engine check [FILE ...]`` (docs/hand-records.md: 500 and 450) and
``python -m games.engine deal ...`` (docs/duplicate.md, ``deal_cli.py``).

``check`` reads records from files (``-`` or no file: standard input); a file holds one
JSON object, a JSON array of objects, or one object per line.  Prints one JSON
line per record (see ``records.check_record``).  Exit status: 0 every record
legal, 1 any illegal or malformed, 2 some input is not JSON at all.  Never
prints a traceback for bad input.
"""

from __future__ import annotations

import json
import sys
from typing import Any, TextIO

from .deal_cli import USAGE as DEAL_USAGE
from .deal_cli import deal_main
from .four_fifty import check_record as check_record_450
from .records import check_record

CHECK_USAGE = "usage: python -m games.engine check [FILE ...]   (- or nothing: standard input)"
USAGE = f"{CHECK_USAGE}\n{DEAL_USAGE}"


def parse_records(text: str) -> tuple[list[Any], str | None]:
    """Records in ``text`` (object, array, or JSON lines), or an error message."""
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):  # (json's own limit on nesting)
        pass
    else:
        return (value if isinstance(value, list) else [value]), None
    records = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            records.append(json.loads(line))
        except ValueError as e:
            return records, f"line {n}: not JSON ({e.msg})"
        except RecursionError:
            return records, f"line {n}: not JSON we can read (nested too deeply)"
    if not records:
        return [], "not JSON (empty input)"
    return records, None


def check_any(record: Any) -> dict[str, Any]:
    """One record's answer, by its format: 450 records (club450-*) or 500's."""
    fmt = record.get("format") if isinstance(record, dict) else None
    if isinstance(fmt, str) and fmt.startswith("club450-"):
        return check_record_450(record)
    return check_record(record)


def _emit(out: TextIO, obj: dict[str, Any]) -> None:
    out.write(json.dumps(obj, ensure_ascii=False) + "\n")


def check_main(paths: list[str], stdin: TextIO, out: TextIO) -> int:
    """Check every record in ``paths``; return the exit status."""
    status = 0
    for path in paths or ["-"]:
        if path == "-":
            name = "<stdin>"
            try:
                text = stdin.read()
            except UnicodeDecodeError as e:
                _emit(out, {"ok": False, "at": name, "error": f"cannot read: {e}"})
                status = 2
                continue
        else:
            try:
                with open(path, encoding="utf-8") as f:
                    text = f.read()
            except (OSError, UnicodeDecodeError) as e:
                _emit(
                    out,
                    {
                        "ok": False,
                        "at": path,
                        "error": f"cannot read: {getattr(e, 'strerror', None) or e}",
                    },
                )
                status = max(status, 2)
                continue
            name = path
        records, error = parse_records(text)
        for record in records:
            try:
                result = check_any(record)
            except Exception as e:  # a bug, not bad input: still no traceback
                result = {
                    "ok": False,
                    "at": "record",
                    "error": f"internal error: {e!r}",
                }
            if not result["ok"]:
                status = max(status, 1)
            _emit(out, result)
        if error:
            _emit(out, {"ok": False, "at": name, "error": error})
            status = 2
    return status


def main(argv: list[str] | None = None) -> int:
    """Entry point for ``python -m games.engine``."""
    args = sys.argv[1:] if argv is None else argv
    helping = any(a in ("-h", "--help") for a in args[1:])
    if args and args[0] == "deal" and not helping:
        return deal_main(args[1:], sys.stdout, sys.stderr)
    if not args or args[0] != "check" or helping:
        if args and args[0] == "deal":
            print(DEAL_USAGE)
            return 0
        print(USAGE, file=sys.stderr)
        return 0 if args and args[-1] in ("-h", "--help") else 2
    try:
        return check_main(args[1:], sys.stdin, sys.stdout)
    except KeyboardInterrupt:  # pragma: no cover
        return 130
