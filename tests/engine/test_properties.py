"""Invariants over thousands of seeded random hands in every variant."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import VARIANTS, new_hand, replay, score_sheet_hand
from games.engine.actions import BID0, MIS

HANDS_PER_VARIANT = 1000


def test_same_seed_same_deal_on_any_machine():
    rec = new_hand("quebec", "N", 42).to_record()
    assert rec["hands"]["N"] == [
        "10S",
        "5C",
        "JS",
        "6D",
        "KH",
        "7D",
        "8S",
        "4S",
        "4D",
        "10C",
    ]
    assert rec["kitty"] == ["4C", "7H", "WJ", "BJ", "AD", "7S"]
    rec = new_hand("australian", "E", 7).to_record()
    assert rec["hands"]["E"] == [
        "5S",
        "7S",
        "AC",
        "KH",
        "6S",
        "AS",
        "7D",
        "KD",
        "10S",
        "JC",
    ]
    assert (
        new_hand("quebec", "N", 43).to_record()["hands"]
        != new_hand("quebec", "N", 42).to_record()["hands"]
    )


def check_cards_conserved(hand):
    v = hand.variant
    held = [c for h in hand.hands for c in h]
    played = [c for t in hand.tricks for c in t[1]] + list(hand.trick)
    kitty = list(hand.kitty) if hand.contract < 0 else []
    everything = held + played + list(hand.discards) + kitty
    assert sorted(everything) == sorted(v.deck_cards)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_random_hands_keep_every_invariant(variant):
    contracts = made = 0
    for seed in range(HANDS_PER_VARIANT):
        rng = random.Random(seed * 7 + 1)
        hand = new_hand(variant, rng.randrange(4), seed)
        # bias the auction towards passes so that every contract level occurs
        while not hand.is_done:
            legal = hand.legal_actions()
            assert legal, hand.to_record()
            if hand.phase == "auction" and "pass" in legal and rng.random() < 0.7:
                action = "pass"
            else:
                action = rng.choice(legal)
            trick_len = len(hand.trick)
            hand.apply(action)
            if hand.phase == "play" and trick_len and not hand.trick:
                check_cards_conserved(hand)
        check_cards_conserved(hand)
        # one card per active seat in every trick, winner leads the next
        for i, (leader, cards, seats, winner, led) in enumerate(hand.tricks):
            assert len(cards) == hand.n_active and len(set(seats)) == len(seats)
            assert all(hand.active[s] for s in seats) and seats[0] == leader
            if i + 1 < len(hand.tricks):
                assert hand.tricks[i + 1][0] == winner
        # replay rebuilds the same state
        rec = hand.to_record()
        again = replay(rec)
        assert again.to_record() == rec and again.result() == hand.result()
        assert again.view_for("N") == hand.view_for("N")
        result = hand.result()
        if result.redeal:
            assert set(result.score.values()) == {0}
            continue
        contracts += 1
        made += result.made
        # scores follow from contract and tricks: the score-sheet path agrees
        dteam = hand.variant.team_names[hand.variant.team_of[hand.declarer]]
        if hand.contract < MIS:
            assert sum(result.tricks.values()) == 10 and len(hand.tricks) == 10
            sheet = score_sheet_hand(
                variant, result.declarer, result.contract, result.tricks[dteam]
            )
            assert sheet.score == result.score and sheet.made == result.made
            level = (hand.contract - BID0) // 5 + 6
            assert result.made == (result.tricks[dteam] >= level)
        else:
            declarer_tricks = hand.tricks_won[hand.declarer]
            assert declarer_tricks <= 1 and result.made == (declarer_tricks == 0)
            assert len(hand.tricks) == 10 or declarer_tricks == 1
            sheet = score_sheet_hand(variant, result.declarer, result.contract, declarer_tricks)
            assert sheet.score == result.score
    assert contracts > HANDS_PER_VARIANT // 4


@settings(max_examples=200, deadline=None)
@given(
    variant=st.sampled_from(sorted(VARIANTS)),
    players=st.sampled_from([2, 3, 4, 5, 6]),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 80),
)
def test_replaying_any_prefix_rebuilds_the_same_state(variant, players, seed, steps):
    hand = new_hand(variant, seed % players, seed, options={"players": players})
    rng = random.Random(seed)
    for _ in range(steps):
        if hand.is_done:
            break
        hand.apply(rng.choice(hand.legal_actions()))
    again = replay(hand.to_record())
    assert again.to_record() == hand.to_record()
    assert again.legal_actions() == hand.legal_actions()
    assert again.to_act == hand.to_act and again.phase == hand.phase
    for seat in list(hand.variant.seats) + [None]:
        assert again.view_for(seat) == hand.view_for(seat)


# ------------------------------------------------------------ every player count
COUNT_CONFIGS = [
    ("australian", {"players": 2}),
    ("quebec", {"players": 2, "set_rule": True}),
    ("quebec", {"players": 3}),
    ("australian", {"players": 3, "breach": True}),
    ("quebec", {"players": 5}),
    ("australian", {"players": 5, "partner_reveal": "on_play", "partner_points": "half"}),
    ("quebec", {"players": 6}),
    ("australian", {"players": 6, "teams": "3x2", "jokers": 2, "breach": True}),
    ("quebec", {"set_rule": True}),
    ("australian", {"breach": True, "winner_may_raise": True}),
]
HANDS_PER_CONFIG = 1000  # two configurations or more per count: thousands of hands


def expected_score(hand):
    """The hand's result recomputed from its contract and tricks alone."""
    v = hand.variant
    r = hand.result()
    partner = r.extra.get("partner")
    breach = (r.extra.get("breach") or {}).get("by")
    if hand.contract >= MIS:
        tricks = hand.tricks_won[hand.declarer]
    elif len(v.team_names) - 1 - (partner is not None) > 1:
        tricks = dict(r.tricks)
    else:
        tricks = r.tricks[v.team_names[v.team_of[hand.declarer]]]
    return score_sheet_hand(v, r.declarer, r.contract, tricks, partner=partner, breach=breach)


@pytest.mark.parametrize("variant, options", COUNT_CONFIGS)
def test_random_hands_of_every_count_keep_every_invariant(variant, options):
    contracts = 0
    for seed in range(HANDS_PER_CONFIG):
        rng = random.Random(seed * 11 + 3)
        hand = new_hand(variant, rng.randrange(options.get("players", 4)), seed, options=options)
        v = hand.variant
        dead = list(hand.dead)
        while not hand.is_done:
            legal = hand.legal_actions()
            if hand.phase == "auction" and "pass" in legal and rng.random() < 0.7:
                action = "pass"
            else:
                action = rng.choice(legal)
            trick_len = len(hand.trick)
            hand.apply(action)
            if hand.phase == "play" and trick_len and not hand.trick:
                held = [c for h in hand.hands for c in h]
                played = [c for t in hand.tricks for c in t[1]]
                assert sorted(held + played + hand.discards + dead) == sorted(v.deck_cards)
        for i, (leader, cards, seats, winner, led) in enumerate(hand.tricks):
            sitting_out = len(v.teammates[hand.declarer]) if hand.contract >= MIS else 0
            assert len(cards) == sum(hand.active) == v.n - sitting_out
            assert seats[0] == leader and len(set(seats)) == len(seats)
            if i + 1 < len(hand.tricks):
                assert hand.tricks[i + 1][0] == winner
        rec = hand.to_record()
        again = replay(rec)
        assert again.to_record() == rec and again.result() == hand.result()
        for seat in list(v.seats) + [None]:
            assert again.view_for(seat) == hand.view_for(seat)
        r = hand.result()
        assert set(r.score) == set(v.team_names)
        if r.redeal:
            continue
        contracts += 1
        assert len(hand.tricks) == 10 or hand.contract >= MIS
        sheet = expected_score(hand)
        assert sheet.score == r.score and sheet.made == r.made
        assert sheet.extra == r.extra and sheet.must_pass == r.must_pass
    assert contracts > HANDS_PER_CONFIG // 4
