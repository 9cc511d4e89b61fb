"""Playing a move: own the state, decide (``games.live.moves``), write, then tell.

Three entry points, one pipeline:

* ``play_on_loop``: a member's intent on the event loop (PostgreSQL): the state owned
  on the loop (``loopdb.acquire``), the move decided, written by the loop's executor
  (``loopdb.write``), and its frames sent in the same turn. A move whose hand's end
  has callbacks (``games.hooks``) is written by the database thread's executor. When
  the loop cannot own the state (its lock busy in a thread) or the write fails, it
  writes nothing and gives way to ``play_in_thread``.
* ``play_in_thread``: the same in the database thread (``store.acquire``,
  ``writers.write``), the frames handed to the loop after the commit.
* ``drive``: the runner's look at a table: a bot's move (for a bot's seat or an absent
  member's) through the same decision and the database thread's executor. A bot that
  searches (the table's level) is not left to think in the database thread: ``drive``
  hands the runner its search (``moves.Thinking``) and the state goes back; the runner
  runs it in its pool of searches (``games.live.thinkers``), then calls ``drive``
  again with what it found, played if the table has not moved on meanwhile. Before a
  search starts, the process claims the table for as long as the search may take
  (``claim_search``): other processes' runners, which sweep every table that is due,
  leave it alone until then, and take it over as soon as the process is known dead
  (``games.live.liveness``) or the claim runs out.

After the commit (``_after_commit``), in this order: the state is brought in line
(``moves.committed``), rendered for this process's sockets while still owned, put back
in the cache, other processes are told, the runner is poked, and the lobby hears of a
finished game.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from channels.db import database_sync_to_async
from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from games.errors import TableError, no_table_error, refusal_error, stale_error
from games.kinds import LEVEL_BUDGETS, Budget
from games.live import (
    cache,
    liveness,
    loopdb,
    moves,
    presence,
    store,
    takeback,
    wakeups,
    writers,
)
from games.live.hub import hub, send_frames
from games.live.moves import Move, Refused, Thinking
from games.live.tablestate import TableState
from games.live.tally import Tally
from games.models import Table

logger = logging.getLogger(__name__)

# What became of the intents given to the event loop: "applied" there, or why it gave
# way to the database thread. Logged by the runner every 30 s (``report``).
outcomes = Tally()


def report() -> str | None:
    """A log line on the intents since the last report (None: there were none)."""
    since = outcomes.since_report()
    if not since:
        return None
    applied = since.pop("applied", 0)
    others = ", ".join(f"{reason} {n}" for reason, n in since.most_common())
    return (
        f"fast path: {applied} intents applied on the event loop, "
        f"{sum(since.values())} gave way to the database thread"
        + (f" ({others})" if others else "")
    )


# ---------------------------------------------------------------- event loop
async def play_on_loop(table_id: int, user, action: str, seq: int) -> bool:
    """A member's intent, on the event loop. True: played (frames sent); False: gave
    way, nothing written (call ``play_in_thread``). Raises TableError (refused)."""
    if not loopdb.enabled():
        return False
    present, fresh = presence.cached(table_id)
    if present is None:
        outcomes["presence unknown"] += 1
        return False
    if not fresh:  # read again in the background; this move goes on with what we know
        hub.refresh_presence_soon(table_id)
    try:
        st = await loopdb.acquire(table_id, _at_seq(action, seq))
    except store.Stale:
        raise stale_error() from None
    except store.NoTable:
        raise no_table_error() from None
    if st is None:
        outcomes["lock busy"] += 1
        return False
    kept, frames = st, []
    try:
        if not moves.seen_enough(st, action, seq):
            raise stale_error()
        try:
            move = moves.decide(
                st, action=action, now=timezone.now(), present=present, user_id=user.pk
            )
        except Refused as refused:
            raise refusal_error(refused) from None
        kept = None  # the engine moved on: only a written move goes back to the cache
        if move.hooks:  # written with the callbacks, by the database thread
            await database_sync_to_async(write_in_thread)(st, move, present, checkin=False)
            kept = st
        else:
            try:
                next_hand_id = await loopdb.write(move)
            except writers.MovedOn:
                outcomes["moved on"] += 1
                raise stale_error() from None
            except Exception:
                logger.exception("writing a move of table %s failed", table_id)
                outcomes["write failed"] += 1
                return False
            moves.committed(st, move, next_hand_id=next_hand_id)
            frames = _after_commit(st, move, present)
            kept = st
    finally:
        await loopdb.release(table_id, kept)
    send_frames(frames)
    outcomes["applied"] += 1
    return True


# ---------------------------------------------------------------- database thread
def play_in_thread(*, table_id: int, user, action: str, seq: int) -> None:
    """A member's intent, in the database thread. Raises TableError (refused)."""
    present = presence.present_users_cached(table_id)
    st = _acquire(table_id, _at_seq(action, seq))
    if not moves.seen_enough(st, action, seq):
        cache.checkin(st)
        raise stale_error()
    try:
        move = moves.decide(st, action=action, now=timezone.now(), present=present, user_id=user.pk)
    except Refused as refused:
        cache.checkin(st)
        raise refusal_error(refused) from None
    write_in_thread(st, move, present)


def _at_seq(action: str, seq: int) -> int | None:
    """The seq to own the state at: the intent's own, but the newest state for "next
    deal" and for an answer to a take-back request, which may be judged on a later
    state of the same review or request (``moves.seen_enough``)."""
    return None if action == moves.NEXT or action in takeback.ANSWERS else seq


def _acquire(table_id: int, seq: int | None = None) -> TableState:
    try:
        return store.acquire(table_id, seq=seq)
    except store.Stale:
        raise stale_error() from None
    except store.NoTable:
        raise no_table_error() from None


def write_in_thread(st: TableState, move: Move, present: set[int], *, checkin: bool = True) -> None:
    """Write a decided move through Django (hooks included); once committed, the state
    goes back to the cache (unless ``checkin`` is off: its owner on the event loop
    puts it back) and the frames to the event loop. Raises TableError (``stale``: the
    table moved on; ``st`` is to be dropped)."""
    try:
        next_hand_id = writers.write(move)
    except writers.MovedOn:
        raise stale_error() from None

    def done():
        moves.committed(st, move, next_hand_id=next_hand_id)
        frames = _after_commit(st, move, present)
        if checkin:
            cache.checkin(st)
        hub.deliver(frames)

    transaction.on_commit(done)


def _after_commit(st: TableState, move: Move, present: set[int]) -> list:
    """What follows a committed move (its state still owned): its frames for this
    process's sockets (returned, for the caller to send once the state is back),
    the news to other processes, the runner, the lobby."""
    hub.publish_changed(st.id, st.seq, moves.published(move))  # first: the other
    frames = hub.render_local(st, present)  # processes' sockets wait for it too
    if move.poke:
        wakeups.poke(st.id)
    if move.ends_game:
        hub.lobby_changed()
    return frames


#: A search's claim on its table lasts its budget's seconds and this much more (the
#: runner waits ``runner.THINK_MARGIN`` past the budget, then the look that plays). A
#: claim that runs out first costs at most a second search of the same state, whose
#: move the conditional write then refuses; a longer one keeps the table waiting that
#: much longer when the claiming process dies.
CLAIM_MARGIN = 1.0
#: The claim of a search with no time limit (budgets of tests and benches).
CLAIM_UNBOUNDED = 30.0


def claim_search(table_id: int, seq: int, now: datetime, budget: Budget) -> bool:
    """Claim a table whose bot is about to search: its ``wake_at`` moved to when the
    search will be over, if the table is still at ``seq`` and due (no other process
    holds a claim). One conditional update, so of two processes looking at once, one
    searches. A process that dies while searching leaves a claim that any process's
    next sweep releases (``liveness.release_dead``: the claimer's key no longer holds
    its lock), or, on SQLite, that runs out."""
    seconds = CLAIM_UNBOUNDED if budget.seconds is None else budget.seconds + CLAIM_MARGIN
    claimed = Table.objects.filter(
        Q(wake_at__isnull=True) | Q(wake_at__lte=now), pk=table_id, seq=seq
    ).update(wake_at=now + timedelta(seconds=seconds), claimed_by=liveness.key())
    return claimed == 1


def release_search(table_id: int, seq: int) -> None:
    """Give up a claim (``claim_search``) whose search will not be run: the table, if
    still at ``seq``, is due at once."""
    Table.objects.filter(pk=table_id, seq=seq).update(wake_at=timezone.now(), claimed_by=None)


def level_budgets() -> dict[str, Budget]:
    """Each searching level's budget: ``games.kinds.LEVEL_BUDGETS``, or the site's
    ``BOT_LEVEL_BUDGETS`` (level -> ``Budget`` fields), as the tests set small ones."""
    custom = getattr(settings, "BOT_LEVEL_BUDGETS", None)
    if not custom:
        return LEVEL_BUDGETS
    return {level: Budget(**fields) for level, fields in custom.items()}


def drive(
    table_id: int,
    *,
    now: datetime | None = None,
    think: bool = True,
    thought: tuple[int, str | None] | None = None,
) -> float | Thinking | None:
    """Let a bot play the seat to act, when it is a bot's or an absent member's turn
    and its time has come. Returns in how many seconds to look at this table again
    (None: nothing to wait for: a present member is to act, or the game is not in
    play). Safe from several processes at once: the write is conditional on the seq.

    A bot whose decision searches: with ``think`` it searches here (a caller with no
    event loop to spare); without, nothing is played and its search is returned
    (``Thinking``), for the caller to run and give back as ``thought`` (its seq and
    action: None when it ran out of time, the rule of thumb then plays). A search
    claimed by another process (``claim_search``) is left to it: None."""
    now = now or timezone.now()
    present, last_seen = presence.table_presence(table_id, now=now)
    try:
        st = store.acquire(table_id)
    except store.NoTable:
        return None
    hand = st.hand
    info = st.seat_info(hand.to_act) if hand is not None and hand.to_act else None
    away = None
    if info is not None and info.user_id is not None:
        away = max((t for t in (info.left_at, last_seen.get(info.user_id)) if t), default=None)
    wait = moves.bot_due_in(st, now=now, present=present, away_since=away)
    if wait is None or wait > 0:
        seq = st.seq
        cache.checkin(st)
        wake_at = None if wait is None else now + timedelta(seconds=wait)
        Table.objects.filter(pk=table_id, seq=seq).update(wake_at=wake_at)
        return wait
    if thought is None or thought[0] != st.seq:
        job = moves.bot_thinking(st, level_budgets())
        if job is not None:
            if not claim_search(table_id, st.seq, now, job.budget):
                cache.checkin(st)  # another process searches (or the table moved on:
                return None  # its writer pokes); a sweep looks when the claim ends
            if not think:
                cache.checkin(st)
                return job
            thought = (job.seq, job.run())
    seat, action = moves.bot_action(st, thought)
    try:
        move = moves.decide(st, action=action, now=now, present=present, seat=seat)
    except Refused:  # a bot's own choice refused: a bug; look again later
        logger.exception("table %s: the bot's %s for %s was refused", table_id, action, seat)
        cache.forget(table_id)
        return 5.0
    try:
        write_in_thread(st, move, present)
    except TableError:  # moved on meanwhile: look again at once
        return 0.0
    return st.table.bot_delay_ms / 1000
