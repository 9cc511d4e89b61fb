"""The searching bot of 500 (levels "Club" and "Fort"): legal, reproducible, and blind
to what its seat may not know (the five-handed partner card's holder)."""

from __future__ import annotations

import random

from games.engine import Phase
from games.engine.sampling import deal_unseen, side_in_sample
from games.engine.search_bot import choose_searched, searches
from games.engine.solver import position_from_hand

from .solver_util import play_position

SMALL = {"samples": 3, "max_seconds": None, "max_nodes": 3000}


def _positions():
    out = []
    for players in (3, 4, 5):
        for kind in ("suit", "nt"):
            for seed in range(6):
                h = play_position("quebec", players, kind, seed, 4, in_trick=seed % players)
                if h is not None and searches(h):
                    out.append(h)
    return out


def test_a_searched_card_is_legal_and_the_same_for_the_same_seed():
    positions = _positions()
    assert len(positions) >= 10
    for h in positions:
        seat = h.to_act
        first = choose_searched(h, seat, random.Random("t:7"), **SMALL)
        assert first in h.legal_actions()
        assert choose_searched(h, seat, random.Random("t:7"), **SMALL) == first


def test_the_calls_are_searched_and_the_discards_keep_the_rule_of_thumb():
    """Calls in the auction, the breach round and the partner call are searched
    (``bid_search``); the discards are the rule of thumb's, as is a seat with one
    card."""
    from games.engine import get_variant, new_hand
    from games.engine.bots import choose_action

    h = new_hand(get_variant("quebec", {"players": 5}), dealer="P1", seed=12)
    assert h.phase is Phase.AUCTION and searches(h)
    seen = set()
    rng = random.Random(1)
    while not h.is_done:
        seen.add(h.phase)
        if h.phase is Phase.KITTY:
            assert not searches(h)
            assert choose_searched(h, h.to_act, random.Random(2), **SMALL) == choose_action(
                h, h.to_act, random.Random(2)
            )
        if h.phase is Phase.PARTNER:
            assert searches(h)
        h.apply(choose_action(h, h.to_act, rng))
    assert {Phase.KITTY, Phase.PARTNER} <= seen
    mis = next(
        h
        for seed in range(40)
        if (h := play_position("australian", 4, "mis", seed, 5, in_trick=1)) is not None
    )
    assert not searches(mis)


def test_the_partner_cards_hidden_holder_is_not_read_from_the_deal():
    """Five players, the partner card not yet shown: in each sample the declaring side
    is the declarer's with the sample's holder of the card, not the real holder."""
    checked = 0
    for seed in range(60):
        h = play_position("quebec", 5, "suit", seed, 9, options={"partner_reveal": "on_play"})
        if h is None or h.partner < 0 or h.partner_known:
            continue
        seat = next(i for i in range(5) if i not in (h.declarer, h.partner))
        base = position_from_hand(h)
        holders = set()
        rng = random.Random(seed)
        for _ in range(12):
            hands = deal_unseen(h, seat, rng)
            side = side_in_sample(h, seat, base, hands)
            holder = next((i for i, cards in enumerate(hands) if h.partner_card in cards), -1)
            # (a sample may leave the card unseen by all: the kitty, the discards)
            assert side == frozenset({h.declarer} | ({holder} if holder >= 0 else set()))
            holders.add(holder)
        assert len(holders) > 1  # the samples do not all put the card where it really is
        # the declarer's partner himself knows: the real side
        assert side_in_sample(h, h.partner, base, h.hands) == base.side
        checked += 1
    assert checked >= 2


def test_at_five_and_six_players_only_the_last_cards_are_searched():
    """At five and six players a hand's play is searched only in its last five or four
    cards (``CARDS_SEARCHED``), the rule of thumb's card before; at four players from
    the first card."""
    from games.engine.search_bot import CARDS_SEARCHED, searches_cards

    def with_a_choice(players, cards_left):
        for seed in range(40):
            h = play_position("quebec", players, "suit", seed, cards_left)
            if h is not None and len(h.legal_actions()) > 1:
                return h
        raise AssertionError("no position with a choice")

    for players, most in ((4, 10), (5, 5), (6, 4)):
        assert CARDS_SEARCHED.get(players, 10) == most
        assert searches_cards(with_a_choice(players, 10)) == (players == 4)
        assert searches_cards(with_a_choice(players, most))
        if most < 10:
            assert not searches_cards(with_a_choice(players, most + 1))
