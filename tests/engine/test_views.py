"""Per-seat views show only what the viewer may see."""

import json
import random

from games.engine import new_hand
from games.engine.cards import CODE

from .util import make_hand


def test_views_never_contain_hidden_cards_in_random_hands():
    for variant in ("quebec", "australian", "american", "french-canadian"):
        for seed in range(40):
            hand = new_hand(variant, "N", seed)
            rng = random.Random(seed)
            while True:
                for seat in list(hand.variant.seats) + [None]:
                    view = hand.view_for(seat)
                    json.dumps(view)
                    mine = set(view["hand"] or [])
                    played = {c["card"] for t in view["tricks"] for c in t["cards"]}
                    played |= {c["card"] for c in view["trick"]}
                    shown = {c for cards in view["shown"].values() for c in cards}
                    named = set(view["named_jokers"])  # naming the joker is public
                    allowed = mine | played | shown | named | set(view["discards"] or [])
                    # bids share codes with cards ("6S"): leave calls and contracts out
                    scrubbed = {
                        k: v
                        for k, v in view.items()
                        if k not in ("calls", "contract", "result", "events")
                    }
                    if view["phase"] == "auction":
                        scrubbed.pop("legal")
                    scrubbed["events"] = [
                        e
                        for e in view["events"]
                        if e["type"] not in ("call", "contract", "hand_over")
                    ]
                    text = json.dumps(scrubbed)
                    for code in CODE:
                        if f'"{code}"' in text and code not in allowed:
                            # only legal actions of the viewer's own turn may name his cards
                            raise AssertionError((variant, seed, seat, code))
                if hand.is_done:
                    break
                hand.apply(rng.choice(hand.legal_actions()))


def test_declarer_sees_his_discards_others_only_the_count():
    hand = make_hand(calls=["7S", "pass", "pass", "pass"], discards="kitty")
    assert len(hand.view_for("N")["discards"]) == 6
    assert hand.view_for("E")["discards"] is None and hand.view_for("E")["discard_count"] == 6


def test_spectator_sees_no_hand_and_no_legal_actions():
    view = new_hand("quebec", "N", 1).view_for(None)
    assert view["hand"] is None and view["legal"] == []


def test_seat_to_act_sees_its_legal_actions():
    hand = new_hand("quebec", "N", 1)
    assert hand.view_for("E")["legal"] == hand.legal_actions()
    assert hand.view_for("S")["legal"] == []


def test_a_view_is_the_public_part_all_viewers_share_plus_the_viewers_own():
    """A server renders the public part once for all of a table's viewers: it holds no
    viewer's key, and each viewer's view adds only its own part to it."""
    from games.engine.views import PRIVATE_KEYS, private_view, public_view

    hand = make_hand(calls=["7S", "pass", "pass", "pass"], discards="kitty")
    public = public_view(hand)
    assert not set(PRIVATE_KEYS) & set(public)
    for seat in [*hand.variant.seats, None]:
        private = private_view(hand, seat)
        assert tuple(private) == PRIVATE_KEYS
        assert hand.view_for(seat) == {**public, **private}
    assert private_view(hand, None) == {"viewer": None, "hand": None, "discards": None, "legal": []}
