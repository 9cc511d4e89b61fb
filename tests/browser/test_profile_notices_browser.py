"""The profile's emailed notices in Chromium, in French, on a phone (390x844) and a
laptop (1366x800): each notice is a box with its label and sentence, all ticked at
first; a member unticks two, saves, reloads and finds them as saved. Nothing is wider
than the screen, and no box covers its text."""

from __future__ import annotations

from playwright.sync_api import expect

from club.models import User
from club.notices import notice_wanted
from tests.browser.table_helpers import in_thread, log_in

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
