"""The member as declarer, by keyboard alone (issue 32, point 3), in Chromium, in French,
on a phone (390x844), at 3, 4, 5 and 6 players of 500.

Each table's seed deals the member a hand whose bid the bots let stand (found by
playing the first deal with the engine's bots: the member bids first or is not
outbid). The member types the bid, then does every declarer duty by typing only:
the partner card at five players ("partenaire as de ..."), each discard one card at a
time (as the mouse does: one click, one card; the text view says how many are left and
which went), the joker's suit named before the first lead where the rules allow it
("nommer Blanche pique"), a joker led in no trump with the suit it asks for ("Blanche
cœur"), and plays the hand to its result. The test reads only the text view (the
sides with their players' names, the score) and the live region's announcements: the
contract, the kitty taken, the joker shown from the kitty (the Quebec disclosure, four
players), the discards, the partner, the joker named, the tricks and the result.
"""

from __future__ import annotations

import re

import pytest

from tests.browser.keyboard_helpers import (
    open_with_the_keyboard,
    play_by_keyboard,
    said,
    spoken_form,
)
from tests.browser.layout import LAYOUT_PROBLEMS
from tests.browser.table_helpers import bots_500_table, in_thread, log_in, mark_due

#: A deal by its name: (player count, table seed, the member's bid as typed and as
#: said, what else the deal shows, the table's options besides the quebec ones).
DEALS = {
    "3": (3, 1, "7 trèfle", "7 trèfle", "", {}),
    # The member holds the low joker and the high one is in the kitty: shown at 7.
    "4": (4, 94, "7 cœur", "7 cœur", "disclosure", {}),
    # The member holds the high joker: led in no trump, it asks for a suit.
    "5": (5, 4, "7 sans atout", "7 sans-atout", "partner", {}),
    "6": (6, 2, "7 cœur", "7 cœur", "", {}),
    # The member holds the high joker and the rules let him name its suit before the lead.
    "4-naming": (4, 5, "7 sans atout", "7 sans-atout", "naming", {"joker_prenaming": True}),
}

ME = "Aline Clavier"


def _table(member, deal: str):
    count, seed, *_, options = DEALS[deal]

    def setup():
        return bots_500_table(
            member,
            seed=seed,
            players=count,
            name=f"Au clavier, à {count}",
            bot_delay_ms=30,
            review_seconds=600,
            rules=options,
        )

    table = in_thread(setup)
    mark_due(table.pk)
    return table


def _text(page, testid: str) -> str:
    return page.get_by_test_id(testid).inner_text()


@pytest.mark.slow
@pytest.mark.parametrize("deal", sorted(DEALS))
def test_the_member_declares_and_plays_a_whole_hand_by_keyboard(phone_page, make_member, deal):
    page = phone_page
    page.device = "phone"
    member = make_member(first_name="Aline", last_name="Clavier", preferred_language="fr")
    count, _, bid, call, feature, _ = DEALS[deal]
    table = _table(member, deal)
    log_in(page, member)
    open_with_the_keyboard(page, table.pk)

    seen = {"bid": False, "discards": 0, "partner": False, "named": False, "joker_led": False}
    seen["sides"] = False  # the text view's sides checked once, in the play

    def choose(listed: list[str]) -> str | None:
        """The bid, the partner card, each discard (a joker kept), the joker named, a
        joker led; else the first move listed."""
        if "passe" in listed and not seen["bid"]:
            seen["bid"] = True
            return bid
        if any(m.startswith("partenaire : ") for m in listed):
            seen["partner"] = True
            calls = [m for m in listed if m.startswith("partenaire : ")]
            ace = next((m for m in calls if m.startswith("partenaire : as de ")), calls[0])
            return "partenaire " + ace.removeprefix("partenaire : ")  # "partenaire as de ..."
        if page.get_by_test_id("tv-discards-left").count():
            left = int(_text(page, "tv-discards-left"))
            if seen["discards"]:
                # What went already, in words; one card less to discard at each.
                assert len(_text(page, "tv-discards").split(", ")) == seen["discards"]
            seen["discards"] += 1
            assert left > 0
            if seen["discards"] == 2:
                page.screenshot(path=f"/tmp/keyboard-declarer-{deal}-kitty.png", full_page=True)
            card = next(m for m in listed if not m.startswith(("la Blanche", "le Bonhomme")))
            return spoken_form(card)  # one discard, a joker kept
        if page.get_by_test_id("tv-declaring").count() and not seen["sides"]:
            seen["sides"] = True
            assert ME in _text(page, "tv-declaring"), _text(page, "tv-declaring")
            assert "Robot" in _text(page, "tv-defence") or count == 5
            assert ME in _text(page, "tv-score"), _text(page, "tv-score")
        named = [m for m in listed if m.startswith("Nommer ")]
        if named and not seen["named"]:
            seen["named"] = True
            joker = "Blanche" if "Blanche" in named[0] else "Bonhomme"
            return f"nommer {joker} {named[0].split(' à ')[-1]}"  # "nommer Blanche pique"
        led = [m for m in listed if ", demande " in m]
        if led:
            seen["joker_led"] = True
            joker = "Blanche" if "Blanche" in led[0] else "Bonhomme"
            return joker + " " + led[0].split(", demande ")[1]  # "Blanche cœur"
        return None

    heard: list[str] = []
    moves = play_by_keyboard(page, heard, until="over", choose=choose)
    heard += [line for line in said(page) if line not in heard]
    text = "\n".join(heard)

    assert seen["bid"] and seen["discards"] >= 2 and seen["sides"], seen
    assert moves >= 10 + seen["discards"], moves
    assert f"{ME} demande {call}." in text, text
    assert f"Contrat : {call} par {ME}." in text, text
    assert f"{ME} prend la mise" in text, text
    assert f"{ME} a écarté {seen['discards']} cartes." in text, text
    if feature == "disclosure":
        assert re.search(rf"{ME} montre (la Blanche|le Bonhomme) \(elle était dans la mise\)", text)
    if feature == "partner":
        assert seen["partner"] and seen["joker_led"], seen
        assert re.search(rf"{ME} appelle as de \w+ comme carte du partenaire", text), text
        assert re.search(rf"{ME} joue la Blanche", text), text
    if feature == "naming":
        assert seen["named"], seen
        assert re.search(rf"{ME} nomme la Blanche : elle compte comme \w+\.", text), text
    assert "Levée 1 prise par " in text, text
    assert re.search(rf"{ME} (réussit|chute à) {call} : ", text), text
    assert "Partie terminée" in heard[-1], heard[-1]
    assert not any(a == b for a, b in zip(heard, heard[1:])), heard

    page.screenshot(path=f"/tmp/keyboard-declarer-{deal}.png", full_page=True)
    assert page.evaluate(LAYOUT_PROBLEMS, page.viewport_size["width"]) == []
