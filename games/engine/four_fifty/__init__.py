"""450 (la piquée) rules engine: pure Python, no Django.  See README.md here.

Public API::

    from games.engine.four_fifty import (
        get_rules, option_catalogue, OPTIONS, Rules,      # players and options
        new_round, Round, RoundResult, Phase,              # one round (manche)
        Game, replay_game,                                 # the game (partie)
        replay, to_record, check_record, FORMAT, GAME_FORMAT,
        count_hand, Count,                                 # the counts
        SheetRound, score_cards, score_points, read_sheet, SHEET_FORMAT,  # the sheet
    )
    from games.engine.four_fifty.bots import choose_action
"""

from .check import check_record
from .game import Game, replay_game
from .options import OPTIONS, Rules, get_rules, option_catalogue
from .record import FORMAT, FORMATS, GAME_FORMAT, to_record
from .records import replay
from .round import Phase, Round, RoundResult, new_round
from .scoring import Count, count_hand
from .sheet import SHEET_FORMAT, SheetRound, read_sheet, score_cards, score_points

__all__ = [
    "Count",
    "FORMAT",
    "FORMATS",
    "GAME_FORMAT",
    "Game",
    "OPTIONS",
    "Phase",
    "Round",
    "RoundResult",
    "Rules",
    "SHEET_FORMAT",
    "SheetRound",
    "check_record",
    "count_hand",
    "get_rules",
    "new_round",
    "option_catalogue",
    "replay",
    "read_sheet",
    "replay_game",
    "score_cards",
    "score_points",
    "to_record",
]
