"""A duplicate tournament in Chromium, in French, on a phone (390x844) and a laptop
(1366x800): the director creates it through the settings form ("Donnes identiques"), the
tournament page shows round 1's boards with the SHA-256 of their secret seed while the
round plays, and the seed with the command that deals them again once it is closed;
nothing is wider than the screen."""

from __future__ import annotations

from playwright.sync_api import expect

from games.engine.boards import seed_hash
from tests.browser.layout import LAYOUT_PROBLEMS, MAIN_WIDER_THAN_THE_SCREEN
from tests.browser.table_helpers import in_thread, log_in
from tournaments.models import Round, Tournament


def fits(page):
    width = page.viewport_size["width"]
    assert page.evaluate(LAYOUT_PROBLEMS, width) == []
    assert page.evaluate(MAIN_WIDER_THAN_THE_SCREEN) == []


def test_a_director_creates_a_duplicate_tournament_and_its_page_shows_hash_then_seed(
    device_page, make_member
):
    page = device_page
    director = in_thread(lambda: make_member(first_name="Josée", last_name="Gagnon", director=True))
    log_in(page, director)

    page.goto("/tournaments/new/")
    boards = page.get_by_test_id("boards-fields")
    expect(boards).to_be_visible()
    expect(boards).to_contain_text("Donnes identiques (duplicate)")
    expect(boards).to_contain_text("annule la chance des cartes")
    page.locator("#id_name").fill("Duplicate du jeudi")
    page.locator("#id_starts_at").fill("2030-04-10T19:00")
    page.locator("#id_rounds_total").fill("2")
    page.locator("#id_hands_per_game").fill("2")
    page.locator("#id_duplicate").check()
    page.locator("#id_boards_per_round").fill("4")
    boards.scroll_into_view_if_needed()
    fits(page)
    page.screenshot(path=f"/tmp/duplicate-form-{page.device}.png", full_page=True)
    page.get_by_role("button", name="Enregistrer").click()
    expect(page.locator("h1")).to_have_text("Duplicate du jeudi")

    def start_round_one():
        from tests.tournaments.day import play_round, running_with_players

        tournament = Tournament.objects.get(name="Duplicate du jeudi")
        assert tournament.duplicate and tournament.boards_per_round == 4
        running_with_players(tournament, make_member)
        return tournament, play_round(tournament, director)

    tournament, rnd = in_thread(start_round_one)
    page.goto(f"/tournaments/{tournament.pk}/")
    section = page.get_by_test_id("boards")
    expect(section).to_contain_text("Donnes 1 à 4 — empreinte SHA-256 :")
    expect(section.get_by_test_id("boards-hash")).to_have_text(seed_hash(rnd.board_seed))
    # What the tables do with the boards, online and in the hall, is said.
    expect(section.get_by_test_id("boards-play")).to_contain_text(
        "chaque table d’une ronde distribue ses donnes dans l’ordre"
    )
    expect(section).to_contain_text("La graine sera affichée une fois la ronde terminée.")
    assert rnd.board_seed not in page.content()
    section.scroll_into_view_if_needed()
    fits(page)
    page.screenshot(path=f"/tmp/duplicate-hash-{page.device}.png", full_page=True)

    def close_round_one():
        from tests.tournaments.day import play_table
        from tournaments.services import director as ds

        closing = Round.objects.get(pk=rnd.pk)
        play_table(closing, 1, 4)  # the round's 4 boards
        play_table(closing, 2, 4)  # the round's 4 boards
        ds.round_close(round=closing, by=director)

    in_thread(close_round_one)
    page.reload()
    section = page.get_by_test_id("boards")
    expect(section).to_contain_text("Graine :")
    expect(section.get_by_test_id("boards-seed")).to_have_text(rnd.board_seed)
    expect(section.get_by_test_id("boards-command")).to_have_text(
        f"python -m games.engine deal --variant quebec --seed {rnd.board_seed} --boards 1-4"
    )
    section.scroll_into_view_if_needed()
    fits(page)
    page.screenshot(path=f"/tmp/duplicate-seed-{page.device}.png", full_page=True)
