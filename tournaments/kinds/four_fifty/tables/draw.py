"""draw_tables() and schedule(): the public entry points of the 450 table draw."""

from __future__ import annotations

import random
from typing import Any, Sequence

from . import search
from .report import evaluate
from .seats import seat_order
from .sizes import table_sizes
from .types import EVEN, PlayerId, Round, TablesDraw, TablesError, as_round, player_key

#: Annealing iterations per planned slot (a count, never a clock), and the cap.
ITERS_PER_SLOT = 600
MAX_ITERS = 150_000
#: With a plan hint the plan was already searched: a shorter polish is enough.
HINTED_ITERS_PER_SLOT = 200
#: Meetings counted beforehand for two players who must never share a table.
VIRTUAL = 1000


def _check_players(players: Sequence[PlayerId]) -> list[PlayerId]:
    seen = set()
    for p in players:
        player_key(p)
        if p in seen:
            raise TablesError("duplicate_player", f"Player {p!r} is listed twice.")
        seen.add(p)
    return sorted(players, key=player_key)


def _bounds(sizes: Sequence[int]) -> list[tuple[int, int]]:
    out, start = [], 0
    for s in sizes:
        out.append((start, start + s))
        start += s
    return out


def _repair(
    hint: Round, present: list[int], index: dict, rng: random.Random, slots: int
) -> list[int]:
    """A hinted game as a slot list over exactly ``present`` (tables in hint order,
    absentees' slots filled by newcomers, then the rest appended)."""
    want = set(present)
    used: set = set()
    out: list = []
    for table in hint.tables:
        for p in table:
            x = index.get(p)
            if x is not None and x in want and x not in used:
                out.append(x)
                used.add(x)
    missing = [i for i in present if i not in used]
    rng.shuffle(missing)
    out.extend(missing)
    return out[:slots]


def draw_tables(
    players: Sequence[PlayerId],
    history: Sequence[Any] = (),
    *,
    size: int = EVEN,
    seed: int = 0,
    games_total: int | None = None,
    game_number: int | None = None,
    plan_hint: Sequence[Any] = (),
    never_same_table: Sequence[Sequence[PlayerId]] = (),
    effort: float = 1.0,
) -> TablesDraw:
    """Draw the next game's tables for the ``players`` present.

    ``history``: the games played (rounds whose tables list player ids in seat order;
    they may name players who left). ``size``: 3 to 6, or ``EVEN``. With
    ``games_total`` the remaining games are planned together (the same players each
    game) and only the first is returned (the rest in ``TablesDraw.plan``, to pass back
    as ``plan_hint`` next time). ``never_same_table``: pairs of players the director
    keeps apart (counted as many meetings already: the search avoids them whenever it
    can). Seats are then chosen for the drawn game's tables. Raises ``TablesError``.
    """
    ordered = _check_players(players)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TablesError("bad_seed", "The seed must be an integer.")
    history = [as_round(r) for r in history or ()]
    sizes = table_sizes(len(ordered), size)
    played = len(history)
    if game_number is None:
        game_number = played + 1
    if games_total is not None and games_total < 1:
        raise TablesError("bad_games", "The number of games must be at least 1.")
    horizon = 1 if games_total is None else max(1, games_total - game_number + 1)

    index: dict = {p: i for i, p in enumerate(ordered)}
    m = len(ordered)
    for p in sorted({p for r in history for p in r.players() if p not in index}, key=player_key):
        index[p] = len(index)
    ids = list(index)
    n = len(ids)
    M = [[0] * n for _ in range(n)]
    seat_counts = [[0] * 6 for _ in range(n)]
    neighbours: dict[tuple[int, int], int] = {}
    for rnd in history:
        for table in rnd.tables:
            xs = [index[p] for p in table]
            for k, x in enumerate(xs):
                if k < 6:
                    seat_counts[x][k] += 1
                nxt = xs[(k + 1) % len(xs)]
                if nxt != x:
                    neighbours[(x, nxt)] = neighbours.get((x, nxt), 0) + 1
                for y in xs[k + 1 :]:
                    if y != x:
                        M[x][y] += 1
                        M[y][x] += 1

    for a, b in never_same_table:
        if a in index and b in index and a != b:
            M[index[a]][index[b]] += VIRTUAL
            M[index[b]][index[a]] += VIRTUAL

    rng = random.Random(seed * 1_000_003 + game_number)
    bounds = _bounds(sizes)
    hint = [as_round(h) for h in plan_hint or ()]
    present = list(range(m))
    arrs = []
    for q in range(horizon):
        if q < len(hint):
            arrs.append(_repair(hint[q], present, index, rng, m))
        else:
            arr = present[:]
            rng.shuffle(arr)
            arrs.append(arr)
    bound = search.lower_bound(
        present, horizon * (sizes[-1] - 1), horizon * sum(s * (s - 1) // 2 for s in sizes), M
    )
    per_slot = HINTED_ITERS_PER_SLOT if hint else ITERS_PER_SLOT
    iters = min(MAX_ITERS, int(effort * per_slot * m * horizon))
    arrs, _cost = search.anneal(arrs, bounds, M, rng, iters, bound)

    tables = []
    for s, e in bounds:
        members = sorted(arrs[0][s:e])
        tables.append(tuple(ids[x] for x in seat_order(members, seat_counts, neighbours, rng)))
    this = Round(tables)
    plan = tuple(Round([tuple(ids[x] for x in arr[s:e]) for s, e in bounds]) for arr in arrs[1:])
    everything = history + [this]
    return TablesDraw(
        tables=this.tables,
        byes=(),
        sizes=tuple(sizes),
        report=evaluate(everything, only_round=len(everything)),
        schedule=evaluate(everything),
        plan=plan,
        seed=seed,
        game_number=game_number,
    )


def schedule(
    n_players: int, games: int, *, size: int = EVEN, seed: int = 0, effort: float = 1.0
) -> list[TablesDraw]:
    """A whole evening for players 1..n_players, drawn game by game as the site does
    (the history of the games drawn, the previous plan passed back as a hint)."""
    if isinstance(n_players, bool) or not isinstance(n_players, int):
        raise TablesError("bad_players", "The number of players must be an integer.")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise TablesError("bad_games", "The number of games must be an integer, at least 1.")
    players = list(range(1, n_players + 1))
    out: list[TablesDraw] = []
    plan: tuple = ()
    for g in range(1, games + 1):
        d = draw_tables(
            players,
            [x.as_round() for x in out],
            size=size,
            seed=seed,
            games_total=games,
            game_number=g,
            plan_hint=plan,
            effort=effort,
        )
        out.append(d)
        plan = d.plan
    return out


def random_tables(players: Sequence[PlayerId], size: int, rng: random.Random) -> Round:
    """A uniformly random game's tables of the same sizes (the bench's baseline)."""
    order = list(players)
    rng.shuffle(order)
    out, start = [], 0
    for s in table_sizes(len(order), size):
        out.append(tuple(order[start : start + s]))
        start += s
    return Round(out)
