"""Shared fixtures: member factories and logged-in clients."""

from __future__ import annotations

import functools
import itertools
import os
import time

import pytest

PASSWORD = "une-partie-de-500"
_counter = itertools.count(1)


@pytest.fixture(autouse=True)
def _site_language():
    """Start every test in the site's language (French): a request of an earlier test
    leaves the language its member chose active in the thread (LocaleMiddleware
    activates, nothing deactivates), and a message read outside a request would follow it."""
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture(autouse=True)
def _clear_cache():
    """Start every test clean: login throttling counters live in Django's cache, and
    live tables' states in games.live.cache (keyed by table id, which SQLite reuses
    from one test to the next)."""
    from django.core.cache import cache

    from games.live import cache as live_states

    cache.clear()
    live_states.clear()
    yield
    cache.clear()
    live_states.clear()


# PostgreSQL's deadlock_detected and lock_not_available.
LOCK_CONFLICTS = {"40P01", "55P03"}


@pytest.fixture(autouse=True, scope="session")
def _flush_retries_lock_conflicts():
    """A transactional test's database is emptied by ``flush`` (one TRUNCATE of every
    table) while a live server of the test may still finish a transaction of its own
    (a bot's move, a socket let go): PostgreSQL then aborts one of the two as a
    deadlock. When it is the flush, it is run again a moment later; it ran in one
    transaction, so nothing was half done."""
    from django.core.management.base import CommandError
    from django.test import TransactionTestCase

    original = TransactionTestCase._fixture_teardown

    def _fixture_teardown(self):
        for attempt in range(1, 6):
            try:
                return original(self)
            except CommandError as error:
                cause = getattr(error.__cause__, "__cause__", None)
                if getattr(cause, "sqlstate", None) not in LOCK_CONFLICTS or attempt == 5:
                    raise
                time.sleep(0.2 * attempt)

    TransactionTestCase._fixture_teardown = _fixture_teardown
    yield
    TransactionTestCase._fixture_teardown = original


@functools.cache
def _hashed_password() -> str:
    """PASSWORD's hash with the site's own hasher, made once: a PBKDF2 hash takes
    about half a second, on purpose, and most tests create several members. (A fast
    test-only hasher would not do: live daphne servers check the same passwords with
    the real settings.)"""
    from django.contrib.auth.hashers import make_password

    return make_password(PASSWORD)


@pytest.fixture
def make_member(db):
    """Create a member: ``make_member(first_name="Marie", director=True, ...)``."""
    from club.models import User
    from club.roles import ensure_director_group

    def make(*, director: bool = False, password: str = PASSWORD, **fields):
        n = next(_counter)
        fields.setdefault("first_name", f"Joueur{n}")
        fields.setdefault("last_name", "Testeur")
        fields.setdefault("email", f"joueur{n}@example.com")
        fields.setdefault("is_approved", True)
        if password == PASSWORD:  # the usual case: the hash made once per session
            user = User.objects.create_user(password=None, **fields)
            user.password = _hashed_password()
            user.save(update_fields=["password"])
        else:
            user = User.objects.create_user(password=password, **fields)
        if director:
            user.groups.add(ensure_director_group())
        return user

    return make


@pytest.fixture
def member(make_member):
    return make_member(first_name="Marie", last_name="Tremblay", email="marie@example.com")


@pytest.fixture
def director(make_member):
    return make_member(
        first_name="Josée", last_name="Gagnon", email="josee@example.com", director=True
    )


@pytest.fixture
def member_client(client, member):
    client.force_login(member)
    return client


@pytest.fixture
def director_client(client, director):
    client.force_login(director)
    return client


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix):
    """On SQLite, use a file test database so that live daphne servers can share it."""
    import tempfile
    from pathlib import Path

    from django.conf import settings

    db = settings.DATABASES["default"]
    if db["ENGINE"].endswith("sqlite3"):
        path = Path(tempfile.gettempdir()) / f"club500-test-{os.getpid()}.sqlite3"
        db.setdefault("TEST", {})["NAME"] = str(path)


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """pytest-django's database setup, closing psycopg pools, and the event loop's and
    the liveness lock's own connections (``games.live.loopdb``, ``liveness``), then
    ending whatever other session is still on the test database, before the database is
    dropped."""
    yield
    from django.db import connections

    from games.live import liveness, loopdb

    loopdb.close()
    liveness.close()

    for conn in connections.all():
        close_pool = getattr(conn, "close_pool", None)
        if close_pool is not None:
            close_pool()
    with django_db_blocker.unblock():
        _end_other_sessions()


def _end_other_sessions() -> None:
    """End the sessions still open on this worker's PostgreSQL test database, from a
    connection to the server's own database (not one from the test database's pool).
    A pooled connection that a thread of this process still holds (such as the
    database thread of an asynchronous test) is not closed with the pool, and stays on
    the test database until the process ends: PostgreSQL then refuses to drop the
    database ("is being accessed by other users") and leaves it behind."""
    from django.db import connection

    if connection.vendor != "postgresql":
        return
    with connection._nodb_cursor() as cursor:
        cursor.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s",
            [connection.settings_dict["NAME"]],
        )


@pytest.fixture(scope="session", autouse=True)
def _live_server_logs(tmp_path_factory):
    """Live servers (``tests/live_server.py``) log into this session's temporary folder,
    which pytest removes after a few runs, instead of piling up in /tmp."""
    from tests import live_server

    live_server.LOG_DIR = tmp_path_factory.mktemp("daphne-logs")
    yield
    live_server.LOG_DIR = None


@pytest.fixture(scope="session")
def collected_static(tmp_path_factory):
    """The static files collected once, as the documented nginx serves them."""
    from tests.deployment import collect_static

    return collect_static(tmp_path_factory.mktemp("static"))


def pytest_itemcollected(item):
    """A module's tests of the deployment go to one pytest-xdist worker (``--dist
    loadgroup``, tools/testenv.py), which starts the module's deployment once."""
    if "deployment" in getattr(item, "fixturenames", ()):
        item.add_marker(pytest.mark.xdist_group(f"deployment:{item.module.__name__}"))


@pytest.fixture(scope="module")
def deployment(request, django_db_setup, django_db_blocker):
    """docs/operations.md's deployment (nginx, two daphne processes on unix sockets,
    Redis, production settings) for a module's tests: ``tests/deployment.py``.
    A module sets ``DEPLOYMENT_ENV`` (a dict) for settings of its own."""
    from tests.deployment import MISSING, Deployment

    if MISSING:
        pytest.skip(f"the deployment test needs {', '.join(MISSING)} (apt-get install)")
    static = request.getfixturevalue("collected_static")
    env = getattr(request.module, "DEPLOYMENT_ENV", {})
    with django_db_blocker.unblock():
        running = Deployment(env=env).start(static)
    yield running
    running.stop()
