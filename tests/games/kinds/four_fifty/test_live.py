"""Live 450 tables through the one pipeline, as pure functions (no database).

A table of kind ``"450"`` plays the 450 engine (``games.kinds.four_fifty``): the
same ``moves.decide``, the same bot choice through the kind, the same catch-up from
the log (replay == state), and renders where no frame holds a hidden card.
"""

from __future__ import annotations

import json
import random
from datetime import datetime, timedelta, timezone

import pytest

from games.engine.four_fifty import check_record
from games.engine.four_fifty.cards import CODE
from games.kinds import four_fifty
from games.live import moves
from games.live.catchup import LoggedAction, Snapshot, catch_up
from games.live.moves import Refused, committed, decide
from games.live.render import frames, score_sheet
from games.live.tablestate import (
    FINISHED,
    PLAYING,
    HandRow,
    SeatInfo,
    TableInfo,
    TableState,
    game_of,
    hand_seed,
)

T0 = datetime(2026, 11, 27, 19, 0, tzinfo=timezone.utc)


class Viewer:
    is_authenticated = True

    def __init__(self, pk):
        self.pk = pk


def seat_names(players: int) -> list[str]:
    return [f"P{i}" for i in range(1, players + 1)]


def table_info(players: int, **changes) -> TableInfo:
    info = TableInfo(
        id=9,
        seq=3,
        status=PLAYING,
        name="",
        kind="450",
        variant="450",
        options={"players": players, "end": "rounds", "rounds": 2},
        visibility="public",
        host_id=101,
        seed=450 + players,
        first_dealer="",
        absence_grace_seconds=60,
        bot_delay_ms=1000,
        started_at=T0,
    )
    for key, value in changes.items():
        setattr(info, key, value)
    return info


def playing(players: int, bots=(), **changes) -> TableState:
    table = table_info(players, **changes)
    game = game_of(table)
    table.first_dealer = game.first_dealer
    game.next_hand(hand_seed(table.seed, 1))
    seats = [
        SeatInfo(seat=s, user_id=None if s in bots else 100 + i, name=s, is_bot=s in bots)
        for i, s in enumerate(seat_names(players), 1)
    ]
    return TableState(
        table=table,
        seats=seats,
        game=game,
        hands=[HandRow(id=500, number=1, dealer=game.first_dealer, seed=hand_seed(table.seed, 1))],
        moved_at=T0,
    )


def next_move(st: TableState, present: set[int]) -> tuple[str, moves.Move]:
    """The next move as the table's members and bots make it, through ``decide``: the
    bot's choice for the seat to act, or in the round review a present member's tap
    on "next round"."""
    if st.in_review:
        seat = sorted(moves.present_members(st, present) - st.ready)[0]
        action, user_id = moves.NEXT, st.seat_info(seat).user_id
    else:
        seat, action = moves.bot_action(st)
        user_id = st.seat_info(seat).user_id
    move = decide(
        st,
        action=action,
        now=T0,
        present=present,
        user_id=user_id,
        seat=None if user_id else seat,
    )
    return action, move


def play_round(st: TableState, present: set[int], log: list) -> list[moves.Move]:
    """Every seat plays the bot's choice, then the present members tap "next round"."""
    played = []
    number = st.hand_row.number
    while st.hand_row.number == number and st.table.status == PLAYING:
        action, move = next_move(st, present)
        log.append(
            LoggedAction(hand_number=number, seq=move.seq + 1, seat=move.seat, action=action, at=T0)
        )
        committed(st, move, next_hand_id=500 + len(st.hands))
        played.append(move)
    return played


def hidden_cards(st: TableState, seat: str | None) -> set[str]:
    """The cards ``seat`` (None: a spectator) may not see now: the other players'
    hands, and the pot but its visible top card (the double-faced card's name is
    public: it is drawn face up before the round)."""
    hand = st.hand
    view = hand.view_for(seat)
    seen = set(view["hand"] or [])
    for cards in view["shown"].values():
        seen.update(cards)
    seen.update(c for c in [view["pot_shown"]] if c)
    seen.update(item["card"] for item in view["pile"])
    seen.add(view["double_face"])
    rules = hand.rules
    secret = set()
    for i, s in enumerate(rules.seats):
        if s != seat:
            secret.update(CODE[c] for c in hand.hands[i])
    secret.update(CODE[c] for c in hand.pot)
    return secret - seen


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_a_450_table_plays_whole_rounds_through_decide_and_replays_to_the_same_state(players):
    st = playing(players)
    present = {info.user_id for info in st.seats}
    log: list[LoggedAction] = []
    first = play_round(st, present, log)
    ends = next(move for move in first if move.ends_hand)
    assert ends.result["points"].keys() == set(st.game.seats)
    # the round review: every present member taps "next round", the last tap deals
    taps = first[first.index(ends) + 1 :]
    assert [move.action for move in taps] == [moves.NEXT] * players
    assert taps[-1].next_hand is not None and st.hand_row.number == 2
    second = play_round(st, present, log)
    assert second[-1].ends_game and st.table.status == FINISHED

    snap = Snapshot(
        table=table_info(players, seq=st.seq, status=FINISHED, first_dealer=st.table.first_dealer),
        seats=st.seats,
        hands=st.hands,
        actions=log,
        after_seq=0,
        from_hand=1,
    )
    rebuilt = catch_up(None, snap)
    assert [r.to_record() for r in rebuilt.game.entries] == [r.to_record() for r in st.game.entries]
    sheet = score_sheet(st)
    assert [row["points"] for row in sheet] == st.game.engine.points()
    assert sheet[-1]["totals"] == st.game.engine.totals
    for row, rnd in zip(sheet, st.game.entries):
        assert check_record(rnd.to_record())["points"] == row["points"]


@pytest.mark.parametrize("players", [3, 5])
def test_a_finished_rounds_replay_walks_from_the_deal_to_its_points(players):
    from games.kinds.four_fifty.replay import replay_steps

    st = playing(players)
    play_round(st, {info.user_id for info in st.seats}, [])
    rnd = st.game.entries[0]
    steps = replay_steps(rnd.to_record())
    assert len(steps) == len(rnd.actions) + 1
    assert steps[0]["action"] is None and steps[0]["view"]["phase"] in ("show", "aside")
    assert [s["action"] for s in steps[1:]] == [rnd.action_str(a) for a in rnd.actions]
    assert steps[-1]["view"]["result"]["points"] == rnd.result().to_dict()["points"]
    assert all(len(cards) == 3 for cards in steps[-1]["hands"].values())


def test_the_secretary_sits_right_of_a_given_first_dealer():
    game = game_of(table_info(4, first_dealer="P2"))
    assert game.secretary == "P1" and game.first_dealer == "P2" and game.dealer == "P2"


def test_a_refused_450_move_names_the_rule_and_changes_nothing():
    st = playing(4)
    dealer = st.hand.to_act
    user = st.seat_info(dealer).user_id
    with pytest.raises(Refused) as refused:
        decide(st, action="7S", now=T0, present={user}, user_id=user)
    assert refused.value.code == "wrong_phase"
    other = next(info for info in st.seats if info.seat != dealer)
    with pytest.raises(Refused) as refused:
        decide(st, action="hide", now=T0, present={other.user_id}, user_id=other.user_id)
    assert refused.value.code == "not_your_turn"
    assert st.hand.phase.value == "show"


def test_a_present_dealer_keeps_the_face_up_cards_at_most_20_seconds():
    st = playing(4)
    user = st.seat_info(st.hand.to_act).user_id
    assert moves.due_in_seconds(st, {user}) == four_fifty.SHOW_SECONDS
    wait = moves.bot_due_in(st, now=T0 + timedelta(seconds=5), present={user}, away_since=None)
    assert wait == four_fifty.SHOW_SECONDS - 5
    assert (
        moves.bot_due_in(st, now=T0 + timedelta(seconds=21), present={user}, away_since=None) == 0
    )
    seat, action = moves.bot_action(st)
    assert action == "hide"
    move = decide(st, action=action, now=T0, present={user}, seat=seat)
    assert move.by_bot and st.hand.phase.value == "discard"
    # once hidden, a present member's turn waits for him as at 500
    to_act = st.seat_info(st.hand.to_act).user_id
    assert (
        moves.bot_due_in(st, now=T0 + timedelta(seconds=30), present={to_act}, away_since=None)
        is None
    )


def test_a_bot_dealer_leaves_the_face_up_cards_a_few_paces():
    st = playing(4, bots=("P1", "P2", "P3", "P4"))
    assert (
        moves.bot_due_in(st, now=T0, present=set(), away_since=None)
        == four_fifty.BOT_SHOW_MOVES * st.table.bot_delay_ms / 1000
    )


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_no_450_frame_holds_a_card_its_viewer_may_not_see(players):
    st = playing(players)
    present = {info.user_id for info in st.seats}
    viewers = [Viewer(info.user_id) for info in st.seats] + [Viewer(999)]
    rng = random.Random(players)
    checked = 0
    while st.table.status == PLAYING and st.hand is not None:
        for viewer, (_, text) in zip(viewers, frames(st, viewers, present)):
            seat = st.seat_of(viewer.pk)
            frame = json.loads(text)
            assert frame["view"]["hand"] == (
                None if seat is None else st.hand.view_for(seat)["hand"]
            )
            words = set(
                text.replace('"', " ")
                .replace(",", " ")
                .replace(":", " ")
                .replace("[", " ")
                .replace("]", " ")
                .split()
            )
            leaked = hidden_cards(st, seat) & words
            assert not leaked, (seat, st.hand.phase, leaked)
            checked += 1
        seat = st.hand.to_act
        info = st.seat_info(seat)
        action = rng.choice(st.hand.legal_actions())
        move = decide(st, action=action, now=T0, present=present, user_id=info.user_id)
        committed(st, move, next_hand_id=600)
    assert checked > 20
    # the round is over: its review shows every card, to every viewer alike
    review = json.loads(frames(st, viewers, present)[-1][1])["review"]
    assert review["record"]["hands"] == st.game.entries[0].to_record()["hands"]
    assert review["result"]["final"].keys() == set(st.game.seats)


@pytest.mark.parametrize("players", [3, 6])
def test_another_process_follows_a_whole_450_game_from_the_published_moves(players):
    """Each committed move, as published (through msgpack, as Redis carries it), brings
    another process's copy along: rounds' ends, next deals and the game's end included."""
    import copy

    import msgpack

    from games.live.catchup import follow

    st = playing(players)
    other = copy.deepcopy(st)
    present = {info.user_id for info in st.seats}
    while st.table.status == PLAYING:
        _, move = next_move(st, present)
        committed(st, move, next_hand_id=500 + len(st.hands))
        other = follow(other, msgpack.unpackb(msgpack.packb(moves.published(move))))
        assert other.seq == st.seq
    assert other.table == st.table and other.hands == st.hands
    assert [r.to_record() for r in other.game.entries] == [r.to_record() for r in st.game.entries]
