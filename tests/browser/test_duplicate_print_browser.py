"""The printed boards of a duplicate hall round in Chromium, in French, on a phone
(390x844) and a laptop (1366x800): the director opens them from the round page; on the
screen nothing is wider than the viewport; printed (print media, then a PDF of Letter
pages) the notice and the button are gone, the cards are at 12 pt or more, and two
boards share a page. Screenshots: /tmp/duplicate-print-<device>[-top|-print].png, the PDF
/tmp/duplicate-print.pdf."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.layout import MAIN_WIDER_THAN_THE_SCREEN
from tests.browser.table_helpers import in_thread, log_in
from tournaments import services

# Elements of the page wider than the viewport or leaving it (empty: none).
WIDER_THAN_THE_SCREEN = """() => {
  const W = document.documentElement.clientWidth;
  const out = [];
  const page = document.documentElement.scrollWidth;
  if (page > W) out.push("page " + page);
  for (const e of document.querySelectorAll("body *")) {
    const r = e.getBoundingClientRect();
    if (r.width > 0 && (r.right > W + 1 || r.left < -1)) {
      out.push(e.tagName + "." + e.className + " " + Math.round(r.left) + "-" + Math.round(r.right))
    }
  }
  return out.slice(0, 5);
}"""

# The smallest font size (px) of the boards' text, and the number of hand columns.
PRINTED = """() => {
  const sizes = [...document.querySelectorAll(".t-board-page *")]
    .filter((e) => e.getBoundingClientRect().width > 0)
    .filter((e) => [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()))
    .map((e) => parseFloat(getComputedStyle(e).fontSize));
  const grid = getComputedStyle(document.querySelector(".t-board-hands")).gridTemplateColumns;
  return { smallest: Math.min(...sizes), columns: grid.split(" ").length };
}"""


def test_the_director_prints_the_boards_of_a_hall_round(device_page, make_member):
    page = device_page
    director = in_thread(lambda: make_member(first_name="Josée", last_name="Gagnon", director=True))

    def draw_round_one():
        from django.utils import timezone

        from tests.tournaments.day import running_with_players
        from tournaments.models import Tournament

        tournament = services.tournament_create(
            by=director,
            name="Duplicate du jeudi",
            starts_at=timezone.now(),
            rounds_total=2,
            hands_per_game=6,
            duplicate=True,
            boards_per_round=6,
        )
        running_with_players(tournament, make_member)
        tournament = Tournament.objects.get(pk=tournament.pk)
        services.round_draw(tournament=tournament, by=director, seed=3)
        return tournament

    tournament = in_thread(draw_round_one)
    log_in(page, director)
    page.goto(f"/tournaments/{tournament.pk}/rounds/1/")
    link = page.get_by_test_id("print-boards")
    expect(link).to_have_text("Imprimer les donnes")
    href = link.get_attribute("href")
    # Beside it, the same boards as a file (a director's, before the round is over).
    download = page.get_by_test_id("round-boards-file")
    expect(download).to_have_text("Les donnes (JSON, une par ligne)")
    width = page.viewport_size["width"]
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    assert page.evaluate(MAIN_WIDER_THAN_THE_SCREEN) == []
    boards_file = page.request.get(download.get_attribute("href"))
    assert boards_file.ok and boards_file.text().startswith('{"board": 1, "dealer": "N"')

    page.goto(href)
    expect(page.get_by_role("heading", level=1)).to_have_text("Ronde 1 : donnes 1 à 6")
    expect(page.get_by_test_id("boards-secret")).to_contain_text("jamais pour les joueurs")
    boards = page.get_by_test_id("board")
    expect(boards).to_have_count(6)
    first = boards.first
    expect(first.get_by_role("heading", level=2)).to_have_text("Donne 1")
    expect(first.get_by_test_id("dealer")).to_have_text("Donneur : Nord")
    expect(boards.nth(1).get_by_test_id("dealer")).to_have_text("Donneur : Est")
    expect(first.get_by_test_id("hand")).to_have_count(4)
    expect(first.get_by_test_id("kitty")).to_contain_text("Mise")
    expect(first).to_contain_text("Pique")
    assert page.evaluate(WIDER_THAN_THE_SCREEN) == []
    page.screenshot(path=f"/tmp/duplicate-print-{page.device}-top.png")
    page.screenshot(path=f"/tmp/duplicate-print-{page.device}.png", full_page=True)

    page.emulate_media(media="print")
    expect(page.get_by_test_id("boards-secret")).to_be_hidden()
    expect(page.locator("[data-print]")).to_be_hidden()
    printed = page.evaluate(PRINTED)
    assert printed["smallest"] >= 16  # 12 pt
    assert printed["columns"] == 2
    assert page.evaluate(WIDER_THAN_THE_SCREEN) == []
    page.screenshot(path=f"/tmp/duplicate-print-{page.device}-print.png", full_page=True)

    if page.device == "laptop":  # a PDF as the printer gets it: 6 boards, 3 Letter pages
        # On paper's width (Letter less its margins, 192 mm = 725 px) each board keeps
        # to its half page (124 mm = 469 px: its min-height, so it did not grow).
        page.set_viewport_size({"width": 725, "height": 964})
        heights = page.eval_on_selector_all(
            ".t-board-page", "(els) => els.map((e) => e.getBoundingClientRect().height)"
        )
        assert max(heights) < 470, heights  # 469 px and less: none outgrew its half
        page.screenshot(path="/tmp/duplicate-print-paper.png", full_page=True)
        pdf = page.pdf(prefer_css_page_size=True)
        pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
        assert pages == 3, pages
        with open("/tmp/duplicate-print.pdf", "wb") as out:
            out.write(pdf)
