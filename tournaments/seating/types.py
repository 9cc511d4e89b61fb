"""Plain value types of the seating draw: rounds, history, constraints, reports, errors.

Nothing here imports Django (a test checks it). Player ids are ints or strings; in the
pairs format the ids are *pair* ids.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence, Union

PlayerId = Union[int, str]

#: Seats of an individual-format table, clockwise. Partners sit opposite: N-S and E-W.
SEATS = ("N", "E", "S", "W")
#: Sides of a pairs-format table.
SIDES = ("NS", "EW")
#: Convention: the player in the N seat deals the first hand of a round, so balancing
#: the N seat balances first deals.
FIRST_DEALER_SEAT = "N"

INDIVIDUAL = "individual"
PAIRS = "pairs"
FORMATS = (INDIVIDUAL, PAIRS)


class SeatingError(ValueError):
    """A problem the director can fix (too few players, impossible constraints, ...).

    ``code`` is stable and meant for translation / display; ``str(err)`` is English.
    """

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


def player_key(p: PlayerId) -> tuple:
    """Canonical, hash-free sort key for a player id (ints before strings)."""
    if isinstance(p, bool) or not isinstance(p, (int, str)):
        raise SeatingError("bad_player_id", f"Player ids must be ints or strings, not {p!r}.")
    return (1, p) if isinstance(p, str) else (0, p)


@dataclass(frozen=True)
class Round:
    """One round: tables (seat -> player) and the byes.

    Individual format: each table is ``{"N": a, "E": b, "S": c, "W": d}`` (a-c and b-d
    are partners). Pairs format: ``{"NS": pair, "EW": pair}``.
    """

    tables: tuple[Mapping[str, PlayerId], ...]
    byes: tuple[PlayerId, ...] = ()

    def __init__(
        self, tables: Sequence[Mapping[str, PlayerId]] = (), byes: Sequence[PlayerId] = ()
    ):
        object.__setattr__(self, "tables", tuple(dict(t) for t in tables))
        object.__setattr__(self, "byes", tuple(byes))

    def players(self) -> list[PlayerId]:
        out = [p for t in self.tables for p in t.values()]
        out.extend(self.byes)
        return out

    def to_dict(self) -> dict[str, Any]:
        return {"tables": [dict(t) for t in self.tables], "byes": list(self.byes)}


def as_round(obj: Any) -> Round:
    """Accept a Round, a RoundDraw, or a mapping {"tables": [...], "byes": [...]}."""
    if isinstance(obj, Round):
        return obj
    if isinstance(obj, Mapping):
        return Round(obj.get("tables", ()), obj.get("byes", ()))
    if hasattr(obj, "tables"):
        return Round(obj.tables, getattr(obj, "byes", ()))
    raise SeatingError("bad_round", f"Not a round: {obj!r}")


@dataclass(frozen=True)
class History:
    """The rounds actually played so far, oldest first (after any director edits)."""

    rounds: tuple[Round, ...] = ()

    def __init__(self, rounds: Sequence[Any] = ()):
        object.__setattr__(self, "rounds", tuple(as_round(r) for r in rounds))


@dataclass(frozen=True)
class Constraints:
    """Hard constraints set by the director.

    ``never_partners``: these two players are never drawn as partners.
    ``never_same_table``: these two are never at the same table (a couple, say).
    ``fixed_seats``: ``(player, seat)`` or ``(player, seat, table)``: the player always
    sits there (a player who must sit N for mobility; with a table number, they never
    change tables either). Seats are N, E, S, W (NS, EW for pairs); tables count from 1.
    In the pairs format ids are pair ids: ``never_same_table`` means the two pairs never
    meet; ``never_partners`` between two different pairs is always satisfied.
    """

    never_partners: tuple[tuple[PlayerId, PlayerId], ...] = ()
    never_same_table: tuple[tuple[PlayerId, PlayerId], ...] = ()
    fixed_seats: tuple[tuple[PlayerId, str, int | None], ...] = ()

    def __init__(
        self,
        never_partners: Sequence[Sequence[PlayerId]] = (),
        never_same_table: Sequence[Sequence[PlayerId]] = (),
        fixed_seats: Sequence[Sequence[Any]] = (),
    ):
        def norm(pairs: Sequence[Sequence[PlayerId]]) -> tuple[tuple[PlayerId, PlayerId], ...]:
            out = []
            for pr in pairs:
                pr = tuple(pr)
                if len(pr) != 2:
                    raise SeatingError(
                        "bad_constraint", f"A constraint names two players, not {pr!r}."
                    )
                a, b = pr
                player_key(a), player_key(b)
                if a == b:
                    raise SeatingError(
                        "bad_constraint", f"A constraint names the same player twice ({a!r})."
                    )
                out.append((a, b))
            return tuple(out)

        fixed = []
        seen = set()
        for item in fixed_seats:
            item = tuple(item)
            if len(item) not in (2, 3):
                raise SeatingError(
                    "bad_fixed_seat", f"A fixed seat is (player, seat[, table]), not {item!r}."
                )
            p, seat = item[0], item[1]
            table = item[2] if len(item) == 3 else None
            player_key(p)
            if p in seen:
                raise SeatingError("bad_fixed_seat", f"Player {p!r} has two fixed seats.")
            seen.add(p)
            if not isinstance(seat, str):
                raise SeatingError("bad_fixed_seat", f"Not a seat: {seat!r}.")
            if table is not None and (
                isinstance(table, bool) or not isinstance(table, int) or table < 1
            ):
                raise SeatingError("bad_fixed_seat", f"Tables count from 1, not {table!r}.")
            fixed.append((p, seat, table))
        object.__setattr__(self, "never_partners", norm(never_partners))
        object.__setattr__(self, "never_same_table", norm(never_same_table))
        object.__setattr__(self, "fixed_seats", tuple(fixed))


@dataclass(frozen=True)
class Repeat:
    """Two players (or pairs) who met in one relation more than once."""

    a: PlayerId
    b: PlayerId
    times: int  # total meetings in this relation
    rounds: tuple[int, ...]  # 1-based round numbers of the meetings

    def to_dict(self) -> dict[str, Any]:
        return {"a": self.a, "b": self.b, "times": self.times, "rounds": list(self.rounds)}


@dataclass(frozen=True)
class ByeRepeat:
    """A player who sat out more than once."""

    player: PlayerId
    byes: int
    rounds: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "byes": self.byes, "rounds": list(self.rounds)}


@dataclass(frozen=True)
class Violation:
    """A director constraint broken by a (hand-edited) draw."""

    kind: str  # "never_partners" | "never_same_table" | "fixed_seat"
    a: PlayerId
    b: PlayerId  # fixed_seat: the seat a must take ("N", or "3N")
    round: int

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "a": self.a, "b": self.b, "round": self.round}


@dataclass
class Report:
    """What a set of rounds repeats, and how fair it is.

    Counts: ``partner_repeat_count`` / ``opponent_repeat_count`` count each pair once for
    every meeting past its first. ``seat_spread`` is the largest, over players, of
    (most-used seat count - least-used seat count); ``side_spread`` the largest difference
    between a player's N-S and E-W games (NS and EW for pairs); ``dealer_spread`` the
    spread of N-seat counts (N deals first) among players who played the same number of
    rounds. In the
    pairs format "partner" lists stay empty, "opponents" are pair meetings, and seats are
    the sides NS / EW.
    """

    format: str = INDIVIDUAL
    rounds: int = 0
    partner_repeats: list[Repeat] = field(default_factory=list)
    opponent_repeats: list[Repeat] = field(default_factory=list)
    bye_repeats: list[ByeRepeat] = field(default_factory=list)
    partner_repeat_count: int = 0
    opponent_repeat_count: int = 0
    bye_counts: dict = field(default_factory=dict)
    bye_spread: int = 0
    seat_counts: dict = field(default_factory=dict)
    seat_spread: int = 0
    side_spread: int = 0
    dealer_spread: int = 0
    violations: list[Violation] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """No constraint violated and every round well formed."""
        return not self.violations and not self.problems

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": self.format,
            "rounds": self.rounds,
            "partner_repeats": [r.to_dict() for r in self.partner_repeats],
            "opponent_repeats": [r.to_dict() for r in self.opponent_repeats],
            "bye_repeats": [r.to_dict() for r in self.bye_repeats],
            "partner_repeat_count": self.partner_repeat_count,
            "opponent_repeat_count": self.opponent_repeat_count,
            "bye_counts": dict(self.bye_counts),
            "bye_spread": self.bye_spread,
            "seat_counts": {k: dict(v) for k, v in self.seat_counts.items()},
            "seat_spread": self.seat_spread,
            "side_spread": self.side_spread,
            "dealer_spread": self.dealer_spread,
            "violations": [v.to_dict() for v in self.violations],
            "problems": list(self.problems),
        }


@dataclass(frozen=True)
class RoundDraw:
    """The draw of one round.

    ``report`` lists what *this* round repeats (pairs meeting again, players sitting out
    again), computed over the history plus this round, so ``times`` / ``rounds`` give the
    full story. ``plan`` holds the rounds planned after this one; pass it back as
    ``plan_hint`` on the next call to follow it (results stay reproducible because the
    hint is an input). ``tournament`` is the report over history + this round;
    ``planned`` over history + this round + the plan (the whole tournament as planned).
    ``source`` says where the plan came from ("library", "round_robin", "search", or
    "plan" when a previous plan was followed); ``best_known`` / ``bound``: the best known
    and the least possible opponent repeats of the whole tournament's cell (None when
    not computed). ``replanned``: a plan hint was given but no longer fitted the field.
    """

    tables: tuple[Mapping[str, PlayerId], ...]
    byes: tuple[PlayerId, ...]
    report: Report
    format: str = INDIVIDUAL
    round_number: int = 1
    seed: int = 0
    plan: tuple[Round, ...] = ()
    tournament: Report | None = None
    planned: Report | None = None
    source: str = ""
    best_known: int | None = None
    bound: int | None = None
    replanned: bool = False

    def as_round(self) -> Round:
        return Round(self.tables, self.byes)

    def to_dict(self) -> dict[str, Any]:
        return {"tables": [dict(t) for t in self.tables], "byes": list(self.byes)}
