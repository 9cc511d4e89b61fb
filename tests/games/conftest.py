"""Fixtures for live tables."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from games import services
from games.live import cache, store
from tests.games.sockets import session_cookie


def table_state(table_id: int):
    """The table's state at the database's seq (left in the cache), for a test to read."""
    st = store.acquire(table_id)
    cache.checkin(st)
    return st


@pytest.fixture
def players(make_member):
    return [
        make_member(first_name=name, last_name="Joueur") for name in ("Nord", "Est", "Sud", "Ouest")
    ]


@pytest.fixture
def cookies(players, django_user_model):
    """A session cookie for each of ``players`` (for sockets)."""
    return [session_cookie(Client(), user) for user in players]


@pytest.fixture
def table_of_four(players):
    """A started quebec table, four members seated N E S W, seed fixed."""
    table = services.table_create(host=players[0], variant="quebec", seed=2026, bot_delay_ms=0)
    for user, seat in zip(players[1:], "ESW"):
        services.table_join(table_id=table.pk, user=user, seat=seat)
    services.table_start(table_id=table.pk, user=players[0])
    table.refresh_from_db()
    return table


def in_this_thread(fn):
    """A stand-in for ``database_sync_to_async``: ``fn`` called on the caller's own
    thread (a test with no database thread, whose connection would be checked)."""

    async def call(*args):
        return fn(*args)

    return call


def far_future():
    return timezone.now() + timedelta(days=1)


def drive_until(table_id: int, predicate, *, limit: int = 5000, now=None) -> int:
    """Call table_drive until ``predicate()`` holds; returns the number of moves made."""
    moves = 0
    now = now or far_future()
    while not predicate():
        if services.table_drive(table_id=table_id, now=now) is None:
            raise AssertionError("the table stopped: nobody may move")
        moves += 1
        if moves > limit:
            raise AssertionError("too many moves")
    return moves


def north_may_claim_unproven(table_id: int, *, most: int = 3, least: int = 1):
    """A ``drive_until`` predicate: North is to play, in a contract that is not a
    misère, holding ``least`` to ``most`` cards, and a claim of his would not be
    certain (the opponents are asked)."""
    from games.engine.claims import claim_is_certain

    def ready() -> bool:
        hand = table_state(table_id).hand
        return (
            hand.phase.value == "play"
            and hand.to_act == "N"
            and not hand.misere
            and least <= len(hand.hands[0]) <= most
            and not claim_is_certain(hand, 0)
        )

    return ready


def finished_hand_table(host, *, host_plays: bool = True, **arguments):
    """A table of bots and ``host`` (``table_create``'s ``arguments``; bots only, the
    host seated nowhere, unless ``host_plays``), driven to the end of its first hand
    (the table plays ``host``'s turns when their time is up)."""
    from games.models import GameHand, Seat

    table = services.table_create(host=host, bot_delay_ms=0, **arguments)
    if not host_plays:
        Seat.objects.filter(table=table).update(user=None)
    services.table_fill_with_bots(table_id=table.pk, user=host)
    services.table_start(table_id=table.pk, user=host)
    drive_until(
        table.pk, lambda: GameHand.objects.filter(table=table, result__isnull=False).exists()
    )
    return table
