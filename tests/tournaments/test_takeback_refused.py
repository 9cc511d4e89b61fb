"""No move is taken back at a tournament's online table: the control is never offered
and a request over the socket is refused with an error frame in the player's words."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async as sync_to_async
from django.test import Client

from games.live import cache
from games.models import Action
from tests.games.sockets import connect, recv, session_cookie
from tests.tournaments.day import play_round, table_users
from tournaments.models import TableGame

pytestmark = pytest.mark.django_db(transaction=True)


async def test_a_tournament_table_refuses_to_take_back_a_move(
    make_tournament, add_present, director
):
    def setup():
        t = make_tournament(status="running", rounds_total=2, hands_per_game=2)
        add_present(t, 8)
        rnd = play_round(t, director, online=True)
        table = TableGame.objects.get(round=rnd, table=1).live_table
        users = table_users(rnd, 1)
        return table, {seat: session_cookie(Client(), users[seat]) for seat in "NESW"}

    table, cookies = await sync_to_async(setup)()
    comm, ok, _ = await connect(table.pk, cookies["N"])
    assert ok
    frame = await recv(comm)
    seat = frame["view"]["to_act"]
    if seat != "N":
        await comm.disconnect()
        comm, ok, _ = await connect(table.pk, cookies[seat])
        assert ok
        frame = await recv(comm)
    await comm.send_json_to(
        {"type": "intent", "seq": frame["seq"], "action": frame["view"]["legal"][0]}
    )
    frame = await recv(comm)
    assert frame["table"]["takeback"] is None  # not offered
    await comm.send_json_to({"type": "intent", "seq": frame["seq"], "action": "takeback"})
    error = await recv(comm)
    assert error == {
        "type": "error",
        "code": "takeback_tournament",
        "message": "On ne reprend jamais un coup à une table de tournoi.",
    }
    logged = await sync_to_async(
        lambda: Action.objects.filter(
            hand__table_id=table.pk, action__startswith="takeback"
        ).exists()
    )()
    assert not logged
    await comm.disconnect()
    cache.clear()
