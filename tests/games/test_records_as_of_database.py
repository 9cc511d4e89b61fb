"""A finished hand is served as the database has it, whatever this process cached.

Another process may play a hand's last moves: this process's cached state of the table
then stays at an older seq until something catches it up. Every read that serves a
finished hand (its record, the download of all of them, the replay page) must be as of
the database, never as of that old cached state.
"""

import copy
import json

import pytest
from django.urls import reverse

from games import selectors, services
from games.live import cache, store
from games.live.catchup import catch_up, request_for
from games.models import GameHand
from tests.games.conftest import drive_until

pytestmark = pytest.mark.django_db


def _rebuilt(table_id: int):
    """The table's state built from the whole log (an oracle: no cache involved)."""
    return catch_up(None, store.read_snapshot(table_id, *request_for(None)))


@pytest.fixture
def stale_process(players):
    """An all-bot table whose hand 1 was finished "elsewhere", while this process's
    cache kept the state it saw right after the deal."""
    table = services.table_create(host=players[0], seed=7, bot_delay_ms=0)
    services.table_fill_with_bots(table_id=table.pk, user=players[0])
    services.table_start(table_id=table.pk, user=players[0])
    seen_at_start = _rebuilt(table.pk)
    drive_until(
        table.pk,
        lambda: GameHand.objects.filter(table=table, number=1, result__isnull=False).exists(),
    )
    table.refresh_from_db()
    assert seen_at_start.seq < table.seq

    def make_stale():
        cache.forget(table.pk)
        assert cache.put(copy.deepcopy(seen_at_start))  # what the other process holds

    make_stale()
    return table, make_stale


def test_a_finished_hands_record_is_the_databases_not_a_stale_cached_state(stale_process):
    table, _ = stale_process
    expected = _rebuilt(table.pk).game.entries[0].to_record()
    record = selectors.hand_record(table, 1)
    assert record == expected
    assert len(record["play"]) == len(expected["play"]) > 0


def test_the_downloads_and_the_replay_page_are_the_databases_too(stale_process, client):
    table, make_stale = stale_process
    expected = _rebuilt(table.pk).game.entries[0].to_record()
    client.force_login(table.host)
    one = client.get(reverse("games:hand_record", args=[table.pk, 1])).json()
    assert one == expected
    make_stale()
    every = client.get(reverse("games:game_records", args=[table.pk])).json()
    assert every[0] == expected
    make_stale()
    page = client.get(reverse("games:hand_replay", args=[table.pk, 1]))
    assert page.status_code == 200
    assert page.context["record_json"] == json.dumps(expected)
