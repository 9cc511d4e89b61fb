"""A process whose cached state is behind catches up from the log rows after its seq.

Two processes behind a round-robin proxy see each other's moves as "the database is
ahead of my cache": catching up reads one snapshot (one statement on PostgreSQL)
whatever the length of the log, and applies only the moves it missed.
"""

from __future__ import annotations

import copy

import pytest
from django.db import connection

from games import services
from games.live import cache, catchup, frames, store
from tests.games.conftest import drive_until, table_state

pytestmark = pytest.mark.django_db


def play(table, players, moves: int) -> None:
    """The members play ``moves`` moves (the first bidder bids: hands that count)."""
    for _ in range(moves):
        st = table_state(table.pk)
        hand = st.hand
        legal = hand.legal_actions()
        view = hand.view_for(hand.to_act)
        opening = view["phase"] == "auction" and all(c["call"] == "pass" for c in view["calls"])
        services.hand_apply_action(
            table_id=table.pk,
            user=players["NESW".index(hand.to_act)],
            action=legal[1] if opening else legal[0],
            expected_seq=st.seq,
        )


@pytest.mark.parametrize("log_length, behind", [(10, 1), (10, 7), (150, 1), (150, 7)])
def test_a_process_behind_by_k_moves_reads_a_bounded_snapshot_and_applies_k_moves(
    table_of_four, players, django_assert_max_num_queries, monkeypatch, log_length, behind
):
    play(table_of_four, players, log_length - behind)
    old = copy.deepcopy(table_state(table_of_four.pk))  # what the other process knows
    play(table_of_four, players, behind)
    current = table_state(table_of_four.pk)
    cache.clear()
    cache.checkin(old)
    applied = []
    real = catchup.catch_up

    def counting(st, snap, **kwargs):
        applied.append(len(snap.actions))
        return real(st, snap, **kwargs)

    monkeypatch.setattr(store, "catch_up", counting)
    # One statement for the snapshot on PostgreSQL (a transaction of four queries on
    # SQLite), one for the present set: not one more for a longer log.
    with django_assert_max_num_queries(2 if connection.vendor == "postgresql" else 7):
        rendered = frames.state_frames(table_of_four.pk, players)
    assert applied == [behind]
    caught = cache.peek(table_of_four.pk)
    assert caught.seq == current.seq
    for seat in "NESW":
        assert caught.hand.view_for(seat) == current.hand.view_for(seat)
    assert [seq for seq, _ in rendered] == [current.seq] * 4


def test_a_snapshot_is_one_statement_on_postgresql(
    table_of_four, players, django_assert_num_queries
):
    """The table row, its seats, hands and log are read at one instant: a move that
    commits meanwhile is either wholly in the snapshot or wholly out of it."""
    play(table_of_four, players, 12)
    cache.clear()
    expected = 1 if connection.vendor == "postgresql" else 6  # SQLite: in one transaction
    with django_assert_num_queries(expected):
        snap = store.read_snapshot(table_of_four.pk, 0, 1)
    assert snap.table.seq == table_of_four.seq + 12
    assert len(snap.actions) == 12 and snap.actions[-1].seq == snap.table.seq


def published_moves(monkeypatch) -> list:
    """The (table, seq, move) events the hub publishes for other processes, as another
    process receives them (through msgpack, as the Redis channel layer sends them)."""
    import msgpack

    from games.live.hub import hub

    events = []
    monkeypatch.setattr(
        hub,
        "publish_changed",
        lambda table_id, seq, move=None: events.append(
            (table_id, seq, msgpack.unpackb(msgpack.packb(move)))
        ),
    )
    return events


def test_a_process_one_move_behind_follows_the_published_move_without_a_query(
    table_of_four,
    players,
    django_assert_num_queries,
    monkeypatch,
    django_capture_on_commit_callbacks,
):
    """The other process's event carries a move that changed no hand row: a process
    whose cached state is at that move's seq applies it to its cache and renders for
    its sockets with no query, to the same state a read of the database gives."""
    from types import SimpleNamespace

    from games.live import hub as hub_module
    from games.live.hub import hub

    class Socket(SimpleNamespace):
        __hash__ = object.__hash__  # sockets are kept in sets

    play(table_of_four, players, 2)  # two calls of the auction
    behind = copy.deepcopy(table_state(table_of_four.pk))
    events = published_moves(monkeypatch)
    with django_capture_on_commit_callbacks(execute=True):
        play(table_of_four, players, 1)
    ((table_id, seq, move),) = events
    assert move is not None and move["seq"] == behind.seq and seq == behind.seq + 1
    cache.clear()
    cache.checkin(behind)
    sockets = [Socket(table_id=table_id, user=user, accepted=True, last_seq=0) for user in players]
    present = {user.pk for user in players}
    monkeypatch.setitem(hub.sockets, table_id, set(sockets))
    monkeypatch.setattr(hub_module.presence, "cached", lambda table_id: (present, True))
    with django_assert_num_queries(0):
        rendered = hub._frames_at_hand(table_id, seq, move)
    assert [frame_seq for _, frame_seq, _ in rendered] == [seq] * 4
    followed = cache.peek(table_id)
    cache.clear()
    read = table_state(table_id)
    assert (followed.seq, followed.table.wake_at, followed.moved_at) == (
        read.seq,
        read.table.wake_at,
        read.moved_at,
    )
    for seat in "NESW":
        assert followed.hand.view_for(seat) == read.hand.view_for(seat)


def test_a_published_move_that_does_not_continue_the_cache_is_refused(
    table_of_four, players, monkeypatch, django_capture_on_commit_callbacks
):
    """A state two moves behind (it missed an event) or a move of another hand does not
    follow: ``follow`` refuses it, and the hub drops the state to read the database."""
    play(table_of_four, players, 1)
    two_behind = copy.deepcopy(table_state(table_of_four.pk))
    events = published_moves(monkeypatch)
    with django_capture_on_commit_callbacks(execute=True):
        play(table_of_four, players, 2)
    last = events[-1][2]
    with pytest.raises(catchup.CatchUpError):
        catchup.follow(copy.deepcopy(two_behind), last)
    with pytest.raises(catchup.CatchUpError):
        catchup.follow(copy.deepcopy(two_behind), {**events[0][2], "hand": -1})
    assert catchup.follow(copy.deepcopy(two_behind), events[0][2]).seq == two_behind.seq + 1


def test_following_every_published_move_of_a_hand_gives_the_state_the_database_gives(
    table_of_four, players, monkeypatch, django_capture_on_commit_callbacks
):
    """Calls, discards, cards, the hand's end with its result and the next deal with its
    row: a process that follows each move's event, with no query, holds the state a
    read of the database builds."""
    start = copy.deepcopy(table_state(table_of_four.pk))
    events = published_moves(monkeypatch)
    with django_capture_on_commit_callbacks(execute=True):
        drive_until(table_of_four.pk, lambda: table_state(table_of_four.pk).hand_row.number == 2)
    assert [seq for _, seq, _ in events] == list(range(start.seq + 1, start.seq + 1 + len(events)))
    followed = start
    for _, _, move in events:
        followed = catchup.follow(followed, move)
    cache.clear()
    read = table_state(table_of_four.pk)
    assert followed.table == read.table
    assert followed.hands == read.hands and followed.hands[0].result["score"]
    assert followed.moved_at == read.moved_at and followed.ready == read.ready
    for seat in "NESW":
        assert followed.hand.view_for(seat) == read.hand.view_for(seat)
