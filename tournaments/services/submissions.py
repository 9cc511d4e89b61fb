"""Entries sent to a table's sheet under an idempotency key (``SheetSubmission``).

A phone makes a key (a UUID) for each hand it enters, each confirmation and each 450
round, and sends it with the entry; a phone that was offline keeps its entries, keys
and all, and sends them in order when the network is back (static/js/entryqueue.js).
So an entry can arrive twice (the answer was lost, the queue was sent again): the
first one is written and its receipt stored in the same transaction; any later one
with the same key answers with that receipt and writes nothing.

An entry refused because the sheet changed meanwhile (``CONFLICTS``: the other side
entered that hand, it was confirmed already, it was taken back, the round was closed)
writes nothing on the sheet either: its receipt, with what the phone sent, is a
conflict the table and the director see until the director marks it resolved. Any
other refusal (a contract that does not exist, a wrong code) stores nothing: the phone
is told why and the player may fix the entry and send it again under the same key.
"""

from __future__ import annotations

import uuid
from typing import Any, Callable, Mapping

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from club.services import activity_record
from tournaments.errors import ConflictError, TournamentError
from tournaments.models import SheetSubmission, TableGame
from tournaments.services.events import tournament_touch
from tournaments.services.results import _lock

#: The refusals that mean the sheet changed since the phone showed it (besides every
#: ``ConflictError``, whose codes ``already_entered`` and ``stale`` say so too).
CONFLICTS = frozenset(
    {"already_confirmed", "round_closed", "not_running", "adjusted", "game_over", "row_gone"}
)

#: Form fields not kept with a conflict (the director reads what the player entered).
_NOT_KEPT = frozenset({"csrfmiddlewaretoken", "entry_key", "pin"})


def _bad_key() -> TournamentError:
    return TournamentError("bad_key", _("This entry's key is not valid: reload the page."))


def submission_key(raw: Any, *, required: bool = False) -> uuid.UUID | None:
    """The entry's key as sent, or None (a page without the entry queue sends none;
    ``required``: the queue always does)."""
    if not raw and not required:
        return None
    try:
        return uuid.UUID(str(raw))
    except ValueError:
        raise _bad_key() from None


def is_conflict(exc: TournamentError) -> bool:
    return isinstance(exc, ConflictError) or exc.code in CONFLICTS


@transaction.atomic
def submission_apply(
    *,
    game: TableGame,
    user,
    key: uuid.UUID,
    action: str,
    data: Mapping[str, Any],
    write: Callable[[], Any],
) -> SheetSubmission:
    """Write an entry once: ``write`` (the sheet's own service, which raises
    ``TournamentError``) runs unless ``key`` was seen, and its receipt is stored with it.
    Returns the receipt (``result`` done or conflict; a resent entry gets the stored one);
    raises the ``TournamentError`` of a refusal that is not a conflict (nothing stored).
    The table's game row is locked first, so two copies of one entry sent at once are
    answered one after the other."""
    game = _lock(game)
    stored = SheetSubmission.objects.filter(key=key).first()
    if stored is not None:
        if stored.game_id != game.pk or stored.user_id != getattr(user, "pk", None):
            raise _bad_key()
        return stored
    # In the form's order (a JSON list: PostgreSQL's jsonb would reorder an object's keys).
    kept = [[k, str(v)] for k, v in data.items() if k not in _NOT_KEPT]
    seq = _seq(data.get("seq"))
    try:
        with transaction.atomic():
            row = write()
    except TournamentError as exc:
        if not is_conflict(exc):
            raise
        receipt = SheetSubmission.objects.create(
            key=key,
            game=game,
            user=user if user.is_authenticated else None,
            action=action,
            seq=seq,
            result=SheetSubmission.Result.CONFLICT,
            code=exc.code,
            message=exc.message[:300],
            data=kept,
        )
        tournament_touch(tournament=game.round.tournament)  # the console lists it
        return receipt
    return SheetSubmission.objects.create(
        key=key,
        game=game,
        user=user,
        action=action,
        seq=getattr(row, "seq", seq),
        result=SheetSubmission.Result.DONE,
        code="entered" if action == SheetSubmission.Action.ENTER else "confirmed",
    )


def row_confirm_named(kind, game: TableGame, post: Mapping[str, Any], *, user, pin: str):
    """The confirmation of the row a form names (``kind``: the tournament's part); a row
    no longer on the sheet (taken back meanwhile) is a conflict."""
    row = kind.row_named(game, post) if game.pk is not None else None
    if row is None:
        raise ConflictError(
            "row_gone", _("This entry is no longer on the sheet (it was taken back).")
        )
    kind.row_confirm(row, user=user, pin=pin)
    return row


def _seq(raw: Any) -> int | None:
    try:
        return int(raw)
    except (TypeError, ValueError):
        return None


@transaction.atomic
def submission_resolve(*, submission: SheetSubmission, by) -> SheetSubmission:
    """The director has settled a conflict (corrected the sheet, or found it right): it
    leaves the table's sheet and the console; the activity log keeps it."""
    rows = SheetSubmission.objects.select_for_update(of=("self",))
    row = rows.select_related("game__round__tournament", "user").get(pk=submission.pk)
    if row.result != SheetSubmission.Result.CONFLICT or row.resolved_at is not None:
        return row
    row.resolved_at = timezone.now()
    row.resolved_by = by
    row.save(update_fields=["resolved_at", "resolved_by"])
    rnd = row.game.round
    activity_record(
        actor=by,
        kind="results.conflict_resolved",
        params={
            "player": row.user.public_name if row.user else "?",
            "table": row.game.table,
            "round": rnd.number,
            "message": row.message,
        },
        subject=rnd,
        data={"key": str(row.key), "code": row.code, "seq": row.seq, "sent": row.data},
    )
    tournament = rnd.tournament
    tournament_touch(tournament=tournament)
    return row
