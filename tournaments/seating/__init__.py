"""Seating draws for 500 tournaments (pure Python, no Django).

Individual format: partners drawn each round, tables of four with partners opposite
(N-S, E-W). Pairs format: fixed pairs, a table is two pairs (NS vs EW). The N seat deals
the first hand of a round (``FIRST_DEALER_SEAT``).

The whole tournament is planned at round 1: a precomputed movement from the library
(``library``, relabelled with the seed) or the round robin for pairs; later rounds follow
the plan, and the rest is planned again from the history when the field changes.

    draw_round(players, history, fmt=..., seed=..., constraints=..., rounds_total=...,
               plan_hint=previous_draw.plan)
    plan_rounds(players, history, rounds_total=..., ...) -> Plan
    evaluate(rounds) -> Report
    schedule(n_players, rounds, pairs=False, seed=0) -> list[RoundDraw]

Command line: ``python -m tournaments.seating --players N --rounds R [--pairs] [--seed S]``.
"""

from .draw import draw_round, hint_fits, schedule
from .plan import Plan, cell_figures, moved, plan_rounds
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
    "FIRST_DEALER_SEAT",
    "FORMATS",
    "INDIVIDUAL",
    "PAIRS",
    "SEATS",
    "SIDES",
    "ByeRepeat",
    "Constraints",
    "History",
    "PlayerId",
    "Repeat",
    "Report",
    "Round",
    "RoundDraw",
    "SeatingError",
    "Violation",
    "Plan",
    "cell_figures",
    "draw_round",
    "evaluate",
    "hint_fits",
    "moved",
    "plan_rounds",
    "schedule",
]
