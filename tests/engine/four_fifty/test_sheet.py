"""The secretary's sheet (club450-sheet/1): a round played with real cards, scored from
the cards on the table at its end, or entered as points; bad input named by field."""

import random

import pytest

from games.engine.cli import check_any
from games.engine.errors import IllegalActionError, MalformedError
from games.engine.four_fifty import (
    Game,
    get_rules,
    new_round,
    read_sheet,
    score_cards,
    score_points,
)
from games.engine.four_fifty.bots import choose_action
from games.engine.four_fifty.cards import CODE
from games.engine.four_fifty.sheet import counts_so_far

R4 = get_rules(4)


def four(**over):
    """A 4-player end of round (dealer P2, so P3 leads): P1 a pair of queens."""
    args = {
        "dealer": 1,
        "double_face": "9D",
        "hands": {"P1": ["QH", "QC"], "P2": ["8H", "JH"], "P3": ["10D", "JD"], "P4": ["9D", "7S"]},
        "pot": {"P1": "QD", "P2": "KC", "P3": "AS", "P4": "AD"},
    }
    args.update(over)
    return args


def test_cards_are_counted_with_the_articles_values():
    sheet = score_cards(R4, **four())
    result = sheet.result().to_dict()
    assert result["first_count"]["P1"]["value"] == 52  # D♥ D♣ = 52
    assert result["first_count"]["P2"]["value"] == 19  # 8♥ V♥ = 19
    assert result["first_count"]["P3"]["value"] == 32  # 10♦ V♦ = 32
    assert result["master"] == "P1" and result["master_reason"] == "main"
    assert result["points"] == {"P1": 117, "P2": 19, "P3": 32, "P4": 26}  # brelan of Qs
    assert result["next_lanceur"] == "P1" and result["next_dealer"] == "P4"


def test_a_major_sequence_adds_fifty_to_the_points_even_when_they_are_nil():
    sheet = score_cards(R4, **four(majors={"P4": ["7C", "8C", "9C", "10C", "JC"]}))
    assert sheet.points()["P4"] == 26 + 50
    with pytest.raises(MalformedError) as err:
        score_cards(R4, **four(majors={"P4": ["7C", "8C", "9C", "10C"]}))
    assert err.value.code == "not_a_major_sequence" and err.value.field == "majors.P4"


def test_the_double_faced_card_becomes_the_three_of_spades_when_both_conditions_hold():
    # 9♦ is in P4's base hand 9♦ 10♦ (a small sequence) and the 3♠ was discarded.
    args = four(
        hands={"P1": ["QH", "QC"], "P2": ["8H", "JH"], "P3": ["7D", "JD"], "P4": ["9D", "10D"]}
    )
    result = score_cards(R4, **args).result().to_dict()
    assert result["transformed"] == {"seat": "P4", "card": "9D"}
    assert "3S" in result["final"]["P4"]["cards"]
    # The 3♠ in a pot card: it is not in the discard pile, no transformation.
    result = score_cards(R4, **{**args, "pot": {**args["pot"], "P3": "3S"}}).result().to_dict()
    assert result["transformed"] is None


def test_the_jack_of_spades_in_a_base_hand_takes_the_masters_place():
    args = four(
        hands={"P1": ["QH", "QC"], "P2": ["8H", "JS"], "P3": ["10D", "JD"], "P4": ["9D", "7S"]}
    )
    result = score_cards(R4, **args).result().to_dict()
    assert result["master"] == "P2" and result["master_reason"] == "valet_de_pique"


def test_a_master_other_than_the_cards_one_is_refused_with_the_reason():
    with pytest.raises(IllegalActionError) as err:
        score_cards(R4, **four(master="P3"))
    assert err.value.code == "wrong_master" and err.value.field == "master"
    assert "P1 is the master, not P3" in str(err.value)
    assert score_cards(R4, **four(master="P1")).record["master"] == "P1"


@pytest.mark.parametrize(
    "change, code, field",
    [
        ({"pot": {"P1": "QD", "P2": "KC", "P3": "AS", "P4": "QH"}}, "duplicate_card", "pot.P4"),
        (
            {
                "hands": {
                    "P1": ["QH", "QC", "KH"],
                    "P2": ["8H", "JH"],
                    "P3": ["10D", "JD"],
                    "P4": ["9D", "7S"],
                }
            },
            "wrong_card_count",
            "hands.P1",
        ),
        (
            {"hands": {"P1": ["QH"], "P2": ["8H", "JH"], "P3": ["10D", "JD"], "P4": ["9D", "7S"]}},
            "wrong_card_count",
            "hands.P1",
        ),
        (
            {
                "hands": {"P1": ["QH", "QC"], "P2": ["8H", "JH"], "P3": ["10D", "JD"]},
                "pot": {"P1": "QD", "P2": "KC", "P3": "AS"},
            },
            "missing_player",
            "hands.P4",
        ),
        ({"pot": {"P1": "QD", "P2": "KC", "P3": "AS"}}, "wrong_card_count", "pot.P4"),
        ({"pot": {"P1": "QD", "P2": "KC", "P3": "AS", "P4": "2D"}}, "unknown_card", "pot.P4"),
        ({"aside": ["KS"]}, "wrong_card_count", "aside"),
        (
            {
                "majors": {"P2": ["7H", "8H", "9H", "10H", "JH"]},
                "hands": {
                    "P1": ["QH", "9H"],
                    "P2": ["8H", "JH"],
                    "P3": ["10D", "JD"],
                    "P4": ["9D", "7S"],
                },
            },
            "duplicate_card",
            "majors.P2",
        ),
        (  # two players' sequences, both shown from the hands dealt, share 10♠ J♠ Q♠
            {
                "majors": {
                    "P2": ["8S", "9S", "10S", "JS", "QS"],
                    "P3": ["10S", "JS", "QS", "KS", "AS"],
                }
            },
            "duplicate_card",
            "majors.P3",
        ),
    ],
)
def test_bad_sheets_are_refused_naming_the_field(change, code, field):
    with pytest.raises(MalformedError) as err:
        score_cards(R4, **four(**change))
    assert (err.value.code, err.value.field) == (code, field)


def test_five_players_need_the_card_set_aside():
    r5 = get_rules(5)
    hands = {
        "P1": ["QH", "QC"],
        "P2": ["8H", "JH"],
        "P3": ["10D", "JD"],
        "P4": ["9D", "7S"],
        "P5": ["KS", "AS"],
    }
    pot = {"P1": "QD", "P2": "KC", "P3": "3S", "P4": "AD", "P5": "7C"}
    with pytest.raises(MalformedError) as err:
        score_cards(r5, dealer=0, double_face="8S", hands=hands, pot=pot)
    assert err.value.field == "aside"
    sheet = score_cards(r5, dealer=0, double_face="8S", hands=hands, pot=pot, aside=["9C"])
    assert sheet.record["aside"] == ["9C"]


def test_points_entry_checks_each_value_and_adds_the_majors():
    sheet = score_points(
        R4, dealer=1, points={"P1": 52, "P2": 19, "P3": 0, "P4": 30}, majors=["P3"], master="P1"
    )
    assert sheet.points() == {"P1": 52, "P2": 19, "P3": 50, "P4": 30}
    assert sheet.result().next_lanceur == 0
    with pytest.raises(MalformedError) as err:
        score_points(R4, dealer=1, points={"P1": 14, "P2": 19, "P3": 0, "P4": 30})
    assert err.value.code == "impossible_points" and err.value.field == "points.P1"
    with pytest.raises(MalformedError) as err:
        score_points(R4, dealer=1, points={"P1": 52, "P2": 19, "P3": 0})
    assert err.value.code == "missing_player"


def test_equal_points_go_to_the_first_in_play_order_in_points_entry():
    # dealer P2: P3 leads, then P4, P1, P2; P4 and P1 tie on 52: P4 comes first.
    sheet = score_points(R4, dealer=1, points={"P1": 52, "P2": 19, "P3": 0, "P4": 52})
    assert sheet.result().next_lanceur == 3


def test_a_game_of_sheet_rounds_follows_dealers_and_the_double_faced_card():
    game = Game(4, {"end": "rounds", "rounds": 2}, secretary="P1")
    assert game.dealer == "P2"
    first = score_cards(game.rules, **four())
    game.add_sheet(first)
    assert game.dealer == "P4" and game.double_face == "9D"
    with pytest.raises(MalformedError) as err:
        game.add_sheet(score_cards(game.rules, **four(dealer=3, double_face="8S")))
    assert err.value.field == "round.double_face"
    with pytest.raises(MalformedError):
        game.add_sheet(score_cards(game.rules, **four(dealer=0)))
    game.add_sheet(score_points(game.rules, dealer=3, points={"P1": 0, "P2": 0, "P3": 0, "P4": 63}))
    assert game.is_over and game.totals == {"P1": 117, "P2": 19, "P3": 32, "P4": 89}
    answer = check_any(game.to_record())
    assert answer["ok"] and answer["totals"] == game.totals and answer["complete"]


def test_check_reads_a_sheet_record_and_names_a_bad_field():
    sheet = score_cards(R4, **four())
    answer = check_any(sheet.to_record())
    assert answer["ok"] and answer["entry"] == "cards"
    assert answer["points"] == sheet.points()
    bad = {**sheet.to_record(), "pot": {"P1": "QD", "P2": "KC", "P3": "AS", "P4": "QC"}}
    answer = check_any(bad)
    assert answer == {"ok": False, "at": "pot.P4", "error": "Q♣ is entered twice (P1 and P4)"}


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_sheet_of_a_played_round_scores_what_the_engine_scored(players):
    """Bots play seeded rounds to the end; the secretary's sheet of each (the last two
    cards, the pot cards received, the card set aside, the majors announced) gives the
    same master, transformation and points as the engine's own round."""
    rules = get_rules(players)
    for seed in range(150):
        rng = random.Random(seed)
        rnd = new_round(players, dealer=seed % players, seed=seed, double_face=CODE[seed % 36])
        while not rnd.is_done:
            rnd.apply(choose_action(rnd, rnd.to_act, rng))
        result = rnd.result()
        seats = rules.seats
        # the first count's cards: the real ones (the double-faced card, not the 3♠)
        base = {s: [CODE[c] for c in result.first_count[i].cards] for i, s in enumerate(seats)}
        sheet = score_cards(
            rules,
            dealer=rnd.dealer,
            double_face=CODE[rnd.double_face],
            hands=base,
            pot={s: CODE[result.pot_cards[i]] for i, s in enumerate(seats)},
            aside=[CODE[c] for c in rnd.aside],
            majors={seats[i]: [CODE[c] for c in cards] for i, cards in rnd.announced.items()},
            master=seats[result.master] if result.master >= 0 else None,
        )
        assert sheet.points() == {s: result.points[i] for i, s in enumerate(seats)}, seed
        assert sheet.result().next_lanceur == result.next_lanceur
        assert read_sheet(sheet.to_record()).points() == sheet.points()


# --- the live value of a sheet being typed (counts_so_far) ----------------------------


def test_a_sheet_being_typed_counts_each_players_cards_so_far():
    hands = {"P1": ["QH", "QC"], "P2": ["8H"], "P3": ["10D", "JD"], "P4": ["9D", "9D"]}
    so_far = counts_so_far(
        R4, hands=hands, pot={"P1": "QD", "P2": "KC", "P4": "AD"}, majors={"P3": ["7C"]}
    )
    assert so_far["P1"][0].hand == "brelan" and so_far["P1"][0].value == 117
    assert so_far["P1"][1] == 0
    assert so_far["P2"][0].value == 0  # 8♥ and K♣: two cards, no hand
    assert so_far["P3"][0].value == 32 and so_far["P3"][1] == 50  # 10♦ V♦, a major +50
    assert "P4" not in so_far  # one card twice: nothing to count
    assert counts_so_far(R4, hands={"P1": ["QH"]}, pot={}) == {}  # one card: nothing yet
    assert counts_so_far(R4, hands={"P1": ["QH", "XX"]}, pot={}) == {}  # unknown card


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_once_every_card_is_in_the_live_value_is_the_rounds_points_unless_transformed(players):
    """Random ends of rounds: the count of each player's three cards (+50 for a major)
    is what score_cards gives him, except the player whose double-faced card became the
    3 of spades (only the whole table decides that: the form then shows the round's)."""
    rules = get_rules(players)
    transformed = 0
    for seed in range(400):
        rng = random.Random(seed)
        pack = list(CODE)
        rng.shuffle(pack)
        seats = rules.seats
        hands = {s: pack[2 * i : 2 * i + 2] for i, s in enumerate(seats)}
        pot = {s: pack[2 * players + i] for i, s in enumerate(seats)}
        aside = [pack[3 * players]] if players == 5 else []
        double_face = pack[rng.randrange(len(pack))]
        sheet = score_cards(
            rules, dealer=0, double_face=double_face, hands=hands, pot=pot, aside=aside
        )
        result = sheet.result()
        so_far = counts_so_far(rules, hands=hands, pot=pot)
        for i, s in enumerate(seats):
            if result.transformed == i:
                transformed += 1
                continue
            count, bonus = so_far[s]
            assert (count.value + bonus, count.hand) == (result.points[i], result.final[i].hand)
    assert transformed > 0  # the exception was met
