"""Claims by the searching bot ("Club", "Fort"): it claims when every deal it imagines
gives its team every remaining trick, and answers another side's claim the same way
(``games.engine.search_bot``, ``games.engine.sampling.claim_holds``)."""

from __future__ import annotations

import random

import pytest

from games.engine import claims, new_hand
from games.engine.bots import choose_action
from games.engine.cards import CODE
from games.engine.search_bot import answers_claim, choose_searched, searches

from .test_claims import misere_in_play

BUDGET = {"samples": 16, "max_seconds": None, "max_nodes": 20000}


def _unplayed_elsewhere(h, seat: int) -> list[int]:
    """The cards still in the other seats' hands."""
    return [c for i, cards in enumerate(h.hands) if i != seat for c in cards]


def _holds_the_top_trumps(h, seat: int) -> bool:
    """``seat`` holds only trumps, each above every card still in another hand."""
    mine = h.hands[seat]
    others = _unplayed_elsewhere(h, seat)
    return all(h.power[c] >= 100 for c in mine) and min(h.power[c] for c in mine) > max(
        (h.power[c] for c in others), default=-1
    )


def _find(condition, tricks_left: int, players: int = 4):
    """The first seeded four-handed Quebec position (rule-of-thumb play, no misère)
    where the seat to act holds ``tricks_left`` cards and ``condition(hand)`` holds."""
    for seed in range(1, 400):
        dealer = "N" if players == 4 else "P1"
        h = new_hand("quebec", dealer, seed=seed, options={"players": players})
        rng = random.Random(seed)
        while not h.is_done:
            if (
                h.phase.value == "play"
                and not h.misere
                and not h.claim_wait
                and len(h.hands[h.to_act_i]) == tricks_left
                and condition(h)
            ):
                return h
            h.apply(choose_action(h, h.to_act, rng))
    raise AssertionError("no such position in 400 deals")


def _declarer_leads_the_top_trumps(h) -> bool:
    seat = h.to_act_i
    return seat == h.declarer and not h.trick and _holds_the_top_trumps(h, seat)


@pytest.mark.parametrize("tricks_left", [2, 4])
def test_a_declarer_leading_the_top_trumps_claims_and_the_hand_ends_at_once(tricks_left):
    """Every deal the declarer can imagine gives him the rest: he claims, the engine
    finds the claim certain, the remaining tricks are his."""
    h = _find(_declarer_leads_the_top_trumps, tricks_left)
    seat = h.to_act
    assert searches(h)
    before = h.tricks_won[h.to_act_i]
    assert choose_searched(h, seat, random.Random(1), **BUDGET) == "claim"
    h.apply_as(seat, "claim")
    assert h.is_done and h.claim_info["outcome"] == "certain"
    assert h.tricks_won[h.declarer] == before + tricks_left


def test_a_decision_out_of_time_plays_a_card_rather_than_claim_on_too_few_deals():
    """A claim needs every deal of the budget solved: a decision whose time runs out
    after one deal plays its card."""
    h = _find(_declarer_leads_the_top_trumps, 4)
    budget = {**BUDGET, "max_seconds": 1e-9}
    action = choose_searched(h, h.to_act, random.Random(1), **budget)
    assert action != "claim" and action in h.legal_actions()


def test_a_seat_that_cannot_see_where_the_top_trump_is_does_not_claim():
    """The declarer holds trumps only, but the highest trump still out is in another
    hand: some of the deals he imagines put it with a defender, so he plays a card."""

    def top_trump_elsewhere(h):
        seat = h.to_act_i
        if seat != h.declarer or h.trick:
            return False
        mine = h.hands[seat]
        others = _unplayed_elsewhere(h, seat)
        trumps = [c for c in others if h.power[c] >= 100]
        return (
            all(h.power[c] >= 100 for c in mine)
            and trumps
            and (max(h.power[c] for c in trumps) > max(h.power[c] for c in mine))
        )

    h = _find(top_trump_elsewhere, 3)
    action = choose_searched(h, h.to_act, random.Random(1), **BUDGET)
    assert action != "claim" and action in h.legal_actions()


def test_after_a_refused_claim_the_bot_plays_a_card_in_that_trick(monkeypatch):
    """A claim refused bars another in the same trick: the bot plays on."""
    monkeypatch.setattr(claims, "EXACT_TRICKS", 0)  # every claim goes to the opponents
    h = _find(_declarer_leads_the_top_trumps, 3)
    seat = h.to_act
    h.apply_as(seat, "claim")
    h.apply_as(h.to_act, "refuse")
    assert h.to_act == seat
    action = choose_searched(h, seat, random.Random(1), **BUDGET)
    assert action in h.legal_actions()


def test_a_claim_with_the_top_trumps_is_laid_face_up_and_accepted_by_each_opponent():
    """Five tricks left, too many for the engine to check: the declarer's claim lays his
    hand face up (every view shows it), and the searching opponents, who now know his
    cards, find the claim holds in every deal they imagine: each accepts."""
    h = _find(_declarer_leads_the_top_trumps, 5)
    claimer = h.to_act
    cards = sorted(h.view_for(claimer)["hand"])
    h.apply_as(claimer, "claim")
    shown = h.events[-1]
    assert (shown["type"], shown["seat"], sorted(shown["cards"])) == (
        "hand_revealed",
        claimer,
        cards,
    )
    answered = 0
    while h.claim_wait:
        answerer = h.to_act
        assert sorted(h.view_for(answerer)["shown"][claimer]) == cards
        assert choose_searched(h, answerer, random.Random(2), **BUDGET) == "accept"
        h.apply_as(answerer, "accept")
        answered += 1
    assert answered == 2 and h.is_done and h.claim_info["outcome"] == "accepted"


def test_a_claim_the_answerer_can_see_is_sound_is_accepted_by_each_searching_opponent(
    monkeypatch,
):
    """The claimer's cards stay hidden during a claim, so a searching opponent accepts
    only a claim that holds in every deal he can imagine: here the last trick, both
    opponents' cards already beaten by the claimer's partner. Each accepts; the hand
    ends."""
    monkeypatch.setattr(claims, "EXACT_TRICKS", 0)  # every claim goes to the opponents

    def partner_wins_the_last_trick(h):
        v = h.variant
        seat = h.to_act_i
        if len(h.trick) != v.n - 1:
            return False
        power, led = h.power, h.eff[h.trick[0]]
        best = max(
            range(len(h.trick)),
            key=lambda i: (
                power[h.trick[i]] if power[h.trick[i]] >= 100 or h.eff[h.trick[i]] == led else -1
            ),
        )
        winner = h.trick_seats[best]
        return winner != seat and v.team_of[winner] == v.team_of[seat]

    h = _find(partner_wins_the_last_trick, 1)
    claimer = h.to_act
    h.apply_as(claimer, "claim")
    answered = 0
    while h.claim_wait:
        assert answers_claim(h) and searches(h)
        answer = choose_searched(h, h.to_act, random.Random(2), **BUDGET)
        assert answer == "accept"
        h.apply_as(h.to_act, answer)
        answered += 1
    assert answered == 2
    assert h.is_done and h.claim_info["outcome"] == "accepted"
    assert h.claim_info["seat"] == claimer


def test_a_claim_against_the_top_card_its_answerer_holds_is_refused(monkeypatch):
    """The opponent asked holds the highest card still in play: whatever the deal, that
    card takes a trick, so the claim cannot hold and he refuses (the rule of thumb
    refuses every claim; the searching bot only the unsound ones)."""
    monkeypatch.setattr(claims, "EXACT_TRICKS", 0)

    def next_opponent_holds_the_top_card(h):
        seat = h.to_act_i
        v = h.variant
        nxt = (seat + 1) % v.n
        if v.team_of[nxt] == v.team_of[seat] or h.trick:
            return False
        everything = [c for cards in h.hands for c in cards]
        return max(everything, key=lambda c: h.power[c]) in h.hands[nxt]

    h = _find(next_opponent_holds_the_top_card, 3)
    h.apply_as(h.to_act, "claim")
    assert not h.is_done and answers_claim(h)
    answerer = h.to_act_i
    top = max((c for cards in h.hands for c in cards), key=lambda c: h.power[c])
    assert top in h.hands[answerer], CODE[top]
    assert choose_searched(h, h.to_act, random.Random(3), **BUDGET) == "refuse"


def test_no_claim_in_a_misere():
    """There are no claims in a misère: the searching declarer plays a card."""
    h = misere_in_play()
    while not h.is_done:
        action = choose_searched(h, h.to_act, random.Random(4), **BUDGET)
        assert action in h.legal_actions()
        h.apply(action)


def test_a_replay_does_not_offer_the_robot_s_view_of_an_answer_to_a_claim(monkeypatch):
    """The replay's "what would the robot do here" shows means per card or call: the
    answer to a claim has none, so its step does not offer the question; the cards
    played after the refusal do."""
    from games.kinds.five_hundred.replay import replay_steps

    monkeypatch.setattr(claims, "EXACT_TRICKS", 0)
    h = _find(_declarer_leads_the_top_trumps, 3)
    h.apply_as(h.to_act, "claim")
    answering = len(h.to_record()["play"])
    h.apply_as(h.to_act, "refuse")
    rng = random.Random(9)
    while not h.is_done:
        h.apply(choose_action(h, h.to_act, rng))
    record = h.to_record()
    steps = replay_steps(record)["steps"]
    moves = len(record["calls"]) + len(record.get("discards", []))
    answer_step = moves + answering  # the hand as the answer was to be made
    assert not steps[answer_step]["think"]
    assert steps[answer_step + 1]["think"]  # the claimer plays on, with 3 cards
