"""A record per rule of play of the article, legal side and illegal side.

Four players unless said; the dealer is P4, so P1 is the lanceur and plays first,
then P2, P3, P4.  Hands name the cards that matter; the rest is filled in."""

from games.engine.four_fifty import check_record

from .util import make_record, make_round


def check(**kw):
    return check_record(make_record(**kw))


def legal_after(**kw):
    out = check(**kw)
    assert out["ok"] and not out["complete"], out
    return out


def illegal(at, error, **kw):
    out = check(**kw)
    assert out == {"ok": False, "at": at, "action": out.get("action"), "error": error}
    return out


def events(rnd, kind):
    return [e for e in rnd.public_events() if e["type"] == kind]


# ------------------------------------------------------------------ the lead
def test_the_lanceur_may_lead_any_card():
    out = legal_after(hands={"P1": "9C 7H 8H 10D JD QS KS 3S".split()}, discards=[])
    assert out["to_act"] == "P1"
    assert sorted(out["legal"]) == sorted("9C 7H 8H 10D JD QS KS 3S".split())


def test_a_card_out_of_turn_is_refused_and_names_its_holder():
    illegal(
        "discards[0]",
        "P1 does not hold 9♥ (P2 holds it)",
        hands={"P1": ["9C"], "P2": ["9H"]},
        discards=["9H"],
    )


# ------------------------------------------------- following, rank or suit
P2_FOLLOWS = "9H 7C KD 8D 10D QD KH 7H".split()


def test_follow_by_rank_or_by_suit_is_legal():
    out = legal_after(hands={"P1": ["9C"], "P2": P2_FOLLOWS}, discards=["9C"])
    assert out["to_act"] == "P2" and sorted(out["legal"]) == ["7C", "9H"]


def test_not_following_when_one_can_names_the_rule():
    illegal(
        "discards[1]",
        "P2 must follow 9♣ by rank or by clubs",
        hands={"P1": ["9C"], "P2": P2_FOLLOWS},
        discards=["9C", "KD"],
    )


def test_the_spade_of_the_rank_may_not_cut_while_another_card_follows():
    illegal(
        "discards[1]",
        "P2 must follow 9♣ by rank or by clubs: P2 may cut with 9♠ only when nothing follows",
        hands={"P1": ["9C"], "P2": "9S 7C KD 8D 10D QD KH 7H".split()},
        discards=["9C", "9S"],
    )


# -------------------------------------------------------------- the cut
P2_CUTS = "9S 7S KD 8D 10D QD KH 7H".split()


def test_unable_to_follow_he_must_cut_with_the_spade_of_the_rank():
    out = legal_after(hands={"P1": ["9C"], "P2": P2_CUTS}, discards=["9C"])
    assert out["legal"] == ["9S"]
    illegal(
        "discards[1]",
        "P2 cannot follow 9♣ and must cut with 9♠",
        hands={"P1": ["9C"], "P2": P2_CUTS},
        discards=["9C", "KD"],
    )


def test_the_cut_launches_a_spade_round():
    rnd = make_round(hands={"P1": ["9C"], "P2": P2_CUTS}, discards=["9C", "9S"])
    assert events(rnd, "tour_a_pique") == [
        {"type": "tour_a_pique", "seat": "P2", "card": "9S", "best": False, "cut": True}
    ]
    assert rnd.view_for("P3")["follow"]["tour_a_pique"]["launcher"] == "P2"


# -------------------------------------------------------- free discards
P2_FREE = "7S 8S KD 8D 10D QD KH 7H".split()


def test_when_nothing_follows_any_card_but_a_spade():
    out = legal_after(hands={"P1": ["9C"], "P2": P2_FREE}, discards=["9C"])
    assert sorted(out["legal"]) == sorted("KD 8D 10D QD KH 7H".split())
    illegal(
        "discards[1]",
        "P2 may not discard 7♠: nothing follows 9♣, and a spade may only cut (any card"
        " but a spade)",
        hands={"P1": ["9C"], "P2": P2_FREE},
        discards=["9C", "7S"],
    )


def test_a_hand_of_spades_that_cannot_cut_discards_any_spade_without_a_round():
    hands = {
        "P1": ["9C"],
        "P2": "7S 8S 10S JS QS KS AS 3S".split(),
        "P3": "9S KH 7C 8C 10C JC QC AC".split(),
    }
    out = legal_after(hands=hands, discards=["9C"])
    cards = [a for a in out["legal"] if not a.startswith("major:")]
    assert sorted(cards) == sorted(hands["P2"])
    rnd = make_round(hands=hands, discards=["9C", "KS"])
    assert events(rnd, "tour_a_pique") == []
    # the spade on top is followed with a spade (no new round) or with a king
    assert sorted(rnd.legal_actions()) == ["9S", "KH"]
    rnd.apply("9S")
    assert events(rnd, "tour_a_pique") == []


# ------------------------------------------------------- the spade round
def test_the_lanceur_may_launch_a_spade_round_and_spades_are_then_compulsory():
    hands = {
        "P1": "8S 9C 7H 8H 10D JD QH KC".split(),
        "P2": "10S 9H 7C KD 8D QD KH 7D".split(),
    }
    rnd = make_round(hands=hands, discards=["8S"])
    assert events(rnd, "tour_a_pique")[0]["cut"] is False
    assert rnd.legal_actions() == ["10S"]
    illegal(
        "discards[1]",
        "P2 must discard a spade in the spade round (tour à pique)",
        hands=hands,
        discards=["8S", "9H"],
    )


def test_a_round_launched_by_the_three_of_spades_takes_the_best_spade():
    hands = {
        "P1": "3S 9C 7H 8H 10D JD QH KC".split(),
        "P2": "AS 7S 9H 7C KD 8D QD KH".split(),
    }
    rnd = make_round(hands=hands, discards=["3S"])
    assert events(rnd, "tour_a_pique")[0]["best"] is True
    assert rnd.legal_actions() == ["AS"]
    illegal(
        "discards[1]",
        "P2 must discard his best spade, A♠: the spade round (tour à pique) was launched"
        " with the 3♠",
        hands=hands,
        discards=["3S", "7S"],
    )


def test_cutting_with_the_three_of_spades_gives_it_its_force():
    hands = {
        "P1": "3H 9C 7H 8H 10D JD QH KC".split(),
        "P2": "3S 7S 9S KD 8D QD 7D AD".split(),
        "P3": "AS 8S 10C JC QC 9D JH 10H".split(),
    }
    illegal(
        "discards[1]",
        "P2 cannot follow 3♥ and must cut with 3♠",
        hands=hands,
        discards=["3H", "KD"],
    )
    rnd = make_round(hands=hands, discards=["3H", "3S"])
    assert events(rnd, "tour_a_pique")[0] == {
        "type": "tour_a_pique", "seat": "P2", "card": "3S", "best": True, "cut": True
    }  # fmt: skip
    assert rnd.legal_actions() == ["AS"]


SPADE_ROUND = {
    "P1": "8S 9C 7H 8H 10D JD QH KC".split(),
    "P2": "10S 9H 7C KD 8D QD KH 7D".split(),
    "P3": "10C 9D JC QC AC 3C 8C JH".split(),  # no spade, a ten
    "P4": "7S JS QS KS AS 9S 3H 3D".split(),
}


def test_without_spades_he_must_cut_the_round_with_the_rank_of_the_last_spade():
    rnd = make_round(hands=SPADE_ROUND, discards=["8S", "10S"])
    assert rnd.legal_actions() == ["10C"]
    illegal(
        "discards[2]",
        "P3 has no spade and must cut the spade round (tour à pique) with a 10, the rank of 10♠",
        hands=SPADE_ROUND,
        discards=["8S", "10S", "9D"],
    )


def test_the_cut_stops_the_round_and_play_follows_the_cutting_card():
    rnd = make_round(hands=SPADE_ROUND, discards=["8S", "10S", "10C"])
    assert events(rnd, "tour_a_pique_coupe") == [
        {"type": "tour_a_pique_coupe", "seat": "P3", "card": "10C"}
    ]
    assert rnd.view_for("P4")["follow"]["tour_a_pique"] is None
    # P4 holds no club and no ten (the 10 of spades is played): any card but a spade
    assert sorted(rnd.legal_actions()) == ["3D", "3H"]


def test_without_spade_or_cut_any_card_and_the_round_goes_on():
    hands = {
        "P1": "8S 9C 7H 8H 10D JD QH KC".split(),
        "P2": "9H 7C KD 10H QD KH 7D JH".split(),  # no spade, no eight
        "P3": "10C 9D JC QC AC 3C AD 3D".split(),  # no spade, no eight, diamonds
        "P4": "7S JS QS AS 10S 3S 3H AH".split(),
    }
    rnd = make_round(hands=hands, discards=["8S"])
    assert set(rnd.legal_actions()) == set(hands["P2"])
    rnd.apply("KD")
    assert rnd.view_for("P3")["follow"]["tour_a_pique"]["launcher"] == "P1"
    # P3 has no spade and no eight: he follows the king of diamonds
    assert sorted(rnd.legal_actions()) == ["3D", "9D", "AD"]
    rec = rnd.to_record()
    rec["discards"].append("10C")
    assert check_record(rec)["error"] == (
        "P3 has no spade and must follow K♦ by rank or by diamonds"
    )
    rnd.apply("9D")
    # P4 holds spades: the round goes on for him
    assert set(rnd.legal_actions()) == {"7S", "JS", "QS", "AS", "10S", "3S"}


def test_the_round_ends_after_one_turn_and_its_launcher_may_change_suit():
    hands = {
        "P1": "8S 9C 7H 8H 10D JD QH KC".split(),
        "P2": "10S 9H 7C KD 8D QD KH 7D".split(),
        "P3": "JS 9D JC QC AC 3C 8C 10H".split(),
        "P4": "7S QS KS AS 3S 9S 3H 10C".split(),
    }
    rnd = make_round(hands=hands, discards=["8S", "10S", "JS", "QS"])
    assert [e["type"] for e in rnd.public_events()][-1] == "tour_a_pique_fini"
    # P1: a spade (he has none left) or a queen
    assert rnd.legal_actions() == ["QH"]
    rnd.apply("QH")
    assert events(rnd, "tour_a_pique") == events(rnd, "tour_a_pique")[:1]


def test_after_the_round_a_spade_follows_a_spade_without_a_new_round():
    hands = {
        "P1": "8S 7S 9C 7H 8H 10D JD KC".split(),
        "P2": "10S 9S 9H 7C KD 8D QD KH".split(),
        "P3": "JS 9D JC QC AC 3C 8C 10H".split(),
        "P4": "QS KS AS 3S 3H 10C 7D QH".split(),
    }
    rnd = make_round(hands=hands, discards=["8S", "10S", "JS", "QS", "7S"])
    assert len(events(rnd, "tour_a_pique")) == 1
    # P2 may follow the 7 of spades with a spade, or a seven
    assert sorted(rnd.legal_actions()) == ["7C", "9S"]
    rnd.apply("7C")
    assert rnd.view_for("P3")["follow"] == {
        "card": "7C", "rank": "7", "suit": "C", "couleur": None, "tour_a_pique": None
    }  # fmt: skip


# --------------------------------------------------------------- Couleur
COULEUR = {
    "P1": "7C 8C 7H 8H 10D JD QH KH".split(),
    "P2": "9C 10C 9H 7D KD 8D QD 8S".split(),
    "P3": "JC QC 9D 10H JH AH 3H AS".split(),
    "P4": "KC AC 3C 3D AD JS QS KS".split(),
}
FIVE_CLUBS = ["7C", "9C", "JC", "KC", "8C"]


def test_five_of_a_suit_in_a_row_is_couleur_and_the_next_changes_suit():
    rnd = make_round(hands=COULEUR, discards=FIVE_CLUBS)
    assert events(rnd, "couleur") == [{"type": "couleur", "seat": "P1", "suit": "C"}]
    assert rnd.view_for("P2")["follow"]["couleur"] == "C"
    # P2 must play a heart or a diamond: any rank will do
    assert sorted(rnd.legal_actions()) == ["7D", "8D", "9H", "KD", "QD"]
    illegal(
        "discards[5]",
        "Couleur: five clubs in a row, P2 must discard a heart or diamond",
        hands=COULEUR,
        discards=FIVE_CLUBS + ["10C"],
    )


def test_couleur_without_another_suit_cuts_with_the_spade_of_the_rank():
    hands = {
        **COULEUR,
        "P2": "9C 10C QC 7S 8S 10S 3S AS".split(),
        "P3": "JC 9D 10H JH AH 3H 9S 7D".split(),
        "P4": "KC AC 3C 3D AD JS QS KS".split(),
        "P1": "7C 8C 7H 8H 10D JD QH KH".split(),
    }
    rnd = make_round(hands=hands, discards=FIVE_CLUBS)
    assert rnd.legal_actions() == ["8S"]
    illegal(
        "discards[5]",
        "Couleur: P2 has no heart or diamond and must cut with 8♠",
        hands=hands,
        discards=FIVE_CLUBS + ["QC"],
    )
    rnd.apply("8S")
    assert events(rnd, "tour_a_pique")[-1]["cut"] is True


def test_couleur_without_another_suit_or_cut_discards_any_spade_but_not_the_suit():
    hands = {
        **COULEUR,
        "P2": "9C 10C QC 7S JS 10S 3S AS".split(),
        "P3": "JC 9D 10H JH AH 3H 9S 7D".split(),
        "P4": "KC AC 3C 3D AD 8S QS KS".split(),
    }
    rnd = make_round(hands=hands, discards=FIVE_CLUBS)
    # "Sinon, il joue une carte quelconque (toujours sans jouer du Trèfle)"
    assert sorted(rnd.legal_actions()) == ["10S", "3S", "7S", "AS", "JS"]
    illegal(
        "discards[5]",
        "Couleur: five clubs in a row, P2 may not discard clubs while he holds a spade",
        hands=hands,
        discards=FIVE_CLUBS + ["QC"],
    )
    rnd.apply("3S")
    assert events(rnd, "tour_a_pique") == []  # not a cut: no spade round


def test_couleur_never_counts_spades():
    hands = {
        "P1": "7S JS 9C 7H 8H 10D JD QH".split(),
        "P2": "8S 10C 9H 7D KD 8D QD KH".split(),
        "P3": "9S QC 9D 10H JH AH 3D JC".split(),
        "P4": "10S AC 3C 7C 8C KC AS 3H".split(),
    }
    rnd = make_round(hands=hands, discards=["7S", "8S", "9S", "10S", "JS"])
    assert events(rnd, "couleur") == []
    assert rnd.view_for("P2")["follow"]["couleur"] is None
    assert set(rnd.legal_actions()) == set(rnd.view_for("P2")["hand"])


# --------------------------------------------------------- major sequence
MAJOR = "9H 10H JH QH KH 7C 8D 9S".split()


def test_a_major_sequence_is_announced_before_the_first_discard_for_50():
    out = legal_after(hands={"P1": MAJOR}, discards=[])
    assert "major:9H,10H,JH,QH,KH" in out["legal"]
    rnd = make_round(hands={"P1": MAJOR}, discards=["major:9H,10H,JH,QH,KH"])
    assert events(rnd, "suite_majeure") == [
        {
            "type": "suite_majeure",
            "seat": "P1",
            "cards": ["9H", "10H", "JH", "QH", "KH"],
            "bonus": 50,
        }
    ]
    assert rnd.to_act == "P1" and "major:9H,10H,JH,QH,KH" not in rnd.legal_actions()
    assert rnd.view_for(None)["announced"] == {"P1": ["9H", "10H", "JH", "QH", "KH"]}


def test_a_major_sequence_after_the_first_discard_is_refused():
    rnd = make_round(hands={"P1": MAJOR}, discards=["7C"])
    while rnd.to_act != "P1":
        rnd.apply(rnd.legal_actions()[0])
    rec = rnd.to_record()
    rec["discards"].append("major:9H,10H,JH,QH,KH")
    assert check_record(rec) == {
        "ok": False,
        "at": "discards[4]",
        "action": "major:9H,10H,JH,QH,KH",
        "error": "P1 must announce a major sequence (suite majeure) before his first discard",
    }


def test_a_sequence_not_held_or_too_short_is_refused():
    illegal(
        "discards[0]",
        "P1 does not hold A♥, 3♥: no major sequence (suite majeure)",
        hands={"P1": MAJOR},
        discards=["major:JH,QH,KH,AH,3H"],
    )
    out = check(hands={"P1": MAJOR}, discards=["major:9H,10H,JH,QH"])
    assert out["at"] == "discards[0]" and "is not a major sequence" in out["error"]


def test_the_length_of_a_major_sequence_by_player_count():
    for players, hand in (
        (3, "7D 8D 9D 10D JD QD 7C 8C 9C 10C JC".split()),
        (5, "7D 8D 9D 10D 7C 8C".split()),
        (6, "7D 8D 9D 7C 8C".split()),
    ):
        dealer = f"P{players}"
        rnd = make_round(players=players, dealer=dealer, hands={"P1": hand}, discards=[])
        majors = [a for a in rnd.legal_actions() if a.startswith("major:")]
        length = {3: 6, 5: 4, 6: 3}[players]
        assert majors and all(len(a.split(",")) == length for a in majors)
        if players == 3:
            assert majors == ["major:7D,8D,9D,10D,JD,QD"]


# ------------------------------------------------------- end of play
def test_play_stops_when_every_player_has_two_cards():
    rnd = make_round(discards=[])
    while rnd.phase.value == "discard":
        rnd.apply(rnd.legal_actions()[-1])
    assert [len(h) for h in rnd.hands] in ([2, 2, 2, 2], [3, 3, 3, 3])
    rec = rnd.to_record()
    cards = [d for d in rec["discards"] if not d.startswith("major:")]
    assert len(cards) == 4 * 6
    rec["discards"].append("7S")
    rec.pop("pot_to", None)
    out = check_record(rec)
    assert out["ok"] is False and out["at"] == f"discards[{len(rec['discards']) - 1}]"
    assert out["error"].startswith("play is over: every player has two cards")
