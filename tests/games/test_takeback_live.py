"""Taking back a move at a live table, through the whole pipeline: requests and
answers over the sockets (the event loop's executor on PostgreSQL) and through the
services (the database thread's), logged, replayed, refused where they must be."""

from __future__ import annotations

from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from django.test import Client
from django.utils import timezone

from games import selectors, services
from games.engine import check_record
from games.errors import TableError
from games.live import cache, presence
from games.models import Action
from tests.games.conftest import drive_until, table_state
from tests.games.sockets import connect, recv, session_cookie

pytestmark = pytest.mark.django_db(transaction=True)


def _two_members_two_bots(players, *, seed=2026):
    """N and E members, S and W bots; the bots (and the runner for the members, away)
    play until N is to act."""
    north, east = players[0], players[1]
    table = services.table_create(
        host=north, variant="quebec", seed=seed, bot_delay_ms=600_000, absence_grace_seconds=600
    )
    services.table_join(table_id=table.pk, user=east, seat="E")
    services.table_fill_with_bots(table_id=table.pk, user=north)
    services.table_start(table_id=table.pk, user=north)
    drive_until(table.pk, lambda: table_state(table.pk).hand.to_act == "N")
    return table


def _logged(table):
    return list(
        Action.objects.filter(hand__table=table, action__startswith="takeback").values_list(
            "seat", "action"
        )
    )


async def _intent(comm, frame, action):
    await comm.send_json_to({"type": "intent", "seq": frame["seq"], "action": action})


async def test_a_call_is_taken_back_over_the_sockets_once_the_other_member_accepts(players):
    table = await sync_to_async(_two_members_two_bots)(players)
    cookies = [await sync_to_async(session_cookie)(Client(), user) for user in players[:2]]
    north, ok, _ = await connect(table.pk, cookies[0])
    assert ok
    frame = await recv(north)
    east, ok, _ = await connect(table.pk, cookies[1])
    assert ok
    await recv(east)
    assert frame["view"]["to_act"] == "N"
    bid = frame["view"]["legal"][1]
    # N bids; only N is offered the take-back
    await _intent(north, frame, bid)
    n_state, e_state = await recv(north), await recv(east)
    assert n_state["table"]["takeback"] == {"can_ask": True}
    assert e_state["table"]["takeback"] is None and e_state["view"]["to_act"] == "E"
    await _intent(north, n_state, "takeback")
    n_state, e_state = await recv(north), await recv(east)
    asked = e_state["table"]["takeback"]
    assert (asked["seat"], asked["action"], asked["outcome"]) == ("N", bid, "pending")
    assert asked["waiting"] == ["E"] and not asked["can_ask"]
    # E accepts: the bid is taken back, N is to act again, everyone is told
    await _intent(east, e_state, "takeback:yes")
    n_state, e_state = await recv(north), await recv(east)
    for state in (n_state, e_state):
        assert state["table"]["takeback"]["outcome"] == "done"
        assert state["view"]["to_act"] == "N" and state["view"]["calls"] == []
    assert bid in n_state["view"]["legal"]
    assert await sync_to_async(_logged)(table) == [("N", "takeback"), ("E", "takeback:done")]
    # replay == state: a process that knows nothing rebuilds the same table
    cache.clear()
    again, ok, _ = await connect(table.pk, cookies[0])
    assert ok
    rebuilt = await recv(again)
    for key in ("seq", "view", "game", "sheet"):
        assert rebuilt[key] == n_state[key], key
    assert rebuilt["table"]["takeback"] == n_state["table"]["takeback"]
    for comm in (north, east, again):
        await comm.disconnect()
    cache.clear()


def test_a_refused_request_leaves_the_move_and_is_not_asked_again(players):
    """Through the database thread's executor (``services.hand_apply_action``)."""
    table = _two_members_two_bots(players, seed=7)
    north, east = players[0], players[1]
    for user, channel in ((north, "test.n"), (east, "test.e")):
        services.presence_join(table_id=table.pk, user=user, channel_name=channel)
    assert presence.present_users(table.pk) == {north.pk, east.pk}
    st = table_state(table.pk)
    bid = st.hand.legal_actions()[1]
    services.hand_apply_action(table_id=table.pk, user=north, action=bid, expected_seq=st.seq)
    seq = table_state(table.pk).seq
    services.hand_apply_action(table_id=table.pk, user=north, action="takeback", expected_seq=seq)
    services.hand_apply_action(
        table_id=table.pk, user=east, action="takeback:no", expected_seq=seq + 1
    )
    st = table_state(table.pk)
    assert st.takeback.outcome == "refused" and st.takeback.by == "E"
    assert st.hand.to_act == "E" and st.played[-1].action == bid
    with pytest.raises(TableError) as refused:
        services.hand_apply_action(
            table_id=table.pk, user=north, action="takeback", expected_seq=st.seq
        )
    assert refused.value.code == "takeback_asked"
    assert "déjà" in refused.value.message or "already" in refused.value.message
    assert _logged(table) == [("N", "takeback"), ("E", "takeback:no")]
    cache.clear()
    rebuilt = table_state(table.pk)
    assert rebuilt.takeback == st.takeback and rebuilt.played == st.played


def test_bots_accept_a_request_at_once(players):
    """A member alone with bots: the request is the take-back (one logged move)."""
    table = services.table_create(
        host=players[0], variant="quebec", seed=11, bot_delay_ms=600_000, absence_grace_seconds=600
    )
    services.table_fill_with_bots(table_id=table.pk, user=players[0])
    services.table_start(table_id=table.pk, user=players[0])
    drive_until(table.pk, lambda: table_state(table.pk).hand.to_act == "N")
    services.presence_join(table_id=table.pk, user=players[0], channel_name="test.n")
    assert presence.present_users(table.pk) == {players[0].pk}
    st = table_state(table.pk)
    bid, calls = st.hand.legal_actions()[1], len(st.hand.calls)
    services.hand_apply_action(table_id=table.pk, user=players[0], action=bid, expected_seq=st.seq)
    services.hand_apply_action(
        table_id=table.pk, user=players[0], action="takeback", expected_seq=st.seq
    )  # (the cached state the test holds is the table's, moved on by the bid)
    st = table_state(table.pk)
    assert st.hand.to_act == "N" and bid in st.hand.legal_actions()
    assert _logged(table) == [("N", "takeback:done")]
    assert st.hand.to_record()["takebacks"] == [
        {"seat": "N", "action": bid, "at": f"calls[{calls}]"}
    ]
    # the hand played out: its record (as downloaded) notes the take-back, and checks
    services.presence_leave(table_id=table.pk, channel_name="test.n")
    later = timezone.now() + timedelta(days=1)
    while table_state(table.pk).hand_row.result is None:
        later += timedelta(hours=1)  # past the bots' pace and N's grace
        services.table_drive(table_id=table.pk, now=later)
    record = selectors.hand_record(table, 1)
    assert record["takebacks"] == [{"seat": "N", "action": bid, "at": f"calls[{calls}]"}]
    assert check_record(record)["ok"] and check_record(record)["complete"]
