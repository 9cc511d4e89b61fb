"""Lock, write, then broadcast on commit: the tournament's version and its group event."""

from __future__ import annotations

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction
from django.db.models import F

from tournaments.models import Tournament


def group_name(tournament_id: int) -> str:
    return f"tournament.{tournament_id}"


def send_tournament_updated(tournament_id: int, version: int) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    async_to_sync(layer.group_send)(
        group_name(tournament_id), {"type": "tournament.updated", "version": version}
    )


def tournament_touch(*, tournament: Tournament) -> int:
    """Bump the tournament's version and, after commit, tell its pages (ids only)."""
    Tournament.objects.filter(pk=tournament.pk).update(version=F("version") + 1)
    version = Tournament.objects.values_list("version", flat=True).get(pk=tournament.pk)
    tournament.version = version
    tid = tournament.pk
    transaction.on_commit(lambda: send_tournament_updated(tid, version))
    return version
