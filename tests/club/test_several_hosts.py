"""docs/operations.md's deployment over several machines, run on this one: each daphne
process on a host of its own (a network namespace with its own address,
``tools.hosts``), started with the documented ``ExecStart`` over TCP, joined to
PostgreSQL and Redis by TCP only, behind the documented nginx whose upstream lists the
hosts' addresses. A table's players stay with one host; when that host's process is
killed (SIGKILL), their sockets come back through nginx on the other and the game goes
on, its bots included.

Needs root (network namespaces), iproute2, and the test database on PostgreSQL served
by ``tools/testenv.py`` (which answers the private networks): CI has them."""

from __future__ import annotations

import asyncio
import json
import ssl
import subprocess
import time
from importlib.util import find_spec
from urllib.parse import urlsplit

import pytest
from django.contrib.sessions.backends.db import SessionStore
from django.db import connection

from tests.deployment import MISSING, Deployment
from tests.live_server import database_url_for_tests
from tools import hosts

pytestmark = pytest.mark.skipif(
    bool(MISSING) or find_spec("websockets") is None,
    reason="the deployment test needs nginx, redis-server and openssl",
)


def _reachable_from(host: hosts.Host, address: str, port: int) -> bool:
    probe = f"import socket; socket.create_connection(({address!r}, {port}), 3)"
    return subprocess.run(host.argv(["python3", "-c", probe]), capture_output=True).returncode == 0


@pytest.fixture(scope="module")
def deployment(request, django_db_setup, django_db_blocker):
    """The deployment on two hosts (the name groups this module's tests on one
    pytest-xdist worker, as every deployment's)."""
    reason = hosts.unavailable()
    if reason:
        pytest.skip(f"several hosts: {reason}")
    with django_db_blocker.unblock():
        if connection.vendor != "postgresql":
            pytest.skip("several hosts reach the database by TCP: PostgreSQL only")
        port = connection.settings_dict["PORT"]
    static = request.getfixturevalue("collected_static")
    with hosts.private_network(2) as network:
        if not _reachable_from(network.hosts[0], network.gateway, int(port)):
            pytest.skip(  # a PostgreSQL of the environment's, on loopback only
                "the test PostgreSQL does not answer the private network (tools/testenv.py's does)"
            )
        with django_db_blocker.unblock():
            running = Deployment(hosts=network).start(static)
        try:
            yield running
        finally:
            running.stop()


def _listening(host: hosts.Host) -> list[str]:
    """The TCP addresses a host listens on."""
    return [local for local, _ in _tcp(host, "state", "listening")]


def _connections(host: hosts.Host) -> list[tuple[str, str]]:
    """(local, peer) of each established TCP connection of a host."""
    return _tcp(host, "state", "established")


def _tcp(host: hosts.Host, *state: str) -> list[tuple[str, str]]:
    listed = subprocess.run(
        host.argv(["ss", "-tnH", *state]), capture_output=True, text=True, check=True
    ).stdout
    # with a state filter, ss leaves the state out: Recv-Q Send-Q Local Peer
    return [tuple(line.split()[2:4]) for line in listed.splitlines()]


def _session(deployment, member, settings) -> str:
    """A session of ``member`` on the deployment's site (its secret key): its key."""
    settings.SECRET_KEY = deployment.server_env()["DJANGO_SECRET_KEY"]
    session = SessionStore()
    session["_auth_user_id"] = str(member.pk)
    session["_auth_user_backend"] = settings.AUTHENTICATION_BACKENDS[0]
    session["_auth_user_hash"] = member.get_session_auth_hash()
    session.create()
    return session.session_key


@pytest.mark.django_db(transaction=True)
def test_each_process_runs_on_its_own_host_and_reaches_the_others_by_tcp(
    deployment, make_member, settings
):
    """On each host: its daphne listens on that host's address only (the documented
    port), the machine's own loopback is out of its reach (the host has its own), so
    the member's page it serves (the session and the member read from the database)
    came by TCP from the gateway's PostgreSQL; the connections it holds go to the
    gateway's PostgreSQL and Redis and nowhere else."""
    network = deployment.hosts
    database_port = urlsplit(database_url_for_tests()).port
    allowed = {f"{network.gateway}:{database_port}", f"{network.gateway}:{deployment.redis.port}"}
    member = make_member(first_name="Gisèle", last_name="Deux-Hôtes")
    key = _session(deployment, member, settings)
    for number, host in enumerate(network.hosts, 1):
        address, port = deployment.address(number)
        assert _listening(host) == [f"{address}:{port}"]
        assert not _reachable_from(host, "127.0.0.1", database_port)
        browser = deployment.process_client(number)
        browser.cookies["sessionid"] = key
        page = browser.get("/")
        assert page.status == 200 and "Gisèle" in page.text
        outgoing = {peer for local, peer in _connections(host) if local != f"{address}:{port}"}
        assert outgoing <= allowed, outgoing


def test_pages_through_nginx_are_served_by_both_hosts(deployment):
    """Pages go to either host. (After a host's process was down, nginx leaves it out
    for a few seconds: the requests go on until both have answered, 30 s at most.)"""
    client = deployment.client()
    served: set[int] = set()
    for sent in range(1, 301):
        assert client.get("/accounts/login/").status == 200
        routes = deployment.routes(path="/accounts/login/", at_least=sent)
        served = {deployment.process_number(upstream.split(", ")[-1]) for _, upstream in routes}
        if served == {1, 2}:
            break
        time.sleep(0.1)
    assert served == {1, 2}, deployment.logs()


def _holding(deployment) -> int:
    """The number of the process that holds the (one) socket from nginx."""
    for number, host in enumerate(deployment.hosts.hosts, 1):
        address, port = deployment.address(number)
        if any(local == f"{address}:{port}" for local, _ in _connections(host)):
            return number
    raise AssertionError("no process holds the table's socket")


@pytest.mark.django_db(transaction=True)
def test_a_table_plays_on_from_the_other_host_when_its_host_s_process_is_killed(
    deployment, make_member, settings
):
    """A member and three bots play through nginx. SIGKILL to the process holding the
    member's socket: the page reconnects (through the same nginx, which passes the dead
    host over), gets the table's latest state by seq, and the game goes on there: the
    member's moves are taken and the bots, driven now by the other host's runner, play
    theirs."""
    from games import services
    from games.models import Action, Table

    member = make_member(first_name="Hélène", last_name="Roy")
    table = services.table_create(host=member, seed=5, bot_delay_ms=0)
    services.table_fill_with_bots(table_id=table.pk, user=member)
    services.table_start(table_id=table.pk, user=member)
    key = _session(deployment, member, settings)
    url = f"{deployment.ws_url}/ws/tables/{table.pk}/"

    from websockets.asyncio.client import connect

    async def opened():
        return await connect(
            url,
            origin=deployment.url,
            ssl=ssl._create_unverified_context(),
            additional_headers={"Cookie": f"sessionid={key}"},
            open_timeout=30,
        )

    async def play_until(ws, seq_past: int) -> int:
        """Play the member's turns until a state past ``seq_past`` came (its seq). The
        member plays on that state too when it is their turn, as a page's player would:
        otherwise the table would wait for them, and no state would come after it."""
        while True:
            frame = json.loads(await asyncio.wait_for(ws.recv(), 30))
            if frame.get("type") != "state":
                continue
            view = frame.get("view") or {}
            if view.get("to_act") == frame["table"]["you"] and view.get("legal"):
                intent = {"type": "intent", "seq": frame["seq"], "action": view["legal"][0]}
                await ws.send(json.dumps(intent))
            if frame["seq"] > seq_past:
                return frame["seq"]

    async def scenario():
        ws = await opened()
        seq = await play_until(ws, 3)  # moves by the member and the bots
        holder = _holding(deployment)
        deployment.daphnes[holder - 1].kill()
        deployment.daphnes[holder - 1].wait(10)
        with pytest.raises(Exception):  # noqa: B017 - closed by nginx, however it says it
            while True:
                await asyncio.wait_for(ws.recv(), 30)
        ws = await opened()  # the page reconnects: nginx passes the dead host over
        back = await play_until(ws, -1)
        assert back >= seq  # nothing acknowledged lost
        later = await play_until(ws, back + 10)  # the game goes on, bots included
        holder_now = _holding(deployment)
        await ws.close()
        return holder, holder_now, later

    try:
        killed, serving, later = asyncio.run(scenario())
    finally:  # whole again for the module's other tests
        for number, process in enumerate(deployment.daphnes, 1):
            if process.poll() is not None:
                deployment.start_again(number)
    assert serving != killed
    assert Table.objects.get(pk=table.pk).seq >= later
    after = Action.objects.filter(hand__table=table, seq__gt=later - 10)
    assert after.filter(by_bot=True).exists() and after.filter(by_bot=False).exists()
