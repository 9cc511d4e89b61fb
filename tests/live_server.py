"""Start real daphne processes against the test database (browser and socket tests).

A server is a separate ``daphne`` process (not a fork), so a test can stop and
restart it mid-game or run two of them side by side over Redis. It reads the same
test database as the test process: data must be committed (``transactional_db``).

Its output goes to ``club500-daphne-PORT.log`` in ``LOG_DIR``: the test session's
temporary folder (``tests/conftest.py``), which pytest keeps for the last three runs
and then removes; the system's temporary folder when used outside pytest.
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
LOG_DIR: Path | None = None
#: How long a server may take to open its port: about 2 s on a quiet machine, 30 s and
#: more when other jobs load both cores (a bound on a wait, not a timing assertion).
START_TIMEOUT = 120


def database_url_for_tests() -> str:
    """The DATABASE_URL of the database the test process is using right now."""
    from django.db import connection

    settings = connection.settings_dict
    if settings["ENGINE"].endswith("sqlite3"):
        name = str(settings["NAME"])
        if name == ":memory:" or name.startswith("file:"):
            raise RuntimeError("a live server needs a file SQLite test database")
        return f"sqlite:///{name}"
    user = quote(settings.get("USER") or "")
    password = quote(settings.get("PASSWORD") or "")
    auth = f"{user}:{password}@" if password else (f"{user}@" if user else "")
    host = settings.get("HOST") or "localhost"
    port = f":{settings['PORT']}" if settings.get("PORT") else ""
    return f"postgres://{auth}{host}{port}/{settings['NAME']}?pool_max_size=20"


def redis_prefix() -> str:
    """The Redis prefix (setting ``REDIS_PREFIX``) of this test process's servers.

    pytest-xdist's workers share the one throwaway Redis: each takes a prefix of its
    own, or a worker's hub would hear another worker's ``tables`` and ``lobby`` groups
    and table ids (each worker's database numbers its tables from 1)."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    return f"club500-test-{worker}" if worker else "club500-test"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class LiveServer:
    """One daphne process serving ``club.asgi:application`` on a loopback port."""

    env: dict = field(default_factory=dict)
    port: int = 0
    process: subprocess.Popen | None = None
    log_path: Path | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, timeout: float = START_TIMEOUT) -> "LiveServer":
        if not self.port:
            self.port = free_port()
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "club.settings",
            "DATABASE_URL": database_url_for_tests(),
            "DJANGO_DEBUG": "1",
            "DJANGO_SERVE_STATIC": "1",
            "PYTHONUNBUFFERED": "1",
            "REDIS_PREFIX": redis_prefix(),
            # robots' searches at the normal priority: a busy test machine would
            # otherwise hold them back (club/settings.py, BOT_THINK_IDLE)
            "BOT_THINK_IDLE": "0",
            **self.env,
        }
        env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        self.log_path = (LOG_DIR or Path(tempfile.gettempdir())) / f"club500-daphne-{self.port}.log"
        log = open(self.log_path, "ab")  # a restart adds to the same log
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "daphne",
                "-b",
                "127.0.0.1",
                "-p",
                str(self.port),
                "club.asgi:application",
            ],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"daphne exited early:\n{self.log_path.read_text()[-3000:]}")
            with (
                contextlib.suppress(OSError),
                socket.create_connection(("127.0.0.1", self.port), 0.2),
            ):
                return self
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(
            f"daphne did not start in {timeout}s:\n{self.log_path.read_text()[-3000:]}"
        )

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
        self.process = None

    def restart(self) -> "LiveServer":
        self.stop()
        return self.start()
