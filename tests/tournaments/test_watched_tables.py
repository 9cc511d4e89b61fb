"""Whether a live table is a tournament's (``games.hooks``' ``watches``): asked in the
database thread by ``plays_online``, and on the event loop's own connection by its
statement when the loop builds a table's state (a restart's sockets build thousands)."""

from __future__ import annotations

import asyncio

import pytest
from django.db import connection

from games import hooks, services
from games.live import loopdb
from tests.tournaments.day import play_round
from tournaments.models import TableGame
from tournaments.services.online import plays_online


def test_the_tournaments_watcher_gives_its_statement():
    assert hooks.watch_statements() is not None
    assert len(hooks.watch_statements()) == 1


def test_a_watcher_without_a_statement_makes_the_loop_ask_in_a_thread(monkeypatch):
    monkeypatch.setattr(hooks, "_hand_finished", [])
    assert hooks.watch_statements() == []  # nobody watches: no statement to run
    hooks.on_hand_finished(lambda table_id, row: None, watches=lambda table_id: False)
    assert hooks.watch_statements() is None
    monkeypatch.setattr(hooks, "_hand_finished", [])
    hooks.on_hand_finished(lambda table_id, row: None)  # watches every table
    assert hooks.watch_statements() is None


@pytest.mark.django_db(transaction=True)
def test_an_online_rounds_table_is_watched_and_a_members_table_is_not(
    make_tournament, add_present, director
):
    if connection.vendor != "postgresql":
        pytest.skip("the event loop's own connection is PostgreSQL's")
    t = make_tournament(status="running", rounds_total=1, hands_per_game=1)
    add_present(t, 4)
    rnd = play_round(t, director, online=True)
    online = TableGame.objects.get(round=rnd, table=1).live_table_id
    casual = services.table_create(host=director, seed=5).pk
    assert plays_online(online) and not plays_online(casual)

    async def on_the_loop():
        return await loopdb._watched(online), await loopdb._watched(casual)

    try:
        assert asyncio.run(on_the_loop()) == (True, False)
    finally:
        loopdb.close()
