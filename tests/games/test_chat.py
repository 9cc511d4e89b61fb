"""The table chat over the table socket: two channels, checks, rate limit, closed chat."""

import os

import pytest
from asgiref.sync import sync_to_async
from django.test import Client

from games import services
from games.live import chat
from games.models import ChatMessage, Table
from tests.games.sockets import all_connected, connect, quiet, recv, session_cookie

pytestmark = pytest.mark.django_db(transaction=True)


async def _spectators(table, make_member, n=2):
    out = []
    for _ in range(n):
        member = await sync_to_async(make_member)()
        comm, ok, _ = await connect(table.pk, await sync_to_async(session_cookie)(Client(), member))
        assert ok
        await recv(comm)  # the state
        out.append(comm)
    return out


async def _history(comm):
    await comm.send_json_to({"type": "chat.history"})
    return await recv(comm)


@pytest.fixture(autouse=True)
def _fresh_limits(monkeypatch):
    monkeypatch.setattr(chat, "limits", chat.RateLimit())


async def test_players_and_spectators_each_read_only_their_own_channel(
    table_of_four, cookies, make_member
):
    comms = await all_connected(table_of_four, cookies)
    watchers = await _spectators(table_of_four, make_member)
    north = comms[0][0]
    await north.send_json_to({"type": "chat", "text": "Bonne chance <b>tous</b>"})
    for comm, _ in comms:
        frame = await recv(comm)
        assert frame["type"] == "chat"
        [message] = frame["messages"]
        assert message["text"] == "Bonne chance <b>tous</b>"  # stored as typed: shown as text
        assert message["seat"] == "N" and message["name"] == "Nord Joueur"
    for comm in watchers:
        assert await quiet(comm)
    await watchers[0].send_json_to({"type": "chat", "phrase": "nice_hand"})
    for comm in watchers:
        frame = await recv(comm)
        assert frame["messages"][0]["phrase"] == "nice_hand"
        assert frame["messages"][0]["seat"] == ""
    for comm, _ in comms:
        assert await quiet(comm)
    # opening the chat later: each viewer gets its own channel's history only
    history = await _history(comms[2][0])
    assert history["enabled"] and history["channel"] == "players"
    assert [m["text"] for m in history["messages"]] == ["Bonne chance <b>tous</b>"]
    history = await _history(watchers[1])
    assert history["channel"] == "spectators"
    assert [m["phrase"] for m in history["messages"]] == ["nice_hand"]
    rows = await sync_to_async(lambda: sorted(ChatMessage.objects.values_list("channel", "seat")))()
    assert rows == [("players", "N"), ("spectators", "")]
    for comm in [*(c for c, _ in comms), *watchers]:
        await comm.disconnect()


@pytest.mark.parametrize(
    "frame,code",
    [
        ({"type": "chat", "text": "x" * 201}, "chat_too_long"),
        ({"type": "chat", "text": "   \u0000\n "}, "bad_chat"),
        ({"type": "chat", "text": ["not", "text"]}, "bad_chat"),
        ({"type": "chat"}, "bad_chat"),
        ({"type": "chat", "phrase": "<script>"}, "bad_chat"),
    ],
)
async def test_bad_chat_frames_get_an_error_frame_and_nothing_is_written(
    table_of_four, cookies, frame, code
):
    comm, ok, _ = await connect(table_of_four.pk, cookies[1])
    assert ok
    await recv(comm)
    await comm.send_json_to({**frame, "ref": "r1"})
    error = await recv(comm)
    assert error["type"] == "error" and error["code"] == code and error["ref"] == "r1"
    assert error["message"]
    assert await sync_to_async(ChatMessage.objects.count)() == 0
    await comm.send_json_to({"type": "chat", "text": " still  here\t"})  # the socket plays on
    assert (await recv(comm))["messages"][0]["text"] == "still here"
    await comm.disconnect()


async def test_a_member_writing_too_fast_is_held_back_then_may_write_again(
    table_of_four, cookies, monkeypatch
):
    clock = [100.0]
    monkeypatch.setattr(chat, "limits", chat.RateLimit(burst=5, per=3.0, clock=lambda: clock[0]))
    comm, ok, _ = await connect(table_of_four.pk, cookies[0])
    assert ok
    await recv(comm)
    for n in range(5):
        await comm.send_json_to({"type": "chat", "text": f"m{n}"})
        assert (await recv(comm))["type"] == "chat"
    await comm.send_json_to({"type": "chat", "text": "one more"})
    assert (await recv(comm))["code"] == "chat_too_fast"
    clock[0] += 3.0
    await comm.send_json_to({"type": "chat", "text": "after a pause"})
    assert (await recv(comm))["messages"][0]["text"] == "after a pause"
    assert await sync_to_async(ChatMessage.objects.count)() == 6
    await comm.disconnect()


async def test_a_closed_chat_refuses_messages_and_says_so(table_of_four, cookies):
    await sync_to_async(Table.objects.filter(pk=table_of_four.pk).update)(chat=False)
    comm, ok, _ = await connect(table_of_four.pk, cookies[0])
    assert ok
    await recv(comm)
    assert (await _history(comm))["enabled"] is False
    await comm.send_json_to({"type": "chat", "phrase": "hello"})
    assert (await recv(comm))["code"] == "chat_closed"
    assert await sync_to_async(ChatMessage.objects.count)() == 0
    await comm.disconnect()


def test_the_database_thread_path_writes_the_same_message(table_of_four, players):
    """Without the event loop's connection (SQLite), the message is written through
    Django in one transaction, in the author's channel."""
    posted = chat.post_in_thread(
        table_id=table_of_four.pk,
        user=players[2],
        text="Salut",
        phrase="",
        now=table_of_four.started_at,
    )
    assert posted.channel == "players" and posted.seat == "S"
    assert set(posted.seated) == {p.pk for p in players}
    Table.objects.filter(pk=table_of_four.pk).update(chat=False)
    with pytest.raises(services.TableError) as error:
        chat.post_in_thread(
            table_id=table_of_four.pk,
            user=players[2],
            text="Salut",
            phrase="",
            now=table_of_four.started_at,
        )
    assert error.value.code == "chat_closed"


def test_messages_never_enter_the_hand_records(table_of_four, players, client):
    chat.post_in_thread(
        table_id=table_of_four.pk,
        user=players[0],
        text="secret plan",
        phrase="",
        now=table_of_four.started_at,
    )
    from tests.games.conftest import drive_until, table_state

    drive_until(table_of_four.pk, lambda: len(table_state(table_of_four.pk).hands) >= 2)
    client.force_login(players[0])
    from django.urls import reverse

    body = client.get(reverse("games:game_records", args=[table_of_four.pk])).content.decode()
    assert "secret plan" not in body and "chat" not in body


def test_the_admin_lists_messages_for_moderation_and_never_edits_them(
    table_of_four, players, client, make_member
):
    posted = chat.post_in_thread(
        table_id=table_of_four.pk,
        user=players[0],
        text="Salut",
        phrase="",
        now=table_of_four.started_at,
    )
    client.force_login(make_member(is_staff=True, is_superuser=True))
    listing = client.get("/admin/games/chatmessage/?q=Salut")
    assert listing.status_code == 200 and "Salut" in listing.content.decode()
    page = client.get(f"/admin/games/chatmessage/{posted.id}/change/")
    assert page.status_code == 200 and 'name="text"' not in page.content.decode()


REDIS_TEST_URL = os.environ.get("REDIS_TEST_URL")


def _redis_cache(url: str | None = None):
    from django.core.cache.backends.redis import RedisCache

    from tests.live_server import redis_prefix

    return RedisCache(url or REDIS_TEST_URL, {"KEY_PREFIX": f"{redis_prefix()}-chat-rate"})


@pytest.mark.skipif(not REDIS_TEST_URL, reason="REDIS_TEST_URL not set (no redis-server)")
def test_the_shared_limit_counts_a_members_messages_over_every_process(make_member):
    """Two processes' limiters over one Redis are one bucket per (table, member): 5
    messages at once in all, then one every 3 seconds; another member or table has its
    own."""
    clock = [5000.0]
    shared = _redis_cache()
    shared.clear()
    a, b = (
        chat.SharedRateLimit(shared, burst=5, per=3.0, clock=lambda: clock[0]) for _ in range(2)
    )
    got = [limiter.allow(1, 7) for limiter in (a, b) * 6]
    assert got == [True] * 5 + [False] * 7
    assert a.allow(1, 8) and b.allow(2, 7)  # another member; another table
    clock[0] += 3.0
    assert (b.allow(1, 7), a.allow(1, 7)) == (True, False)
    clock[0] += 15.0
    assert sum(limiter.allow(1, 7) for limiter in (a, b) * 4) == 5
    shared.clear()


def test_the_shared_limit_falls_back_to_the_process_when_redis_is_unreachable(caplog):
    from tests.live_server import free_port

    limiter = chat.SharedRateLimit(
        _redis_cache(f"redis://127.0.0.1:{free_port()}/0"), burst=5, per=3.0
    )
    assert [limiter.allow(1, 7) for _ in range(6)] == [True] * 5 + [False]
    assert "Redis unreachable" in caplog.text


def test_the_site_with_redis_shares_the_limit_and_without_keeps_it_in_the_process(settings):
    assert isinstance(chat.default_limits(), chat.RateLimit)  # the test settings: local
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",
        }
    }
    assert isinstance(chat.default_limits(), chat.SharedRateLimit)


@pytest.mark.parametrize(
    ("kind", "variant", "options", "partners"),
    [
        ("500", "quebec", {}, True),
        ("500", "quebec", {"players": 6}, True),
        ("500", "quebec", {"players": 5}, True),  # the declarer's partner, by the partner card
        ("500", "australian", {"players": 3}, False),
        ("500", "australian", {"players": 2}, False),
        ("450", None, {"players": 4}, False),
    ],
)
def test_the_quick_phrases_offered_fit_the_table(kind, variant, options, partners, make_member):
    """No "Well played, partner" where each plays for themselves (2 and 3 players, 450);
    spectators never have it."""
    host, watcher = make_member(), make_member()
    table = services.table_create(host=host, kind=kind, variant=variant, options=options, seed=1)
    player = chat.history_frame(table.pk, host)
    spectator = chat.history_frame(table.pk, watcher)
    assert player["channel"] == "players" and spectator["channel"] == "spectators"
    assert ("well_played_partner" in player["phrases"]) is partners
    assert ("sorry_partner" in player["phrases"]) is partners
    assert ("well_played" in player["phrases"]) is not partners
    assert ("sorry" in player["phrases"]) is not partners
    # a 450 hand is a round: "Belle manche!", not "Belle brasse!"
    for frame in (player, spectator):
        assert ("nice_round" in frame["phrases"]) is (kind == "450")
        assert ("nice_hand" in frame["phrases"]) is (kind != "450")
    assert "well_played_partner" not in spectator["phrases"]
    assert set(player["phrases"]) | set(spectator["phrases"]) <= set(chat.PHRASES)
