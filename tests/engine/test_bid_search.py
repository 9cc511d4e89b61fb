"""The searching bot's calls (``games.engine.bid_search``): candidate calls tried on
sampled deals played out by the rules of thumb; legal, reproducible, sensible at the
extremes, and blind to the cards its seat has not seen."""

from __future__ import annotations

import random

import pytest

from games.engine import get_variant, new_hand
from games.engine.actions import ACTION_STR, BREACH, CALL_OF, PASS
from games.engine.bid_search import _sample_deal, bid_by_rollouts, call_candidates, call_values
from games.engine.bid_search import thumb_call as bid_search_thumb
from games.engine.bots import choose_action
from games.engine.cards import CARD_OF
from games.engine.hand import Hand, Phase
from games.engine.search_bot import call_thoughts, searches_calls


def _auctions(players: int, count: int):
    """Seeded hands at each seat's first call of the auction (rules of thumb before)."""
    v = get_variant("quebec", {"players": players})
    for seed in range(count):
        h = new_hand(v, dealer=v.seats[seed % v.n], seed=seed)
        rng = random.Random(seed)
        for _ in range(seed % v.n):
            if h.phase is not Phase.AUCTION:
                break
            h.apply(choose_action(h, h.to_act, rng))
        if h.phase is Phase.AUCTION:
            yield h


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_call_is_legal_and_the_same_for_the_same_seed(players):
    for h in _auctions(players, 6):
        call = bid_by_rollouts(h, random.Random(4), samples=3)
        assert call in h.legal_actions()
        assert bid_by_rollouts(h, random.Random(4), samples=3) == call


def test_pass_and_the_rule_of_thumb_s_call_are_always_candidates():
    for h in _auctions(4, 8):
        candidates = call_candidates(h)
        thumb = choose_action(h, h.to_act, random.Random(0))
        assert ACTION_STR[candidates[0]] in ("pass", thumb)
        assert thumb in {ACTION_STR[c] for c in candidates}
        assert set(candidates) <= set(h.legal_codes())
        values = call_values(h, random.Random(1), samples=2)
        assert set(values) == set(candidates)


def _hand_with(cards_n: list[str], seed: int = 3) -> Hand:
    """A four-handed Quebec hand, North to call first, North holding ``cards_n``."""
    v = get_variant("quebec", {"players": 4})
    mine = [CARD_OF[c] for c in cards_n]
    rest = [c for c in v.deck_cards if c not in mine]
    random.Random(seed).shuffle(rest)
    hands = [mine, rest[0:10], rest[10:20], rest[20:30]]
    return Hand(v, v.seats.index("W"), hands, rest[30:35])


def test_a_hand_of_top_trumps_bids_and_a_hopeless_one_passes():
    strong = _hand_with(["WJ", "BJ", "JH", "JD", "AH", "KH", "QH", "10H", "AS", "AC"])
    assert strong.to_act == "N"
    call = bid_by_rollouts(strong, random.Random(2), samples=6)
    assert call[0].isdigit() and int(call.rstrip("SCDHNT")) >= 8, call
    weak = _hand_with(["4S", "5S", "6C", "7C", "4D", "5D", "8H", "9S", "6D", "7S"])
    values = call_values(weak, random.Random(2), samples=6)
    assert bid_by_rollouts(weak, random.Random(2), samples=6) in ("pass", "MIS", "OMIS")
    assert max(values, key=values.get) in (
        PASS,
        *[c for c in values if ACTION_STR[c] in ("MIS", "OMIS")],
    )


def test_a_sampled_deal_keeps_the_seat_s_cards_and_deals_every_other_card_once():
    for h in _auctions(5, 4):
        seat = h.to_act_i
        hands, kitty = _sample_deal(h, seat, random.Random(7))
        assert sorted(hands[seat]) == sorted(h.hands[seat])
        dealt = [c for cards in hands for c in cards] + kitty
        assert sorted(dealt) == sorted(h.variant.deck_cards)
        assert [len(x) for x in hands[: h.variant.n]] == [len(x) for x in h.hands]


def test_the_call_does_not_read_the_cards_it_has_not_seen():
    """The same seat's cards with the others' and the kitty dealt differently: the
    same call for the same seed."""
    mine = ["WJ", "JS", "AS", "KS", "10S", "AD", "9D", "4C", "6H", "7H"]
    calls = {
        bid_by_rollouts(_hand_with(mine, seed), random.Random(5), samples=4) for seed in range(4)
    }
    assert len(calls) == 1, calls


def test_no_deal_is_started_that_the_slowest_so_far_says_would_end_past_the_budget(
    monkeypatch,
):
    """Calls weighed on a clock: a deal is dealt only while the slowest deal so far
    would still end within ``max_seconds`` (a fake clock; each rollout takes 10 ms), so
    the decision ends by its budget, with at least one deal."""
    from types import SimpleNamespace

    from games.engine import bid_search

    clock = [0.0]
    monkeypatch.setattr(bid_search, "time", SimpleNamespace(monotonic=lambda: clock[0]))
    real = bid_search._rollout

    def timed(*args):
        clock[0] += 0.010
        return real(*args)

    monkeypatch.setattr(bid_search, "_rollout", timed)
    h = next(h for h in _auctions(4, 12) if len(call_candidates(h)) > 2)
    margins = bid_search.call_margins(h, random.Random(2), samples=50, max_seconds=0.1)
    dealt = len(next(iter(margins.values())))
    assert dealt >= 1
    assert clock[0] <= 0.1 + 1e-9
    assert clock[0] + 0.010 * len(margins) >= 0.1 - 1e-9  # no deal left out that fitted


def _breach_round(cards_n: list[str], seed: int = 3) -> Hand:
    """A four-handed Quebec hand with the breach rule, East declaring 9 spades and
    South passing in the breach round: North, holding ``cards_n``, to call."""
    v = get_variant("quebec", {"players": 4, "breach": True})
    mine = [CARD_OF[c] for c in cards_n]
    rest = [c for c in v.deck_cards if c not in mine]
    random.Random(seed).shuffle(rest)
    h = Hand(v, v.seats.index("W"), [mine, rest[0:10], rest[10:20], rest[20:30]], rest[30:35])
    for call in ("pass", "9S", "pass", "pass", "pass"):  # N, E, S, W; then S's breach call
        h.apply(call)
    assert h.phase is Phase.BREACH and h.to_act == "N"
    return h


def test_a_breach_is_called_on_a_defence_that_beats_the_contract_and_not_on_a_weak_one():
    """The breach round is searched like the auction: over sampled deals North's top
    spades make the breach worth more than passing, and a hand of low cards passes."""
    strong = _breach_round(["JS", "JC", "AS", "KS", "QS", "AH", "AD", "AC", "KH", "KD"])
    assert searches_calls(strong)
    values = call_values(strong, random.Random(2), samples=8)
    assert values[BREACH] > values[PASS]
    assert bid_by_rollouts(strong, random.Random(2), samples=8) == "breach"
    weak = _breach_round(["4H", "5H", "6H", "4D", "5D", "6D", "4C", "5C", "6C", "7C"])
    values = call_values(weak, random.Random(2), samples=8)
    assert values[PASS] > values[BREACH]
    assert bid_by_rollouts(weak, random.Random(2), samples=8) == "pass"
    # a replay's "what would the robot call here" shows both calls' means
    thoughts = call_thoughts(strong, random.Random(2), samples=8, max_seconds=None)
    assert [c["action"] for c in thoughts["calls"]] == ["breach", "pass"]
    assert thoughts["best"] == "breach"


@pytest.mark.parametrize("players", [3, 4, 6])
def test_a_searched_breach_call_is_legal_and_the_same_for_the_same_seed(players):
    v = get_variant("quebec", {"players": players, "breach": True})
    found = 0
    for seed in range(60):
        h = new_hand(v, dealer=v.seats[seed % v.n], seed=seed)
        rng = random.Random(seed)
        while not h.is_done and h.phase is not Phase.BREACH:
            h.apply(choose_action(h, h.to_act, rng))
        if h.phase is not Phase.BREACH:
            continue
        found += 1
        call = bid_by_rollouts(h, random.Random(4), samples=3)
        assert call in h.legal_actions()
        assert bid_by_rollouts(h, random.Random(4), samples=3) == call
        if found == 4:
            break
    assert found


def _partner_calls(count: int):
    """Seeded five-handed hands at the declarer's partner call (rules of thumb before)."""
    v = get_variant("quebec", {"players": 5})
    for seed in range(count):
        h = new_hand(v, dealer=v.seats[seed % v.n], seed=seed)
        rng = random.Random(seed)
        while not h.is_done and h.phase is not Phase.PARTNER:
            h.apply(choose_action(h, h.to_act, rng))
        if h.phase is Phase.PARTNER:
            yield h


def test_the_partner_call_is_searched_among_alone_and_a_few_legal_cards():
    """At five players the declarer's partner card is weighed like a call: going alone,
    the rule of thumb's card and the top cards he may name, each legal; the choice is
    legal and the same for the same seed."""
    tried = 0
    for h in _partner_calls(12):
        candidates = call_candidates(h)
        assert ACTION_STR[candidates[0]] == "alone" and len(candidates) >= 3
        assert set(candidates) <= set(h.legal_codes())
        assert searches_calls(h)
        call = bid_by_rollouts(h, random.Random(4), samples=3)
        assert call in h.legal_actions()
        assert bid_by_rollouts(h, random.Random(4), samples=3) == call
        tried += 1
    assert tried >= 3


def test_a_declarer_s_sampled_deal_keeps_the_kitty_he_took():
    """Once the declarer has taken the kitty, his samples deal him his own ten cards
    and that kitty (he has seen it), the unseen cards to the others."""
    h = next(_partner_calls(12))
    seat = h.to_act_i
    assert seat == h.declarer
    hands, kitty = _sample_deal(h, seat, random.Random(7))
    assert sorted(kitty) == sorted(h.kitty)
    assert sorted(hands[seat] + kitty) == sorted(h.hands[seat])
    others = sorted(c for i, cards in enumerate(hands) if i != seat for c in cards)
    assert others == sorted(c for c in h.variant.deck_cards if c not in h.hands[seat])


def test_a_ten_trick_bid_of_the_rule_of_thumb_is_made_only_when_the_deals_find_it_best():
    """The rule of thumb's call stands unless another is clearly ahead, except a bid
    of every trick: a lower bid only slightly ahead over the deals is made instead, and
    the ten-trick bid only when it has the best mean."""
    from games.engine.bid_search import chosen_call, is_every_trick

    h = _hand_with(["WJ", "BJ", "JH", "JD", "AH", "KH", "QH", "10H", "AS", "AC"])
    ten, nine = CALL_OF["10H"], CALL_OF["9H"]
    assert bid_search_thumb(h) == ten
    noisy = {ten: [500.0, -500.0, 500.0, -500.0], nine: [480.0, -450.0, 430.0, -400.0]}
    assert chosen_call(h, noisy) == nine  # ahead by 15 a deal, well within the noise
    better = {ten: [520.0, -400.0, 520.0, -400.0], nine: [480.0, -450.0, 430.0, -400.0]}
    assert chosen_call(h, better) == ten
    # any other call of the rule of thumb keeps its benefit of the doubt
    some = next(
        h
        for h in _auctions(4, 30)
        if len(call_candidates(h)) > 1 and not is_every_trick(bid_search_thumb(h))
    )
    thumb = bid_search_thumb(some)
    other = next(c for c in call_candidates(some) if c != thumb)
    close = {thumb: [10.0, -30.0, 20.0, -10.0], other: [12.0, -34.0, 25.0, -12.0]}
    assert chosen_call(some, close) == thumb
