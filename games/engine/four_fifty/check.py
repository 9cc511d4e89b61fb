"""The ``check`` command's answer for a 450 record: a round (``club450-hand/1``), a
round of the secretary's sheet (``club450-sheet/1``) or a whole game
(``club450-game/1``)."""

from __future__ import annotations

from typing import Any

from ..errors import EngineError
from .game import check_game
from .record import GAME_FORMAT
from .records import error_output, replay
from .sheet import SHEET_FORMAT, check_sheet


def check_record(record: Any) -> dict[str, Any]:
    """The check CLI's output for one 450 record; never raises for bad input."""
    if isinstance(record, dict) and record.get("format") == GAME_FORMAT:
        return check_game(record)
    if isinstance(record, dict) and record.get("format") == SHEET_FORMAT:
        return check_sheet(record)
    try:
        r = replay(record)
    except EngineError as e:
        return error_output(e, record)
    result = r.result()
    if result is not None:
        return {"ok": True, "complete": True, **result.to_dict()}
    return {
        "ok": True,
        "complete": False,
        "phase": r.phase.value,
        "to_act": r.to_act,
        "legal": r.legal_actions(),
    }
