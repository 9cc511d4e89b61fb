"""The one decision of live play and the catch-up, as pure functions (no database).

``games.live.moves.decide`` judges every move (members on either executor, bots);
``games.live.catchup.catch_up`` brings a state up to date from a snapshot. Both work on
plain values, so these tests build states by hand.
"""

from __future__ import annotations

import copy
from datetime import datetime, timedelta, timezone

import pytest

from games.live import moves
from games.live.catchup import CatchUpError, LoggedAction, Snapshot, catch_up, request_for
from games.live.moves import PRESENCE_TIMEOUT, Refused, committed, decide
from games.live.tablestate import (
    FINISHED,
    OPEN,
    PLAYING,
    HandRow,
    SeatInfo,
    TableInfo,
    TableState,
    game_of,
    hand_seed,
)

T0 = datetime(2026, 11, 23, 19, 0, tzinfo=timezone.utc)
USERS = {"N": 11, "E": 12, "S": 13, "W": 14}


def table_info(**changes) -> TableInfo:
    info = TableInfo(
        id=7,
        seq=5,
        status=PLAYING,
        name="",
        kind="500",
        variant="quebec",
        options={},
        visibility="public",
        host_id=11,
        seed=2026,
        first_dealer="N",
        absence_grace_seconds=60,
        bot_delay_ms=1000,
        started_at=T0,
    )
    for key, value in changes.items():
        setattr(info, key, value)
    return info


def seats(bots: str = "") -> list[SeatInfo]:
    return [
        SeatInfo(seat=s, user_id=None if s in bots else USERS[s], name=s, is_bot=s in bots)
        for s in "NESW"
    ]


def playing(bots: str = "", **changes) -> TableState:
    """A started table at seq 5, hand 1 (id 100) dealt, nobody has moved yet."""
    table = table_info(**changes)
    game = game_of(table)
    game.next_hand(hand_seed(table.seed, 1))
    return TableState(
        table=table,
        seats=seats(bots),
        game=game,
        hands=[HandRow(id=100, number=1, dealer=game.first_dealer, seed=hand_seed(table.seed, 1))],
        moved_at=T0,
    )


def choice(hand) -> str:
    """The first legal action, but the first bidder bids (a hand that counts)."""
    legal = hand.legal_actions()
    view = hand.view_for(hand.to_act)
    opening = view["phase"] == "auction" and all(c["call"] == "pass" for c in view["calls"])
    return legal[1] if opening and len(legal) > 1 else legal[0]


def play_out_hand(st: TableState, present=frozenset()) -> list[moves.Move]:
    """Every member plays until the hand ends (the first bidder bids)."""
    played = []
    number = st.hand_row.number
    while st.hand_row.number == number and st.table.status == PLAYING:
        hand = st.hand
        move = decide(
            st, action=choice(hand), now=T0, present=set(present), user_id=USERS[hand.to_act]
        )
        committed(st, move, next_hand_id=1000 + len(st.hands))
        played.append(move)
    return played


# ---------------------------------------------------------------- decide
@pytest.mark.parametrize(
    "case, code",
    [
        ("not playing", "not_playing"),
        ("spectator", "not_seated"),
        ("out of turn", "not_your_turn"),
        ("illegal", "wrong_phase"),
        ("no hand", "no_hand"),
    ],
)
def test_a_refused_move_names_why_and_leaves_the_state_as_it_was(case, code):
    st = playing()
    to_act = st.hand.to_act
    other = "NESW"[("NESW".index(to_act) + 1) % 4]
    if case == "not playing":
        st.table.status = FINISHED
    if case == "no hand":
        st.game.entries.clear()
    before = copy.deepcopy(st)
    user, action = {
        "spectator": (99, "pass"),
        "out of turn": (USERS[other], "pass"),
        "illegal": (USERS[to_act], "KS"),
    }.get(case, (USERS[to_act], "pass"))
    with pytest.raises(Refused) as refused:
        decide(st, action=action, now=T0, present=set(), user_id=user)
    assert refused.value.code == code
    assert (refused.value.cause is not None) == (case == "illegal")
    assert st.seq == before.seq and st.table == before.table
    if st.hand is not None:
        assert st.hand.to_record() == before.hand.to_record()


def test_an_accepted_move_writes_one_log_row_at_the_next_seq():
    st = playing()
    seat = st.hand.to_act
    move = decide(st, action="pass", now=T0, present=set(), user_id=USERS[seat])
    assert (
        move.table_id,
        move.seq,
        move.hand_id,
        move.seat,
        move.action,
        move.user_id,
        move.by_bot,
    ) == (7, 5, 100, seat, "pass", USERS[seat], False)
    assert not move.ends_hand and move.next_hand is None and not move.ends_game
    assert st.seq == 5  # nothing is committed yet
    committed(st, move)
    assert st.seq == 6 and st.moved_at == T0 and st.table.wake_at == move.wake_at


def test_the_next_wake_up_waits_for_a_present_member_and_not_for_an_absent_one():
    st = playing()
    first = st.hand.to_act
    nxt = "NESW"[("NESW".index(first) + 1) % 4]
    here = decide(st, action="pass", now=T0, present={USERS[nxt]}, user_id=USERS[first])
    assert here.wake_at == T0 + PRESENCE_TIMEOUT and not here.poke
    st = playing()
    away = decide(st, action="pass", now=T0, present=set(), user_id=USERS[first])
    assert away.wake_at == T0 and away.poke


def test_the_move_that_ends_a_hand_carries_its_result_and_the_next_deal():
    st = playing()
    played = play_out_hand(st)
    last = played[-1]
    assert all(not m.ends_hand for m in played[:-1])
    assert last.ends_hand and last.result == st.hands[0].result
    assert st.hands[0].finished_at == T0
    nxt = st.hands[1]
    assert (nxt.id, nxt.number, nxt.seed) == (1001, 2, hand_seed(2026, 2))
    assert st.hand is st.game.current and st.hand.variant.seats[st.hand.dealer] == nxt.dealer
    assert not last.hooks  # nobody watches this table


def test_a_watched_tables_hand_end_runs_the_callbacks_with_the_write():
    st = playing()
    st.watched = True
    played = play_out_hand(st)
    assert [m.hooks for m in played] == [False] * (len(played) - 1) + [True]


def test_the_last_hand_ends_the_game_and_the_table():
    st = playing(options={"end": "hands", "hands_per_game": 1})
    played = play_out_hand(st)
    last = played[-1]
    assert last.ends_game and last.next_hand is None and last.wake_at is None
    assert st.table.status == FINISHED and st.hand is None


# ---------------------------------------------------------------- bots and absence
def test_a_bots_seat_plays_at_the_tables_pace():
    st = playing(bots="NESW")
    assert moves.bot_due_in(st, now=T0, present=set(), away_since=None) == 1.0
    assert (
        moves.bot_due_in(st, now=T0 + timedelta(seconds=3), present=set(), away_since=None) == 0.0
    )


def test_a_present_member_is_waited_for():
    st = playing()
    present = {USERS[st.hand.to_act]}
    assert (
        moves.bot_due_in(st, now=T0 + timedelta(hours=1), present=present, away_since=None) is None
    )


def test_an_absent_members_seat_is_played_at_bot_pace_once_the_grace_has_run():
    """The grace runs from when the member went away, not from the last move: once it
    has run, the bot keeps the table's pace for that seat until the member is back."""
    st = playing()
    seat = st.hand.to_act
    left = T0 + timedelta(seconds=5)
    assert (
        moves.bot_due_in(st, now=left + timedelta(seconds=20), present=set(), away_since=left)
        == 40.0
    )
    now = left + timedelta(seconds=61)
    for _ in range(8):  # every turn of that seat, long after the grace
        st.moved_at = now - timedelta(milliseconds=400)
        assert moves.bot_due_in(st, now=now, present=set(), away_since=left) == pytest.approx(0.6)
        now += timedelta(seconds=1)
    assert moves.bot_due_in(st, now=now, present={USERS[seat]}, away_since=left) is None


def test_a_bot_plays_the_same_move_in_any_process():
    first, second = playing(bots="NESW"), playing(bots="NESW")
    assert moves.bot_action(first) == moves.bot_action(second)
    seat, action = moves.bot_action(first)
    move = decide(first, action=action, now=T0, present=set(), seat=seat)
    assert move.by_bot and move.user_id is None and move.seat == seat


# ---------------------------------------------------------------- catch-up
def snapshot_of(st: TableState, from_state: TableState | None) -> Snapshot:
    """What the database would hold for ``st``, read for ``from_state``."""
    after, from_hand = request_for(from_state)
    actions = []
    for number, entry in enumerate(st.game.entries, start=1):
        record = entry.to_record()
        seq_actions = [a for key in ("calls", "discards", "play") for a in record.get(key, [])]
        actions += [(number, a) for a in seq_actions]
    logged = []
    replay = playing()
    for seq, (number, action) in enumerate(actions, start=6):
        while replay.hand_row.number < number:
            replay.game.next_hand(st.hands[replay.hand_row.number].seed)
            replay.hands.append(st.hands[replay.hand_row.number])
        seat = replay.hand.to_act
        replay.hand.apply_as(seat, action)
        if seq > after:
            logged.append(
                LoggedAction(
                    hand_number=number,
                    seq=seq,
                    seat=seat,
                    action=action,
                    at=T0 + timedelta(seconds=seq),
                )
            )
    return Snapshot(
        table=copy.deepcopy(st.table),
        seats=copy.deepcopy(st.seats),
        hands=[copy.deepcopy(h) for h in st.hands if h.number >= from_hand],
        actions=logged,
        after_seq=after,
        from_hand=from_hand,
    )


def views(st: TableState) -> list:
    return [st.hand.view_for(seat) for seat in (*"NESW", None)]


@pytest.mark.parametrize("behind", [1, 3, 40])
def test_a_state_behind_catches_up_by_applying_only_the_log_after_it(behind):
    ahead = playing()
    play_out_hand(ahead)  # a whole hand, and into the next one
    for _ in range(5):
        committed(
            ahead,
            decide(
                ahead,
                action=ahead.hand.legal_actions()[0],
                now=T0,
                present=set(),
                user_id=USERS[ahead.hand.to_act],
            ),
        )
    log = snapshot_of(ahead, None).actions
    old = playing()  # another process saw all but the last ``behind`` moves
    for logged in log[: len(log) - behind]:
        committed(
            old,
            decide(old, action=logged.action, now=T0, present=set(), user_id=USERS[logged.seat]),
            next_hand_id=1000 + len(old.hands),
        )
    snap = snapshot_of(ahead, old)
    assert len(snap.actions) == behind
    caught = catch_up(old, snap)
    assert caught is old and caught.seq == ahead.seq
    assert views(caught) == views(ahead)
    assert [h.result for h in caught.hands] == [h.result for h in ahead.hands]
    built = catch_up(None, snapshot_of(ahead, None))
    assert views(built) == views(ahead) and built.seq == ahead.seq


def test_a_snapshot_read_for_another_state_is_refused():
    st = playing()
    snap = snapshot_of(st, st)
    snap.after_seq = 2
    with pytest.raises(CatchUpError):
        catch_up(st, snap)


def test_a_table_not_started_has_no_game_and_starting_it_deals_the_first_hand():
    open_table = TableState(
        table=table_info(status=OPEN, first_dealer="", seq=3), seats=seats(), game=None
    )
    started = playing()
    snap = snapshot_of(started, open_table)
    caught = catch_up(open_table, snap)
    assert caught.table.status == PLAYING and caught.hand is not None
    assert views(caught) == views(started)


# ---------------------------------------------------------------- the hand review
def _play_to_review(st: TableState, present: set[int], log: list) -> None:
    """Members play the hand to its end (the first bidder bids), each move committed and
    logged as the database would log it."""
    number = st.hand_row.number
    while st.hand is not None and st.hand_row.number == number:
        seat = st.hand.to_act
        _commit(
            st,
            decide(
                st, action=choice(st.hand), now=st.moved_at, present=present, user_id=USERS[seat]
            ),
            log,
        )


def _commit(st: TableState, move: moves.Move, log: list) -> None:
    log.append(
        LoggedAction(
            hand_number=st.hand_row.number,
            seq=move.seq + 1,
            seat=move.seat,
            action=move.action,
            at=move.at,
            by_bot=move.by_bot,
        )
    )
    committed(st, move, next_hand_id=1000 + len(st.hands))


def _replayed(st: TableState, log: list) -> TableState:
    """The state a process that knows nothing builds from the log."""
    return catch_up(
        None,
        Snapshot(
            table=copy.deepcopy(st.table),
            seats=copy.deepcopy(st.seats),
            hands=[copy.deepcopy(h) for h in st.hands],
            actions=log,
            after_seq=0,
            from_hand=1,
        ),
    )


def test_a_finished_hand_waits_for_every_present_member_before_the_next_deal():
    """The hand's end deals nothing while members are at the table: each present member's
    "next" is a move of its own (logged, replayed), and the one that makes them all
    ready deals the next hand; an absent member is not waited for."""
    st = playing()
    table_seq = st.seq
    present = {USERS["N"], USERS["E"], USERS["S"]}  # W is away
    log: list = []
    _play_to_review(st, present, log)
    assert st.in_review and st.hand is None and len(st.hands) == 1
    assert st.table.wake_at == st.hands[0].finished_at + timedelta(seconds=30)
    with pytest.raises(Refused) as refused:
        decide(st, action="AS", now=st.moved_at, present=present, user_id=USERS["N"])
    assert refused.value.code == "hand_over"
    with pytest.raises(Refused) as refused:
        decide(st, action=moves.DEAL, now=st.moved_at, present=present)
    assert refused.value.code == "review_not_over"
    for n, seat in enumerate("NES"):
        move = decide(st, action=moves.NEXT, now=st.moved_at, present=present, user_id=USERS[seat])
        assert move.hand_id == 100 and move.seat == seat and not move.ends_hand
        assert (move.next_hand is not None) == (n == 2)
        _commit(st, move, log)
        if n < 2:
            assert st.ready == set("NES"[: n + 1])
            rebuilt = _replayed(st, log)
            assert rebuilt.in_review and rebuilt.ready == st.ready and rebuilt.seq == st.seq
            with pytest.raises(Refused) as refused:
                decide(st, action=moves.NEXT, now=st.moved_at, present=present, user_id=USERS[seat])
            assert refused.value.code == "already_ready"
    assert not st.in_review and st.ready == set() and st.hand_row.number == 2
    assert st.seq == table_seq + len(log)
    rebuilt = _replayed(st, log)
    assert views(rebuilt) == views(st) and rebuilt.ready == set() and not rebuilt.in_review


def test_a_next_deal_tap_made_on_an_earlier_state_of_the_same_review_still_counts():
    """Members tap "next deal" at the same moment: a tap made on any state of the review
    (other members' taps since) is judged on the newest one; a tap made before the hand
    ended, or any other move made on an older state, is stale."""
    st = playing()
    present = set(USERS.values())
    log: list = []
    _play_to_review(st, present, log)
    began = st.seq
    assert moves.seen_enough(st, moves.NEXT, began)
    assert not moves.seen_enough(st, moves.NEXT, began - 1)  # made during the play
    _commit(
        st, decide(st, action=moves.NEXT, now=st.moved_at, present=present, user_id=USERS["N"]), log
    )
    _commit(
        st, decide(st, action=moves.NEXT, now=st.moved_at, present=present, user_id=USERS["E"]), log
    )
    assert st.seq == began + 2 and st.in_review
    assert moves.seen_enough(st, moves.NEXT, began)  # S tapped on the review's first state
    assert moves.seen_enough(st, moves.NEXT, began + 1)
    assert not moves.seen_enough(st, moves.NEXT, began - 1)
    assert not moves.seen_enough(st, moves.NEXT, st.seq + 1)  # a seq never sent
    assert not moves.seen_enough(st, moves.DEAL, began)
    assert not moves.seen_enough(st, "AS", began)
    for seat in "SW":  # the last tap deals: a tap made in the finished review is stale
        _commit(
            st,
            decide(st, action=moves.NEXT, now=st.moved_at, present=present, user_id=USERS[seat]),
            log,
        )
    assert not st.in_review and st.hand_row.number == 2
    assert not moves.seen_enough(st, moves.NEXT, began + 3)
    assert moves.seen_enough(st, choice(st.hand), st.seq)


def test_the_runner_deals_once_the_review_time_has_run_out():
    st = playing(review_seconds=20)
    present = {USERS["N"]}
    log: list = []
    _play_to_review(st, present, log)
    ended = st.hands[0].finished_at
    assert (
        moves.bot_due_in(st, now=ended + timedelta(seconds=5), present=present, away_since=None)
        == 15.0
    )
    late = ended + timedelta(seconds=21)
    assert moves.bot_due_in(st, now=late, present=present, away_since=None) == 0.0
    seat, action = moves.bot_action(st)
    assert (seat, action) == (None, moves.DEAL)
    move = decide(st, action=action, now=late, present=present, seat=seat)
    assert move.by_bot and move.next_hand is not None and move.seat == ""
    _commit(st, move, log)
    assert st.hand is not None and views(_replayed(st, log)) == views(st)


def test_with_nobody_at_the_table_the_next_hand_is_dealt_with_the_last_card():
    st = playing()
    log: list = []
    _play_to_review(st, set(), log)
    assert not st.in_review and st.hand_row.number == 2 and st.hand is not None
