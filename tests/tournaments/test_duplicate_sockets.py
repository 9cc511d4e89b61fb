"""The sockets of a duplicate round's tables (issue #30): a board's hands never reach a
socket of a table that has not finished it. Table 1 plays every board first; table 2's
players hear nothing of it, may not watch it, and then play board 1 with every frame
checked against what each viewer may know (``scan_a_hand``)."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async as sync_to_async
from django.test import Client

from games.live import cache
from games.models import GameHand
from tests.games.sockets import connect, quiet, recv, session_cookie
from tests.games.test_consumers import scan_a_hand
from tests.tournaments.day import table_users
from tests.tournaments.test_duplicate_online import BOARDS, _duplicate_round, drive

pytestmark = pytest.mark.django_db(transaction=True)


async def test_a_boards_hands_never_reach_a_socket_of_a_table_that_has_not_finished_it(
    make_tournament, add_present, director, make_member
):
    _t, rnd, live = await sync_to_async(_duplicate_round)(make_tournament, add_present, director)

    def cookies():
        users = table_users(rnd, 2)
        return {seat: session_cookie(Client(), users[seat]) for seat in "NESW"}

    cookies2 = await sync_to_async(cookies)()
    sockets = []
    for cookie in cookies2.values():
        comm, ok, _ = await connect(live[2].pk, cookie)
        assert ok
        first = await recv(comm)
        assert first["table"]["board"] == 1 and first["table"]["hand_number"] == 1
        sockets.append(comm)
    # A player of table 2 may not watch table 1 while their own table plays (#29).
    comm, ok, _ = await connect(live[1].pk, cookies2["N"])
    assert ok
    closed = await comm.receive_output(timeout=5)
    assert closed["type"] == "websocket.close" and closed["code"] == 4403
    await comm.disconnect()
    # Table 1 plays all its boards (bots for its absent members): nothing of it reaches
    # table 2's sockets.
    await sync_to_async(drive)(live[1])
    done = await sync_to_async(GameHand.objects.filter(table=live[1], result__isnull=False).count)()
    assert done == BOARDS
    for comm in sockets:
        assert await quiet(comm)
        await comm.disconnect()
    # Table 2 plays board 1 over its sockets, a member watching: every frame holds only
    # what its viewer may know, and the spectator's review holds no hands.
    frames = await scan_a_hand(live[2], cookies2, make_member)
    assert frames and all(f["table"]["you"] is None for f in frames)
    reviews = [f["review"] for f in frames if "review" in f]
    assert reviews and all(r["record"] is None and r["held"] for r in reviews)
    cache.clear()
