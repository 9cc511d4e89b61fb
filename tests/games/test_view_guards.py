"""Every view of the live tables needs a login, and every one that changes something
takes a POST only: a new URL is an action unless it is named here as a page."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games import services
from games.urls import urlpatterns

pytestmark = pytest.mark.django_db

PAGES = {
    "lobby",
    "table",
    "table_invite",
    "hand_replay",
    "hand_record",
    "game_records",
    "hand_thoughts",
}
ACTIONS = {p.name for p in urlpatterns} - PAGES


def _url(name: str, table_id: int) -> str:
    kwargs = {
        "lobby": {},
        "table_invite": {"token": "abc"},
        "hand_replay": {"number": 1},
        "hand_record": {"number": 1},
        "hand_thoughts": {"number": 1, "step": 3},
    }.get(name)
    if kwargs is None:
        kwargs = {}
    if name != "lobby":
        kwargs = {"table_id": table_id, **kwargs}
    return reverse(f"games:{name}", kwargs=kwargs)


@pytest.fixture
def table(member):
    return services.table_create(host=member, seed=1, bot_delay_ms=0)


@pytest.mark.parametrize("name", sorted(p.name for p in urlpatterns))
def test_a_visitor_is_sent_to_the_login_page(client, table, name):
    for method in (client.get, client.post):
        response = method(_url(name, table.pk))
        assert response.status_code in (302, 405), (name, response.status_code)
        if response.status_code == 302:
            assert response["Location"].startswith(reverse("login")), name


@pytest.mark.parametrize("name", sorted(ACTIONS))
def test_an_action_refuses_a_get_and_changes_nothing(member_client, table, name):
    before = table.seats.filter(is_bot=True).count(), table.status
    assert member_client.get(_url(name, table.pk)).status_code == 405, name
    table.refresh_from_db()
    assert (table.seats.filter(is_bot=True).count(), table.status) == before


def test_the_seat_controls_are_among_the_actions():
    assert {"seat_bot", "seat_free", "table_sit", "table_start"} <= ACTIONS
