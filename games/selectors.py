"""Readers of live tables: who may see what, and the snapshot a viewer is sent."""

from __future__ import annotations

from django.db.models import Count, Q, QuerySet

from games import state
from games.models import GameHand, Table
from games.presence import present_users, present_users_cached

INVITED_SESSION_KEY = "invited_tables"


def can_view(table: Table, user, *, invited: bool = False) -> bool:
    """Public tables: every member. Invite-only: the host, the seated, the invited."""
    if not user.is_authenticated:
        return False
    if table.visibility == Table.Visibility.PUBLIC or invited:
        return True
    if table.host_id == user.pk or user.has_perm("club.run_tables"):
        return True
    return table.seats.filter(user=user).exists()


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
        .annotate(free_seats=Count("seats", filter=Q(seats__user__isnull=True, seats__is_bot=False),
                                  distinct=True))
        .order_by("status", "-created_at")
    )


def score_sheet(st: state.TableState) -> list[dict]:
    """The running score sheet, hand by hand, with running totals (public)."""
    if st.game is None:
        return []
    teams = list(st.game.teams)
    totals = {team: 0 for team in teams}
    rows = []
    for row in st.hand_rows:
        if row.result is None:
            continue
        result = row.result
        for team in teams:
            totals[team] += result["score"].get(team, 0)
        rows.append({"number": row.number, "dealer": row.dealer, **result,
                     "totals": dict(totals)})
    return rows


def snapshot(st: state.TableState, user, *, present: set[int] | None = None) -> dict:
    """Everything one viewer may know of the table, as JSON-ready data.

    The engine's ``view_for`` decides what of the hand the viewer sees: their own
    cards only (a spectator: none), plus what the rules reveal.
    """
    table = st.table
    you = st.seat_of(user.pk) if user.is_authenticated else None
    present = present if present is not None else present_users(table.pk)
    hand = st.hand
    if hand is None and st.game is not None and st.game.entries:
        last = st.game.entries[-1]
        hand = last if hasattr(last, "view_for") else None
    game = st.game.summary() if st.game is not None else None
    if game is not None:
        game.pop("hands", None)
    return {
        "type": "state",
        "seq": table.seq,
        "table": {
            "id": table.pk,
            "name": str(table),
            "variant": table.variant,
            "status": table.status,
            "visibility": table.visibility,
            "host": table.host_id,
            "is_host": user.is_authenticated and table.host_id == user.pk,
            "you": you,
            "seats": [
                {"seat": info.seat, "name": info.name, "is_bot": info.is_bot,
                 "present": info.user_id in present if info.user_id else info.is_bot,
                 "is_you": info.seat == you and you is not None,
                 "free": info.user_id is None and not info.is_bot}
                for info in st.seats
            ],
            "hand_number": st.hand_row.number if st.hand_row else 0,
        },
        "view": hand.view_for(you) if hand is not None else None,
        "game": game,
        "sheet": score_sheet(st),
    }


def table_snapshot(table_id: int, user, seq: int | None = None) -> dict:
    """Load (cached by seq) and render a viewer's snapshot.

    With ``seq`` (from a ``table.updated`` event), a state this process has cached at
    that seq is rendered without any query: the four sockets of a table on one process
    cost one replay (or none: the process that applied the change cached it).
    """
    if seq is not None:
        with state.lock:
            st = state.peek(table_id)
            if st is not None and st.seq == seq:
                return snapshot(st, user, present=present_users_cached(table_id))
    table = Table.objects.get(pk=table_id)
    present = present_users(table_id)
    with state.lock:
        st = state.load(table)
        return snapshot(st, user, present=present)


def finished_hands(table: Table) -> QuerySet[GameHand]:
    return GameHand.objects.filter(table=table, result__isnull=False).order_by("number")


def hand_record(table: Table, number: int) -> dict | None:
    """The full hand record of a finished hand (HAND-RECORD.md format)."""
    row = GameHand.objects.filter(table=table, number=number, result__isnull=False).first()
    if row is None:
        return None
    with state.lock:
        st = state.load(Table.objects.get(pk=table.pk))
        hand = st.game.entries[number - 1]
        return hand.to_record()
