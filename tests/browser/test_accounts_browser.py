"""A visitor's first visit, in a real Chromium against daphne."""

import re

from playwright.sync_api import expect


def _emailed_link(server, address: str) -> str:
    """The sign-up link of the last email to ``address``, which the live server's
    console email backend printed into its log."""
    import time

    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        log = server.log_path.read_text(errors="replace")
        start = log.rfind(f"To: {address}")
        if start >= 0:
            found = re.search(r"http://[^\s]+/accounts/signup/confirm/\S+/", log[start:])
            if found:
                return found.group(0)
        time.sleep(0.2)
    raise AssertionError(f"no sign-up email to {address} in {server.log_path}")


def test_visitor_signs_up_logs_in_edits_profile_and_switches_language(
    browser_page, live_server_asgi
):
    page = browser_page
    page.goto("/")
    # French first, even though the browser asks for English.
    expect(page.locator("html")).to_have_attribute("lang", "fr-CA")
    expect(page.get_by_role("link", name="Devenir membre")).to_be_visible()

    page.get_by_role("link", name="Devenir membre").click()
    form = page.get_by_test_id("signup-form")
    form.get_by_label("Prénom").fill("Marie-Ève")
    form.locator("#id_last_name").fill("Lachance")
    form.get_by_label("Adresse courriel").fill("marie-eve@example.com")
    form.locator("#id_password1").fill("court")
    form.get_by_label("Mot de passe (encore)").fill("court")
    form.get_by_role("button", name="Créer mon compte").click()
    # The error is shown in French, next to the field, and nothing is lost.
    expect(page.locator(".field-errors").first).to_contain_text("Ce mot de passe est trop court")
    expect(form.get_by_label("Prénom")).to_have_value("Marie-Ève")

    form.locator("#id_password1").fill("trefle-carreau-42")
    form.get_by_label("Mot de passe (encore)").fill("trefle-carreau-42")
    form.get_by_role("button", name="Créer mon compte").click()
    # The account is created from the link emailed to the address.
    expect(page.get_by_test_id("signup-sent")).to_be_visible()
    page.goto(_emailed_link(live_server_asgi, "marie-eve@example.com"))
    page.get_by_test_id("signup-confirm-form").get_by_role(
        "button", name="Créer mon compte"
    ).click()
    expect(page.get_by_role("heading", name="Mon profil")).to_be_visible()

    # Log out, then log in again with the email address.
    page.get_by_role("button", name="Se déconnecter").click()
    page.get_by_role("link", name="Se connecter").first.click()
    login = page.get_by_test_id("login-form")
    login.get_by_label("Adresse courriel").fill("MARIE-EVE@example.com")
    login.get_by_label("Mot de passe").fill("trefle-carreau-42")
    login.get_by_role("button", name="Se connecter").click()
    expect(page.get_by_test_id("nav-profile")).to_have_text("Marie-Ève Lachance")

    # Edit the profile.
    page.get_by_test_id("nav-profile").click()
    profile = page.get_by_test_id("profile-form")
    profile.get_by_label("Nom affiché").fill("Mimi")
    profile.get_by_label("Téléphone").fill("418 555-0199")
    profile.get_by_role("button", name="Enregistrer").click()
    expect(page.get_by_text("Votre profil est enregistré.")).to_be_visible()
    expect(page.get_by_test_id("nav-profile")).to_have_text("Mimi")

    # Switch to English: the page and the member's preference follow.
    page.get_by_test_id("switch-en").click()
    expect(page.locator("html")).to_have_attribute("lang", "en-CA")
    expect(page.get_by_role("heading", name="My profile")).to_be_visible()
    expect(page.get_by_label("Preferred language")).to_have_value("en")

    # And back to French.
    page.get_by_test_id("switch-fr").click()
    expect(page.locator("html")).to_have_attribute("lang", "fr-CA")
    expect(page.get_by_role("heading", name="Mon profil")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/accounts/profile/$"))
