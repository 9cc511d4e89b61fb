"""The tournament socket: members join the group; an update reaches a player's page."""

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from club.asgi import application
from tournaments.services.events import send_tournament_updated

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
async def _close_thread_connections():
    """Database connections opened in the sync_to_async thread are closed after each test."""
    yield
    from django.db import connections

    await sync_to_async(connections.close_all)()


def _communicator(path, cookie=None):
    headers = [(b"origin", b"http://localhost"), (b"host", b"localhost")]
    if cookie:
        headers.append((b"cookie", cookie))
    return WebsocketCommunicator(application, path, headers=headers)


async def _cookie(client, user):
    await sync_to_async(client.force_login)(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


@pytest.fixture
def live_tournament(director):
    from django.utils import timezone

    from tournaments import services

    t = services.tournament_create(by=director, name="Live", starts_at=timezone.now())
    services.tournament_transition(tournament=t, by=director, to="registration_open")
    return t


async def test_player_receives_the_update(client, member, live_tournament):
    comm = _communicator(f"/ws/tournaments/{live_tournament.pk}/", await _cookie(client, member))
    connected, _ = await comm.connect(timeout=10)
    assert connected
    hello = await comm.receive_json_from(timeout=10)
    assert hello["type"] == "tournament.hello"
    await sync_to_async(send_tournament_updated)(live_tournament.pk, hello["version"] + 1)
    assert await comm.receive_json_from(timeout=10) == {
        "type": "tournament.updated",
        "version": hello["version"] + 1,
    }
    await comm.send_json_to({"type": "swap"})
    assert (await comm.receive_json_from(timeout=10))["code"] == "read_only"
    await comm.disconnect()


async def test_publish_reaches_the_socket(client, director, member, live_tournament):
    from tournaments import services
    from tournaments.models import Entry

    def setup():
        services.tournament_transition(tournament=live_tournament, by=director, to="running")
        from club.models import User

        for i in range(4):
            user = (
                member
                if i == 0
                else User.objects.create_user(
                    email=f"p{i}@example.com", first_name=f"P{i}", last_name="X"
                )
            )
            Entry.objects.create(tournament=live_tournament, player=user, checked_in=True)
        return services.round_draw(tournament=live_tournament, by=director, seed=1)

    rnd = await sync_to_async(setup)()
    comm = _communicator(f"/ws/tournaments/{live_tournament.pk}/", await _cookie(client, member))
    assert (await comm.connect(timeout=10))[0]
    await comm.receive_json_from(timeout=10)
    await sync_to_async(services.round_publish)(round=rnd, by=director, version=rnd.version)
    message = await comm.receive_json_from(timeout=3)
    assert message["type"] == "tournament.updated"
    await comm.disconnect()


async def test_visitors_and_unknown_tournaments_are_refused(client, member, live_tournament):
    from club.models import ClubSettings

    await sync_to_async(ClubSettings.objects.update_or_create)(
        pk=1, defaults={"public_pages": False}
    )
    comm = _communicator(f"/ws/tournaments/{live_tournament.pk}/")
    assert not (await comm.connect(timeout=10))[0]
    await sync_to_async(ClubSettings.objects.filter(pk=1).update)(public_pages=True)
    comm = _communicator(f"/ws/tournaments/{live_tournament.pk}/")
    assert (await comm.connect(timeout=10))[0]  # public pages follow the tournament live too
    await comm.disconnect()
    comm = _communicator("/ws/tournaments/999999/", await _cookie(client, member))
    assert not (await comm.connect(timeout=10))[0]
