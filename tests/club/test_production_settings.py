"""Production settings: `manage.py check --deploy` finds nothing, and every response
carries the security headers (HSTS, referrer policy, frame options, CSP)."""

from __future__ import annotations

import json
import os
import re
import secrets
import subprocess
import sys

import pytest

from tests.deployment import documented
from tests.live_server import ROOT


def test_check_deploy_is_clean_with_the_documented_environment():
    """The environment file of docs/operations.md (with a real secret key): not a single
    warning from Django's deployment checks."""
    env = {
        **os.environ,
        **documented()["env"],
        "DJANGO_SETTINGS_MODULE": "club.settings",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DATABASE_URL": "sqlite:///:memory:",
    }
    for name in ("REDIS_URL", "DJANGO_ALLOW_ASYNC_UNSAFE"):  # the latter: browser tests'
        env.pop(name, None)
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


@pytest.mark.django_db(transaction=True)
def test_production_responses_carry_the_security_headers(deployment):
    """Through the documented nginx, over HTTPS, production settings."""
    client = deployment.client()
    response = client.get("/accounts/login/")
    assert response.status == 200
    headers = {k.lower(): v for k, v in response.headers.items()}
    assert headers["strict-transport-security"] == ("max-age=31536000; includeSubDomains; preload")
    assert headers["x-frame-options"] == "DENY"
    assert headers["referrer-policy"] == "same-origin"
    assert headers["x-content-type-options"] == "nosniff"
    csp = headers["content-security-policy"]
    assert "script-src 'self';" in csp and "frame-ancestors 'none'" in csp
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
    cookies = [v for k, v in response.headers.items() if k.lower() == "set-cookie"]
    assert cookies and all("Secure" in c for c in cookies)


def test_a_tables_sockets_all_go_to_one_process_other_requests_to_either(deployment):
    """The documented nginx routes /ws/tables/<n>/ by the table's number: every request
    for one table reaches the same daphne process (its moves then stay in that process),
    the tables as a whole use both, and other pages are spread over both."""
    client = deployment.client()
    for table in range(1, 21):
        for _ in range(3):
            client.get(f"/ws/tables/{table}/")
    for _ in range(20):
        client.get("/accounts/login/")
    routes = deployment.routes(at_least=80)
    by_table: dict[str, set[str]] = {}
    for path, upstream in routes:
        if path.startswith("/ws/tables/"):
            by_table.setdefault(path, set()).add(upstream)
    assert len(by_table) == 20
    assert all(len(upstreams) == 1 for upstreams in by_table.values()), by_table
    assert len(set().union(*by_table.values())) == 2, by_table
    pages = {upstream for path, upstream in routes if path == "/accounts/login/"}
    assert len(pages) == 2, routes


@pytest.mark.django_db(transaction=True)
def test_static_files_have_content_hashed_names_that_nginx_lets_browsers_keep(deployment):
    """Pages link hashed names, the modules import hashed names, and nginx serves them
    with a far-future expiry: a changed table.js gets a new name, never a stale copy."""
    client = deployment.client()
    page = client.get("/accounts/login/")
    site_js = re.search(r'src="(/static/js/site\.[0-9a-f]{12}\.js)"', page.text)
    assert site_js, page.text[:2000]
    served = client.get(site_js.group(1))
    assert served.status == 200
    cache = {k.lower(): v for k, v in served.headers.items()}["cache-control"]
    assert int(re.search(r"max-age=(\d+)", cache).group(1)) >= 365 * 24 * 3600
    # A browser that accepts gzip gets the scripts compressed.
    zipped = client.get(site_js.group(1), headers={"Accept-Encoding": "gzip"})
    assert {k.lower(): v for k, v in zipped.headers.items()}.get("content-encoding") == "gzip"

    manifest = json.loads((deployment.static_root / "staticfiles.json").read_text())
    table_js = manifest["paths"]["js/table.js"]
    assert re.fullmatch(r"js/table\.[0-9a-f]{12}\.js", table_js)
    module = client.get("/static/" + table_js).text
    imported = re.findall(r'from "\./([^"]+)"', module)
    hashed = r"[a-z_]+\.[0-9a-f]{12}\.js"
    assert imported and all(re.fullmatch(hashed, name) for name in imported), imported
    for name in imported:
        assert client.get("/static/js/" + name).status == 200


def test_every_module_statement_of_the_collected_scripts_names_a_collected_file(
    collected_static,
):
    """The hashed storage rewrites each module's ``import ... from`` lines to hashed
    names: each names a file that was collected, hashed once. (A comment holding the
    word "export" or "import" and a space before a module statement once made it hash
    a name twice: ``cards.<hash>.<hash>.js``, a 404 for the replay page.)"""
    manifest = json.loads((collected_static / "staticfiles.json").read_text())
    missing = []
    for name, hashed in manifest["paths"].items():
        if not (name.startswith("js/") and name.endswith(".js")):
            continue
        module = collected_static / hashed
        for url in re.findall(r'(?:from|import)\s*\(?\s*"(\.{1,2}/[^"]+)"', module.read_text()):
            if not (module.parent / url).resolve().is_file():
                missing.append(f"{hashed}: {url}")
    assert missing == []


@pytest.mark.django_db
def test_every_page_carries_the_policy_but_debug_error_pages(client, settings):
    assert "script-src 'self'" in client.get("/")["Content-Security-Policy"]
    settings.DEBUG = False
    assert "script-src 'self'" in client.get("/pas-une-page/")["Content-Security-Policy"]
    settings.DEBUG = True  # Django's technical 404 page is inline styles and scripts
    assert "Content-Security-Policy" not in client.get("/pas-une-page/")


@pytest.mark.django_db(transaction=True)
def test_only_the_sites_own_origin_opens_a_socket_through_the_deployment(deployment):
    """Through the documented nginx (which passes ``Host`` without the port): a socket
    opened from the site's origin (DJANGO_CSRF_TRUSTED_ORIGINS) is accepted, one from
    the same host with another scheme or port is refused with a 403. (Here nginx
    listens on a port of its own, not 443: ``https://127.0.0.1`` would pass as the
    request's own origin, which nginx's port-less ``Host`` makes it.)"""
    import asyncio
    import ssl

    from websockets.asyncio.client import connect
    from websockets.exceptions import InvalidStatus

    async def opens(origin: str) -> bool:
        try:
            async with connect(
                f"{deployment.ws_url}/ws/ping/",
                origin=origin,
                ssl=ssl._create_unverified_context(),
                open_timeout=30,
            ) as ws:
                await ws.send(json.dumps({"type": "ping"}))
                return json.loads(await asyncio.wait_for(ws.recv(), 30))["type"] == "pong"
        except InvalidStatus as refused:
            assert refused.response.status_code == 403
            return False

    async def scenario():
        return {
            origin: await opens(origin)
            for origin in (
                deployment.url,
                "http://127.0.0.1",
                "http://127.0.0.1:8443",
                "https://localhost:1",
                f"http://127.0.0.1:{deployment.port}",
            )
        }

    assert asyncio.run(scenario()) == {
        deployment.url: True,
        "http://127.0.0.1": False,
        "http://127.0.0.1:8443": False,
        "https://localhost:1": False,
        f"http://127.0.0.1:{deployment.port}": False,
    }


@pytest.mark.django_db(transaction=True)
def test_sockets_are_compressed_through_the_documented_nginx(deployment):
    """nginx passes a browser's ``permessage-deflate`` offer on to daphne and its answer
    back (club/wire.py): the socket's frames are compressed end to end."""
    import asyncio
    import ssl

    from websockets.asyncio.client import connect

    async def negotiate():
        async with connect(
            f"{deployment.ws_url}/ws/ping/",
            origin=deployment.url,
            ssl=ssl._create_unverified_context(),
            compression="deflate",
            open_timeout=30,
        ) as ws:
            await ws.send(json.dumps({"type": "ping"}))
            assert json.loads(await asyncio.wait_for(ws.recv(), 30))["type"] == "pong"
            return ws.response.headers.get("Sec-WebSocket-Extensions", "")

    assert asyncio.run(negotiate()) == "permessage-deflate; client_max_window_bits=14"


def test_the_daphne_processes_listen_with_room_for_a_reconnect_storm(deployment):
    """The documented ``ExecStart`` gives each process's socket a listen backlog of
    1,024 (Twisted's default is 50): when a process dies, the pages of its tables
    reconnect to the others at once, and past the backlog their connections fail."""
    import shutil
    import subprocess

    if shutil.which("ss") is None:
        pytest.skip("the backlog is read with ss (apt-get install iproute2)")
    listening = subprocess.run(
        ["ss", "-xlnH"], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    backlogs = {
        line.split()[4]: int(line.split()[3])  # ss -xl: Send-Q is the backlog
        for line in listening
        if str(deployment.folder) in line
    }
    daphnes = {path: size for path, size in backlogs.items() if "/daphne-" in path}
    assert len(daphnes) == deployment.processes and set(daphnes.values()) == {1024}, backlogs
