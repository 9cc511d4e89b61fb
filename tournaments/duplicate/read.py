"""Reading and checking a ``club500-duplicate/1`` results file (a parsed JSON value).

``read_results(data) -> tuple[Board, ...]`` or :class:`DuplicateError` naming the board
and table where the first error lies, in the file's order. Unknown keys are ignored.
"""

from __future__ import annotations

from typing import Any, NoReturn

from .types import ADJUSTED_SHARES, FORMAT, SIDES, Board, DuplicateError, Result


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _where(board: Any, table: Any = None, index: int | None = None) -> str:
    """``board 3, table 2`` (``boards[4]`` / ``results[1]`` when the number is unknown)."""
    head = f"board {board}" if board is not None else f"boards[{index}]"
    return head if table is None else f"{head}, {table}"


def _sides(value: Any, name: str, check, fail, code: str) -> dict:
    """``value``'s NS and EW entries, each passed through ``check`` (None: not valid);
    ``name`` names an entry in messages (``{side}`` stands for NS or EW)."""
    out = {}
    for side in SIDES:
        label = name.format(side=side)
        if side not in value:
            fail(f"{label} missing", "missing_" + code)
        checked = check(value[side])
        if checked is None:
            fail(f"{label} not valid: {value[side]!r}", "bad_" + code)
        out[side] = checked
    return out


def _score_value(value: Any) -> int | None:
    return value if _is_int(value) else None


def _adjusted_value(value: Any) -> str | None:
    return value if isinstance(value, str) and value in ADJUSTED_SHARES else None


def _players_value(value: Any) -> tuple[str, ...] | None:
    if not isinstance(value, list) or not value:
        return None
    if not all(isinstance(p, str) and p for p in value):
        return None
    return tuple(value)


def _read_result(raw: Any, number: int, index: int, tables: set, seen: set) -> Result:
    table = raw.get("table") if isinstance(raw, dict) else None
    label = f"table {table}" if _is_int(table) else f"results[{index}]"
    where = _where(number, label)

    def fail(message: str, code: str) -> NoReturn:
        raise DuplicateError(
            message, code, board=number, table=table if _is_int(table) else None, where=where
        )

    if not isinstance(raw, dict):
        fail("a result is not an object", "result_not_object")
    if not _is_int(table):
        fail("table number missing or not an integer", "bad_table")
    if table in tables:
        fail("table number twice on the board", "table_twice")
    tables.add(table)
    scored, adjusted = "score" in raw, "adjusted" in raw
    if scored and adjusted:
        fail("a result both scored and adjusted", "scored_and_adjusted")
    if not scored and not adjusted:
        fail("a result neither scored nor adjusted", "not_scored")
    players = _sides(raw, "the {side} players", _players_value, fail, "players")
    for side in SIDES:
        for player in players[side]:
            if player in seen:
                fail(f"player {player!r} twice on the board", "player_twice")
            seen.add(player)
    key = "score" if scored else "adjusted"
    value = raw[key]
    if not isinstance(value, dict):
        fail(f"{key} is not an object with NS and EW", "bad_" + key)
    check = _score_value if scored else _adjusted_value
    sides = _sides(value, key + ".{side}", check, fail, key)
    return Result(table, players, **{key: sides})


def _read_board(raw: Any, index: int, numbers: set) -> Board:
    number = raw.get("board") if isinstance(raw, dict) else None
    known = number if _is_int(number) else None
    where = _where(known, index=index)

    def fail(message: str, code: str) -> NoReturn:
        raise DuplicateError(message, code, board=known, where=where)

    if not isinstance(raw, dict):
        fail("a board is not an object", "board_not_object")
    if known is None:
        fail("board number missing or not an integer", "bad_board")
    if number in numbers:
        fail("board number twice in the file", "board_twice")
    numbers.add(number)
    results = raw.get("results")
    if not isinstance(results, list):
        fail("results missing or not a list", "bad_results")
    tables: set = set()
    seen: set = set()
    return Board(
        number, tuple(_read_result(r, number, i, tables, seen) for i, r in enumerate(results))
    )


def read_results(data: Any) -> tuple[Board, ...]:
    """The boards of a parsed results file, checked (``DuplicateError`` otherwise)."""
    if not isinstance(data, dict):
        raise DuplicateError("the file is not a JSON object", "not_object")
    if "format" not in data:
        raise DuplicateError(f"format missing (expected {FORMAT!r})", "missing_format")
    if data["format"] != FORMAT:
        raise DuplicateError(
            f"unknown format {data['format']!r} (expected {FORMAT!r})", "unknown_format"
        )
    boards = data.get("boards")
    if not isinstance(boards, list):
        raise DuplicateError("boards missing or not a list", "bad_boards")
    numbers: set = set()
    return tuple(_read_board(raw, i, numbers) for i, raw in enumerate(boards))
