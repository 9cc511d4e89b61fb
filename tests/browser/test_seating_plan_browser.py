"""The draw editor and the seating plan in Chromium, in French, on a laptop (1280x800)
and a phone (390x844): round 1 plans the whole tournament and shows the best known
figure for its size; a swap shows its effect on the rest of the plan before and after it
is made; a late arrival and a withdrawal re-plan the rest with the reasons in view.
Every page is measured: nothing wider than the screen."""

from __future__ import annotations

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.browser.test_tournament_browser import in_thread, log_in
from tests.browser.test_tournament_day_browser import (  # noqa: F401  (fixture)
    LAPTOP,
    OVERFLOW_JS,
    PHONE,
    open_context,
)

NAMES = [
    "Gaétan",
    "Sylvie",
    "Réjean",
    "Lise",
    "Normand",
    "Francine",
    "Denis",
    "Nicole",
    "Claude",
    "Diane",
    "Michel",
    "Louise",
    "Yvon",
    "Micheline",
    "Roger",
    "Huguette",
]


def fits(page, shot: str):
    page.screenshot(path=f"/tmp/club500-{shot}.png", full_page=True)
    measure = page.evaluate(OVERFLOW_JS)
    assert measure["scroll"] <= measure["width"] + 1 and not measure["wide"], measure


def setup_day(make_member):
    from tournaments import services
    from tournaments.models import Entry, Tournament

    director = make_member(director=True, first_name="Josée", last_name="Directrice")
    people = [make_member(first_name=n, last_name="Joueur") for n in NAMES]
    t = services.tournament_create(
        by=director,
        name="Tournoi du jeudi",
        starts_at=timezone.now(),
        rounds_total=7,
        hands_per_game=8,
    )
    Tournament.objects.filter(pk=t.pk).update(status="running")
    t.refresh_from_db()
    for p in people:
        Entry.objects.create(tournament=t, player=p, checked_in=True, checked_in_at=timezone.now())
    return director, t


def two_players_at_different_tables(t, number):
    from tournaments.models import Round

    rnd = Round.objects.get(tournament=t, number=number)
    one = rnd.seats.get(table=1, position="N").entry
    two = rnd.seats.get(table=2, position="E").entry
    return one.pk, one.name, two.pk, two.name


@pytest.mark.parametrize("viewport,size", [(LAPTOP, "laptop"), (PHONE, "phone")])
def test_the_draw_editor_shows_the_plan_and_the_effect_of_a_swap(
    make_member,
    open_context,  # noqa: F811 (the imported fixture, by name)
    viewport,
    size,
):
    director, t = in_thread(lambda: setup_day(make_member))
    page = open_context(viewport)
    log_in(page, director)

    page.goto(f"/tournaments/{t.pk}/rounds/")
    expect(page.locator("body")).to_contain_text("La ronde 1 planifie toutes les rondes")
    page.locator("#id_seed").fill("5")
    page.get_by_test_id("draw").click()
    panel = page.get_by_test_id("plan-panel")
    expect(panel).to_contain_text("Le plan de tout le tournoi")
    expect(page.get_by_test_id("best-known")).to_contain_text("Meilleur connu pour 16 × 7 parties")
    expect(page.get_by_test_id("best-known").locator("td").last).to_have_text("0")
    expect(page.get_by_test_id("plan-figures").locator("td").last).to_have_text("0")
    expect(panel).to_contain_text("mouvement précalculé")
    fits(page, f"plan-{size}-round1")

    # The effect of a swap, shown before it is made: nothing changes yet.
    a, a_name, b, b_name = in_thread(lambda: two_players_at_different_tables(t, 1))
    page.get_by_test_id("swap-a").select_option(str(a))
    page.get_by_test_id("swap-b").select_option(str(b))
    page.get_by_test_id("swap-preview").click()
    effect = page.get_by_test_id("swap-effect")
    expect(effect).to_contain_text("Si vous faites cet échange")
    expect(effect).to_contain_text(f"{a_name} et {b_name} échangent leurs places à la ronde 1")
    # a round 1 is always some relabelling of the library's: the swap costs nothing
    expect(effect.get_by_test_id("plan-effect")).to_contain_text(
        "Tout le tournoi : adversaires répétés 0 → 0"
    )
    expect(effect).to_contain_text("Rondes 2 à 7 replanifiées pour 16 joueurs")
    expect(page.get_by_test_id("seat-1-N")).to_have_text(a_name)
    fits(page, f"plan-{size}-preview")

    # The swap itself: the editor shows its effect on the whole plan.
    page.get_by_test_id("swap").click()
    expect(page.get_by_test_id("seat-1-N")).to_have_text(b_name)
    expect(panel).to_contain_text("Effet de votre dernière modification")
    expect(panel.locator('[data-reason="swap"]')).to_contain_text(a_name)
    fits(page, f"plan-{size}-swapped")

    page.get_by_test_id("publish").click()
    expect(page.get_by_test_id("round-status")).to_have_text("Publiée")

    # Between rounds one player leaves and another arrives late.
    def change():
        from tournaments import services
        from tournaments.models import Entry

        leaving = Entry.objects.filter(tournament=t, player__first_name="Huguette").get()
        services.registration_remove(entry=leaving, by=director)
        services.walkin_add(tournament=t, by=director, guest_name="Ginette Tardif")

    in_thread(change)
    page.goto(f"/tournaments/{t.pk}/rounds/")
    notice = page.get_by_test_id("plan-notice")
    expect(notice).to_contain_text("Les joueurs présents ont changé")
    expect(notice.locator('[data-reason="late_arrival"]')).to_contain_text("Ginette Tardif")
    expect(notice.locator('[data-reason="withdrawal"]')).to_contain_text("Huguette Joueur")
    expect(notice).to_contain_text("Le tirage de la ronde 2 replanifiera les rondes 2 à 7")
    fits(page, f"plan-{size}-notice")
    page.get_by_test_id("draw").click()
    expect(page.locator("h1")).to_contain_text("Ronde 2")
    expect(panel).to_contain_text("Pourquoi le plan a changé")
    expect(panel.locator('[data-reason="late_arrival"]')).to_contain_text("Ginette Tardif")
    expect(panel.locator('[data-reason="withdrawal"]')).to_contain_text("Huguette Joueur")
    expect(panel).to_contain_text("Rondes 2 à 7 replanifiées pour 16 joueurs")
    expect(page.get_by_test_id("round-editor")).to_contain_text("Ginette Tardif")
    fits(page, f"plan-{size}-replanned")


def test_fixed_seats_on_the_constraints_page_fit_a_phone(
    make_member,
    open_context,  # noqa: F811 (the imported fixture, by name)
):
    director, t = in_thread(lambda: setup_day(make_member))
    page = open_context(PHONE)
    log_in(page, director)
    page.goto(f"/tournaments/{t.pk}/constraints/")
    form = page.get_by_test_id("fixed-seat-form")
    form.locator("select[name=entry]").select_option(label="Lise Joueur")
    form.locator("select[name=position]").select_option("N")
    form.locator("input[name=table]").fill("2")
    form.locator("button").click()
    expect(page.get_by_test_id("fixed-seats")).to_contain_text("Lise Joueur")
    expect(page.get_by_test_id("fixed-seats")).to_contain_text("Table 2")
    fits(page, "plan-phone-fixed")
    page.goto(f"/tournaments/{t.pk}/rounds/")
    page.get_by_test_id("draw").click()
    expect(page.get_by_test_id("seat-2-N")).to_have_text("Lise Joueur")
