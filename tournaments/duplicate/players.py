"""Players' totals and ranking: matchpoints, top, percentage, points, boards, shared rank."""

from __future__ import annotations

from dataclasses import replace
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
    # player -> [{denominator: sum of numerators}, boards, points]: an exact sum of
    # fractions without building a Fraction at each addition (the slow part)
    acc: dict[str, list] = {}
    for board, score in zip(boards, scores):
        by_table = {r.table: r.matchpoints for r in score.results}
        for result in board.results:
            for side in SIDES:
                mp = by_table[result.table][side]
                points = result.score[side] if result.score is not None else 0
                for player in result.players[side]:
                    a = acc.get(player)
                    if a is None:
                        a = acc[player] = [{}, 0, 0]
                    a[0][mp.denominator] = a[0].get(mp.denominator, 0) + mp.numerator
                    a[1] += 1
                    a[2] += points
    board_top = scores[0].top if scores else Fraction(0)  # the same on every board
    lines: list[PlayerLine] = []
    for player, (parts, played, points) in acc.items():
        mp = sum((Fraction(n, d) for d, n in parts.items()), Fraction(0))
        top = board_top * played
        lines.append(PlayerLine(player, mp, top, percent_of(mp, top), points, played, 0))
    lines.sort(key=lambda ln: (-ln.percent, ln.player))
    for i, line in enumerate(lines):
        shared = i and line.percent == lines[i - 1].percent
        lines[i] = replace(line, rank=lines[i - 1].rank if shared else i + 1)
    return lines
