"""Closing the live tables nobody looks at any more (the runner does it every 30 s)."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from games.live.hub import hub
from games.live.moves import PRESENCE_TIMEOUT
from games.models import Presence, Table


@transaction.atomic
def tables_close_abandoned(*, now=None) -> list[int]:
    """Close live tables no member has looked at for GAMES_ABANDON_SECONDS (hands kept)."""
    now = now or timezone.now()
    cutoff = now - timedelta(seconds=settings.GAMES_ABANDON_SECONDS)
    stale = list(
        Table.objects.select_for_update(skip_locked=True)
        .filter(status__in=[Table.Status.OPEN, Table.Status.PLAYING])
        .filter(
            Q(last_human_seen_at__lt=cutoff)
            | Q(last_human_seen_at__isnull=True, created_at__lt=cutoff)
        )
    )
    present = set(
        Presence.objects.filter(table__in=stale, seen_at__gte=now - PRESENCE_TIMEOUT).values_list(
            "table_id", flat=True
        )
    )
    ids = [table.pk for table in stale if table.pk not in present]
    Table.objects.filter(pk__in=ids).update(status=Table.Status.CLOSED, seq=F("seq") + 1)
    closed = list(Table.objects.filter(pk__in=ids).values_list("pk", "seq"))
    for table_id, seq in closed:
        transaction.on_commit(lambda table_id=table_id, seq=seq: hub.changed(table_id, seq))
    if closed:
        transaction.on_commit(hub.lobby_changed)
    return [table_id for table_id, _ in closed]
