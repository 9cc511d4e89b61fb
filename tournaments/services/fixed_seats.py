"""Fixed seats: a player (or pair) who always sits at one seat, and at one table if the
director says so (a player who must sit N for mobility). The draw honours them."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from club.models import User
from club.services import activity_record
from tournaments.errors import TournamentError
from tournaments.models import Entry, FixedSeat, Tournament
from tournaments.selectors_seating import seat_positions


@transaction.atomic
def fixed_seat_set(
    *, tournament: Tournament, by: User, entry: Any, position: Any, table: Any = None
) -> FixedSeat:
    """Fix an entry's seat (replacing a fixed seat it had). ``table`` empty: any table."""
    try:
        entry = Entry.objects.get(pk=int(entry), tournament=tournament)
    except (TypeError, ValueError, Entry.DoesNotExist):
        raise TournamentError("bad_entry", _("Choose a player of this tournament.")) from None
    if position not in seat_positions(tournament):
        raise TournamentError("bad_seat", _("Choose a seat."))
    if table in (None, ""):
        table = None
    else:
        try:
            table = int(table)
        except (TypeError, ValueError):
            table = 0
        if table < 1 or table > 999:
            raise TournamentError("bad_table", _("A table number is a whole number from 1."))
        taken = (
            FixedSeat.objects.filter(tournament=tournament, table=table)
            .exclude(entry=entry)
            .select_related("entry")
            .first()
        )
        if taken is not None:
            raise TournamentError(
                "table_taken",
                _("%(name)s already keeps table %(n)s.") % {"name": taken.entry.name, "n": table},
            )
    row, _created = FixedSeat.objects.update_or_create(
        tournament=tournament, entry=entry, defaults={"position": position, "table": table}
    )
    activity_record(
        actor=by,
        kind="tournament.fixed_seat_set",
        params={"entry": entry.name, "seat": position, "table": table or ""},
        subject=tournament,
        data={"entry": entry.pk, "seat": position, "table": table},
    )
    return row


@transaction.atomic
def fixed_seat_remove(*, fixed: FixedSeat, by: User) -> None:
    activity_record(
        actor=by,
        kind="tournament.fixed_seat_removed",
        params={"entry": fixed.entry.name},
        subject=fixed.tournament,
        data={"entry": fixed.entry_id, "seat": fixed.position, "table": fixed.table},
    )
    fixed.delete()
