"""The deal: cards per player count, the pot, the cards dealt face up, five players,
the double-faced card, and the dealer hiding the visible cards."""

import pytest

from games.engine.errors import IllegalActionError
from games.engine.four_fifty import get_rules, new_round
from games.engine.four_fifty.cards import CODE, PACK, codes
from games.engine.four_fifty.deal import deal_cards, draw_double_face, shuffled_pack


@pytest.mark.parametrize("players, each, pot", [(3, 11, 3), (4, 8, 4), (5, 6, 5), (6, 5, 6)])
def test_every_card_is_dealt_by_player_count(players, each, pot):
    for seed in range(20):
        rnd = new_round(players, "P1", seed=seed)
        deal = rnd.deal
        assert [len(h) for h in deal.hands] == [each] * players
        assert len(deal.pot) == pot
        dealt = [c for h in deal.hands for c in h] + list(deal.pot) + list(deal.aside)
        assert sorted(dealt) == list(PACK)
        assert len(deal.aside) == (1 if players == 5 else 0)


def test_the_deal_is_two_by_two_from_the_dealers_left_and_the_pot_one_at_a_time():
    # 3 players, 11 cards: packets 2-2-2-2-1-2, a pot card after every 6th packet
    rules = get_rules(3)
    deck = list(range(36))
    deal = deal_cards(rules, 2, deck, True)  # P3 deals: P1 is served first
    assert deal.hands[0][:4] == (0, 1, 6, 7)
    assert deal.hands[1][:2] == (2, 3) and deal.hands[2][:2] == (4, 5)
    # packets 1-6 (12 cards), then the first pot card
    assert deal.pot[-1] == 12
    assert deal.hands[0][4:6] == (13, 14)
    # the one-card round comes just before the last, face-up round
    assert len(deal.hands[0]) == 11 and deal.visible[0] == deal.hands[0][-2:]
    assert deal.pot[0] == 35  # the last card dealt goes to the pot, face up


def test_six_players_deal_2_1_2_and_the_pot_after_every_third_packet():
    deal = deal_cards(get_rules(6), 5, list(range(36)), True)
    assert deal.hands[0] == (0, 1, 14, 22, 23)  # 2, then 1, then 2 face up
    assert deal.pot[::-1] == (6, 13, 17, 21, 28, 35)
    assert all(v == h[-2:] for v, h in zip(deal.visible, deal.hands))


def test_one_visible_card_per_player_as_an_option():
    rnd = new_round(6, "P1", seed=3, options={"visible_cards": 1})
    assert all(len(v) == 1 and v[0] == h[-2] for v, h in zip(rnd.deal.visible, rnd.deal.hands))
    assert all(len(cards) == 1 for cards in rnd.view_for(None)["shown"].values())


def test_five_players_solution_1_sets_the_last_card_aside_face_up():
    rnd = new_round(5, "P1", seed=9, set_aside=True)
    assert rnd.deal.aside == (shuffled_pack(9)[-1],)
    assert rnd.phase.value == "show"
    for seat in rnd.rules.seats + (None,):
        assert rnd.view_for(seat)["aside"] == [CODE[rnd.deal.aside[0]]]


def test_five_players_solution_2_shows_two_cards_and_the_lanceur_eliminates_one():
    rnd = new_round(5, "P1", seed=9, set_aside=False)
    assert len(rnd.deal.leftover) == 2 and len(rnd.pot) == 4
    assert rnd.phase.value == "aside" and rnd.to_act == "P2"
    view = rnd.view_for("P3")
    assert view["leftover"] == [CODE[c] for c in rnd.deal.leftover]
    assert view["pot_shown"] is None
    out, keep = rnd.deal.leftover
    with pytest.raises(IllegalActionError) as e:
        rnd.apply("hide")
    assert e.value.code == "wrong_phase"
    rnd.apply(f"aside:{CODE[out]}")
    assert rnd.pot[0] == keep and len(rnd.pot) == 5
    assert rnd.view_for(None)["aside"] == [CODE[out]]
    assert rnd.view_for(None)["pot_shown"] == CODE[keep]
    assert rnd.phase.value == "show" and rnd.to_act == "P1"


def test_same_seed_same_deal_on_any_machine():
    rnd = new_round(4, "P1", seed=42)
    rec = rnd.to_record()
    assert rec["hands"]["P2"] == ["JH", "KS", "8D", "KD", "JS", "7S", "JD", "3C"]
    assert rec["pot"] == ["AC", "9H", "AD", "8S"]
    assert rec["double_face"] == CODE[draw_double_face(42)] == "JH"
    assert new_round(4, "P1", seed=43).to_record()["hands"] != rec["hands"]


def test_the_dealer_chooses_when_the_visible_cards_are_hidden():
    rnd = new_round(4, "P4", seed=1)
    assert rnd.phase.value == "show" and rnd.to_act == "P4"
    assert rnd.legal_actions() == ["hide"]
    view = rnd.view_for("P2")
    # every face-up card is on the table; players have not yet picked up the rest
    assert view["shown"] == {s: codes(rnd.deal.visible[i]) for i, s in enumerate(rnd.rules.seats)}
    assert view["hand"] == view["shown"]["P2"]
    assert view["pot_shown"] == CODE[rnd.pot[0]]
    with pytest.raises(IllegalActionError) as e:
        rnd.apply_as("P1", "hide")
    assert e.value.code == "not_your_turn"
    with pytest.raises(IllegalActionError) as e:
        rnd.apply(CODE[rnd.hands[0][0]])
    assert e.value.code == "wrong_phase"
    assert str(e.value).startswith("the dealer P4 must first hide the cards dealt face up")
    rnd.apply_as("P4", "hide")
    view = rnd.view_for("P2")
    assert view["shown"] == {} and view["pot_shown"] is None and len(view["hand"]) == 8
    shown = [e for e in view["events"] if e["type"] == "cards_shown"][0]
    assert shown["visible"] is None and shown["pot"] is None
    assert rnd.shown_at_deal()["pot"] == CODE[rnd.pot[0]]
    assert rnd.to_act == "P1"  # the lanceur, on the dealer's left, plays first
