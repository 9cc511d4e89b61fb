"""Run the test suite against throwaway servers (``make test`` calls this).

* Database: ``DATABASE_URL`` if set; otherwise, when PostgreSQL's server programs
  (``initdb``, ``pg_ctl``) are found, a throwaway cluster on a free loopback port in
  a temporary folder, removed afterwards; otherwise SQLite, with a warning.
* Redis: ``REDIS_TEST_URL`` if set; otherwise a throwaway ``redis-server`` when one
  is installed. Tests that need Redis read ``REDIS_TEST_URL`` (the suite itself keeps
  the in-memory channel layer unless ``REDIS_URL`` is set).
* Browser: tests find Chromium at ``/usr/bin/chromium`` (or ``CHROMIUM_PATH``).
* Workers: pytest-xdist runs the tests in ``CLUB500_TEST_WORKERS`` processes (default
  ``WORKERS_DEFAULT``; ``0`` or ``1``: in this process), unless the arguments choose
  (``-n``, ``-p no:xdist``) or ask for what needs one process (``--pdb``, ``-s``).
  Each worker has its own test database (pytest-django), live servers on ports of
  their own and its own Redis prefix (``tests/live_server.py``).

With ``CLUB500_NO_SKIP=1`` (CI), any skipped test counts as a failure.
Arguments are passed to pytest: ``python tools/testenv.py tests/club -x``.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


WORKERS_DEFAULT = 3
#: The private networks of ``tools.hosts`` (network namespaces standing for hosts),
#: which the throwaway PostgreSQL trusts beside loopback.
PRIVATE_NETWORKS = "10.251.0.0/16"
# Arguments after which pytest-xdist is left out: the caller chose, or needs one process.
ONE_PROCESS = ("-n", "--numprocesses", "--dist", "--pdb", "--trace", "-s", "--capture=no")


def log(message: str) -> None:
    print(f"[testenv] {message}", file=sys.stderr, flush=True)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def find_program(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(
        glob.glob(f"/usr/lib/postgresql/*/bin/{name}"),
        key=lambda p: int(p.split("/")[4]) if p.split("/")[4].isdigit() else 0,
    )
    return candidates[-1] if candidates else None


def server_user() -> str | None:
    """PostgreSQL refuses to run as root: use the postgres (or nobody) account."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        with contextlib.suppress(KeyError):
            pwd.getpwnam(name)
            return name
    raise SystemExit("running as root and no 'postgres' or 'nobody' account for PostgreSQL")


def as_user(user: str | None, argv: list[str]) -> list[str]:
    return ["runuser", "-u", user, "--", *argv] if user else argv


@contextlib.contextmanager
def postgres_cluster(initdb: str, pg_ctl: str):
    """A throwaway cluster; yields its URL on 127.0.0.1. It also answers the hosts of
    ``tools.hosts``' private networks (on every address, its rules refusing all but
    loopback and those networks), which may be made after it starts."""
    tmp = Path(tempfile.mkdtemp(prefix="club500-pg-"))
    user = server_user()
    if user:
        shutil.chown(tmp, user=user)
    data = tmp / "data"
    port = free_port()
    try:
        subprocess.run(
            as_user(
                user,
                [
                    initdb,
                    "-D",
                    str(data),
                    "-U",
                    "postgres",
                    "-A",
                    "trust",
                    "-E",
                    "UTF8",
                    "--locale=C",
                    "--no-sync",
                ],
            ),
            check=True,
            stdout=subprocess.DEVNULL,
        )
        with open(data / "pg_hba.conf", "a") as hba:
            hba.write(f"host all all {PRIVATE_NETWORKS} trust\n")
        options = (
            f"-p {port} -k {tmp} -c listen_addresses=* -c fsync=off "
            "-c synchronous_commit=off -c full_page_writes=off -c max_connections=300 "
            # No test waits a minute for a row or table lock: such a wait is a transaction
            # left open (by a live server's thread, say), reported as lock_not_available
            # rather than a run that never ends.
            "-c lock_timeout=60s"
        )
        subprocess.run(
            as_user(
                user,
                [
                    pg_ctl,
                    "-D",
                    str(data),
                    "-o",
                    options,
                    "-l",
                    str(tmp / "log"),
                    "-w",
                    "-t",
                    "60",
                    "start",
                ],
            ),
            check=True,
            stdout=subprocess.DEVNULL,
        )
        log(f"throwaway PostgreSQL on 127.0.0.1:{port} ({tmp})")
        yield f"postgres://postgres@127.0.0.1:{port}/club500"
    finally:
        subprocess.run(
            as_user(user, [pg_ctl, "-D", str(data), "-m", "immediate", "stop"]),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        shutil.rmtree(tmp, ignore_errors=True)


@contextlib.contextmanager
def redis_server(program: str, *, also_on: str | None = None, tls: tuple | None = None):
    """A throwaway redis-server on 127.0.0.1 (and on ``also_on``); yields its URL on
    127.0.0.1. ``tls``: (certificate, key) files: it then speaks only TLS, and the URL
    (``rediss://``) trusts that certificate."""
    port = free_port()
    if tls is None:
        listen, url = ["--port", str(port)], f"redis://127.0.0.1:{port}/0"
    else:
        cert, key = tls
        listen = ["--port", "0", "--tls-port", str(port), "--tls-auth-clients", "no"]
        listen += ["--tls-cert-file", str(cert), "--tls-key-file", str(key)]
        listen += ["--tls-ca-cert-file", str(cert)]
        url = f"rediss://127.0.0.1:{port}/0?ssl_ca_certs={cert}"
    proc = subprocess.Popen(
        [
            program,
            *listen,
            "--bind",
            "127.0.0.1" if also_on is None else f"127.0.0.1 {also_on}",
            "--save",
            "",
            "--appendonly",
            "no",
            # protected mode answers only loopback clients when there is no password:
            # the private network's are let in (nothing else reaches that address)
            "--protected-mode",
            "yes" if also_on is None else "no",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
                break
            time.sleep(0.05)
        log(f"throwaway Redis on 127.0.0.1:{port}")
        yield url
    finally:
        proc.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(5)


def xdist_args(argv: list[str], env: dict) -> list[str]:
    """``-n N --dist loadgroup`` for pytest-xdist, or nothing (see the docstring)."""
    workers = int(env.get("CLUB500_TEST_WORKERS") or WORKERS_DEFAULT)
    chosen = any(
        arg.split("=")[0] in ONE_PROCESS
        or arg.startswith("-n")
        or arg.replace(" ", "") in ("no:xdist", "-pno:xdist")
        for arg in argv
    )
    if workers <= 1 or chosen:
        return []
    return ["-n", str(workers), "--dist", "loadgroup"]


def main(argv: list[str]) -> int:
    env = dict(os.environ)
    with contextlib.ExitStack() as stack:
        if env.get("DATABASE_URL"):
            log("using DATABASE_URL from the environment")
        else:
            initdb, pg_ctl = find_program("initdb"), find_program("pg_ctl")
            if initdb and pg_ctl:
                env["DATABASE_URL"] = stack.enter_context(postgres_cluster(initdb, pg_ctl))
            else:
                log(
                    "WARNING: PostgreSQL server programs (initdb, pg_ctl) not found and "
                    "DATABASE_URL not set: testing on SQLite only."
                )
        if not env.get("REDIS_TEST_URL"):
            program = shutil.which("redis-server")
            if program:
                env["REDIS_TEST_URL"] = stack.enter_context(redis_server(program))
            else:
                log("WARNING: redis-server not found: the Redis tests will be skipped.")
        command = [sys.executable, "-m", "pytest", *xdist_args(argv, env), *argv]
        return subprocess.call(command, cwd=ROOT, env=env)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
