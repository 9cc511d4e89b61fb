"""The one decision of live play: what a move writes, and what follows its commit.

Pure Python (no Django). ``decide`` is the only place that judges a move: whoever
plays it (a member through the event loop or the database thread, a bot through the
runner) and whichever executor writes it (``games.live.loopdb`` on the event loop's
own connection, ``games.live.writers`` through Django), the checks, the engine, the
hand's end and next deal, the table's next wake-up and the effects after the commit
come from here. ``committed`` is the one bookkeeping once the write succeeded.

``decide`` takes a state its caller owns (checked out of ``games.live.cache``) and
advances its engine; a refused move leaves it unchanged. A state whose move was
decided but not written must be dropped: the database is the truth.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime, timedelta

from games.engine import EngineError
from games.kinds import LEVEL_BUDGETS, Budget, GameKind
from games.live import takeback
from games.live.tablestate import (
    FINISHED,
    PLAYING,
    HandRow,
    TableState,
    deal,
    hand_seed,
    play,
    present_members,
)

# A member whose sockets at a table all stayed silent this long counts as absent.
PRESENCE_TIMEOUT = timedelta(seconds=45)

# The hand review's two moves (logged on the finished hand; the engine never sees them):
# a member is ready for the next deal ("Next deal"), and the runner deals once the
# review's time has run out. The move that makes every present member ready deals too.
NEXT = "next"
DEAL = "deal"
REVIEW_ACTIONS = (NEXT, DEAL)

# Taking back a move (``games.live.takeback``): a member's request and the others'
# answers are logged moves too; the engine sees only the one that takes the move back
# (the hand replayed without it).


class Refused(Exception):
    """A move that cannot be played now; nothing changed. ``code`` names why (the
    engine's own code for an illegal move, with the engine's error as ``cause``)."""

    def __init__(self, code: str, cause: EngineError | None = None):
        super().__init__(code)
        self.code = code
        self.cause = cause


@dataclass
class Move:
    """What one accepted move writes, and what follows once it is committed."""

    table_id: int
    seq: int  # the table's seq it was decided on: the write succeeds only at that seq
    hand_id: int
    seat: str
    action: str
    user_id: int | None  # None: a bot played it
    at: datetime
    wake_at: datetime | None  # when the table is next due (None: the game is over)
    result: dict | None = None  # the hand's result, when the move ends the hand
    next_hand: HandRow | None = None  # the next deal, dealt in the state already
    ends_game: bool = False
    hooks: bool = False  # run the hand-finished callbacks in the write's transaction
    poke: bool = False  # a bot or an absent member is to act: look at the table at once

    @property
    def by_bot(self) -> bool:
        return self.user_id is None

    @property
    def ends_hand(self) -> bool:
        return self.result is not None


def _move(st: TableState, *, seat: str, action: str, user_id: int | None, now: datetime) -> Move:
    """The log row of a move decided on ``st`` (what follows it: the caller's to add)."""
    return Move(
        table_id=st.id,
        seq=st.seq,
        hand_id=st.hand_row.id,
        seat=seat,
        action=action,
        user_id=user_id,
        at=now,
        wake_at=None,
    )


def decide(
    st: TableState,
    *,
    action: str,
    now: datetime,
    present: set[int],
    user_id: int | None = None,
    seat: str | None = None,
) -> Move:
    """Judge ``action`` by a member (``user_id``) or by a bot in ``seat``, and apply it
    to the engine. Raises Refused (the state unchanged)."""
    if st.table.status != PLAYING:
        raise Refused("not_playing")
    if user_id is not None:
        seat = st.seat_of(user_id)
        if seat is None:
            raise Refused("not_seated")
    if action in takeback.INTENTS:
        return _decide_takeback(st, action=action, now=now, present=present, user_id=user_id)
    if st.in_review:
        return _decide_review(
            st, action=action, now=now, present=present, user_id=user_id, seat=seat
        )
    if action in REVIEW_ACTIONS:
        raise Refused("not_in_review")
    hand = st.hand
    if hand is None:
        raise Refused("no_hand")
    if hand.to_act != seat:
        raise Refused("not_your_turn")
    try:
        play(st, hand, seat, action, by_bot=user_id is None)
    except EngineError as error:
        raise Refused(error.code, error) from None
    move = _move(st, seat=seat, action=action, user_id=user_id, now=now)
    if hand.is_done:
        move.result = st.kind.hand_result(hand)
        move.hooks = st.watched
        if st.game.is_over:
            move.ends_game = True
            return move
        if move.result.get("redeal") or not st.kind.reviews or not present_members(st, present):
            _deal(st, move)  # nothing was played, no review in this game, or nobody to see it
        else:  # the hand review, until every present member is ready or its time runs out
            move.wake_at = now + timedelta(seconds=st.table.review_seconds)
            return move
    due = due_in_seconds(st, present)
    move.wake_at = now + timedelta(seconds=due)
    move.poke = due == 0
    return move


def seen_enough(st: TableState, action: str, seq: int) -> bool:
    """Whether an intent made on the table at ``seq`` is judged on ``st``: only at the
    same seq, except "next deal" in the hand review, which means the same on every
    state of the review the member saw. The review's moves are the members' taps, one
    seq each, so the review began at ``st.seq - len(st.ready)`` at the latest (a seat
    change meanwhile makes that later: such taps are refused as stale, as before).
    Members tapping at the same moment are thus all counted, not told to tap again.
    Likewise an answer to a take-back request means the same on every state since the
    request was made (the moves since are the other members' answers)."""
    if seq == st.seq:
        return True
    if action in takeback.ANSWERS:
        tb = takeback.pending(st)
        return tb is not None and tb.asked_seq <= seq < st.seq
    return action == NEXT and st.in_review and st.seq - len(st.ready) <= seq < st.seq


def _deal(st: TableState, move: Move) -> None:
    """The next deal: at a duplicate table the next board (one board a hand, an
    all-pass board included), elsewhere a hand from the table's seed."""
    last = st.hand_row
    number = last.number + 1
    move.next_hand = HandRow(
        id=None,
        number=number,
        dealer=st.game.dealer,
        seed=hand_seed(st.table.seed, number),
        result=None,
        board=None if last.board is None else last.board + 1,
    )
    deal(st, move.next_hand)


def _decide_takeback(
    st: TableState, *, action: str, now: datetime, present: set[int], user_id: int | None
) -> Move:
    """A member's request to take back their last move, or an answer to one
    (``games.live.takeback``): a logged move the engine sees only when it takes the
    move back (the hand replayed without it, in ``st`` already)."""
    seat = st.seat_of(user_id)
    if seat is None:
        raise Refused("not_seated")
    try:
        logged = takeback.judge(st, seat=seat, action=action, present=present)
    except takeback.TakebackRefused as refused:
        raise Refused(refused.code) from None
    takeback.apply(st, seat, logged, st.seq + 1)
    due = due_in_seconds(st, present)
    move = _move(st, seat=seat, action=logged, user_id=user_id, now=now)
    move.wake_at, move.poke = now + timedelta(seconds=due), due == 0
    return move


def review_done(
    st: TableState, present: set[int], *, now: datetime, ready: set[str] | None = None
) -> bool:
    """Whether the next deal is due: every present member is ready (none present: at
    once), or the review's time has run out."""
    ready = st.ready if ready is None else ready
    ends = st.review_ends_at
    return present_members(st, present) <= ready or (ends is not None and now >= ends)


def _decide_review(
    st: TableState,
    *,
    action: str,
    now: datetime,
    present: set[int],
    user_id: int | None,
    seat: str | None,
) -> Move:
    """A move of the hand review: a member ready for the next deal (``NEXT``), or the
    runner's deal once the review is over (``DEAL``). The next deal, when it comes, is
    dealt in ``st`` already (as at a hand's end)."""
    if action == NEXT and user_id is not None:
        if seat in st.ready:
            raise Refused("already_ready")
        ready = st.ready | {seat}
    elif action == DEAL and user_id is None:
        ready = st.ready
        if not review_done(st, present, now=now):
            raise Refused("review_not_over")
        seat = ""  # nobody's move: the log row names no seat
    else:
        raise Refused("hand_over")
    move = _move(st, seat=seat, action=action, user_id=user_id, now=now)
    if review_done(st, present, now=now, ready=ready):
        _deal(st, move)
        due = due_in_seconds(st, present)
        move.wake_at = now + timedelta(seconds=due)
        move.poke = due == 0
    else:
        move.wake_at = st.review_ends_at or now
    return move


def committed(st: TableState, move: Move, *, next_hand_id: int | None = None) -> None:
    """Bring ``st`` (on which ``move`` was decided) in line with the database once the
    move is written: the new seq, the wake-up, the hand's result, the next hand's row
    (``next_hand_id``: its id in the database), the end of the game."""
    table = st.table
    table.seq = move.seq + 1
    table.wake_at = move.wake_at
    st.moved_at = move.at
    if move.ends_hand:
        row = st.hand_row
        row.result, row.finished_at = move.result, move.at
    if move.next_hand is not None:
        move.next_hand.id = next_hand_id
        move.next_hand.finished_at = None
        st.hands.append(move.next_hand)
        st.ready = set()
    elif move.action == NEXT:
        st.ready = st.ready | {move.seat}
    if move.ends_game:
        table.status = FINISHED


def published(move: Move) -> dict:
    """A committed move as other processes follow it without reading the database
    (``games.live.catchup.follow``): the log row, and what the decision wrote beside it
    (the wake-up, the hand's result, the next deal's row with its id, the game's end)."""
    nxt = move.next_hand
    return {
        "seq": move.seq,
        "hand": move.hand_id,
        "seat": move.seat,
        "action": move.action,
        "by_bot": move.by_bot,
        "at": move.at.isoformat(),
        "wake_at": move.wake_at.isoformat() if move.wake_at else None,
        "result": move.result,
        "ends_game": move.ends_game,
        "next_hand": (
            None if nxt is None else [nxt.id, nxt.number, nxt.dealer, nxt.seed, nxt.board]
        ),
    }


def due_in_seconds(st: TableState, present: set[int]) -> float:
    """When the runner should look at the table next: now for a bot's or an absent
    member's turn; after the presence timeout for a present member's (an unanswered
    turn is then checked again)."""
    hand = st.hand
    if hand is None or hand.to_act is None:
        return 0.0
    info = st.seat_info(hand.to_act)
    if info.is_bot or info.user_id not in present:
        return 0.0
    timed = st.kind.timed_turn(hand)
    if timed is not None:
        return min(timed, PRESENCE_TIMEOUT.total_seconds())
    return PRESENCE_TIMEOUT.total_seconds()


def bot_due_in(
    st: TableState, *, now: datetime, present: set[int], away_since: datetime | None
) -> float | None:
    """In how many seconds a bot plays the seat to act (0: now); None when no bot is
    to play (a present member's turn, no hand in play).

    A bot's seat plays at the table's pace (``bot_delay_ms`` after the last move). An
    absent member's seat is played by a bot once the grace period has run from when
    the member went away (``away_since``; None: never came, counted from the start),
    then at the bot's pace until the member is back. A timed turn (the 450 dealer's
    face-up cards: ``kind.timed_turn``) is played for a present member too once its
    time has run from the last move; a bot takes ``kind.bot_moves`` of its paces. While
    a request to take back a move waits for answers, a bot holds its move
    ``takeback.WAIT`` from the last logged move. In the hand review, the next deal is
    due once the review is over."""
    if st.in_review:
        if not review_done(st, present, now=now):
            return max(0.0, (st.review_ends_at - now).total_seconds())
        due = (st.moved_at or now) + timedelta(milliseconds=st.table.bot_delay_ms)
        return max(0.0, (due - now).total_seconds())
    hand = st.hand
    if st.table.status != PLAYING or hand is None or hand.to_act is None:
        return None
    info = st.seat_info(hand.to_act)
    if not info.is_bot:
        if info.user_id in present:
            timed = st.kind.timed_turn(hand)
            if timed is None:
                return None
            due = (st.moved_at or now) + timedelta(seconds=timed)
            return max(0.0, (due - now).total_seconds())
        since = away_since or st.table.started_at or now
        takeover = since + timedelta(seconds=st.table.absence_grace_seconds)
        if now < takeover:
            return (takeover - now).total_seconds()
    pace = st.table.bot_delay_ms * (st.kind.bot_moves(hand) if info.is_bot else 1)
    due = (st.moved_at or now) + timedelta(milliseconds=pace)
    if takeback.pending(st) is not None:  # the members answer a take-back first
        due = max(due, (st.moved_at or now) + takeback.WAIT)
    return max(0.0, (due - now).total_seconds())


def _bot_rng(st: TableState) -> random.Random:
    """A bot's seed: the table's seed and seq (the same state gives the same move in
    any process)."""
    return random.Random(f"{st.table.seed}:{st.seq}")


@dataclass
class Thinking:
    """A bot's decision that searches (the table's level, ``GameKind.bot_searches``):
    pure work on a copy of the hand, run where it blocks nobody (``run``), then played
    only if the table is still at ``seq`` (``bot_action(st, thought=...)``)."""

    table_id: int
    seq: int
    seat: str
    hand: object  # a copy: the table's own state goes on without waiting for it
    kind: GameKind
    budget: Budget
    seed: str

    def run(self, *, seconds: float | None = None) -> str:
        """The action, bounded by the budget's seconds or ``seconds`` if fewer (the
        best found by then)."""
        budget = self.budget
        if seconds is not None and (budget.seconds is None or seconds < budget.seconds):
            budget = budget._replace(seconds=seconds)
        return self.kind.choose_searched(self.hand, self.seat, random.Random(self.seed), budget)


def bot_thinking(st: TableState, budgets: dict[str, Budget] | None = None) -> Thinking | None:
    """The search a bot's decision on ``st`` needs at the table's level (None: the
    rule of thumb decides at once). ``budgets``: each level's (the defaults:
    ``games.kinds.LEVEL_BUDGETS``)."""
    if st.in_review:
        return None
    hand, level = st.hand, st.table.bot_level
    if hand is None or hand.to_act is None or not st.kind.bot_searches(hand, level):
        return None
    budget = (budgets or LEVEL_BUDGETS).get(level)
    if budget is None:
        return None
    return Thinking(
        table_id=st.id,
        seq=st.seq,
        seat=hand.to_act,
        hand=st.kind.search_copy(hand),
        kind=st.kind,
        budget=budget,
        seed=f"{st.table.seed}:{st.seq}",
    )


def bot_action(
    st: TableState, thought: tuple[int, str | None] | None = None
) -> tuple[str | None, str]:
    """The seat to act and the action a bot plays for it (seeded by the table's seed
    and seq: the same state gives the same move in any process); in the hand review,
    (None, ``DEAL``). ``thought``: (seq, action) a search found off the event loop
    (``Thinking``), played when made on this very state; its action None (the search
    ran out of time) or a thought of another state: the rule of thumb."""
    if st.in_review:
        return None, DEAL
    hand = st.hand
    seat = hand.to_act
    if thought is not None and thought[0] == st.seq and thought[1] is not None:
        return seat, thought[1]
    return seat, st.kind.choose_action(hand, seat, _bot_rng(st))
