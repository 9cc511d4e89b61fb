"""Lock, write, then broadcast on commit: the tournament's version and its group event."""

from __future__ import annotations

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction
from django.db.models import F

from club.outage import SERVICE_ERRORS
from tournaments.models import Tournament

logger = logging.getLogger(__name__)


def group_name(tournament_id: int) -> str:
    return f"tournament.{tournament_id}"


def send_tournament_updated(tournament_id: int, version: int) -> None:
    """Tell the tournament's pages. Runs after the commit: when the channel layer
    (Redis) is down, the change is saved all the same and the pages catch up when they
    reconnect, so a failure is logged, not turned into an error for the director."""
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(
            group_name(tournament_id), {"type": "tournament.updated", "version": version}
        )
    except SERVICE_ERRORS:
        logger.warning(
            "tournament %s: version %s not broadcast", tournament_id, version, exc_info=True
        )


def tournament_touch(*, tournament: Tournament) -> int:
    """Bump the tournament's version and, after commit, tell its pages (ids only)."""
    Tournament.objects.filter(pk=tournament.pk).update(version=F("version") + 1)
    version = Tournament.objects.values_list("version", flat=True).get(pk=tournament.pk)
    tournament.version = version
    tid = tournament.pk
    transaction.on_commit(lambda: send_tournament_updated(tid, version))
    return version
