"""Project-wide pytest configuration."""

from __future__ import annotations

import os
import sys

import pytest
from django.conf import settings

NO_SKIP = os.environ.get("CLUB500_NO_SKIP", "").lower() in ("1", "true", "yes")
# A skip whose reason contains this text is allowed even in CI (the SQLite run of
# .ci/run allows "PostgreSQL": a test of what only PostgreSQL does).
SKIP_ALLOWED = os.environ.get("CLUB500_SKIP_ALLOWED", "")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """In CI (CLUB500_NO_SKIP=1) nothing skips silently: a skip is a failure (but for
    a reason that CLUB500_SKIP_ALLOWED names)."""
    outcome = yield
    report = outcome.get_result()
    if NO_SKIP and report.skipped and not hasattr(report, "wasxfail"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else report.longrepr
        if SKIP_ALLOWED and SKIP_ALLOWED in str(reason):
            return
        report.outcome = "failed"
        report.longrepr = f"skipped in CI, which must run everything: {reason}"


def pytest_collection_modifyitems(config, items):
    """Browser tests run last: Playwright's sync API keeps an event loop in the main
    thread for the rest of the session, where Django's async_to_sync (used by the
    channel layer broadcasts of the other tests) refuses to run.

    Among either kind, the tests marked ``slow`` start first: pytest-xdist's workers
    take tests in this order, and a long test taken last would keep one worker busy
    after the others are done."""
    items.sort(
        key=lambda item: ("tests/browser/" in item.nodeid, item.get_closest_marker("slow") is None)
    )


@pytest.fixture(autouse=True, scope="session")
def _no_runner_in_the_test_process():
    """Tests drive tables explicitly (``drive_until``); the live servers they start
    run their own runner. A runner started by the first socket test of the process
    would sweep the database in the background, into the next test's flush."""
    settings.GAMES_RUNNER = False
    settings.GC_PACING = False  # nor collects on a clock (club.gc_policy)
    yield


@pytest.fixture(autouse=True)
def _close_fast_path_connection():
    """The live tables' own asynchronous connections (``games.live.loopdb``) belong to
    a test's event loop, and the liveness lock's (``games.live.liveness``) to the test
    that took it: close them after the test, or the test database cannot be dropped."""
    yield

    loopdb = sys.modules.get("games.live.loopdb")
    if loopdb is not None:
        loopdb._db.close_now()
    liveness = sys.modules.get("games.live.liveness")
    if liveness is not None:
        liveness.close()
