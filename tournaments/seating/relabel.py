"""Relabelling a precomputed movement onto a tournament's players.

A movement is over positions 0..m-1; a relabelling ``sigma`` (position -> player index) is
a seeded shuffle, so every figure of the movement (repeats, byes, seat balance) carries
over unchanged while two tournaments of one size seat different people together. The
director's rules (pair relations: never partners, never opponents, never at one table)
are then honoured by *repair*: swapping the labels of two positions keeps every figure,
so a short local search over label swaps looks for a relabelling that breaks no rule.
"""

from __future__ import annotations

import random


def relations(m: int, tables_by_round, pairs: bool) -> tuple[list, list]:
    """Partner and opponent meeting counts over positions, from rounds of tables (slot
    lists: N E S W, or NS EW)."""
    LP = [[0] * m for _ in range(m)]
    LO = [[0] * m for _ in range(m)]
    for tables in tables_by_round:
        for tb in tables:
            if pairs:
                rel = ((tb[0], tb[1], LO),)
            else:
                a, b, c, d = tb
                rel = ((a, c, LP), (b, d, LP), (a, b, LO), (a, d, LO), (c, b, LO), (c, d, LO))
            for x, y, M in rel:
                M[x][y] += 1
                M[y][x] += 1
    return LP, LO


def _cost(kind: str, u: int, v: int, LP, LO) -> int:
    if kind == "P":
        return LP[u][v]
    if kind == "O":
        return LO[u][v]
    return LP[u][v] + LO[u][v]


def _best_swap(u: int, m: int, allowed, swap, cost_around, rng: random.Random):
    """The position v whose swap with u lowers ``cost_around(u, v)`` most (ties broken
    at random): (v, cost change), or (None, None). ``swap(u, v)`` swaps and swaps back."""
    best, best_delta, ties = None, None, 0
    for v in range(m):
        if v == u or not allowed(u, v):
            continue
        before = cost_around(u, v)
        swap(u, v)
        delta = cost_around(u, v) - before
        swap(u, v)
        if best_delta is None or delta < best_delta:
            best, best_delta, ties = v, delta, 1
        elif delta == best_delta:
            ties += 1
            if rng.random() * ties < 1.0:
                best = v
    return best, best_delta


def repair(
    sigma: list[int],
    rules: list[tuple[int, int, str]],
    LP,
    LO,
    rng: random.Random,
    iters: int | None = None,
) -> tuple[list[int], int]:
    """Swap labels until no rule is broken (or the budget is spent).

    ``sigma[u]`` is the player index at position u; ``rules`` are (player, player, kind).
    Returns (sigma, rule-breaking meetings left). Deterministic for a given ``rng``.
    """
    m = len(sigma)
    inv = {p: u for u, p in enumerate(sigma)}
    by_player: dict = {}
    for k, (a, b, _kind) in enumerate(rules):
        by_player.setdefault(a, []).append(k)
        by_player.setdefault(b, []).append(k)

    def rule_cost(k: int) -> int:
        a, b, kind = rules[k]
        return _cost(kind, inv[a], inv[b], LP, LO)

    def around(u: int, v: int) -> int:
        ks = set(by_player.get(sigma[u], ())) | set(by_player.get(sigma[v], ()))
        return sum(rule_cost(k) for k in ks)

    def swap(u: int, v: int) -> None:
        sigma[u], sigma[v] = sigma[v], sigma[u]
        inv[sigma[u]], inv[sigma[v]] = u, v

    total = sum(rule_cost(k) for k in range(len(rules)))
    for _ in range(iters if iters is not None else 200 + 20 * m):
        if total == 0:
            break
        broken = [k for k in range(len(rules)) if rule_cost(k)]
        a, b, _kind = rules[broken[rng.randrange(len(broken))]]
        u = inv[a if rng.random() < 0.5 else b]
        v, delta = _best_swap(u, m, lambda u_, v_: True, swap, around, rng)
        if v is None or (delta > 0 and rng.random() > 0.2):
            continue
        swap(u, v)
        total += delta
    return sigma, total


def _added(h: int, n: int, virtual: int, weight: int) -> int:
    """Repeats added by n more meetings of a pair that met h times (forbidden: huge)."""
    if not n:
        return 0
    if h >= virtual:
        return n * 1_000_000
    return weight * (max(0, h + n - 1) - max(0, h - 1))


def fit(
    sigma: list[int],
    LP,
    LO,
    HP,
    HO,
    swappable,
    rng: random.Random,
    steps: int,
    wp: int,
    virtual_p: int,
    virtual_o: int,
) -> tuple[list[int], int]:
    """Relabel a movement against a history: swap labels to lower the repeats the
    movement adds to what the players already met (``HP``/``HO``: history counts over
    player indices, forbidden pairs carrying virtual counts). ``swappable(u, v)`` says
    whether the players at positions u and v may trade them (both keep a fair share of
    byes).
    Steepest descent from a conflicted position, sideways moves allowed. Returns
    (sigma, cost)."""
    m = len(sigma)

    def pair_cost(u: int, v: int) -> int:
        a, b = sigma[u], sigma[v]
        return _added(HP[a][b], LP[u][v], virtual_p, wp) + _added(HO[a][b], LO[u][v], virtual_o, 1)

    def row(u: int) -> int:
        return sum(pair_cost(u, w) for w in range(m) if w != u)

    def around(u: int, v: int) -> int:
        return row(u) + row(v) - pair_cost(u, v)

    def swap(u: int, v: int) -> None:
        sigma[u], sigma[v] = sigma[v], sigma[u]

    total = sum(row(u) for u in range(m)) // 2
    for _ in range(steps):
        if total == 0:
            break
        bad = [u for u in range(m) if any(pair_cost(u, w) for w in range(m) if w != u)]
        u = bad[rng.randrange(len(bad))]
        v, delta = _best_swap(u, m, swappable, swap, around, rng)
        if v is None or delta > 0:
            continue
        swap(u, v)
        total += delta
    return sigma, total
