"""Calling the director: a player at a table asks for the director; the console shows
the call live (the tournament's version bump) until a director answers it. One open
call per table: calling again while one is open changes nothing."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from club.services import activity_record
from tournaments.errors import TournamentError
from tournaments.models import DirectorCall, Round, RoundStatus, Status
from tournaments.selectors_tables import table_people
from tournaments.services.events import tournament_touch


@transaction.atomic
def director_call(*, round: Round, table: int, user) -> DirectorCall:
    """A player of the table (or a director) calls the director to it."""
    rnd = Round.objects.select_related("tournament").get(pk=round.pk)
    if rnd.tournament.status != Status.RUNNING or rnd.status == RoundStatus.DRAFT:
        raise TournamentError("not_running", _("The tournament is not running."))
    people = table_people(rnd, table)
    at_table = any(p.user_id == user.pk for p in people.values())
    if not at_table and not user.has_perm("club.run_tournaments"):
        raise TournamentError(
            "not_at_table", _("Only the players of this table can call the director.")
        )
    open_call = DirectorCall.objects.filter(
        round=rnd, table=table, answered_at__isnull=True
    ).first()
    if open_call is not None:
        return open_call
    try:
        with transaction.atomic():
            call = DirectorCall.objects.create(
                round=rnd, table=table, caller=user, caller_name=user.public_name[:120]
            )
    except IntegrityError:  # the other phone of the table called at the same moment
        return DirectorCall.objects.get(round=rnd, table=table, answered_at__isnull=True)
    activity_record(
        actor=user,
        kind="results.director_called",
        subject=rnd,
        params={"caller": user.public_name, "table": table, "round": rnd.number},
    )
    tournament_touch(tournament=rnd.tournament)
    return call


@transaction.atomic
def director_call_answer(*, call: DirectorCall, by) -> DirectorCall:
    """A director is on the way: the call leaves the console (idempotent)."""
    call = (
        DirectorCall.objects.select_for_update().select_related("round__tournament").get(pk=call.pk)
    )
    if call.answered_at is not None:
        return call
    call.answered_at = timezone.now()
    call.answered_by = by
    call.save(update_fields=["answered_at", "answered_by"])
    activity_record(
        actor=by,
        kind="results.call_answered",
        subject=call.round,
        params={"table": call.table, "round": call.round.number},
    )
    tournament_touch(tournament=call.round.tournament)
    return call
