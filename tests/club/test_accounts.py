"""Account flows: sign up, log in with email, throttling, profile, passwords."""

import re

import pytest
from django.core import mail
from django.urls import reverse

from club.models import User
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def signup_data(**overrides):
    data = {
        "first_name": "Réjean",
        "last_name": "Côté",
        "email": "Rejean@Example.com",
        "password1": "pique-coeur-2026",
        "password2": "pique-coeur-2026",
    }
    data.update(overrides)
    return data


def test_signup_creates_an_unapproved_member_logs_in_and_keeps_the_page_language(client):
    client.cookies["club500_language"] = "en"
    response = client.post(reverse("signup"), signup_data())
    assert response.status_code == 302 and response.url == reverse("signup_sent")
    link = re.search(r"http://testserver(\S+)", mail.outbox[0].body).group(1)
    response = client.post(link)
    assert response.status_code == 302 and response.url == reverse("profile")
    member = User.objects.get(email="rejean@example.com")
    assert (member.first_name, member.last_name) == ("Réjean", "Côté")
    assert member.preferred_language == "en"
    assert not member.is_approved
    assert member.check_password("pique-coeur-2026")
    assert client.get(reverse("profile")).status_code == 200


def test_signup_errors_are_shown_per_field_in_french_and_nothing_is_saved(client):
    response = client.post(reverse("signup"), signup_data(password2="autre-chose-2026"))
    assert response.status_code == 200
    assert "Les deux mots de passe ne concordent pas." in response.content.decode()
    response = client.post(
        reverse("signup"), signup_data(password1="12345678", password2="12345678")
    )
    html = response.content.decode()
    assert "Ce mot de passe est entièrement numérique." in html
    assert "Ce mot de passe est trop courant." in html
    assert not User.objects.exists()


def test_signup_errors_in_english_for_an_english_visitor(client):
    client.cookies["club500_language"] = "en"
    response = client.post(reverse("signup"), signup_data(email="not-an-email"))
    assert "Enter a valid email address." in response.content.decode()


def test_login_with_email_in_any_case(client, member):
    response = client.post(
        reverse("login"), {"username": "Marie@Example.COM", "password": PASSWORD}
    )
    assert response.status_code == 302
    assert client.get(reverse("profile")).context["user"] == member


def test_wrong_password_gives_a_clear_message(client, member):
    response = client.post(reverse("login"), {"username": "marie@example.com", "password": "nope"})
    assert response.status_code == 200
    assert "Adresse courriel ou mot de passe incorrect." in response.content.decode()


def test_login_is_throttled_per_account_even_with_the_right_password(client, member, settings):
    settings.LOGIN_THROTTLE = {"window_seconds": 60, "per_account": 3, "per_address": 100}
    for _ in range(3):
        client.post(reverse("login"), {"username": "marie@example.com", "password": "bad"})
    response = client.post(
        reverse("login"), {"username": "marie@example.com", "password": PASSWORD}
    )
    assert response.status_code == 200
    assert "Trop de tentatives infructueuses." in response.content.decode()
    # Another account from the same address is not blocked by this account's failures.
    assert "_auth_user_id" not in client.session


def test_login_is_throttled_per_address_across_accounts(client, make_member, settings):
    settings.LOGIN_THROTTLE = {"window_seconds": 60, "per_account": 100, "per_address": 4}
    victim = make_member(email="victime@example.com")
    for n in range(4):
        client.post(reverse("login"), {"username": f"x{n}@example.com", "password": "bad"})
    response = client.post(reverse("login"), {"username": victim.email, "password": PASSWORD})
    assert "Trop de tentatives infructueuses." in response.content.decode()
    other = client.post(
        reverse("login"), {"username": victim.email, "password": PASSWORD}, REMOTE_ADDR="10.9.8.7"
    )
    assert other.status_code == 302


def test_successful_logins_use_up_no_attempt_but_forgive_no_failure(client, member, settings):
    """A member may log in again and again in one window; the wrong passwords typed
    before a success still count, so the window's third failure blocks the account."""
    settings.LOGIN_THROTTLE = {"window_seconds": 60, "per_account": 3, "per_address": 100}
    right = {"username": "marie@example.com", "password": PASSWORD}
    wrong = {"username": "marie@example.com", "password": "bad"}
    for _ in range(5):
        assert client.post(reverse("login"), right).status_code == 302
        client.post(reverse("logout"))
    for _ in range(2):
        client.post(reverse("login"), wrong)
    assert client.post(reverse("login"), right).status_code == 302
    client.post(reverse("logout"))
    checked = client.post(reverse("login"), wrong)
    assert "Adresse courriel ou mot de passe incorrect." in checked.content.decode()
    refused = client.post(reverse("login"), right)
    assert refused.status_code == 200
    assert "Trop de tentatives infructueuses." in refused.content.decode()


def test_logout_needs_a_post(member_client):
    assert member_client.get(reverse("logout")).status_code == 405
    assert member_client.post(reverse("logout")).status_code == 302
    assert "_auth_user_id" not in member_client.session


def test_profile_edit_saves_every_field(member_client, member):
    response = member_client.post(
        reverse("profile"),
        {
            "first_name": "Marie",
            "last_name": "Tremblay",
            "display_name": "Mimi",
            "phone": "418 555-0101",
            "member_number": " Q-77 ",
            "preferred_language": "en",
        },
    )
    assert response.status_code == 302
    member.refresh_from_db()
    assert (member.display_name, member.phone, member.member_number, member.preferred_language) == (
        "Mimi",
        "418 555-0101",
        "Q-77",
        "en",
    )


def test_profile_refuses_a_member_number_already_taken(member_client, make_member):
    make_member(member_number="Q-1")
    response = member_client.post(
        reverse("profile"),
        {
            "first_name": "Marie",
            "last_name": "Tremblay",
            "member_number": "Q-1",
            "preferred_language": "fr",
        },
    )
    assert response.status_code == 200
    assert "existe déjà" in response.content.decode()


def test_password_change(member_client, member):
    response = member_client.post(
        reverse("password_change"),
        {
            "old_password": PASSWORD,
            "new_password1": "atout-joker-9090",
            "new_password2": "atout-joker-9090",
        },
    )
    assert response.status_code == 302
    member.refresh_from_db()
    assert member.check_password("atout-joker-9090")


def test_password_reset_by_email_end_to_end(client, member):
    response = client.post(reverse("password_reset"), {"email": "marie@example.com"})
    assert response.status_code == 302
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["marie@example.com"]
    assert "nouveau mot de passe" in message.subject
    link = re.search(r"http://testserver(/accounts/password/reset/\S+)", message.body).group(1)
    form_page = client.get(link, follow=True)
    assert form_page.context["validlink"]
    done = client.post(
        form_page.redirect_chain[-1][0],
        {"new_password1": "nouveau-depart-500", "new_password2": "nouveau-depart-500"},
    )
    assert done.status_code == 302
    member.refresh_from_db()
    assert member.check_password("nouveau-depart-500")


def test_password_reset_for_an_unknown_address_reveals_nothing(client):
    response = client.post(reverse("password_reset"), {"email": "personne@example.com"})
    assert response.status_code == 302
    assert mail.outbox == []
