"""Rebuild a table's engine state from the database, with a per-process cache.

The database is the truth: a table's state is its row, its seats, and the replay of
its append-only action log through the engine. Rebuilding is cheap (a few
milliseconds for a whole game), and each process keeps the last state of each table
it served, keyed by the table's sequence number, so that the four sockets of a table
render from one replay. A cached state whose ``seq`` differs from the row's is
rebuilt; a write that fails drops the cache entry (see ``services``).

Sync code may run in several threads of one process (one per request under ASGI),
and ``games.fastpath`` runs on the event loop: ``lock_for(table_id)`` serialises every
use of a table's cached state (mutation by a service, rendering by a reader). Take the
database row lock first, then the table's lock, never the other way; never hold two
tables' locks at once.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field

from games import hooks
from games.engine import Game, Hand
from games.models import Action, GameHand, Seat, Table

CACHE_SIZE = 5000
_cache: "OrderedDict[int, TableState]" = OrderedDict()
LOCK_STRIPES = 64
_locks = tuple(threading.RLock() for _ in range(LOCK_STRIPES))


def lock_for(table_id: int) -> threading.RLock:
    """The lock of a table's cached state. Tables share 64 locks (striped by id), so
    that a thread busy with one table (a hand's end, a render) seldom holds up a move
    at another, and the number of locks does not grow with the number of tables. (One
    lock for all tables made the event loop's fast path give way to the database
    thread whenever that thread was busy, which made it busier: see
    ``docs/performance.md``, session 3.)"""
    return _locks[table_id % LOCK_STRIPES]


def hand_seed(table_seed: int, number: int) -> int:
    """The deal seed of the table's ``number``-th deal (reproducible)."""
    return (table_seed * 1_000_003 + number * 7_919) % (2**62)


@dataclass
class SeatInfo:
    seat: str
    user_id: int | None
    name: str
    is_bot: bool


@dataclass
class TableState:
    table: Table
    seats: list[SeatInfo]
    game: Game | None
    hand_rows: list[GameHand] = field(default_factory=list)
    memo: dict = field(default_factory=dict)  # renders that change only between hands
    # Another app wants to hear of this table's hands (``games.hooks.watched``): its
    # hand ends go through the database thread, where the callbacks run.
    watched: bool = True

    @property
    def seq(self) -> int:
        return self.table.seq

    @property
    def hand(self) -> Hand | None:
        """The hand being played (None before the start or after the end)."""
        return self.game.current if self.game is not None else None

    @property
    def hand_row(self) -> GameHand | None:
        return self.hand_rows[-1] if self.hand_rows else None

    def seat_of(self, user_id: int | None) -> str | None:
        if user_id is None:
            return None
        for info in self.seats:
            if info.user_id == user_id:
                return info.seat
        return None

    def seat_info(self, seat: str) -> SeatInfo:
        return next(info for info in self.seats if info.seat == seat)


def _seat_infos(table: Table) -> list[SeatInfo]:
    rows = Seat.objects.filter(table=table).select_related("user").order_by("position")
    return [
        SeatInfo(seat=row.seat, user_id=row.user_id,
                 name=row.user.public_name if row.user_id else "", is_bot=row.is_bot)
        for row in rows
    ]


def new_game(table: Table) -> Game:
    """The table's game: the engine draws the first dealer from the seed, unless the
    table was created with a first dealer (a tournament table: seat N deals first)."""
    game = Game(table.variant, table.options, seed=table.seed)
    if table.first_dealer and table.first_dealer != game.first_dealer:
        game.first_dealer = table.first_dealer
        game.draw = None
    return game


def build(table: Table) -> TableState:
    """Replay the table from the database (no cache)."""
    seats = _seat_infos(table)
    if table.status == Table.Status.OPEN or not table.first_dealer:
        return TableState(table=table, seats=seats, game=None)
    game = new_game(table)
    hand_rows = list(GameHand.objects.filter(table=table).order_by("number"))
    actions = Action.objects.filter(hand__table=table).order_by("seq").values_list(
        "hand_id", "seat", "action")
    by_hand: dict[int, list[tuple[str, str]]] = {}
    for hand_id, seat, action in actions:
        by_hand.setdefault(hand_id, []).append((seat, action))
    for row in hand_rows:
        hand = game.next_hand(row.seed)
        if hand.variant.seats[hand.dealer] != row.dealer:
            raise RuntimeError(f"table {table.pk}: hand {row.number} dealer mismatch")
        for seat, action in by_hand.get(row.pk, ()):
            hand.apply_as(seat, action)
    return TableState(table=table, seats=seats, game=game, hand_rows=hand_rows,
                      watched=hooks.watched(table.pk))


def load(table: Table) -> TableState:
    """The state of ``table`` (a fresh row, possibly locked), from cache when current."""
    cached = _cache.get(table.pk)
    if cached is not None and cached.table.seq == table.seq:
        cached.table = table
        _cache.move_to_end(table.pk)
        return cached
    state = build(table)
    remember(state)
    return state


def peek(table_id: int) -> "TableState | None":
    """The cached state of a table, if this process has one (no query)."""
    return _cache.get(table_id)


def load_by_id(table_id: int) -> TableState:
    return load(Table.objects.get(pk=table_id))


def remember(state: TableState) -> None:
    _cache[state.table.pk] = state
    _cache.move_to_end(state.table.pk)
    while len(_cache) > CACHE_SIZE:
        _cache.popitem(last=False)


def forget(table_id: int) -> None:
    _cache.pop(table_id, None)


def clear() -> None:
    _cache.clear()
