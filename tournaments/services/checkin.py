"""Check-in on the day: by a director (any entry) or by the player with the code."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from club.models import User
from club.services import activity_record
from tournaments import status as machine
from tournaments.errors import TournamentError
from tournaments.models import ACTIVE_ENTRY, Entry, EntryStatus, Tournament
from tournaments.services.events import tournament_touch


def _check_open(tournament: Tournament) -> None:
    if tournament.status not in machine.CHECKIN_OPEN:
        raise TournamentError("checkin_closed", _("Check-in is not open for this tournament."))


@transaction.atomic
def checkin_set(*, entry: Entry, by: User, present: bool) -> Entry:
    """A director marks an entry present or not (a waiting entry present is confirmed).

    Only present entries are seated by the next draw: a late arrival joins at the next
    round, a player marked absent leaves from the next round.
    """
    tournament = Tournament.objects.select_for_update().get(pk=entry.tournament_id)
    _check_open(tournament)
    entry = Entry.objects.select_for_update().get(pk=entry.pk)
    if entry.status not in (EntryStatus.CONFIRMED, EntryStatus.WAITING):
        raise TournamentError("not_checkinable", _("Only registered players can be checked in."))
    if entry.checked_in == present:
        return entry
    entry.checked_in = present
    entry.checked_in_at = timezone.now() if present else None
    fields = ["checked_in", "checked_in_at"]
    if present and entry.status == EntryStatus.WAITING:
        entry.status = EntryStatus.CONFIRMED
        entry.queued_at = None
        fields += ["status", "queued_at"]
    entry.save(update_fields=fields)
    activity_record(
        actor=by,
        kind="tournament.checkin",
        params={"entry": entry.name, "present": present},
        subject=tournament,
        data={"entry": entry.pk, "present": present},
    )
    tournament_touch(tournament=tournament)
    return entry


@transaction.atomic
def checkin_self(*, tournament: Tournament, member: User, code: str) -> Entry:
    """A player checks in with the tournament's code (shown to the director)."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    _check_open(tournament)
    if timezone.localdate(tournament.starts_at) != timezone.localdate():
        raise TournamentError("not_today", _("Check-in opens on the day of the tournament."))
    if (code or "").strip().upper() != tournament.checkin_code:
        raise TournamentError("bad_code", _("This is not the tournament's code."))
    entry = (
        Entry.objects.select_for_update()
        .filter(tournament=tournament, status__in=ACTIVE_ENTRY)
        .filter(Q(player=member) | Q(partner=member))
        .first()
    )
    if entry is None or entry.status != EntryStatus.CONFIRMED:
        raise TournamentError(
            "not_registered", _("You are not registered for this tournament: see a director.")
        )
    if not entry.checked_in:
        entry.checked_in = True
        entry.checked_in_at = timezone.now()
        entry.save(update_fields=["checked_in", "checked_in_at"])
        activity_record(
            actor=member,
            kind="tournament.checkin",
            params={"entry": entry.name, "present": True, "self": True},
            subject=tournament,
            data={"entry": entry.pk, "present": True},
        )
        tournament_touch(tournament=tournament)
    return entry


@transaction.atomic
def checkin_all(*, tournament: Tournament, by: User) -> int:
    """A director marks every registered (confirmed) entry present at once; the
    waiting list is left alone. Returns how many were marked; one log entry."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    _check_open(tournament)
    now = timezone.now()
    rows = list(
        Entry.objects.select_for_update()
        .filter(tournament=tournament, status=EntryStatus.CONFIRMED, checked_in=False)
        .values_list("pk", flat=True)
    )
    if rows:
        Entry.objects.filter(pk__in=rows).update(checked_in=True, checked_in_at=now)
        activity_record(
            actor=by,
            kind="tournament.checkin_all",
            params={"count": len(rows)},
            subject=tournament,
            data={"entries": rows},
        )
        tournament_touch(tournament=tournament)
    return len(rows)
