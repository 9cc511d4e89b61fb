"""What members are emailed about tournaments, and when (``club.notices`` sends).

Each function is called inside the transaction of the change it tells of, and names
the notice's kind, its members and its key (what makes it one notice, never sent
twice):

- ``notify_partner_request``: a pair is registered; its named partner is asked to
  accept (key: the entry);
- ``notify_promoted``: an entry moved up from the waiting list; its members (key: the
  entry);
- ``notify_table_ready``: an online round started; each seated member, with the link
  to their table (key: the round);
- ``notify_results``: the tournament finished; every member of an entry that played,
  with their place and the top of the final standings (key: the tournament: a
  tournament reopened and finished again sends no second one);
- ``reminders_send``: the day before (``reminders_due``); every member of a confirmed
  entry (key: the tournament). Run by ``manage.py send_reminders``.
"""

from __future__ import annotations

from datetime import datetime, time, timedelta

from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from club.models import User
from club.notices import notices_send, site_url
from tournaments.models import Entry, EntryStatus, Round, Status, Tournament
from tournaments.selectors_results import standings_page_cached

#: Reminders leave from this hour (local time) on the day before the tournament.
REMINDER_HOUR = 9
#: Lines of the standings a results notice shows.
RESULTS_TOP = 5


def _page(tournament: Tournament) -> str:
    return site_url(reverse("tournaments:detail", args=[tournament.pk]))


def notify_partner_request(entry: Entry) -> list[User]:
    tournament = entry.tournament
    return notices_send(
        kind="partner_request",
        members=[entry.partner],
        key=entry.pk,
        context={
            "tournament": tournament,
            "by": entry.player.public_name,
            "url": _page(tournament),
        },
    )


def notify_promoted(entry: Entry) -> list[User]:
    tournament = entry.tournament
    return notices_send(
        kind="waiting_list",
        members=[entry.player, entry.partner],
        key=entry.pk,
        context={"tournament": tournament, "url": _page(tournament)},
    )


def notify_table_ready(rnd: Round, tables: dict[int, int]) -> list[User]:
    """``tables``: {member id: their live table's id}."""
    return notices_send(
        kind="table_ready",
        members=User.objects.filter(pk__in=tables),
        key=rnd.pk,
        context={"tournament": rnd.tournament, "round": rnd},
        each=lambda member, _values: {
            "url": site_url(reverse("games:table", args=[tables[member.pk]]))
        },
    )


def notify_results(tournament: Tournament) -> list[User]:
    """Every member of an entry that sat in a round; the standings are read once, after
    the commit (the standings page's own cached computation)."""
    entries = (
        Entry.objects.filter(tournament=tournament, seats__isnull=False)
        .select_related("player", "partner")
        .distinct()
    )
    entry_of = {}
    for entry in entries:
        for member in (entry.player, entry.partner):
            if member is not None:
                entry_of[member] = entry.pk
    tournament_id = tournament.pk

    def standings() -> dict:
        final = Tournament.objects.get(pk=tournament_id)
        rows = [r for r in standings_page_cached(final)["rows"] if r["games"]]
        return {
            "tournament": final,
            "rows": {r["competitor"]: r for r in rows},
            "top": rows[:RESULTS_TOP],
            "count": len(rows),
            "url": site_url(reverse("tournaments:standings", args=[tournament_id])),
        }

    ids = {member.pk: entry_id for member, entry_id in entry_of.items()}
    return notices_send(
        kind="results",
        members=list(entry_of),
        key=tournament_id,
        context=standings,
        each=lambda member, values: {"mine": values["rows"].get(ids[member.pk])},
    )


def reminders_due(now: datetime | None = None):
    """The tournaments to remind of at ``now``: those starting on the next day of the
    club's calendar (``TIME_ZONE``), once it is ``REMINDER_HOUR`` o'clock or later
    locally, whose registration is open or closed (not draft, started, finished or
    cancelled). A run at 9:00 thus reminds of tournaments 15 to 39 hours away."""
    local = timezone.localtime(now or timezone.now())
    if local.hour < REMINDER_HOUR:
        return Tournament.objects.none()
    tomorrow = local.date() + timedelta(days=1)
    zone = local.tzinfo
    start = datetime.combine(tomorrow, time.min, tzinfo=zone)
    end = datetime.combine(tomorrow + timedelta(days=1), time.min, tzinfo=zone)
    return Tournament.objects.filter(
        starts_at__gte=start,
        starts_at__lt=end,
        status__in=[Status.REGISTRATION_OPEN, Status.REGISTRATION_CLOSED],
    ).order_by("starts_at", "pk")


def reminders_send(now: datetime | None = None) -> list[tuple[Tournament, list[User]]]:
    """Remind every member of a confirmed entry of each tournament due (idempotent:
    run it as often as you like); [(tournament, the members reminded now)]."""
    out = []
    for tournament in reminders_due(now):
        with transaction.atomic():
            entries = list(
                Entry.objects.filter(
                    tournament=tournament, status=EntryStatus.CONFIRMED
                ).select_related("player", "partner")
            )
            members, partner = [], {}
            for entry in entries:
                if entry.player is not None:
                    members.append(entry.player)
                    partner[entry.player.pk] = entry.partner_name
                if entry.partner is not None:
                    members.append(entry.partner)
                    partner[entry.partner.pk] = entry.player_name
            sent = notices_send(
                kind="reminder",
                members=members,
                key=tournament.pk,
                context={"tournament": tournament, "url": _page(tournament)},
                each=lambda member, _values, partner=partner: {"partner": partner[member.pk]},
            )
        out.append((tournament, sent))
    return out
