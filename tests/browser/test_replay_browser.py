"""The replay page on a phone, for each kind: one page and one client core
(static/js/replay.js) that imports the kind's renderer; the buttons, the slider and
the play button step through the hand, every seat named by its player, nothing wider
than the screen. Screenshots: /tmp/shots/replay-<kind>-phone*.png.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.layout import LAYOUT_PROBLEMS
from tests.browser.table_helpers import in_thread
from tests.browser.test_table_browser import log_in
from tests.games.conftest import finished_hand_table

SHOTS = Path("/tmp/shots")

KINDS = {
    # kind: (table_create's arguments, the plates' selector)
    "500": ({"variant": "quebec", "options": {"players": 5}}, "#replay-felt .plate"),
    "450": ({"kind": "450", "options": {"players": 5}}, "#replay-seats .plate"),
}


def _finished_hand(host, arguments) -> int:
    """The id of a table of bots and ``host`` at the end of its first hand."""
    return finished_hand_table(host, seed=41, **arguments).pk


@pytest.mark.parametrize("kind", list(KINDS))
def test_the_replay_of_each_kind_steps_on_a_phone(phone_page, make_member, kind):
    page = phone_page
    arguments, plates = KINDS[kind]
    member = make_member(first_name="Sylvie", last_name="Roy", preferred_language="fr")
    table_id = in_thread(lambda: _finished_hand(member, arguments))
    log_in(page, member)
    page.goto(f"/tables/{table_id}/hands/1/")
    expect(page.locator(plates)).to_have_count(5)
    app = page.locator("#replay-app")
    expect(app).to_have_attribute("data-step", "0")
    steps = int(app.get_attribute("data-steps"))
    assert steps > 5
    expect(page.get_by_test_id("replay-count")).to_have_text(f"Étape 1 sur {steps}")
    shown = page.evaluate(r"""() => document.body.innerText.split("\n")
      .filter((line) => /\bP[1-6]\b/.test(line))""")
    assert shown == []  # every seat by its player's name or "Robot n", no seat code

    page.locator("[data-go=next]").click()
    expect(app).to_have_attribute("data-step", "1")
    page.keyboard.press("End")
    expect(app).to_have_attribute("data-step", str(steps - 1))
    expect(page.locator("[data-go=next]")).to_be_disabled()
    page.get_by_test_id("replay-slider").fill("3")
    expect(app).to_have_attribute("data-step", "3")
    expect(page.get_by_test_id("replay-text")).not_to_be_empty()

    play = page.get_by_test_id("replay-play")
    play.click()
    expect(play).to_have_attribute("aria-pressed", "true")
    expect(app).to_have_attribute("data-step", "4", timeout=3000)
    play.click()
    expect(play).to_have_attribute("aria-pressed", "false")
    expect(play).to_have_text(re.compile("Lecture"))

    assert page.evaluate(LAYOUT_PROBLEMS, page.viewport_size["width"]) == []
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"replay-{kind}-phone.png"))
    page.screenshot(path=str(SHOTS / f"replay-{kind}-phone-full.png"), full_page=True)


def test_the_robot_s_view_of_a_card_choice_on_phone_and_laptop(device_page, make_member):
    """On a card choice of a finished 500 hand, "Que ferait le robot ici?" asks the
    server once: the answer names the seat's player and the robot's card, lists every
    legal card with its mean (the robot's choice and the card played at the table
    marked), fits the screen, and comes back without asking when the step is shown
    again; the hand's end (nothing to choose) does not offer the question; in the
    auction the answer names the robot's call and the calls it tried, in points."""
    page = device_page
    member = make_member(first_name="Sylvie", last_name="Roy", preferred_language="fr")
    table_id = in_thread(lambda: _finished_hand(member, {"variant": "quebec"}))
    log_in(page, member)
    page.goto(f"/tables/{table_id}/hands/1/")
    app = page.locator("#replay-app")
    expect(app).to_have_attribute("data-step", "0")
    think = page.get_by_test_id("replay-think")
    step = page.evaluate("""() => JSON.parse(document.getElementById("replay-data").textContent)
      .steps.findIndex((s) => s.think && s.phase === "play")""")
    assert step > 0
    page.get_by_test_id("replay-slider").fill(str(step))
    expect(app).to_have_attribute("data-step", str(step))
    ask = page.get_by_test_id("replay-think-ask")
    expect(ask).to_have_text("Que ferait le robot ici?")
    ask.click()
    choice = page.get_by_test_id("think-choice")
    expect(choice).to_have_text(re.compile(r"^À la place de .+, le robot jouerait .+\.$"))
    assert "Robot" in choice.inner_text() or "Sylvie" in choice.inner_text()
    cards = page.locator("[data-testid=think-cards] li")
    assert cards.count() >= 2
    expect(page.locator(".think-card.best")).to_have_count(1)
    expect(page.locator(".think-card.best")).to_contain_text("choix du robot")
    expect(page.locator(".think-card", has_text="jouée à la table")).to_have_count(1)
    expect(
        page.get_by_text(re.compile(r"^Levées du camp de .+ en moyenne, selon la carte jouée :$"))
    ).to_be_visible()
    expect(ask).to_be_hidden()
    assert page.evaluate(LAYOUT_PROBLEMS, page.viewport_size["width"]) == []
    SHOTS.mkdir(exist_ok=True)
    think.screenshot(path=str(SHOTS / f"replay-think-{page.device}.png"))

    last = int(app.get_attribute("data-steps")) - 1
    page.keyboard.press("End")
    expect(app).to_have_attribute("data-step", str(last))
    expect(think).to_be_hidden()  # the hand is over: nothing to choose
    page.get_by_test_id("replay-slider").fill(str(step))
    expect(choice).to_be_visible()  # kept by the page: not asked again

    # In the auction: the calls it tried, each with its mean margin in points.
    bid = page.evaluate("""() => JSON.parse(document.getElementById("replay-data").textContent)
      .steps.findIndex((s) => s.think && s.phase === "auction")""")
    if bid >= 0:
        page.get_by_test_id("replay-slider").fill(str(bid))
        expect(app).to_have_attribute("data-step", str(bid))
        ask.click()
        expect(choice).to_have_text(re.compile(r"^À la place de .+, le robot annoncerait .+\.$"))
        expect(page.locator(".think-card.best")).to_have_count(1)
        expect(page.locator(".think-value").first).to_have_text(re.compile(r"^[+−-]?\d"))
        assert page.evaluate(LAYOUT_PROBLEMS, page.viewport_size["width"]) == []
        think.screenshot(path=str(SHOTS / f"replay-think-calls-{page.device}.png"))


#: The call steps the robot's view covers beyond the auction: (the table, what its
#: calls say in French).
CALL_STEPS = {
    "partner": (
        {"variant": "quebec", "options": {"players": 5}, "seed": 41},
        re.compile(r"partenaire : |seul, sans partenaire"),
    ),
    "breach": (
        {"variant": "quebec", "options": {"breach": True}, "seed": 42},
        re.compile(r"\b(défi|passe)\b"),
    ),
}


@pytest.mark.parametrize("phase", list(CALL_STEPS))
def test_the_robot_s_view_of_a_partner_card_and_a_breach_call(device_page, make_member, phase):
    """At the five-handed partner card and in the breach round, "Que ferait le robot
    ici?" names the robot's call in words (a partner card, alone; breach, pass) and
    lists each call it tried with its mean margin in points, on a phone and a laptop."""
    page = device_page
    arguments, words = CALL_STEPS[phase]
    member = make_member(first_name="Sylvie", last_name="Roy", preferred_language="fr")
    table_id = in_thread(lambda: finished_hand_table(member, host_plays=False, **arguments).pk)
    log_in(page, member)
    page.goto(f"/tables/{table_id}/hands/1/")
    app = page.locator("#replay-app")
    expect(app).to_have_attribute("data-step", "0")
    step = page.evaluate(
        """(phase) => JSON.parse(document.getElementById("replay-data").textContent)
      .steps.findIndex((s) => s.think && s.phase === phase)""",
        phase,
    )
    assert step > 0, f"no {phase} step to ask about"
    page.get_by_test_id("replay-slider").fill(str(step))
    expect(app).to_have_attribute("data-step", str(step))
    page.get_by_test_id("replay-think-ask").click()
    choice = page.get_by_test_id("think-choice")
    expect(choice).to_have_text(re.compile(r"^À la place de .+, le robot annoncerait .+\.$"))
    expect(choice).to_have_text(words)
    calls = page.locator("[data-testid=think-cards] li")
    expect(calls.first).to_be_visible()
    assert calls.count() >= 2
    expect(page.locator(".think-card.best")).to_have_count(1)
    for text in calls.locator(".think-words").all_inner_texts():
        assert words.search(text), text
    for value in calls.locator(".think-value").all_inner_texts():
        assert re.fullmatch(r"[+−-]?\d[\d  ]*", value), value
    assert page.evaluate(LAYOUT_PROBLEMS, page.viewport_size["width"]) == []
    SHOTS.mkdir(exist_ok=True)
    page.get_by_test_id("replay-think").screenshot(
        path=str(SHOTS / f"replay-think-{phase}-{page.device}.png")
    )


def test_the_robot_s_view_of_a_450_discard_on_phone_and_laptop(device_page, make_member):
    """On a discard of a finished 450 round, the answer names the seat's player and the
    robot's discard, lists every legal card with its mean final points (the robot's
    choice and the card discarded at the table marked) and fits the screen; the deal
    and the dealer's hiding of the face-up cards (nothing to choose) do not offer it.
    Four players: at five and six the robots keep their rules of thumb
    (``games.kinds.four_fifty.bot.SEARCHED_PLAYERS``), and the replay does not ask."""
    page = device_page
    member = make_member(first_name="Sylvie", last_name="Roy", preferred_language="fr")
    table_id = in_thread(lambda: _finished_hand(member, {"kind": "450", "options": {"players": 4}}))
    log_in(page, member)
    page.goto(f"/tables/{table_id}/hands/1/")
    app = page.locator("#replay-app")
    expect(app).to_have_attribute("data-step", "0")
    think = page.get_by_test_id("replay-think")
    expect(think).to_be_hidden()  # the dealer hides the face-up cards: no choice
    step = page.evaluate("""() => JSON.parse(document.getElementById("replay-data").textContent)
      .steps.findIndex((s) => s.think)""")
    assert step > 0
    page.get_by_test_id("replay-slider").fill(str(step))
    expect(app).to_have_attribute("data-step", str(step))
    ask = page.get_by_test_id("replay-think-ask")
    ask.click()
    choice = page.get_by_test_id("think-choice")
    expect(choice).to_have_text(re.compile(r"^À la place de .+, le robot jetterait .+\.$"))
    assert "P1" not in choice.inner_text() and "P2" not in choice.inner_text()
    cards = page.locator("[data-testid=think-cards] li")
    assert cards.count() >= 2
    expect(page.locator(".think-card.best")).to_have_count(1)
    expect(page.locator(".think-card.best")).to_contain_text("choix du robot")
    expect(page.locator(".think-card", has_text="jetée à la table")).to_have_count(1)
    expect(
        page.get_by_text(re.compile(r"^Points finaux de .+ en moyenne, selon la carte jetée :$"))
    ).to_be_visible()
    expect(page.locator(".think-value").first).to_have_text(re.compile(r"^\d"))
    expect(ask).to_be_hidden()
    assert page.evaluate(LAYOUT_PROBLEMS, page.viewport_size["width"]) == []
    SHOTS.mkdir(exist_ok=True)
    think.screenshot(path=str(SHOTS / f"replay-think-450-{page.device}.png"))
