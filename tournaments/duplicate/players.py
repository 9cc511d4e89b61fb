"""Players' totals and ranking: matchpoints, top, percentage, points, boards, shared rank."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from .types import SIDES, Board, BoardScore, PlayerLine


def percent_of(matchpoints: Fraction, top: Fraction) -> Decimal:
    """``100 x matchpoints / top`` rounded to 2 decimals, half up (50 when top is 0)."""
    if top == 0:
        return Decimal("50.00")
    hundredths = (Fraction(10000) * matchpoints / top + Fraction(1, 2)).__floor__()
    return Decimal(hundredths).scaleb(-2)


def player_lines(boards: tuple[Board, ...], scores: tuple[BoardScore, ...]) -> list[PlayerLine]:
    """One line per player, by rank: percentage (2 decimals) highest first; equal rounded
    percentages share a rank (1, 2, 2, 4) and are listed by name (code-point order)."""
    totals: dict[str, list] = {}  # player -> [matchpoints, top, points, boards]
    for board, score in zip(boards, scores):
        by_table = {r.table: r.matchpoints for r in score.results}
        for result in board.results:
            for side in SIDES:
                for player in result.players[side]:
                    t = totals.setdefault(player, [Fraction(0), Fraction(0), 0, 0])
                    t[0] += by_table[result.table][side]
                    t[1] += score.top
                    t[2] += result.score[side] if result.score is not None else 0
                    t[3] += 1
    percents = {p: percent_of(t[0], t[1]) for p, t in totals.items()}
    order = sorted(totals, key=lambda p: (-percents[p], p))
    lines: list[PlayerLine] = []
    for i, player in enumerate(order):
        shared = i and percents[player] == percents[order[i - 1]]
        rank = lines[-1].rank if shared else i + 1
        mp, top, points, played = totals[player]
        lines.append(PlayerLine(player, mp, top, percents[player], points, played, rank))
    return lines
