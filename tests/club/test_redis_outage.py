"""Redis down in the documented deployment: login and standings answer a clear
"service busy" page (French and English) instead of HTTP 500, and work again by
themselves when Redis is back. The deployment has a Redis of its own, which the test
stops and starts again on the same port (the suite's Redis is untouched)."""

from __future__ import annotations

import time

import pytest

from tests.conftest import PASSWORD
from tests.tournaments.conftest import add_present, make_tournament  # noqa: F401 (fixtures)
from tests.tournaments.test_results import enter_and_confirm, people, play_round
from tournaments import selectors_tables as ts

pytestmark = pytest.mark.django_db(transaction=True)

BUSY_FR = "Service occupé"
BUSY_EN = "Service busy"


def _logged_in(deployment, user):
    client = deployment.client()
    response = client.post("/accounts/login/", {"username": user.email, "password": PASSWORD})
    assert response.status == 302, response.text[:500]
    return client


def _until(check, timeout=30):
    deadline = time.monotonic() + timeout
    while True:
        result = check()
        if result or time.monotonic() > deadline:
            return result
        time.sleep(0.5)


def test_login_and_standings_say_busy_while_redis_is_down_then_recover(
    deployment,
    make_tournament,  # noqa: F811 (the imported fixture, by name)
    add_present,  # noqa: F811 (the imported fixture, by name)
    director,
    member,
):
    t = make_tournament(status="running", rounds_total=2, hands_per_game=2)
    add_present(t, 8)
    rnd = play_round(t, director)
    p = people(rnd)
    enter_and_confirm(ts.table_game(rnd, 1), p["N"], p["E"])
    standings = f"/tournaments/{t.pk}/standings/"
    viewer = _logged_in(deployment, director)
    assert viewer.get(standings).status == 200

    deployment.redis.stop()
    try:
        page = viewer.get(standings)
        assert page.status == 503, (page.status, deployment.logs())
        assert BUSY_FR in page.text and page.headers.get("Retry-After")
        login = deployment.client().post(
            "/accounts/login/", {"username": member.email, "password": PASSWORD}
        )
        assert login.status == 503 and BUSY_FR in login.text
        english = deployment.client()
        english.cookies["club500_language"] = "en"
        login = english.post("/accounts/login/", {"username": member.email, "password": PASSWORD})
        assert login.status == 503 and BUSY_EN in login.text
        # Pages that need no Redis still work.
        assert viewer.get(f"/tournaments/{t.pk}/").status == 200
    finally:
        deployment.redis.start()

    assert _until(lambda: viewer.get(standings).status == 200)
    again = deployment.client().post(
        "/accounts/login/", {"username": member.email, "password": PASSWORD}
    )
    assert again.status == 302


def test_a_saved_change_is_not_an_error_when_its_broadcast_fails(monkeypatch, caplog):
    """After the commit, a channel layer that cannot reach Redis only logs: the
    director's change is saved, and the pages catch up when they reconnect."""
    from redis.exceptions import ConnectionError as RedisConnectionError

    from tournaments.services import events

    class DownLayer:
        async def group_send(self, group, message):
            raise RedisConnectionError("Redis is down")

    monkeypatch.setattr(events, "get_channel_layer", lambda: DownLayer())
    events.send_tournament_updated(1, 2)
    assert "not broadcast" in caplog.text
