"""Claims (games/engine/claims.py): the exact check, the answers, the record."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys

import pytest

from games.engine import EngineError, new_hand, replay
from games.engine.bots import choose_action
from games.engine.cards import CODE
from games.engine.claims import claim_is_certain


def _play_until(hand, tricks_left, rng):
    """Bots play until the seat to act holds ``tricks_left`` cards (play phase)."""
    while not hand.is_done:
        if hand.phase.value == "play" and len(hand.hands[hand.to_act_i]) <= tricks_left:
            return hand
        hand.apply(choose_action(hand, hand.to_act, rng))
    return None


def _positions(tricks_left, count, variant="quebec", options=None):
    """Play positions (not misère) with ``tricks_left`` tricks to go, from seeded deals."""
    out, seed = [], 0
    while len(out) < count:
        seed += 1
        rng = random.Random(seed)
        hand = new_hand(variant, "N" if not options else "P1", seed=seed, options=options)
        hand = _play_until(hand, tricks_left, rng)
        if hand is not None and not hand.is_done and not hand.misere:
            out.append(hand)
    return out


def _brute_force(hand, claimer_i):
    """The reference: every line of play through the engine itself (deep copies),
    the claimer choosing, every other seat any legal card."""
    side = hand.variant.team_of[claimer_i]
    tricks_before = [len(hand.tricks)]

    def walk(h):
        # every trick finished on the way must be the claimer's side's
        for t in h.tricks[tricks_before[0] :]:
            if hand.variant.team_of[t[3]] != side:
                return False
        if h.is_done:
            return True
        results = []
        for action in h.legal_actions():
            if action.startswith("name:"):
                continue
            child = copy.deepcopy(h, {id(h.variant): h.variant})
            child.want_events = False
            child.apply(action)
            results.append(walk(child))
        return any(results) if h.to_act_i == claimer_i else all(results)

    return walk(copy.deepcopy(hand, {id(hand.variant): hand.variant}))


def misere_in_play():
    """An Australian hand at its first card: a misère over North's seven hearts."""
    rng = random.Random(5)
    hand = new_hand("australian", "N", seed=3)
    hand.apply("7H")
    while hand.phase.value == "auction":
        legal = hand.legal_actions()
        hand.apply("MIS" if "MIS" in legal else "pass")
    while hand.phase.value != "play":
        hand.apply(choose_action(hand, hand.to_act, rng))
    assert hand.misere
    return hand


@pytest.mark.parametrize("tricks_left,count", [(1, 25), (2, 25), (3, 6)])
def test_the_exact_check_agrees_with_every_line_of_play_through_the_engine(tricks_left, count):
    """On seeded positions, ``claim_is_certain`` says yes exactly when the claimer's
    side wins every remaining trick whatever the other seats play."""
    certain = uncertain = 0
    for hand in _positions(tricks_left, count):
        seat = hand.to_act_i
        expected = _brute_force(hand, seat)
        assert claim_is_certain(hand, seat) is expected, hand.to_record()
        certain += expected
        uncertain += not expected
    assert certain and uncertain  # both kinds were met


def test_the_check_covers_no_trump_joker_leads_and_three_players():
    for hand in _positions(2, 10, variant="australian", options={"players": 3}):
        seat = hand.to_act_i
        assert claim_is_certain(hand, seat) is _brute_force(hand, seat)


def test_too_many_tricks_left_is_not_checked():
    hand = _positions(5, 1)[0]
    assert claim_is_certain(hand, hand.to_act_i) is False


def _certain_and_uncertain():
    certain = uncertain = None
    for hand in _positions(3, 40):
        if claim_is_certain(hand, hand.to_act_i):
            certain = certain or hand
        else:
            uncertain = uncertain or hand
    return certain, uncertain


def test_a_certain_claim_ends_the_hand_at_once_with_every_trick_to_the_claimer():
    hand, _ = _certain_and_uncertain()
    claimer = hand.to_act
    before = dict(hand.tricks_by_team())
    side = hand.variant.team_names[hand.variant.team_of[hand.to_act_i]]
    left = len(hand.hands[hand.to_act_i])
    hand.apply_as(claimer, "claim")
    assert hand.is_done
    assert hand.tricks_by_team()[side] == before[side] + left
    assert hand.view_for(None)["claim"] == {
        "seat": claimer,
        "tricks": left,
        "trick": len(hand.tricks) + 1,
        "outcome": "certain",
    }
    record = hand.to_record()
    assert record["play"][-1] == "claim"
    again = replay(record)  # replay == state
    assert again.result().to_dict() == hand.result().to_dict()


def test_an_uncertain_claim_asks_each_opponent_and_every_accept_ends_the_hand():
    _, hand = _certain_and_uncertain()
    v = hand.variant
    claimer_i = hand.to_act_i
    claimer = hand.to_act
    hand.apply_as(claimer, "claim")
    assert not hand.is_done
    waiting = hand.view_for(None)["claim"]["waiting"]
    assert len(waiting) == 2 and all(
        v.team_of[v.seat_of(s)] != v.team_of[claimer_i] for s in waiting
    )
    assert hand.to_act == waiting[0]
    assert hand.legal_actions() == ["accept", "refuse"]
    assert hand.view_for(claimer)["legal"] == []
    with pytest.raises(EngineError) as error:
        hand.apply_as(waiting[0], hand.hands[hand.to_act_i] and "AS")
    assert error.value.code == "claim_pending"
    hand.apply_as(waiting[0], "accept")
    assert hand.events[-1] == {"type": "claim_accepted", "seat": waiting[0]}
    assert hand.to_act == waiting[1] and not hand.is_done
    hand.apply_as(waiting[1], "accept")
    assert hand.is_done
    record = hand.to_record()
    assert record["play"][-3:] == ["claim", "accept", "accept"]
    out = _check(record)
    assert out["ok"] and out["complete"]
    assert out["claim"] == {
        "seat": claimer,
        "tricks": hand.claim_info["tricks"],
        "outcome": "accepted",
    }


def test_a_refused_claim_goes_back_to_play_and_bars_a_new_claim_this_trick():
    _, hand = _certain_and_uncertain()
    claimer = hand.to_act
    legal_before = hand.legal_actions()
    hand.apply_as(claimer, "claim")
    first = hand.to_act
    hand.apply_as(first, "refuse")
    assert hand.to_act == claimer
    assert hand.legal_actions() == legal_before
    assert hand.view_for(None)["claim"]["outcome"] == "refused"
    assert hand.events[-1] == {"type": "claim_refused", "seat": first}  # as the pages read it
    with pytest.raises(EngineError) as error:
        hand.apply_as(claimer, "claim")
    assert error.value.code == "claim_refused_this_trick"
    record = hand.to_record()
    assert record["play"][-2:] == ["claim", "refuse"]
    out = _check(record)
    assert out["ok"] and not out["complete"] and out["to_act"] == claimer


@pytest.mark.parametrize("action,code", [("accept", "no_claim"), ("refuse", "no_claim")])
def test_an_answer_without_a_claim_is_refused(action, code):
    hand = _positions(3, 1)[0]
    with pytest.raises(EngineError) as error:
        hand.apply_as(hand.to_act, action)
    assert error.value.code == code


def test_no_claim_outside_play_or_in_a_misere():
    hand = new_hand("quebec", "N", seed=3)
    with pytest.raises(EngineError) as error:
        hand.apply_as(hand.to_act, "claim")
    assert error.value.code == "claim_not_in_play"
    # a misère: the declarer's side wants no trick
    hand = misere_in_play()
    with pytest.raises(EngineError) as error:
        hand.apply_as(hand.to_act, "claim")
    assert error.value.code == "claim_misere"


def test_bots_refuse_a_claim_they_are_asked_about():
    _, hand = _certain_and_uncertain()
    hand.apply_as(hand.to_act, "claim")
    assert choose_action(hand, hand.to_act, random.Random(1)) == "refuse"


def _check(record):
    proc = subprocess.run(
        [sys.executable, "-m", "games.engine", "check", "-"],
        input=json.dumps(record),
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return json.loads(proc.stdout)


def test_an_uncertain_claim_lays_the_claimers_hand_face_up_for_the_rest_of_the_hand():
    """As at a real table, the opponents see the cards of a claim they must answer; once
    seen they stay face up, refused or not, and a replay shows them the same."""
    _, hand = _certain_and_uncertain()
    claimer, claimer_i = hand.to_act, hand.to_act_i
    assert claimer not in hand.view_for(None)["shown"]
    hand.apply_as(claimer, "claim")
    for viewer in (None, *hand.view_for(None)["claim"]["waiting"]):
        shown = hand.view_for(viewer)["shown"][claimer]
        assert sorted(shown) == sorted(CODE[c] for c in hand.hands[claimer_i])
    assert hand.events[-1]["type"] == "hand_revealed"
    hand.apply_as(hand.to_act, "refuse")
    card = hand.legal_actions()[0]
    hand.apply_as(claimer, card)
    shown = hand.view_for(None)["shown"][claimer]
    assert card not in shown and len(shown) == len(hand.hands[claimer_i])
    again = replay(hand.to_record())
    assert again.view_for(None)["shown"] == hand.view_for(None)["shown"]
