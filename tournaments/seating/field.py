"""The field a plan is made for: present players, their history and the director's rules,
turned into indices and count matrices for the planners.

Players are indexed present first (canonical order), then players seen only in the
history (withdrawn). ``P`` and ``opponents`` hold, per pair, the partner and opponent meetings of
the history, plus huge *virtual* counts on forbidden relations so that the search avoids
them without extra lookups. Every director rule is reduced to pair relations
(``rules``): ``"P"`` never partners, ``"O"`` never opponents, ``"T"`` never at one table.
Fixed seats become such rules between fixed players (two players fixed to N never share
a table; one fixed to N and one to S may only partner; N and E may only face).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from . import search
from .types import (
    FORMATS,
    PAIRS,
    SEATS,
    SIDES,
    Constraints,
    History,
    PlayerId,
    SeatingError,
    player_key,
)


def check_players(players, fmt: str) -> list[PlayerId]:
    """The present players in canonical order; SeatingError on bad input."""
    if fmt not in FORMATS:
        raise SeatingError("bad_format", f"Unknown format {fmt!r}; use 'individual' or 'pairs'.")
    seen = set()
    for p in players:
        player_key(p)
        if p in seen:
            raise SeatingError("duplicate_player", f"Player {p!r} is listed twice.")
        seen.add(p)
    need = 2 if fmt == PAIRS else 4
    if len(players) < need:
        what = "pairs" if fmt == PAIRS else "players"
        raise SeatingError(
            "too_few_players", f"A draw needs at least {need} {what}; {len(players)} present."
        )
    return sorted(players, key=player_key)


def _bye_tiebreak(seed: int, p: PlayerId, count: int) -> float:
    # str seeds go through SHA-512: identical on every machine, no hash randomization.
    return random.Random(f"bye|{seed}|{type(p).__name__}|{p}|{count}").random()


@dataclass
class Field:
    fmt: str
    ids: list  # index -> player id
    index: dict  # player id -> index
    m: int  # present players: indices 0..m-1
    P: list  # history + virtual partner counts
    opponents: list  # history + virtual opponent counts
    seat_counts: list  # history seat counts, per index [N, E, S, W] / [NS, EW]
    sitouts: list  # rounds each present player sat out or missed
    rules: list = field(default_factory=list)  # (ia, ib, "P" | "O" | "T")
    fixed: dict = field(default_factory=dict)  # index -> seat index
    fixed_table: dict = field(default_factory=dict)  # index -> table number (1-based)

    @property
    def pairs(self) -> bool:
        return self.fmt == PAIRS

    @property
    def group(self) -> int:
        return 2 if self.pairs else 4

    @property
    def seats(self) -> tuple[str, ...]:
        return SIDES if self.pairs else SEATS

    def bye_plan(self, horizon: int, seed: int, hint=()) -> list[list[int]]:
        """Byes of each planned round: fewest sit-outs first (a round missed counts), with
        a seeded tie-break. With a previous plan (``hint``: rounds), among players with as
        few sit-outs the byes go first to those it already had sitting out, then to the
        players of its tables that lost someone (smallest first), so that its other
        tables stay whole."""
        nbyes = self.m % self.group
        counts = self.sitouts[:]
        out = []
        for q in range(horizon):
            prio = self._hint_priority(hint[q]) if q < len(hint) else {}
            order = sorted(
                range(self.m),
                key=lambda i: (
                    counts[i],
                    prio.get(i, self.group + 1),
                    _bye_tiebreak(seed, self.ids[i], counts[i]),
                    i,
                ),
            )
            byes = sorted(order[:nbyes])
            for i in byes:
                counts[i] += 1
            out.append(byes)
        return out

    def _hint_priority(self, rnd) -> dict:
        prio = {}
        for p in rnd.byes:
            i = self.index.get(p)
            if i is not None and i < self.m:
                prio[i] = 0
        for table in rnd.tables:
            here = [self.index.get(p) for p in table.values()]
            here = [i for i in here if i is not None and i < self.m]
            if len(here) < self.group:
                for i in here:
                    prio[i] = len(here)
        return prio

    def violates(self, arr: list[int]) -> bool:
        """Does this round (a slot list) break a director rule? (virtual counts are huge)"""
        g = self.group
        P, opponents = self.P, self.opponents
        for t in range(0, len(arr), g):
            xs = arr[t : t + g]
            for u in range(g):
                for v in range(u + 1, g):
                    if opponents[xs[u]][xs[v]] >= search.VIRTUAL_O and (g == 2 or (u ^ v) != 2):
                        return True
            if g == 4 and (
                P[xs[0]][xs[2]] >= search.VIRTUAL_P or P[xs[1]][xs[3]] >= search.VIRTUAL_P
            ):
                return True
        return False


def build_field(players, history: History, fmt: str, constraints: Constraints) -> Field:
    ordered = check_players(players, fmt)
    pairs = fmt == PAIRS
    index: dict = {p: i for i, p in enumerate(ordered)}
    m = len(ordered)
    extra = sorted(
        {p for r in history.rounds for p in r.players() if p not in index}, key=player_key
    )
    for p in extra:
        index[p] = len(index)
    ids = ordered + extra
    n = len(ids)
    P = [[0] * n for _ in range(n)]
    opponents = [[0] * n for _ in range(n)]
    seats = SIDES if pairs else SEATS
    seat_counts = [[0] * len(seats) for _ in range(n)]
    sitouts = [0] * m
    for rnd in history.rounds:
        here = set()
        for table in rnd.tables:
            xs = [index.get(table.get(s)) if table.get(s) is not None else None for s in seats]
            for k, x in enumerate(xs):
                if x is not None:
                    seat_counts[x][k] += 1
                    here.add(x)
            if pairs:
                rel = ((xs[0], xs[1], opponents),)
            else:
                x0, x1, x2, x3 = xs
                rel = (
                    (x0, x2, P),
                    (x1, x3, P),
                    (x0, x1, opponents),
                    (x0, x3, opponents),
                    (x2, x1, opponents),
                    (x2, x3, opponents),
                )
            for a, b, M in rel:
                if a is not None and b is not None and a != b:
                    M[a][b] += 1
                    M[b][a] += 1
        for i in range(m):
            if i not in here:
                sitouts[i] += 1  # bye, or absent that round
    f = Field(fmt, ids, index, m, P, opponents, seat_counts, sitouts)
    _add_rules(f, constraints)
    return f


def _add_rules(f: Field, constraints: Constraints) -> None:
    present = set(range(f.m))

    def rule(a, b, kind):
        ia, ib = f.index.get(a), f.index.get(b)
        if ia is None or ib is None or ia not in present or ib not in present:
            return
        if f.pairs and kind == "P":
            return  # two different pairs never partner
        f.rules.append((ia, ib, "T" if f.pairs else kind))

    for a, b in constraints.never_partners:
        rule(a, b, "P")
    for a, b in constraints.never_same_table:
        rule(a, b, "T")
    seats = f.seats
    tables: dict = {}
    for p, seat, table in constraints.fixed_seats:
        i = f.index.get(p)
        if i is None or i >= f.m:
            continue  # not present: the rule waits for them
        if seat not in seats:
            raise SeatingError(
                "bad_fixed_seat", f"A fixed seat is one of {', '.join(seats)}, not {seat!r}."
            )
        f.fixed[i] = seats.index(seat)
        if table is not None:
            if table in tables:
                raise SeatingError(
                    "fixed_table_shared", f"Two players cannot both keep table {table}."
                )
            tables[table] = i
            f.fixed_table[i] = table
    fixed = sorted(f.fixed)
    for u, a in enumerate(fixed):
        for b in fixed[u + 1 :]:
            ka, kb = f.fixed[a], f.fixed[b]
            if a in f.fixed_table and b in f.fixed_table or ka == kb:
                kind = "T"  # different tables to keep, or the same seat
            elif f.pairs:
                continue  # NS and EW: they may meet
            elif ka ^ kb == 2:
                kind = "O"  # N and S (E and W): partners or apart
            else:
                kind = "P"  # N and E, ...: opponents or apart
            f.rules.append((a, b, kind))
    for a, b, kind in f.rules:
        if kind in ("P", "T") and not f.pairs:
            f.P[a][b] += search.VIRTUAL_P
            f.P[b][a] += search.VIRTUAL_P
        if kind in ("O", "T"):
            f.opponents[a][b] += search.VIRTUAL_O
            f.opponents[b][a] += search.VIRTUAL_O
