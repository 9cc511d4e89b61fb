"""The calendar feed (.ics) that calendar apps subscribe to."""

from __future__ import annotations

from datetime import timedelta
from zoneinfo import ZoneInfo

from django.http import HttpResponse
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments import ical
from tournaments.models import Place, Status, Tournament

MINUTES_PER_HAND = 6


def calendar_ics(request):
    zone = ZoneInfo(ical.TZID)
    since = timezone.now() - timedelta(days=365)
    rows = (
        Tournament.objects.exclude(status=Status.DRAFT)
        .filter(starts_at__gte=since)
        .order_by("starts_at")
    )
    host = request.get_host().split(":")[0] or "club500"
    events = []
    for t in rows:
        start = t.starts_at.astimezone(zone)
        minutes = t.rounds_total * t.hands_per_game * MINUTES_PER_HAND + 30
        events.append(
            ical.Event(
                uid=f"tournament-{t.pk}@{host}",
                start=start,
                end=start + timedelta(minutes=minutes),
                summary=t.name,
                description=t.notes,
                location=str(Place(t.place).label),
                url=request.build_absolute_uri(t.get_absolute_url()),
                cancelled=t.status == Status.CANCELLED,
                updated=t.created_at,
            )
        )
    body = ical.calendar(events, name=_("Club 500 tournaments"), now=timezone.now())
    response = HttpResponse(body, content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = 'inline; filename="club500-tournaments.ics"'
    return response
