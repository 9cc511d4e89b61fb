"""French that fits whoever reads it, as a phone (390x844) shows it (issue 29, point 7):
the wordings the issue reported, each where it appears, and every line of text of these
pages read against the patterns of the catalog test (tests/club/test_french_agreement.py):
a walk-in is an "inscription sur place", a person's state beside their name agrees with
nobody, the director's button names its action ("Commencer le jeu"), a withdrawal's place
goes to the next person on the waiting list, and a phone's discard prompt clicks nothing."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone
from playwright.sync_api import expect

from tests.browser.table_helpers import in_thread, log_in
from tests.browser.test_table_kitty_browser import _kitty_table
from tests.browser.test_tournament_day_browser import confirm
from tests.club.test_french_agreement import wrong

#: Every line of visible text of the page (the open dialog's included).
TEXT_LINES = "() => document.body.innerText.split('\\n').map((l) => l.trim()).filter(Boolean)"


def _reads_right(page) -> None:
    found = [f"{line!r}: {reason}" for line in page.evaluate(TEXT_LINES) for reason in wrong(line)]
    assert found == [], page.url


def test_a_tournament_day_on_a_phone_agrees_with_nobody_and_names_its_actions(
    phone_page, make_member
):
    page = phone_page

    def setup():
        from tournaments.models import Entry, Tournament

        director = make_member(director=True, first_name="Josée", last_name="Directrice")
        t = Tournament.objects.create(
            name="Tournoi du jeudi", starts_at=timezone.now(), status="running", rounds_total=2
        )
        people = [make_member(first_name=f"Joueur{k}", last_name="Roy") for k in range(7)]
        for member in people:
            Entry.objects.create(tournament=t, player=member, checked_in=True)
        late = make_member(first_name="Gaétan", last_name="Roy")
        Entry.objects.create(tournament=t, player=late)
        ginette = make_member(first_name="Ginette", last_name="Bergeron")
        return director, t, ginette

    director, t, ginette = in_thread(setup)
    log_in(page, director)

    # A walk-in added by the director: "inscription sur place", not "inscrit(e)".
    page.goto(f"/tournaments/{t.pk}/entries/")
    form = page.get_by_test_id("walkin-form")
    form.locator("#id_player").select_option(label="Bergeron, Ginette")
    form.get_by_role("button").click()
    expect(page.locator(".message.success")).to_contain_text("Inscription sur place ajoutée")
    row = page.get_by_test_id("entry-row").filter(has_text="Ginette Bergeron")
    expect(row).to_contain_text("Ginette Bergeron (inscription sur place)")
    _reads_right(page)

    # The check-in list: a state beside each name that agrees with nobody.
    page.goto(f"/tournaments/{t.pk}/check-in/")
    rows = page.get_by_test_id("checkin-row")
    expect(rows.filter(has_text="Ginette Bergeron")).to_contain_text("présence notée")
    expect(rows.filter(has_text="Gaétan Roy")).to_contain_text("pas encore là")
    _reads_right(page)

    # The round: drawn and published, then the director's button names the action.
    def draw():
        from tournaments import services

        rnd = services.round_draw(tournament=t, by=director, seed=5)
        services.round_publish(round=rnd, by=director, version=rnd.version)

    in_thread(draw)
    page.goto(f"/tournaments/{t.pk}/rounds/1/")
    start = page.get_by_test_id("start-play")
    expect(start).to_have_text("Commencer le jeu")
    _reads_right(page)
    start.click()
    expect(page.get_by_test_id("confirm-ok")).to_have_text("Commencer le jeu")
    _reads_right(page)
    confirm(page, expect_text="Le jeu commence à la ronde 1?")
    expect(page.get_by_test_id("start-play")).to_have_count(0)
    _reads_right(page)


def test_withdrawing_on_a_phone_gives_the_place_to_the_next_person(phone_page, make_member):
    page = phone_page

    def setup():
        from tournaments.models import Entry, EntryStatus, Tournament

        t = Tournament.objects.create(
            name="Tournoi du samedi",
            starts_at=timezone.now() + timedelta(days=2),
            status="registration_open",
        )
        ginette = make_member(first_name="Ginette", last_name="Bergeron")
        Entry.objects.create(tournament=t, player=ginette, status=EntryStatus.CONFIRMED)
        return t, ginette

    t, ginette = in_thread(setup)
    log_in(page, ginette)
    page.goto(f"/tournaments/{t.pk}/")
    _reads_right(page)
    page.get_by_test_id("withdraw").click()
    expect(page.get_by_test_id("confirm-message")).to_contain_text(
        "Votre place ira à la prochaine personne de la liste d'attente"
    )
    _reads_right(page)
    page.get_by_test_id("confirm-cancel").click()


def test_the_discard_prompt_on_a_phone_clicks_nothing(phone_page, make_member):
    table, north = _kitty_table(make_member, "fr")
    log_in(phone_page, north)
    phone_page.goto(f"/tables/{table.pk}/")
    prompt = phone_page.get_by_test_id("discard-prompt")
    expect(prompt).to_contain_text("(choisissez une carte)")
    expect(prompt).not_to_contain_text("cliquez")
    _reads_right(phone_page)
