"""Readers of live tables: who may see what, and the snapshot a viewer is sent."""

from __future__ import annotations

import json

from django.db.models import Count, Exists, OuterRef, Q, QuerySet

from games import hooks
from games.hooks import Watch
from games.live import cache, frames, store
from games.live.presence import present_users
from games.live.render import score_sheet
from games.models import GameHand, Seat, Table

__all__ = [
    "INVITED_SESSION_KEY",
    "can_view",
    "view_refusal",
    "board_of",
    "finished_hands",
    "hand_record",
    "readable_hands",
    "record_refusal",
    "hand_records",
    "invited_tables",
    "lobby_tables",
    "present_users",
    "score_sheet",
    "seat_names",
    "table_for_viewer",
    "table_snapshot",
]

INVITED_SESSION_KEY = "invited_tables"


def can_view(table: Table, user, *, invited: bool = False) -> bool:
    """Whether ``user`` may open the table (``view_refusal`` gives the reason why not)."""
    return view_refusal(table, user, invited=invited) is None


def view_refusal(
    table: Table, user, *, invited: bool = False, seated: bool | None = None
) -> Watch | None:
    """None when ``user`` may open the table, else the refused ``Watch`` (its reason
    empty when the table's own rules refuse: log in, or the invite-only page).
    ``seated``: whether the member has a seat there, when the caller read it with the
    table (``table_for_viewer``).

    The host, the seated and the members who run tables always may. Otherwise an app
    that owns the table has its say first (``hooks.watch_verdict``: a tournament's
    online table, visitors included when its director allows it); else public tables
    are open to every member, invite-only ones to the invited."""
    member = user is not None and user.is_authenticated
    if member and table.host_id == user.pk:
        return None
    # The seated next: most sockets are theirs, and a permission costs two queries.
    if member and (seated if seated is not None else table.seats.filter(user=user).exists()):
        return None
    if member and user.has_perm("club.run_tables"):
        return None
    verdict = hooks.watch_verdict(table, user)
    if verdict is not None:
        return None if verdict.allowed else verdict
    if member and (table.visibility == Table.Visibility.PUBLIC or invited):
        return None
    return Watch(False)


def table_for_viewer(table_id: int, user) -> Table | None:
    """The table (None: no such table), read with whether the member ``user`` has a seat
    there (``seated``, for ``view_refusal``): one query."""
    tables = Table.objects.filter(pk=table_id)
    if user is not None and user.is_authenticated:
        tables = tables.annotate(
            seated=Exists(Seat.objects.filter(table=OuterRef("pk"), user=user))
        )
    return tables.first()


def invited_tables(session) -> set[int]:
    return set(session.get(INVITED_SESSION_KEY, []))


def lobby_tables(user) -> QuerySet[Table]:
    """Live tables the member may see: public ones, and the member's own."""
    visible = Q(visibility=Table.Visibility.PUBLIC) | Q(host=user) | Q(seats__user=user)
    return (
        Table.objects.filter(visible, status__in=[Table.Status.OPEN, Table.Status.PLAYING])
        .distinct()
        .select_related("host")
        .prefetch_related("seats__user")
        .annotate(
            free_seats=Count(
                "seats", filter=Q(seats__user__isnull=True, seats__is_bot=False), distinct=True
            )
        )
        .order_by("status", "-created_at")
    )


def table_snapshot(table_id: int, user) -> dict:
    """One viewer's state frame as data (the table page's first render)."""
    return json.loads(frames.state_frames(table_id, [user])[0][1])


def seat_names(table: Table) -> list[dict]:
    """The table's seats in order, as a page names them (a member's public name)."""
    return [
        {
            "seat": seat.seat,
            "name": seat.user.public_name if seat.user else "",
            "is_bot": seat.is_bot,
        }
        for seat in table.seats.select_related("user").order_by("position")
    ]


def finished_hands(table: Table) -> QuerySet[GameHand]:
    return GameHand.objects.filter(table=table, result__isnull=False).order_by("number")


def board_of(table: Table, number: int) -> int | None:
    """The duplicate board the table's hand ``number`` is (None: not a board)."""
    if not table.board_seed:
        return None
    return (
        GameHand.objects.filter(table=table, number=number).values_list("board", flat=True).first()
    )


def readable_hands(table: Table, user) -> QuerySet[GameHand]:
    """The finished hands ``user`` may read (replay, records): an app may hold some
    back for a while (``hooks.on_hold``: a duplicate board until every table has
    played it)."""
    held = hooks.hold_of(table.pk, user).numbers
    return finished_hands(table).exclude(number__in=held)


def record_refusal(table: Table, user, number: int) -> str | None:
    """Why ``user`` may not read the table's hand ``number`` yet (None: they may)."""
    hold = hooks.hold_of(table.pk, user)
    return hold.reason if number in hold.numbers else None


def hand_record(table: Table, number: int) -> dict | None:
    """The full hand record of a finished hand (HAND-RECORD.md format), as of the
    database (None when the hand is not finished)."""
    records = hand_records(table, [number])
    return records[0] if records else None


def hand_records(table: Table, numbers) -> list[dict]:
    """The records of the finished hands among ``numbers``, in that order, as of the
    database whichever process answers: the state is caught up with the database's
    seq first (``store.acquire``), never read as this process's cache last saw it,
    since another process may have played the hand's last moves."""
    finished = set(
        GameHand.objects.filter(
            table=table, number__in=list(numbers), result__isnull=False
        ).values_list("number", flat=True)
    )
    wanted = [n for n in numbers if n in finished]
    if not wanted:
        return []
    st = store.acquire(table.pk)
    try:
        return [st.game.entries[n - 1].to_record() for n in wanted]
    finally:
        cache.checkin(st)
