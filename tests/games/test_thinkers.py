"""Where bots' searches run (``games.live.thinkers``): a search is on a deadline from
when it was asked for; one that waited for a worker gets what is left of its time, one
whose time ran out while it waited is not started; a worker that dies gives a clear
answer and a new pool. The clock is injected: nothing here depends on the machine's
speed."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest
from django.urls import reverse

from games.kinds import Budget
from games.live import moves, runner, thinkers
from tests.games.conftest import finished_hand_table
from tests.games.test_bot_levels import SMALL, bot_table, searching_turn

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _own_pool(settings):
    settings.BOT_LEVEL_BUDGETS = SMALL
    settings.BOT_THINK_IDLE = False  # not held back by a busy machine
    thinkers.reset()
    thinkers.outcomes.since_report()  # the counts of earlier tests' searches reported
    yield
    thinkers.reset()


@pytest.fixture
def job(players, monkeypatch):
    """A Club bot's search with 0.3 s, its kind's search replaced by one that records
    the budget it was given (and plays the first legal action)."""
    st = searching_turn(bot_table(players[0], "club"))
    job = moves.bot_thinking(st, {"club": Budget(samples=3, seconds=0.3, nodes=2000)})
    job.budgets = []

    def choose(hand, seat, rng, budget):
        job.budgets.append(budget)
        return hand.legal_actions()[0]

    monkeypatch.setattr(job.kind, "choose_searched", choose)
    monkeypatch.setattr(thinkers, "clock", lambda: 100.0)
    return job


def test_a_search_taken_at_once_has_its_whole_budget(job):
    action, waited = thinkers.search(job, deadline=100.3)
    assert action == job.hand.legal_actions()[0] and waited == pytest.approx(0.0)
    assert job.budgets[-1] == Budget(samples=3, seconds=pytest.approx(0.3), nodes=2000)


def test_a_search_that_waited_for_a_worker_gets_what_is_left_of_its_time(job):
    action, waited = thinkers.search(job, deadline=100.1)
    assert action is not None and waited == pytest.approx(0.2)
    assert job.budgets[-1].seconds == pytest.approx(0.1)
    thinkers.count(action, waited)
    assert thinkers.report().startswith("bot searches: 1 (1 shortened by a wait")


def test_a_search_whose_time_ran_out_while_it_waited_is_not_started(job):
    assert thinkers.search(job, deadline=100.01) == (None, pytest.approx(0.29))
    assert thinkers.search(job, deadline=99.0) == (None, pytest.approx(1.3))
    assert job.budgets == []  # never searched
    thinkers.count(None, 0.29)
    assert "1 dropped" in thinkers.report()
    assert thinkers.report() is None  # nothing since


def test_a_search_without_seconds_has_no_deadline(job):
    job.budget = Budget(samples=3, seconds=None, nodes=2000)
    assert thinkers.search(job, deadline=None)[0] is not None
    assert job.budgets[-1].seconds is None


def _broken_pool():
    class Broken:
        def submit(self, *args):
            future = Future()
            future.set_exception(BrokenProcessPool("a worker died"))
            return future

        def shutdown(self, **kwargs):
            pass

    return Broken()


def test_a_dead_worker_lets_the_rule_of_thumb_play_and_a_new_pool_start(players, monkeypatch):
    st = searching_turn(bot_table(players[0], "club"))
    job = moves.bot_thinking(st, {"club": Budget(samples=3, seconds=0.3, nodes=2000)})
    monkeypatch.setattr(thinkers, "_pool", _broken_pool())
    assert asyncio.run(runner.think(job)) is None
    assert thinkers._pool is None  # the next search starts a new pool
    thinkers.warm()  # (its start, on a busy machine, is not the search's time)
    action = asyncio.run(runner.think(job))
    assert action in st.hand.legal_actions()


def test_the_replay_s_thoughts_answer_503_in_french_when_a_worker_died(
    client, make_member, settings, monkeypatch
):
    settings.LANGUAGE_CODE = "fr"
    host = make_member(first_name="Sylvie", last_name="Roy", preferred_language="fr")
    table = finished_hand_table(host, variant="quebec", seed=31, host_plays=False)
    client.force_login(host)
    replay = client.get(reverse("games:hand_replay", args=[table.pk, 1])).context["replay"]
    step = next(i for i, s in enumerate(replay["steps"]) if s["think"])
    monkeypatch.setattr(thinkers, "_pool", _broken_pool())
    response = client.get(reverse("games:hand_thoughts", args=[table.pk, 1, step]))
    assert response.status_code == 503
    assert "n'a pas pu réfléchir" in response.json()["error"]
    assert thinkers._pool is None
    response = client.get(reverse("games:hand_thoughts", args=[table.pk, 1, step]))
    assert response.status_code == 200 and response.json()["seat"]


WORKER_THEN_KILLED = """
import os, signal
import django
django.setup()
from games.live import thinkers
print(thinkers.pool().submit(os.getpid).result(), flush=True)
os.kill(os.getpid(), signal.SIGKILL)
"""


def test_the_workers_end_with_a_process_killed_by_sigkill():
    """A daphne process killed with SIGKILL cannot shut its pool down: its workers see
    it end and end too (no orphan left searching, or waiting, after a failover)."""
    ran = subprocess.run(
        [sys.executable, "-c", WORKER_THEN_KILLED],
        capture_output=True,
        text=True,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "club.settings"},
        cwd=Path(__file__).resolve().parents[2],
        timeout=60,
    )
    assert ran.returncode == -signal.SIGKILL, ran.stderr
    worker = int(ran.stdout.split()[0])
    for _ in range(200):  # each step waits for the worker's end, 10 s in all
        if not _alive(worker):
            break
        time.sleep(0.05)
    assert not _alive(worker)


FORK_SERVER_SIGNALS = """
import os
import django
django.setup()
from games.live import thinkers
thinkers.warm()
for pid in os.listdir("/proc"):
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            argv = f.read()
        with open(f"/proc/{pid}/status") as f:
            status = dict(line.split(":", 1) for line in f if ":" in line)
    except OSError:
        continue
    if b"forkserver" in argv and int(status["PPid"]) == os.getpid():
        print(status["SigBlk"].strip(), status["SigIgn"].strip(), flush=True)
"""


def test_the_fork_server_starts_with_ctrl_c_held_back_and_then_ignores_it():
    """The search processes' fork server is started with SIGINT blocked, so a Ctrl-C to
    the process group while it imports the searches' modules (``make run`` stopped at
    once) cannot interrupt them with a traceback; once they are imported it ignores
    SIGINT, which discards one held back meanwhile."""
    ran = subprocess.run(
        [sys.executable, "-c", FORK_SERVER_SIGNALS],
        capture_output=True,
        text=True,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "club.settings", "BOT_THINK_PROCESSES": "1"},
        cwd=Path(__file__).resolve().parents[2],
        timeout=60,
    )
    assert ran.returncode == 0, ran.stderr
    blocked, ignored = (int(mask, 16) for mask in ran.stdout.split())
    sigint = 1 << (signal.SIGINT - 1)
    assert blocked & sigint and ignored & sigint


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:  # a zombie has ended (its parent reaps it)
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_search_processes_stopped_while_starting_are_a_warning_and_a_fresh_pool(
    monkeypatch, caplog
):
    """A Ctrl-C to the process group while the pool starts (``make run`` stopped at
    once) stops its processes: one line, no traceback, and the next search starts a
    new pool."""

    class Stopped:
        def submit(self, fn, *args):
            future = Future()
            future.set_exception(BrokenProcessPool("terminated abruptly"))
            return future

        def shutdown(self, **kwargs):
            pass

    monkeypatch.setattr(thinkers, "_pool", Stopped())
    with caplog.at_level("WARNING", logger="games.live.thinkers"):
        thinkers.warm()
    assert [r.getMessage() for r in caplog.records] == [
        "bot searches: the search processes stopped while starting"
    ]
    assert all(r.exc_info is None for r in caplog.records)
    assert thinkers._pool is None  # reset: the next search makes a new one


EXIT_WHILE_WARMING = """
import sys
import time

if __name__ == "__main__":  # the fork server imports this module again
    import django

    django.setup()
    from games.live import thinkers

    thinkers.warm_in_background()
    time.sleep(float(sys.argv[1]))
"""


@pytest.mark.parametrize("seconds", [0.0, 0.1])
def test_a_process_that_exits_while_its_search_pool_starts_leaves_no_traceback(tmp_path, seconds):
    """A process stopped as its pool of searches starts (``make run`` stopped a second
    after it started) waits for that start, then exits: nothing is printed but, at most,
    the one line saying the pool stopped while starting."""
    script = tmp_path / "exit_while_warming.py"
    script.write_text(EXIT_WHILE_WARMING)
    root = Path(__file__).resolve().parents[2]
    ran = subprocess.run(
        [sys.executable, str(script), str(seconds)],
        capture_output=True,
        text=True,
        env={
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "club.settings",
            "BOT_THINK_PROCESSES": "1",
            "PYTHONPATH": str(root),
        },
        cwd=root,
        timeout=60,
    )
    assert ran.returncode == 0, ran.stderr
    assert "Traceback" not in ran.stderr, ran.stderr
    assert not [
        line
        for line in ran.stderr.splitlines()
        if line and "the search processes stopped while starting" not in line
    ], ran.stderr
