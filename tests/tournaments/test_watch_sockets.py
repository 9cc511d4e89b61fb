"""The table socket of a tournament's online table: a spectator the director lets in
(a member, or a visitor when open to everyone) watches without ever seeing a hidden
card; a player of the same round whose table plays is refused with the reason."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async as sync_to_async
from django.test import Client

from games.live import cache
from tests.games.sockets import connect, recv, session_cookie
from tests.games.test_consumers import scan_a_hand
from tests.tournaments.day import play_round, table_users
from tournaments.models import Spectators, TableGame, Tournament

pytestmark = pytest.mark.django_db(transaction=True)


def _online_round(make_tournament, add_present, director, spectators=Spectators.MEMBERS):
    t = make_tournament(status="running", rounds_total=2, hands_per_game=2, spectators=spectators)
    add_present(t, 8)
    rnd = play_round(t, director, online=True)
    live = {g.table: g.live_table for g in TableGame.objects.filter(round=rnd)}
    return t, rnd, live


async def test_a_member_watches_a_tournament_table_and_never_sees_a_hidden_card(
    make_tournament, add_present, director, make_member
):
    """A whole hand over the sockets, a member who is not playing watching: every frame
    of every viewer holds only what that viewer may know (``scan_a_hand``)."""
    _t, rnd, live = await sync_to_async(_online_round)(make_tournament, add_present, director)

    def cookies():
        users = table_users(rnd, 1)
        return {seat: session_cookie(Client(), users[seat]) for seat in "NESW"}

    frames = await scan_a_hand(live[1], await sync_to_async(cookies)(), make_member)
    assert frames and all(f["table"]["you"] is None for f in frames)
    assert all(f["view"] is None or f["view"]["hand"] is None for f in frames)
    cache.clear()


async def test_a_visitor_watches_a_table_open_to_everyone_read_only(
    make_tournament, add_present, director
):
    _t, _rnd, live = await sync_to_async(_online_round)(
        make_tournament, add_present, director, Spectators.EVERYONE
    )
    visitor, ok, _ = await connect(live[1].pk)
    assert ok
    frame = await recv(visitor)
    assert frame["type"] == "state" and frame["table"]["you"] is None
    assert frame["view"]["hand"] is None and frame["view"]["legal"] == []
    await visitor.send_json_to({"type": "intent", "seq": frame["seq"], "action": "pass"})
    assert (await recv(visitor))["code"] == "not_seated"
    await visitor.send_json_to({"type": "chat", "text": "Bonjour"})
    assert (await recv(visitor))["code"] == "not_seated"
    await visitor.disconnect()
    cache.clear()


async def test_a_visitor_is_refused_with_the_reason_when_the_tables_are_for_members(
    make_tournament, add_present, director
):
    _t, _rnd, live = await sync_to_async(_online_round)(make_tournament, add_present, director)
    visitor, ok, _ = await connect(live[1].pk)
    assert ok  # accepted only to say why
    closed = await visitor.receive_output(timeout=5)
    assert closed["type"] == "websocket.close" and closed["code"] == 4403
    assert closed["reason"] == "Connectez-vous pour regarder les tables de ce tournoi."
    await visitor.disconnect()


async def test_a_player_of_the_same_round_is_refused_until_their_table_finishes(
    make_tournament, add_present, director
):
    from games.models import Table

    _t, rnd, live = await sync_to_async(_online_round)(make_tournament, add_present, director)
    player = await sync_to_async(lambda: table_users(rnd, 2)["W"])()
    cookie = await sync_to_async(session_cookie)(Client(), player)
    comm, ok, _ = await connect(live[1].pk, cookie)
    assert ok
    closed = await comm.receive_output(timeout=5)
    assert closed["type"] == "websocket.close" and closed["code"] == 4403
    assert closed["reason"].startswith("Vous jouez dans cette ronde : vous pourrez regarder")
    await comm.disconnect()
    await sync_to_async(Table.objects.filter(pk=live[2].pk).update)(status="finished")
    comm, ok, _ = await connect(live[1].pk, cookie)
    assert ok
    frame = await recv(comm)
    assert frame["type"] == "state" and frame["table"]["you"] is None
    assert frame["view"]["hand"] is None
    await comm.disconnect()
    cache.clear()


async def test_nobody_watches_when_the_director_closed_the_tables(
    make_tournament, add_present, director, make_member
):
    t, _rnd, live = await sync_to_async(_online_round)(
        make_tournament, add_present, director, Spectators.NOBODY
    )
    assert await sync_to_async(lambda: Tournament.objects.get(pk=t.pk).spectators)() == "nobody"
    member = await sync_to_async(make_member)()
    comm, ok, _ = await connect(live[1].pk, await sync_to_async(session_cookie)(Client(), member))
    assert ok
    closed = await comm.receive_output(timeout=5)
    assert closed["code"] == 4403
    assert closed["reason"] == "La direction du tournoi n'a pas ouvert ses tables aux spectateurs."
    await comm.disconnect()
