"""RULES.md 4b, record by record: 500 for two, three, five and six players.

Each ruling has a record `check` accepts with the ruled answer, and one the
rules forbid, with the error `check` gives.
"""

import json
import re

import pytest

from games.engine import Game, check_record, get_variant, new_hand, replay
from games.engine.cards import CARD_OF, CODE, strain_tables
from games.engine.game import game_outcome

from .util import make_hand, make_record, play_out


def sheet(options, **fields):
    rec = {"format": "club500-hand/1", "variant": "australian", "options": options}
    return check_record({**rec, **fields})


@pytest.mark.parametrize(
    "players, seats, deck, kitty",
    [
        (2, ["P1", "P2"], 33, 3),
        (3, ["P1", "P2", "P3"], 33, 3),
        (4, ["N", "E", "S", "W"], 43, 3),
        (5, ["P1", "P2", "P3", "P4", "P5"], 53, 3),
        (6, ["P1", "P2", "P3", "P4", "P5", "P6"], 63, 3),
    ],
)
def test_each_count_has_its_seats_deck_and_kitty(players, seats, deck, kitty):
    v = get_variant("australian", {"players": players})
    assert list(v.seats) == seats and len(v.deck_cards) == deck
    assert v.kitty_size == kitty and v.overrides == ({} if players == 4 else {"players": players})
    rec = new_hand(v, seats[0], 7).to_record()
    dealt = sum(rec["hands"].values(), []) + rec["kitty"] + rec.get("dead", [])
    assert sorted(dealt) == sorted(CODE[c] for c in v.deck_cards)
    assert all(len(cards) == 10 for cards in rec["hands"].values())


def test_the_decks_of_three_five_and_six_players():
    three = {CODE[c] for c in get_variant("quebec", {"players": 3}).deck_cards}
    assert three == {r + s for r in "7 8 9 10 J Q K A".split() for s in "SCDH"} | {"WJ"}
    five = {CODE[c] for c in get_variant("quebec", {"players": 5}).deck_cards}
    assert {"2S", "3H", "AC", "WJ"} <= five and "BJ" not in five and len(five) == 53
    six = {CODE[c] for c in get_variant("quebec", {"players": 6}).deck_cards}
    assert {"11S", "12C", "13D", "13H"} <= six and not {"13S", "13C", "BJ"} & six
    two_jokers = get_variant("quebec", {"players": 6, "jokers": 2})
    assert len(two_jokers.deck_cards) == 64 and two_jokers.kitty_size == 4


def test_the_six_handed_suit_ranks_a_k_q_j_13_12_11_10_and_keeps_the_bowers():
    eff, power = strain_tables(3)  # hearts trumps
    deck = get_variant("quebec", {"players": 6}).deck_cards
    hearts = sorted((c for c in deck if eff[c] == 3), key=lambda c: -power[c])
    assert [CODE[c] for c in hearts][:10] == [
        "WJ",
        "JH",
        "JD",
        "AH",
        "KH",
        "QH",
        "13H",
        "12H",
        "11H",
        "10H",
    ]
    spades = sorted((c for c in deck if eff[c] == 0), key=lambda c: -power[c])
    assert [CODE[c] for c in spades][:6] == ["AS", "KS", "QS", "JS", "12S", "11S"]


def test_the_three_handed_deal_is_3_kitty_1_4_kitty_1_3_kitty_1():
    from games.engine.hand import deal_cards, shuffled_deck

    v = get_variant("quebec", {"players": 3})
    deck = shuffled_deck(v, 11)
    hands, kitty = deal_cards(v, 0, 11)  # dealer P1: P2 is on his left
    p1, p2, p3 = hands
    assert p2[:3] == deck[0:3] and p3[:3] == deck[3:6] and p1[:3] == deck[6:9]
    assert kitty == [deck[9], deck[22], deck[32]]


# --------------------------------------------------------------- two players
def test_two_handed_deals_a_dead_hand_nobody_sees_or_plays():
    hand = new_hand("australian", "P1", 3, options={"players": 2})
    rec = hand.to_record()
    assert len(rec["dead"]) == 10 and set(rec["hands"]) == {"P1", "P2"}
    while not hand.is_done:
        for seat in ("P1", "P2", None):
            view = hand.view_for(seat)
            view.pop("legal")  # calls such as 10D are not cards
            text = json.dumps(view)
            assert not any(f'"{card}"' in text for card in rec["dead"])
            assert view["dead_count"] == 10
        hand.apply(hand.legal_actions()[0])
    assert all(len(t[1]) == 2 for t in hand.tricks)
    out = check_record(hand.to_record())
    assert out["ok"] and set(out["score"]) == {"P1", "P2"}


def test_a_two_handed_record_needs_its_dead_hand_and_its_cards_are_not_played():
    rec = make_record(variant="australian", options={"players": 2}, dealer="P2")
    del rec["dead"]
    assert check_record(rec)["at"] == "dead"
    rec = make_record(
        variant="australian",
        options={"players": 2},
        dealer="P2",
        dead=["AS"],
        calls=["8H", "pass"],
        discards="kitty",
        play=["AS"],
    )
    assert check_record(rec) == {
        "ok": False,
        "at": "play[0]",
        "action": "AS",
        "error": "P1 does not hold AS",
    }
    three = make_record(variant="australian", options={"players": 3}, dealer="P1")
    three["dead"] = []
    assert check_record(three)["error"] == "only the two-handed game has a dead hand"


# ------------------------------------------------------------- three players
def test_three_handed_misere_ranks_between_the_6s_and_the_7s():
    opts = {"players": 3}
    out = check_record(make_record(variant="australian", options=opts, dealer="P1", calls=["6NT"]))
    assert out["legal"][:4] == ["pass", "MIS", "OMIS", "7S"]
    out = check_record(make_record(variant="australian", options=opts, dealer="P1", calls=["7S"]))
    assert "MIS" not in out["legal"] and "OMIS" not in out["legal"]
    bad = check_record(
        make_record(variant="australian", options=opts, dealer="P1", calls=["7S", "MIS"])
    )
    assert bad["at"] == "calls[1]" and bad["error"] == "MIS does not beat 7S"


def test_three_handed_misere_after_a_7_is_refused_as_an_option():
    with pytest.raises(ValueError, match="it could never be bid") as e:
        get_variant("australian", {"players": 3, "misere_min_level": 7})
    assert e.value.params["options"] == ["misere_min_level", "misere_rank"]


def test_three_handed_each_plays_for_himself():
    out = sheet({"players": 3}, declarer="P1", contract="7H", tricks={"P1": 7, "P2": 2, "P3": 1})
    assert out["score"] == {"P1": 200, "P2": 20, "P3": 10}
    assert out["tricks"] == {"P1": 7, "P2": 2, "P3": 1}
    bad = sheet({"players": 3}, declarer="P1", contract="7H", tricks=7)
    assert bad["at"] == "tricks" and "more than one side defends" in bad["error"]
    bad = sheet({"players": 3}, declarer="P1", contract="7H", tricks={"P1": 7, "P2": 2})
    assert bad["at"] == "tricks"


def test_three_handed_defenders_are_allies_and_a_breach_counts_their_tricks_together():
    out = sheet(
        {"players": 3, "breach": True},
        declarer="P1",
        contract="8S",
        tricks={"P1": 6, "P2": 2, "P3": 2},
        breach="P3",
    )
    assert out["score"] == {"P1": -240, "P2": 0, "P3": 240}
    assert out["breach"]["reached"] is True


# -------------------------------------------------------------- five players
FIVE = {"players": 5}


FIVE_P1 = ["AS", "KS", "QS", "JS", "10S", "AC", "KC", "QC", "JH", "10H"]


def five_hand(options=None, **kw):
    """P1 declares 7H; the kitty is three low clubs: AH is another player's."""
    return make_hand(
        variant="quebec",
        options={**FIVE, **(options or {})},
        dealer="P5",
        hands={"P1": FIVE_P1},
        kitty=["2C", "3C", "4C"],
        calls=["7H", "pass", "pass", "pass", "pass"],
        **kw,
    )


def test_the_five_handed_declarer_names_a_partner_card_or_goes_alone():
    hand = five_hand()
    assert hand.phase == "partner" and hand.to_act == "P1"
    legal = hand.legal_actions()
    own = hand.view_for("P1")["hand"]
    assert len(own) == 13 and legal[0] == "alone" and len(legal) == 1 + 52 - 13
    assert not any(f"partner:{c}" in legal for c in own) and "partner:WJ" not in legal


@pytest.mark.parametrize(
    "call, message",
    [
        ("partner:WJ", "the partner card may not be a joker"),
        ("partner:AS", "P1 holds AS: the partner card must be another player's"),
        ("partner:11H", "11H is not in the 53-card deck"),
        ("7H", "P1 names a partner card (partner:AS) or goes alone, not 7H"),
    ],
)
def test_a_bad_partner_call_is_refused(call, message):
    rec = make_record(
        variant="quebec",
        options=FIVE,
        dealer="P5",
        hands={"P1": FIVE_P1},
        calls=["7H", "pass", "pass", "pass", "pass", call],
    )
    out = check_record(rec)
    assert out["ok"] is False and out["at"] == "calls[5]" and out["error"] == message


def test_announce_shows_the_partner_at_once():
    hand = five_hand()
    hand.apply("partner:AH")
    view = hand.view_for("P2")
    holder = next(s for s, c in hand.to_record()["hands"].items() if "AH" in c)
    assert view["partner_card"] == "AH" and view["partner"] == holder
    assert hand.phase == "kitty" and hand.to_act == "P1"


def test_on_play_shows_the_partner_when_the_card_is_played():
    hand = five_hand({"partner_reveal": "on_play"})
    hand.apply("partner:AH")
    assert hand.view_for("P3")["partner"] is None
    while hand.view_for(None)["partner"] is None:
        hand.apply(hand.legal_actions()[0])
    played = [c["card"] for t in hand.view_for(None)["tricks"] for c in t["cards"]]
    played += [c["card"] for c in hand.view_for(None)["trick"]]
    assert played[-1] == "AH"


@pytest.mark.parametrize("points, made, failed", [("full", 200, -200), ("half", 100, -100)])
def test_the_partner_scores_with_the_declarer(points, made, failed):
    opts = {**FIVE, "partner_points": points}
    tricks = {"P1": 4, "P2": 3, "P3": 1, "P4": 1, "P5": 1}
    out = sheet(opts, declarer="P1", contract="7H", partner="P2", tricks=tricks)
    assert out["score"] == {"P1": made, "P2": made, "P3": 10, "P4": 10, "P5": 10}
    assert out["partner"] == "P2" and out["made"] is True
    tricks = {"P1": 4, "P2": 2, "P3": 2, "P4": 1, "P5": 1}
    out = sheet(opts, declarer="P1", contract="7H", partner="P2", tricks=tricks)
    assert out["score"] == {"P1": failed, "P2": failed, "P3": 20, "P4": 10, "P5": 10}


def test_alone_scores_as_three_handed():
    tricks = {"P1": 7, "P2": 1, "P3": 1, "P4": 1, "P5": 0}
    out = sheet(FIVE, declarer="P1", contract="7H", partner=None, tricks=tricks)
    assert out["score"] == {"P1": 200, "P2": 10, "P3": 10, "P4": 10, "P5": 0}
    assert out["partner"] is None
    bad = sheet(FIVE, declarer="P1", contract="7H", tricks=tricks)
    assert bad["at"] == "partner" and "partner is missing" in bad["error"]
    bad = sheet(FIVE, declarer="P1", contract="7H", partner="P1", tricks=tricks)
    assert bad["at"] == "partner"


def test_no_misere_five_handed():
    with pytest.raises(ValueError, match="misere is not played by five players"):
        get_variant("australian", {"players": 5, "misere": True})
    assert "MIS" not in get_variant("australian", FIVE).rank_of


def test_a_played_five_handed_hand_scores_declarer_and_partner_together():
    hand = five_hand()
    hand.apply("partner:AH")
    play_out(hand)
    r = hand.result()
    partner = r.extra["partner"]
    side = r.tricks["P1"] + r.tricks[partner]
    assert r.made is (side >= 7)
    assert r.score["P1"] == r.score[partner] == (200 if r.made else -200)
    assert check_record(hand.to_record())["score"] == r.score


# --------------------------------------------------------------- six players
def test_six_handed_teams_2x3_and_3x2():
    out = sheet({"players": 6}, declarer="P1", contract="8S", tricks=8)
    assert out["score"] == {"P1P3P5": 240, "P2P4P6": 20}
    opts = {"players": 6, "teams": "3x2"}
    out = sheet(opts, declarer="P1", contract="8S", tricks={"P1P4": 8, "P2P5": 1, "P3P6": 1})
    assert out["score"] == {"P1P4": 240, "P2P5": 10, "P3P6": 10}


def test_six_handed_play_is_in_tricks_of_six_with_the_declarers_teams():
    hand = new_hand("quebec", "P1", 5, options={"players": 6, "teams": "3x2"})
    assert hand.view_for("P2")["teams"] == {
        "P1P4": ["P1", "P4"],
        "P2P5": ["P2", "P5"],
        "P3P6": ["P3", "P6"],
    }
    play_out(hand)
    assert hand.is_done
    assert all(len(t[1]) == 6 for t in hand.tricks) or hand.result().redeal


def test_the_second_joker_is_a_six_handed_option():
    v = get_variant("quebec", {"players": 6, "jokers": 2})
    assert CARD_OF["BJ"] in v.deck_cards and v.deal_packets == "3,K2,4,K1,3,K1"
    with pytest.raises(ValueError, match="jokers 2 does not fit deck 43"):
        get_variant("australian", {"jokers": 2})


@pytest.mark.parametrize(
    "options, message, names",
    [
        ({"teams": "3x2"}, "teams 3x2 is for six players (players 4)", ["teams", "players"]),
        (
            {"players": 3, "partner_reveal": "on_play"},
            "partner_reveal on_play is for five players",
            ["partner_reveal", "players"],
        ),
        (
            {"players": 6, "partner_points": "half"},
            "partner_points half is for five players",
            ["partner_points", "players"],
        ),
        ({"players": 3, "deck": 46}, "deck 46 is not played by 3 players", ["deck", "players"]),
        (
            {"players": 5, "open_misere": True},
            "open_misere is not played by five players",
            ["open_misere", "players"],
        ),
    ],
)
def test_player_count_combinations_that_make_no_sense_are_refused(options, message, names):
    with pytest.raises(ValueError, match=re.escape(message)) as e:
        get_variant("quebec", options)
    assert e.value.code == "bad_option_combination"
    assert e.value.params["options"] == names
    rec = {**make_record(), "options": options}
    assert check_record(rec)["at"] == f"options.{names[0]}"


def test_card_codes_11_12_13_are_cards_of_the_six_handed_deck_only():
    assert {CODE[CARD_OF[c]] for c in ("11H", "12S", "13D")} == {"11H", "12S", "13D"}
    rec = make_record()
    rec["hands"]["N"][0] = "12S"
    assert check_record(rec)["error"] == "hands.N: 12S is not in the 46-card deck"


def test_every_count_replays_its_records():
    for players in (2, 3, 5, 6):
        hand = new_hand("australian", "P2", players, options={"players": players})
        play_out(hand)
        rec = hand.to_record()
        assert replay(rec).to_record() == rec


def test_the_five_handed_declarer_and_partner_who_reach_the_target_win_together():
    game = Game("australian", {**FIVE, "target": 400}, first_dealer="P5")
    tricks = {"P1": 5, "P2": 5, "P3": 0, "P4": 0, "P5": 0}
    game.add_score_sheet("P1", "10H", tricks, partner="P2")  # 500 each
    summary = game.summary()
    assert summary["is_over"] and summary["winner"] == "P1"
    assert summary["winners"] == ["P1", "P2"]
    # the stored results say the same (a member's history counts it won for both)
    stored = [r.to_dict() for r in game.results()]
    assert game_outcome("australian", {**FIVE, "target": 400}, stored)["winners"] == ["P1", "P2"]


def test_the_declarer_wins_alone_when_his_partner_stays_short_of_the_target():
    game = Game("australian", {**FIVE, "target": 400}, first_dealer="P5")
    failed = {"P1": 1, "P2": 1, "P3": 4, "P4": 2, "P5": 2}
    game.add_score_sheet("P3", "7H", failed, partner="P4")  # P3 and P4: -200
    game.add_score_sheet("P1", "10H", {"P1": 6, "P2": 0, "P3": 4, "P4": 0, "P5": 0}, partner="P3")
    summary = game.summary()
    assert summary["is_over"] and summary["winners"] == ["P1"], summary["totals"]
