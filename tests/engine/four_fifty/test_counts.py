"""The counts (décomptes): card values and every hand type, with the article's examples."""

import pytest

from games.engine.four_fifty import count_hand
from games.engine.four_fifty.cards import CARD_OF, POWER, VALUE, pretty
from games.engine.four_fifty.scoring import base_value, limited_value


def hand(text):
    return [CARD_OF[c] for c in text.split()]


@pytest.mark.parametrize(
    "cards, kind, value",
    [
        ("8H JH", "deux_cartes", 19),  # 8♥ V♥ = 19
        ("10D JD", "petite_suite", 32),  # 10♦ V♦ = 32
        ("AD 3D", "petite_suite", 57),  # As♦ 3♦ = 57
        ("QH QC", "paire", 52),  # D♥ D♣ = 52
        ("9S JS AS", "trois_cartes", 54),  # 9♠ V♠ As♠ = 54
        ("10D JD QD", "grosse_suite", 58),  # 10♦ V♦ D♦ = 58
        ("7S 7C 7D", "brelan", 63),  # 7♠ 7♣ 7♦ = 63
    ],
)
def test_the_articles_score_examples(cards, kind, value):
    count = count_hand(hand(cards))
    assert (count.hand, count.value) == (kind, value)


def test_card_values_and_the_three_of_spades_above_all():
    values = {c: VALUE[CARD_OF[c]] for c in "7H 8H 9H 10H JH QH KH AH 3H 3C 3D 3S".split()}
    assert values == {
        "7H": 7, "8H": 8, "9H": 9, "10H": 10, "JH": 11, "QH": 13, "KH": 15, "AH": 17,
        "3H": 20, "3C": 20, "3D": 20, "3S": 30,
    }  # fmt: skip
    assert max(range(36), key=POWER.__getitem__) == CARD_OF["3S"]
    assert POWER[CARD_OF["3H"]] > POWER[CARD_OF["AS"]] > POWER[CARD_OF["KS"]]
    assert pretty(CARD_OF["9C"]) == "9♣" and pretty(CARD_OF["10H"]) == "10♥"


def test_two_cards_of_different_suits_and_ranks_are_worth_nothing():
    assert base_value(*hand("7S QH")) == ("rien", 0)
    # 7♠ 8♥ is not a small sequence: a sequence is of one suit
    assert base_value(*hand("7S 8H")) == ("rien", 0)


def test_a_pair_of_threes_counts_the_three_of_spades_at_30():
    assert base_value(*hand("3S 3H")) == ("paire", 100)
    assert base_value(*hand("3C 3D")) == ("paire", 80)


def test_ten_jack_king_is_three_cards_not_a_big_sequence():
    # "10♦ V♦ R♦ n'est pas une Grosse Suite car V♦ R♦ ne se suivent pas"
    assert limited_value(*hand("10D JD KD")) == ("trois_cartes", 10 + 11 + 2 * 15)


def test_king_ace_three_is_a_big_sequence():
    assert limited_value(*hand("KD AD 3D")) == ("grosse_suite", 15 + 2 * (17 + 20))


def test_three_cards_are_worth_their_best_base_hand_when_better():
    count = count_hand(hand("QH QC 7D"))
    assert (count.hand, count.value) == ("paire", 52)
    assert sorted(count.combination) == sorted(hand("QH QC"))
    count = count_hand(hand("7S 9H KD"))
    assert (count.hand, count.value, count.combination) == ("rien", 0, ())


def test_three_cards_with_a_three_are_marked_advanced_and_score_provisionally():
    count = count_hand(hand("AD 3D 8C"))
    assert count.advanced and (count.hand, count.value) == ("petite_suite", 57)
    assert not count_hand(hand("AD KD 8C")).advanced


def test_brelan_of_threes():
    assert count_hand(hand("3S 3H 3D")).value == 3 * (30 + 20 + 20)
