"""The bots' level of a table ("Débutant", "Club", "Fort"): chosen, stored, checked,
shown; a searching bot plays legal cards through whole hands over the live pipeline,
thinks off the event loop, and plays the same for the same seed."""

from __future__ import annotations

import asyncio
import os
import random
import time
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.db import connection
from django.urls import reverse
from django.utils import timezone

from games import services
from games.engine import Phase
from games.engine.four_fifty.search import searches
from games.errors import TableError
from games.kinds import Budget
from games.live import liveness, moves, pipeline, runner, thinkers
from games.live.moves import Thinking
from games.models import Action, GameHand, Table
from tests.games.conftest import drive_until, far_future, north_may_claim_unproven, table_state
from tests.games.sockets import connect, recv

# Small searches: a test's bots decide in milliseconds, from the seed alone.
SMALL = {
    "club": {"samples": 3, "seconds": None, "nodes": 2000},
    "fort": {"samples": 4, "seconds": None, "nodes": 2000},
}
TWO_HANDS = {"end": "hands", "hands_per_game": 2}


@pytest.fixture
def small_budgets(settings):
    settings.BOT_LEVEL_BUDGETS = SMALL


@pytest.fixture(autouse=True)
def _own_pool(settings):
    """Each test's searches in a pool of the settings it has (then shut down), at the
    normal priority: a busy machine would otherwise hold them back for as long as it
    stays busy (idle work: ``test_the_search_processes_run_as_idle_work``)."""
    settings.BOT_THINK_IDLE = False
    thinkers.reset()
    yield
    thinkers.reset()


def bot_table(
    host, level: str, *, seed: int = 31, options=None, start: bool = True, **create
) -> Table:
    """A table of four bots at ``level`` (its host watching, not seated), bots at once;
    ``create``: more of ``table_create``'s arguments (``kind``)."""
    table = services.table_create(
        host=host, seed=seed, bot_delay_ms=0, bot_level=level, options=options or {}, **create
    )
    services.table_leave(table_id=table.pk, user=host)
    services.table_fill_with_bots(table_id=table.pk, user=host)
    if start:
        services.table_start(table_id=table.pk, user=host)
    table.refresh_from_db()
    return table


def searching_turn(table: Table):
    """Drive ``table`` until a bot is to choose a card by search; its state."""
    drive_until(
        table.pk,
        lambda: (
            (st := table_state(table.pk)).hand is not None
            and st.hand.phase is Phase.PLAY
            and st.kind.bot_searches(st.hand, st.table.bot_level)
        ),
    )
    return table_state(table.pk)


# ------------------------------------------------------------------ stored, checked
def test_the_lobby_stores_the_level_and_refuses_an_unknown_one(client, players):
    client.force_login(players[0])
    post = {"variant": "quebec", "end": "preset", "visibility": "public"}
    post |= {"bot_delay_ms": "100", "absence_grace_seconds": "60"}
    response = client.post(reverse("games:lobby"), {**post, "name": "Fort", "bot_level": "fort"})
    assert response.status_code == 302
    assert Table.objects.get(name="Fort").bot_level == "fort"
    response = client.post(reverse("games:lobby"), {**post, "name": "Bad", "bot_level": "expert"})
    assert response.status_code == 200 and not Table.objects.filter(name="Bad").exists()
    assert response.context["form"].errors["bot_level"]
    # no level chosen: the beginner's rules of thumb
    client.post(reverse("games:lobby"), {**post, "name": "Plain"})
    assert Table.objects.get(name="Plain").bot_level == "debutant"


def test_a_bad_level_is_refused_with_nothing_written(players):
    with pytest.raises(TableError) as caught:
        services.table_create(host=players[0], bot_level="expert")
    assert caught.value.code == "bad_bot_level" and "expert" in caught.value.message
    assert not Table.objects.exists()
    table = services.table_create(host=players[0])
    seq = Table.objects.get(pk=table.pk).seq
    with pytest.raises(TableError) as caught:
        services.table_set_bot_level(table_id=table.pk, user=players[0], level="")
    assert caught.value.code == "bad_bot_level"
    row = Table.objects.get(pk=table.pk)
    assert (row.bot_level, row.seq) == ("debutant", seq)


def test_the_host_chooses_the_level_before_the_game_and_between_hands_only(players, small_budgets):
    table = bot_table(players[0], "debutant", start=False)
    with pytest.raises(TableError) as caught:
        services.table_set_bot_level(table_id=table.pk, user=players[1], level="club")
    assert caught.value.code == "not_host"
    services.table_set_bot_level(table_id=table.pk, user=players[0], level="club")
    row = Table.objects.get(pk=table.pk)
    assert (row.bot_level, row.seq) == ("club", table.seq + 1)
    services.table_start(table_id=table.pk, user=players[0])
    with pytest.raises(TableError) as caught:  # hand 1 is in progress
        services.table_set_bot_level(table_id=table.pk, user=players[0], level="fort")
    assert caught.value.code == "hand_in_progress"
    assert Table.objects.get(pk=table.pk).bot_level == "club"
    # the hand over, the next not dealt yet (the hand review): the level may change,
    # and the table's state (every process's) catches up with it
    GameHand.objects.filter(table=table).update(finished_at=timezone.now())
    services.table_set_bot_level(table_id=table.pk, user=players[0], level="fort")
    assert table_state(table.pk).table.bot_level == "fort"


# ------------------------------------------------------------------ shown
def test_the_state_frame_and_the_table_page_show_the_level(client, players):
    table = bot_table(players[0], "club", start=False)
    client.force_login(players[0])
    page = client.get(reverse("games:table", args=[table.pk]), HTTP_ACCEPT_LANGUAGE="fr")
    assert page.status_code == 200
    assert page.context["snapshot"]["table"]["bot_level"] == "club"
    assert reverse("games:table_bot_level", args=[table.pk]) in page.content.decode()
    client.post(reverse("games:table_bot_level", args=[table.pk]), {"level": "fort"})
    assert Table.objects.get(pk=table.pk).bot_level == "fort"


# ------------------------------------------------------------------ the live pipeline
def test_drive_hands_over_a_search_and_writes_nothing(players, small_budgets):
    table = bot_table(players[0], "club")
    st = searching_turn(table)
    now = far_future()  # the moves so far were driven then (``drive_until``)
    job = pipeline.drive(table.pk, think=False, now=now)
    assert isinstance(job, Thinking) and job.seq == st.seq and job.seat == st.hand.to_act
    assert Table.objects.get(pk=table.pk).seq == st.seq
    # the search's answer, given back on the same state, is what gets played
    action = job.run()
    assert action in st.hand.legal_actions()
    pipeline.drive(table.pk, think=False, thought=(job.seq, action), now=now)
    last = Action.objects.filter(hand__table=table).order_by("-seq").first()
    assert (last.seq, last.action, last.by_bot) == (st.seq + 1, action, True)
    # given back once the table has moved on, it is not played again: the next seat
    # searches afresh (nothing written), or plays its only card by the rule of thumb
    again = pipeline.drive(table.pk, think=False, thought=(job.seq, action), now=now)
    written = Action.objects.filter(hand__table=table, seq__gt=st.seq + 1).count()
    if isinstance(again, Thinking):
        assert again.seq == st.seq + 1 and written == 0
    else:
        assert written == 1


def test_a_450_club_bot_searches_its_discards_off_the_loop(players, small_budgets):
    """At a 450 table above "Débutant", a robot's discard with a choice is a search
    (``games.engine.four_fifty.search``) handed to the pool of searches; its answer is
    written like a move; the dealer's hiding of the face-up cards is not searched."""
    table = bot_table(players[0], "club", kind="450", options={"players": 4})
    st = table_state(table.pk)
    assert not st.kind.bot_searches(st.hand, "club")  # the dealer hides the cards
    drive_until(
        table.pk,
        lambda: (
            (st := table_state(table.pk)).hand is not None
            and st.kind.bot_searches(st.hand, st.table.bot_level)
        ),
    )
    st = table_state(table.pk)
    assert st.hand.phase == "discard" and not st.kind.bot_searches(st.hand, "debutant")
    now = far_future()
    job = pipeline.drive(table.pk, think=False, now=now)
    assert isinstance(job, Thinking) and job.seq == st.seq and job.seat == st.hand.to_act
    action = job.run()
    assert action in st.hand.legal_actions()
    pipeline.drive(table.pk, think=False, thought=(job.seq, action), now=now)
    last = Action.objects.filter(hand__table=table).order_by("-seq").first()
    assert (last.seq, last.action, last.by_bot) == (st.seq + 1, action, True)


def test_450_robots_at_five_and_six_players_keep_their_rules_of_thumb(players, small_budgets):
    """The search gained nothing measurable at five and six players: there a "Fort"
    robot's discards are the rules of thumb's, decided at once (no search job)."""
    for count in (5, 6):
        table = bot_table(players[0], "fort", kind="450", options={"players": count})
        drive_until(
            table.pk,
            lambda t=table: (st := table_state(t.pk)).hand is not None and searches(st.hand),
        )
        st = table_state(table.pk)  # a discard with a choice the engine could search
        assert not st.kind.bot_searches(st.hand, "fort")
        assert moves.bot_thinking(st) is None


def test_the_same_seed_gives_the_same_play(players, small_budgets):
    logs = []
    for _ in range(2):
        table = bot_table(players[0], "club", seed=77)
        drive_until(table.pk, lambda t=table: Action.objects.filter(hand__table=t).count() >= 40)
        logs.append(
            list(Action.objects.filter(hand__table=table).order_by("seq").values_list("action"))
        )
    assert logs[0] == logs[1] and len(logs[0]) >= 40


def test_a_club_bot_answers_a_claim_by_a_search_off_the_loop(players, small_budgets):
    """A member's claim goes to the opponents; a "Club" robot's answer is a search like
    its cards (run off the event loop), and the answer it gives back is written."""
    table = services.table_create(host=players[0], seed=11, bot_delay_ms=0, bot_level="club")
    services.table_fill_with_bots(table_id=table.pk, user=players[0])
    services.table_start(table_id=table.pk, user=players[0])
    drive_until(table.pk, north_may_claim_unproven(table.pk, least=2))
    st = table_state(table.pk)
    services.hand_apply_action(
        table_id=table.pk, user=players[0], action="claim", expected_seq=st.seq
    )
    st = table_state(table.pk)
    assert st.hand.claim_wait and st.hand.to_act == "E"
    now = far_future()
    job = pipeline.drive(table.pk, think=False, now=now)
    assert isinstance(job, Thinking) and job.seat == "E" and job.seq == st.seq
    answer = job.run()
    assert answer in ("accept", "refuse")
    pipeline.drive(table.pk, think=False, thought=(job.seq, answer), now=now)
    last = Action.objects.filter(hand__table=table).order_by("-seq").first()
    assert (last.seq, last.action, last.by_bot) == (st.seq + 1, answer, True)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    "create",
    [
        {"options": TWO_HANDS},
        {"kind": "450", "options": {"players": 4, "end": "rounds", "rounds": 2}},
    ],
    ids=["500", "450"],
)
async def test_club_bots_play_whole_hands_over_the_live_pipeline(
    players, cookies, small_budgets, monkeypatch, create
):
    """Every bot move goes through the runner's look at the table (``drive_table``):
    the searches in the pool of searches, the moves decided by the engine (a refused one
    would answer 5 s), written, and sent to the watching host; at 500 and at 450."""
    table = await database_sync_to_async(bot_table)(players[0], "club", **create)
    comm, ok, _ = await connect(table.pk, cookies[0])
    assert ok
    first = await recv(comm)
    assert first["table"]["bot_level"] == "club" and first["table"]["you"] is None
    searched = []
    think = runner.think

    async def counted(job):
        searched.append(job.seat)
        return await think(job)

    monkeypatch.setattr(runner, "think", counted)
    status = database_sync_to_async(lambda: Table.objects.get(pk=table.pk).status)
    looks = 0
    while await status() != "finished":
        wait = await runner.drive_table(table.pk)
        assert wait != 5.0
        looks += 1
        assert looks < 2000
    await comm.disconnect()
    assert len(searched) > 20
    hands = await database_sync_to_async(
        lambda: [(h.number, h.result) for h in GameHand.objects.filter(table=table)]
    )()
    assert len(hands) >= 2 and all(result for _, result in hands)
    # the records replay to finished hands (the check command's reading, either kind)
    from games import selectors
    from games.engine.cli import check_any

    records = await database_sync_to_async(
        lambda: [selectors.hand_record(table, n) for n, _ in hands]
    )()
    for record in records:
        answer = check_any(record)
        assert answer["ok"] and answer["complete"], answer


def test_a_fort_bot_thinks_in_a_worker_process_off_the_event_loop(players, small_budgets):
    """While a Fort bot searches (here 40 deals), the event loop keeps answering: a ping
    every 10 ms keeps coming, never held for half the search. The search runs in a
    worker process (``games.live.thinkers``), not in this one: it does not share the
    interpreter's lock. How many pings come back depends on the machine's load, so only
    a few are required."""
    table = bot_table(players[0], "fort")
    st = searching_turn(table)
    # Deals solved to the end, no clock: on a busy machine the idle-class worker may
    # get a core late, and the search must still finish (its time is not the point).
    job = moves.bot_thinking(st, {"fort": Budget(samples=40, seconds=None, nodes=2000)})
    assert job is not None
    thinkers.warm()  # the pool's start is not the search's

    async def main():
        loop = asyncio.get_running_loop()
        lags = []
        task = asyncio.ensure_future(runner.think(job))
        while not task.done():
            t0 = loop.time()
            await asyncio.sleep(0.01)
            lags.append(loop.time() - t0 - 0.01)
        return await task, lags

    action, lags = asyncio.run(main())
    assert action in st.hand.legal_actions()
    assert len(lags) >= 3 and max(lags) < 0.3
    assert thinkers.pool().submit(os.getpid).result() != os.getpid()


def test_the_search_processes_run_as_idle_work(settings):
    """As deployed, a search process gets a core only when nothing else wants it
    (``SCHED_IDLE``): the live tables come first."""
    settings.BOT_THINK_IDLE = True
    thinkers.reset()
    assert thinkers.pool().submit(os.sched_getscheduler, 0).result() == os.SCHED_IDLE


def test_a_search_past_its_time_gives_way_to_the_rule_of_thumb(
    players, small_budgets, settings, monkeypatch
):
    """A search still running past its budget and the margin is dropped (None), and the
    look at the table then plays the rule of thumb's card on that same state. (In
    threads, where the test can slow the search down: a worker process is the same.)"""
    settings.BOT_THINK_PROCESSES = 0
    thinkers.reset()
    table = bot_table(players[0], "club")
    st = searching_turn(table)
    job = moves.bot_thinking(st, {"club": Budget(samples=3, seconds=0.05, nodes=2000)})
    monkeypatch.setattr(runner, "THINK_MARGIN", 0.05)
    search = thinkers.search

    def late(job, deadline):
        time.sleep(0.5)
        return search(job, None)

    monkeypatch.setattr(thinkers, "search", late)
    assert asyncio.run(runner.think(job)) is None
    expected = st.kind.choose_action(st.hand, st.hand.to_act, random.Random(job.seed))
    pipeline.drive(table.pk, think=False, thought=(job.seq, None), now=far_future())
    last = Action.objects.filter(hand__table=table).order_by("-seq").first()
    assert (last.seq, last.action) == (st.seq + 1, expected)


def test_a_bot_search_is_claimed_so_other_processes_leave_it_until_the_claim_runs_out(
    players, small_budgets
):
    """Every process's runner looks at every due table. The first look that hands out a
    search claims the table (its ``wake_at`` moved past the search's time), so a look
    from another process meanwhile does nothing; a claim that runs out (the searching
    process died) lets the next look search again, and the thought then plays."""
    table = bot_table(players[0], "club")
    st = searching_turn(table)
    now = far_future()
    job = pipeline.drive(table.pk, think=False, now=now)
    assert isinstance(job, Thinking) and job.seq == st.seq
    claimed_until = Table.objects.get(pk=table.pk).wake_at
    assert claimed_until == now + timedelta(seconds=pipeline.CLAIM_UNBOUNDED)
    assert runner.due_tables(now + timedelta(seconds=1), include_stale=False) == []
    assert pipeline.drive(table.pk, think=False, now=now + timedelta(seconds=1)) is None
    assert Table.objects.get(pk=table.pk).seq == st.seq  # nothing played
    later = claimed_until + timedelta(seconds=1)
    assert runner.due_tables(later, include_stale=False) == [table.pk]
    again = pipeline.drive(table.pk, think=False, now=later)
    assert isinstance(again, Thinking) and again.seq == st.seq
    pipeline.drive(table.pk, think=False, thought=(again.seq, again.run()), now=later)
    assert Table.objects.get(pk=table.pk).seq == st.seq + 1


def test_a_claim_given_up_makes_the_table_due_at_once(players, small_budgets):
    table = bot_table(players[0], "club")
    st = searching_turn(table)
    now = far_future()
    job = pipeline.drive(table.pk, think=False, now=now)
    assert isinstance(job, Thinking)
    assert pipeline.drive(table.pk, think=False, now=now) is None  # claimed
    pipeline.release_search(table.pk, job.seq)
    assert isinstance(pipeline.drive(table.pk, think=False, now=now), Thinking)
    assert Table.objects.get(pk=table.pk).seq == st.seq


def test_a_claim_of_a_process_that_died_is_released_at_the_next_sweep(players, small_budgets):
    """A search's claim records the claiming process's key (its advisory lock held on a
    connection of its own, ``games.live.liveness``). While that process lives, other
    processes' sweeps leave the table to it; once its lock is gone (the process died:
    here its connection closed), the next sweep makes the table due at once, without
    waiting for the claim to run out, and its bot searches again there."""
    if connection.vendor != "postgresql":
        pytest.skip("advisory locks: PostgreSQL only (on SQLite a claim runs out)")
    table = bot_table(players[0], "club")
    st = searching_turn(table)
    now = far_future()
    liveness.hold()
    mine = liveness.key()
    assert mine is not None
    job = pipeline.drive(table.pk, think=False, now=now)
    assert isinstance(job, Thinking)
    assert Table.objects.get(pk=table.pk).claimed_by == mine
    soon = now + timedelta(seconds=1)
    assert liveness.release_dead(soon) == 0  # alive: the claim stands
    assert runner.due_tables(soon, include_stale=False) == []
    liveness.close()  # the claiming process is gone
    _wait_until_unlocked(mine)  # PostgreSQL ends that session a moment after
    assert liveness.release_dead(soon) == 1
    row = Table.objects.get(pk=table.pk)
    assert (row.claimed_by, row.wake_at) == (None, soon)
    assert runner.due_tables(soon, include_stale=False) == [table.pk]
    again = pipeline.drive(table.pk, think=False, now=soon)
    assert isinstance(again, Thinking) and again.seq == st.seq
    pipeline.drive(table.pk, think=False, thought=(again.seq, again.run()), now=soon)
    assert Table.objects.get(pk=table.pk).seq == st.seq + 1


def _wait_until_unlocked(key: int) -> None:
    """Wait (10 s at most) until no session holds the liveness lock of ``key``."""
    with connection.cursor() as cursor:
        for _ in range(200):
            cursor.execute(
                f"SELECT count(*) FROM ({liveness.LIVE_KEYS}) k WHERE objid = %s",
                [liveness.LOCK_SPACE, key],
            )
            if cursor.fetchone()[0] == 0:
                return
            time.sleep(0.05)
    raise AssertionError(f"the lock of {key} is still held")


def test_a_table_made_due_elsewhere_is_looked_at_now_despite_a_later_timer_here():
    """This process had set a table's next look far ahead; the database now says the
    table is due (another process, or a director, made it so): the sweep moves the
    look to now instead of leaving the later timer alone."""

    async def main():
        loop = asyncio.get_running_loop()
        saved = runner._loop
        runner._loop = loop
        try:
            runner._schedule(424242, 600.0)
            runner.schedule_due([424242])
            return runner._handles[424242].when() - loop.time()
        finally:
            handle = runner._handles.pop(424242, None)
            if handle is not None:
                handle.cancel()
            runner._loop = saved

    assert asyncio.run(main()) <= 0.01
