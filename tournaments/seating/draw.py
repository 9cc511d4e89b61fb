"""draw_round() and schedule(): the public entry points of the seating draw."""

from __future__ import annotations

import random
from typing import Any, Sequence

from . import search
from .report import evaluate
from .types import (
    FORMATS,
    INDIVIDUAL,
    PAIRS,
    SEATS,
    SIDES,
    Constraints,
    History,
    PlayerId,
    Round,
    RoundDraw,
    SeatingError,
    as_round,
    player_key,
)

#: Annealing iterations per planned seat (slot); the budget is a count, never a clock.
ITERS_PER_SLOT = 600
MAX_ITERS = 400_000
QUICK_ITERS_PER_SLOT = 40
#: With a plan hint the plan was already searched: a shorter polish is enough.
HINTED_ITERS_PER_SLOT = 150


def _bye_tiebreak(seed: int, p: PlayerId, count: int) -> float:
    # str seeds go through SHA-512: identical on every machine, no hash randomization.
    return random.Random(f"bye|{seed}|{type(p).__name__}|{p}|{count}").random()


def _check_players(players: Sequence[PlayerId], fmt: str) -> list[PlayerId]:
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
            "too_few_players",
            f"A draw needs at least {need} {what}; {len(players)} present.",
        )
    return sorted(players, key=player_key)


def _seat_orient(arr: list[int], seat_counts: list[list[int]], pairs: bool,
                 rng: random.Random) -> list[list[int]]:
    """Choose, table by table, the seats (N/E/S/W or NS/EW) that balance seat use.

    Returns tables as lists of player indices in seat order; updates seat_counts.
    """
    tables = []
    if pairs:
        for t in range(0, len(arr), 2):
            a, b = arr[t], arr[t + 1]
            ca, cb = seat_counts[a], seat_counts[b]
            # side counts are [NS, EW]
            keep = (ca[0] - ca[1]) - (cb[0] - cb[1])
            if keep > 0 or (keep == 0 and rng.random() < 0.5):
                a, b = b, a
            seat_counts[a][0] += 1
            seat_counts[b][1] += 1
            tables.append([a, b])
        return tables
    for t in range(0, len(arr), 4):
        x0, x1, x2, x3 = arr[t:t + 4]
        best = None
        best_cost = None
        ties = 0
        for ns, ew in (((x0, x2), (x1, x3)), ((x1, x3), (x0, x2))):
            for n, s in (ns, ns[::-1]):
                for e, w in (ew, ew[::-1]):
                    cost = (seat_counts[n][0] + seat_counts[e][1]
                            + seat_counts[s][2] + seat_counts[w][3])
                    # extra weight on N (the first dealer)
                    cost = 4 * cost + 6 * seat_counts[n][0]
                    if best_cost is None or cost < best_cost:
                        best, best_cost, ties = (n, e, s, w), cost, 1
                    elif cost == best_cost:
                        ties += 1
                        if rng.random() * ties < 1.0:
                            best = (n, e, s, w)
        for k, p in enumerate(best):
            seat_counts[p][k] += 1
        tables.append(list(best))
    return tables


def _orient_plan(arrs: list[list[int]], seat_counts: list[list[int]], pairs: bool,
                 rng: random.Random, keep: int = 0, passes: int = 8) -> list[list[list[int]]]:
    """Seats for every planned round: greedy round by round, then a few passes of
    re-choosing each table's orientation given all the others (sum of squared seat counts,
    N weighted a little more). Seat choice never changes who partners or faces whom."""
    g = 2 if pairs else 4
    plan = []
    for q, arr in enumerate(arrs):
        if q < keep:  # hinted round: start from the seats it already had
            tables = [arr[t:t + g] for t in range(0, len(arr), g)]
            for tb in tables:
                for k, p in enumerate(tb):
                    seat_counts[p][k] += 1
            plan.append(tables)
        else:
            plan.append(_seat_orient(arr, seat_counts, pairs, rng))
    for _ in range(passes):
        changed = False
        for tables in plan:
            for t, tb in enumerate(tables):
                for k, p in enumerate(tb):
                    seat_counts[p][k] -= 1
                if pairs:
                    a, b = tb
                    options = ((a, b), (b, a))
                else:
                    x0, x1, x2, x3 = tb  # N E S W
                    options = []
                    for ns, ew in (((x0, x2), (x1, x3)), ((x1, x3), (x0, x2))):
                        for n_, s_ in (ns, ns[::-1]):
                            for e_, w_ in (ew, ew[::-1]):
                                options.append((n_, e_, s_, w_))
                best = tuple(tb)
                best_cost = _orient_cost(best, seat_counts)
                for opt in options:
                    c = _orient_cost(opt, seat_counts)
                    if c < best_cost:
                        best, best_cost = opt, c
                if list(best) != tb:
                    changed = True
                    tables[t] = list(best)
                for k, p in enumerate(best):
                    seat_counts[p][k] += 1
        if not changed:
            break
    if pairs:
        _balance_sides(plan, seat_counts)
    else:
        _wander_seats(plan, seat_counts, rng)
    assert all(len(tb) == g for tables in plan for tb in tables)
    return plan


_SYMMETRIES = ((0, 1, 2, 3), (2, 1, 0, 3), (0, 3, 2, 1), (2, 3, 0, 1),
               (1, 0, 3, 2), (3, 0, 1, 2), (1, 2, 3, 0), (3, 2, 1, 0))


def _wander_seats(plan: list[list[list[int]]], seat_counts: list[list[int]],
                  rng: random.Random, per_table: int = 30) -> None:
    """Individual format: random re-orientations of single tables, kept when they do not
    worsen the seat balance (sideways moves let it cross plateaus). Iteration-bounded."""
    tables = [tb for tables in plan for tb in tables]
    if not tables:
        return
    nt = len(tables)
    rnd = rng.random
    for _ in range(per_table * nt):
        tb = tables[int(rnd() * nt)]
        perm = _SYMMETRIES[1 + int(rnd() * 7)]
        new = [tb[perm[k]] for k in range(4)]
        for k, p in enumerate(tb):
            seat_counts[p][k] -= 1
        if _orient_cost(new, seat_counts) <= _orient_cost(tb, seat_counts):
            tb[:] = new
        for k, p in enumerate(tb):
            seat_counts[p][k] += 1


def _balance_sides(plan: list[list[list[int]]], seat_counts: list[list[int]]) -> None:
    """Pairs format: flip NS/EW along paths of planned tables until no pair is 2+ more
    often on one side than another pair it can hand a side to (classic balanced
    orientation by path reversal). Deterministic: fixed scan order."""
    tables = [tb for tables in plan for tb in tables]  # each [ns, ew], mutable in place
    if not tables:
        return
    d = {}
    for tb in tables:
        for p in tb:
            d[p] = seat_counts[p][0] - seat_counts[p][1]
    for _ in range(4 * len(tables)):
        improved = False
        for u in sorted(d, key=lambda p: (-abs(d[p]), p)):
            if abs(d[u]) < 2:
                break
            side = 0 if d[u] > 0 else 1  # u sits too often on `side`; move it off
            # BFS: from x, a table where x sits on `side` leads to the other pair y
            prev = {u: None}
            queue = [u]
            target = None
            for x in queue:
                for k, tb in enumerate(tables):
                    if tb[side] == x:
                        y = tb[1 - side]
                        if y in prev:
                            continue
                        prev[y] = (x, k)
                        if (d[y] <= d[u] - 3) if side == 0 else (d[y] >= d[u] + 3):
                            target = y
                            break
                        queue.append(y)
                if target is not None:
                    break
            if target is None:
                continue
            y = target
            while prev[y] is not None:
                x, k = prev[y]
                tb = tables[k]
                tb[0], tb[1] = tb[1], tb[0]
                y = x
            delta = 2 if side == 0 else -2
            d[u] -= delta
            d[target] += delta
            seat_counts[u][side] -= 1
            seat_counts[u][1 - side] += 1
            seat_counts[target][side] += 1
            seat_counts[target][1 - side] -= 1
            improved = True
            break
        if not improved:
            return


def _orient_cost(opt, seat_counts) -> int:
    """Strongly convex in each seat count (a third time in one seat costs far more than a
    second), with the N seat (first dealer) counted once more."""
    c = 0
    for k, p in enumerate(opt):
        c += 3 ** seat_counts[p][k]
    return 2 * c + 3 ** seat_counts[opt[0]][0]


def draw_round(
    players: Sequence[PlayerId],
    history: History | Sequence[Any] | None = None,
    *,
    fmt: str = INDIVIDUAL,
    seed: int = 0,
    constraints: Constraints | None = None,
    rounds_total: int | None = None,
    round_number: int | None = None,
    plan_hint: Sequence[Any] | None = None,
    effort: float = 1.0,
) -> RoundDraw:
    """Draw the next round for the ``players`` present.

    ``history``: the rounds actually played (may name withdrawn players; late arrivals
    simply have none). With ``rounds_total`` the remaining rounds are planned together
    and only the first is returned (the rest is in ``RoundDraw.plan``). ``plan_hint`` (a
    previous ``RoundDraw.plan``) seeds the search. Sit-outs go to the players with the
    fewest sit-outs so far, where a round a present player was absent from counts as a
    sit-out (so a late arrival is not sent to sit out at once). Raises ``SeatingError``.
    """
    if not isinstance(history, History):
        history = History(history or ())
    constraints = constraints or Constraints()
    ordered = _check_players(players, fmt)
    pairs = fmt == PAIRS
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SeatingError("bad_seed", "The seed must be an integer.")
    played = len(history.rounds)
    if round_number is None:
        round_number = played + 1
    if rounds_total is not None and rounds_total < 1:
        raise SeatingError("bad_rounds", "The number of rounds must be at least 1.")
    horizon = 1 if rounds_total is None else max(1, rounds_total - round_number + 1)

    # ---- index players: present first (canonical order), then history-only ----
    index: dict = {}
    for p in ordered:
        index[p] = len(index)
    m = len(ordered)
    hist_players = sorted(
        {p for r in history.rounds for p in r.players() if p not in index}, key=player_key
    )
    for p in hist_players:
        index[p] = len(index)
    ids = ordered + hist_players
    n = len(ids)

    # ---- history counts ----
    P = [[0] * n for _ in range(n)]
    O = [[0] * n for _ in range(n)]
    seat_counts = [[0, 0] if pairs else [0, 0, 0, 0] for _ in range(n)]
    seats = SIDES if pairs else SEATS
    sitouts = [0] * n
    for rnd in history.rounds:
        here = set()
        for table in rnd.tables:
            xs = [index.get(table.get(s)) if table.get(s) is not None else None for s in seats]
            for k, x in enumerate(xs):
                if x is not None:
                    seat_counts[x][k] += 1
                    here.add(x)
            if pairs:
                a, b = xs
                if a is not None and b is not None and a != b:
                    O[a][b] += 1
                    O[b][a] += 1
                continue
            x0, x1, x2, x3 = xs
            for a, b, M in ((x0, x2, P), (x1, x3, P), (x0, x1, O), (x0, x3, O),
                            (x2, x1, O), (x2, x3, O)):
                if a is not None and b is not None and a != b:
                    M[a][b] += 1
                    M[b][a] += 1
        for i in range(m):
            if i not in here:
                sitouts[i] += 1  # bye, or absent that round

    # ---- constraints as virtual counts ----
    for a, b in constraints.never_partners:
        if pairs or a not in index or b not in index:
            continue
        ia, ib = index[a], index[b]
        P[ia][ib] += search.VIRTUAL_P
        P[ib][ia] += search.VIRTUAL_P
    for a, b in constraints.never_same_table:
        if a not in index or b not in index:
            continue
        ia, ib = index[a], index[b]
        if not pairs:
            P[ia][ib] += search.VIRTUAL_P
            P[ib][ia] += search.VIRTUAL_P
        O[ia][ib] += search.VIRTUAL_O
        O[ib][ia] += search.VIRTUAL_O

    # ---- byes for every planned round: fewest sit-outs first, seeded tie-break ----
    group = 2 if pairs else 4
    nbyes = m % group
    counts = sitouts[:m]
    bye_plan: list[list[int]] = []
    seated_plan: list[list[int]] = []
    for _ in range(horizon):
        order = sorted(range(m), key=lambda i: (counts[i], _bye_tiebreak(seed, ids[i], counts[i]), i))
        byes = sorted(order[:nbyes])
        for i in byes:
            counts[i] += 1
        bye_plan.append(byes)
        bset = set(byes)
        seated_plan.append([i for i in range(m) if i not in bset])

    rng = random.Random(seed * 1_000_003 + round_number)

    # ---- initial arrangement: the hint (repaired) or a shuffle ----
    hint = [as_round(h) for h in (plan_hint or ())]
    arrs: list[list[int]] = []
    for q in range(horizon):
        seated = seated_plan[q]
        if q < len(hint):
            arrs.append(_repair(hint[q], seated, index, seats, rng))
        else:
            arr = seated[:]
            rng.shuffle(arr)
            arrs.append(arr)

    seated_count = [0] * n
    for arr in arrs:
        for i in arr:
            seated_count[i] += 1
    bound = search.lower_bound(list(range(m)), seated_count, P, O, pairs)
    slots = sum(len(a) for a in arrs)
    per_slot = ITERS_PER_SLOT if not hint else HINTED_ITERS_PER_SLOT
    iters = min(MAX_ITERS, int(effort * per_slot * slots))
    # Phase 1: a quick descent (enough for roomy fields); phase 2: annealing for the rest.
    quick = min(iters, QUICK_ITERS_PER_SLOT * slots)
    arrs, cost = search.anneal(arrs, P, O, rng, quick, bound, pairs=pairs, t0=0.05, t1=0.05)
    if cost > bound and iters > quick:
        search.add_plan(arrs, P, O, pairs, sign=-1)
        arrs, cost = search.anneal(arrs, P, O, rng, iters - quick, bound, pairs=pairs)

    if _violates(arrs[0], P, O, pairs):
        # Try harder on this round alone before giving up.
        search.add_plan(arrs, P, O, pairs, sign=-1)
        for attempt in range(3):
            arr = seated_plan[0][:]
            rng.shuffle(arr)
            sub, _ = search.anneal([arr], P, O, rng, 20_000 + 200 * len(arr), 0, pairs=pairs,
                                   t0=3.0)
            if not _violates(sub[0], P, O, pairs):
                arrs = sub + arrs[1:]
                break
            search.add_plan(sub, P, O, pairs, sign=-1)
        else:
            raise SeatingError(
                "constraints_unsatisfiable",
                "The director's constraints (never partners / never at the same table) "
                "cannot all be kept in this round; relax one of them.",
            )

    # ---- seats, round by round ----
    tables_plan = _orient_plan(arrs, seat_counts, pairs, rng, keep=len(hint))
    rounds_out = []
    for q in range(len(arrs)):
        tables = tuple({seats[k]: ids[x] for k, x in enumerate(t)} for t in tables_plan[q])
        byes = tuple(ids[i] for i in bye_plan[q])
        rounds_out.append(Round(tables, byes))
    this = rounds_out[0]
    all_rounds = list(history.rounds) + [this]
    k = len(all_rounds)
    return RoundDraw(
        tables=this.tables,
        byes=this.byes,
        report=evaluate(all_rounds, constraints=constraints, fmt=fmt, only_round=k),
        format=fmt,
        round_number=round_number,
        seed=seed,
        plan=tuple(rounds_out[1:]),
        tournament=evaluate(all_rounds, constraints=constraints, fmt=fmt),
    )


def _violates(arr: list[int], P, O, pairs: bool) -> bool:
    """Does this round break a director constraint? (virtual counts are huge)"""
    g = 2 if pairs else 4
    for t in range(0, len(arr), g):
        xs = arr[t:t + g]
        for u in range(g):
            for v in range(u + 1, g):
                if O[xs[u]][xs[v]] >= search.VIRTUAL_O:
                    return True
        if not pairs and (P[xs[0]][xs[2]] >= search.VIRTUAL_P
                          or P[xs[1]][xs[3]] >= search.VIRTUAL_P):
            return True
    return False


def _repair(hint: Round, seated: list[int], index: dict, seats, rng: random.Random) -> list[int]:
    """Turn a hinted round into a slot list over exactly ``seated``."""
    want = set(seated)
    used = set()
    slots: list = []
    for table in hint.tables:
        for s in seats:
            x = index.get(table.get(s))
            if x is not None and x in want and x not in used:
                slots.append(x)
                used.add(x)
            else:
                slots.append(None)
    missing = [i for i in seated if i not in used]
    rng.shuffle(missing)
    out = []
    for x in slots:
        if x is None:
            if missing:
                out.append(missing.pop())
        else:
            out.append(x)
    out.extend(missing)
    return out


def schedule(n_players: int, rounds: int, *, pairs: bool = False, seed: int = 0,
             effort: float = 1.0) -> list[RoundDraw]:
    """A whole schedule for players (or pairs) numbered 1..n_players, drawn round by round
    with the remaining rounds planned each time."""
    if isinstance(n_players, bool) or not isinstance(n_players, int):
        raise SeatingError("bad_players", "The number of players must be an integer.")
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1:
        raise SeatingError("bad_rounds", "The number of rounds must be an integer, at least 1.")
    fmt = PAIRS if pairs else INDIVIDUAL
    players = list(range(1, n_players + 1))
    _check_players(players, fmt)
    out: list[RoundDraw] = []
    plan: tuple = ()
    for r in range(rounds):
        d = draw_round(players, History([x.as_round() for x in out]), fmt=fmt, seed=seed,
                       rounds_total=rounds, round_number=r + 1, plan_hint=plan, effort=effort)
        out.append(d)
        plan = d.plan
    return out
