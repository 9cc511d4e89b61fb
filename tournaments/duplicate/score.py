"""``score(data) -> dict``: a results file scored, the whole path in one call."""

from __future__ import annotations

from typing import Any

from .matchpoints import most_results, score_board
from .players import player_lines
from .read import read_results
from .types import Board, Scores


def score_boards(boards: tuple[Board, ...]) -> Scores:
    """Scores of checked boards (``read_results``): boards in the given order, players
    by rank."""
    n_most = most_results(boards)
    scored = tuple(score_board(b, n_most) for b in boards)
    return Scores(scored, tuple(player_lines(boards, scored)), n_most)


def score(data: Any) -> dict[str, Any]:
    """A parsed results file scored: the JSON object the command prints.

    Raises ``DuplicateError`` for a file that breaks a rule."""
    return score_boards(read_results(data)).to_dict()
