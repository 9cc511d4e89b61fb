"""The login throttle's counter: atomic under threads, every path, clear messages."""

import threading

import pytest
from django.contrib.auth import authenticate
from django.test import RequestFactory
from django.urls import reverse

from club import throttle
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def test_simultaneous_attempts_in_one_process_get_exactly_the_limit(settings):
    """30 threads count an attempt at once in the in-memory cache: 5 are let through."""
    settings.LOGIN_THROTTLE = {"window_seconds": 60, "per_account": 5, "per_address": 100}
    barrier = threading.Barrier(30)
    allowed = []

    def one():
        barrier.wait()
        allowed.append(throttle.attempt(email="marie@example.com", address="10.0.0.1"))

    threads = [threading.Thread(target=one) for _ in range(30)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert allowed.count(True) == 5 and allowed.count(False) == 25


def test_authenticate_itself_is_throttled_whatever_calls_it(member, settings):
    """Any login path ends in authenticate(): the sixth call is refused unchecked, even
    with the right password, and the request says why."""
    settings.LOGIN_THROTTLE = {"window_seconds": 60, "per_account": 5, "per_address": 100}
    request = RequestFactory().post("/api/login", REMOTE_ADDR="10.0.0.2")
    for _ in range(5):
        assert authenticate(request, username=member.email, password="mauvais") is None
    assert authenticate(request, username=member.email, password=PASSWORD) is None
    assert request.login_throttled


def test_a_success_gives_its_attempt_back_to_the_address(make_member, settings):
    """Members sharing the club's address all log in: only failures add up there."""
    settings.LOGIN_THROTTLE = {"window_seconds": 60, "per_account": 5, "per_address": 3}
    members = [make_member() for _ in range(6)]
    request = RequestFactory().post("/", REMOTE_ADDR="10.0.0.3")
    for m in members:
        assert authenticate(request, username=m.email, password=PASSWORD) == m


def test_a_success_amid_a_burst_lets_no_more_than_the_limit_of_failures_be_checked(settings):
    """The right password is counted third, two more attempts are counted while it is
    checked, then it succeeds: it gives back its own attempt only, so one more wrong
    password is checked (five in all) and the next is refused."""
    settings.LOGIN_THROTTLE = {"window_seconds": 60, "per_account": 5, "per_address": 100}

    def attempt():
        return throttle.attempt(email="marie@example.com", address="10.0.0.4")

    assert [attempt() for _ in range(5)] == [True] * 5  # wrong, wrong, right, wrong, wrong
    throttle.record_success(email="marie@example.com", address="10.0.0.4")
    assert attempt() is True  # the fifth wrong password
    assert attempt() is False


def test_the_admin_login_says_when_it_is_throttled_in_french_and_english(
    client, make_member, settings
):
    settings.LOGIN_THROTTLE = {"window_seconds": 60, "per_account": 5, "per_address": 100}
    admin = make_member(email="admin@example.com", is_staff=True, is_superuser=True)
    for _ in range(5):
        response = client.post(
            reverse("admin:login"), {"username": admin.email, "password": "mauvais"}
        )
        assert "Trop de tentatives" not in response.content.decode()
    response = client.post(reverse("admin:login"), {"username": admin.email, "password": PASSWORD})
    assert "Trop de tentatives infructueuses." in response.content.decode()
    client.cookies["club500_language"] = "en"
    response = client.post(reverse("login"), {"username": admin.email, "password": PASSWORD})
    assert "Too many failed attempts." in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_the_old_password_check_of_a_password_change_is_counted_too(
    member_client, member, settings
):
    """A stolen session cannot guess the password through the password change form."""
    settings.LOGIN_THROTTLE = {"window_seconds": 60, "per_account": 5, "per_address": 100}
    data = {"new_password1": "atout-joker-9090", "new_password2": "atout-joker-9090"}
    for n in range(5):
        response = member_client.post(
            reverse("password_change"), {**data, "old_password": f"mauvais-{n}"}
        )
        assert "Trop de tentatives" not in response.content.decode()
    response = member_client.post(reverse("password_change"), {**data, "old_password": PASSWORD})
    assert "Trop de tentatives infructueuses." in response.content.decode()
    member.refresh_from_db()
    assert member.check_password(PASSWORD)
