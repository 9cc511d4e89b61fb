"""Table draws for 450 evenings (pure Python, no Django).

450 is each for himself at tables of 3 to 6. Each game (partie) of an evening the
present players are split into tables of the director's size (3 to 6, or as even as
possible; never a table below 3: ``table_sizes``), so that over the games each player
sits with as many different people as possible: a pair meeting at a table again is the
cost, minimised over the remaining games planned together (simulated annealing, as the
500 draw plans its rounds), and seat order is varied (seat 1, the secretary; seat 2
deals first; neighbours).

    table_sizes(players, size) -> (4, 4, 3, 3)
    draw_tables(players, history, size=..., seed=..., games_total=..., game_number=...,
                plan_hint=...) -> TablesDraw
    evaluate(rounds, only_round=None) -> Report
    schedule(n_players, games, size=..., seed=...) -> list[TablesDraw]

Tables list player ids in seat order (P1, P2, ...). The seed makes a draw reproducible.
"""

from .draw import draw_tables, random_tables, schedule
from .report import evaluate, repeat_meetings
from .sizes import table_sizes
from .types import (
    EVEN,
    MAX_TABLE,
    MIN_TABLE,
    SEATS,
    SIZES,
    PlayerId,
    Repeat,
    Report,
    Round,
    TablesDraw,
    TablesError,
    as_round,
    seat_name,
)

__all__ = [
    "EVEN",
    "MAX_TABLE",
    "MIN_TABLE",
    "SEATS",
    "SIZES",
    "PlayerId",
    "Repeat",
    "Report",
    "Round",
    "TablesDraw",
    "TablesError",
    "as_round",
    "draw_tables",
    "evaluate",
    "random_tables",
    "repeat_meetings",
    "schedule",
    "seat_name",
    "table_sizes",
]
