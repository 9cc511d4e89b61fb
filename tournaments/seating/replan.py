"""Planning the remaining rounds from a history: after a change of the field (a late
arrival, a withdrawal, a no-show, a substitute), after a hand edit, or for a cell the
library does not hold.

Several starts compete, each improved by annealing (``search.anneal``) then, in the
individual format, by the tabu search (``tabu.tabu``) down to the counting bound left by
the history; the cheapest plan wins (ties: the first start):

* the previous plan, repaired: who stays keeps their seat, newcomers fill the holes,
  byes by the rule (fewest sit-outs first, a missed round counting as one), first as
  it is (so that a search must do strictly better to move anyone else), then improved;
* the library's movement for the remaining field and rounds, relabelled to fit the
  history (``relabel.fit``: players who met already are kept apart), its byes given to
  the players with the fewest sit-outs (individual format, small fields, where the
  counting bound is tight and the library's structure pays);
* after one round only, played by the present field: the library's movement for the
  whole tournament relabelled so that its first round is that round (a director's
  swap in round 1 then costs nothing);
* without any of these, a seeded shuffle.
"""

from __future__ import annotations

import random

from . import library, orient, search, tabu
from .field import Field
from .relabel import fit, relations
from .types import Round, SeatingError

#: Annealing iterations per planned seat (slot); the budget is a count, never a clock.
ITERS_PER_SLOT = 600
MAX_ITERS = 400_000
QUICK_ITERS_PER_SLOT = 40
#: Starting from a previous plan, a shorter polish is enough.
HINTED_ITERS_PER_SLOT = 150
#: Tabu steps, scaled down for larger rounds (a step weighs every seat of a round).
TABU_WORK = 100_000
#: The library start is tried for fields up to this size (its relabelling costs m^2 a step).
FIT_MAX_PLAYERS = 32
FIT_STEPS = 300


def search_plan(
    f: Field,
    horizon: int,
    seed: int,
    round_number: int,
    hint: list[Round],
    effort: float,
    history: tuple[Round, ...] = (),
) -> tuple[list[list[list[int]]], list[list[int]]]:
    """(tables per round, byes per round) over field indices, tables in seat order."""
    rng = random.Random(seed * 1_000_003 + round_number)
    rule_byes = f.bye_plan(horizon, seed)
    starts = []
    repaired = None
    if hint:
        hint_byes = f.bye_plan(horizon, seed, hint)
        seated = _seated(f, hint_byes)
        repaired = [
            _repair(hint[q], seated[q], f, rng) if q < len(hint) else _shuffled(seated[q], rng)
            for q in range(horizon)
        ]
        # as it is first (nobody else moves unless another start does strictly better)
        starts.append((hint_byes, [a[:] for a in repaired], len(hint), None))
    anchored = _anchored_library(f, history, horizon)
    if anchored is not None:
        starts.append((*anchored, horizon, None))
    if repaired is not None:
        starts.append((hint_byes, repaired, len(hint), True))
    if not f.pairs:
        starts.append("fitted")  # relabelled only when needed: it costs m^2 a step
    best = None
    for start in starts:
        if best is not None and best[0] == 0:
            break  # nothing repeats: no other start can do strictly better
        if start == "fitted":
            fitted = _fitted_library(f, horizon, seed)
            if fitted is None:
                continue
            start = (*fitted, 0, True)
        byes, arrs, keep, structured = start
        P, opponents = [row[:] for row in f.P], [row[:] for row in f.opponents]
        arrs, byes, cost = _improve(
            f, arrs, byes, P, opponents, rng, 0 if structured is None else effort, bool(structured)
        )
        if best is None or cost < best[0]:
            best = (cost, arrs, byes, keep, P, opponents)
    if best is None:
        byes, arrs = rule_byes, [_shuffled(s, rng) for s in _seated(f, rule_byes)]
        P, opponents = [row[:] for row in f.P], [row[:] for row in f.opponents]
        arrs, byes, cost = _improve(f, arrs, byes, P, opponents, rng, effort, False)
        best = (cost, arrs, byes, 0, P, opponents)
    _, arrs, byes, keep, P, opponents = best
    arrs = _keep_rules(f, arrs, byes, P, opponents, rng)
    tables = orient.orient_plan(
        arrs, [c[:] for c in f.seat_counts], f.pairs, rng, keep=keep, fixed=f.fixed
    )
    return tables, byes


def _seated(f: Field, byes: list[list[int]]) -> list[list[int]]:
    return [[i for i in range(f.m) if i not in set(b)] for b in byes]


def _shuffled(seated: list[int], rng: random.Random) -> list[int]:
    arr = seated[:]
    rng.shuffle(arr)
    return arr


def _improve(
    f: Field, arrs, byes, P, opponents, rng: random.Random, effort: float, structured: bool
):
    """Anneal (shorter from a structured start: a previous plan, a library movement),
    then tabu (individual format, two tables or more); returns (plan, byes, cost). P and
    opponents end up holding the plan's meetings."""
    pairs = f.pairs
    seated_count = [0] * len(f.ids)
    for arr in arrs:
        for i in arr:
            seated_count[i] += 1
    bound = search.lower_bound(list(range(f.m)), seated_count, P, opponents, pairs)
    slots = sum(len(a) for a in arrs)
    per_slot = HINTED_ITERS_PER_SLOT if structured else ITERS_PER_SLOT
    iters = min(MAX_ITERS, int(effort * per_slot * slots))
    # A quick descent (enough for roomy fields), then annealing for the rest.
    quick = min(iters, QUICK_ITERS_PER_SLOT * slots)
    arrs, cost = search.anneal(arrs, P, opponents, rng, quick, bound, pairs=pairs, t0=0.05, t1=0.05)
    if cost > bound and iters > quick:
        search.add_plan(arrs, P, opponents, pairs, sign=-1)
        arrs, cost = search.anneal(arrs, P, opponents, rng, iters - quick, bound, pairs=pairs)
    if pairs or not all(len(a) >= 8 for a in arrs):
        return arrs, byes, cost
    width = max(len(a) for a in arrs)
    steps = int(effort * TABU_WORK / width)
    return tabu.tabu(arrs, byes, P, opponents, rng, steps, _excess_bound(f, byes))


def _keep_rules(f: Field, arrs, byes, P, opponents, rng: random.Random):
    """The next round must break no director rule: try harder on it alone, else refuse."""
    if not f.violates(arrs[0]):
        return arrs
    pairs = f.pairs
    seated = _seated(f, byes[:1])[0]
    search.add_plan(arrs, P, opponents, pairs, sign=-1)
    for _attempt in range(3):
        sub, _ = search.anneal(
            [_shuffled(seated, rng)],
            P,
            opponents,
            rng,
            20_000 + 200 * len(seated),
            0,
            pairs=pairs,
            t0=3.0,
        )
        if not f.violates(sub[0]):
            return sub + arrs[1:]
        search.add_plan(sub, P, opponents, pairs, sign=-1)
    raise SeatingError(
        "constraints_unsatisfiable",
        "The director's constraints (never partners / never at the same table / fixed "
        "seats) cannot all be kept in this round; relax one of them.",
    )


def _excess_bound(f: Field, byes: list[list[int]]) -> int:
    """Counting bound on the tabu cost a plan adds: a player seated s more times needs s
    partners and 2s opponents, and every one past those not yet met repeats someone."""
    games = [len(byes)] * f.m
    for b in byes:
        for i in b:
            games[i] -= 1
    partner = opponent = 0
    for i in range(f.m):
        Pi, Oi = f.P[i], f.opponents[i]
        fresh_p = sum(1 for j in range(f.m) if j != i and Pi[j] == 0)
        fresh_o = sum(1 for j in range(f.m) if j != i and Oi[j] == 0)
        partner += max(0, games[i] - fresh_p)
        opponent += max(0, 2 * games[i] - fresh_o)
    return tabu.WP * -(-partner // 2) + -(-opponent // 2)


def _anchored_library(f: Field, history: tuple[Round, ...], horizon: int):
    """After one round only, played (or edited) by the present field at full tables:
    the library's movement for the whole tournament, relabelled so that its first round
    *is* that round (any round of tables of four is a relabelling of another). Its
    later rounds keep the library's figures. Returns (byes, slot lists) or None."""
    if f.pairs or len(history) != 1 or horizon + 1 > library.MAX_ROUNDS:
        return None
    rnd = history[0]
    present = {f.ids[i] for i in range(f.m)}
    if set(rnd.players()) != present or len(rnd.players()) != f.m:
        return None
    if any(len(t) != 4 for t in rnd.tables) or len(rnd.byes) != f.m % 4:
        return None
    mv = (
        library.movement(f.m, horizon + 1)
        if library.MIN_PLAYERS <= f.m <= library.MAX_PLAYERS
        else None
    )
    if mv is None:
        return None
    seated, out = mv.schedule[0]
    sigma = [0] * f.m
    for t, table in enumerate(rnd.tables):
        for k, seat in enumerate(f.seats):
            sigma[seated[4 * t + k]] = f.index[table[seat]]
    for u, p in zip(out, rnd.byes):
        sigma[u] = f.index[p]
    byes = [sorted(sigma[u] for u in b) for _, b in mv.schedule[1:]]
    return byes, [[sigma[u] for u in s] for s, _ in mv.schedule[1:]]


def _fitted_library(f: Field, horizon: int, seed: int):
    """The library's movement for (present players, remaining rounds), relabelled to
    fit the history, or None. Returns (byes, slot lists)."""
    if not (library.MIN_PLAYERS <= f.m <= FIT_MAX_PLAYERS) or horizon > library.MAX_ROUNDS:
        return None
    mv = library.movement(f.m, horizon)
    if mv is None:
        return None
    rng = random.Random(f"fit|{seed}|{horizon}")
    lib_byes = [0] * f.m
    for _, out in mv.schedule:
        for u in out:
            lib_byes[u] += 1
    # fair byes: the positions sitting out most go to the players who sat out least
    positions = sorted(range(f.m), key=lambda u: (-lib_byes[u], rng.random()))
    players = sorted(range(f.m), key=lambda i: (f.sitouts[i], rng.random()))
    sigma = [0] * f.m
    for u, i in zip(positions, players):
        sigma[u] = i
    movement = [
        [list(seated[t : t + 4]) for t in range(0, len(seated), 4)] for seated, _ in mv.schedule
    ]
    LP, LO = relations(f.m, movement, False)
    sigma, _ = fit(
        sigma,
        LP,
        LO,
        f.P,
        f.opponents,
        lambda u, v: lib_byes[u] == lib_byes[v] or f.sitouts[sigma[u]] == f.sitouts[sigma[v]],
        rng,
        FIT_STEPS,
        tabu.WP,
        search.VIRTUAL_P,
        search.VIRTUAL_O,
    )
    arrs = [[sigma[u] for u in seated] for seated, _ in mv.schedule]
    byes = [sorted(sigma[u] for u in out) for _, out in mv.schedule]
    return byes, arrs


def _repair(hint: Round, seated: list[int], f: Field, rng: random.Random) -> list[int]:
    """Turn a hinted round into a slot list over exactly ``seated``: who stays seated
    keeps their place, newcomers fill the holes."""
    want = set(seated)
    used = set()
    slots: list = []
    for table in hint.tables:
        for s in f.seats:
            x = f.index.get(table.get(s))
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
