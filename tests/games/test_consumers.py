"""The table socket: protocol, errors, hidden information, reconnect, restart."""

import json
import re

import pytest
from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.utils import timezone

from club.asgi import application
from games import services
from games.live import cache
from games.models import Table
from tests.games.conftest import table_state
from tests.games.sockets import all_connected, connect, play_first_hand, quiet, recv, session_cookie

pytestmark = pytest.mark.django_db(transaction=True)

CARD = re.compile(r"^(1[0-3]|[2-9JQKA])[SCDH]$|^[WB]J$")


async def test_seated_player_gets_their_own_cards_and_a_spectator_none(
    table_of_four, cookies, make_member
):
    north, ok, _ = await connect(table_of_four.pk, cookies[0])
    assert ok
    frame = await recv(north)
    assert frame["type"] == "state" and frame["seq"] == table_of_four.seq
    assert frame["table"]["you"] == "N"
    assert len(frame["view"]["hand"]) == 10
    watcher = await sync_to_async(make_member)()
    from django.test import Client

    spectator, ok, _ = await connect(
        table_of_four.pk, await sync_to_async(session_cookie)(Client(), watcher)
    )
    assert ok
    seen = await recv(spectator)
    assert seen["table"]["you"] is None and seen["view"]["hand"] is None
    assert seen["view"]["legal"] == []
    await north.disconnect()
    await spectator.disconnect()


async def test_visitors_and_outsiders_of_invite_only_tables_are_refused(table_of_four, make_member):
    _, ok, _ = await connect(table_of_four.pk)
    assert not ok
    await sync_to_async(Table.objects.filter(pk=table_of_four.pk).update)(visibility="invite")
    from django.test import Client

    outsider = await sync_to_async(make_member)()
    _, ok, code = await connect(
        table_of_four.pk, await sync_to_async(session_cookie)(Client(), outsider)
    )
    assert not ok and code == 4403


def visible_cards(frame) -> set[str]:
    """Every card named in a frame, except where a call (bid) looks like a card."""
    found = set()

    def walk(node, key=None):
        if isinstance(node, dict):
            for k, v in node.items():
                if k in ("call", "contract", "calls", "draw"):  # bids; the public first-dealer draw
                    continue
                walk(v, k)
        elif isinstance(node, list):
            for item in node:
                walk(item, key)
        elif isinstance(node, str):
            card = node.split(":")[1] if node.startswith("name:") else node.split(":")[0]
            if CARD.match(card):
                found.add(card)

    view = dict(frame.get("view") or {})
    if view.get("phase") == "auction":
        view.pop("legal", None)
    walk({**frame, "view": view})
    return found


async def test_a_whole_hand_over_the_socket_never_leaks_a_hidden_card(
    table_of_four, cookies, make_member
):
    frames = await scan_a_hand(table_of_four, dict(zip("NESW", cookies)), make_member)
    assert len(frames) > 40


#: A table per count other than four, with the options that reveal or call the most:
#: the dead hand and breach (2), the set rule (3), the partner shown when played or at
#: once (5), both jokers in the six-handed deck, three teams of two and breach (6).
SEAT_COUNTS = [
    {"players": 2, "breach": True},
    {"players": 3, "set_rule": True},
    {"players": 5, "partner_reveal": "on_play"},
    {"players": 5, "partner_reveal": "announce", "partner_points": "half"},
    {"players": 6, "teams": "3x2", "jokers": 2, "breach": True},
    {"players": 6, "teams": "2x3"},
]


@pytest.mark.parametrize("options", SEAT_COUNTS, ids=lambda o: "-".join(map(str, o.values())))
async def test_every_seat_count_plays_a_hand_over_the_socket_without_leaking_a_card(
    options, make_member
):
    from django.test import Client

    count = options["players"]
    members = [await sync_to_async(make_member)() for _ in range(count)]
    seats = [f"P{i + 1}" for i in range(count)]

    def seated_table():
        table = services.table_create(
            host=members[0], variant="quebec", options=options, seed=2026, bot_delay_ms=0
        )
        for user, seat in zip(members[1:], seats[1:]):
            services.table_join(table_id=table.pk, user=user, seat=seat)
        services.table_start(table_id=table.pk, user=members[0])
        table.refresh_from_db()
        return table, [session_cookie(Client(), user) for user in members]

    table, cookies = await sync_to_async(seated_table)()
    frames = await scan_a_hand(table, dict(zip(seats, cookies)), make_member)
    last = frames[-1]
    assert last["table"]["hand_number"] == 2 and len(last["sheet"]) == 1
    assert set(last["sheet"][0]["score"]) == set(last["game"]["totals"])
    calls = [c["call"] for c in frames[-2]["view"]["calls"]]
    if count == 5:
        assert any(c.startswith("partner:") for c in calls)
    if options.get("breach"):
        assert "breach" in calls


def intent_for(view) -> str:
    """A test player's move: open the auction at 7 spades (a contract worth breaching),
    then pass; name a partner card; call breach when it may; else the first legal move."""
    legal = view["legal"]
    if view["phase"] == "auction":
        opened = any(c["call"] != "pass" for c in view["calls"])
        if not opened:
            return "7S" if "7S" in legal else legal[1] if len(legal) > 1 else legal[0]
        return "pass" if "pass" in legal else legal[0]
    partner = [a for a in legal if a.startswith("partner:")]
    if partner:
        return partner[-1]
    if "breach" in legal:
        return "breach"
    return legal[0]


async def scan_a_hand(table, cookies: dict, make_member) -> list[dict]:
    """Play the table's current hand over sockets (one per seat, ``cookies``: seat ->
    cookie) with a spectator watching, then check every frame each of them was sent
    against what that viewer may know: their own cards (the declarer: the kitty too),
    and the cards the rules made public. Returns the spectator's frames."""
    from django.test import Client

    comms = await all_connected(table, list(cookies.values()))
    watcher = await sync_to_async(make_member)()
    spectator, ok, _ = await connect(
        table.pk, await sync_to_async(session_cookie)(Client(), watcher)
    )
    assert ok
    seats = list(cookies)
    frames = {seat: [first] for seat, (_, first) in zip(seats, comms)}
    frames["spectator"] = [await recv(spectator)]
    by_seat = dict(zip(seats, (c for c, _ in comms)))
    latest = {seat: f[0] for seat, f in frames.items()}
    first = seats[0]
    hand_number = latest[first]["table"]["hand_number"]
    while latest[first]["view"]["to_act"] is not None:
        to_act = latest[first]["view"]["to_act"]
        mine = latest[to_act]
        await by_seat[to_act].send_json_to(
            {"type": "intent", "seq": mine["seq"], "action": intent_for(mine["view"])}
        )
        for seat, comm in [*by_seat.items(), ("spectator", spectator)]:
            frame = await recv(comm)
            assert frame["type"] == "state" and frame["seq"] == mine["seq"] + 1, frame
            frames[seat].append(frame)
            latest[seat] = frame
    # The hand is over: the review, and no next deal until every member is ready.
    assert latest[first]["table"]["hand_number"] == hand_number
    assert latest[first]["review"]["waiting"] == sorted(seats)
    for n, (seat, comm) in enumerate(by_seat.items()):
        await comm.send_json_to({"type": "intent", "seq": latest[seat]["seq"], "action": "next"})
        for viewer, other in [*by_seat.items(), ("spectator", spectator)]:
            frame = await recv(other)
            frames[viewer].append(frame)
            latest[viewer] = frame
        if n < len(seats) - 1:
            assert latest[first]["table"]["hand_number"] == hand_number
            assert seat in latest[first]["review"]["ready"]
    assert latest[first]["table"]["hand_number"] == hand_number + 1
    assert "review" not in latest[first] and latest[first]["view"]["to_act"] is not None
    # Check every frame against what that viewer may know.
    records = {}
    for seat, seen in frames.items():
        for frame in seen:
            number = frame["table"]["hand_number"]
            if number not in records:
                records[number] = await sync_to_async(_hand_deal)(table.pk, number)
            dealt, kitty = records[number]
            if "review" in frame:  # every card, but only once the hand is over
                assert frame["view"]["result"] is not None
                if frame["review"].get("held"):  # a duplicate board: a spectator waits
                    assert seat == "spectator" and frame["review"]["record"] is None
                else:
                    assert frame["review"]["record"]["hands"] == dealt
                frame = {k: v for k, v in frame.items() if k != "review"}
            view = frame["view"]
            public = set()
            if view and view["tricks"] is not None:
                for trick in view["tricks"]:
                    public |= {c["card"] for c in trick["cards"]}
                public |= {c["card"] for c in view["trick"]}
                for shown in view["shown"].values():
                    public |= set(shown)
                if view.get("partner_card"):
                    public.add(view["partner_card"])
            allowed = set(public)
            if seat != "spectator":
                allowed |= set(dealt[seat])
                if view and view["declarer"] == seat:
                    allowed |= kitty
            leaked = visible_cards(frame) - allowed
            assert not leaked, (
                f"{seat} saw {leaked} at seq {frame['seq']}: {json.dumps(frame)[:3000]}"
                f" dealt {dealt} kitty {kitty}"
            )
    for comm in [*by_seat.values(), spectator]:
        await comm.disconnect()
    return frames["spectator"]


def _hand_deal(table_id, number):
    """The cards dealt in a hand (finished or not): seat -> cards, and the kitty."""
    record = table_state(table_id).game.entries[number - 1].to_record()
    return record["hands"], set(record["kitty"])


async def test_refused_intents_answer_only_the_sender_and_change_nothing(table_of_four, cookies):
    comms = await all_connected(table_of_four, cookies)
    first = comms[0][1]
    to_act = first["view"]["to_act"]
    index = "NESW".index(to_act)
    actor, actor_state = comms[index]
    other, other_state = comms[(index + 1) % 4]
    seq = first["seq"]
    cases = [
        (actor, {"type": "intent", "seq": seq, "action": "KS", "ref": 1}, "wrong_phase"),
        (other, {"type": "intent", "seq": seq, "action": "pass"}, "not_your_turn"),
        (actor, {"type": "intent", "seq": "7", "action": "pass"}, "bad_intent"),
        (actor, {"type": "intent", "action": "pass"}, "bad_intent"),
        (actor, {"type": "dance"}, "unknown_type"),
        (actor, ["not", "an", "object"], "bad_frame"),
    ]
    for comm, frame, code in cases:
        await comm.send_json_to(frame)
        reply = await recv(comm)
        assert reply["type"] == "error" and reply["code"] == code, reply
        assert reply["message"]
    await actor.send_to(text_data="{oops")
    assert (await recv(actor))["code"] == "bad_json"
    await actor.send_to(text_data="x" * 5000)
    assert (await recv(actor))["code"] == "bad_frame"
    # A stale intent: an error, then the current state, to the sender only.
    await actor.send_json_to({"type": "intent", "seq": seq - 1, "action": "pass"})
    assert (await recv(actor))["code"] == "stale"
    resync = await recv(actor)
    assert resync["type"] == "state" and resync["seq"] == seq
    for comm, _ in comms:
        assert await quiet(comm)
    table = await sync_to_async(Table.objects.get)(pk=table_of_four.pk)
    assert table.seq == seq
    # And the server still plays on.
    await actor.send_json_to(
        {"type": "intent", "seq": seq, "action": actor_state["view"]["legal"][0]}
    )
    for comm, _ in comms:
        assert (await recv(comm))["seq"] == seq + 1
    for comm, _ in comms:
        await comm.disconnect()


def _count_paths(monkeypatch):
    """Record which intents take the database thread's path (``hand_apply_action``),
    which moves decided on the event loop are handed to the database thread's executor
    (a hand's end with callbacks: ``write_in_thread`` for the loop), and which state
    frames the hub delivers (a change committed by the database thread)."""
    from games.live import pipeline
    from games.live.hub import hub

    slow, ends, handed_off = [], [], []
    real, real_end = services.hand_apply_action, pipeline.write_in_thread

    def counted(**kwargs):
        slow.append(kwargs["expected_seq"])
        return real(**kwargs)

    def counted_end(st, move, present, **kwargs):
        if kwargs.get("checkin") is False:  # decided on the loop, which owns the state
            ends.append(st.seq)
        return real_end(st, move, present, **kwargs)

    monkeypatch.setattr(services, "hand_apply_action", counted)
    monkeypatch.setattr(pipeline, "write_in_thread", counted_end)
    real_deliver = hub._deliver
    monkeypatch.setattr(
        hub, "_deliver", lambda frames: (handed_off.append(frames), real_deliver(frames))
    )
    return slow, ends, handed_off


async def _logged_seqs(table) -> list[int]:
    from games.models import Action

    return await sync_to_async(
        lambda: list(
            Action.objects.filter(hand__table=table).order_by("seq").values_list("seq", flat=True)
        )
    )()


async def test_moves_and_a_hand_end_are_logged_on_the_event_loop(
    table_of_four, cookies, monkeypatch
):
    """Intents are played on the event loop (games.live.loopdb), the one that ends the hand
    too: its result and the next deal go in the same statement, and the frames leave
    in the same turn. Every move is logged once, in order, before anyone hears of it,
    and a new process replays the log to exactly the state the players were shown."""
    from django.db import connection

    from games.models import GameHand

    slow, ends, handed_off = _count_paths(monkeypatch)
    comms = await all_connected(table_of_four, cookies)
    start, end, latest = await play_first_hand(comms)
    if connection.vendor == "postgresql":
        assert slow == [] and ends == []  # no move needed the database thread
        assert [f for frames in handed_off for f in frames if f[1] >= 0] == []
    else:  # no fast path on SQLite: every move takes the usual path
        assert slow == list(range(start, end)) and ends == []
    assert await _logged_seqs(table_of_four) == list(range(start + 1, end + 1))
    rows = await sync_to_async(
        lambda: list(GameHand.objects.filter(table=table_of_four).order_by("number"))
    )()
    assert [row.number for row in rows] == [1, 2]
    assert rows[0].result is not None and rows[0].finished_at is not None
    assert rows[1].result is None  # the next deal (its dealer is checked by the replay)
    assert latest[0]["sheet"][0]["score"] == rows[0].result["score"]
    # The next hand's row in the cached state carries its id in the database (the
    # move that ends that hand writes its result there).
    assert cache.peek(table_of_four.pk).hand_row.id == rows[1].pk
    # A process that knows nothing rebuilds the same table from the log.
    cache.clear()
    again, ok, _ = await connect(table_of_four.pk, cookies[0])
    assert ok
    rebuilt = await recv(again)
    for key in ("seq", "view", "game", "sheet", "table"):
        assert rebuilt[key] == latest[0][key], key
    for comm, _ in comms:
        await comm.disconnect()
    await again.disconnect()


async def test_a_watched_tables_hand_end_is_logged_by_the_database_thread(
    table_of_four, cookies, monkeypatch
):
    """When another app watches a table's hands (a tournament's table), the move that
    ends a hand is logged by the database thread, with the app's callback in the same
    transaction; the other moves still go on the event loop."""
    from django.db import connection

    from games import hooks

    heard = []
    monkeypatch.setattr(hooks, "_hand_finished", [])
    hooks.on_hand_finished(
        lambda table_id, row: heard.append((table_id, row.number)),
        watches=lambda table_id: table_id == table_of_four.pk,
    )
    slow, ends, handed_off = _count_paths(monkeypatch)
    comms = await all_connected(table_of_four, cookies)
    start, end, latest = await play_first_hand(comms, next_deal=False)
    assert heard == [(table_of_four.pk, 1)]
    if connection.vendor == "postgresql":
        assert slow == [] and ends == [end - 1]
        # only the hand's end (committed by the database thread) went through the hub
        states = [frames for frames in handed_off if frames and frames[0][1] >= 0]
        assert len(states) == 1 and states[0][0][1] == end
    assert await _logged_seqs(table_of_four) == list(range(start + 1, end + 1))
    for comm, _ in comms:
        await comm.disconnect()


async def test_reconnecting_and_restarting_resume_from_the_log(table_of_four, cookies):
    comms = await all_connected(table_of_four, cookies)
    for _ in range(6):
        current = comms[0][1]
        seat = current["view"]["to_act"]
        comm, mine = comms["NESW".index(seat)]
        await comm.send_json_to(
            {"type": "intent", "seq": mine["seq"], "action": mine["view"]["legal"][0]}
        )
        comms = [(c, await recv(c)) for c, _ in comms]
    before = comms[2][1]
    for comm, _ in comms:
        await comm.disconnect()
    # A new process knows nothing: its cache is empty; the log rebuilds the table.
    cache.clear()
    again, ok, _ = await connect(table_of_four.pk, cookies[2])
    assert ok
    after = await recv(again)
    for key in ("seq", "view", "game", "sheet"):
        assert after[key] == before[key]
    await again.send_json_to({"type": "sync"})
    assert (await recv(again))["seq"] == before["seq"]
    await again.disconnect()


async def test_presence_is_broadcast_to_the_table(table_of_four, cookies, players):
    async def until_present(comm, expected):
        while True:
            frame = await comm.receive_json_from(timeout=5)
            if frame["type"] == "presence" and set(frame["present"]) == expected:
                return

    north, _, _ = await connect(table_of_four.pk, cookies[0])
    east, _, _ = await connect(table_of_four.pk, cookies[1])
    await until_present(north, {players[0].pk, players[1].pk})
    await east.disconnect()
    await until_present(north, {players[0].pk})
    await north.disconnect()


async def test_the_lobby_socket_hears_of_new_tables(players, cookies):
    comm = WebsocketCommunicator(
        application,
        "/ws/lobby/",
        headers=[
            (b"origin", b"http://localhost"),
            (b"host", b"localhost"),
            (b"cookie", cookies[0]),
        ],
    )
    assert (await comm.connect(timeout=10))[0]
    await sync_to_async(services.table_create)(host=players[1])
    assert await comm.receive_json_from(timeout=5) == {"type": "lobby.changed"}
    await comm.disconnect()


async def test_hostile_frames_get_an_error_frame_and_the_socket_plays_on(table_of_four, cookies):
    """Deeply nested JSON (past the parser's recursion limit), invalid JSON and frames
    too long are each answered with an error frame; the socket keeps working."""
    comm, ok, _ = await connect(table_of_four.pk, cookies[0])
    assert ok
    first = await recv(comm)
    for text, code in [
        ("[" * 2000 + "]" * 2000, "bad_json"),
        ("{" * 4000, "bad_json"),
        ('{"type": "intent", "action": "' + "x" * 5000 + '"}', "bad_frame"),
        ("null", "bad_frame"),
        ("\x00", "bad_json"),
    ]:
        await comm.send_to(text_data=text)
        reply = await recv(comm)
        assert reply["type"] == "error" and reply["code"] == code, (text[:20], reply)
    await comm.send_json_to({"type": "sync"})
    assert (await recv(comm))["seq"] == first["seq"]
    await comm.disconnect()


async def test_the_lobby_socket_answers_bad_frames_and_stays_open(players, cookies):
    comm = WebsocketCommunicator(
        application,
        "/ws/lobby/",
        headers=[
            (b"origin", b"http://localhost"),
            (b"host", b"localhost"),
            (b"cookie", cookies[0]),
        ],
    )
    assert (await comm.connect(timeout=10))[0]
    for text in ("{oops", "[" * 3000):
        await comm.send_to(text_data=text)
        assert (await comm.receive_json_from(timeout=5))["code"] == "bad_json"
    await database_sync_to_async(services.table_create)(host=players[1])
    assert await comm.receive_json_from(timeout=5) == {"type": "lobby.changed"}
    await comm.disconnect()


async def test_a_socket_whose_handler_fails_is_closed_and_cleaned_up(
    table_of_four, cookies, monkeypatch
):
    """A bug in a handler closes the socket with 1011, and its disconnect still runs:
    no presence row is left behind, and the hub holds no dead socket."""
    from games.consumers import TableConsumer
    from games.live.hub import hub
    from games.models import Presence

    comm, ok, _ = await connect(table_of_four.pk, cookies[0])
    assert ok
    await recv(comm)
    assert await database_sync_to_async(Presence.objects.count)() == 1

    async def broken(self, content, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(TableConsumer, "receive_json", broken)
    await comm.send_json_to({"type": "sync"})
    # Frames already on their way (a presence notice of the join) may come first.
    closed = await comm.receive_output(timeout=5)
    while closed["type"] == "websocket.send":
        closed = await comm.receive_output(timeout=5)
    assert closed == {"type": "websocket.close", "code": 1011}
    assert await database_sync_to_async(Presence.objects.count)() == 0
    assert not hub.sockets.get(table_of_four.pk)
    await comm.wait()


async def test_a_send_to_a_socket_already_closing_is_dropped_quietly():
    """daphne raises autobahn's Disconnected for a send on a closed socket (an error
    frame or a snapshot racing the client's going away): the consumer drops the frame
    instead of ending with a traceback; other errors still surface."""
    from autobahn.exception import Disconnected

    from games.consumers import TableConsumer

    consumer = TableConsumer()
    consumer.channel_name = "table-socket.test.1"
    sent = []

    async def closed(message):
        sent.append(message)
        raise Disconnected("Attempt to send on a closed protocol")

    consumer.base_send = closed
    consumer.send_text_now('{"type": "state"}')
    await consumer.send_error("stale", "Too late.")
    assert [m["type"] for m in sent] == ["websocket.send", "websocket.send"]

    async def broken(message):
        raise ValueError("not a closing socket")

    consumer.base_send = broken
    with pytest.raises(ValueError):
        consumer.send_text_now("{}")


async def test_a_hand_end_the_table_moved_past_writes_nothing(table_of_four, cookies):
    """The move that ends a hand, judged on a cached state that another process has
    moved past meanwhile: neither the result, nor the next deal, nor the action is
    written; the player gets the stale error and the current state."""
    from django.db.models import F

    from games.models import Action, GameHand

    comms = await all_connected(table_of_four, cookies)
    latest = [first for _, first in comms]
    while True:
        seat = latest[0]["view"]["to_act"]
        mine = latest["NESW".index(seat)]
        action = mine["view"]["legal"][0]
        if await sync_to_async(_ends_the_hand)(table_of_four.pk, seat, action):
            break
        await comms["NESW".index(seat)][0].send_json_to(
            {"type": "intent", "seq": mine["seq"], "action": action}
        )
        latest = [await recv(comm) for comm, _ in comms]
    logged = await sync_to_async(Action.objects.filter(hand__table=table_of_four).count)()
    # Another process moves the table on (the cache here does not know).
    await sync_to_async(
        lambda: Table.objects.filter(pk=table_of_four.pk).update(seq=F("seq") + 1)
    )()
    from django.db import connection

    from games.live import pipeline

    moved_on = pipeline.outcomes["moved on"]
    comm = comms["NESW".index(seat)][0]
    await comm.send_json_to({"type": "intent", "seq": mine["seq"], "action": action})
    assert (await recv(comm))["code"] == "stale"
    if connection.vendor == "postgresql":  # the hand-end statement itself wrote nothing
        assert pipeline.outcomes["moved on"] == moved_on + 1
    assert (await recv(comm))["seq"] == mine["seq"] + 1
    assert await sync_to_async(Action.objects.filter(hand__table=table_of_four).count)() == logged
    rows = await sync_to_async(
        lambda: list(GameHand.objects.filter(table=table_of_four).values_list("number", "result"))
    )()
    assert rows == [(1, None)]
    for comm, _ in comms:
        await comm.disconnect()


def _ends_the_hand(table_id: int, seat: str, action: str) -> bool:
    """Whether playing ``action`` now would end the hand (on a copy of the state)."""
    import copy

    hand = copy.deepcopy(table_state(table_id).hand)
    hand.apply_as(seat, action)
    return hand.is_done


async def test_members_tapping_next_deal_at_the_same_moment_are_all_counted(table_of_four, cookies):
    """At the hand review the four members tap "Next deal" on the same state, before
    any of them hears of the others' taps: no tap is refused as stale, and the last
    one deals hand 2. A card sent on that old state afterwards is still stale."""
    comms = await all_connected(table_of_four, cookies)
    latest = [first for _, first in comms]
    while latest[0]["view"]["to_act"] is not None:  # the first bidder bids: a review
        mine = latest["NESW".index(latest[0]["view"]["to_act"])]
        await comms["NESW".index(mine["view"]["to_act"])][0].send_json_to(
            {"type": "intent", "seq": mine["seq"], "action": intent_for(mine["view"])}
        )
        latest = [await recv(comm) for comm, _ in comms]
    seq = latest[0]["seq"]
    assert latest[0]["table"]["hand_number"] == 1
    assert latest[0]["review"]["waiting"] == list("ENSW")
    for comm, _ in comms:
        await comm.send_json_to({"type": "intent", "seq": seq, "action": "next"})
    for comm, _ in comms:
        frame = await recv(comm)
        while frame["type"] == "state" and frame["table"]["hand_number"] == 1:
            frame = await recv(comm)
        assert frame["type"] == "state", frame  # no error frame came first
        assert frame["seq"] == seq + 4 and frame["table"]["hand_number"] == 2
    table = await sync_to_async(Table.objects.get)(pk=table_of_four.pk)
    assert table.seq == seq + 4
    to_act = frame["view"]["to_act"]
    actor = comms["NESW".index(to_act)][0]
    await actor.send_json_to({"type": "intent", "seq": seq, "action": "pass"})
    assert (await recv(actor))["code"] == "stale"
    for comm, _ in comms:
        await comm.disconnect()


def _on_postgresql() -> bool:
    from django.db import connection

    return connection.vendor == "postgresql"


def _count_hops(monkeypatch) -> list[str]:
    """The names of the database-thread hops the table consumer makes from now on: its
    connecting hop (``_open``) and whatever it sends to Channels' database thread."""
    from games import consumers

    hops: list[str] = []
    opened = consumers.TableConsumer._open

    def counted_open(self):
        hops.append("_open")
        return opened(self)

    def counted(fn, **options):
        if getattr(fn, "__name__", None) != "counted_open":  # counted as "_open"
            hops.append(getattr(fn, "__name__", fn))
        return database_sync_to_async(fn, **options)

    monkeypatch.setattr(consumers.TableConsumer, "_open", counted_open)
    monkeypatch.setattr(consumers, "database_sync_to_async", counted)
    return hops


async def test_a_table_socket_connects_in_one_database_hop(table_of_four, cookies, monkeypatch):
    """Who the member is, whether they may watch, their presence and their first state
    are read and written in one hop: the route does not resolve the member before the
    consumer (Channels' own hop), and the consumer makes one, on the event loop for a
    seated member on PostgreSQL (``games.live.arrival``: no database thread at all),
    else in a database thread."""
    import channels.auth

    def no_hop_of_its_own(scope):
        raise AssertionError("the table route resolved the member in a hop of its own")

    monkeypatch.setattr(channels.auth, "get_user", no_hop_of_its_own)
    hops = _count_hops(monkeypatch)
    north, ok, _ = await connect(table_of_four.pk, cookies[0])
    assert ok
    frame = await recv(north)
    assert frame["table"]["you"] == "N" and len(frame["view"]["hand"]) == 10
    assert hops == ([] if _on_postgresql() else ["_open"])
    await north.disconnect()


async def test_a_seated_member_arriving_on_the_loop_is_recorded_as_in_the_hop(
    table_of_four, cookies, players
):
    """On PostgreSQL a seated member's socket arrives on the event loop: the same
    presence row as the database thread's hop writes, their seat no longer marked left,
    the table seen, and the table's present set includes them."""
    if not _on_postgresql():
        pytest.skip("the event loop's own connections need PostgreSQL")
    from games.live import presence
    from games.models import Presence, Seat

    east = players[1]

    def leave_east():
        Seat.objects.filter(table=table_of_four, user=east).update(left_at=timezone.now())
        Table.objects.filter(pk=table_of_four.pk).update(last_human_seen_at=None)

    await sync_to_async(leave_east)()
    comm, ok, _ = await connect(table_of_four.pk, cookies[1])
    assert ok
    frame = await recv(comm)
    assert frame["table"]["you"] == "E"

    def rows():
        table = Table.objects.get(pk=table_of_four.pk)
        seat = Seat.objects.get(table=table, user=east)
        return (
            list(Presence.objects.filter(table=table).values_list("user_id", flat=True)),
            seat.left_at,
            table.last_human_seen_at,
        )

    present, left_at, seen = await sync_to_async(rows)()
    assert present == [east.pk] and left_at is None and seen is not None
    assert east.pk in presence.cached(table_of_four.pk)[0]
    await comm.disconnect()


async def test_presence_notices_read_on_the_loop_are_those_of_the_database_thread(
    table_of_four, players
):
    """On PostgreSQL the hub reads presence notices on the event loop's own connection,
    in one statement for every table of the batch: the same notices as the database
    thread's two queries (who is here; whose seat is left, since when), and the same
    present sets cached."""
    if not _on_postgresql():
        pytest.skip("the event loop's own connections need PostgreSQL")
    import json

    from games.live import frames, presence

    def arrive_and_leave():
        services.presence_join(table_id=table_of_four.pk, user=players[0], channel_name="a")
        services.presence_join(table_id=table_of_four.pk, user=players[1], channel_name="b")
        services.presence_leave(table_id=table_of_four.pk, channel_name="b")

    await sync_to_async(arrive_and_leave)()
    tables = [table_of_four.pk, 424242]
    presence.forget(table_of_four.pk)
    on_loop = await frames.presence_frames_on_loop(tables)
    assert presence.cached(table_of_four.pk) == ({players[0].pk}, True)
    in_thread = await sync_to_async(frames.presence_frames)(tables)

    def shown(texts):  # each notice without the time it was rendered at
        return {table: {**json.loads(text), "now": None} for table, text in texts.items()}

    assert shown(on_loop) == shown(in_thread)
    here, nobody = shown(on_loop)[table_of_four.pk], shown(on_loop)[424242]
    assert here["present"] == [players[0].pk] and list(here["away"]) == ["E"]
    assert here["away"]["E"].endswith("+00:00")
    assert nobody["present"] == [] and nobody["away"] == {}


async def test_a_spectator_and_a_stale_session_go_through_the_database_thread(
    table_of_four, cookies, make_member, monkeypatch
):
    """The event loop takes only seated members with a current session: a member of
    the club watching a public table, and a seated member whose password changed since
    their session began (logged out, as Django decides), are answered by the hop in a
    database thread, which lets the first in and refuses the second."""
    from django.test import Client

    hops = _count_hops(monkeypatch)
    await sync_to_async(Table.objects.filter(pk=table_of_four.pk).update)(
        visibility=Table.Visibility.PUBLIC
    )
    watcher = await sync_to_async(make_member)(first_name="Gisèle", last_name="Regarde")
    cookie = await sync_to_async(session_cookie)(Client(), watcher)
    comm, ok, _ = await connect(table_of_four.pk, cookie)
    assert ok
    frame = await recv(comm)
    assert frame["table"]["you"] is None
    assert hops == ["_open"]
    await comm.disconnect()

    hops.clear()
    west = await sync_to_async(lambda: table_of_four.seats.get(seat="W").user)()
    west.set_password("un autre mot de passe 2026")
    await sync_to_async(west.save)()
    comm, ok, code = await connect(table_of_four.pk, cookies[3])
    assert not ok and code == 4403
    assert hops == ["_open"]


async def test_a_move_committed_while_a_socket_connects_reaches_it(
    table_of_four, cookies, players, monkeypatch
):
    """A move committed after the connecting hop rendered the first state, before the
    socket was accepted, is not lost: the socket is sent the first state, then the
    newer one (the hop on the event loop, or in a database thread)."""
    from games import consumers
    from games.consumers import TableConsumer

    def a_move(table_id):
        st = table_state(table_id)
        user = players["NESW".index(st.hand.to_act)]
        services.hand_apply_action(table_id=table_id, user=user, action="pass", expected_seq=st.seq)

    opened, rendered = TableConsumer._open, consumers.first_state

    def open_then_a_move(self):
        result = opened(self)
        a_move(self.table_id)
        return result

    async def render_then_a_move(table_id, arrival):
        result = await rendered(table_id, arrival)
        await database_sync_to_async(a_move)(table_id)
        return result

    monkeypatch.setattr(TableConsumer, "_open", open_then_a_move)
    monkeypatch.setattr(consumers, "first_state", render_then_a_move)
    north, ok, _ = await connect(table_of_four.pk, cookies[0])
    assert ok
    first = await recv(north)
    assert first["seq"] == table_of_four.seq
    newer = await recv(north)
    assert newer["seq"] == table_of_four.seq + 1
    await north.disconnect()
