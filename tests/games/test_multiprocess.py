"""Real daphne processes: two of them over Redis, and a restart in the middle of a hand."""

import asyncio
import json
import os

import pytest
from django.test import Client

from tests.live_server import LiveServer

websockets = pytest.importorskip("websockets")
from websockets.asyncio.client import connect  # noqa: E402

pytestmark = pytest.mark.django_db(transaction=True)
REDIS_TEST_URL = os.environ.get("REDIS_TEST_URL")
#: How long a socket waits for the frame it needs before the test fails: generous, as
#: a machine busy with other work may take many seconds (a quiet one takes milliseconds).
STEP_SECONDS = 60
#: How long a table of bots may go without a move before it counts as stalled.
STALL_SECONDS = 60


def cookie_for(user) -> str:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}"


class Player:
    """One seat's socket: keeps the latest state frame."""

    def __init__(self, server: LiveServer, table_id: int, cookie: str):
        self.url = f"{server.ws_url}/ws/tables/{table_id}/"
        self.origin = server.url
        self.cookie = cookie
        self.state = None

    async def open(self):
        self.ws = await connect(
            self.url,
            origin=self.origin,
            additional_headers={"Cookie": self.cookie},
            open_timeout=10,
        )
        await self.until(lambda f: True)
        return self

    async def until(self, predicate, timeout=STEP_SECONDS):
        async def loop():
            while True:
                frame = json.loads(await self.ws.recv())
                if frame["type"] == "state":
                    self.state = frame
                    if predicate(frame):
                        return frame
                elif frame["type"] == "error":
                    raise AssertionError(frame)

        return await asyncio.wait_for(loop(), timeout)

    async def play_first_legal(self):
        view = self.state["view"]
        await self.ws.send(
            json.dumps({"type": "intent", "seq": self.state["seq"], "action": view["legal"][0]})
        )


async def play_moves(players, moves):
    """Play ``moves`` moves, each by the player whose own state says it is their turn,
    once every player's state is at the same seq (a socket may skip a state it was
    sent late: it waits for the newest, never on the clock alone)."""
    for _ in range(moves):
        seq = max(p.state["seq"] for p in players)
        for p in players:
            if p.state["seq"] < seq:
                await p.until(lambda f, seq=seq: f["seq"] >= seq)
        actor = next(p for p in players if p.state["view"]["legal"])
        await actor.play_first_legal()
        for p in players:
            await p.until(lambda f, seq=seq: f["seq"] > seq)


@pytest.mark.skipif(not REDIS_TEST_URL, reason="REDIS_TEST_URL not set (no redis-server)")
def test_two_processes_over_redis_serve_one_table(table_of_four, players):
    cookies = [cookie_for(u) for u in players]
    servers = [LiveServer(env={"REDIS_URL": REDIS_TEST_URL}).start() for _ in range(2)]
    try:

        async def scenario():
            # N and S on the first process, E and W on the second.
            seated = [
                await Player(servers[i % 2], table_of_four.pk, cookies[i]).open() for i in range(4)
            ]
            await play_moves(seated, 12)
            seqs = {p.state["seq"] for p in seated}
            hands = {p.state["table"]["you"]: p.state["view"]["hand"] for p in seated}
            for p in seated:
                await p.ws.close()
            return seqs, hands

        seqs, hands = asyncio.run(scenario())
        assert seqs == {table_of_four.seq + 12}
        assert len({tuple(h) for h in hands.values()}) == 4
    finally:
        for server in servers:
            server.stop()


def test_restarting_the_server_mid_hand_loses_nothing(table_of_four, players):
    cookies = [cookie_for(u) for u in players]
    server = LiveServer().start()
    try:

        async def before_restart():
            seated = [await Player(server, table_of_four.pk, c).open() for c in cookies]
            await play_moves(seated, 9)
            states = [p.state for p in seated]
            for p in seated:
                await p.ws.close()
            return states

        async def after_restart():
            seated = [await Player(server, table_of_four.pk, c).open() for c in cookies]
            states = [p.state for p in seated]
            await play_moves(seated, 3)
            for p in seated:
                await p.ws.close()
            return states, seated[0].state["seq"]

        before = asyncio.run(before_restart())
        server.restart()
        after, final_seq = asyncio.run(after_restart())
        for old, new in zip(before, after):
            assert new["seq"] == old["seq"]
            assert new["view"] == old["view"]
        assert final_seq == before[0]["seq"] + 3
    finally:
        server.stop()


def test_bots_play_on_in_the_server_with_nobody_connected(players):
    import time
    import urllib.request

    from games import services
    from games.models import Table

    # The host (N) never connects: with no grace, a bot plays for them too.
    table = services.table_create(host=players[0], seed=3, bot_delay_ms=0, absence_grace_seconds=0)
    services.table_fill_with_bots(table_id=table.pk, user=players[0])
    services.table_start(table_id=table.pk, user=players[0])
    server = LiveServer().start()
    try:
        urllib.request.urlopen(f"{server.url}/", timeout=10).read()  # wakes the process up
        # Stalled means no move for STALL_SECONDS: a busy machine plays slower, and
        # only a table that stops moving fails.
        deadline = time.monotonic() + STALL_SECONDS
        progress = []
        while time.monotonic() < deadline:
            table.refresh_from_db()
            if progress and table.seq > progress[-1]:
                deadline = time.monotonic() + STALL_SECONDS
            progress.append(table.seq)
            if table.status == Table.Status.FINISHED:
                break
            if len(progress) == 20:  # restart once, mid-game: the runner resumes by itself
                server.restart()
                urllib.request.urlopen(f"{server.url}/", timeout=10).read()
            time.sleep(0.25)
        assert table.status == Table.Status.FINISHED, f"stalled at seq {table.seq}"
    finally:
        server.stop()


def hands_at(table, seq: int) -> list:
    """The engine's hands of the table as they were at ``seq``: the log replayed up to
    it (an oracle of its own: the engine and the rows, not the code under test)."""
    from games.engine import Game
    from games.models import Action, GameHand

    game = Game(table.variant, table.options, seed=table.seed)
    game.first_dealer, game.draw = table.first_dealer, None
    rows = list(GameHand.objects.filter(table=table).order_by("number"))
    actions = Action.objects.filter(hand__table=table, seq__lte=seq).order_by("seq")
    last = {}
    for action in Action.objects.filter(hand__table=table).order_by("seq"):
        last[action.hand_id] = action.seq
    for row in rows:
        previous = rows[row.number - 2] if row.number > 1 else None
        if previous is not None and last.get(previous.pk, 10**9) > seq:
            break  # not dealt yet at that seq
        game.next_hand(row.seed)
        for action in actions.filter(hand=row):
            game.entries[-1].apply_as(action.seat, action.action)
    return game.entries


@pytest.mark.skipif(not REDIS_TEST_URL, reason="REDIS_TEST_URL not set (no redis-server)")
def test_every_frame_of_two_processes_shows_the_state_at_its_seq(players):
    """Two processes over Redis, a member on each and bots driven by both runners:
    moves commit on one process while the other catches up, all the time. Every frame
    either member was sent shows exactly the table as it was at the frame's seq."""
    from games import services

    table = services.table_create(
        host=players[0], seed=41, bot_delay_ms=0, absence_grace_seconds=3600
    )
    services.table_join(table_id=table.pk, user=players[1], seat="E")
    services.table_fill_with_bots(table_id=table.pk, user=players[0])
    services.table_start(table_id=table.pk, user=players[0])
    cookies = [cookie_for(u) for u in players[:2]]
    servers = [LiveServer(env={"REDIS_URL": REDIS_TEST_URL}).start() for _ in range(2)]
    seen: list[tuple[str, dict]] = []
    refused: list[dict] = []
    try:

        async def member(i: int):
            player = await Player(servers[i], table.pk, cookies[i]).open()
            seat = player.state["table"]["you"]
            seen.append((seat, player.state))
            deadline = asyncio.get_running_loop().time() + 20
            while asyncio.get_running_loop().time() < deadline:
                view = player.state["view"]
                if player.state["table"]["hand_number"] > 3 or view is None:
                    break
                if view["to_act"] == seat and view["legal"]:
                    await player.play_first_legal()
                seq = player.state["seq"]
                try:
                    await player.until(lambda f: f["seq"] > seq, timeout=5)
                except AssertionError as error:  # an error frame: a valid move refused
                    refused.append(error.args[0])
                    await player.ws.send(json.dumps({"type": "sync"}))
                    continue
                except asyncio.TimeoutError:
                    break
                seen.append((seat, player.state))
            await player.ws.close()

        async def both():
            await asyncio.gather(member(0), member(1))

        asyncio.run(both())
    finally:
        for server in servers:
            server.stop()
    table.refresh_from_db()
    assert refused == []  # every move a member made on the state shown was accepted
    assert len(seen) > 40 and table.seq > 40
    for seat, frame in seen:
        hands = hands_at(table, frame["seq"])
        assert frame["table"]["hand_number"] == len(hands), frame["seq"]
        assert frame["view"] == hands[-1].view_for(seat), f"{seat} at seq {frame['seq']}"


@pytest.mark.skipif(not REDIS_TEST_URL, reason="REDIS_TEST_URL not set (no redis-server)")
def test_daphne_over_redis_stops_within_two_seconds_of_sigterm_with_sockets_open(
    table_of_four, players
):
    """A deploy restarts daphne with SIGTERM: it must not hold players' sockets open until
    systemd kills it. With table and lobby sockets open on Redis, the process has exited
    (cleanly) two seconds after the signal."""
    import signal

    server = LiveServer(env={"REDIS_URL": REDIS_TEST_URL}).start()
    cookies = [cookie_for(u) for u in players]
    try:

        async def scenario():
            seated = [await Player(server, table_of_four.pk, c).open() for c in cookies]
            lobby = await connect(
                f"{server.ws_url}/ws/lobby/",
                origin=server.url,
                additional_headers={"Cookie": cookies[0]},
                open_timeout=10,
            )
            await play_moves(seated, 2)
            server.process.send_signal(signal.SIGTERM)
            code = await asyncio.to_thread(server.process.wait, 2)

            async def read_to_the_end(ws):
                while True:
                    await ws.recv()

            for ws in [p.ws for p in seated] + [lobby]:
                with pytest.raises(websockets.exceptions.ConnectionClosed):
                    await asyncio.wait_for(read_to_the_end(ws), 2)
            return code

        assert asyncio.run(scenario()) == 0, server.log_path.read_text()[-3000:]
    finally:
        server.stop()


@pytest.mark.skipif(not REDIS_TEST_URL, reason="REDIS_TEST_URL not set (no redis-server)")
def test_a_member_on_two_processes_gets_one_chat_allowance(table_of_four, players):
    """A member with a socket of the table on each of two processes sends 6 messages on
    each at once: 5 are written and sent in all (the bucket is in Redis), the other 7
    are refused as too fast."""
    from games.models import ChatMessage

    cookie = cookie_for(players[0])
    servers = [LiveServer(env={"REDIS_URL": REDIS_TEST_URL}).start() for _ in range(2)]
    try:

        async def send_six(player: Player, tag: str) -> list[str]:
            texts = {f"{tag}{n}" for n in range(6)}
            for text in sorted(texts):
                await player.ws.send(json.dumps({"type": "chat", "text": text}))
            answers = []

            async def read():
                while len(answers) < len(texts):
                    frame = json.loads(await player.ws.recv())
                    if frame["type"] == "error":
                        answers.append(frame["code"])
                    elif frame["type"] == "chat" and any(
                        m["text"] in texts for m in frame["messages"]
                    ):
                        answers.append("sent")

            await asyncio.wait_for(read(), 30)
            return answers

        async def scenario():
            both = [await Player(server, table_of_four.pk, cookie).open() for server in servers]
            answers = await asyncio.gather(send_six(both[0], "a"), send_six(both[1], "b"))
            for p in both:
                await p.ws.close()
            return answers[0] + answers[1]

        answers = asyncio.run(scenario())
        assert sorted(answers) == ["chat_too_fast"] * 7 + ["sent"] * 5
        assert ChatMessage.objects.filter(table=table_of_four).count() == 5
    finally:
        for server in servers:
            server.stop()
