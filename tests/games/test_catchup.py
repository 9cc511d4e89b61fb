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
from tests.games.conftest import table_state

pytestmark = pytest.mark.django_db


def play(table, players, moves: int) -> None:
    """The members play ``moves`` moves (the first bidder bids: hands that count)."""
    for _ in range(moves):
        st = table_state(table.pk)
        hand = st.hand
        legal = hand.legal_actions()
        view = hand.view_for(hand.to_act)
        opening = view["phase"] == "auction" and all(c["call"] == "pass" for c in view["calls"])
        services.hand_apply_action(table_id=table.pk, user=players["NESW".index(hand.to_act)],
                                   action=legal[1] if opening else legal[0], expected_seq=st.seq)


@pytest.mark.parametrize("log_length, behind", [(10, 1), (10, 7), (150, 1), (150, 7)])
def test_a_process_behind_by_k_moves_reads_a_bounded_snapshot_and_applies_k_moves(
        table_of_four, players, django_assert_max_num_queries, monkeypatch,
        log_length, behind):
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


def test_a_snapshot_is_one_statement_on_postgresql(table_of_four, players,
                                                   django_assert_num_queries):
    """The table row, its seats, hands and log are read at one instant: a move that
    commits meanwhile is either wholly in the snapshot or wholly out of it."""
    play(table_of_four, players, 12)
    cache.clear()
    expected = 1 if connection.vendor == "postgresql" else 6  # SQLite: in one transaction
    with django_assert_num_queries(expected):
        snap = store.read_snapshot(table_of_four.pk, 0, 1)
    assert snap.table.seq == table_of_four.seq + 12
    assert len(snap.actions) == 12 and snap.actions[-1].seq == snap.table.seq
