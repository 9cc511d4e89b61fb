"""Bytes on the wire of a live table: the same games played with WebSocket compression
off and on (``permessage-deflate``, ``club/wire.py``), measured on the TCP stream.

Run from the repository root: ``python bench/wire_bench.py`` (``--hands N``,
``--modes "off;12,5;15,8"``, ``--quick``; ``--help``). About a minute on a quiet machine.

For each mode it starts one daphne process with ``CLUB500_WS_DEFLATE=<mode>`` behind
a byte-counting TCP relay, and four WebSocket clients (the ``websockets`` library,
offering ``permessage-deflate`` as browsers do) play ``--hands`` hands of a 500 table
and of a 450 table, the same deals and the same choices in every mode (seeded).
Per table it prints the frames each player received, the JSON text they decode to,
the bytes that crossed the wire to the player (frames' headers included), the ratio,
the median text size of a state frame, and daphne's CPU per frame sent. Throwaway
PostgreSQL when ``initdb`` is installed (SQLite otherwise); in-memory channel layer.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path

from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from tables_bench import (  # noqa: E402
    Daphne,
    create_members,
    create_tables,
    django_setup,
    proc_cpu,
    say,
    server_env,
    throwaway_database,
)

from tools.testenv import free_port  # noqa: E402


class Relay:
    """A TCP relay on a loopback port that counts the bytes going each way."""

    def __init__(self, target_port: int):
        self.target_port = target_port
        self.port = free_port()
        self.down = 0  # server to client
        self.up = 0
        self.server = None

    async def start(self) -> Relay:
        self.server = await asyncio.start_server(self._serve, "127.0.0.1", self.port)
        return self

    async def _serve(self, client_reader, client_writer):
        server_reader, server_writer = await asyncio.open_connection("127.0.0.1", self.target_port)

        async def pipe(reader, writer, down: bool):
            try:
                while data := await reader.read(65536):
                    if down:
                        self.down += len(data)
                    else:
                        self.up += len(data)
                    writer.write(data)
                    await writer.drain()
            except (ConnectionError, asyncio.CancelledError):
                pass
            finally:
                with contextlib.suppress(Exception):
                    writer.close()

        await asyncio.gather(
            pipe(client_reader, server_writer, False), pipe(server_reader, client_writer, True)
        )

    async def stop(self) -> None:
        self.server.close()


class Player:
    def __init__(self, table_id: int, seat: str, cookie: str, rng: random.Random):
        self.table_id, self.seat, self.cookie, self.rng = table_id, seat, cookie, rng
        self.frames = 0
        self.text_bytes = 0
        self.state_sizes: list[int] = []
        self.states: list[str] = []  # every state frame's text, in order
        self.frame: dict | None = None
        self.acted = -1
        self.tapped = None
        self.extensions = ""


async def play_table(port: int, table: dict, hands: int, seed: int, timeout: float) -> list:
    """Four clients play ``table`` until ``hands`` hands are over; the players back."""
    rng = random.Random(seed)
    players = [Player(table["id"], s, c, rng) for s, c in table["seats"].items()]
    url = f"ws://127.0.0.1:{port}/ws/tables/{table['id']}/"
    done = asyncio.Event()
    lock = asyncio.Lock()  # one decision at a time: the same choices in every mode

    async def run(player: Player, ws) -> None:
        async for message in ws:
            player.frames += 1
            player.text_bytes += len(message.encode() if isinstance(message, str) else message)
            frame = json.loads(message)
            if frame.get("type") != "state":
                continue
            player.state_sizes.append(len(message))
            player.states.append(message)
            player.frame = frame
            over = frame["table"].get("status") not in ("open", "playing")
            if over or (frame["table"].get("hand_number") or 0) > hands:
                done.set()
                return
            async with lock:
                action = choose(player, frame)
                if action is not None:
                    await ws.send(
                        json.dumps({"type": "intent", "seq": frame["seq"], "action": action})
                    )

    async with contextlib.AsyncExitStack() as stack:
        sockets = []
        for player in players:
            ws = await stack.enter_async_context(
                connect(
                    url,
                    origin=f"http://127.0.0.1:{port}",
                    additional_headers={"Cookie": f"sessionid={player.cookie}"},
                    compression="deflate",
                    open_timeout=30,
                    max_size=None,
                )
            )
            player.extensions = ws.response.headers.get("Sec-WebSocket-Extensions", "")
            sockets.append(ws)
        tasks = [asyncio.create_task(run(p, ws)) for p, ws in zip(players, sockets)]
        try:
            await asyncio.wait_for(done.wait(), timeout)
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
    return players


def merge_patch(old, new):
    """The JSON merge patch (RFC 7396) that turns ``old`` into ``new`` (lists whole)."""
    if not isinstance(old, dict) or not isinstance(new, dict):
        return new
    patch = {key: None for key in old if key not in new}
    for key, value in new.items():
        if key not in old:
            patch[key] = value
        elif old[key] != value:
            patch[key] = merge_patch(old[key], value)
    return patch


def deflated(texts: list[str]) -> tuple[int, float]:
    """Bytes of ``texts`` sent as messages of one socket with permessage-deflate at the
    server's default (context takeover, a 16 KB window, memory level 5; frame headers
    included), and the CPU seconds the compressor took."""
    compressor = zlib.compressobj(zlib.Z_DEFAULT_COMPRESSION, zlib.DEFLATED, -14, 5)
    total, started = 0, time.process_time()
    for text in texts:
        payload = len(compressor.compress(text.encode()) + compressor.flush(zlib.Z_SYNC_FLUSH)) - 4
        total += payload + (2 if payload < 126 else 4)
    return total, time.process_time() - started


def deltas_line(players: list[Player]) -> str:
    """What state deltas would send instead of snapshots, simulated on the same frames:
    each state after a player's first sent as the merge patch from the one before, both
    streams through the same compressor."""
    full = delta = 0
    full_cpu = delta_cpu = diff_cpu = 0.0
    sizes = []
    for player in players:
        patches = player.states[:1]
        started = time.process_time()
        for before, after in zip(player.states, player.states[1:]):
            patches.append(json.dumps(merge_patch(json.loads(before), json.loads(after))))
        diff_cpu += time.process_time() - started
        sizes.extend(len(p) for p in patches[1:])
        (f, fc), (d, dc) = deflated(player.states), deflated(patches)
        full, delta, full_cpu, delta_cpu = full + f, delta + d, full_cpu + fc, delta_cpu + dc
    count = max(1, sum(len(p.states) for p in players))
    return (
        f"deltas (simulated): median {statistics.median(sizes or [0]):.0f} B of JSON; "
        f"on the wire {delta / count:.0f} B a state against {full / count:.0f} B for "
        f"snapshots ({full / max(delta, 1):.2f}x); compressing {1e6 * delta_cpu / count:.0f} "
        f"µs against {1e6 * full_cpu / count:.0f} µs a state, diffing (parse included) "
        f"{1e6 * diff_cpu / count:.0f} µs"
    )


def choose(player: Player, frame: dict) -> str | None:
    """The player's move on this state, if it is theirs (as bench/_tables_client.py)."""
    view = frame.get("view") or {}
    you = frame["table"].get("you")
    review = frame.get("review") or {}
    if you in (review.get("waiting") or []):
        if player.tapped == review.get("number"):
            return None
        player.tapped = review.get("number")
        return "next"
    legal = view.get("legal") or []
    if view.get("to_act") != you or not legal or player.acted >= frame["seq"]:
        return None
    player.acted = frame["seq"]
    if "pass" in legal and len(legal) > 1 and player.rng.random() < 0.6:
        return "pass"
    return player.rng.choice(legal)


def parse(argv: list[str]):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=10, help="hands per table (10)")
    parser.add_argument(
        "--modes",
        default="off;12,5;15,8",
        help="CLUB500_WS_DEFLATE values, ';'-separated (off;12,5;15,8)",
    )
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--quick", action="store_true", help="2 hands, compression off and the default"
    )
    parser.add_argument("--sqlite", action="store_true", help="SQLite even if PostgreSQL is here")
    return parser.parse_args(argv)


def main(argv: list[str]) -> int:
    args = parse(argv)
    if args.quick:
        args.hands, args.modes = 2, "off;14,5"
    modes = [m.strip() for m in args.modes.split(";") if m.strip()]
    kinds = ["500", "450"]
    with contextlib.ExitStack() as stack:
        tmp = Path(tempfile.mkdtemp(prefix="club500-wire-"))
        stack.callback(shutil.rmtree, tmp, True)
        env = server_env()
        env["DATABASE_URL"], db_label, _ = throwaway_database(stack, tmp, sqlite=args.sqlite)
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
            cwd=ROOT,
            env=env,
            check=True,
        )
        django_setup(env)
        members = create_members(4 * len(modes) * len(kinds))
        say(f"   database: {db_label}; in-memory channel layer")
        say(f"   {args.hands} hands per table, 4 players, the same deals and moves per mode")
        say(
            f"   {'table':<5} {'mode':<6} {'frames':>7} {'JSON text':>10} {'on the wire':>12} "
            f"{'ratio':>6} {'state median':>13} {'CPU/frame':>10}  extension"
        )
        for m, mode in enumerate(modes):
            daphne = Daphne({**env, "CLUB500_WS_DEFLATE": mode}, tmp, name=f"daphne-{m}").start()
            try:
                for k, kind in enumerate(kinds):
                    offset = 4 * (m * len(kinds) + k)
                    (table,) = create_tables(1, members[offset : offset + 4], args.seed, kind)

                    async def measure():
                        relay = await Relay(daphne.port).start()
                        try:
                            cpu0 = proc_cpu(daphne.process.pid)
                            players = await play_table(
                                relay.port, table, args.hands, args.seed, timeout=600
                            )
                            return relay, players, proc_cpu(daphne.process.pid) - cpu0
                        finally:
                            await relay.stop()

                    relay, players, cpu = asyncio.run(measure())
                    frames = sum(p.frames for p in players)
                    text = sum(p.text_bytes for p in players)
                    sizes = [s for p in players for s in p.state_sizes]
                    say(
                        f"   {kind:<5} {mode:<6} {frames:>7} {text / 1024:>8.0f} KB "
                        f"{relay.down / 1024:>9.0f} KB {text / max(relay.down, 1):>5.1f}x "
                        f"{statistics.median(sizes) / 1024:>10.1f} KB "
                        f"{1e6 * cpu / max(frames, 1):>7.0f} µs  {players[0].extensions or '-'}"
                    )
                    say(f"         {deltas_line(players)}")
            finally:
                daphne.stop()
    return 0


if __name__ == "__main__":
    started = time.monotonic()
    code = main(sys.argv[1:])
    say(f"   done in {time.monotonic() - started:.0f} s")
    sys.exit(code)
