"""Running a coroutine inline (club.aio.run_inline): all of it in the caller's step when
it never waits, the rest in a task, as a task would have run it, when it does."""

from __future__ import annotations

import asyncio
import logging

import pytest

from club.aio import run_inline


def test_a_coroutine_that_never_waits_ends_before_run_inline_returns():
    done = []

    async def inner(text):
        done.append(text)
        return len(text)

    async def send(text):
        return await inner(text)  # awaited coroutines that do not wait do not yield

    async def scenario():
        run_inline(send("one"))
        run_inline(send("two"))
        assert done == ["one", "two"]  # nothing left to the loop
        assert not [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]

    asyncio.run(scenario())


def test_what_a_coroutine_raises_before_waiting_is_raised_to_the_caller():
    async def broken():
        raise ValueError("a closed socket")

    async def scenario():
        with pytest.raises(ValueError, match="a closed socket"):
            run_inline(broken())

    asyncio.run(scenario())


def test_a_coroutine_that_waits_goes_on_in_a_task_with_what_it_waited_for():
    """Its first part runs at once; after its wait it gets the future's value (or
    exception), as under a task, and later waits too."""
    steps = []

    async def scenario():
        loop = asyncio.get_running_loop()
        answer, failing = loop.create_future(), loop.create_future()

        async def waiting():
            steps.append("before")
            steps.append(await answer)
            try:
                await failing
            except KeyError as error:
                steps.append(f"raised {error}")
            await asyncio.sleep(0)
            steps.append("after")

        run_inline(waiting())
        assert steps == ["before"]
        loop.call_soon(answer.set_result, "answered")
        loop.call_soon(failing.set_exception, KeyError("gone"))
        for _ in range(10):
            await asyncio.sleep(0)
        assert steps == ["before", "answered", "raised 'gone'", "after"]

    asyncio.run(scenario())


def test_a_coroutine_that_fails_after_waiting_is_logged(caplog):
    async def scenario():
        async def failing_later():
            await asyncio.sleep(0)
            raise RuntimeError("after the wait")

        run_inline(failing_later())
        for _ in range(5):
            await asyncio.sleep(0)

    with caplog.at_level(logging.ERROR, logger="club.aio"):
        asyncio.run(scenario())
    assert "failed after waiting" in caplog.text
    assert "after the wait" in caplog.text


def test_a_waiting_coroutine_hears_its_task_s_cancellation():
    heard = []

    async def scenario():
        async def waiting():
            try:
                await asyncio.sleep(60)
            except asyncio.CancelledError:
                heard.append("cancelled")
                raise

        run_inline(waiting())
        (rest,) = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        await asyncio.sleep(0)
        rest.cancel()
        with pytest.raises(asyncio.CancelledError):
            await rest

    asyncio.run(scenario())
    assert heard == ["cancelled"]


def test_daphne_s_send_ends_without_waiting_as_the_fan_out_relies_on():
    """The table fan-out sends each frame inline (``TableConsumer.send_text_now``): a
    daphne whose send waited would make frames to a socket overtake each other."""
    from daphne.server import Server

    class Protocol:
        def __init__(self):
            self.replies = []

        def handle_reply(self, message):
            self.replies.append(message)

    server = Server.__new__(Server)  # only its connections table is used
    protocol = Protocol()
    server.connections = {protocol: {}}
    message = {"type": "websocket.send", "text": "{}"}
    with pytest.raises(StopIteration):
        server.handle_reply(protocol, message).send(None)
    assert protocol.replies == [message]
