"""Errors: one readable line, a stable code, params, the field; never a traceback."""

import pytest

from games.engine import (
    EngineError,
    IllegalActionError,
    MalformedError,
    UnknownVariantError,
    new_hand,
    replay,
)

from .util import make_record


def test_error_hierarchy_is_value_error_with_two_kinds():
    assert issubclass(EngineError, ValueError)
    assert issubclass(MalformedError, EngineError) and issubclass(IllegalActionError, EngineError)
    assert issubclass(UnknownVariantError, MalformedError)
    assert not issubclass(IllegalActionError, MalformedError)


def test_action_out_of_turn_has_code_not_your_turn():
    hand = new_hand("quebec", "N", 1)
    with pytest.raises(IllegalActionError) as e:
        hand.apply_as("S", "pass")
    assert e.value.code == "not_your_turn" and e.value.params["to_act"] == "E"
    assert str(e.value) == "it is not S's turn (E to act)"
    hand.apply_as("E", "pass")


def test_unknown_action_notation_is_malformed():
    hand = new_hand("quebec", "N", 1)
    for bad in ("1H", "7X", "", None, 7, "WJ:X"):
        with pytest.raises(MalformedError) as e:
            hand.apply(bad)
        assert e.value.code == "unknown_action"


def test_a_card_of_another_deck_is_malformed():
    """11H exists in the six-handed deck only."""
    hand = new_hand("quebec", "N", 1)
    with pytest.raises(MalformedError) as e:
        hand.apply("11H")
    assert e.value.code == "card_not_in_deck" and str(e.value) == ("11H is not in the 46-card deck")


def test_error_messages_are_one_line():
    hand = new_hand("quebec", "N", 1)
    hand.apply("7H")
    with pytest.raises(IllegalActionError) as e:
        hand.apply("7D")
    assert "\n" not in str(e.value) and e.value.params == {
        "seat": "S",
        "call": "7D",
        "high": "7H",
    }


def test_card_in_the_auction_is_a_wrong_phase_error():
    hand = new_hand("quebec", "N", 1)
    with pytest.raises(IllegalActionError) as e:
        hand.apply("WJ:H")
    assert e.value.code == "wrong_phase"


@pytest.mark.parametrize(
    "mutate,field,code",
    [
        (lambda r: r["hands"]["E"].pop(), "hands.E", "wrong_card_count"),
        (lambda r: r["hands"]["E"].__setitem__(0, "1H"), "hands.E", "unknown_card"),
        (
            lambda r: r["kitty"].__setitem__(0, r["hands"]["W"][3]),
            "kitty",
            "duplicate_card",
        ),
        (lambda r: r["hands"].pop("S"), "hands.S", "missing_field"),
        (lambda r: r.__setitem__("calls", "pass"), "calls", "malformed"),
        (lambda r: r["calls"].__setitem__(1, 7), "calls[1]", "unknown_call"),
        (
            lambda r: r.pop("kitty") and r.pop("calls") and r.__setitem__("calls", ["pass"]),
            None,
            None,
        ),
    ],
)
def test_replay_errors_name_the_field(mutate, field, code):
    rec = make_record(calls=["7H", "pass", "pass", "pass"])
    mutate(rec)
    if field is None:
        replay(rec)  # a kitty left out is inferred from the deal
        return
    with pytest.raises(EngineError) as e:
        replay(rec)
    assert e.value.field == field and e.value.code == code


def test_card_not_in_the_variants_deck():
    rec = make_record(variant="australian")
    rec["hands"]["N"][0] = "4S"
    with pytest.raises(MalformedError) as e:
        replay(rec)
    assert e.value.code in ("card_not_in_deck", "duplicate_card") and e.value.field == "hands.N"
