"""Taking back a move at a casual table: the request, its answers, the rewind.

Pure Python (no Django). Right after a member's call or card (a move the kind lets be
taken back: ``GameKind.takes_back``), and until the hand's next engine move, that
member may ask to take it back (``ASK``). Every other member at the table answers
(``YES``, ``NO``); bots and absent members are not asked (they accept). One refusal
ends the request; the acceptance that completes it takes the move back, and so does a
request nobody has to answer: the log then says ``DONE`` (from the member whose
acceptance completed it, or from the asker). The hand is then dealt again from its
row's seed and its moves replayed but the last (``rewind``): the asker is to act again.

Rules (docs/protocol.md, "Taking back a move"):

* never at a tournament's table (``TableState.watched``);
* only the hand's last engine move, only by its author, and only while the hand is
  being played: a move that ended the hand (scored) is never taken back; the last card
  of a trick may be, until the trick's winner leads;
* one request per move: after a refusal, that move stays; one open request per table;
* the hand's next engine move (the next player's, a bot's, the runner's for an absent
  member) ends a request still open; bots hold their move ``WAIT`` while one is open.

Every request and answer is a logged move (one seq each), decided by
``games.live.moves.decide`` and replayed by ``games.live.catchup`` through ``apply``:
the log replayed is the state.
"""

from __future__ import annotations

from datetime import timedelta

from games.engine.takebacks import where
from games.live.tablestate import TableState, Takeback, dealt, present_members

ASK = "takeback"
YES = "takeback:yes"
NO = "takeback:no"
DONE = "takeback:done"
INTENTS = (ASK, YES, NO)  # what a member sends
ANSWERS = (YES, NO)
LOGGED = (ASK, YES, NO, DONE)  # what the log holds

# While a request waits for the members' answers, a bot to act holds its move this long.
WAIT = timedelta(seconds=20)

PENDING, REFUSED, TAKEN_BACK = "pending", "refused", "done"


class TakebackRefused(Exception):
    """A request or an answer that cannot be made now; ``code`` names why."""

    def __init__(self, code: str):
        super().__init__(code)
        self.code = code


class BadLog(ValueError):
    """A logged take-back move that does not continue the state."""


def pending(st: TableState) -> Takeback | None:
    """The request waiting for answers, if any."""
    tb = st.takeback
    return tb if tb is not None and tb.outcome == PENDING else None


def ask_refusal(st: TableState, seat: str | None) -> str | None:
    """Why ``seat`` may not ask to take back a move now (None: it may)."""
    if st.watched:
        return "takeback_tournament"
    if pending(st) is not None:
        return "takeback_pending"
    last = st.played[-1] if st.played and st.hand is not None else None
    if last is None or last.seat != seat or not last.what:
        return "takeback_none"
    tb = st.takeback
    if tb is not None and tb.index == len(st.played) - 1:
        return "takeback_asked"
    return None


def waiting(st: TableState, present: set[int], tb: Takeback) -> set[str]:
    """The members at the table who still have to answer ``tb``."""
    return present_members(st, present) - {tb.seat} - tb.accepted


def judge(st: TableState, *, seat: str, action: str, present: set[int]) -> str:
    """The logged move a member's ``action`` (one of ``INTENTS``) makes; raises
    TakebackRefused. Changes nothing."""
    if action == ASK:
        code = ask_refusal(st, seat)
        if code is not None:
            raise TakebackRefused(code)
        return DONE if not present_members(st, present) - {seat} else ASK
    tb = pending(st)
    if tb is None:
        raise TakebackRefused("takeback_no_request")
    if seat == tb.seat or seat in tb.accepted:
        raise TakebackRefused("takeback_not_asked")
    if action == NO:
        return NO
    return DONE if not waiting(st, present, tb) - {seat} else YES


def apply(st: TableState, seat: str, action: str, seq: int) -> None:
    """Apply a logged take-back move (one of ``LOGGED``) made by ``seat``, written at
    ``seq``. Raises BadLog when it does not fit the state."""
    tb = pending(st)
    if action == ASK or (action == DONE and tb is None):
        if not st.played or st.hand is None:
            raise BadLog(f"table {st.id}: a take-back with no move to take back")
        last = st.played[-1]
        tb = Takeback(
            seat=seat, action=last.action, what=last.what, index=len(st.played) - 1, asked_seq=seq
        )
        st.takeback = tb
        if action == ASK:
            return
    if tb is None:
        raise BadLog(f"table {st.id}: an answer to no take-back request")
    if action == YES:
        tb.accepted.add(seat)
    elif action == NO:
        tb.outcome, tb.by = REFUSED, seat
    else:
        if seat != tb.seat:
            tb.accepted.add(seat)
        tb.outcome, tb.by = TAKEN_BACK, seat
        rewind(st)
        st.takeback = tb


def rewind(st: TableState) -> dict[str, str]:
    """Take back the hand's last move: the hand dealt again from its row (its seed, or
    its board) and its moves replayed but the last. The hand keeps a note of it for its
    record (``takebacks``, docs/hand-records.md); returns that note."""
    game, row = st.game, st.hand_row
    old = game.entries.pop()
    last = st.played.pop()
    hand = dealt(st, row)
    for move in st.played:
        hand.apply_as(move.seat, move.action)
    note = {
        "seat": last.seat,
        "action": last.action,
        "at": where(old.to_record(), hand.to_record()),
    }
    hand.takebacks = [*getattr(old, "takebacks", ()), note]
    return note


def frame_part(st: TableState, you: str | None, present: set[int]) -> dict | None:
    """What a viewer in seat ``you`` (None: a spectator) is told of take-backs: whether
    they may ask now (``can_ask``), and the last request of the hand's move (its
    ``id``: the seq it was asked at). Names only the move, played face up."""
    tb = st.takeback
    can_ask = you is not None and st.hand is not None and ask_refusal(st, you) is None
    if tb is None and not can_ask:
        return None
    out: dict = {"can_ask": can_ask}
    if tb is not None:
        out.update(
            id=tb.asked_seq,
            seat=tb.seat,
            action=tb.action,
            what=tb.what,
            outcome=tb.outcome,
            by=tb.by,
            accepted=sorted(tb.accepted),
            waiting=sorted(waiting(st, present, tb)) if tb.outcome == PENDING else [],
        )
    return out
