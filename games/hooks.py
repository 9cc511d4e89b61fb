"""A thin registry of callbacks other apps attach to live tables (no imports of them).

``on_hand_finished(callback)`` registers ``callback(table_id, hand_row)``; the games
services call every callback when a hand at a table is done, inside the transaction
that recorded it (the table row is locked), so a callback's writes commit or roll back
with the hand. A callback must be quick and must not touch the table's own rows.
The tournaments app registers one in its ``AppConfig.ready`` (results of online rounds).
"""

from __future__ import annotations

from typing import Callable

_hand_finished: list[Callable] = []


def on_hand_finished(callback: Callable) -> Callable:
    if callback not in _hand_finished:
        _hand_finished.append(callback)
    return callback


def hand_finished(table_id: int, hand_row) -> None:
    for callback in list(_hand_finished):
        callback(table_id, hand_row)
