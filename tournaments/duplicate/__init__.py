"""Duplicate 500 scoring (pure Python, no Django): matchpoints, Neuberg, players' ranks.

The public interface is ``club500-duplicate/1`` (docs/duplicate.md). In a duplicate round
every table plays the same boards; each result is compared with the same board's results
in the same direction at the other tables.

    score(data) -> dict                   # a parsed results file -> the command's JSON
    read_results(data) -> tuple[Board]    # checked boards, or DuplicateError
    score_boards(boards) -> Scores        # exact values: Fraction matchpoints, Decimal %

Decisions (tested in tests/tournaments/duplicate/):

- **Matchpoints.** Among a board's n scored results, each side earns 2 per other result
  whose delta (its side's score minus the other's) is lower, 1 per equal one; adjusted
  results are not compared. Exact fractions throughout, floats only in ``to_dict``.
- **Neuberg.** N is the largest number of results (scored or adjusted) of any board;
  a board with n < N scored results scales x to ``(x + 1) N / n - 1``; every board's top
  is ``2 (N - 1)`` (0 in a file with no result at all, rather than -2). An adjusted side
  gets 60/50/40% of that top (``A+``/``A``/``A-``).
- **Players.** Matchpoints and top summed over their boards; percent
  ``100 x matchpoints / top`` rounded to 2 decimals half up (50 with a top of 0);
  points: their side's scores on scored boards; boards: every board played.
- **Ranking.** By rounded percentage, highest first; equal rounded percentages share a
  rank (1, 2, 2, 4) and are listed by player name in code-point order.
- **Reading.** Beyond DUPLICATE.md's listed errors, these are refused too (they break its
  rules or would make the output ambiguous): a board number or table number that is not
  an integer; a board number twice in the file; ``results`` not a list; a side's players
  not a non-empty list of non-empty strings; a ``score`` side that is not an integer.
  Unknown keys are ignored. Errors name the board and table (``board 3, table 2: ...``).
"""

from .matchpoints import board_top, most_results, neuberg, raw_matchpoints, score_board
from .players import percent_of, player_lines
from .read import read_results
from .score import score, score_boards
from .types import (
    ADJUSTED_SHARES,
    FORMAT,
    SIDES,
    Board,
    BoardScore,
    DuplicateError,
    PlayerLine,
    Result,
    ResultScore,
    Scores,
)

__all__ = [
    "ADJUSTED_SHARES",
    "FORMAT",
    "SIDES",
    "Board",
    "BoardScore",
    "DuplicateError",
    "PlayerLine",
    "Result",
    "ResultScore",
    "Scores",
    "board_top",
    "most_results",
    "neuberg",
    "percent_of",
    "player_lines",
    "raw_matchpoints",
    "read_results",
    "score",
    "score_board",
    "score_boards",
]
