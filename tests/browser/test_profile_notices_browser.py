"""The profile's emailed notices in Chromium, in French, on a phone (390x844) and a
laptop (1366x800): each notice is a box with its label and sentence, all ticked at
first; a member unticks two, saves, reloads and finds them as saved. Nothing is wider
than the screen, and no box covers its text."""

from __future__ import annotations

from playwright.sync_api import expect

from club.models import User
from club.notices import notice_wanted
from tests.browser.table_helpers import in_thread, log_in
from tests.browser.test_tournament_day_browser import open_context  # noqa: F401 (fixture)

# Each notice's box: on the screen's width, its checkbox beside (not over) its text,
# and a touch target at least 44 px high; and anything in the page wider than the screen.
LAYOUT = """() => {
  const W = document.documentElement.clientWidth;
  const problems = [];
  const wide = document.documentElement.scrollWidth;
  if (wide > W) problems.push("the page is " + wide + " px wide");
  for (const e of document.querySelectorAll("main *")) {
    const r = e.getBoundingClientRect();
    if (r.width > 0 && r.right > W + 1) problems.push(e.tagName + "." + e.className + " leaves");
  }
  const rows = [...document.querySelectorAll("[data-testid=notice-choices] label.choice")];
  for (const row of rows) {
    const box = row.querySelector("input").getBoundingClientRect();
    const text = row.querySelector("span").getBoundingClientRect();
    const name = row.querySelector("strong").textContent;
    if (box.right > text.left + 0.5) problems.push("the box covers «" + name + "»");
    const high = row.getBoundingClientRect().height;
    if (high < 44) problems.push("«" + name + "» is " + high + " px high");
  }
  return { rows: rows.length, problems };
}"""

LABELS = (
    "Rappel la veille",
    "Sortie de la liste d'attente",
    "Demandes de partenariat",
    "Votre table est prête",
    "Résultats",
)


def test_a_member_turns_two_notices_off_and_finds_them_off_after_a_reload(device_page, make_member):
    page = device_page
    member = in_thread(lambda: make_member(first_name="Ginette", last_name="Bergeron"))
    log_in(page, member)
    page.goto("/accounts/profile/")
    choices = page.get_by_test_id("notice-choices")
    expect(choices.locator("legend")).to_have_text("Courriels du club")
    for label in LABELS:
        expect(choices.get_by_label(label)).to_be_checked()
    expect(choices).to_contain_text("La veille d'un tournoi où vous avez une inscription")
    layout = page.evaluate(LAYOUT)
    assert layout == {"rows": len(LABELS), "problems": []}
    page.screenshot(path=f"/tmp/profile-notices-{page.device}.png", full_page=True)

    choices.get_by_label("Rappel la veille").uncheck()
    choices.get_by_label("Résultats").uncheck()
    page.get_by_test_id("profile-form").get_by_role("button", name="Enregistrer").click()
    expect(page.get_by_text("Votre profil est enregistré.")).to_be_visible()

    page.reload()
    choices = page.get_by_test_id("notice-choices")
    expect(choices.get_by_label("Rappel la veille")).not_to_be_checked()
    expect(choices.get_by_label("Résultats")).not_to_be_checked()
    for label in LABELS[1:4]:
        expect(choices.get_by_label(label)).to_be_checked()
    assert page.evaluate(LAYOUT)["problems"] == []

    def saved():
        row = User.objects.get(pk=member.pk)
        return {kind: notice_wanted(row, kind) for kind in ("reminder", "results", "table_ready")}

    assert in_thread(saved) == {"reminder": False, "results": False, "table_ready": True}


def test_a_notice_turned_off_on_the_profile_is_not_sent_and_the_others_are(
    make_member,
    open_context,  # noqa: F811 (the imported fixture, by name)
):
    """Ginette (a phone) turns off "Sortie de la liste d'attente" and "Demandes de
    partenariat". Réjean (a laptop) withdraws from a full tournament: Ginette moves up
    from the waiting list and is not emailed; she then withdraws and Lise, who kept the
    notice, moves up and is emailed (once the change committed, through the site's
    email backend). Sylvie registers a pair with Ginette: Ginette is not emailed, and
    finds the request on the tournament's page."""
    from datetime import timedelta

    from django.utils import timezone

    from club.models import SentNotice
    from tests.browser.test_tournament_day_browser import LAPTOP, PHONE, confirm
    from tournaments.models import Entry, EntryStatus, Format, Tournament

    def setup():
        names = ("Ginette", "Réjean", "Lise", "Sylvie")
        ginette, rejean, lise, sylvie = (make_member(first_name=n, last_name="Roy") for n in names)
        soon = timezone.now() + timedelta(days=3)
        full = Tournament.objects.create(
            name="Tournoi du samedi", starts_at=soon, status="registration_open", capacity=1
        )
        Entry.objects.create(tournament=full, player=rejean, status=EntryStatus.CONFIRMED)
        for k, member in enumerate((ginette, lise)):
            Entry.objects.create(
                tournament=full,
                player=member,
                status=EntryStatus.WAITING,
                queued_at=timezone.now() + timedelta(seconds=k),
            )
        pairs = Tournament.objects.create(
            name="Paires du dimanche",
            starts_at=soon,
            status="registration_open",
            format=Format.PAIRS,
        )
        return ginette, rejean, sylvie, full, pairs

    ginette, rejean, sylvie, full, pairs = in_thread(setup)

    def notices():
        return sorted(
            (n.kind, n.member.first_name, n.sent_at is not None)
            for n in SentNotice.objects.select_related("member")
        )

    phone = open_context(PHONE)
    log_in(phone, ginette)
    phone.goto("/accounts/profile/")
    choices = phone.get_by_test_id("notice-choices")
    choices.get_by_label("Sortie de la liste d'attente").uncheck()
    choices.get_by_label("Demandes de partenariat").uncheck()
    phone.get_by_test_id("profile-form").get_by_role("button", name="Enregistrer").click()
    expect(phone.get_by_text("Votre profil est enregistré.")).to_be_visible()

    laptop = open_context(LAPTOP)
    log_in(laptop, rejean)
    laptop.goto(f"/tournaments/{full.pk}/")
    laptop.get_by_test_id("withdraw").click()
    confirm(laptop, expect_text="Vous désinscrire de ce tournoi")
    expect(laptop.get_by_test_id("register")).to_be_visible()
    phone.goto(f"/tournaments/{full.pk}/")
    expect(phone.get_by_test_id("my-registration")).to_contain_text("Inscription confirmée")
    assert in_thread(notices) == []  # moved up, not emailed: she said so

    phone.get_by_test_id("withdraw").click()
    confirm(phone, expect_text="Vous désinscrire de ce tournoi")
    expect(phone.get_by_test_id("register")).to_be_visible()
    assert in_thread(notices) == [("waiting_list", "Lise", True)]

    sylvie_page = open_context(LAPTOP)
    log_in(sylvie_page, sylvie)
    sylvie_page.goto(f"/tournaments/{pairs.pk}/")
    sylvie_page.locator("#id_partner").select_option(label="Roy, Ginette")
    sylvie_page.get_by_test_id("register").click()
    expect(sylvie_page.get_by_test_id("my-registration")).to_contain_text("Ginette Roy")
    phone.goto(f"/tournaments/{pairs.pk}/")
    expect(phone.get_by_test_id("my-registration")).to_contain_text(
        "Sylvie Roy a inscrit une équipe avec vous comme partenaire."
    )
    assert in_thread(notices) == [("waiting_list", "Lise", True)]
    assert phone.evaluate(LAYOUT)["problems"] == []
