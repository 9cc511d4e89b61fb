"""Malformed requests get clear errors, never a server error."""

import pytest
from django.test import Client
from django.urls import reverse

from club.models import User

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"email": ["a@example.com", "b@example.com"], "password1": "x"},
        {
            "first_name": "x" * 10_000,
            "last_name": "y",
            "email": "z@example.com",
            "password1": "pique-coeur-2026",
            "password2": "pique-coeur-2026",
        },
        {"first_name": "\u200b", "last_name": "\u202e", "email": "\u202e@example.com"},
    ],
)  # NUL characters are refused before any form: tests/club/test_nul_bytes.py
def test_malformed_signup_posts_show_form_errors(client, data):
    response = client.post(reverse("signup"), data)
    assert response.status_code == 200
    assert response.context["form"].errors
    assert not User.objects.exists()


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"username": "", "password": ""},
        {"username": "not-an-email", "password": "x"},
        {"username": "a" * 5000 + "@example.com", "password": "x"},
    ],
)
def test_malformed_login_posts_show_form_errors(client, data):
    response = client.post(reverse("login"), data)
    assert response.status_code == 200
    assert response.context["form"].errors


@pytest.mark.parametrize("value", ["", "abc", "-1", "99999999999999999999"])
def test_approving_garbage_is_a_message_or_404_not_500(director_client, value):
    response = director_client.post(reverse("approvals"), {"member": value})
    assert response.status_code in (302, 404)


def test_profile_with_an_unknown_language_is_a_field_error(member_client):
    response = member_client.post(
        reverse("profile"), {"first_name": "A", "last_name": "B", "preferred_language": "xx"}
    )
    assert response.status_code == 200
    assert "preferred_language" in response.context["form"].errors


def test_non_form_body_is_handled(member_client):
    response = member_client.post(
        reverse("profile"), data=b"\xff\xfe garbage", content_type="application/octet-stream"
    )
    assert response.status_code == 200


def test_csrf_is_enforced_with_a_french_explanation(member):
    client = Client(enforce_csrf_checks=True)
    response = client.post(reverse("login"), {"username": member.email, "password": "x"})
    assert response.status_code == 403
    assert "Formulaire expiré" in response.content.decode()


def test_unknown_page_is_a_french_404(client, settings):
    settings.DEBUG = False
    response = client.get("/pas-une-page/")
    assert response.status_code == 404
    assert "Page introuvable" in response.content.decode()
