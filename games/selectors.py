"""Readers of live tables: who may see what, and the snapshot a viewer is sent."""

from __future__ import annotations

import json

from django.db.models import Count, Q, QuerySet

from games import state
from games.engine.views import private_view, public_view
from games.fanout import dumps
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


def _shown_hand(st: state.TableState):
    """The hand to show: the one being played, or the last one once the game is over."""
    hand = st.hand
    if hand is None and st.game is not None and st.game.entries:
        last = st.game.entries[-1]
        hand = last if hasattr(last, "view_for") else None
    return hand


def _shared_text(st: state.TableState) -> str:
    """The end of every viewer's frame (game summary and score sheet) as JSON text,
    remembered until a hand ends or starts (nothing in it changes in between)."""
    game, last = st.game, st.hand_row
    key = (len(st.hand_rows), last is not None and last.result is not None,
           len(game.entries) if game is not None else -1,
           game is not None and game.current is None)
    memo = st.memo.get("shared")
    if memo is None or memo[0] != key:
        summary = game.summary() if game is not None else None
        if summary is not None:
            summary.pop("hands", None)  # the score sheet says it, hand by hand
        memo = (key, f',"game":{dumps(summary)},"sheet":{dumps(score_sheet(st))}}}')
        st.memo["shared"] = memo
    return memo[1]


def _table_part(st: state.TableState, you: str | None, is_host: bool, present: set[int]) -> dict:
    table = st.table
    return {
        "id": table.pk,
        "name": str(table),
        "variant": table.variant,
        "status": table.status,
        "visibility": table.visibility,
        "host": table.host_id,
        "is_host": is_host,
        "you": you,
        "seats": [
            {"seat": info.seat, "name": info.name, "is_bot": info.is_bot,
             "present": info.user_id in present if info.user_id else info.is_bot,
             "is_you": info.seat == you and you is not None,
             "free": info.user_id is None and not info.is_bot}
            for info in st.seats
        ],
        "hand_number": st.hand_row.number if st.hand_row else 0,
    }


def _viewer(st: state.TableState, user) -> tuple[str | None, bool]:
    """The kind of viewer ``user`` is: their seat (None: a spectator), and host or not."""
    if not user.is_authenticated:
        return None, False
    return st.seat_of(user.pk), st.table.host_id == user.pk


def render_cached(st: state.TableState, users, present: set[int]) -> list[tuple[int, str]]:
    """The state frame of each of ``users`` as JSON text: everything that viewer may
    know of the table. The engine decides what of the hand the viewer sees: their own
    cards only (a spectator: none), plus what the rules reveal (``view_for``, rendered
    here as its public part, serialised once for every viewer, and the viewer's own
    part, ``private_view``). The parts every viewer shares are serialised once, the
    rest once per kind of viewer (seat, host)."""
    hand, shared = _shown_hand(st), _shared_text(st)
    head = f'{{"type":"state","seq":{st.table.seq},"table":'
    public = dumps(public_view(hand))[1:] if hand is not None else None  # '"k":v,...}'
    by_kind: dict[tuple[str | None, bool], str] = {}
    frames = []
    for user in users:
        kind = _viewer(st, user)
        text = by_kind.get(kind)
        if text is None:
            you, is_host = kind
            view = "null" if public is None else (
                dumps(private_view(hand, you))[:-1] + "," + public)
            text = (head + dumps(_table_part(st, you, is_host, present))
                    + ',"view":' + view + shared)
            by_kind[kind] = text
        frames.append((st.table.seq, text))
    return frames


def render_frames(table_id: int, users, *, seq: int | None = None) -> list[tuple[int, str]]:
    """The state frames (seq, JSON text) of ``users`` at a table.

    With ``seq`` (a committed change), a state this process has cached at that seq is
    rendered without any query: the process that applied the change cached it.
    Otherwise the state is loaded (cached by the row's seq) and rendered.
    """
    if seq is not None:
        with state.lock_for(table_id):
            st = state.peek(table_id)
            if st is not None and st.seq == seq:
                return render_cached(st, users, present_users_cached(table_id))
    table = Table.objects.get(pk=table_id)
    present = present_users(table_id)
    with state.lock_for(table_id):
        return render_cached(state.load(table), users, present)


def table_snapshot(table_id: int, user) -> dict:
    """One viewer's state frame as data (the table page's first render)."""
    return json.loads(render_frames(table_id, [user])[0][1])


def finished_hands(table: Table) -> QuerySet[GameHand]:
    return GameHand.objects.filter(table=table, result__isnull=False).order_by("number")


def hand_record(table: Table, number: int) -> dict | None:
    """The full hand record of a finished hand (HAND-RECORD.md format)."""
    row = GameHand.objects.filter(table=table, number=number, result__isnull=False).first()
    if row is None:
        return None
    with state.lock_for(table.pk):
        st = state.load(Table.objects.get(pk=table.pk))
        hand = st.game.entries[number - 1]
        return hand.to_record()
