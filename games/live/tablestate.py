"""A live table's state as plain values: the table, its seats, its hands, the engine.

Pure Python (no Django): the pipeline (``games.live.moves``) decides on it and the
catch-up (``games.live.catchup``) builds it, both testable without a database. The
database side reads rows into these values (``games.live.store``) and writes what a
move decides (``games.live.writers``, ``games.live.loopdb``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from games.engine import Game, Hand
from games.kinds import kind_of
from games.statuses import CLOSED, FINISHED, OPEN, PLAYING

__all__ = [
    "CLOSED",
    "FINISHED",
    "OPEN",
    "PLAYING",
    "HandRow",
    "Played",
    "SeatInfo",
    "TableInfo",
    "Takeback",
    "TableState",
    "game_of",
    "deal",
    "dealt",
    "hand_seed",
    "play",
    "present_members",
]


def hand_seed(table_seed: int, number: int) -> int:
    """The deal seed of the table's ``number``-th deal (reproducible)."""
    return (table_seed * 1_000_003 + number * 7_919) % (2**62)


@dataclass
class TableInfo:
    """The table row, as far as live play needs it."""

    id: int
    seq: int
    status: str
    name: str
    kind: str
    variant: str
    options: dict[str, Any]
    visibility: str
    host_id: int | None
    seed: int
    first_dealer: str
    absence_grace_seconds: int
    bot_delay_ms: int
    review_seconds: int = 30
    started_at: datetime | None = None
    wake_at: datetime | None = None
    rematch_id: int | None = None  # the rematch proposed once the game was over
    bot_level: str = "debutant"  # how its bots play (``games.kinds.BOT_LEVELS``)
    # A duplicate table's secret seed of its boards (empty: hands dealt from ``seed``);
    # kept in the process, never sent (``games.models.Table.board_seed``).
    board_seed: str = ""


@dataclass
class SeatInfo:
    seat: str
    user_id: int | None
    name: str
    is_bot: bool
    # When the member's last socket at the table closed (None: never left, or back).
    left_at: datetime | None = None
    accepted: bool = True  # a rematch's member has accepted it

    @property
    def is_free(self) -> bool:
        return self.user_id is None and not self.is_bot


@dataclass
class HandRow:
    """One deal at the table (``games.models.GameHand``); ``id`` is None until written."""

    id: int | None
    number: int
    dealer: str
    seed: int
    result: dict | None = None
    finished_at: datetime | None = None
    board: int | None = None  # a duplicate table's board (dealt from the table's seed)


@dataclass
class Played:
    """One engine move of the hand being played, as the table's log holds it."""

    seat: str
    action: str
    what: str  # "call", "card", or "" (never taken back): ``GameKind.takes_back``


@dataclass
class Takeback:
    """The last request to take back a move of the hand being played
    (``games.live.takeback``), kept until the hand's next engine move or deal."""

    seat: str  # who asked
    action: str  # the move to take back
    what: str  # what it is: "call" or "card" (``Played.what``)
    index: int  # its place in the hand's moves (``TableState.played``)
    asked_seq: int  # the table's seq once asked (the request's own log row)
    accepted: set[str] = field(default_factory=set)  # the members who accepted
    outcome: str = "pending"  # "pending", "refused", "done"
    by: str = ""  # who refused (or whose acceptance made it done)


@dataclass
class TableState:
    table: TableInfo
    seats: list[SeatInfo]
    game: Game | Any | None  # a 500 Game, or a 450 one (``games.kinds.four_fifty.Game450``)
    hands: list[HandRow] = field(default_factory=list)
    # When the last accepted change was made (a move, or the start): bots keep their
    # pace from it.
    moved_at: datetime | None = None
    # Another app wants to hear of this table's hands (``games.hooks``): a hand's end
    # is then written with its callbacks, in one transaction (``games.live.writers``).
    watched: bool = False
    memo: dict = field(default_factory=dict)  # renders that change only between hands
    # The hand review (between a finished hand and the next deal): the seats whose
    # members said they are ready for the next deal (``games.live.moves.NEXT``).
    ready: set[str] = field(default_factory=set)
    # The engine moves of the hand being played, in order (a take-back replays the
    # hand without the last one), and the last request to take one back.
    played: list[Played] = field(default_factory=list)
    takeback: Takeback | None = None

    @property
    def id(self) -> int:
        return self.table.id

    @property
    def seq(self) -> int:
        return self.table.seq

    @property
    def kind(self):
        """The game kind (``games.kinds``)."""
        return kind_of(self.table.kind)

    @property
    def hand(self) -> Hand | None:
        """The hand being played (None before the start or after the end)."""
        return self.game.current if self.game is not None else None

    @property
    def hand_row(self) -> HandRow | None:
        return self.hands[-1] if self.hands else None

    @property
    def in_review(self) -> bool:
        """The last hand is over, the game is not, and the next hand is not dealt yet."""
        game, row = self.game, self.hand_row
        return (
            self.table.status == PLAYING
            and game is not None
            and row is not None
            and row.result is not None
            and game.current is None
            and not game.is_over
            and self.kind.reviews
        )

    @property
    def review_ends_at(self) -> datetime | None:
        """When the review's time runs out (the next deal is then due)."""
        row = self.hand_row
        if not self.in_review or row.finished_at is None:
            return None
        return row.finished_at + timedelta(seconds=self.table.review_seconds)

    def seat_of(self, user_id: int | None) -> str | None:
        if user_id is None:
            return None
        for info in self.seats:
            if info.user_id == user_id:
                return info.seat
        return None

    def seat_info(self, seat: str) -> SeatInfo:
        return next(info for info in self.seats if info.seat == seat)


def present_members(st: TableState, present: set[int]) -> set[str]:
    """The seats whose members are at the table."""
    return {info.seat for info in st.seats if info.user_id is not None and info.user_id in present}


def play(st: TableState, hand, seat: str, action: str, *, by_bot: bool = False) -> None:
    """``seat`` plays ``action`` in ``hand`` (the state's last one): the engine applies
    it (EngineError: nothing changed) and the hand's moves keep it (a bot's move, for a
    bot's seat or an absent member's, is never taken back). The decision and the
    catch-up both play through here: the log replayed is the state."""
    what = "" if by_bot else st.kind.takes_back(hand, action)
    hand.apply_as(seat, action)
    st.played.append(Played(seat, action, what))
    st.takeback = None  # the game moved on: a request for an earlier move is over


def dealt(st: TableState, row: HandRow):
    """Deal the game's next hand as ``row`` says: board ``row.board`` of the table's
    board seed at a duplicate table, else from the row's seed."""
    if row.board is not None:
        return st.kind.deal_board(st.game, st.table.board_seed, row.board)
    return st.game.next_hand(row.seed)


def deal(st: TableState, row: HandRow):
    """Deal the game's next hand (``row``, ``dealt``): no move played in it yet."""
    hand = dealt(st, row)
    st.played, st.takeback = [], None
    return hand


def game_of(table):
    """A table's game (``TableInfo`` or a ``Table`` row) as its kind makes it: the
    first dealer drawn from the seed, unless the table was created with one (a
    tournament table)."""
    return kind_of(table.kind).new_game(
        table.variant, table.options, seed=table.seed, first_dealer=table.first_dealer
    )
