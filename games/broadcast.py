"""What is told after a commit, and to whom. Events carry no cards: each socket is
rendered its own viewer's state (``games.fanout``)."""

from __future__ import annotations

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from games import fanout

LOBBY_GROUP = "lobby"


def _send(group: str, event: dict) -> None:
    layer = get_channel_layer()
    if layer is not None:
        async_to_sync(layer.group_send)(group, event)


def table_updated_on_commit(table_id: int, seq: int) -> None:
    """Once committed: this process's sockets of the table are sent the new state, and
    other processes are told (``games.fanout``)."""
    transaction.on_commit(lambda: fanout.hub.changed(table_id, seq))


def presence_changed_on_commit(table_id: int) -> None:
    transaction.on_commit(lambda: fanout.hub.presence_changed(table_id))


def lobby_changed_on_commit() -> None:
    transaction.on_commit(lambda: _send(LOBBY_GROUP, {"type": "lobby.changed"}))


def poke_runner_on_commit(table_id: int, delay: float = 0.0) -> None:
    from games import runner

    transaction.on_commit(lambda: runner.poke(table_id, delay))
