"""The table events between processes: ``games/live/bus.py`` (redis-py's connections: a
publisher with replies off, a subscription read by ``hiredis`` in the event loop's read
callback) against redis-py's own ``publish`` and ``PubSub.listen``, with the ``hiredis``
parser the requirements install and with its pure-Python parser, and with the publish
sent as a task: CPU per message, publishing and receiving. ``bus nowait`` publishes as
the hub does (``publish_nowait``: written at once, the awaited ``group_send`` only when
the connection cannot take it); ``bus`` awaits every publish.

Run from the repository root: ``python bench/bus_bench.py`` (``--messages N``,
``--rate R``, ``--runs N``, ``--quick``; ``--help``). About three minutes.

For each client, two processes and a throwaway Redis: one subscribes to the events
group's channel, the other publishes ``--messages`` events at ``--rate`` a second (one
event a message, as a human-paced evening sends them: a move's ``table.updated`` with
the move, serialized by the channel layer's msgpack serializer, as the hub does). Each
process measures its own CPU from the first message to the last; the same pacing loop
with nothing sent is measured too (``idle``), so what a client costs is its figure
minus that one. ``redis-py hiredis`` is how the bus published and read before it
turned replies off and read its subscription itself; a publish sent as a task
(``redis-py task``) is what a caller that may not wait would do. docs/performance.md
has the figures of the hand-written client the bus replaced.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib.util
import multiprocessing
import resource
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import redis.asyncio as aioredis  # noqa: E402
from channels_redis.pubsub import RedisPubSubChannelLayer  # noqa: E402
from redis.asyncio.connection import _AsyncHiredisParser, _AsyncRESP2Parser  # noqa: E402

from games.live.bus import RedisEvents  # noqa: E402
from tools.testenv import find_program, redis_server  # noqa: E402

GROUP = "tables.events"
EVENT = {
    "type": "tables.events",
    "events": [
        {
            "type": "table.updated",
            "table": 1234,
            "seq": 57,
            "move": {
                "seq": 56,
                "hand": 4321,
                "seat": "E",
                "action": "10H",
                "by_bot": False,
                "at": "2026-11-29T21:03:04.123456+00:00",
                "wake_at": "2026-11-29T21:03:05.123456+00:00",
                "result": None,
                "ends_game": False,
                "next_hand": None,
            },
        }
    ],
}


def cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def layer(url: str):
    return RedisPubSubChannelLayer(hosts=[url])


def redis_client(url: str, parser: str):
    parser_class = _AsyncHiredisParser if parser == "hiredis" else _AsyncRESP2Parser
    return aioredis.Redis.from_url(url, parser_class=parser_class)


# ---------------------------------------------------------------- subscribing
async def subscribe(client: str, url: str, count: int, ready, done) -> dict:
    chan = layer(url)
    loop = asyncio.get_running_loop()
    received: list[float] = []
    finished = loop.create_future()

    def on_message(message) -> None:
        if not received:
            received.append(cpu())
        received.append(0.0)
        if len(received) > count and not finished.done():
            finished.set_result(cpu())

    if client == "bus":
        events = RedisEvents(url, chan)
        events.listen(on_message)
        await events.group_add(GROUP, "bench")
        ready.set()
    else:
        redis = redis_client(url, "hiredis" if client.endswith("hiredis") else "python")
        pubsub = redis.pubsub()
        await pubsub.subscribe(chan._get_group_channel_name(GROUP))
        ready.set()

        async def read() -> None:
            async for item in pubsub.listen():
                if item["type"] == "message":
                    on_message(chan.deserialize(item["data"]))

        task = loop.create_task(read())
    if client == "idle":
        return {"cpu_per_message_us": None}
    end = await asyncio.wait_for(finished, 120)
    if client != "bus":
        task.cancel()
    done.set()
    return {"cpu_per_message_us": 1e6 * (end - received[0]) / count}


# ---------------------------------------------------------------- publishing
async def publish(client: str, url: str, count: int, rate: float) -> dict:
    chan = layer(url)
    loop = asyncio.get_running_loop()
    if client.startswith("bus"):
        events = RedisEvents(url, chan)
        await events.group_send(GROUP, EVENT)  # connects (counted as the first message)

        if client == "bus nowait":  # as the hub publishes: at once, else awaited

            async def send():
                if not events.publish_nowait(GROUP, EVENT):
                    await events.group_send(GROUP, EVENT)

        else:

            async def send():
                await events.group_send(GROUP, EVENT)

    elif client != "idle":
        redis = redis_client(url, "hiredis" if "hiredis" in client else "python")
        channel = chan._get_group_channel_name(GROUP)
        await redis.publish(channel, chan.serialize(EVENT))
        tasks: set = set()

        if "task" in client:

            async def send():
                task = loop.create_task(redis.publish(channel, chan.serialize(EVENT)))
                tasks.add(task)
                task.add_done_callback(tasks.discard)

        else:

            async def send():
                await redis.publish(channel, chan.serialize(EVENT))

    else:  # the pacing loop alone, and the serializing the others do

        async def send():
            chan.serialize(EVENT)

    interval = 1.0 / rate
    start_cpu, start = cpu(), loop.time()
    for i in range(count):
        await send()
        await asyncio.sleep(max(0.0, start + (i + 1) * interval - loop.time()))
    return {"cpu_per_message_us": 1e6 * (cpu() - start_cpu) / count}


def subscriber_main(client, url, count, ready, done, out) -> None:
    sys.path.insert(0, str(ROOT))
    out.put(asyncio.run(subscribe(client, url, count, ready, done)))


def one(client: str, url: str, count: int, rate: float) -> tuple[float, float | None]:
    ctx = multiprocessing.get_context("spawn")
    ready, done, out = ctx.Event(), ctx.Event(), ctx.Queue()
    receiver_client = "bus" if client in ("idle", "bus nowait") else client.replace(" task", "")
    sub = ctx.Process(target=subscriber_main, args=(receiver_client, url, count, ready, done, out))
    sub.start()
    try:
        if not ready.wait(30):
            raise RuntimeError("the subscriber did not subscribe")
        time.sleep(0.3)
        sent = asyncio.run(publish(client, url, count, rate))["cpu_per_message_us"]
        received = out.get(timeout=120)["cpu_per_message_us"] if client != "idle" else None
    finally:
        if client == "idle":
            sub.terminate()
        sub.join(10)
        if sub.is_alive():
            sub.terminate()
    return sent, received


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--messages", type=int, default=5000)
    parser.add_argument("--rate", type=float, default=500.0, help="messages a second (500)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="1 run of 1,000 messages")
    args = parser.parse_args(argv)
    if args.quick:
        args.messages, args.runs = 1000, 1
    program = find_program("redis-server")
    if program is None:
        print("bus_bench: redis-server is not installed: nothing measured")
        return 0
    hiredis_here = importlib.util.find_spec("hiredis") is not None
    clients = ["idle", "bus nowait", "bus", "redis-py", "redis-py task"]
    if hiredis_here:
        clients += ["redis-py hiredis", "redis-py hiredis task"]
    print(
        f"   {args.messages} messages at {args.rate:g}/s, {args.runs} runs (median); "
        "CPU per message, publishing and receiving"
        + ("" if hiredis_here else "; hiredis not installed (pip install hiredis)")
    )
    with contextlib.ExitStack() as stack:
        url = stack.enter_context(redis_server(program))
        for client in clients:
            runs = [one(client, url, args.messages, args.rate) for _ in range(args.runs)]
            sent = statistics.median(r[0] for r in runs)
            received = [r[1] for r in runs if r[1] is not None]
            got = f"{statistics.median(received):7.1f} µs" if received else "      -"
            print(
                f"   {client:<22} publish {sent:7.1f} µs ({', '.join(f'{r[0]:.1f}' for r in runs)})"
                f"   receive {got}"
                + (f" ({', '.join(f'{r:.1f}' for r in received)})" if received else "")
            )
    return 0


if __name__ == "__main__":
    started = time.monotonic()
    code = main(sys.argv[1:])
    print(f"   done in {time.monotonic() - started:.0f} s")
    sys.exit(code)
