"""Tiny events sent after commit. They carry no cards: each consumer renders its own view."""

from __future__ import annotations

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

LOBBY_GROUP = "lobby"


def table_group(table_id: int) -> str:
    return f"table.{table_id}"


def _send(group: str, event: dict) -> None:
    layer = get_channel_layer()
    if layer is not None:
        async_to_sync(layer.group_send)(group, event)


def table_updated_on_commit(table_id: int, seq: int) -> None:
    transaction.on_commit(
        lambda: _send(table_group(table_id), {"type": "table.updated", "seq": seq}))


def presence_changed_on_commit(table_id: int) -> None:
    transaction.on_commit(lambda: _send(table_group(table_id), {"type": "table.presence"}))


def lobby_changed_on_commit() -> None:
    transaction.on_commit(lambda: _send(LOBBY_GROUP, {"type": "lobby.changed"}))


def poke_runner_on_commit(table_id: int, delay: float = 0.0) -> None:
    from games import runner

    transaction.on_commit(lambda: runner.poke(table_id, delay))
