"""The game (partie): dealers and lanceurs, the double-faced card's two rounds, five
players' deals, totals, the end, and game records."""

import random

import pytest

from games.engine.errors import IllegalActionError, MalformedError
from games.engine.four_fifty import Game, check_record, replay_game
from games.engine.four_fifty.bots import choose_action
from games.engine.four_fifty.cards import CODE


def finish(rnd, seed=0):
    rng = random.Random(seed)
    while not rnd.is_done:
        rnd.apply(choose_action(rnd, rnd.to_act, rng))
    return rnd


def test_the_secretarys_left_deals_first_and_the_winner_leads_the_next_round():
    game = Game(4, secretary="P2")
    assert (game.dealer, game.lanceur) == ("P3", "P4")
    rnd = game.next_round(seed=1)
    assert rnd.to_act == "P3" and rnd.lanceur == 3
    finish(rnd)
    result = rnd.result().to_dict()
    assert game.lanceur == result["next_lanceur"]
    seats = list(game.rules.seats)
    assert game.dealer == seats[(seats.index(game.lanceur) - 1) % 4]
    assert max(result["points"].values()) == result["points"][game.lanceur]
    assert game.totals == result["points"]


def test_a_double_faced_card_is_in_force_for_two_rounds():
    game = Game(4)
    assert game.double_face is None  # drawn before the first round
    r1 = finish(game.next_round(seed=10))
    assert game.double_face == CODE[r1.double_face]
    r2 = finish(game.next_round(seed=11))
    assert r2.double_face == r1.double_face and game.double_face is None
    r3 = game.next_round(seed=12)
    assert game.summary()["double_faces"] == [CODE[r.double_face] for r in (r1, r2, r3)]
    game = Game(4, {"double_face_rounds": 1})
    finish(game.next_round(seed=10))
    assert game.double_face is None


def test_five_players_set_aside_first_then_the_lanceur_chooses():
    game = Game(5)
    r1 = finish(game.next_round(seed=1))
    assert r1.deal.aside and not r1.deal.leftover
    r2 = game.next_round(seed=2)
    assert r2.deal.leftover and r2.phase.value == "aside" and r2.to_act == game.lanceur
    game = Game(5, {"five_player_deal": "set_aside"})
    finish(game.next_round(seed=1))
    assert game.next_round(seed=2).deal.aside


def test_a_round_at_a_time_and_nothing_after_the_end():
    game = Game(3, {"end": "rounds", "rounds": 2, "game_tie": "shared"})
    rnd = game.next_round(seed=1)
    with pytest.raises(IllegalActionError) as e:
        game.next_round(seed=2)
    assert e.value.code == "round_in_progress"
    finish(rnd)
    finish(game.next_round(seed=2))
    assert game.is_over and game.end_reason == "rounds" and game.winners
    with pytest.raises(IllegalActionError) as e:
        game.next_round(seed=3)
    assert e.value.code == "game_over"


def test_a_game_to_the_target_ends_after_the_round_that_reaches_it():
    game = Game(4, {"target": 200})
    seed = 0
    while not game.is_over:
        finish(game.next_round(seed=seed), seed)
        seed += 1
    totals = game.totals
    assert game.end_reason == "target" and max(totals.values()) >= 200
    assert game.winner == max(totals, key=totals.get)
    before = {s: totals[s] - game.points()[-1][s] for s in totals}
    assert (
        max(before.values()) < 200
        or len([s for s in before if before[s] == max(before.values())]) > 1
    )


def _with_points(monkeypatch, game, rounds):
    monkeypatch.setattr(Game, "points", lambda self: rounds)
    monkeypatch.setattr(Game, "rounds_played", property(lambda self: len(rounds)))


def test_equal_best_totals_play_on_or_share_the_win(monkeypatch):
    game = Game(3, {"target": 100})
    _with_points(monkeypatch, game, [{"P1": 120, "P2": 120, "P3": 0}])
    assert not game.is_over and game.winners == []
    shared = Game(3, {"target": 100, "game_tie": "shared"})
    assert shared.is_over and shared.winners == ["P1", "P2"] and shared.winner is None
    _with_points(monkeypatch, game, [{"P1": 120, "P2": 120, "P3": 0}, {"P1": 0, "P2": 5}])
    assert game.is_over and game.winner == "P2"


def test_a_game_record_replays_to_the_same_game():
    game = Game(5, {"target": 150}, secretary="P3")
    seed = 0
    while not game.is_over:
        finish(game.next_round(seed=seed), seed)
        seed += 1
    rec = game.to_record()
    again = replay_game(rec)
    assert again.summary() == game.summary() and again.to_record() == rec
    out = check_record(rec)
    assert out["ok"] and out["complete"] and out["totals"] == game.totals
    assert out["winners"] == game.winners and out["rounds_played"] == seed


def test_a_game_record_with_the_wrong_dealer_or_double_faced_card_names_the_round():
    game = Game(4)
    finish(game.next_round(seed=1))
    game.next_round(seed=2)
    rec = game.to_record()
    second = rec["rounds"][1]
    right = second["dealer"]
    second["dealer"] = next(s for s in ("P1", "P2", "P3", "P4") if s != right)
    with pytest.raises(MalformedError) as e:
        replay_game(rec)
    assert e.value.field == "rounds[1].dealer"
    assert str(e.value) == f"{right} deals this round, not {second['dealer']}"
    second["dealer"] = right
    df = second["double_face"]
    second["double_face"] = "3S" if df != "3S" else "7S"
    out = check_record(rec)
    assert out == {
        "ok": False,
        "at": "rounds[1].double_face",
        "error": f"the double-faced card is still {df}",
    }


def test_a_game_record_with_an_illegal_discard_names_it():
    game = Game(4)
    finish(game.next_round(seed=1))
    rec = game.to_record()
    discards = rec["rounds"][0]["discards"]
    first_card = next(i for i, d in enumerate(discards) if not d.startswith("major:"))
    holder = next(s for s, h in rec["rounds"][0]["hands"].items() if discards[first_card + 1] in h)
    discards[first_card], discards[first_card + 1] = (
        discards[first_card + 1],
        discards[first_card],
    )
    out = check_record(rec)
    assert out["ok"] is False and out["at"] == f"rounds[0].discards[{first_card}]"
    assert out["action"] == discards[first_card] and f"({holder} holds it)" in out["error"]


def test_a_game_in_progress_answers_the_current_round():
    game = Game(6)
    finish(game.next_round(seed=1))
    game.next_round(seed=2)
    out = check_record(game.to_record())
    assert out["ok"] and not out["complete"]
    assert out["phase"] == "show" and out["legal"] == ["hide"]


@pytest.mark.parametrize(
    ("options", "end"),
    [
        ({}, {"by": "target", "target": 350, "rounds": 10}),
        ({"end": "rounds", "rounds": 4}, {"by": "rounds", "target": 350, "rounds": 4}),
        ({"target": 500}, {"by": "target", "target": 500, "rounds": 10}),
    ],
)
def test_the_summary_says_how_the_game_ends_with_the_defaults_resolved(options, end):
    """A page shows "at 350 points" for a game left at the default end: the summary
    carries the end itself, not only the options chosen."""
    game = Game(4, options)
    assert game.summary()["end"] == end
    assert game.summary()["options"] == options
