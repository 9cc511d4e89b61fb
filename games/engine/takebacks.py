"""Take-backs in a hand record (both games): moves a live table took back.

A casual live table lets a player take back their last call or card before the next
player acts (``games.live.takeback``). The record keeps the hand as finally played;
the optional ``takebacks`` field notes what was taken back, in order::

    "takebacks": [{"seat": "E", "action": "KS", "at": "play[5]"}]

``at`` names where the move stood in the record (its list and index) when it was
taken back: the entry there now, if any, is the move played instead. The field
changes nothing of the hand's replay or score. ``check`` reads it (``read``);
``note`` writes it.
"""

from __future__ import annotations

import re
from typing import Any

from .errors import MalformedError

FIELD = "takebacks"
_AT = re.compile(r"^[a-z_]+(\[\d+\])?$")


def read(value: Any, seats: tuple[str, ...]) -> list[dict[str, str]]:
    """The ``takebacks`` field of a record, checked (MalformedError naming the entry)."""
    if not isinstance(value, list):
        raise MalformedError("takebacks must be a list", code="malformed", field=FIELD)
    out = []
    for i, entry in enumerate(value):
        where = f"{FIELD}[{i}]"
        if not isinstance(entry, dict) or set(entry) != {"seat", "action", "at"}:
            raise MalformedError(
                f"{where} must be an object of seat, action and at",
                code="malformed",
                field=where,
            )
        seat, action, at = entry["seat"], entry["action"], entry["at"]
        if seat not in seats:
            raise MalformedError(
                f"{where}.seat: unknown seat {seat!r}", code="unknown_seat", field=where
            )
        if not isinstance(action, str) or not action:
            raise MalformedError(f"{where}.action must be a move", code="malformed", field=where)
        if not isinstance(at, str) or not _AT.match(at):
            raise MalformedError(
                f"{where}.at must name a field, as play[5]", code="malformed", field=where
            )
        out.append({"seat": seat, "action": action, "at": at})
    return out


def note(record: dict[str, Any], hand: Any) -> dict[str, Any]:
    """``record`` with the hand's take-backs (``hand.takebacks``), if it has any."""
    taken = getattr(hand, FIELD, None)
    if taken:
        record[FIELD] = [dict(entry) for entry in taken]
    return record


def where(before: dict[str, Any], after: dict[str, Any]) -> str:
    """Where the move a take-back removed stood in the record ``before`` it (``after``:
    the record once taken back): the list that lost its last entry, and its index."""
    for key, value in before.items():
        if key == FIELD:
            continue
        rest = after.get(key)
        if isinstance(value, list) and len(value) > len(rest or []):
            return f"{key}[{len(rest or [])}]"
        if rest is None:
            return key
    return "record"
