"""The game around the hands: first dealer, rotation, totals, end of game."""

from games.engine import Game, draw_first_dealer
from games.engine.cards import CARD_OF, draw_rank

from .util import play_out


def test_first_dealer_is_the_lowest_card_drawn_and_is_reproducible():
    for seed in range(30):
        draw = draw_first_dealer("quebec", seed)
        assert draw == draw_first_dealer("quebec", seed)
        last = draw.rounds[-1]
        low = min(draw_rank(CARD_OF[c]) for c in last.values())
        assert [s for s, c in last.items() if draw_rank(CARD_OF[c]) == low] == [draw.dealer]


def test_first_dealer_ties_for_lowest_redraw_among_themselves_suits_do_not_break_ties():
    seed = next(s for s in range(1000) if len(draw_first_dealer("quebec", s).rounds) > 1)
    draw = draw_first_dealer("quebec", seed)
    first, second = draw.rounds[0], draw.rounds[1]
    low = min(draw_rank(CARD_OF[c]) for c in first.values())
    tied = [s for s, c in first.items() if draw_rank(CARD_OF[c]) == low]
    assert len(tied) >= 2 and list(second) == tied


def test_jokers_are_highest_in_the_draw():
    assert (
        draw_rank(CARD_OF["WJ"])
        > draw_rank(CARD_OF["BJ"])
        > draw_rank(CARD_OF["AS"])
        > draw_rank(CARD_OF["4H"])
    )


def test_quebec_game_is_eight_hands_deal_moves_left_each_dealing_twice():
    game = Game("quebec", first_dealer="N")
    dealers = []
    seed = 0
    while not game.is_over:
        hand = game.next_hand(seed)
        seed += 1
        dealers.append(hand.view_for(None)["dealer"])
        play_out(hand)
    played = [d for d, r in zip(dealers, game.results()) if not r.redeal]
    assert game.hands_played == 8 and len(played) == 8
    assert played == ["N", "E", "S", "W", "N", "E", "S", "W"]
    totals = game.totals
    assert totals == {t: sum(r.score[t] for r in game.results()) for t in ("NS", "EW")}
    assert game.end_reason in ("hands", "hands_tie")


def test_quebec_all_pass_redeal_is_by_the_same_dealer_and_not_counted():
    game = Game("quebec", first_dealer="E")
    game.add_redeal()
    assert game.dealer == "E" and game.hands_played == 0
    game.add_score_sheet("N", "7S", 7)
    assert game.dealer == "S" and game.hands_played == 1


def test_australian_all_pass_passes_the_deal_on():
    game = Game("australian", first_dealer="E")
    game.add_redeal()
    assert game.dealer == "S"


def test_quebec_score_does_not_end_a_tournament_game():
    game = Game("quebec", first_dealer="N")
    for _ in range(7):
        game.add_score_sheet("N", "10NT", 10)
    assert game.totals["NS"] == 7 * 520 and not game.is_over
    game.add_score_sheet("E", "6S", 0)
    assert game.is_over and game.winner == "NS"


def test_quebec_can_play_to_a_target_instead_with_section_3_end_rules():
    game = Game("quebec", options={"end": "target"}, first_dealer="N")
    game.add_score_sheet("N", "10NT", 10)
    assert game.is_over and game.winner == "NS" and game.end_reason == "target"
    game = Game("quebec", options={"end": "target"}, first_dealer="N")
    game.add_score_sheet("E", "9NT", 9)
    game.add_score_sheet("N", "6S", 0)  # EW past 500 on trick points only
    assert not game.is_over
    game.add_score_sheet("N", "10NT", 4)  # NS at -500 or below: loses
    assert game.is_over and game.end_reason == "minus_target" and game.winner == "EW"


def test_australian_must_win_by_making_a_contract():
    game = Game("australian", first_dealer="N")
    game.add_score_sheet("N", "10H", 10)  # NS 500 by contract... EW at 0
    assert game.is_over and game.winner == "NS"
    game = Game("australian", first_dealer="N")
    game.add_score_sheet("N", "10NT", 0)  # NS -520: lost
    assert game.is_over and game.end_reason == "minus_target" and game.winner == "EW"


def test_australian_reaching_500_on_trick_points_does_not_win():
    game = Game("australian", first_dealer="N")
    game.add_score_sheet("E", "9NT", 9)  # EW 420
    game.add_score_sheet("N", "6S", 0)  # EW +100 on tricks: 520, NS -40
    assert game.totals == {"NS": -30, "EW": 520}
    assert not game.is_over
    game.add_score_sheet("W", "6S", 6)  # EW make a contract: win
    assert game.is_over and game.winner == "EW" and game.end_reason == "target"


def test_minus_500_loses():
    game = Game("american", first_dealer="N")
    game.add_score_sheet("N", "10NT", 5)
    assert game.is_over and game.end_reason == "minus_target" and game.winner == "EW"


def test_american_wins_at_500_however_it_gets_there():
    game = Game("american", first_dealer="N")
    game.add_score_sheet("E", "9NT", 9)
    game.add_score_sheet("N", "7S", 0)  # EW +100 on tricks
    assert game.is_over and game.winner == "EW"


def test_french_canadian_game_to_1000_failed_contracts_feed_the_opponents():
    game = Game("french-canadian", first_dealer="N")
    game.add_score_sheet("N", "10NT", 9)  # EW get 520 + 10
    assert game.totals == {"NS": 0, "EW": 530} and not game.is_over
    game.add_score_sheet("N", "10NT", 9)
    assert game.is_over and game.winner == "EW" and game.totals["EW"] == 1060


def test_point_difference_rule():
    game = Game("american", options={"point_difference": 500}, first_dealer="N")
    game.add_score_sheet("N", "8S", 3)  # NS -240, EW 70
    game.add_score_sheet("N", "8S", 3)  # NS -480, EW 140: difference 620
    assert game.is_over and game.end_reason == "point_difference" and game.winner == "EW"


def test_game_summary_is_json_serializable_and_shows_the_draw():
    import json

    game = Game("quebec", seed=3)
    summary = json.loads(json.dumps(game.summary()))
    assert summary["draw"] and summary["first_dealer"] == summary["dealer"]
