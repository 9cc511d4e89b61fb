"""Sign-up answers the same whether or not the address has an account: the address's
owner learns which by email (a link to finish signing up, or a reminder that they
already are a member), as password reset already does."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import timezone

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


def _link(message) -> str:
    return re.search(r"http://testserver(/accounts/signup/confirm/\S+)", message.body).group(1)


def test_sign_up_answers_the_same_for_a_new_and_an_existing_address(member):
    new = Client().post(reverse("signup"), signup_data(email="nouveau@example.com"), follow=True)
    existing = Client().post(reverse("signup"), signup_data(email="MARIE@example.com"), follow=True)
    assert new.status_code == existing.status_code == 200
    assert new.redirect_chain == existing.redirect_chain
    strip = re.compile(r"[A-Za-z0-9]{64}")  # the pages' CSRF tokens
    assert strip.sub("", new.content.decode()) == strip.sub("", existing.content.decode())
    assert "existe déjà" not in existing.content.decode()
    # The owner of the existing address is told by email, and nothing changes.
    assert [m.to for m in mail.outbox] == [["nouveau@example.com"], ["marie@example.com"]]
    assert "déjà" in mail.outbox[1].subject and "/accounts/login/" in mail.outbox[1].body
    member.refresh_from_db()
    assert member.check_password(PASSWORD)
    assert User.objects.count() == 1


def test_the_emailed_link_creates_the_account_and_logs_in(client):
    client.cookies["club500_language"] = "en"
    response = client.post(reverse("signup"), signup_data())
    assert response.status_code == 302 and response.url == reverse("signup_sent")
    assert not User.objects.exists()
    link = _link(mail.outbox[0])
    page = client.get(link)  # a GET changes nothing (mail scanners follow links)
    assert page.status_code == 200 and not User.objects.exists()
    done = client.post(link)
    assert done.status_code == 302 and done.url == reverse("profile")
    member = User.objects.get(email="rejean@example.com")
    assert (member.first_name, member.last_name, member.preferred_language) == (
        "Réjean",
        "Côté",
        "en",
    )
    assert member.check_password("pique-coeur-2026") and not member.is_approved
    assert client.get(reverse("profile")).context["user"] == member
    from club.models import SignupRequest

    assert not SignupRequest.objects.exists()
    client.post(reverse("logout"))
    again = client.post(link)  # a link works once
    assert again.status_code == 200 and "expired" in again.content.decode()


def test_an_old_or_unknown_link_says_so(client):
    client.post(reverse("signup"), signup_data())
    link = _link(mail.outbox[0])
    from club.models import SignupRequest

    SignupRequest.objects.update(created_at=timezone.now() - timedelta(days=4))
    response = client.post(link)
    assert "Ce lien n’est plus valide" in response.content.decode()
    assert not User.objects.exists()
    response = client.get(reverse("signup_confirm", args=["pas-un-jeton"]))
    assert "Ce lien n’est plus valide" in response.content.decode()


def test_a_link_for_an_address_taken_meanwhile_creates_nothing(client, make_member):
    client.post(reverse("signup"), signup_data())
    link = _link(mail.outbox[0])
    make_member(email="rejean@example.com")
    response = client.post(link)
    assert response.status_code == 200 and "Ce lien n’est plus valide" in response.content.decode()
    assert User.objects.filter(email="rejean@example.com").count() == 1


def test_signing_up_twice_keeps_only_the_last_link(client):
    client.post(reverse("signup"), signup_data())
    client.post(reverse("signup"), signup_data(first_name="Rémi"))
    first, last = _link(mail.outbox[0]), _link(mail.outbox[1])
    assert "Ce lien n’est plus valide" in client.post(first).content.decode()
    assert client.post(last).status_code == 302
    assert User.objects.get().first_name == "Rémi"
