"""Club 500 rules engine: pure Python, no Django.

Public API (see games/engine/README.md)::

    from games.engine import (
        VARIANTS, get_variant, option_catalogue,      # variants and options
        new_hand, replay, Hand, Phase,                # one hand
        score_sheet_hand, HandResult,                 # hands played with real cards
        Game, draw_first_dealer,                      # the game around the hands
        check_record,                                 # the check CLI, as a function
        EngineError, MalformedError, IllegalActionError, UnknownVariantError,
    )
    from games.engine.bots import choose_action
    from games.engine.solver import Position, Solution, makes, position_from_hand, solve
"""

from .errors import EngineError, IllegalActionError, MalformedError, UnknownVariantError
from .game import FirstDealerDraw, Game, draw_first_dealer, game_outcome
from .hand import Hand, Phase, new_hand
from .record_write import FORMAT, to_record
from .records import check_record, replay
from .scoring import HandResult, score_sheet_hand
from .solver import Position, Solution, makes, position_from_hand, solve
from .variants import PRESETS, VARIANTS, Variant, get_variant, option_catalogue

__all__ = [
    "EngineError",
    "FORMAT",
    "FirstDealerDraw",
    "Game",
    "game_outcome",
    "Hand",
    "HandResult",
    "IllegalActionError",
    "MalformedError",
    "PRESETS",
    "Phase",
    "Position",
    "Solution",
    "UnknownVariantError",
    "VARIANTS",
    "Variant",
    "check_record",
    "draw_first_dealer",
    "get_variant",
    "makes",
    "new_hand",
    "option_catalogue",
    "position_from_hand",
    "replay",
    "score_sheet_hand",
    "solve",
    "to_record",
]
