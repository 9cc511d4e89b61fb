"""Seating draws for 500 tournaments (pure Python, no Django).

Individual format: partners drawn each round, tables of four with partners opposite
(N-S, E-W). Pairs format: fixed pairs, a table is two pairs (NS vs EW). The N seat deals
the first hand of a round (``FIRST_DEALER_SEAT``).

    draw_round(players, history, fmt=..., seed=..., constraints=..., rounds_total=...)
    evaluate(rounds) -> Report
    schedule(n_players, rounds, pairs=False, seed=0) -> list[RoundDraw]

Command line: ``python -m tournaments.seating --players N --rounds R [--pairs] [--seed S]``.
"""

from .draw import draw_round, schedule
from .report import evaluate
from .types import (
    FIRST_DEALER_SEAT,
    FORMATS,
    INDIVIDUAL,
    PAIRS,
    SEATS,
    SIDES,
    ByeRepeat,
    Constraints,
    History,
    PlayerId,
    Repeat,
    Report,
    Round,
    RoundDraw,
    SeatingError,
    Violation,
)

__all__ = [
    "FIRST_DEALER_SEAT", "FORMATS", "INDIVIDUAL", "PAIRS", "SEATS", "SIDES",
    "ByeRepeat", "Constraints", "History", "PlayerId", "Repeat", "Report", "Round",
    "RoundDraw", "SeatingError", "Violation", "draw_round", "evaluate", "schedule",
]
