"""Plain value types of the 450 table draw: tables, rounds, reports, the error.

Nothing here imports Django (a test checks it). Player ids are ints or strings. A
table is a tuple of player ids in seat order, clockwise: seat 1 (``P1``, the table's
secretary, who keeps the sheet), seat 2 (``P2``, who deals the first round of the
game), seat 3 (``P3``, who leads it), and so on.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence, Union

from tournaments.seating.types import (
    SeatingError,
    player_key,  # noqa: F401  (re-exported: ids' order)
)

PlayerId = Union[int, str]

MIN_TABLE = 3
MAX_TABLE = 6
#: The director's "as even as possible": no fixed size, tables as equal as can be.
EVEN = 0
SIZES = (EVEN, 3, 4, 5, 6)


#: A problem the director can fix (too few players, a bad size ...): the 500 draw's
#: error class, so one handler serves both draws. ``code`` is stable (translation).
TablesError = SeatingError


def seat_name(k: int) -> str:
    """The engine's seat name of the k-th seat (0-based): P1 .. P6."""
    return f"P{k + 1}"


#: Every seat a table can have, in order: P1 .. P6.
SEATS = tuple(seat_name(k) for k in range(MAX_TABLE))


@dataclass(frozen=True)
class Round:
    """One game's tables (player ids in seat order) and the players left out."""

    tables: tuple[tuple[PlayerId, ...], ...]
    byes: tuple[PlayerId, ...] = ()

    def __init__(self, tables: Sequence[Sequence[PlayerId]] = (), byes: Sequence[PlayerId] = ()):
        object.__setattr__(self, "tables", tuple(tuple(t) for t in tables))
        object.__setattr__(self, "byes", tuple(byes))

    def players(self) -> list[PlayerId]:
        return [p for t in self.tables for p in t] + list(self.byes)

    def sizes(self) -> tuple[int, ...]:
        return tuple(len(t) for t in self.tables)

    def to_dict(self) -> dict[str, Any]:
        return {"tables": [list(t) for t in self.tables], "byes": list(self.byes)}


def as_round(obj: Any) -> Round:
    """Accept a Round, a TablesDraw, or a mapping {"tables": [...], "byes": [...]};
    a table may also be a mapping seat name -> player (``{"P1": 7, "P2": 3}``)."""
    if isinstance(obj, Round):
        return obj
    if isinstance(obj, Mapping):
        tables, byes = obj.get("tables", ()), obj.get("byes", ())
    elif hasattr(obj, "tables"):
        tables, byes = obj.tables, getattr(obj, "byes", ())
    else:
        raise TablesError("bad_round", f"Not a round: {obj!r}")
    out = []
    for t in tables:
        if isinstance(t, Mapping):
            t = [t[k] for k in sorted(t, key=lambda s: int(str(s).lstrip("P") or 0))]
        out.append(tuple(t))
    return Round(out, byes)


@dataclass(frozen=True)
class Repeat:
    """Two players at one table again: ``times`` meetings so far, in ``rounds``."""

    a: PlayerId
    b: PlayerId
    times: int
    rounds: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"a": self.a, "b": self.b, "times": self.times, "rounds": list(self.rounds)}


@dataclass(frozen=True)
class Report:
    """What a schedule repeats. ``repeats``: the pairs that met more than once (in the
    whole schedule, or only those meeting again in ``only_round``); ``repeat_count``:
    meetings past each pair's first (the quantity the draw minimises); ``problems``:
    tables outside 3..6 players, players twice in a round; ``seat_spread``: over players,
    most-used minus least-used seat number; ``secretary_spread``: most minus fewest
    times at seat 1."""

    repeats: tuple[Repeat, ...]
    repeat_count: int
    problems: tuple[str, ...]
    seat_spread: int
    secretary_spread: int
    rounds: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "repeats": [r.to_dict() for r in self.repeats],
            "repeat_count": self.repeat_count,
            "problems": list(self.problems),
            "seat_spread": self.seat_spread,
            "secretary_spread": self.secretary_spread,
            "rounds": self.rounds,
        }


@dataclass(frozen=True)
class TablesDraw:
    """One game's draw. ``plan``: the later games as planned now (a hint for the next
    draw); ``report``: what this game repeats; ``schedule``: the whole schedule's."""

    tables: tuple[tuple[PlayerId, ...], ...]
    byes: tuple[PlayerId, ...]
    sizes: tuple[int, ...]
    report: Report
    schedule: Report
    plan: tuple[Round, ...] = field(default=())
    seed: int = 0
    game_number: int = 1

    def as_round(self) -> Round:
        return Round(self.tables, self.byes)

    def to_dict(self) -> dict[str, Any]:
        return {
            "tables": [list(t) for t in self.tables],
            "byes": list(self.byes),
            "sizes": list(self.sizes),
            "report": self.report.to_dict(),
            "seed": self.seed,
            "game_number": self.game_number,
        }
