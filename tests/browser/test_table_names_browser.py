"""Names, not seat codes, on the 500 table (issue #27, point 3).

* Every rule event the engines emit (500 and 450) reads as a sentence, in French and in
  English: no raw key, no seat code where a player's name belongs. The wording lives in
  the pages' JavaScript (static/js/cards.js, static/js/kinds/four_fifty/words.js): it is
  run in Chromium.
* Tables of 2, 3, 5 and 6 players, a member with bots, played to the game's end on a
  phone and on a laptop: no "P1".."P6" in the page's visible text, during play, at the
  game's end and on the replay page.
* The declarer's 16 cards on a phone (10 and the kitty of 6): every card shows its
  rank and suit whole. At 1366x800, the bid grid and the hand are on the screen together.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.layout import LAYOUT_PROBLEMS
from tests.browser.table_helpers import (
    bots_500_table,
    click_first_legal,
    in_thread,
    log_in,
    mark_due,
    members_table,
    to_the_kitty,
)

ENGINE = Path(__file__).resolve().parents[2] / "games" / "engine"
SHOTS = Path("/tmp/shots")


def engine_event_types(folder: Path, *, recurse: bool) -> set[str]:
    """The event types the engine's code emits: each ``"type": "..."`` of an event, and
    the claim answers (``claim_accepted`` / ``claim_refused``, chosen in a variable)."""
    types = set()
    for path in folder.rglob("*.py") if recurse else folder.glob("*.py"):
        text = path.read_text()
        types.update(re.findall(r'events\.append\(\s*\{\s*"type": "([a-z_]+)"', text))
        for answer in re.findall(r'answer = "([a-z_]+)" if .* else "([a-z_]+)"', text):
            types.update(answer)
    return types


#: Sample events of the 500 engine, by label (several per type where the words differ).
EVENTS_500 = {
    "call:bid": {"type": "call", "seat": "N", "call": "7H"},
    "call:pass": {"type": "call", "seat": "E", "call": "pass"},
    "call:misere": {"type": "call", "seat": "P2", "call": "MIS"},
    "call:breach": {"type": "call", "seat": "P1", "call": "breach"},
    "call:alone": {"type": "call", "seat": "P3", "call": "alone"},
    "call:partner": {"type": "call", "seat": "P1", "call": "partner:AS"},
    "breach": {"type": "breach", "seat": "P2", "side": "P2"},
    "partner_card": {"type": "partner_card", "seat": "P1", "card": "AS"},
    "partner": {"type": "partner", "seat": "P4", "card": "AS"},
    "redeal:all_pass": {"type": "redeal", "reason": "all_pass"},
    "redeal:inkle": {"type": "redeal", "reason": "inkle"},
    "contract": {"type": "contract", "seat": "S", "contract": "8NT"},
    "joker_shown": {"type": "joker_shown", "seat": "W", "card": "WJ"},
    "kitty_taken": {"type": "kitty_taken", "seat": "N", "count": 6},
    "discarded": {"type": "discarded", "seat": "N", "count": 6},
    "joker_named": {"type": "joker_named", "seat": "E", "card": "WJ", "suit": "H"},
    "hand_revealed": {"type": "hand_revealed", "seat": "P3", "cards": ["AS", "KS"]},
    "trick_won": {"type": "trick_won", "seat": "W", "trick": 3, "cards": ["AS", "KS"]},
    "hand_over:4": {
        "type": "hand_over",
        "declarer": "N",
        "contract": "7H",
        "made": True,
        "score": {"NS": 200, "EW": 30},
        "tricks": {"NS": 7, "EW": 3},
    },
    "hand_over:6": {
        "type": "hand_over",
        "declarer": "P2",
        "contract": "8S",
        "made": False,
        "score": {"P1P3P5": 60, "P2P4P6": -240},
        "tricks": {"P1P3P5": 6, "P2P4P6": 4},
    },
    "hand_over:redeal": {"type": "hand_over", "redeal": True, "score": {"NS": 0, "EW": 0}},
    "claim": {"type": "claim", "seat": "N", "tricks": 4},
    "claim_accepted": {"type": "claim_accepted", "seat": "E"},
    "claim_refused": {"type": "claim_refused", "seat": "N"},
    "claim_conceded:certain": {
        "type": "claim_conceded",
        "seat": "S",
        "tricks": 3,
        "outcome": "certain",
    },
    "claim_conceded:accepted": {
        "type": "claim_conceded",
        "seat": "P5",
        "tricks": 3,
        "outcome": "accepted",
    },
}

#: Sample events of the 450 engine (seats P1..P6).
EVENTS_450 = {
    "deal": {
        "type": "deal",
        "dealer": "P1",
        "lanceur": "P2",
        "secretary": "P3",
        "double_face": "QH",
        "aside": [],
    },
    "cards_shown": {"type": "cards_shown", "visible": {}, "pot": "AS", "leftover": []},
    "cards_hidden": {"type": "cards_hidden", "seat": "P1"},
    "aside": {"type": "aside", "seat": "P2", "card": "KD", "pot": "JC"},
    "suite_majeure": {"type": "suite_majeure", "seat": "P3", "cards": ["AH", "KH"], "bonus": 50},
    "discard": {"type": "discard", "seat": "P4", "card": "9S"},
    "tour_a_pique": {
        "type": "tour_a_pique",
        "seat": "P1",
        "card": "8S",
        "best": False,
        "cut": False,
    },
    "tour_a_pique:best": {
        "type": "tour_a_pique",
        "seat": "P1",
        "card": "3S",
        "best": True,
        "cut": False,
    },
    "tour_a_pique_coupe": {"type": "tour_a_pique_coupe", "seat": "P2", "card": "7D"},
    "tour_a_pique_fini": {"type": "tour_a_pique_fini", "seat": "P1"},
    "couleur": {"type": "couleur", "seat": "P5", "suit": "H"},
    "premier_decompte": {"type": "premier_decompte", "hands": {}},
    "maitre": {"type": "maitre", "seat": "P2", "reason": "main"},
    "maitre:jack": {"type": "maitre", "seat": "P3", "reason": "valet_de_pique"},
    "transformation": {"type": "transformation", "seat": "P4", "card": "QH", "becomes": "3S"},
    "choix_du_maitre": {"type": "choix_du_maitre", "seat": "P2", "to": "P5"},
    "pot": {"type": "pot", "first": "P3", "cards": {}},
    "second_decompte": {"type": "second_decompte", "hands": {}},
    "round_over": {"type": "round_over", "points": {}, "next_lanceur": "P1", "next_dealer": "P6"},
}

#: Who sits where in the samples: members, and bots (named by the page).
PLAYERS = [
    {"seat": "N", "name": "Sylvie Roy"},
    {"seat": "E", "name": "Marc Roy"},
    {"seat": "S", "name": "Luc Gagnon"},
    {"seat": "W", "name": "", "is_bot": True},
    {"seat": "P1", "name": "Sylvie Roy"},
    {"seat": "P2", "name": "", "is_bot": True},
    {"seat": "P3", "name": "Marc Roy"},
    {"seat": "P4", "name": "Luc Gagnon"},
    {"seat": "P5", "name": "Annie Côté"},
    {"seat": "P6", "name": "", "is_bot": True},
]

#: The events whose words another event already gives (the call event says the breach
#: and the partner card): the log shows nothing of their own.
SAID_BY_ANOTHER = {"500:breach", "500:partner_card"}

RENDER_EVENTS = """async ([events500, events450, players]) => {
  const cards = await import("/static/js/cards.js");
  const words = await import("/static/js/kinds/four_fifty/words.js");
  const nameOf = cards.namesOf(players);
  const out = {};
  for (const [label, ev] of Object.entries(events500)) {
    out["500:" + label] = cards.eventText(ev, nameOf);
  }
  for (const [label, ev] of Object.entries(events450)) {
    out["450:" + label] = words.eventText(ev, nameOf);
  }
  out.bots = [nameOf("W"), nameOf("P2")];
  return out;
}"""

RAW_KEY = re.compile(r"\b[a-z]+_[a-z_]+\b")
SEAT_CODE = re.compile(r"\bP[1-6]\b|(?<![\w'’-])[NESW](?![\w'’-])")


def test_the_samples_cover_every_event_the_engines_emit():
    types_500 = engine_event_types(ENGINE, recurse=False)
    types_450 = engine_event_types(ENGINE / "four_fifty", recurse=True)
    assert {"call", "claim_refused", "hand_over"} <= types_500 and "deal" in types_450
    assert {ev["type"] for ev in EVENTS_500.values()} == types_500
    assert {ev["type"] for ev in EVENTS_450.values()} == types_450


def _rendered(page, member) -> dict:
    log_in(page, member)
    page.add_script_tag(url="/jsi18n/")
    return page.evaluate(RENDER_EVENTS, [EVENTS_500, EVENTS_450, PLAYERS])


def test_every_event_reads_as_a_sentence_with_names_in_french_and_english(
    browser_page, make_member
):
    french = _rendered(browser_page, make_member(preferred_language="fr"))
    english = _rendered(browser_page, make_member(preferred_language="en"))
    assert french["500:claim_refused"] == "Sylvie Roy refuse la réclamation."
    assert english["500:claim_refused"] == "Sylvie Roy refuses the claim."
    assert french["bots"] == ["Robot Ouest", "Robot 2"]
    assert english["bots"] == ["Bot West", "Bot 2"]
    labels = [k for k in french if k != "bots"]
    assert len(labels) == len(EVENTS_500) + len(EVENTS_450)
    for label in labels:
        if label in SAID_BY_ANOTHER:
            assert french[label] is None and english[label] is None, label
            continue
        for text in (french[label], english[label]):
            assert isinstance(text, str) and re.search(r"[.!]$", text), (label, text)
            assert not RAW_KEY.search(text), (label, text)
            assert not SEAT_CODE.search(text), (label, text)
        assert french[label] != english[label], (label, french[label])
    # A name where the event has a seat; sides by their players.
    assert "Luc Gagnon" in french["500:contract"] and "Robot Ouest" in french["500:trick_won"]
    assert "Sylvie Roy et Luc Gagnon +200" in french["500:hand_over:4"]
    assert "Sylvie Roy, Marc Roy et Annie Côté +60" in french["500:hand_over:6"]
    assert "Robot 2, Luc Gagnon et Robot 6 -240" in french["500:hand_over:6"]


# ------------------------------------------------------------------ tables of 2 to 6

#: The member's turn (an enabled legal control), a finished hand's "Next deal", or the
#: game's end.
TURN_OR_OVER = """() => !document.getElementById("game-over").hidden
  || document.querySelector("#table-app button.legal:not([disabled])")
  || document.querySelector("[data-testid=next-deal]:not([disabled])")"""

#: Each seat code ("P1".."P6") in the page's visible text, with the line it is on.
SEAT_CODES_SHOWN = r"""() => document.body.innerText.split("\n")
  .filter((line) => /\bP[1-6]\b/.test(line)).map((line) => line.slice(0, 120))"""


def _ring_table(member, count: int):
    """A started table of ``count`` seats, ``member`` in the first, bots in the others,
    over after one hand (dealt again while nobody bids)."""

    def setup():
        return bots_500_table(
            member, seed=20261200 + count, players=count, name=f"Table de {count}", bot_delay_ms=50
        )

    table = in_thread(setup)
    mark_due(table.pk)
    return table


def _no_seat_codes(page, where: str, shot: str) -> None:
    shown = page.evaluate(SEAT_CODES_SHOWN)
    if shown:
        page.screenshot(path=shot + "-codes.png", full_page=True)
    assert shown == [], (where, shown)


def _play_to_the_end(page, shot: str) -> int:
    """The member's turns until the game is over (the first legal control each time),
    the page's text and layout checked at each; returns the member's moves."""
    width = page.viewport_size["width"]
    deadline = time.monotonic() + 180
    moves = 0
    shot_trick = False
    while time.monotonic() < deadline:
        page.wait_for_function(TURN_OR_OVER, timeout=30_000)
        _no_seat_codes(page, f"move {moves}", shot)
        assert page.evaluate(LAYOUT_PROBLEMS, width) == [], moves
        if page.get_by_test_id("game-over").is_visible():
            return moves
        if not shot_trick and page.locator("#felt .trick-card").count() >= 2:
            page.screenshot(path=shot + "-play.png", full_page=True)
            shot_trick = True
        seq = page.locator("#table-app").get_attribute("data-seq")
        next_deal = page.locator("[data-testid=next-deal]:not([disabled])")
        if next_deal.count():
            next_deal.click()
        else:
            click_first_legal(page)
        page.wait_for_function(
            f"() => document.querySelector('#table-app').dataset.seq !== '{seq}'"
        )
        moves += 1
    raise AssertionError(f"the game did not end in 180 s ({moves} moves)")


@pytest.mark.parametrize("viewport", ["phone", "laptop"])
@pytest.mark.parametrize("count", [2, 3, 5, 6])
def test_a_table_of_each_count_names_every_player_to_the_end_and_in_the_replay(
    request, transactional_db, make_member, count, viewport
):
    page = request.getfixturevalue("phone_page" if viewport == "phone" else "browser_page")
    if viewport == "laptop":
        page.set_viewport_size({"width": 1366, "height": 800})
    SHOTS.mkdir(exist_ok=True)
    shot = str(SHOTS / f"names-{count}-{viewport}")
    member = make_member(first_name="Sylvie", last_name="Roy", preferred_language="fr")
    table = _ring_table(member, count)
    log_in(page, member)
    page.goto(f"/tables/{table.pk}/")
    expect(page.locator("#felt .plate")).to_have_count(count)
    expect(page.locator("#felt .plate.is-bot .who").first).to_have_text(re.compile(r"^Robot \d$"))
    expect(page.get_by_test_id("scoreboard")).to_contain_text("Sylvie Roy")

    assert _play_to_the_end(page, shot) >= 3
    over = page.get_by_test_id("game-over")
    expect(over.get_by_test_id("game-over-title")).to_contain_text("Partie terminée :")
    expect(over.locator(".final-score")).to_contain_text("Sylvie Roy")
    if count == 6:  # two sides of three, each named by its players
        expect(over.locator(".final-score")).to_contain_text(re.compile(r"Sylvie Roy, Robot \d et"))
    expect(page.get_by_test_id("events")).to_contain_text("Sylvie Roy")
    _no_seat_codes(page, "game over", shot)
    page.screenshot(path=shot + "-over.png", full_page=True)

    page.goto(f"/tables/{table.pk}/hands/1/")
    expect(page.locator("#replay-app .plate")).to_have_count(count)
    expect(page.locator("#replay-app")).to_contain_text("Sylvie Roy")
    page.locator("[data-go=last]").click()
    expect(page.get_by_test_id("replay-text")).not_to_be_empty()
    _no_seat_codes(page, "replay", shot)
    page.screenshot(path=shot + "-replay.png", full_page=True)


# ------------------------------------------------------------------ the hand's room

#: Each card of the hand whose corner index (rank and suit) something else covers, or
#: that leaves the screen: [] when every card's index shows whole.
INDEX_HIDDEN = """() => {
  const out = [];
  document.getElementById("hand").scrollIntoView({ block: "center" });
  for (const card of document.querySelectorAll("#hand .hand-card")) {
    for (const part of card.querySelectorAll(".corner:not(.bottom) > span")) {
      const range = document.createRange();
      range.selectNodeContents(part);
      const g = range.getBoundingClientRect();
      const points = [[g.left + 1, g.top + 1], [g.right - 1, g.top + 1], [g.left + 1, g.bottom - 1],
        [g.right - 1, g.bottom - 1], [(g.left + g.right) / 2, (g.top + g.bottom) / 2]];
      for (const [x, y] of points) {
        const hit = document.elementFromPoint(x, y);
        if (!hit || !card.contains(hit)) {
          const at = Math.round(x) + "," + Math.round(y);
          out.push(card.dataset.card + ": " + part.className + " hidden at " + at);
          break;
        }
      }
    }
  }
  return out;
}"""


def _at_the_kitty(make_member, language: str):
    members = [
        make_member(first_name=n, last_name="Roy", preferred_language=language)
        for n in ("Sylvie", "Marc", "Luc", "Annie")
    ]
    table = in_thread(lambda: members_table(members, seed=4242, name="Mise"))
    in_thread(lambda: to_the_kitty(table.pk, dict(zip("NESW", members))))
    return table, members[0]


def test_the_declarers_sixteen_cards_show_their_rank_and_suit_whole_on_a_phone(
    phone_page, make_member
):
    table, north = _at_the_kitty(make_member, "fr")
    log_in(phone_page, north)
    phone_page.goto(f"/tables/{table.pk}/")
    expect(phone_page.get_by_test_id("discard-prompt")).to_be_visible()
    cards = phone_page.locator("#hand .hand-card")
    expect(cards).to_have_count(16)
    assert any(
        c.startswith("10") for c in cards.evaluate_all("(b) => b.map((x) => x.dataset.card)")
    )
    SHOTS.mkdir(exist_ok=True)
    phone_page.screenshot(path=str(SHOTS / "names-kitty-phone.png"))
    assert phone_page.evaluate(INDEX_HIDDEN) == []
    assert phone_page.evaluate(LAYOUT_PROBLEMS, 390) == []
    # A discard on the first card's visible part still works, and the rest stay whole.
    phone_page.locator("#hand .hand-card.legal:not([disabled])").first.click(
        position={"x": 6, "y": 30}
    )
    expect(cards).to_have_count(15)
    assert phone_page.evaluate(INDEX_HIDDEN) == []


#: Whether the member's cards and the whole bid grid are inside the viewport as the page
#: stands (no scrolling).
HAND_AND_GRID_ON_SCREEN = """() => {
  const inside = (e) => { const r = e.getBoundingClientRect();
    return r.top >= -0.5 && r.bottom <= innerHeight + 0.5
      && r.left >= -0.5 && r.right <= innerWidth + 0.5; };
  const cards = [...document.querySelectorAll("#hand .hand-card")];
  const grid = [...document.querySelectorAll(
    "#action-panel .auction-row, #action-panel .auction-extra")];
  return { scrollY: scrollY, cards: cards.length, cardsOnScreen: cards.filter(inside).length,
    rows: grid.length, rowsOnScreen: grid.filter(inside).length };
}"""


#: The score sheet's column heads as drawn: each word of a side's names that the browser
#: broke over two lines, and each head whose text is wider than its cell.
SHEET_HEADS_WHOLE = """() => {
  const broken = [];
  for (const member of document.querySelectorAll('#sheet .side-member')) {
    const node = member.firstChild;
    let at = 0;
    for (const word of node.textContent.split(' ')) {
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + word.length);
      if (range.getClientRects().length > 1) broken.push(word);
      at += word.length + 1;
    }
  }
  const spilling = [...document.querySelectorAll('#sheet thead th')]
    .filter((th) => th.scrollWidth > th.clientWidth + 1)
    .map((th) => th.textContent);
  return { broken, spilling, heads: document.querySelectorAll('#sheet .side-member').length };
}"""


def test_on_a_laptop_the_bid_grid_and_the_hand_are_on_screen_together(browser_page, make_member):
    page = browser_page
    page.set_viewport_size({"width": 1366, "height": 800})
    member = make_member(first_name="Sylvie", last_name="Roy", preferred_language="fr")
    table = in_thread(lambda: members_table([member, None, None, None], seed=4243, name="Portable"))
    mark_due(table.pk)
    log_in(page, member)
    page.goto(f"/tables/{table.pk}/")
    expect(
        page.locator("#action-panel .auction button.legal:not([disabled])").first
    ).to_be_visible()
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "names-bid-laptop.png"))
    # The score sheet in the side panel names each side's players by first name or
    # "Robot <place>", each word whole ("Robo/t" once broke inside the word).
    heads = page.evaluate(SHEET_HEADS_WHOLE)
    assert heads == {"broken": [], "spilling": [], "heads": 4}, heads
    seen = page.evaluate(HAND_AND_GRID_ON_SCREEN)
    assert seen["scrollY"] == 0 and seen["cards"] == 10 and seen["rows"] == 7, seen
    assert seen["cardsOnScreen"] == 10 and seen["rowsOnScreen"] == 7, seen
    assert page.evaluate(LAYOUT_PROBLEMS, 1366) == []
