"""Planning the whole tournament: every remaining round at once.

``plan_rounds`` returns a ``Plan``: the rounds from the next one to the last, and the
figures of the tournament as planned (history included). Three sources:

* **library** (individual format, first round, ``library.MIN_PLAYERS`` to
  ``library.MAX_PLAYERS`` players, up to ``library.MAX_ROUNDS`` games): the library's
  movement for the cell, relabelled with the seed, repaired for the director's rules;
* **round_robin** (pairs format, first round): the circle method, relabelled the same way;
* **search** (everything else: a field that changed between rounds, a draw after a hand
  edit, a cell outside the library): simulated annealing over the remaining rounds from
  the history (``search.anneal``), started from the previous plan when there is one.

Fixed seats and fixed tables are honoured at the end (``orient``, table numbering).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Sequence

from . import library, orient
from .field import Field, build_field
from .pairs import round_robin
from .relabel import relations, repair
from .replan import search_plan
from .report import evaluate
from .types import (
    INDIVIDUAL,
    PAIRS,
    Constraints,
    History,
    Report,
    Round,
    SeatingError,
    as_round,
)

LIBRARY = "library"
ROUND_ROBIN = "round_robin"
SEARCH = "search"


@dataclass(frozen=True)
class Plan:
    """The remaining rounds of a tournament, planned together.

    ``rounds[0]`` is round ``start``. ``report`` covers the history and every planned
    round. ``best_known`` is the best known opponent repeats for the whole tournament's
    cell (present players x games), None when no schedule of that cell is on record;
    ``bound`` is the counting lower bound for that cell.
    """

    rounds: tuple[Round, ...]
    start: int
    source: str
    report: Report
    best_known: int | None
    bound: int


def cell_figures(players: int, games: int, fmt: str = INDIVIDUAL) -> tuple[int | None, int]:
    """(best known, counting bound) of opponent repeats (pair meetings past the first, in
    the pairs format) for a whole tournament of ``players`` over ``games``."""
    if fmt == PAIRS:
        byes = (players % 2) * games
        base, extra = divmod(byes, players)
        counts = [games - base - 1] * extra + [games - base] * (players - extra)
        bound = -(-sum(max(0, g - (players - 1)) for g in counts) // 2)
        return bound, bound  # the round robin reaches it
    bound = library.counting_bound(players, library.games_per_player(players, games))[1]
    known = library.BEST_KNOWN.get((players, games))
    if known is None and players > library.MAX_PLAYERS and games <= library.MAX_ROUNDS:
        known = 0  # groups of the library that never meet, none repeating anyone
    mv = (
        library.movement(players, games)
        if library.MIN_PLAYERS <= players <= library.MAX_PLAYERS and games <= library.MAX_ROUNDS
        else None
    )
    if mv is not None and mv.partner_repeats == 0:
        known = mv.opponent_repeats if known is None else min(known, mv.opponent_repeats)
    return known, bound


def plan_rounds(
    players: Sequence[Any],
    history: History | Sequence[Any] | None = None,
    *,
    rounds_total: int,
    fmt: str = INDIVIDUAL,
    seed: int = 0,
    constraints: Constraints | None = None,
    previous: Sequence[Any] | None = None,
    round_number: int | None = None,
    effort: float = 1.0,
) -> Plan:
    """Plan every round from the next one to ``rounds_total`` (at least one round).

    ``previous``: the plan made before the field changed (rounds from the next one), to
    start the search from. Raises ``SeatingError`` (bad input, or the director's rules
    cannot all be kept in the next round).
    """
    if not isinstance(history, History):
        history = History(history or ())
    constraints = constraints or Constraints()
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SeatingError("bad_seed", "The seed must be an integer.")
    if isinstance(rounds_total, bool) or not isinstance(rounds_total, int) or rounds_total < 1:
        raise SeatingError("bad_rounds", "The number of rounds must be at least 1.")
    f = build_field(players, history, fmt, constraints)
    played = len(history.rounds)
    if round_number is None:
        round_number = played + 1
    horizon = max(1, rounds_total - round_number + 1)
    _check_fixed_tables(f)

    tables = byes = None
    source = SEARCH
    hint = [as_round(h) for h in (previous or ())]
    if not played and not hint:
        made = _round_robin(f, horizon, seed) if f.pairs else _library(f, horizon, seed)
        if made is not None:
            tables, byes, broken = made
            source = ROUND_ROBIN if f.pairs else LIBRARY
            if broken:  # the rules could not all be kept by relabelling: search from it
                hint = _to_rounds(f, tables, byes)
                tables = byes = None
                source = SEARCH
    if tables is None:
        tables, byes = search_plan(f, horizon, seed, round_number, hint, effort, history.rounds)
    rng = random.Random(f"tables|{seed}|{round_number}")
    rounds = _to_rounds(
        f, [_number_tables(f, ts, rng, shuffle=source != SEARCH) for ts in tables], byes
    )
    everything = list(history.rounds) + rounds
    best, bound = cell_figures(f.m, played + horizon, fmt)
    return Plan(
        tuple(rounds),
        round_number,
        source,
        evaluate(everything, constraints=constraints, fmt=fmt),
        best,
        bound,
    )


def _to_rounds(f: Field, tables, byes) -> list[Round]:
    seats = f.seats
    return [
        Round([{seats[k]: f.ids[x] for k, x in enumerate(tb)} for tb in ts], [f.ids[i] for i in bs])
        for ts, bs in zip(tables, byes)
    ]


def _check_fixed_tables(f: Field) -> None:
    count = f.m // f.group
    for i, table in f.fixed_table.items():
        if table > count:
            raise SeatingError(
                "fixed_table_missing",
                f"Player {f.ids[i]!r} keeps table {table}, but there are only {count} tables.",
            )


def _number_tables(
    f: Field, tables: list[list[int]], rng: random.Random, shuffle: bool
) -> list[list[int]]:
    """Table order of one round: tables of players who keep a table at its number, the
    others in order (shuffled for a relabelled movement: the numbers carry no meaning)."""
    tables = list(tables)
    if shuffle:
        rng.shuffle(tables)
    if not f.fixed_table:
        return tables
    out: list = [None] * len(tables)
    rest = []
    for tb in tables:
        want = [f.fixed_table[p] for p in tb if p in f.fixed_table]
        if want and out[want[0] - 1] is None:
            out[want[0] - 1] = tb
        else:
            rest.append(tb)
    it = iter(rest)
    return [tb if tb is not None else next(it) for tb in out]


# ---- library and round robin: relabel, then repair for the rules --------------------


def _relabel(f: Field, tables_by_round, seed: int) -> tuple[list[int], int]:
    rng = random.Random(f"relabel|{seed}")
    sigma = list(range(f.m))
    rng.shuffle(sigma)
    if not f.rules:
        return sigma, 0
    LP, LO = relations(f.m, tables_by_round, f.pairs)
    return repair(sigma, f.rules, LP, LO, rng)


def group_sizes(m: int) -> list[int]:
    """A field larger than the library, cut into groups the library holds: as few
    groups as can be, tables shared evenly, the byes in the smallest group."""
    k = -(-m // library.MAX_PLAYERS)
    tables, byes = divmod(m, 4)
    sizes = [4 * (tables // k + (g < tables % k)) for g in range(k)]
    sizes[-1] += byes
    return sizes


def library_movement(m: int, rounds: int):
    """(tables per round, byes per round) over positions 0..m-1 from the library, or
    None. Fields past ``library.MAX_PLAYERS`` join movements of smaller groups that never
    meet each other (every group of 24 or more repeats nobody over 10 games)."""
    if m < library.MIN_PLAYERS or rounds > library.MAX_ROUNDS:
        return None
    sizes = [m] if m <= library.MAX_PLAYERS else group_sizes(m)
    tables = [[] for _ in range(rounds)]
    byes = [[] for _ in range(rounds)]
    offset = 0
    for size in sizes:
        mv = library.movement(size, rounds)
        if mv is None:
            return None
        for q, (seated, out) in enumerate(mv.schedule):
            tables[q] += [[offset + u for u in seated[t : t + 4]] for t in range(0, len(seated), 4)]
            byes[q] += [offset + u for u in out]
        offset += size
    return tables, byes


def _library(f: Field, horizon: int, seed: int):
    made = library_movement(f.m, horizon)
    if made is None:
        return None
    movement, mv_byes = made
    sigma, broken = _relabel(f, movement, seed)
    tables = [[[sigma[u] for u in tb] for tb in ts] for ts in movement]
    byes = [sorted(sigma[u] for u in b) for b in mv_byes]
    if f.fixed:
        orient.polish(
            tables, _seat_counts(f, tables), False, random.Random(f"seats|{seed}"), f.fixed
        )
    return tables, byes, broken


def _round_robin(f: Field, horizon: int, seed: int):
    rr = round_robin(f.m, horizon)
    sigma, broken = _relabel(f, [ts for ts, _ in rr], seed)
    tables = [[[sigma[u] for u in tb] for tb in ts] for ts, _ in rr]
    byes = [sorted(sigma[u] for u in b) for _, b in rr]
    orient.polish(tables, _seat_counts(f, tables), True, random.Random(f"seats|{seed}"), f.fixed)
    return tables, byes, broken


def _seat_counts(f: Field, tables_by_round) -> list[list[int]]:
    counts = [c[:] for c in f.seat_counts]
    for ts in tables_by_round:
        for tb in ts:
            for k, p in enumerate(tb):
                counts[p][k] += 1
    return counts


def moved(before: Sequence[Any], after: Sequence[Any]) -> list[list[Any]]:
    """Per round, the players whose table-mates differ between two plans of the same
    rounds (a round only one of them has counts everyone in it as moved)."""
    out = []
    for k in range(max(len(before), len(after))):
        mates = []
        for plan in (before, after):
            m: dict = {}
            if k < len(plan):
                rnd = as_round(plan[k])
                for tb in rnd.tables:
                    people = frozenset(tb.values())
                    for p in people:
                        m[p] = people
                for p in rnd.byes:
                    m[p] = None
            mates.append(m)
        a, b = mates
        out.append(
            sorted(
                (p for p in set(a) | set(b) if a.get(p, 0) != b.get(p, 0)),
                key=lambda p: (isinstance(p, str), p),
            )
        )
    return out
