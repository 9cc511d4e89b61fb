"""Login throttling in the documented deployment (nginx, two daphne processes, Redis):
bursts of simultaneous attempts, the admin's login, forged forwarding headers."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db(transaction=True)

THROTTLED = "Trop de tentatives infructueuses"
SITE_WRONG = "Adresse courriel ou mot de passe incorrect"


@pytest.fixture(autouse=True)
def _fresh_counters(deployment):
    deployment.redis.flush()
    yield


def _burst(deployment, path: str, attempts: list[dict], **headers) -> list:
    """Send every login attempt at the same moment, each from its own connection."""
    client = deployment.client(**headers)
    client.get(path)  # the CSRF cookie, shared by every attempt
    barrier = threading.Barrier(len(attempts))

    def send(data):
        one = deployment.client(**headers)
        one.cookies = dict(client.cookies)
        barrier.wait()
        return one.request("POST", path, data=data)

    with ThreadPoolExecutor(len(attempts)) as pool:
        return list(pool.map(send, attempts))


def _outcomes(responses) -> dict:
    counts = {"throttled": 0, "checked": 0, "logged_in": 0, "other": 0}
    for r in responses:
        if r.status == 302:
            counts["logged_in"] += 1
        elif r.status == 200 and THROTTLED in r.text:
            counts["throttled"] += 1
        elif r.status == 200:
            counts["checked"] += 1
        else:
            counts["other"] += 1
    return counts


def test_a_burst_of_wrong_passwords_gets_no_more_checks_than_the_limit(deployment, member):
    """29 wrong passwords for one account sent at once, over two processes: at most 5
    are checked, the others refused unchecked; then the right password is refused too,
    with the throttle's message (the window is not over)."""
    wrong = [{"username": member.email, "password": f"mauvais-{n}"} for n in range(29)]
    outcomes = _outcomes(_burst(deployment, "/accounts/login/", wrong))
    assert outcomes["other"] == 0, deployment.logs()
    assert outcomes["checked"] <= 5, outcomes
    assert outcomes["throttled"] >= 24, outcomes
    right = deployment.client().post(
        "/accounts/login/", {"username": member.email, "password": PASSWORD}
    )
    assert right.status == 200 and THROTTLED in right.text


def test_a_burst_ending_with_the_right_password_does_not_get_in_after_five(deployment, member):
    """29 wrong passwords and the right one, all at once. However the two processes
    interleave them, at most 5 wrong ones are checked, and the right one gets in only
    if it was counted among the first 5 (it then gives its own attempt back, which one
    more wrong password may use; the failures before it stay counted)."""
    attempts = [{"username": member.email, "password": f"mauvais-{n}"} for n in range(29)]
    attempts.append({"username": member.email, "password": PASSWORD})
    outcomes = _outcomes(_burst(deployment, "/accounts/login/", attempts))
    assert outcomes["other"] == 0, deployment.logs()
    assert outcomes["checked"] <= 5, outcomes
    assert outcomes["logged_in"] <= 1, outcomes
    assert outcomes["throttled"] >= 24, outcomes


def test_the_admin_login_is_throttled_like_the_site(deployment, make_member):
    """/admin/login/ goes through the same counter: a burst of 29 wrong passwords for
    a staff account gets at most 5 checks, and the right password is then refused with
    the throttle's message."""
    admin = make_member(email="admin@example.com", is_staff=True, is_superuser=True)
    wrong = [
        {"username": admin.email, "password": f"mauvais-{n}", "next": "/admin/"} for n in range(29)
    ]
    outcomes = _outcomes(_burst(deployment, "/admin/login/", wrong))
    assert outcomes["other"] == 0, deployment.logs()
    assert outcomes["checked"] <= 5, outcomes
    right = deployment.client().post(
        "/admin/login/", {"username": admin.email, "password": PASSWORD, "next": "/admin/"}
    )
    assert right.status == 200 and THROTTLED in right.text


def test_forged_forwarded_for_headers_do_not_reset_the_address_counter(deployment, make_member):
    """30 failures over 10 accounts (3 each, under the account limit), each request with
    a fresh forged X-Forwarded-For: nginx and the app still see one address, whose
    limit (20) stops the last 10; a right password from there is refused as well."""
    accounts = [make_member(email=f"cible{n}@example.com") for n in range(11)]
    outcomes = []
    for n in range(30):
        client = deployment.client(
            **{"X-Forwarded-For": f"203.0.113.{n + 1}", "X-Real-IP": f"198.51.100.{n + 1}"}
        )
        response = client.post(
            "/accounts/login/", {"username": accounts[n % 10].email, "password": "mauvais"}
        )
        outcomes.append(THROTTLED in response.text)
    assert outcomes == [False] * 20 + [True] * 10
    fresh = deployment.client(**{"X-Forwarded-For": "192.0.2.77"})
    response = fresh.post(
        "/accounts/login/", {"username": accounts[10].email, "password": PASSWORD}
    )
    assert response.status == 200 and THROTTLED in response.text
