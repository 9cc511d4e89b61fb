"""Taking back a move at a casual table, as pure functions (no database).

``games.live.takeback``: the request, the answers, the rewind; decided by
``moves.decide`` and replayed by ``catchup.catch_up`` like any logged move.
"""

from __future__ import annotations

import copy
import json

import pytest

from games.engine import check_record
from games.engine.cards import CODE
from games.engine.four_fifty import check_record as check_450
from games.live import moves, takeback
from games.live.moves import Refused, decide
from games.live.render import frames
from tests.games.kinds.four_fifty import test_live as fifty
from tests.games.test_moves import T0, USERS, _commit, _replayed, choice, playing

EVERYONE = set(USERS.values())


def _act(st, log, seat, action, present=frozenset()):
    """``seat``'s member sends ``action``; the move committed and logged."""
    who = {"seat": seat} if st.seat_info(seat).is_bot else {"user_id": USERS[seat]}
    move = decide(st, action=action, now=st.moved_at or T0, present=set(present), **who)
    _commit(st, move, log)
    return move


def _play_to(st, log, predicate, present=frozenset()):
    while not predicate(st):
        _act(st, log, st.hand.to_act, choice(st.hand), present)


def _in_play(st) -> bool:
    return st.hand.phase.value == "play" and len(st.hand.play) == 2


def _views(st):
    return [st.hand.view_for(seat) for seat in (*"NESW", None)]


def test_a_card_taken_back_goes_back_to_its_hand_and_the_turn_to_its_player():
    """Nobody else at the table (bots and absent members accept at once): the request
    is the take-back, logged ``takeback:done``; the hand is as before the card."""
    st, log = playing(), []
    _play_to(st, log, _in_play)
    seat = st.hand.to_act
    before = copy.deepcopy(st)
    card = choice(st.hand)
    _act(st, log, seat, card)
    assert st.takeback is None and st.played[-1].seat == seat
    move = _act(st, log, seat, takeback.ASK)
    assert move.action == takeback.DONE and move.seat == seat
    assert st.hand.to_act == seat and card in st.hand.legal_actions()
    assert _views(st) == _views(before)
    record = st.hand.to_record()
    assert record["takebacks"] == [
        {"seat": seat, "action": card, "at": f"play[{len(before.hand.play)}]"}
    ]
    assert {k: v for k, v in record.items() if k != "takebacks"} == before.hand.to_record()
    assert st.takeback.outcome == "done" and st.seq == before.seq + 2


def test_every_present_member_accepts_before_the_move_is_taken_back():
    st, log = playing(), []
    seat = st.hand.to_act
    bid = choice(st.hand)
    _act(st, log, seat, bid, EVERYONE)
    assert _act(st, log, seat, takeback.ASK, EVERYONE).action == takeback.ASK
    others = [s for s in "NESW" if s != seat]
    tb = st.takeback
    assert (tb.outcome, tb.seat, tb.action) == ("pending", seat, bid)
    with pytest.raises(Refused) as refused:  # one open request per table
        decide(st, action=takeback.ASK, now=T0, present=EVERYONE, user_id=USERS[seat])
    assert refused.value.code == "takeback_pending"
    with pytest.raises(Refused) as refused:  # the asker does not answer
        decide(st, action=takeback.YES, now=T0, present=EVERYONE, user_id=USERS[seat])
    assert refused.value.code == "takeback_not_asked"
    assert _act(st, log, others[0], takeback.YES, EVERYONE).action == takeback.YES
    assert _act(st, log, others[1], takeback.YES, EVERYONE).action == takeback.YES
    assert _act(st, log, others[2], takeback.YES, EVERYONE).action == takeback.DONE
    assert st.hand.to_act == seat and st.hand.to_record()["calls"] == []
    assert st.takeback.outcome == "done" and st.takeback.by == others[2]


def test_one_refusal_ends_the_request_and_the_move_stays():
    st, log = playing(), []
    seat = st.hand.to_act
    _act(st, log, seat, choice(st.hand), EVERYONE)
    _act(st, log, seat, takeback.ASK, EVERYONE)
    other = next(s for s in "NESW" if s != seat)
    assert _act(st, log, other, takeback.NO, EVERYONE).action == takeback.NO
    assert st.takeback.outcome == "refused" and st.takeback.by == other
    assert st.hand.to_act != seat
    with pytest.raises(Refused) as refused:  # one request per move
        decide(st, action=takeback.ASK, now=T0, present=EVERYONE, user_id=USERS[seat])
    assert refused.value.code == "takeback_asked"
    with pytest.raises(Refused) as refused:
        decide(st, action=takeback.YES, now=T0, present=EVERYONE, user_id=USERS[other])
    assert refused.value.code == "takeback_no_request"


def test_the_next_players_move_ends_an_open_request_and_the_offer():
    st, log = playing(), []
    seat = st.hand.to_act
    _act(st, log, seat, choice(st.hand), EVERYONE)
    assert takeback.frame_part(st, seat, EVERYONE)["can_ask"]
    _act(st, log, seat, takeback.ASK, EVERYONE)
    _act(st, log, st.hand.to_act, choice(st.hand), EVERYONE)
    assert st.takeback is None
    assert takeback.frame_part(st, seat, EVERYONE) is None
    with pytest.raises(Refused) as refused:
        decide(st, action=takeback.ASK, now=T0, present=EVERYONE, user_id=USERS[seat])
    assert refused.value.code == "takeback_none"


def test_a_bot_holds_its_move_while_the_members_answer():
    """N's next player is a bot: it waits ``WAIT`` for E (a member at the table) to
    answer N's request, then plays (which ends the request)."""
    st, log = playing(bots="SW"), []
    present = {USERS["N"], USERS["E"]}
    _play_to(st, log, lambda s: s.hand.to_act == "E", present)
    _act(st, log, "E", choice(st.hand), present)
    assert st.hand.to_act == "S"
    assert moves.bot_due_in(st, now=st.moved_at, present=present, away_since=None) == 1.0
    assert _act(st, log, "E", takeback.ASK, present).action == takeback.ASK
    wait = moves.bot_due_in(st, now=st.moved_at, present=present, away_since=None)
    assert wait == takeback.WAIT.total_seconds()
    seat, action = moves.bot_action(st)
    _act(st, log, seat, action, present)
    assert st.takeback is None


def test_bots_accept_at_once():
    """Only bots (and absent members) besides the asker: taken back at once."""
    st, log = playing(bots="ESW"), []
    present = {USERS["N"]}
    _play_to(st, log, lambda s: s.hand.to_act == "N", present)
    bid = choice(st.hand)
    _act(st, log, "N", bid, present)
    assert _act(st, log, "N", takeback.ASK, present).action == takeback.DONE
    assert st.hand.to_act == "N" and bid in st.hand.legal_actions()


def test_never_at_a_tournament_table():
    st, log = playing(), []
    st.watched = True
    seat = st.hand.to_act
    _act(st, log, seat, choice(st.hand))
    assert takeback.frame_part(st, seat, set()) is None
    with pytest.raises(Refused) as refused:
        decide(st, action=takeback.ASK, now=T0, present=set(), user_id=USERS[seat])
    assert refused.value.code == "takeback_tournament"


def test_the_move_that_ends_the_hand_is_never_taken_back():
    st, log = playing(), []
    _play_to(st, log, lambda s: s.hand is None or s.hand_row.result is not None, EVERYONE)
    last = log[-1].seat
    with pytest.raises(Refused) as refused:
        decide(st, action=takeback.ASK, now=T0, present=EVERYONE, user_id=USERS[last])
    assert refused.value.code == "takeback_none"


def test_a_discard_is_not_taken_back():
    st, log = playing(), []
    _play_to(st, log, lambda s: s.hand.phase.value == "kitty")
    declarer = st.hand.to_act
    _act(st, log, declarer, choice(st.hand))
    with pytest.raises(Refused) as refused:
        decide(st, action=takeback.ASK, now=T0, present=set(), user_id=USERS[declarer])
    assert refused.value.code == "takeback_none"


def test_the_log_with_take_backs_replays_to_the_same_state():
    st, log = playing(), []
    _play_to(st, log, _in_play, EVERYONE)
    for answer in (takeback.NO, takeback.YES):  # refused once, then taken back
        seat = st.hand.to_act
        _act(st, log, seat, choice(st.hand), EVERYONE)
        _act(st, log, seat, takeback.ASK, EVERYONE)
        for other in [s for s in "NESW" if s != seat]:
            _act(st, log, other, answer, EVERYONE)
            if answer == takeback.NO:
                break
    assert [e.action for e in log[-4:]] == [takeback.ASK, takeback.YES, takeback.YES, takeback.DONE]
    seat = st.hand.to_act
    _act(st, log, seat, choice(st.hand), EVERYONE)
    _act(st, log, seat, takeback.ASK, EVERYONE)  # still open
    rebuilt = _replayed(st, log)
    assert rebuilt.seq == st.seq and _views(rebuilt) == _views(st)
    assert rebuilt.hand.to_record() == st.hand.to_record()
    assert rebuilt.played == st.played and rebuilt.takeback == st.takeback
    assert len(st.hand.to_record()["takebacks"]) == 1
    assert check_record(st.hand.to_record())["ok"]


def _hidden(st, viewer):
    """The cards ``viewer`` may not see: the other seats' cards, but those shown."""
    view = st.hand.view_for(viewer)
    shown = {c for cards in (view.get("shown") or {}).values() for c in cards}
    return {
        CODE[c]
        for i, cards in enumerate(st.hand.hands)
        if st.hand.variant.seats[i] != viewer
        for c in cards
    } - shown


class _Viewer:
    is_authenticated = True

    def __init__(self, pk):
        self.pk = pk


def test_no_frame_of_a_request_names_a_hidden_card():
    """The request names only the card played face up; the asker's other cards, and
    the card itself once back in the hand, never reach another seat's frame."""
    st, log = playing(), []
    _play_to(st, log, _in_play, EVERYONE)
    seat = st.hand.to_act
    card = choice(st.hand)
    _act(st, log, seat, card, EVERYONE)
    _act(st, log, seat, takeback.ASK, EVERYONE)
    viewers = [_Viewer(USERS[s]) for s in "NESW"] + [_Viewer(99)]
    for stage in ("pending", "done"):
        if stage == "done":
            for other in [s for s in "NESW" if s != seat]:
                _act(st, log, other, takeback.YES, EVERYONE)
        for viewer, (_, text) in zip(viewers, frames(st, viewers, EVERYONE)):
            frame = json.loads(text)
            you = frame["table"]["you"]
            part = frame["table"].pop("takeback")
            assert part["action"] == card and part["outcome"] == stage
            hidden = _hidden(st, you)
            calls = {c["call"] for c in frame["view"]["calls"]}  # a bid "6S" is no card
            assert not hidden & set(json.dumps(frame).split('"')) - calls
            assert hidden & set(json.dumps(part).split('"')) <= {card}


def test_a_450_discard_is_taken_back_and_replays_to_the_same_state():
    st, log = fifty.playing(4), []
    present = {info.user_id for info in st.seats}
    while st.hand.phase.value != "discard" or not st.played or not st.played[-1].what:
        action, move = fifty.next_move(st, present)
        log.append(
            fifty.LoggedAction(
                hand_number=1, seq=move.seq + 1, seat=move.seat, action=action, at=fifty.T0
            )
        )
        moves.committed(st, move)
    seat = st.played[-1].seat
    before = st.hand.to_record()
    user = st.seat_info(seat).user_id
    others = [info for info in st.seats if info.seat != seat]
    for action, who in [(takeback.ASK, user)] + [(takeback.YES, o.user_id) for o in others]:
        move = decide(st, action=action, now=fifty.T0, present=present, user_id=who)
        log.append(
            fifty.LoggedAction(
                hand_number=1, seq=move.seq + 1, seat=move.seat, action=move.action, at=fifty.T0
            )
        )
        moves.committed(st, move)
    assert move.action == takeback.DONE and st.hand.to_act == seat
    record = st.hand.to_record()
    assert len(record["discards"]) == len(before["discards"]) - 1
    assert record["takebacks"][0]["at"] == f"discards[{len(record['discards'])}]"
    assert check_450(record)["ok"]
    rebuilt = fifty.catch_up(
        None,
        fifty.Snapshot(
            table=copy.deepcopy(st.table),
            seats=st.seats,
            hands=st.hands,
            actions=log,
            after_seq=0,
            from_hand=1,
        ),
    )
    assert rebuilt.hand.to_record() == record and rebuilt.takeback == st.takeback


def test_a_move_a_bot_played_for_an_absent_member_is_not_taken_back():
    st, log = playing(), []
    seat = st.hand.to_act
    move = decide(st, action=choice(st.hand), now=T0, present=set(), seat=seat)
    _commit(st, move, log)
    assert move.by_bot and not st.played[-1].what
    with pytest.raises(Refused) as refused:
        decide(st, action=takeback.ASK, now=T0, present=set(), user_id=USERS[seat])
    assert refused.value.code == "takeback_none"
    assert _replayed(st, log).played == st.played


def test_answers_made_on_the_same_request_at_the_same_moment_all_count():
    """Two members answer the request seen at the same seq: both count (the second is
    not told the table moved on); an answer seen before the request does not."""
    st, log = playing(), []
    seat = st.hand.to_act
    _act(st, log, seat, choice(st.hand), EVERYONE)
    before = st.seq
    _act(st, log, seat, takeback.ASK, EVERYONE)
    seen = st.seq
    first, second, third = [s for s in "NESW" if s != seat]
    _act(st, log, first, takeback.YES, EVERYONE)
    assert moves.seen_enough(st, takeback.YES, seen)
    assert not moves.seen_enough(st, takeback.YES, before)
    assert not moves.seen_enough(st, choice(st.hand), seen)
    _act(st, log, second, takeback.YES, EVERYONE)
    _act(st, log, third, takeback.YES, EVERYONE)
    assert not moves.seen_enough(st, takeback.NO, seen)  # taken back: no request waits
