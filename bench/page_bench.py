"""The live table page on a phone, Lighthouse-style: first contentful paint, bytes over
the network, JavaScript bytes, time until the table's first state is drawn; first
visit (empty cache) and a later visit (the service worker's cache, ``club/pwa.py``).

Run from the repository root: ``python bench/page_bench.py`` (``--runs N``; ``--help``).
About a minute on a quiet machine. Needs Debian's Chromium (``/usr/bin/chromium``).

It serves the demo club (``seed_demo``) from one daphne process as deployed
(``DJANGO_DEBUG=0``; the static files served by the app itself, where nginx would
serve the same bytes under content-hashed names), opens a table where a demo member
plays with three bots, and loads its page in Chromium emulating a mid-range phone the
way Lighthouse's mobile profile does: 390x844, CPU slowed 4 times, a slow 4G link
(150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up). Each run is a new browser profile:
a first visit, then, once the service worker is in control, a second visit of the same
page. Medians over the runs. Bytes are counted on the wire by a relay in front of daphne
(pages, static files, the table's socket, the service worker's own fetches; headers and
compression included) from the navigation until the page is quiet; JavaScript bytes
are the scripts the page fetched from the network rather than from the worker.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from tables_bench import Daphne, django_setup, say, server_env  # noqa: E402
from wire_bench import Relay  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
PHONE = {"width": 390, "height": 844}
NETWORK = {  # Lighthouse's "slow 4G" (its mobile default), in bytes per second
    "offline": False,
    "latency": 150,
    "downloadThroughput": 1.6 * 1024 * 1024 / 8,
    "uploadThroughput": 750 * 1024 / 8,
}
CPU_SLOWDOWN = 4

# Drawn: the table's first state frame has been rendered (the page's data-seq set).
DRAWN = "() => document.querySelector('#table-app')?.dataset.seq"


class RelayThread:
    """``wire_bench.Relay`` (a byte-counting TCP relay) on an event loop of its own
    thread, beside Playwright's synchronous API."""

    def __init__(self, target_port: int):
        self.relay = Relay(target_port)
        self.port = self.relay.port
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)

    @property
    def down(self) -> int:
        return self.relay.down

    def start(self) -> RelayThread:
        self.thread.start()
        asyncio.run_coroutine_threadsafe(self.relay.start(), self.loop).result(10)
        return self

    def stop(self) -> None:
        asyncio.run_coroutine_threadsafe(self.relay.stop(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


def prepare(env: dict, tmp: Path) -> dict:
    """Migrate, seed the demo club and open the table."""
    migrate = [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"]
    subprocess.run(migrate, cwd=ROOT, env=env, check=True)
    subprocess.run(
        [sys.executable, "manage.py", "seed_demo", "-v", "0"],
        cwd=ROOT,
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    django_setup(env)
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    from club import demo
    from games import services

    member = demo.director()
    table = services.table_create(host=member, seed=8, bot_delay_ms=1500)
    services.table_fill_with_bots(table_id=table.pk, user=member)
    services.table_start(table_id=table.pk, user=member)
    session = SessionStore()
    session[SESSION_KEY] = str(member.pk)
    session[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
    session[HASH_SESSION_KEY] = member.get_session_auth_hash()
    session.create()
    return {"table": table.pk, "session": session.session_key}


def visit(page, cdp, url: str, relay: Relay) -> dict:
    """Load ``url``; what it cost until the table was drawn and the page went quiet."""
    kinds: dict[str, tuple[str, bool]] = {}
    sizes: dict[str, float] = {}

    def on_response(event):
        response = event.get("response") or {}
        kinds[event["requestId"]] = (event.get("type", ""), response.get("fromServiceWorker"))

    def on_finished(event):
        sizes[event["requestId"]] = event.get("encodedDataLength", 0)

    cdp.on("Network.responseReceived", on_response)
    cdp.on("Network.loadingFinished", on_finished)
    down0 = relay.down
    start = time.monotonic()
    page.goto(url)
    try:
        page.wait_for_function(DRAWN, timeout=120_000)
    except Exception:
        page.screenshot(path="/tmp/page_bench_fail.png")
        raise RuntimeError(f"the table was not drawn at {page.url}: {page.title()}") from None
    drawn = time.monotonic() - start
    page.wait_for_load_state("networkidle")
    fcp = page.evaluate(
        "performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null"
    )
    cdp.remove_listener("Network.responseReceived", on_response)
    cdp.remove_listener("Network.loadingFinished", on_finished)
    scripts = [rid for rid, (kind, _) in kinds.items() if kind == "Script"]
    return {
        "fcp_ms": fcp,
        "drawn_ms": drawn * 1000,
        # every byte from the server (pages, static files, the socket's frames, and the
        # service worker's own fetches), as counted on the wire
        "kb": (relay.down - down0) / 1024,
        "requests": len(kinds),
        "js_kb": sum(sizes.get(rid, 0) for rid in scripts if not kinds[rid][1]) / 1024,
        "from_worker": sum(1 for _, worker in kinds.values() if worker),
    }


def run_once(browser, base: str, data: dict, relay: Relay) -> tuple[dict, dict]:
    context = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, locale="fr-CA", base_url=base
    )
    context.add_cookies([{"name": "sessionid", "value": data["session"], "url": base}])
    try:
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", NETWORK)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
        url = f"/tables/{data['table']}/"
        first = visit(page, cdp, url, relay)
        # The worker installed (its core files cached) and active: the next visit's
        # page is under its control.
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        again = visit(page, cdp, url, relay)
        assert page.evaluate("navigator.serviceWorker.controller !== null")
        return first, again
    finally:
        context.close()


def report(name: str, rows: list[dict]) -> None:
    def med(key):
        values = [r[key] for r in rows if r[key] is not None]
        return statistics.median(values) if values else float("nan")

    say(
        f"   {name:<28} FCP {med('fcp_ms'):>6.0f} ms   drawn {med('drawn_ms'):>6.0f} ms   "
        f"{med('kb'):>6.1f} KB, {med('requests'):>3.0f} requests "
        f"({med('from_worker'):>2.0f} from the worker)   "
        f"JS from the network {med('js_kb'):>5.1f} KB"
    )


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="2 runs")
    args = parser.parse_args(argv)
    runs = 2 if args.quick else args.runs
    if not Path(CHROMIUM).exists():
        say(f"   {CHROMIUM} not found (apt-get install chromium): skipped")
        return 0
    from playwright.sync_api import sync_playwright

    with contextlib.ExitStack() as stack:
        tmp = Path(tempfile.mkdtemp(prefix="club500-page-"))
        stack.callback(shutil.rmtree, tmp, True)
        env = {
            **server_env(),
            "DATABASE_URL": f"sqlite:///{tmp / 'page.sqlite3'}",
            # The app serves the static files by their own names (its handler finds them
            # in the apps' folders, not collectstatic's hashed copies that nginx serves
            # in production): the same bytes.
            "DJANGO_STATIC_HASHED": "0",
            "DJANGO_SERVE_STATIC": "1",
            "DJANGO_SECURE_SSL_REDIRECT": "0",
            "DJANGO_HSTS_SECONDS": "0",
        }
        data = prepare(env, tmp)
        daphne = Daphne(env, tmp).start()
        stack.callback(daphne.stop)
        relay = RelayThread(daphne.port).start()
        stack.callback(relay.stop)
        base = f"http://localhost:{relay.port}"  # a secure context: the worker registers
        say(
            f"   table page, phone profile (390x844, CPU /{CPU_SLOWDOWN}, 150 ms RTT, "
            f"1.6 Mbit/s), {runs} runs, medians"
        )
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM,
                args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
            )
            results = [run_once(browser, base, data, relay) for _ in range(runs)]
            browser.close()
        report("first visit (empty cache)", [r[0] for r in results])
        report("again (service worker)", [r[1] for r in results])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
