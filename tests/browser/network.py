"""Waiting until a page has fetched everything it asked for.

Playwright's own ``wait_for_load_state("networkidle")`` has been seen never to come on
pages with nothing left in flight (microsoft/playwright#19835; here, admin list pages
under load), so the requests are counted from the page's own events instead.
"""

from __future__ import annotations

import time


class InFlight:
    """The requests a page has sent and not yet seen answered (or failed)."""

    def __init__(self, page) -> None:
        self.page = page
        self.pending: dict = {}  # request -> when it was sent
        self.last_activity = time.monotonic()
        page.on("request", lambda r: self._track(r, True))
        page.on("requestfinished", lambda r: self._track(r, False))
        page.on("requestfailed", lambda r: self._track(r, False))

    def _track(self, request, started: bool) -> None:
        if started:
            self.pending[request] = time.monotonic()
        else:
            self.pending.pop(request, None)
        self.last_activity = time.monotonic()

    def wait_idle(
        self, what: str, *, timeout: float = 60, quiet: float = 0.5, report=lambda: ""
    ) -> None:
        """Return once nothing is unanswered and nothing new started for ``quiet``
        seconds. After ``timeout`` seconds, fail naming the requests still unanswered,
        followed by ``report()`` (the servers' logs, say)."""
        deadline = time.monotonic() + timeout
        while self.pending or time.monotonic() - self.last_activity < quiet:
            if time.monotonic() > deadline:
                now = time.monotonic()
                waiting = "\n".join(
                    f"  {r.method} {r.url} for {now - t:.1f} s" for r, t in self.pending.items()
                )
                raise AssertionError(
                    f"{what} still loading after {timeout} s; unanswered:\n"
                    f"{waiting or '  none'}\n{report()}"
                )
            self.page.wait_for_timeout(100)  # lets Playwright deliver the request events
