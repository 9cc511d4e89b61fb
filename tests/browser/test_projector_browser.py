"""The projector in Chromium, in French: one hall screen that needs no hands.

At 1366x768, 1366x800 and 1920x1080 every page it shows fits the screen (no scroll
bar, nothing off screen or cut off), its smallest text is at least 24 px (read from the
back of a hall: docs/tournaments.md, *The projector*), the pages take turns by
themselves, and a table's running total ("En cours") follows a hand entered on a
phone without a reload."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.browser.layout import MAIN_WIDER_THAN_THE_SCREEN
from tests.browser.table_helpers import in_thread, log_in
from tests.browser.test_results_browser import _enter_8s_made_with_9, _phone
from tests.browser.test_tournament_day_browser import open_context  # noqa: F401 (fixture)
from tests.tournaments.day import play_table, table_users
from tournaments import selectors_tables as ts
from tournaments import services
from tournaments.models import Entry, Tournament

SHOTS = Path(os.environ.get("SCREENSHOTS_DIR", "/tmp/club500-shots"))
SCREENS = [(1366, 768), (1366, 800), (1920, 1080)]
#: The smallest text the projector may show (CSS px), on any of SCREENS.
MIN_TEXT_PX = 24
FIRST = ["Marie-Ève", "Jean-François", "Gaétan", "Sylvie", "Réjean", "Lise", "Normand", "Ginette"]
LAST = ["Tremblay-Gagnon", "Bouchard", "Côté", "Pelletier", "Lévesque"]

#: What the screen shows, measured in the page: the document's scroll size against the
#: window, the visible text of the projector that leaves the window or is cut off by its
#: slide, and the smallest font size of that text (with the text).
MEASURE_JS = r"""
() => {
  const root = document.documentElement;
  const W = innerWidth, H = innerHeight;
  const out = { W, H, scrollW: root.scrollWidth, scrollH: root.scrollHeight, smallest: 1e9,
                smallestText: "", off: [], texts: 0 };
  const screen = document.querySelector("[data-projector]");
  const walker = document.createTreeWalker(screen, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const text = node.textContent.trim();
    if (!text) continue;
    const el = node.parentElement;
    const range = document.createRange();
    range.selectNodeContents(node);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
    const style = getComputedStyle(el);
    if (!rects.length || style.visibility === "hidden") continue;
    out.texts += 1;
    const size = parseFloat(style.fontSize);
    if (size < out.smallest) { out.smallest = size; out.smallestText = text.slice(0, 40); }
    const slide = el.closest(".t-proj-slide");
    const box = slide ? slide.getBoundingClientRect() : { left: 0, top: 0, right: W, bottom: H };
    for (const r of rects) {
      if (r.left < -0.5 || r.top < -0.5 || r.right > W + 0.5 || r.bottom > H + 0.5 ||
          r.bottom > box.bottom + 0.5 || r.right > box.right + 0.5) {
        out.off.push(text.slice(0, 40) + " @" + Math.round(r.left) + "," + Math.round(r.top));
        break;
      }
    }
  }
  return out;
}
"""


def _hall_day(make_member, players: int, *, start: bool = True):
    """A running 500 tournament of ``players`` present, round 1 drawn and started (one
    table every four players), with its director; ``start=False``: drawn only (the
    director has not published it)."""
    director = make_member(director=True, first_name="Josée", last_name="Directrice")
    t = Tournament.objects.create(
        name="Tournoi du jeudi de la Saint-Jean",
        starts_at=timezone.now(),
        status="running",
        rounds_total=3,
        hands_per_game=8,
    )
    for i in range(players):
        member = make_member(first_name=FIRST[i % len(FIRST)], last_name=LAST[i % len(LAST)])
        Entry.objects.create(tournament=t, player=member, checked_in=True)
    rnd = services.round_draw(tournament=t, by=director, seed=5)
    if start:
        rnd = services.round_publish(round=rnd, by=director, version=rnd.version)
        rnd = services.round_start_play(round=rnd, by=director, version=rnd.version)
    return director, t, rnd


#: True once no live fragment is being fetched, swapped or settled and every fragment
#: shows the same tournament version: a live update has arrived whole, not in part.
QUIET_JS = r"""
() => {
  const busy = ".htmx-request, .htmx-swapping, .htmx-settling, [data-projector-pending]";
  if (document.querySelector(busy)) { return false; }
  const versions = [...document.querySelectorAll("[data-tournament-version]")]
    .map((el) => el.getAttribute("data-tournament-version"));
  return new Set(versions).size <= 1;
}
"""


def _walk(page, name: str) -> list[dict]:
    """Every page of the projector once, stepped with the arrow key (the screen says
    which page it shows): each page measured and photographed. The walk starts once the
    last live update has arrived in every fragment (each is fetched on its own, and a
    fragment landing mid-walk would lay the pages out again under the measure)."""
    screen = page.get_by_test_id("projector")
    page.wait_for_function(QUIET_JS)
    expect(screen).to_have_attribute("data-ready", "1")
    total = int(screen.get_attribute("data-pages"))
    seen = []
    for i in range(total):
        expect(screen).to_have_attribute("data-index", str(i))
        measure = page.evaluate(MEASURE_JS)
        measure["slide"] = screen.get_attribute("data-slide")
        measure["page"] = screen.get_attribute("data-page")
        seen.append(measure)
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"projector-{name}-{i + 1}.png"))
        page.keyboard.press("ArrowRight")
    expect(screen).to_have_attribute("data-index", "0")
    return seen


def _check(measures: list[dict], *, texts: int = 4) -> None:
    """Each page fits, shows at least ``texts`` texts, none smaller than MIN_TEXT_PX."""
    for m in measures:
        assert m["scrollH"] <= m["H"] and m["scrollW"] <= m["W"], m
        assert m["off"] == [], (m["slide"], m["off"])
        assert m["texts"] >= texts, m
        assert m["smallest"] >= MIN_TEXT_PX, (m["smallest"], m["smallestText"], m["slide"])


@pytest.mark.parametrize(("width", "height"), SCREENS)
def test_the_projector_fits_the_hall_screen_readable_from_the_back(
    open_context,  # noqa: F811 (the imported fixture, by name)
    make_member,
    width,
    height,
):
    """Four tables, table 1 at four hands: every page fits the screen without a scroll
    bar, its smallest text (the round's clock included) is at least 24 px, table 1 shows
    its running total and the provisional ranking is one of the pages, marked as such."""
    director, t, rnd = in_thread(lambda: _hall_day(make_member, 16))
    in_thread(lambda: play_table(rnd, 1, 4))
    ns = in_thread(lambda: sum(h.ns_score for h in ts.table_game(rnd, 1).hands.all()))
    page = open_context({"width": width, "height": height})
    log_in(page, director)
    page.goto(f"/tournaments/{t.pk}/projector/?dwell=600")
    expect(page.locator("body")).to_have_attribute("data-socket", "open")
    expect(page.get_by_test_id("provisional-row").first).to_be_attached()
    expect(page.get_by_test_id("projector-table")).to_have_count(4)
    expect(page.get_by_test_id("round-clock")).to_be_visible()  # on every page, measured

    measures = _walk(page, f"{width}x{height}")

    _check(measures)
    slides = [m["slide"] for m in measures]
    assert {"tables", "standings", "provisional"} <= set(slides), slides
    expect(page.get_by_test_id("running-line").first).to_contain_text("En cours")
    assert page.get_by_test_id("running-total").first.text_content() == str(ns)
    if (width, height) == (1366, 800):  # the hall of issue #29: four tables on one page
        assert slides.count("tables") == 1, slides
    print(
        f"\n{width}x{height}: pages {[(m['slide'], m['page']) for m in measures]}, smallest "
        f"text {min(m['smallest'] for m in measures)} px ({measures[0]['smallestText']!r})"
    )


def test_a_big_field_pages_itself_and_follows_a_hand_entered_live(
    open_context,  # noqa: F811 (the imported fixture, by name)
    make_member,
):
    """Forty players (ten tables) at 1366x768: the tables and the standings are cut into
    pages, the pages change by themselves, a hand entered at table 2 shows in its running
    total without a reload, and the standings page lists both tables in progress under
    the official standings, which still read 0."""
    director, t, rnd = in_thread(lambda: _hall_day(make_member, 40))
    in_thread(lambda: play_table(rnd, 1, 2))
    page = open_context({"width": 1366, "height": 768})
    log_in(page, director)
    page.goto(f"/tournaments/{t.pk}/projector/?dwell=600")
    expect(page.locator("body")).to_have_attribute("data-socket", "open")
    expect(page.get_by_test_id("provisional-row").first).to_be_attached()

    measures = _walk(page, "40-players")

    _check(measures)
    slides = [m["slide"] for m in measures]
    assert slides.count("tables") >= 2 and slides.count("standings") >= 2, slides
    shown = page.evaluate(
        "() => [...document.querySelectorAll('[data-page-items]')].map((l) => l.children.length)"
    )
    assert sum(shown) >= 10 + 40, shown

    # The pages change by themselves (a short dwell).
    page.goto(f"/tournaments/{t.pk}/projector/?dwell=1")
    expect(page.get_by_test_id("projector")).to_have_attribute("data-ready", "1")
    page.wait_for_function(
        "() => Number(document.querySelector('[data-projector]').dataset.turns) >= 2"
    )

    # A hand entered at table 2 reaches the projector's card.
    page.goto(f"/tournaments/{t.pk}/projector/?dwell=600")
    expect(page.locator("body")).to_have_attribute("data-socket", "open")
    expect(page.get_by_test_id("projector-table").nth(1)).not_to_contain_text("En cours")
    north = in_thread(lambda: table_users(rnd, 2)["N"])
    phone = open_context({"width": 390, "height": 844})
    log_in(phone, north)
    phone.goto(f"/tournaments/{t.pk}/rounds/{rnd.number}/tables/2/")
    _enter_8s_made_with_9(phone)
    card = page.get_by_test_id("projector-table").nth(1)
    expect(card.get_by_test_id("running-line")).to_contain_text("En cours")
    expect(card.get_by_test_id("running-total").first).to_have_text("240")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "projector-40-players-live.png"))

    # The standings page shows the provisional ranking under the official standings.
    page.goto(f"/tournaments/{t.pk}/standings/")
    provisional = page.get_by_test_id("provisional")
    expect(provisional).to_contain_text("Classement provisoire — parties en cours")
    expect(provisional.get_by_test_id("running-table")).to_have_count(2)
    expect(page.get_by_test_id("standing-total").first).to_have_text("0")
    page.screenshot(path=str(SHOTS / "standings-provisional.png"), full_page=True)


def test_the_standings_page_shows_the_provisional_ranking_live_marked_as_such(
    device_page, make_member, chromium, live_server_asgi
):
    """The standings page, in French on a phone and a laptop, while table 1 plays: the
    official standings count no unfinished game (0), and under them the provisional
    ranking, titled as such, lists the table in progress with its running totals; a
    hand entered on table 2's phone adds that table without a reload. Nothing is wider than
    the screen."""
    page = device_page
    director, t, rnd = in_thread(lambda: _hall_day(make_member, 8))
    in_thread(lambda: play_table(rnd, 1, 2))
    log_in(page, in_thread(lambda: table_users(rnd, 1)["N"]))
    page.goto(f"/tournaments/{t.pk}/standings/")
    expect(page.locator("body")).to_have_attribute("data-socket", "open")
    page.evaluate("() => { window.__notReloaded = true; }")
    provisional = page.get_by_test_id("provisional")
    expect(provisional.get_by_role("heading")).to_have_text(
        "Classement provisoire — parties en cours"
    )
    running = provisional.get_by_test_id("running-table")
    expect(running).to_have_count(1)
    expect(running.first).to_contain_text("Ronde 1, table 1")
    expect(page.get_by_test_id("standing-total").first).to_have_text("0")
    assert page.evaluate(MAIN_WIDER_THAN_THE_SCREEN) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]

    context = _phone(chromium, live_server_asgi)
    try:
        phone = context.new_page()
        log_in(phone, in_thread(lambda: table_users(rnd, 2)["N"]))
        phone.goto(f"/tournaments/{t.pk}/rounds/{rnd.number}/tables/2/")
        _enter_8s_made_with_9(phone)
    finally:
        context.close()
    expect(running).to_have_count(2)
    expect(running.nth(1)).to_contain_text("Ronde 1, table 2")
    assert page.evaluate("() => window.__notReloaded === true")
    assert page.evaluate(MAIN_WIDER_THAN_THE_SCREEN) == []
    SHOTS.mkdir(parents=True, exist_ok=True)
    provisional.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"standings-provisional-{page.device}.png"))


@pytest.mark.parametrize(("width", "height"), SCREENS)
def test_before_the_draw_the_projector_waits_readably_and_shows_the_draw_once_published(
    open_context,  # noqa: F811 (the imported fixture, by name)
    make_member,
    width,
    height,
):
    """Round 1 drawn, not published: the projector says the draw will appear, fits the
    screen and reads from the back of the hall; the director publishes the round on a
    laptop and the projector shows the four tables by itself, still fitting."""
    director, t, rnd = in_thread(lambda: _hall_day(make_member, 16, start=False))
    page = open_context({"width": width, "height": height})
    log_in(page, director)
    page.goto(f"/tournaments/{t.pk}/projector/?dwell=600")
    expect(page.locator("body")).to_have_attribute("data-socket", "open")
    expect(page.locator("section[data-slide=wait]")).to_have_text("Le tirage s'affichera ici.")
    waiting = _walk(page, f"wait-{width}x{height}")
    _check(waiting, texts=2)  # the title and "the draw will appear here"
    assert "wait" in [m["slide"] for m in waiting]

    console = open_context({"width": 1366, "height": 800})
    log_in(console, director)
    console.goto(f"/tournaments/{t.pk}/rounds/{rnd.number}/")
    console.get_by_test_id("publish").click()
    expect(console.get_by_test_id("start-play")).to_be_visible()

    expect(page.get_by_test_id("projector-table")).to_have_count(4)  # by itself
    drawn = _walk(page, f"drawn-{width}x{height}")
    _check(drawn)
    assert "tables" in [m["slide"] for m in drawn]
    print(
        f"\n{width}x{height} before/after the draw: smallest text "
        f"{min(m['smallest'] for m in waiting)} / {min(m['smallest'] for m in drawn)} px"
    )
