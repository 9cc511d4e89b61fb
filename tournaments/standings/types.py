"""Plain value types of the standings: input rows, settings, results, the error.

Nothing here imports Django (a test checks it). A *competitor* is a player id in the
individual format and a pair id in the pairs format; ids are ints or strings (not bools).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Optional, Union

from .ranking import rank_places

CompetitorId = Union[int, str]

INDIVIDUAL = "individual"
PAIRS = "pairs"
FORMATS = (INDIVIDUAL, PAIRS)

#: Tie rules (a tournament setting). Only competitors with equal totals are compared.
TIE_SHARED = "shared"  # equal totals share the place: 1, 2, 2, 4
TIE_WINS = "wins"  # then more games won, then shared
TIE_HEAD_TO_HEAD = "head_to_head"  # pairs format: then points scored in direct meetings
TIE_BEST_GAME = "best_game"  # then the best single game total, then shared
TIE_RULES = (TIE_SHARED, TIE_WINS, TIE_HEAD_TO_HEAD, TIE_BEST_GAME)

#: Bye rules (a tournament setting).
BYE_AVERAGE = "average"  # the round's average competitor score, rounded half away from 0
BYE_FIXED = "fixed"  # a given number of points (``bye_points``)
BYE_ZERO = "zero"  # nothing
BYE_RULES = (BYE_AVERAGE, BYE_FIXED, BYE_ZERO)

MEDALS = ("gold", "silver", "bronze")  # for places 1, 2, 3

#: Season ranking modes.
SCORING_POINTS = "points"  # sum of tournament totals
SCORING_PLACES = "places"  # sum of points per place (``scale``)
SCORINGS = (SCORING_POINTS, SCORING_PLACES)
#: Default points for places 1..8 in a "places" season ranking; later places score 0.
DEFAULT_SCALE = (10, 8, 6, 5, 4, 3, 2, 1)


class StandingsError(ValueError):
    """Malformed input or an unknown setting: a bug in the caller or a setting to fix.

    ``code`` is stable (tests, logs, translation lookup); ``str(err)`` is English.
    """

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message

    def __str__(self) -> str:
        return self.message


def sort_key(c: CompetitorId) -> tuple[str, int]:
    """The stable order among competitors with the same place: ``str(id)``, then the id's
    type (an int before the string that prints the same). Only ever used to order
    competitors who share a place (or have none), so "10" before "2" is harmless."""
    return (str(c), 0 if isinstance(c, int) else 1)


def _side_tuple(v: Any) -> tuple:
    if isinstance(v, (str, int)):
        return (v,)  # a bare id is a one-competitor side (handy in the pairs format)
    return tuple(v)


# --- input rows -------------------------------------------------------------------------


@dataclass(frozen=True)
class GameResult:
    """One game (*partie*: the 8 hands played at one table in one round).

    ``round``: the round number (1, 2, ...), the same as the *partie* number.
    ``table``: the table number or label, unique within a round.
    ``sides``: side name -> the competitors that side credits. Individual format:
    ``{"NS": (a, c), "EW": (b, d)}`` (each player gets the side's total). Pairs format:
    ``{"NS": (pair_id,), "EW": (pair_id,)}`` (a bare id is accepted for a one-competitor
    side). Two sides is the usual case; any number >= 2 works (a side wins when its total
    is strictly higher than every other side's; sides sharing the highest total tie).
    ``totals``: side name -> that side's game total (the sum of its hand scores), an int.
    ``flags``: free-form facts about the game (``{"adjusted": True, "bot": False}``); they
    do not change the scores: each competitor's line counts the games where a flag was
    true (``StandingLine.flags``).

    Frozen; the mappings are copied on construction (so not hashable).
    """

    round: int
    table: Union[int, str]
    sides: Mapping[str, tuple]
    totals: Mapping[str, int]
    flags: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self):
        try:
            object.__setattr__(self, "sides", {k: _side_tuple(v) for k, v in self.sides.items()})
            object.__setattr__(self, "totals", dict(self.totals))
            object.__setattr__(self, "flags", dict(self.flags or {}))
        except (AttributeError, TypeError) as e:
            raise StandingsError(
                "bad_game",
                f"Game {self.round}/{self.table}: sides, totals and flags must be mappings ({e}).",
            ) from None

    def to_dict(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "table": self.table,
            "sides": {k: list(v) for k, v in self.sides.items()},
            "totals": dict(self.totals),
            "flags": dict(self.flags),
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "GameResult":
        return cls(
            round=d["round"],
            table=d["table"],
            sides=d["sides"],
            totals=d["totals"],
            flags=d.get("flags") or {},
        )


@dataclass(frozen=True)
class Bye:
    """A competitor who sat out round ``round``. Scored by the tournament's bye rule,
    unless ``points`` is given (a director's decision for this one bye)."""

    round: int
    competitor: CompetitorId
    points: Optional[int] = None

    def to_dict(self) -> dict[str, Any]:
        return {"round": self.round, "competitor": self.competitor, "points": self.points}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "Bye":
        return cls(round=d["round"], competitor=d["competitor"], points=d.get("points"))


# --- results ----------------------------------------------------------------------------


@dataclass(frozen=True)
class StandingLine:
    """One competitor's line in the standings.

    ``scores[i]`` is the score of round ``i + 1``: the game total, or the bye's points, or
    None (not played, no bye). ``cumulative[i]`` is the running total after round i + 1.
    ``places_after[i]`` / ``shared_after[i]``: the place (same tie rule) after round i + 1
    (the progression); ``tables[i]``: the table played at in round i + 1 (None for a bye or
    no game; ``Standings.round_ranking`` ranks a round's game totals). ``tiebreak``: the
    tie-break values used, only when this total was tied with another ranked competitor's
    (``{"wins": 5}``, ``{"best_game": 720}``, ``{"head_to_head": 1140}`` or
    ``{"head_to_head": None}`` when not applicable). ``flags``: flag name -> number of games
    where it was true. ``members``: the pair's players (pairs format, when given).
    ``place`` is None for a competitor outside ``eligible``; ``medal`` is set only in final
    standings.
    """

    competitor: CompetitorId
    place: Optional[int]
    shared: bool
    medal: Optional[str]
    total: int
    scores: tuple[Optional[int], ...]
    games: int
    byes: int
    wins: int
    losses: int
    ties: int
    tiebreak: Mapping[str, Optional[int]]
    cumulative: tuple[int, ...]
    places_after: tuple[Optional[int], ...]
    shared_after: tuple[bool, ...]
    tables: tuple[Optional[Union[int, str]], ...]
    flags: Mapping[str, int]
    eligible: bool
    members: tuple = ()

    @property
    def played(self) -> bool:
        """Took part at all (a game or a bye)."""
        return self.games + self.byes > 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "competitor": self.competitor,
            "place": self.place,
            "shared": self.shared,
            "medal": self.medal,
            "total": self.total,
            "scores": list(self.scores),
            "games": self.games,
            "byes": self.byes,
            "wins": self.wins,
            "losses": self.losses,
            "ties": self.ties,
            "tiebreak": dict(self.tiebreak),
            "cumulative": list(self.cumulative),
            "places_after": list(self.places_after),
            "shared_after": list(self.shared_after),
            "tables": list(self.tables),
            "flags": dict(self.flags),
            "eligible": self.eligible,
            "members": list(self.members),
        }


@dataclass(frozen=True)
class ProgressRow:
    """A competitor's standing after one round (``Standings.after(r)``)."""

    competitor: CompetitorId
    place: Optional[int]
    shared: bool
    total: int  # cumulative total after the round
    score: Optional[int]  # that round's score (game or bye), None if not played

    def to_dict(self) -> dict[str, Any]:
        return {
            "competitor": self.competitor,
            "place": self.place,
            "shared": self.shared,
            "total": self.total,
            "score": self.score,
        }


@dataclass(frozen=True)
class GameRow:
    """A competitor's game total in one round's ranking (``Standings.round_ranking(r)``)."""

    competitor: CompetitorId
    place: Optional[int]
    shared: bool
    score: int
    table: Union[int, str]

    def to_dict(self) -> dict[str, Any]:
        return {
            "competitor": self.competitor,
            "place": self.place,
            "shared": self.shared,
            "score": self.score,
            "table": self.table,
        }


@dataclass(frozen=True)
class SeasonLine:
    """A player's line in a season ranking. ``results[i]``: what tournament i gave
    (its total, or its place points), None if the player did not take part; ``counted``:
    the indexes of the results that count (all of them unless ``best_of``)."""

    player: CompetitorId
    place: Optional[int]
    shared: bool
    total: Union[int, float]
    played: int
    results: tuple[Optional[Union[int, float]], ...]
    counted: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "place": self.place,
            "shared": self.shared,
            "total": self.total,
            "played": self.played,
            "results": list(self.results),
            "counted": list(self.counted),
        }


def _order_key(place: Optional[int], total, c: CompetitorId) -> tuple:
    # ranked first by place; unranked (ineligible) after them, by total then id
    if place is None:
        return (1, 0, -total, sort_key(c))
    return (0, place, 0, sort_key(c))


@dataclass(frozen=True)
class Standings:
    """The result of ``compute_standings``: settings echoed back, and one line per
    competitor in order (by place, then ``sort_key``; competitors without a place last, by
    total). ``bye_scores[i]``: the points a bye earned in round i + 1 under the bye rule
    (None when that round had no bye, or only byes with a director's ``points``)."""

    fmt: str
    tie_rule: str
    bye_rule: str
    bye_points: Optional[int]
    final: bool
    rounds: int
    lines: tuple[StandingLine, ...]
    bye_scores: tuple[Optional[int], ...]
    _index: Mapping[CompetitorId, int] = field(default_factory=dict, repr=False, compare=False)

    def line(self, competitor: CompetitorId) -> StandingLine:
        """The line of one competitor (KeyError if unknown)."""
        return self.lines[self._index[competitor]]

    def medallists(self) -> list[StandingLine]:
        return [ln for ln in self.lines if ln.medal]

    def after(self, round: int) -> list[ProgressRow]:
        """The standings after round ``round`` (cumulative), in order: the progression."""
        i = self._round_index(round)
        rows = [
            ProgressRow(
                ln.competitor,
                ln.places_after[i],
                ln.shared_after[i],
                ln.cumulative[i],
                ln.scores[i],
            )
            for ln in self.lines
        ]
        rows.sort(key=lambda r: _order_key(r.place, r.total, r.competitor))
        return rows

    def round_ranking(self, round: int) -> list[GameRow]:
        """That round's game totals ranked (shared rule; byes not included)."""

        i = self._round_index(round)
        played = [ln for ln in self.lines if ln.tables[i] is not None]
        scores = [ln.scores[i] for ln in played]
        ranked = [k for k, ln in enumerate(played) if ln.eligible]
        places, shared, _ = rank_places(ranked, scores, len(played), None, "shared")
        rows = [
            GameRow(ln.competitor, places[k], shared[k], ln.scores[i], ln.tables[i])
            for k, ln in enumerate(played)
        ]
        rows.sort(key=lambda r: _order_key(r.place, r.score, r.competitor))
        return rows

    def _round_index(self, round: int) -> int:
        if isinstance(round, bool) or not isinstance(round, int) or not 1 <= round <= self.rounds:
            raise StandingsError("bad_round", f"No round {round!r}: rounds are 1 to {self.rounds}.")
        return round - 1

    def to_dict(self) -> dict[str, Any]:
        """JSON-friendly: settings, lines, and per round the order after it, the order of
        its game ranking and the bye score."""
        return {
            "fmt": self.fmt,
            "tie_rule": self.tie_rule,
            "bye_rule": self.bye_rule,
            "bye_points": self.bye_points,
            "final": self.final,
            "rounds": self.rounds,
            "lines": [ln.to_dict() for ln in self.lines],
            "progression": [
                {
                    "round": r,
                    "bye_score": self.bye_scores[r - 1],
                    "order": [row.competitor for row in self.after(r)],
                    "game_ranking": [row.competitor for row in self.round_ranking(r)],
                }
                for r in range(1, self.rounds + 1)
            ],
        }


@dataclass(frozen=True)
class SeasonRanking:
    """The result of ``season_ranking``: one line per player, in order (place, then
    ``sort_key``; players without a place last)."""

    scoring: str
    scale: tuple
    best_of: Optional[int]
    tournaments: int
    lines: tuple[SeasonLine, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "scoring": self.scoring,
            "scale": list(self.scale),
            "best_of": self.best_of,
            "tournaments": self.tournaments,
            "lines": [ln.to_dict() for ln in self.lines],
        }
