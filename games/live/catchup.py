"""Bring a table's state up to date from one consistent read of the database.

Pure Python (no Django). A process keeps each table's state (``games.live.cache``);
when the database is ahead (another process moved the table on), the state is caught
up by applying only what came after it: the log rows after its ``seq`` and the hand
rows from its last hand on (``Snapshot``, read in one statement or one transaction by
``games.live.store``). A state built from nothing is the same walk from seq 0: the
whole log, replayed through the engine, is the state (the log is append-only).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

from games.engine import EngineError
from games.live import takeback
from games.live.moves import NEXT, REVIEW_ACTIONS
from games.live.tablestate import (
    FINISHED,
    OPEN,
    HandRow,
    SeatInfo,
    TableInfo,
    TableState,
    deal,
    game_of,
    play,
)


@dataclass
class LoggedAction:
    hand_number: int
    seq: int
    seat: str
    action: str
    at: datetime
    by_bot: bool = False  # a bot played it (for a bot's seat or an absent member's)


@dataclass
class Snapshot:
    """One consistent read of a table: its row and seats, its hands numbered
    ``from_hand`` and up, and its log after ``after_seq``."""

    table: TableInfo
    seats: list[SeatInfo]
    hands: list[HandRow]
    actions: list[LoggedAction]
    after_seq: int
    from_hand: int


class CatchUpError(Exception):
    """The snapshot does not continue the state: rebuild it from seq 0."""


def request_for(st: TableState | None) -> tuple[int, int]:
    """What to read to catch ``st`` up (None: build from nothing): (after_seq, from_hand)."""
    if st is None:
        return 0, 1
    return st.seq, st.hand_row.number if st.hands else 1


def catch_up(st: TableState | None, snap: Snapshot, *, watched: bool = False) -> TableState:
    """``st`` advanced to the snapshot (a new state when ``st`` is None).

    Raises CatchUpError when the snapshot was not read for this state or does not
    continue it; ``st`` may then be half-advanced and must be dropped."""
    if st is None:
        if snap.after_seq != 0:
            raise CatchUpError("a new state needs the whole log")
        st = TableState(table=snap.table, seats=snap.seats, game=None, watched=watched)
    elif (snap.after_seq, snap.from_hand) != request_for(st) or snap.table.seq < st.seq:
        raise CatchUpError(f"table {st.id}: snapshot read for another state")
    table = snap.table
    st.table, st.seats = table, snap.seats
    if table.status == OPEN or not table.first_dealer:
        st.game, st.hands, st.moved_at = None, [], table.started_at
        return st
    if st.game is None:
        st.game, st.hands, st.moved_at = game_of(table), [], table.started_at
    _merge_hands(st, snap.hands)
    try:
        for logged in snap.actions:
            _deal_through(st, logged.hand_number)
            if logged.hand_number != len(st.game.entries):
                raise CatchUpError(f"table {st.id}: action {logged.seq} of a finished hand")
            if logged.action in REVIEW_ACTIONS:  # the hand review: the engine never sees it
                if logged.action == NEXT and logged.hand_number == len(st.hands):
                    st.ready = st.ready | {logged.seat}
            elif logged.action in takeback.LOGGED:  # a take-back: the request, its answers
                takeback.apply(st, logged.seat, logged.action, logged.seq)
            else:
                play(st, st.game.entries[-1], logged.seat, logged.action, by_bot=logged.by_bot)
            st.moved_at = logged.at
        _deal_through(st, len(st.hands))
    except (EngineError, takeback.BadLog) as error:
        raise CatchUpError(f"table {st.id}: the log does not replay ({error})") from None
    if st.moved_at is None:
        st.moved_at = table.started_at
    return st


def follow(st: TableState, event: dict) -> TableState:
    """``st`` advanced by one move another process wrote and published
    (``games.live.moves.published``): the same walk as ``catch_up``, on the snapshot a
    read of the database would give, made from the move and what it wrote (the table's
    new seq and wake-up, the hand's result, the next deal's row). Only a state at the
    seq the move was decided on follows it.

    Raises CatchUpError when the move does not continue ``st``; ``st`` may then be
    half-advanced and must be dropped."""
    row = st.hand_row
    if row is None or row.id != event["hand"] or st.seq != event["seq"]:
        raise CatchUpError(f"table {st.id}: the published move is not the next one")
    at = datetime.fromisoformat(event["at"])
    wake_at = event["wake_at"]
    table = replace(
        st.table,
        seq=st.seq + 1,
        wake_at=datetime.fromisoformat(wake_at) if wake_at else None,
        status=FINISHED if event["ends_game"] else st.table.status,
    )
    hands = []
    if event["result"] is not None:
        hands.append(replace(row, result=event["result"], finished_at=at))
    if event["next_hand"] is not None:
        hand_id, number, dealer, seed, board = event["next_hand"]
        hands.append(HandRow(id=hand_id, number=number, dealer=dealer, seed=seed, board=board))
    logged = LoggedAction(
        hand_number=row.number,
        seq=st.seq + 1,
        seat=event["seat"],
        action=event["action"],
        at=at,
        by_bot=event.get("by_bot", False),
    )
    snap = Snapshot(
        table=table,
        seats=st.seats,
        hands=hands,
        actions=[logged],
        after_seq=st.seq,
        from_hand=row.number,
    )
    return catch_up(st, snap)


def _merge_hands(st: TableState, rows: list[HandRow]) -> None:
    for row in rows:
        if row.number <= len(st.hands):
            st.hands[row.number - 1] = row  # its result may have been written since
        elif row.number == len(st.hands) + 1:
            st.hands.append(row)
        else:
            raise CatchUpError(f"table {st.id}: hand {row.number} missing its elders")


def _deal_through(st: TableState, number: int) -> None:
    """Deal the game's hands up to hand ``number`` (from their rows: seeds, boards)."""
    game = st.game
    while len(game.entries) < number:
        if len(game.entries) >= len(st.hands):
            raise CatchUpError(f"table {st.id}: an action of hand {number}, never dealt")
        row = st.hands[len(game.entries)]
        hand = deal(st, row)
        st.ready = set()
        if st.kind.hand_dealer(hand) != row.dealer:
            raise CatchUpError(f"table {st.id}: hand {row.number} dealer mismatch")
