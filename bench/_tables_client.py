"""Load-test client of ``tables_bench.py``: many tables of four WebSocket players, of
any kind (a player plays one of the legal actions its state frame lists).

Runs in a worker process (``multiprocessing`` spawn: no Django here), driven by the
bench process through a pipe:

1. ``spec`` in: the servers (address and port of each daphne process), the tables
   (id and one session cookie per seat), the pace;
2. the worker connects every socket (in batches), then reports ``connected``;
3. ``go`` in (a start and an end time on the shared monotonic clock): every player
   plays when a ``state`` frame says it is its turn (at once at full speed, after an
   exponential think time at human pace), until the end time;
4. the worker stops sending intents, waits for the moves in flight, reports the
   figures (``results``), closes every socket when told to, and exits.

Latency of a move: from sending the intent to the moment all four sockets of the
table hold a ``state`` whose seq is >= the new seq (one process, one monotonic clock).
A table is *stalled* when a move stays undelivered for more than ``STALL_SECONDS``,
or when nobody has a turn to play (no intent due, none in flight) for that long.

Bytes on the wire (``Wire``): during the measured window, every byte TCP delivered to
the sockets and the size of each data frame as it crossed the wire (compressed by
``permessage-deflate``), beside the size of its JSON text.

``failover`` (the bench's ``kill`` phase): a socket whose server went away reconnects
as a page does (static/js/table.js's delays, through the first process that answers,
as nginx's next upstream), plays again at once what it had sent unanswered, and is
timed from the loss until it holds the table's latest state.
"""

from __future__ import annotations

import asyncio
import gc
import json
import random
import resource
import time
from collections import Counter

from websockets.asyncio.client import ClientConnection, connect
from websockets.extensions.permessage_deflate import PerMessageDeflate
from websockets.frames import CTRL_OPCODES

STALL_SECONDS = 5.0
#: A robot's longest turn: a "Fort" search's second, the runner's margin, a sweep.
ROBOT_TURN_SECONDS = 2.5
HEARTBEAT_SECONDS = 20.0
QUIESCE_SECONDS = 10.0  # after the end: a move in flight with no frame at all for this long is lost
DRAIN_MAX_SECONDS = 120.0  # ... and an overloaded server gets at most this long to drain


class Wire:
    """What crossed the wire to this process's sockets during the measured window:
    every byte TCP delivered (``CountingConnection``), and the size on the wire of each
    data frame (its compressed payload when ``permessage-deflate`` is on, plus the
    frame's header: 2 bytes up to 125 of payload, 4 up to 65,535; servers do not mask)."""

    measuring = False
    tcp_bytes = 0
    frame_sizes: Counter = Counter()  # size on the wire -> frames
    text_sizes: Counter = Counter()  # size of the JSON text -> frames

    @classmethod
    def frame(cls, payload: int) -> None:
        cls.frame_sizes[payload + (2 if payload < 126 else 4 if payload < 65536 else 10)] += 1


class CountingConnection(ClientConnection):
    def data_received(self, data: bytes) -> None:
        if Wire.measuring:
            Wire.tcp_bytes += len(data)
        super().data_received(data)


_decode = PerMessageDeflate.decode


def _counting_decode(self, frame, *, max_size=None):
    if Wire.measuring and frame.opcode not in CTRL_OPCODES:
        Wire.frame(len(frame.data))
    return _decode(self, frame, max_size=max_size)


PerMessageDeflate.decode = _counting_decode


class Table:
    __slots__ = (
        "id",
        "clients",
        "pending",
        "scheduled",
        "last_change",
        "latencies",
        "moves",
        "stalls",
        "stalled_now",
        "finished",
        "max_seq",
        "rng",
        "retries",
        "to_act",
        "bot_moves_late",
        "bot_turn_at",
        "bot_turns",
        "stall_why",
    )

    def __init__(self, table_id: int, seed: int):
        self.id = table_id
        self.clients: dict[str, Client] = {}
        # target seq -> [t0, seats left, hand number, when the first seat had it]
        self.pending: dict[int, list] = {}
        self.scheduled = False  # a think-time sleep before an intent is running
        self.last_change = time.monotonic()
        # (done at, seconds, ended a hand, the move's seq, sent at: the monotonic clock
        # of the machine, comparable with a server's timestamps)
        self.latencies: list[tuple[float, float, bool, int, float, float]] = []
        self.moves = 0
        self.stalls = 0
        self.stalled_now = False
        self.finished = False
        self.max_seq = -1
        self.rng = random.Random(seed)
        self.retries = 0
        self.to_act = None  # the seat to act in the latest state
        self.bot_moves_late = 0  # moves of its bots in the second half of the window
        self.bot_turn_at: float | None = None  # a bot's turn began (its state came) at
        self.bot_turns: list[float] = []  # seconds each bot's turn took, measured window
        self.stall_why = ""  # its first stall: what it waited for, and since when


class Client:
    __slots__ = (
        "table",
        "seat",
        "cookie",
        "ws",
        "last_seq",
        "frame",
        "skipped",
        "regressions",
        "frames",
        "acted_seq",
        "bytes",
        "tapped",
        "lost_at",
        "replay",
    )

    def __init__(self, table: Table, seat: str, cookie: str):
        self.table = table
        self.seat = seat
        self.cookie = cookie
        self.ws = None
        self.last_seq = -1
        self.frame: dict | None = None
        self.skipped = 0  # seqs never received as such (coalesced into a later full state)
        self.regressions = 0  # a state older than one already received (must be 0)
        self.frames = 0
        self.acted_seq = -1
        self.bytes = 0
        self.tapped = 0  # the hand whose review this player said "next deal" in
        self.lost_at: float | None = None  # its server went away at (``failover``)
        self.replay = False  # its last move may not have reached the server: play it again


class Worker:
    def __init__(self, spec: dict):
        self.spec = spec
        # One (address, port) per daphne process: seat i of each table (in the table's
        # order) connects to servers[i % n] (two processes: N and S on the first, E and
        # W on the second; at a 450 table P1 and P3, P2 and P4).
        self.servers = [tuple(server) for server in spec["servers"]]
        self.human = spec["mode"] == "human"
        self.pace = float(spec.get("pace", 4.0))
        self.heartbeat = bool(spec.get("heartbeat", True))
        self.tables = [
            Table(t["id"], spec.get("seed", 1) * 1_000_003 + t["id"]) for t in spec["tables"]
        ]
        for table, t in zip(self.tables, spec["tables"]):
            for seat, cookie in t["seats"].items():
                table.clients[seat] = Client(table, seat, cookie)
        self.playing = False
        self.errors: Counter = Counter()
        self.connect_failures: Counter = Counter()
        self.disconnects: Counter = Counter()
        self.tasks: set[asyncio.Task] = set()
        self.last_frame_at = time.monotonic()
        # Table chat traffic (``--chat``): messages per table per minute, sent by a
        # random player of the table at exponential intervals while playing.
        self.chat_rate = float(spec.get("chat", 0.0))
        self.chat_sent = 0
        self.chat_received = 0
        # ``failover``: a socket whose server goes away reconnects, as a page does
        # behind nginx (the next upstream that answers), and is timed until it holds
        # the table's latest state again.
        self.failover = bool(spec.get("failover"))
        self.lost_sockets = 0
        self.recoveries: list[float] = []
        self.half_time = float("inf")  # halfway through the measured window (the kill)
        self.go_at = float("inf")  # the measured window's start

    # ------------------------------------------------------------------ sockets
    async def connect_all(self) -> dict:
        limit = asyncio.Semaphore(int(self.spec.get("connect_batch", 50)))
        clients = [c for t in self.tables for c in t.clients.values()]
        times: list[float] = []
        retries = 0

        async def one(client: Client) -> None:
            nonlocal retries
            for attempt in range(6):  # like a page: reconnect with backoff
                if attempt:
                    retries += 1
                    await asyncio.sleep(min(8.0, 0.5 * 2**attempt) * random.uniform(0.5, 1))
                t0 = time.monotonic()
                seat = list(client.table.clients).index(client.seat)
                server = self.servers[seat % len(self.servers)]
                try:
                    async with limit:
                        client.ws = await self.open(client, server)
                except Exception as error:  # noqa: BLE001 - counted and reported
                    self.connect_failures[type(error).__name__] += 1
                    continue
                times.append(time.monotonic() - t0)
                self._spawn(self.read(client))
                if self.heartbeat:  # like a page: from the moment it is connected
                    self._spawn(self.heartbeats(client))
                return

        start = time.monotonic()
        await asyncio.gather(*(one(c) for c in clients))
        elapsed = time.monotonic() - start
        # Wait for the first state frame of every connected socket.
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if all(c.last_seq >= 0 for c in clients if c.ws is not None):
                break
            await asyncio.sleep(0.05)
        in_step = time.monotonic() - start
        times.sort()
        return {
            "sockets": len(clients),
            "connected": sum(c.ws is not None for c in clients),
            "first_state": sum(c.last_seq >= 0 for c in clients),
            "failures": dict(self.connect_failures),
            "retries": retries,
            "connect_seconds": elapsed,
            "in_step_seconds": in_step,  # from the first attempt to the last first state
            "handshake_p50": times[len(times) // 2] if times else None,
            "handshake_p99": times[int(len(times) * 0.99)] if times else None,
        }

    async def open(self, client: Client, server: tuple[str, int]):
        address, port = server
        return await connect(
            f"ws://{address}:{port}/ws/tables/{client.table.id}/",
            origin=f"http://{address}:{port}",
            proxy=None,
            additional_headers={"Cookie": f"sessionid={client.cookie}"},
            compression=self.spec.get("compression", "deflate"),
            create_connection=CountingConnection,
            open_timeout=60,
            ping_interval=None,
            max_size=2**22,
            max_queue=None,
        )

    async def reconnect(self, client: Client) -> None:
        """As a page whose socket closed: again after 0.5 s, then twice as long each
        time up to 10 s (static/js/table.js), each attempt through a front that tries
        the processes in turn until one answers (nginx's next upstream)."""
        first = list(client.table.clients).index(client.seat) % len(self.servers)
        order = self.servers[first:] + self.servers[:first]
        delay = 0.5
        while self.playing or client.table.pending:
            await asyncio.sleep(delay * random.uniform(0.8, 1.2))
            delay = min(10.0, delay * 2)
            for server in order:
                try:
                    client.ws = await self.open(client, server)
                except Exception:  # noqa: BLE001 - this process is gone: the next one
                    continue
                # A page queues no move: on the new state the player taps again what
                # was not played (at once: they had chosen), or "next deal" if the
                # review still waits for them.
                client.replay = client.acted_seq >= client.last_seq or bool(client.tapped)
                client.acted_seq, client.tapped = -1, 0
                self._spawn(self.read(client))
                if self.heartbeat:
                    self._spawn(self.heartbeats(client))
                return

    def _spawn(self, coro) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def read(self, client: Client) -> None:
        try:
            async for message in client.ws:
                client.bytes += len(message)
                if Wire.measuring:
                    Wire.text_sizes[len(message)] += 1
                    if client.ws.protocol.extensions == []:  # no compression: as sent
                        Wire.frame(len(message.encode()))
                frame = json.loads(message)
                kind = frame.get("type")
                if kind == "state":
                    self.on_state(client, frame)
                elif kind == "error":
                    self.on_error(client, frame)
                elif kind == "chat":
                    self.chat_received += 1
        except Exception as error:  # noqa: BLE001
            if self.failover and self.playing:
                self.lost(client)
                return
            self.disconnects[type(error).__name__] += 1
            return
        if self.failover and self.playing:
            self.lost(client)
        elif self.playing or client.ws.close_code not in (1000, 1001):
            self.disconnects[f"closed {client.ws.close_code}"] += 1

    def lost(self, client: Client) -> None:
        self.lost_sockets += 1
        client.lost_at = time.monotonic()
        self._spawn(self.reconnect(client))

    async def heartbeats(self, client: Client) -> None:
        await asyncio.sleep(random.uniform(0, HEARTBEAT_SECONDS))
        try:
            while True:
                await client.ws.send('{"type":"heartbeat"}')
                await asyncio.sleep(HEARTBEAT_SECONDS)
        except Exception:  # noqa: BLE001 - the socket closed: the reader counts it
            return

    # ------------------------------------------------------------------ protocol
    def on_state(self, client: Client, frame: dict) -> None:
        seq = frame["seq"]
        table = client.table
        client.frames += 1
        self.last_frame_at = time.monotonic()
        if client.lost_at is not None and seq >= table.max_seq:
            self.recoveries.append(self.last_frame_at - client.lost_at)  # back in step
            client.lost_at = None
            if seq == client.last_seq:  # a move sent to the dead process was not played:
                client.frame = frame  # the page shows the same state, the player plays
                self.maybe_act(client)
                return
        if seq < client.last_seq:
            client.regressions += 1
            return
        if client.last_seq >= 0 and seq > client.last_seq + 1:
            client.skipped += seq - client.last_seq - 1
        if seq == client.last_seq:
            return  # a resend of the state held (after a sync or stale): nothing new
        client.last_seq = seq
        client.frame = frame
        now = time.monotonic()
        if seq > table.max_seq:
            table.max_seq = seq
            table.last_change = now
            if table.to_act and table.to_act not in table.clients:  # a bot's: it played
                if now >= self.half_time:
                    table.bot_moves_late += 1
                if self.playing and (table.bot_turn_at or 0) >= self.go_at:
                    table.bot_turns.append(now - table.bot_turn_at)
            table.to_act = (frame.get("view") or {}).get("to_act")
            bots_turn = table.to_act and table.to_act not in table.clients
            table.bot_turn_at = now if bots_turn else None
        hand_number = frame["table"].get("hand_number")
        for target in [t for t in table.pending if t <= seq]:
            pending = table.pending[target]
            t0, left, hand_then, first = pending
            left.discard(client.seat)
            if first is None:
                pending[3] = first = now
            if not left:
                del table.pending[target]
                table.stalled_now = False
                table.last_change = now
                table.latencies.append(
                    (now, now - t0, hand_number != hand_then, target, t0, first - t0)
                )
                table.moves += 1
        if frame["table"]["status"] != "playing":
            table.finished = True
            return
        self.maybe_act(client)

    def on_error(self, client: Client, frame: dict) -> None:
        code = frame.get("code")
        self.errors[code] += 1
        if code.startswith("chat") or code == "bad_chat":
            return  # a chat message refused: no move was in flight for it
        table = client.table
        if code != "stale" and table.pending and client.seat == self._to_act(client):
            # A refused move (should not happen): forget it and try another legal action.
            table.pending.pop(client.last_seq + 1, None)
            table.retries += 1
            client.acted_seq = -1
            self.maybe_act(client)

    @staticmethod
    def _to_act(client: Client):
        view = (client.frame or {}).get("view") or {}
        return view.get("to_act")

    def maybe_act(self, client: Client) -> None:
        if not self.playing and not client.replay:
            return
        frame = client.frame
        if frame is None:
            return
        view = frame.get("view") or {}
        legal = view.get("legal") or []
        you = frame["table"].get("you")
        table = client.table
        review = frame.get("review") or {}
        if you is not None and you in (review.get("waiting") or []):
            if client.tapped == review.get("number"):
                return  # tapped once, as a member does: the tap is on its way
            legal = ["next"]  # the hand review: this member taps "Next deal"
        elif view.get("to_act") != you:
            return
        if client.replay and legal and client.lost_at is None:
            client.replay = False
            client.acted_seq = frame["seq"]
            self._spawn(self.act(client, frame, legal))
            return
        if not self.playing or not legal or client.acted_seq >= frame["seq"] or table.scheduled:
            return
        client.acted_seq = frame["seq"]
        if self.human:
            table.scheduled = True
            self._spawn(self.act_later(client, frame, legal, table.rng.expovariate(1 / self.pace)))
        else:
            self._spawn(self.act(client, frame, legal))

    def choose(self, table: Table, legal: list[str]) -> str:
        if "pass" in legal and len(legal) > 1 and table.rng.random() < 0.6:
            return "pass"
        return table.rng.choice(legal)

    async def act_later(self, client: Client, frame: dict, legal: list[str], delay: float):
        try:
            await asyncio.sleep(delay)
        finally:
            client.table.scheduled = False
        if self.playing and client.frame is frame:
            await self.act(client, frame, legal)
        elif self.playing:  # a new socket's state came meanwhile (``failover``), and
            for other in client.table.clients.values():  # who is to play found this
                self.maybe_act(other)  # think-time sleep running: look again

    async def act(self, client: Client, frame: dict, legal: list[str]) -> None:
        table = client.table
        action = self.choose(table, legal)
        if action == "next":
            client.tapped = (frame.get("review") or {}).get("number")
        # Members tapping "next deal" on the same state wait for the same seq: timed
        # from the first tap.
        table.pending.setdefault(
            frame["seq"] + 1,
            [time.monotonic(), set(table.clients), frame["table"].get("hand_number"), None],
        )
        try:
            await client.ws.send(
                json.dumps({"type": "intent", "seq": frame["seq"], "action": action})
            )
        except Exception:  # noqa: BLE001 - its server went away: the reader reconnects
            if not self.failover:
                raise

    async def chatter(self, table: Table) -> None:
        """One table's chat while playing: a message from a random player every
        60 / rate seconds on average (a quick phrase or a short text)."""
        rng = random.Random(table.id * 7 + 1)
        mean = 60.0 / self.chat_rate
        await asyncio.sleep(rng.uniform(0, mean))
        while self.playing:
            client = rng.choice(list(table.clients.values()))
            frame = (
                {"type": "chat", "phrase": "well_played_partner"}
                if rng.random() < 0.5
                else {"type": "chat", "text": f"bench message {self.chat_sent}"}
            )
            try:
                await client.ws.send(json.dumps(frame))
                self.chat_sent += 1
            except Exception:  # noqa: BLE001 - the socket closed: the reader counts it
                return
            await asyncio.sleep(rng.expovariate(1 / mean))

    async def monitor(self) -> None:
        while True:
            await asyncio.sleep(0.5)
            now = time.monotonic()
            for table in self.tables:
                if table.finished or table.stalled_now:
                    continue
                if table.pending:
                    since = min(p[0] for p in table.pending.values())
                    why = "a move unanswered"
                elif self.playing and not table.scheduled:
                    since = table.last_change
                    bots = table.to_act and table.to_act not in table.clients
                    why = "a robot's turn" if bots else "a player's turn not taken"
                else:
                    since, why = now, ""
                if now - since > STALL_SECONDS:
                    table.stalls += 1
                    if not table.stall_why:
                        when = "before" if since < self.half_time else "after"
                        table.stall_why = f"{why}, since {when} the kill" if self.failover else why
                    table.stalled_now = True

    # ------------------------------------------------------------------ phases
    async def play(self, start_at: float, go_at: float, end_at: float) -> dict:
        """Play from ``start_at``; measure from ``go_at`` (after the warm-up) to ``end_at``."""
        await asyncio.sleep(max(0.0, start_at - time.monotonic()))
        self.playing = True
        now = time.monotonic()
        for table in self.tables:
            table.last_change = now
            for client in table.clients.values():
                self.maybe_act(client)
        self._spawn(self.monitor())
        if self.chat_rate > 0:
            for table in self.tables:
                self._spawn(self.chatter(table))
        self.half_time = (go_at + end_at) / 2
        self.go_at = go_at
        await asyncio.sleep(max(0.0, go_at - time.monotonic()))
        usage0 = resource.getrusage(resource.RUSAGE_SELF)
        Wire.measuring = True
        await asyncio.sleep(max(0.0, end_at - time.monotonic()))
        Wire.measuring = False
        self.playing = False
        usage1 = resource.getrusage(resource.RUSAGE_SELF)
        # Let the moves in flight land (they count for lost/stalled, not for the rate):
        # wait while frames keep arriving (an overloaded server drains its backlog); a
        # move still in flight when no frame came for QUIESCE_SECONDS is lost.
        deadline = time.monotonic() + DRAIN_MAX_SECONDS
        while (
            time.monotonic() < deadline
            and any(t.pending for t in self.tables)
            and time.monotonic() - self.last_frame_at < QUIESCE_SECONDS
        ):
            await asyncio.sleep(0.05)
        drained = time.monotonic() - end_at
        # Robots play on after the end (one move per table at most: then a member's
        # turn comes, and members have stopped): wait until no frame came for a robot's
        # longest turn, so that the seqs compared with the database's are final.
        while (
            time.monotonic() < deadline
            and time.monotonic() - self.last_frame_at < ROBOT_TURN_SECONDS
        ):
            await asyncio.sleep(0.05)
        await asyncio.sleep(1.0)
        if self.spec.get("dump"):
            # every move: done at (from the start), seconds, ended a hand, table, its seq,
            # sent at (time.monotonic(): to line up with timestamps taken in daphne)
            with open(self.spec["dump"], "w") as out:
                json.dump(
                    [
                        (done - go_at, lat, ended, t.id, seq, t0, first)
                        for t in self.tables
                        for (done, lat, ended, seq, t0, first) in t.latencies
                    ],
                    out,
                )
        latencies = [
            (done - go_at, lat, ended)
            for t in self.tables
            for (done, lat, ended, *_) in t.latencies
            if go_at <= done <= end_at
        ]
        clients = [c for t in self.tables for c in t.clients.values()]
        return {
            "latencies": latencies,
            "moves_total": sum(t.moves for t in self.tables),
            "undelivered": sum(len(t.pending) for t in self.tables),
            "drain_seconds": drained,
            "stalled_tables": [t.id for t in self.tables if t.stalls],
            "stalls_why": [t.stall_why for t in self.tables if t.stalls],
            "finished_tables": sum(t.finished for t in self.tables),
            "final_seqs": {t.id: [c.last_seq for c in t.clients.values()] for t in self.tables},
            "skipped": sum(c.skipped for c in clients),
            "regressions": sum(c.regressions for c in clients),
            "frames": sum(c.frames for c in clients),
            "bytes": sum(c.bytes for c in clients),
            # during the measured window: TCP bytes in, sizes of the data frames
            "wire_tcp_bytes": Wire.tcp_bytes,
            "wire_frame_sizes": dict(Wire.frame_sizes),
            "wire_text_sizes": dict(Wire.text_sizes),
            "seats": sum(len(t.clients) for t in self.tables),
            "lost_sockets": self.lost_sockets,
            "recoveries": self.recoveries,
            "unrecovered": sum(c.lost_at is not None for c in clients),
            "bot_moves_late": sum(t.bot_moves_late for t in self.tables),
            "bot_tables_moved_late": sum(t.bot_moves_late > 0 for t in self.tables),
            "bot_turns": [x for t in self.tables for x in t.bot_turns],
            "errors": dict(self.errors),
            "disconnects": dict(self.disconnects),
            "retries": sum(t.retries for t in self.tables),
            "chat_sent": self.chat_sent,
            "chat_received": self.chat_received,
            "client_cpu": (usage1.ru_utime + usage1.ru_stime) - (usage0.ru_utime + usage0.ru_stime),
        }

    async def close_all(self) -> None:
        self.playing = False
        for task in list(self.tasks):
            task.cancel()
        clients = [c for t in self.tables for c in t.clients.values() if c.ws is not None]
        for i in range(0, len(clients), 500):
            await asyncio.gather(
                *(c.ws.close() for c in clients[i : i + 500]), return_exceptions=True
            )


def raise_fd_limit() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        target = hard if hard != resource.RLIM_INFINITY else 65536
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))


def worker_main(conn) -> None:
    """Entry point of a client process (``multiprocessing`` spawn)."""
    raise_fd_limit()

    async def run() -> None:
        spec = conn.recv()
        worker = Worker(spec)
        loop = asyncio.get_running_loop()
        try:
            connected = await worker.connect_all()
            # The instrument must not add its own pauses to what it measures: with
            # CPython's default thresholds this process (4,000 sockets) paused 100-360
            # ms for its older collections, inflating the measured p99. No collection
            # while playing (the window is short; memory is freed by reference counts).
            gc.collect()
            gc.freeze()
            conn.send(("connected", connected))
            start_at, go_at, end_at = await loop.run_in_executor(None, conn.recv)
            gc.disable()
            try:
                results = await worker.play(start_at, go_at, end_at)
            finally:
                gc.enable()
            conn.send(("results", results))
            await loop.run_in_executor(None, conn.recv)  # "close"
        finally:
            await worker.close_all()
        conn.send(("closed", None))

    try:
        asyncio.run(run())
    except (EOFError, KeyboardInterrupt):
        pass
