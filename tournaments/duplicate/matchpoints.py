"""A board's matchpoints: comparison of the scored results, Neuberg, adjusted scores.

Exact arithmetic (``Fraction``): sums and percentages do not depend on the order of
the tables or boards.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from fractions import Fraction

from .types import ADJUSTED_SHARES, Board, BoardScore, ResultScore


def most_results(boards: tuple[Board, ...] | list[Board]) -> int:
    """N: the largest number of results (scored or adjusted) of any board; 0 if none."""
    return max((len(b.results) for b in boards), default=0)


def board_top(n_most: int) -> Fraction:
    """Every board's top, ``2 (N - 1)`` (0 when no board has a result)."""
    return Fraction(2 * max(n_most - 1, 0))


def raw_matchpoints(deltas: list[int]) -> list[int]:
    """NS matchpoints of each delta against the others: 2 per lower, 1 per equal."""
    ordered = sorted(deltas)
    out = []
    for d in deltas:
        lower = bisect_left(ordered, d)
        equal = bisect_right(ordered, d) - lower - 1  # not counting itself
        out.append(2 * lower + equal)
    return out


def neuberg(x: int | Fraction, n: int, n_most: int) -> Fraction:
    """Matchpoints ``x`` of a board with ``n`` scored results, on the top of ``n_most``
    results: ``(x + 1) N / n - 1`` (unchanged when n = N)."""
    if n == n_most:
        return Fraction(x)
    return (Fraction(x) + 1) * n_most / n - 1


def score_board(board: Board, n_most: int) -> BoardScore:
    """The board's top and each result's matchpoints per side, in table order."""
    top = board_top(n_most)
    scored = [r for r in board.results if r.score is not None]
    n = len(scored)
    ns_points = raw_matchpoints([r.delta for r in scored])
    got: dict[int, dict[str, Fraction]] = {}
    for result, ns in zip(scored, ns_points):
        got[result.table] = {
            "NS": neuberg(ns, n, n_most),
            "EW": neuberg(2 * (n - 1) - ns, n, n_most),
        }
    for result in board.results:
        if result.adjusted is not None:
            got[result.table] = {s: ADJUSTED_SHARES[a] * top for s, a in result.adjusted.items()}
    return BoardScore(board.board, top, tuple(ResultScore(t, got[t]) for t in sorted(got)))
