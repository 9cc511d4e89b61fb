"""Plain value types of duplicate scoring: the checked results file, the scores, the error.

Nothing here imports Django (a test checks it). Matchpoints and tops are exact
``Fraction`` values; a percentage is a ``Decimal`` rounded to 2 places (half up).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

#: The results file's format (DUPLICATE.md).
FORMAT = "club500-duplicate/1"
#: The two sides of a four-handed board, in output order.
SIDES = ("NS", "EW")
#: An adjusted side's share of the board's top.
ADJUSTED_SHARES = {"A+": Fraction(6, 10), "A": Fraction(5, 10), "A-": Fraction(4, 10)}


class DuplicateError(ValueError):
    """A results file that breaks a rule of ``club500-duplicate/1``.

    ``str(e)`` is one English line naming where the error lies (``board 3, table 2:
    ...``; the reason alone for an error of the whole file); ``code`` is stable;
    ``board`` and ``table`` are the numbers (None when not known or not relevant)."""

    def __init__(
        self, message: str, code: str, board: Any = None, table: Any = None, where: str = ""
    ) -> None:
        super().__init__(f"{where}: {message}" if where else message)
        self.reason = message
        self.code = code
        self.board = board
        self.table = table


@dataclass(frozen=True)
class Result:
    """One table's result on a board: ``score`` (side -> int) or ``adjusted`` (side ->
    ``A+``/``A``/``A-``), exactly one of the two; ``players`` (side -> player strings)."""

    table: int
    players: dict[str, tuple[str, ...]]
    score: dict[str, int] | None = None
    adjusted: dict[str, str] | None = None

    @property
    def delta(self) -> int:
        """NS's delta, ``score.NS - score.EW`` (scored results only)."""
        assert self.score is not None
        return self.score["NS"] - self.score["EW"]


@dataclass(frozen=True)
class Board:
    """A board's number and its results, in the file's order."""

    board: int
    results: tuple[Result, ...]


@dataclass(frozen=True)
class ResultScore:
    """A result's (scaled) matchpoints per side."""

    table: int
    matchpoints: dict[str, Fraction]

    def to_dict(self) -> dict[str, Any]:
        return {"table": self.table, **{s: float(self.matchpoints[s]) for s in SIDES}}


@dataclass(frozen=True)
class BoardScore:
    """A board's top (``2 (N - 1)``) and its results' matchpoints in table order."""

    board: int
    top: Fraction
    results: tuple[ResultScore, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "board": self.board,
            "top": float(self.top),
            "results": [r.to_dict() for r in self.results],
        }


@dataclass(frozen=True)
class PlayerLine:
    """A player's totals: matchpoints and top (exact), percent (2 places, half up),
    points (sum of their side's scores on scored boards), boards played, shared rank."""

    player: str
    matchpoints: Fraction
    top: Fraction
    percent: Decimal
    points: int
    boards: int
    rank: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "matchpoints": float(self.matchpoints),
            "top": float(self.top),
            "percent": float(self.percent),
            "points": self.points,
            "boards": self.boards,
            "rank": self.rank,
        }


@dataclass(frozen=True)
class Scores:
    """Everything ``score`` computes: boards in the file's order, players by rank."""

    boards: tuple[BoardScore, ...]
    players: tuple[PlayerLine, ...]
    #: N, the largest number of results of any board (0 for a file without results).
    most_results: int

    def player(self, name: str) -> PlayerLine:
        """The line of player ``name`` (KeyError if they played no board)."""
        for line in self.players:
            if line.player == name:
                return line
        raise KeyError(name)

    def to_dict(self) -> dict[str, Any]:
        """The JSON object ``python -m tournaments.duplicate score`` prints."""
        return {
            "boards": [b.to_dict() for b in self.boards],
            "players": [p.to_dict() for p in self.players],
        }
