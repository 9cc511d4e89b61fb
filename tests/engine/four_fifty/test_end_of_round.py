"""The end of a round: first count, master, jack of spades, the master's choice, the
pot, the double-faced card, the second count, points and the next lanceur.

Each golden record (golden/make_golden.py) is a seeded round that shows one rule."""

import json
from pathlib import Path

import pytest

from games.engine.four_fifty import check_record, count_hand, replay
from games.engine.four_fifty.cards import CARD_OF

GOLDEN = Path(__file__).parent / "golden"


def load(name):
    return json.loads((GOLDEN / name).read_text())


def seats(rec):
    return [f"P{i + 1}" for i in range(rec["players"])]


def lanceur(rec):
    s = seats(rec)
    return s[(s.index(rec["dealer"]) + 1) % len(s)]


def order_from(rec, first):
    s = seats(rec)
    i = s.index(first)
    return s[i:] + s[:i]


def cards(codes):
    return [CARD_OF[c] for c in codes]


ROUND_FILES = sorted(p.name for p in GOLDEN.glob("*.json") if not p.name.startswith("cli_"))


@pytest.mark.parametrize("name", ROUND_FILES)
def test_counts_and_points_follow_from_the_cards(name):
    rec = load(name)
    out = check_record(rec)
    assert out["ok"] and out["complete"]
    for seat, first in out["first_count"].items():
        count = count_hand(cards(first["cards"]))
        assert (first["hand"], first["value"]) == (count.hand, count.value)
    # the pot: its top card to pot_to, then clockwise, from the top of the stack
    pot = list(rec["pot"])
    if "eliminated" in rec:
        pot.insert(0, next(c for c in rec["leftover"] if c != rec["eliminated"]))
    given = dict(zip(order_from(rec, out["pot_to"]), pot))
    assert out["pot"] == given
    for seat, final in out["final"].items():
        hand = out["first_count"][seat]["cards"] + [given[seat]]
        if out["transformed"] and out["transformed"]["seat"] == seat:
            hand = ["3S" if c == rec["double_face"] else c for c in hand]
        count = count_hand(cards(hand))
        assert sorted(final["cards"]) == sorted(hand)
        assert (final["hand"], final["value"]) == (count.hand, count.value)
        announced = any(
            d.startswith("major:") and replay(rec).announced.get(seats(rec).index(seat))
            for d in rec["discards"]
        )
        assert final["bonus"] == (50 if announced else 0)
        assert final["points"] == final["value"] + final["bonus"] == out["points"][seat]
    # the next round: the most points leads it, his right deals
    best = max(out["points"].values())
    assert out["points"][out["next_lanceur"]] == best
    s = seats(rec)
    assert s[(s.index(out["next_lanceur"]) - 1) % len(s)] == out["next_dealer"]


def test_the_best_base_hand_is_master_and_names_who_gets_the_first_pot_card():
    rec = load("master_gives_pot.json")
    out = check_record(rec)
    values = {s: c["value"] for s, c in out["first_count"].items()}
    assert out["master_reason"] == "main"
    assert values[out["master"]] == max(values.values())
    assert out["pot_to"] == rec["pot_to"] != out["master"]
    assert out["pot"][rec["pot_to"]] == rec["pot"][0] == rec["pot"][0]
    rnd = replay({k: v for k, v in rec.items() if k != "pot_to"})
    assert rnd.phase.value == "pot" and rnd.to_act == out["master"]
    assert rnd.legal_actions() == [f"pot:{s}" for s in seats(rec)]


def test_the_jack_of_spades_takes_the_masters_place_even_in_a_worthless_hand():
    rec = load("jack_of_spades_master.json")
    out = check_record(rec)
    master = out["master"]
    assert out["master_reason"] == "valet_de_pique"
    assert "JS" in out["first_count"][master]["cards"]
    assert out["first_count"][master]["value"] == 0
    # option: only when his two cards make a base hand
    rec["options"] = {"jack_of_spades": "base_hand"}
    out = check_record(rec)
    assert out["master_reason"] == "main" and out["master"] != master


def test_equal_best_base_hands_go_to_the_higher_cards_or_by_option_to_play_order():
    rec = load("master_tie.json")
    out = check_record(rec)
    values = {s: c["value"] for s, c in out["first_count"].items()}
    tied = [s for s in values if values[s] == max(values.values())]
    assert len(tied) >= 2 and out["master"] in tied
    rec["options"] = {"tie_break": "play_order"}
    out2 = check_record(rec)
    first_in_order = next(s for s in order_from(rec, lanceur(rec)) if s in tied)
    assert out2["master"] == first_in_order != out["master"]


def test_without_base_hand_or_jack_of_spades_there_is_no_master():
    rec = load("no_master.json")
    out = check_record(rec)
    assert all(c["value"] == 0 for c in out["first_count"].values())
    assert out["master"] is None and out["master_reason"] is None
    assert "pot_to" not in rec and out["pot_to"] == lanceur(rec)


def test_the_double_faced_card_becomes_the_three_of_spades_when_both_conditions_hold():
    rec = load("transformation.json")
    out = check_record(rec)
    seat = out["transformed"]["seat"]
    assert out["transformed"]["card"] == rec["double_face"]
    assert rec["double_face"] in out["first_count"][seat]["cards"]
    assert out["first_count"][seat]["value"] > 0  # a base hand, at face value
    assert "3S" in rec["discards"]
    assert "3S" in out["final"][seat]["cards"]
    assert rec["double_face"] not in out["final"][seat]["cards"]
    events = [e["type"] for e in replay(rec).public_events()]
    assert events.index("transformation") < events.index("choix_du_maitre")


def test_no_transformation_while_the_three_of_spades_is_not_in_the_pile():
    rec = load("no_transformation_three_not_out.json")
    out = check_record(rec)
    assert "3S" not in rec["discards"] and out["transformed"] is None
    holder = next(s for s, c in out["first_count"].items() if rec["double_face"] in c["cards"])
    assert out["first_count"][holder]["value"] > 0


def test_no_transformation_without_a_base_hand():
    rec = load("no_transformation_no_base_hand.json")
    out = check_record(rec)
    holder = next(s for s, c in out["first_count"].items() if rec["double_face"] in c["cards"])
    assert "3S" in rec["discards"] and out["first_count"][holder]["value"] == 0
    assert out["transformed"] is None


def test_a_major_sequence_adds_50_to_the_round_points():
    rec = load("major_sequence.json")
    out = check_record(rec)
    (announce,) = [d for d in rec["discards"] if d.startswith("major:")]
    seat = next(s for s, f in out["final"].items() if f["bonus"])
    assert out["final"][seat]["points"] == out["final"][seat]["value"] + 50
    assert set(announce[6:].split(",")) <= set(rec["hands"][seat])


def test_a_player_holding_only_the_couleur_suit_discards_it():
    rec = load("couleur_forced.json")
    rnd = replay({**{k: v for k, v in rec.items() if k != "pot_to"}, "discards": []})
    for entry in rec["discards"]:
        if rnd.legal_codes() and rnd._kind == "couleur_forced":
            suit = rnd.view_for(None)["follow"]["couleur"]
            assert {a[-1] for a in rnd.legal_actions()} == {suit}
            break
        rnd.apply(entry)
    else:
        raise AssertionError("no couleur_forced position")


def test_equal_best_points_the_better_hand_leads_the_next_round():
    rec = load("lanceur_tie.json")
    out = check_record(rec)
    best = max(out["points"].values())
    tied = [s for s, p in out["points"].items() if p == best]
    assert len(tied) >= 2 and out["next_lanceur"] in tied
    rec["options"] = {"tie_break": "play_order"}
    out2 = check_record(rec)
    first_in_order = next(s for s in order_from(rec, lanceur(rec)) if s in tied)
    assert out2["next_lanceur"] == first_in_order != out["next_lanceur"]


def test_five_players_the_lanceur_eliminates_a_leftover_card_the_other_tops_the_pot():
    rec = load("five_players_leftover.json")
    assert len(rec["leftover"]) == 2 and len(rec["pot"]) == 4 and "aside" not in rec
    rnd = replay({k: v for k, v in rec.items() if k not in ("eliminated", "discards", "pot_to")})
    assert rnd.phase.value == "aside" and rnd.to_act == lanceur(rec)
    assert sorted(rnd.legal_actions()) == sorted(f"aside:{c}" for c in rec["leftover"])
    out = check_record(rec)
    kept = next(c for c in rec["leftover"] if c != rec["eliminated"])
    assert out["pot"][out["pot_to"]] == kept
    bad = {
        **rec,
        "eliminated": next(c for c in ["7S", "8S", "9S"] if c not in rec["leftover"]),
    }
    err = check_record(bad)
    assert err["ok"] is False and err["at"] == "eliminated"
    assert err["error"].endswith("is not one of the two cards left")
