"""Live tables load test: N tables of 4 WebSocket players against daphne (one process,
then two with each table's seats split across them), 500 tables and then 450 tables.

Run from the repository root: ``python bench/tables_bench.py`` (``--quick`` for a
short run; ``--tables N --seconds S`` for the human-pace phase; ``--help``).
Loopback only (127.0.0.1). Takes about 12 minutes by default on a quiet machine.

What it does:

* starts a throwaway PostgreSQL (``tools/testenv.postgres_cluster``; SQLite with a
  warning when ``initdb`` is not installed), migrates it, and one daphne process
  (``DJANGO_DEBUG=0``; Redis pub/sub channel layer as deployed, on a throwaway
  ``redis-server`` when installed; ``--layer memory`` for the in-memory layer);
* creates members, their sessions (what ``django.contrib.auth.login`` stores) and
  started tables of four members directly in the database, through
  ``games.services``: 500 tables (``quebec``), or 450 tables for the phases of that
  kind (``--phases human:450``, ``--kind 450``); the clients play either kind the
  same way, the legal action of the state frame each member is sent;
* phases: full speed (every player answers its turn at once) with 50 and 200 tables,
  then human pace (an exponential think time, mean 4 s per move per table, i.e.
  ~0.25 moves/s/table) with 1,000 tables (4,000 sockets) after all have connected,
  on one daphne process, again with table chat traffic added (``--chat``: 1 message
  per table per minute by default, from a random player of the table), and then on
  two (N and S of each table on one process, E and W on the other: every move is
  caught up by the other process from the database; with the chat traffic); then
  the human pace again with 450 tables (``450 human N``); on request (``--phases
  kill``), a process killed: two processes, ``--kill-tables`` tables (500), one in
  four with a bot in its last seat, the second process killed with SIGKILL halfway
  through the measured window; its sockets reconnect to the first as pages do;
* per phase: moves/s, p50/p99/max latency from an intent to all four seats holding
  the new state, server (daphne) CPU per move from ``/proc/<pid>/stat`` and its event
  loops' wake-ups per move (voluntary context switches, ``/proc/<pid>/status``), PostgreSQL
  CPU per move (postmaster and backends), client CPU, stalled tables (a move
  undelivered, or nobody with a turn, for > 5 s), lost updates (a socket whose last
  state is not the table's final seq in the database), order regressions, and
  skipped seqs (a seq superseded by a newer full state before it was rendered:
  harmless, the frame is a full snapshot); bytes on the wire to the players (TCP
  bytes per move per player, each data frame's compressed size); after a kill, how
  long the killed process's sockets took to hold their table's latest state again
  and the bots' moves since.

Everything it started (daphne, PostgreSQL, Redis, client processes) is stopped at
the end, also on error or Ctrl-C.
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from datetime import timedelta
from pathlib import Path

import psycopg

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from _tables_client import (  # noqa: E402
    DRAIN_MAX_SECONDS,
    QUIESCE_SECONDS,
    raise_fd_limit,
    worker_main,
)

from games.kinds import LEVEL_BUDGETS  # noqa: E402
from tools.hosts import Host, private_network, unavailable  # noqa: E402
from tools.testenv import find_program, free_port, postgres_cluster, redis_server  # noqa: E402

TICKS = os.sysconf("SC_CLK_TCK")
#: Each searching level's seconds for a decision (a robot's turn may take that long).
BOT_SECONDS = {level: budget.seconds for level, budget in LEVEL_BUDGETS.items()}


def say(message: str) -> None:
    print(message, flush=True)


# ---------------------------------------------------------------------- CPU accounting
def proc_cpu(pid: int, *, children: bool = False) -> float:
    """CPU seconds (user + system) of a process (and of its reaped children)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    # fields[0] is field 3 (state): utime is field 14, stime 15, cutime 16, cstime 17.
    ticks = int(fields[11]) + int(fields[12])
    if children:
        ticks += int(fields[13]) + int(fields[14])
    return ticks / TICKS


def loop_wakeups(pid: int) -> int:
    """The voluntary context switches of a process's main thread (its event loop): each
    one a sleep in ``epoll_wait`` (or a lock) that a later event ended."""
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("voluntary_ctxt_switches:"):
                    return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return 0


def descendants(pid: int) -> list[int]:
    """The processes started by ``pid``, and by them, and so on (not ``pid`` itself)."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    parents[int(entry)] = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
    found, frontier = [], [pid]
    while frontier:
        children = [child for child, parent in parents.items() if parent in frontier]
        found += children
        frontier = children
    return found


def postgres_pids(port: int) -> list[int]:
    """The postmaster listening on ``port`` and its children (backends, workers)."""
    master = None
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        pid = int(entry)
        try:
            with open(f"/proc/{pid}/stat") as f:
                stat = f.read()
            parents[pid] = int(stat.rsplit(")", 1)[1].split()[1])
            if master is None and "(postgres)" in stat:
                with open(f"/proc/{pid}/cmdline", "rb") as f:
                    argv = f.read().split(b"\0")
                if b"-p" in argv and argv[argv.index(b"-p") + 1] == str(port).encode():
                    master = pid
        except (OSError, ValueError, IndexError):
            continue
    if master is None:
        return []
    return [master, *(pid for pid, ppid in parents.items() if ppid == master)]


def postgres_cpu(port: int | None) -> float:
    if port is None:
        return 0.0
    pids = postgres_pids(port)
    if not pids:
        return 0.0
    return proc_cpu(pids[0], children=True) + sum(proc_cpu(p) for p in pids[1:])


# ---------------------------------------------------------------------- database
def create_database(url: str) -> None:
    admin = url.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute("CREATE DATABASE club500")


def server_env() -> dict:
    """The environment of a benchmarked daphne: production settings (``DEBUG`` off), no
    database or Redis yet (``throwaway_database``, ``redis_server``)."""
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "club.settings",
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(40),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "PYTHONUNBUFFERED": "1",
        "DJANGO_LOG_LEVEL": "INFO",
    }
    for key in ("REDIS_URL", "DATABASE_URL", "DJANGO_ALLOW_ASYNC_UNSAFE"):
        env.pop(key, None)
    return env


def throwaway_database(
    stack: contextlib.ExitStack, tmp: Path, *, sqlite: bool, pool: int | None = None
) -> tuple[str, str, int | None]:
    """(DATABASE_URL, a label for the report, PostgreSQL's port or None): a throwaway
    PostgreSQL cluster (stopped by ``stack``), or SQLite in ``tmp`` if asked or if
    PostgreSQL's programs are not installed."""
    initdb, pg_ctl = find_program("initdb"), find_program("pg_ctl")
    if initdb and pg_ctl and not sqlite:
        url = stack.enter_context(postgres_cluster(initdb, pg_ctl))
        create_database(url)
        port = int(url.rsplit(":", 1)[1].split("/")[0])
        if pool is None:
            return url, "PostgreSQL (throwaway, fsync off)", port
        label = f"PostgreSQL (throwaway, fsync off), pool_max_size={pool}"
        return f"{url}?pool_max_size={pool}", label, port
    if not sqlite:
        say(
            "WARNING: PostgreSQL's initdb/pg_ctl not found: benchmarking on SQLite, "
            "which serialises every write; figures are not representative."
        )
    return f"sqlite:///{tmp / 'bench.sqlite3'}", "SQLite", None


def django_setup(env: dict) -> None:
    os.environ.update(
        {
            k: env[k]
            for k in (
                "DATABASE_URL",
                "DJANGO_DEBUG",
                "DJANGO_SECRET_KEY",
                "DJANGO_ALLOWED_HOSTS",
                "DJANGO_SETTINGS_MODULE",
            )
        }
    )
    os.environ.pop("REDIS_URL", None)
    import django

    django.setup()
    from django.conf import settings

    # The bench process writes tables but serves no socket: no group sends from here
    # (``get_channel_layer`` returns None), and no runner (never started here).
    settings.CHANNEL_LAYERS = {}


def create_members(n: int) -> list[tuple[int, str]]:
    """``n`` members, each with a logged-in session: [(user id, session key)]."""
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore
    from django.contrib.sessions.models import Session
    from django.utils import timezone

    from club.models import User

    users = []
    for i in range(n):
        user = User(
            email=f"bench{i}@example.invalid",
            first_name=f"Bench{i}",
            last_name="Load",
            is_approved=True,
            preferred_language="fr",
        )
        user.set_unusable_password()
        users.append(user)
    User.objects.bulk_create(users, batch_size=1000)
    users = list(User.objects.filter(email__startswith="bench").order_by("pk"))
    store = SessionStore()
    expire = timezone.now() + timedelta(days=1)
    sessions, out = [], []
    for user in users:
        key = secrets.token_hex(16)
        data = {
            SESSION_KEY: str(user.pk),
            BACKEND_SESSION_KEY: settings.AUTHENTICATION_BACKENDS[0],
            HASH_SESSION_KEY: user.get_session_auth_hash(),
        }
        sessions.append(
            Session(session_key=key, session_data=store.encode(data), expire_date=expire)
        )
        out.append((user.pk, key))
    Session.objects.bulk_create(sessions, batch_size=1000)
    return out


#: How the bench creates a table of each kind: ``table_create``'s arguments (four players).
TABLE_KINDS = {
    "500": {"variant": "quebec"},
    "450": {"kind": "450", "options": {"players": 4}},
}


def create_tables(
    n: int,
    members: list[tuple[int, str]],
    seed: int,
    kind: str,
    *,
    bot_every: int = 0,
    bot_level: str = "debutant",
) -> list[dict]:
    """``n`` started tables of ``kind``, four members each (all human: the clients play),
    or, with ``bot_every``, one table in that many with a bot in its last seat, playing
    at ``bot_level``."""
    from django.utils import timezone

    from club.models import User
    from games import services
    from games.live.presence import PRESENCE_TIMEOUT
    from games.models import Seat, Table

    by_id = {u.pk: u for u in User.objects.filter(pk__in=[m[0] for m in members[: 4 * n]])}
    tables = []
    for i in range(n):
        four = members[4 * i : 4 * i + 4]
        users = [by_id[m[0]] for m in four]
        table = services.table_create(
            host=users[0],
            name=f"bench {i}",
            seed=seed * 100_003 + i,
            absence_grace_seconds=86_400,
            bot_delay_ms=0,
            bot_level=bot_level,
            **TABLE_KINDS[kind],
        )
        seats = list(
            Seat.objects.filter(table=table).order_by("position").values_list("seat", flat=True)
        )
        humans = 3 if bot_every and i % bot_every == bot_every - 1 else 4
        for user, seat in zip(users[1:humans], seats[1:humans]):  # the host has the first
            services.table_join(table_id=table.pk, user=user, seat=seat)
        if humans < 4:
            services.table_fill_with_bots(table_id=table.pk, user=users[0])
        services.table_start(table_id=table.pk)
        tables.append(
            {"id": table.pk, "seats": {seat: key for seat, (_, key) in zip(seats[:humans], four)}}
        )
    # A table of members only, as a server running the evening leaves it: its next look
    # after the presence timeout (each member's move sets that), not due now as at its
    # start (the runner of a process that was not running yet would look at every one
    # at its first sweep: a restart's sockets would meet work no real restart has).
    humans_only = [t["id"] for t in tables if len(t["seats"]) == 4]
    Table.objects.filter(pk__in=humans_only).update(wake_at=timezone.now() + PRESENCE_TIMEOUT)
    return tables


def close_tables(ids: list[int]) -> None:
    from games.models import Table

    Table.objects.filter(pk__in=ids).update(status=Table.Status.CLOSED, wake_at=None)


def table_seqs(ids: list[int]) -> dict[int, int]:
    from games.models import Table

    return dict(Table.objects.filter(pk__in=ids).values_list("pk", "seq"))


# ---------------------------------------------------------------------- daphne
class Daphne:
    """A daphne process on this machine's loopback, or with ``host`` on a host of its
    own (``tools.hosts``: its address, PostgreSQL and Redis reached at ``gateway``)."""

    def __init__(
        self,
        env: dict,
        log_dir: Path,
        root: Path = ROOT,
        name: str = "daphne",
        host: Host | None = None,
        gateway: str | None = None,
    ):
        self.env = env
        self.root = root
        self.port = free_port()
        self.log_path = log_dir / f"{name}.log"
        self.process: subprocess.Popen | None = None
        self.host = host
        self.address = "127.0.0.1" if host is None else host.address
        if host is not None:  # the database and Redis on their host, by TCP
            self.env = {
                **env,
                "DATABASE_URL": env["DATABASE_URL"].replace("@127.0.0.1:", f"@{gateway}:"),
                "REDIS_URL": env["REDIS_URL"].replace("//127.0.0.1:", f"//{gateway}:"),
                "DJANGO_ALLOWED_HOSTS": f"{env['DJANGO_ALLOWED_HOSTS']},{host.address}",
            }

    def start(self) -> "Daphne":
        log = open(self.log_path, "wb")
        argv = [
            sys.executable,
            "-m",
            "daphne",
            "--websocket_connect_timeout",
            "30",
            "-e",  # as docs/operations.md: room for a reconnect storm's connections
            f"tcp:port={self.port}:interface={self.address}:backlog=4096",
            "club.asgi:application",
        ]
        self.process = subprocess.Popen(
            argv if self.host is None else self.host.argv(argv),
            cwd=self.root,
            env=self.env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"daphne exited early:\n{self.tail()}")
            with (
                contextlib.suppress(OSError),
                socket.create_connection((self.address, self.port), 0.2),
            ):
                return self
            time.sleep(0.1)
        raise RuntimeError(f"daphne did not start:\n{self.tail()}")

    def tail(self, chars: int = 3000) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-chars:]
        except OSError:
            return ""

    def problems(self) -> dict[str, int]:
        """Exceptions in the server log: {last line of the traceback: count}."""
        found: dict[str, int] = {}
        lines = self.tail(10**9).splitlines()
        for i, line in enumerate(lines):
            if line.startswith("Traceback"):
                j = i + 1
                while j < len(lines) and (lines[j].startswith(" ") or not lines[j].strip()):
                    j += 1
                key = lines[j][:120] if j < len(lines) else "?"
                found[key] = found.get(key, 0) + 1
        return found

    def fast_path_lines(self) -> list[str]:
        """The server's reports every 30 s on its fast path (``games.live.pipeline``)
        on catching up with other processes (``games.live.hub``), on its bots' searches
        (``games.live.thinkers``), and its long
        garbage collections (``club.gc_policy``, with the log line's time)."""
        keys = ("fast path:", "other processes' changes:", "bot searches:", "gc: generation")
        return [
            line if key.startswith("gc") else line[line.index(key) :]
            for line in self.tail(10**9).splitlines()
            for key in keys
            if key in line
        ]

    def cpu(self) -> float:
        return proc_cpu(self.process.pid) if self.process else 0.0

    def wakeups(self) -> int:
        return loop_wakeups(self.process.pid) if self.process else 0

    def search_cpu(self) -> float:
        """CPU seconds of the process's children: its pool of bot searches (a fork
        server and its workers, ``games.live.thinkers``)."""
        if not self.process:
            return 0.0
        return sum(proc_cpu(pid, children=True) for pid in descendants(self.process.pid))

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)


# ---------------------------------------------------------------------- phases
# A second counts as quiet when the host's hypervisor took at most this share of a core
# from this machine (``steal`` in /proc/stat). On a shared machine, stolen seconds
# slow everything at once.
QUIET_STEAL = 0.10


def _steal_jiffies() -> int | None:
    try:
        with open("/proc/stat") as f:
            fields = f.readline().split()
        return int(fields[8])  # cpu user nice system idle iowait irq softirq steal ...
    except (OSError, IndexError, ValueError):
        return None


def sample_steal(go_at: float, end_at: float) -> list[float]:
    """Sleep until ``end_at``, returning for each second from ``go_at`` the share of a
    core stolen from this machine (empty when /proc/stat is not readable)."""
    hz = os.sysconf("SC_CLK_TCK")
    shares, before = [], _steal_jiffies()
    second = go_at
    while second < end_at:
        second += 1.0
        time.sleep(max(0.0, min(second, end_at) - time.monotonic()))
        now = _steal_jiffies()
        if before is None or now is None:
            return []
        shares.append((now - before) / hz)
        before = now
    return shares


def histogram_percentile(sizes: Counter, q: float) -> int | None:
    """The ``q`` quantile of values counted in a histogram (value -> how many)."""
    total = sum(sizes.values())
    if not total:
        return None
    rank, seen = q * (total - 1), 0
    for value in sorted(sizes):
        seen += sizes[value]
        if seen > rank:
            return value
    return max(sizes)


def wire_figures(results: list[dict], moves: int, tables: int) -> dict:
    """Bytes to the players during the measured window: TCP bytes per move per player
    (every frame counted, presence and chat included), and the data frames' sizes on
    the wire and as JSON text."""
    frame_sizes, text_sizes = Counter(), Counter()
    for r in results:
        frame_sizes.update({int(k): v for k, v in r["wire_frame_sizes"].items()})
        text_sizes.update({int(k): v for k, v in r["wire_text_sizes"].items()})
    players = sum(r["seats"] for r in results) / max(1, tables)  # per table
    tcp = sum(r["wire_tcp_bytes"] for r in results)
    return {
        "wire_per_move_player": tcp / (moves * players) if moves else None,
        "wire_frames": sum(frame_sizes.values()),
        "wire_frame_p50": histogram_percentile(frame_sizes, 0.50),
        "wire_frame_p99": histogram_percentile(frame_sizes, 0.99),
        "wire_frame_mean": (
            sum(k * v for k, v in frame_sizes.items()) / sum(frame_sizes.values())
            if frame_sizes
            else None
        ),
        "text_frame_p50": histogram_percentile(text_sizes, 0.50),
    }


#: Issue 33's reconnect storm: this many sockets to one process (a restart), all
#: connected with their first state within this many seconds.
STORM_SOCKETS, STORM_SECONDS = 4000, 10.0


def percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run_phase(
    name: str,
    *,
    mode: str,
    tables: list[dict],
    seconds: float,
    args,
    daphnes: list[Daphne],
    pg_port: int | None,
    chat: float = 0.0,
    kind: str = "500",
    kill: bool = False,
    bot_level: str = "debutant",
) -> dict:
    """One phase against ``daphnes`` (each table's seats split across them); with
    ``kill``, the last process is killed (SIGKILL) halfway through the measured window
    and its sockets reconnect to the others."""
    ctx = multiprocessing.get_context("spawn")
    procs = max(1, min(args.procs, len(tables)))
    workers = []
    try:
        for i in range(procs):
            parent, child = ctx.Pipe()
            proc = ctx.Process(target=worker_main, args=(child,), daemon=True)
            proc.start()
            parent.send(
                {
                    "servers": [(d.address, d.port) for d in daphnes],
                    "mode": mode,
                    "pace": args.pace,
                    "heartbeat": not args.no_heartbeat,
                    "seed": args.seed + i,
                    "connect_batch": args.connect_batch,
                    "compression": None if args.no_compression else "deflate",
                    "tables": tables[i::procs],
                    "chat": chat,
                    "failover": kill,
                    "dump": f"{args.dump}.{name.replace(' ', '-')}.{i}.json" if args.dump else None,
                }
            )
            workers.append((proc, parent))
        sockets = sum(len(t["seats"]) for t in tables)
        say(
            f"   connecting {sockets} sockets ({len(tables)} tables, "
            f"{procs} client process{'es' if procs > 1 else ''}) ..."
        )
        t0, connect_cpu0 = time.monotonic(), sum(d.cpu() for d in daphnes)
        connected = [conn.recv()[1] for _, conn in workers]
        connect_wall = time.monotonic() - t0
        connect_cpu = sum(d.cpu() for d in daphnes) - connect_cpu0
        n_connected = sum(c["connected"] for c in connected)
        failures: dict = {}
        for c in connected:
            for k, v in c["failures"].items():
                failures[k] = failures.get(k, 0) + v
        in_step = sum(c["first_state"] for c in connected)
        in_step_seconds = max(c["in_step_seconds"] for c in connected)
        say(
            f"   connected {n_connected}/{sockets}, {in_step} with their first state, "
            f"in {in_step_seconds:.1f} s from the first attempt ({connect_wall:.1f} s "
            f"with the clients' start); daphne CPU {1000 * connect_cpu / max(1, sockets):.2f} ms "
            "a socket"
            + (f"; failed attempts {failures} (retried with backoff)" if failures else "")
        )
        time.sleep(args.settle)  # let presence broadcasts of the connects drain
        warmup = args.warmup if mode == "human" else 0.0
        start_at = time.monotonic() + 0.3
        go_at = start_at + warmup  # measured from here: the steady state
        end_at = go_at + seconds
        for _, conn in workers:
            conn.send((start_at, go_at, end_at))
        if warmup:
            say(
                f"   playing: {warmup:.0f} s of warm-up (not measured), "
                f"then {seconds:.0f} s measured"
            )
        time.sleep(max(0.0, go_at - time.monotonic()))
        cpu0, pg0 = sum(d.cpu() for d in daphnes), postgres_cpu(pg_port)
        wakeups0 = sum(d.wakeups() for d in daphnes)
        search0 = sum(d.search_cpu() for d in daphnes)
        killed_at = None
        if kill:
            victim = daphnes[-1]
            steal = sample_steal(go_at, go_at + seconds / 2)
            killed_cpu, killed_search = victim.cpu(), victim.search_cpu()
            killed_wakeups = victim.wakeups()
            victim.process.kill()  # SIGKILL: no goodbye to its sockets, Redis or PostgreSQL
            killed_at = time.monotonic()
            victim.process.wait(10)
            say(f"   killed daphne pid {victim.process.pid} (SIGKILL) {seconds / 2:.0f} s in")
            steal += sample_steal(killed_at, end_at)
            cpu1 = sum(d.cpu() for d in daphnes[:-1]) + killed_cpu
            wakeups1 = sum(d.wakeups() for d in daphnes[:-1]) + killed_wakeups
            search1 = sum(d.search_cpu() for d in daphnes[:-1]) + killed_search
        else:
            steal = sample_steal(go_at, end_at)
            cpu1 = sum(d.cpu() for d in daphnes)
            wakeups1 = sum(d.wakeups() for d in daphnes)
            search1 = sum(d.search_cpu() for d in daphnes)
        pg1 = postgres_cpu(pg_port)
        search_cpu = search1 - search0
        results = [conn.recv()[1] for _, conn in workers]
        ids = [t["id"] for t in tables]
        db_seqs = table_seqs(ids)
        for _, conn in workers:
            conn.send("close")
        for proc, conn in workers:
            with contextlib.suppress(EOFError):
                conn.recv()
            proc.join(20)
    finally:
        for proc, _ in workers:
            if proc.is_alive():
                proc.terminate()
                proc.join(5)
    close_tables(ids)

    timed = [move for r in results for move in r["latencies"]]  # (at, seconds, ended a hand)
    latencies = [lat for _, lat, _ in timed]
    in_hand = [lat for _, lat, ended in timed if not ended]
    hand_ends = [lat for _, lat, ended in timed if ended]
    quiet_seconds = {second for second, share in enumerate(steal) if share <= QUIET_STEAL}
    quiet = [lat for at, lat, _ in timed if int(at) in quiet_seconds]
    final = {}
    for r in results:
        final.update(r["final_seqs"])
    lost_sockets = sum(1 for tid, seqs in final.items() for s in seqs if s != db_seqs.get(int(tid)))
    lost_tables = sum(
        1 for tid, seqs in final.items() if any(s != db_seqs.get(int(tid)) for s in seqs)
    )
    moves = len(latencies)
    recoveries = sorted(x for r in results for x in r["recoveries"])
    bot_turns = sorted(x for r in results for x in r["bot_turns"])
    lost_at_kill = sum(r["lost_sockets"] for r in results)
    sum_of = lambda key: sum(r[key] for r in results)  # noqa: E731
    merged = lambda key: {k: v for r in results for k, v in r[key].items()}  # noqa: E731
    server_cpu = cpu1 - cpu0
    out = {
        "phase": name,
        "kind": kind,
        "mode": mode,
        "tables": len(tables),
        "sockets": sum(len(t["seats"]) for t in tables),
        "processes": len(daphnes),
        "procs": procs,
        "seconds": seconds,
        "connected": n_connected,
        "first_states": in_step,
        "connect_failures": failures,
        "connect_attempts_failed": sum(failures.values()),
        "connect_seconds": in_step_seconds,
        "connect_wall_seconds": connect_wall,
        "connect_cpu_ms_per_socket": 1000 * connect_cpu / max(1, sockets),
        "handshake_p99": max((c["handshake_p99"] or 0) for c in connected),
        "moves": moves,
        "moves_per_s": moves / seconds,
        "p50_ms": 1000 * (percentile(latencies, 0.50) or 0),
        "p99_ms": 1000 * (percentile(latencies, 0.99) or 0),
        "max_ms": 1000 * (max(latencies) if latencies else 0),
        "in_hand_p99_ms": 1000 * (percentile(in_hand, 0.99) or 0),
        "hand_ends": len(hand_ends),
        "hand_end_p50_ms": 1000 * (percentile(hand_ends, 0.50) or 0),
        "hand_end_p99_ms": 1000 * (percentile(hand_ends, 0.99) or 0),
        "steal_mean": sum(steal) / len(steal) if steal else None,
        "steal_max": max(steal) if steal else None,
        "quiet_seconds": len(quiet_seconds),
        "quiet_p99_ms": 1000 * (percentile(quiet, 0.99) or 0),
        "server_cpu_s": server_cpu,
        "server_cpu_share": server_cpu / seconds,
        "server_ms_per_move": 1000 * server_cpu / moves if moves else None,
        "loop_wakeups_per_move": (wakeups1 - wakeups0) / moves if moves else None,
        "pg_ms_per_move": 1000 * (pg1 - pg0) / moves if moves and pg_port else None,
        "client_cpu_share": sum_of("client_cpu") / seconds,
        "stalled_tables": sum(len(r["stalled_tables"]) for r in results),
        "stalls_why": dict(Counter(why for r in results for why in r["stalls_why"])),
        "lost_tables": lost_tables,
        "lost_sockets": lost_sockets,
        "regressions": sum_of("regressions"),
        "skipped": sum_of("skipped"),
        "errors": merged("errors"),
        "disconnects": merged("disconnects"),
        "frames": sum_of("frames"),
        "bytes": sum_of("bytes"),
        "finished_tables": sum_of("finished_tables"),
        "undelivered": sum_of("undelivered"),
        "drain_seconds": max(r["drain_seconds"] for r in results),
        "chat_per_table_minute": chat,
        "chat_sent": sum_of("chat_sent"),
        "chat_received": sum_of("chat_received"),
        **wire_figures(results, moves, len(tables)),
        "killed": killed_at is not None,
        "failover_sockets": lost_at_kill,
        "failover_recovered": len(recoveries),
        "failover_unrecovered": sum_of("unrecovered"),
        "failover_p50_s": percentile(recoveries, 0.50),
        "failover_p99_s": percentile(recoveries, 0.99),
        "failover_max_s": recoveries[-1] if recoveries else None,
        "bot_tables": sum(len(t["seats"]) < 4 for t in tables),
        "bot_level": bot_level,
        "bot_turns": len(bot_turns),
        "bot_turn_p50_s": percentile(bot_turns, 0.50),
        "bot_turn_p95_s": percentile(bot_turns, 0.95),
        "bot_turn_max_s": bot_turns[-1] if bot_turns else None,
        "search_cpu_share": search_cpu / seconds,
        "bot_moves_late": sum_of("bot_moves_late"),
        "bot_tables_moved_late": sum_of("bot_tables_moved_late"),
    }
    return out


def print_phase(r: dict) -> None:
    pg = f"{r['pg_ms_per_move']:.2f}" if r["pg_ms_per_move"] is not None else "-"
    srv = f"{r['server_ms_per_move']:.2f}" if r["server_ms_per_move"] is not None else "-"
    say(
        f"   moves {r['moves']} in {r['seconds']:.0f} s = {r['moves_per_s']:.1f} moves/s; "
        f"latency p50 {r['p50_ms']:.1f} ms, p99 {r['p99_ms']:.1f} ms, max {r['max_ms']:.0f} ms"
    )
    say(
        f"   of which moves within a hand: p99 {r['in_hand_p99_ms']:.1f} ms; moves that end "
        f"a hand ({r['hand_ends']}): p50 {r['hand_end_p50_ms']:.1f} ms, "
        f"p99 {r['hand_end_p99_ms']:.1f} ms"
    )
    if r["steal_mean"] is not None:
        say(
            f"   host CPU steal: mean {100 * r['steal_mean']:.0f}%, max {100 * r['steal_max']:.0f}%"
            f" of a core; in the {r['quiet_seconds']} quiet seconds (steal <= "
            f"{100 * QUIET_STEAL:.0f}%): p99 {r['quiet_p99_ms']:.1f} ms"
        )
    wakeups = r.get("loop_wakeups_per_move")
    say(
        f"   daphne CPU {100 * r['server_cpu_share']:.0f}% of a core, {srv} ms/move "
        + (f"({wakeups:.2f} event-loop wake-ups a move); " if wakeups is not None else "; ")
        + f"PostgreSQL {pg} ms/move; client CPU {100 * r['client_cpu_share']:.0f}%"
    )
    say(
        f"   after the end: moves in flight drained in {r['drain_seconds']:.1f} s; "
        f"undelivered (no frame for {QUIESCE_SECONDS:.0f} s, or still queued after "
        f"{DRAIN_MAX_SECONDS:.0f} s): {r['undelivered']}"
    )
    say(
        f"   stalled tables {r['stalled_tables']}, lost updates {r['lost_sockets']} sockets "
        f"({r['lost_tables']} tables), order regressions {r['regressions']}, skipped seqs "
        f"{r['skipped']} (coalesced), errors {r['errors'] or 0}, disconnects "
        f"{r['disconnects'] or 0}, frames {r['frames']} ({r['bytes'] / max(1, r['frames']):.0f}"
        f" B avg)"
    )
    if r["stalls_why"]:
        say(f"   stalled tables by what they waited for: {r['stalls_why']}")
    if r.get("killed"):
        p50, p99, top = _seconds(r, "failover")
        say(
            f"   failover: {r['failover_sockets']} sockets lost with the killed process, "
            f"{r['failover_recovered']} back in step (the table's latest state) after: p50 "
            f"{p50}, p99 {p99}, max {top}; not back {r['failover_unrecovered']}; bots after the "
            f"kill: {r['bot_moves_late']} moves, at {r['bot_tables_moved_late']} of the "
            f"{r['bot_tables']} tables with a bot"
        )
    if r["bot_tables"] and not r.get("killed"):
        turns = _seconds(r, "bot_turn", "p95")
        say(
            f"   robots ({r['bot_level']}) at {r['bot_tables']} tables: {r['bot_turns']} turns "
            f"in the window, each from its state to its move: p50 {turns[0]}, p95 {turns[1]}, "
            f"max {turns[2]}; their search processes {100 * r['search_cpu_share']:.0f}% of a core"
        )
    if r.get("wire_per_move_player") is not None:
        say(
            f"   on the wire to the players: {r['wire_per_move_player']:.0f} B per move per "
            f"player (TCP, every frame); data frames ({r['wire_frames']}): median "
            f"{r['wire_frame_p50']} B, p99 {r['wire_frame_p99']} B, mean "
            f"{r['wire_frame_mean']:.0f} B on the wire; median JSON text {r['text_frame_p50']} B"
        )
    if r.get("chat_per_table_minute"):
        say(
            f"   table chat: {r['chat_per_table_minute']:g} message per table per minute: "
            f"{r['chat_sent']} sent, {r['chat_received']} chat frames received (each to the "
            f"table's four players)"
        )


def _seconds(r: dict, figure: str, middle: str = "p99") -> list[str]:
    """A phase's p50, ``middle`` and max of ``figure`` (seconds) as the report says them."""
    keys = (f"{figure}_p50_s", f"{figure}_{middle}_s", f"{figure}_max_s")
    return ["-" if r[k] is None else f"{r[k]:.2f} s" for k in keys]


def print_summary(
    rows: list[dict],
    daphne_problems: dict[str, int],
    fast_path_lines: list[str] = (),
    where: str = "loopback",
) -> None:
    say(
        f"\n== live tables: summary ({where}; 'daphnes': server processes, each table's "
        "seats split across them)"
    )
    header = (
        f"{'phase':<22}{'daphnes':>8}{'tables':>7}{'sockets':>8}{'conn s':>8}{'moves/s':>9}"
        f"{'p50 ms':>8}{'p99 ms':>8}{'max ms':>8}{'srv ms/mv':>10}{'pg ms/mv':>9}"
        f"{'srv CPU':>8}{'stalled':>8}{'lost':>6}"
    )
    say(header)
    say("-" * len(header))
    for r in rows:
        pg = f"{r['pg_ms_per_move']:.2f}" if r["pg_ms_per_move"] is not None else "-"
        srv = f"{r['server_ms_per_move']:.2f}" if r["server_ms_per_move"] is not None else "-"
        say(
            f"{r['phase']:<22}{r['processes']:>8}{r['tables']:>7}{r['sockets']:>8}{r['connect_seconds']:>8.1f}"
            f"{r['moves_per_s']:>9.1f}{r['p50_ms']:>8.1f}{r['p99_ms']:>8.1f}{r['max_ms']:>8.0f}"
            f"{srv:>10}{pg:>9}{100 * r['server_cpu_share']:>7.0f}%{r['stalled_tables']:>8}"
            f"{r['lost_sockets']:>6}"
        )
    for line in fast_path_lines:  # the server's own count, every 30 s
        say(f"daphne log: {line}")
    say(f"daphne log: {sum(daphne_problems.values())} tracebacks")
    for message, count in sorted(daphne_problems.items(), key=lambda kv: -kv[1]):
        say(f"   {count:>6} x {message}")
    human = [r for r in rows if r["mode"] == "human"]
    for r in human:
        # against the one-process phase with the same traffic (chat included)
        alone = [
            o
            for o in human
            if o["processes"] == 1 and o["kind"] == r["kind"] and not o["bot_tables"]
        ]
        one = next(
            (o for o in alone if o["chat_per_table_minute"] == r["chat_per_table_minute"]),
            next(iter(alone), None),
        )
        if r["killed"]:
            p99 = r["failover_p99_s"]
            ok = (
                p99 is not None
                and p99 <= 5.0
                and r["failover_unrecovered"] == 0
                and r["stalled_tables"] == 0
                and r["lost_sockets"] == 0
                and r["undelivered"] == 0
                and r["bot_moves_late"] > 0
            )
            say(
                f"target ({r['tables']} human-paced {_kind_words(r['kind'])}tables on 2 daphne "
                f"processes, one killed with SIGKILL: its sockets back in step within 5 s "
                f"(p99), nothing lost, undelivered or stalled, the bots played on after "
                f"the kill): {'MET' if ok else 'NOT MET'}"
            )
            continue
        if r["bot_tables"]:
            budget = BOT_SECONDS.get(r["bot_level"], 0.0)
            turns = r["bot_turn_p95_s"]
            ok = (
                r["p99_ms"] < 50
                and r["stalled_tables"] == 0
                and r["lost_sockets"] == 0
                and turns is not None
                and turns <= budget + 0.5
            )
            say(
                f"target ({r['tables']} human-paced {_kind_words(r['kind'])}tables, "
                f"{r['bot_tables']} of them with a {r['bot_level']} robot, on one daphne "
                f"process: p99 < 50 ms, nothing lost or stalled, robots' turns p95 within "
                f"their level's {budget:g} s + 0.5 s): {'MET' if ok else 'NOT MET'}"
            )
            if one is not None and one["server_ms_per_move"] and r["server_ms_per_move"]:
                say(
                    f"   against {one['phase']} (no robots): p99 {r['p99_ms']:.1f} ms against "
                    f"{one['p99_ms']:.1f}; daphne {r['server_ms_per_move']:.2f} ms per move "
                    f"against {one['server_ms_per_move']:.2f}"
                )
            continue
        ok = r["p99_ms"] < 50 and r["stalled_tables"] == 0 and r["lost_sockets"] == 0
        say(
            f"target ({r['tables']} human-paced {_kind_words(r['kind'])}tables on "
            f"{r['processes']} daphne process"
            f"{'es' if r['processes'] > 1 else ''}, p99 < 50 ms, nothing lost or "
            f"stalled): {'MET' if ok else 'NOT MET'}"
        )
        if r["processes"] == 1 and r["sockets"] >= STORM_SOCKETS:
            all_in = r["first_states"] == r["sockets"] and r["connect_seconds"] <= STORM_SECONDS
            say(
                f"target ({r['sockets']} sockets connecting to one daphne process, all "
                f"connected and in step within {STORM_SECONDS:g} s): "
                f"{r['connect_seconds']:.1f} s, {'MET' if all_in else 'NOT MET'}"
            )
        if r["processes"] > 1 and one is not None and one["server_ms_per_move"]:
            ratio = r["server_ms_per_move"] / one["server_ms_per_move"]
            say(
                f"   daphne CPU per move across the {r['processes']} processes: "
                f"{r['server_ms_per_move']:.2f} ms, {ratio:.2f} x the one-process phase's "
                f"({one['phase']}) "
                f"(target <= 1.3 x): {'MET' if ratio <= 1.3 else 'NOT MET'}"
            )
        if r["steal_mean"] is not None:
            say(
                f"   host CPU steal during the run: mean {100 * r['steal_mean']:.0f}% of a core, "
                f"max {100 * r['steal_max']:.0f}%; p99 in the {r['quiet_seconds']} seconds "
                f"with <= {100 * QUIET_STEAL:.0f}%: {r['quiet_p99_ms']:.1f} ms"
            )


def _kind_words(kind: str) -> str:
    """A phase's kind as its names and lines say it: nothing for 500 (the names of the
    500 phases are those of the runs before 450 was measured), "450 " for 450."""
    return "" if kind == "500" else f"{kind} "


# ---------------------------------------------------------------------- main
def parse(argv: list[str]):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--quick", action="store_true", help="small tables counts, short phases")
    p.add_argument("--tables", type=int, help="human-pace tables (default 1000; quick 100)")
    p.add_argument("--seconds", type=float, help="human-pace phase (default 60; quick 15)")
    p.add_argument(
        "--full",
        help="full-speed table counts, comma-separated (default 50,200; quick 10,50; 0 to skip)",
    )
    p.add_argument("--full-seconds", type=float, help="each full-speed phase (default 20)")
    p.add_argument(
        "--pace",
        type=float,
        default=4.0,
        help="human pace: mean seconds per move per table (exponential)",
    )
    p.add_argument("--procs", type=int, default=1, help="client processes (default 1)")
    p.add_argument("--pool", type=int, default=20, help="daphne's psycopg pool max_size")
    p.add_argument(
        "--layer",
        choices=["redis", "memory"],
        default=None,
        help="channel layer: Redis pub/sub as deployed (default when "
        "redis-server is installed) or the in-memory layer (no REDIS_URL)",
    )
    p.add_argument(
        "--no-heartbeat",
        action="store_true",
        help="clients send no heartbeat (pages send one every 20 s)",
    )
    p.add_argument(
        "--no-compression", action="store_true", help="clients do not offer permessage-deflate"
    )
    p.add_argument(
        "--connect-batch",
        type=int,
        default=50,
        help="connection attempts in flight at once (per client process)",
    )
    p.add_argument(
        "--dump",
        metavar="PREFIX",
        help="write every move's latency to PREFIX.<phase>.<client>.json (JSON list of "
        "[seconds since the start, latency s, ended a hand, table id, the move's seq, "
        "sent at on the machine's monotonic clock, latency s to the first seat's frame])",
    )
    p.add_argument(
        "--warmup",
        type=float,
        default=None,
        help="seconds of human-paced play before the measured window (default 20, 5 "
        "with --quick: "
        "the steady state, not the minute after 4,000 sockets connected)",
    )
    p.add_argument(
        "--settle", type=float, default=2.0, help="seconds between the last connect and the start"
    )
    p.add_argument(
        "--two-process",
        choices=["yes", "no"],
        default="yes",
        help="also run the human-pace phase on two daphne processes, each table's "
        "seats split across both (N and S on one, E and W on the other)",
    )
    p.add_argument(
        "--chat",
        type=float,
        default=1.0,
        metavar="PER_MINUTE",
        help="table chat messages per table per minute: the human-pace phase "
        "runs again with this chat traffic ('human N + chat'), and the "
        "two-process phase carries it (default 1; 0: no chat)",
    )
    p.add_argument(
        "--phases",
        default="human,chat,x2,human:450,bots",
        help="the human-paced phases in order, comma-separated, repeats allowed: "
        "human (no chat), chat (with --chat traffic), x2 (two processes, "
        "with --chat traffic), kill (two processes, --kill-tables tables, one in four "
        "with a bot; the second process killed with SIGKILL halfway through, its "
        "sockets reconnecting to the first), bots (one process, --bot-tables of the "
        "tables with a bot playing at --bot-level), each of --kind's tables or of the kind "
        "after a colon (human:450); default human,chat,x2,human:450,bots",
    )
    levels = ["debutant", "club", "fort"]  # club and fort search, in search processes
    p.add_argument("--kill-tables", type=int, default=500, help="the kill phase's (500)")
    p.add_argument("--kill-bot-level", choices=levels, default="debutant", help="its bots'")
    p.add_argument("--bot-tables", type=int, default=100, help="the bots phase's with a bot")
    p.add_argument("--bot-level", choices=levels, default="fort", help="how those bots play")
    p.add_argument(
        "--kind",
        choices=sorted(TABLE_KINDS),
        default="500",
        help="the kind of the full-speed phases' tables and of the human-paced phases "
        "named without a kind (default 500)",
    )
    p.add_argument(
        "--fresh-server",
        action="store_true",
        help="each phase on new daphne processes (the database and Redis stay): "
        "tells what a phase left in the server from what it left elsewhere",
    )
    p.add_argument(
        "--hosts",
        choices=["loopback", "netns"],
        default="loopback",
        help="where the daphne processes run: on this machine's loopback (default), or "
        "each on a host of its own (a network namespace with its own address, reaching "
        "PostgreSQL and Redis by TCP, tools/hosts.py; needs root)",
    )
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--sqlite", action="store_true", help="SQLite even when initdb exists")
    p.add_argument(
        "--server-root",
        type=Path,
        default=ROOT,
        help="run daphne from another checkout (to measure a server patch)",
    )
    args, unknown = p.parse_known_args(argv)
    if unknown:
        say(f"(tables_bench: ignoring {' '.join(unknown)})")
    if args.hosts == "netns":
        reason = unavailable() or (
            "hosts reach the database and Redis by TCP: not with --sqlite or --layer memory"
            if args.sqlite or args.layer == "memory"
            else None
        )
        if reason:
            p.error(f"--hosts netns: {reason}")
    q = args.quick
    args.tables = args.tables if args.tables is not None else (100 if q else 1000)
    args.seconds = args.seconds if args.seconds is not None else (15 if q else 60)
    args.warmup = args.warmup if args.warmup is not None else (5.0 if q else 20.0)
    args.full = args.full if args.full is not None else ("10,50" if q else "50,200")
    args.phases = [
        (phase, kind or args.kind)
        for x in args.phases.split(",")
        if x.strip()
        for phase, _, kind in [x.strip().partition(":")]
    ]
    wrong = sorted({p for p, _ in args.phases} - {"human", "chat", "x2", "kill", "bots"})
    if wrong:
        p.error(f"--phases: unknown phase {', '.join(wrong)} (human, chat, x2, kill or bots)")
    wrong = sorted({k for _, k in args.phases} - set(TABLE_KINDS))
    if wrong:
        p.error(f"--phases: unknown kind {', '.join(wrong)} ({', '.join(TABLE_KINDS)})")
    args.full_counts = [int(x) for x in args.full.split(",") if x.strip() and int(x) > 0]
    args.full_seconds = args.full_seconds if args.full_seconds is not None else (8 if q else 20)
    return args


def main(argv: list[str]) -> int:
    args = parse(argv)
    raise_fd_limit()
    started = time.monotonic()
    rows: list[dict] = []
    with contextlib.ExitStack() as stack:
        tmp = Path(tempfile.mkdtemp(prefix="club500-bench-"))
        stack.callback(shutil.rmtree, tmp, True)
        env = server_env()
        network = None
        if args.hosts == "netns":
            network = stack.enter_context(private_network(2))
            say(
                f"   two hosts (network namespaces) {', '.join(h.address for h in network.hosts)}"
                f", PostgreSQL and Redis on {network.gateway} (this machine)"
            )
        env["DATABASE_URL"], db_label, pg_port = throwaway_database(
            stack, tmp, sqlite=args.sqlite, pool=args.pool
        )
        layer = "in-memory channel layer (no REDIS_URL)"
        program = shutil.which("redis-server")
        if args.layer != "memory":
            if not program:
                say(
                    "WARNING: redis-server not found: in-memory channel layer, whose cost "
                    "per message grows with the number of sockets (see docs/performance.md)."
                )
            else:
                env["REDIS_URL"] = stack.enter_context(
                    redis_server(program, also_on=network and network.gateway)
                )
                layer = "Redis pub/sub channel layer (as deployed)"
        say(f"   database: {db_label}; {layer}")
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
            cwd=ROOT,
            env=env,
            check=True,
        )
        django_setup(env)
        from django.db import connection

        killing = any(phase == "kill" for phase, _ in args.phases)
        n_members = 4 * max([args.tables, *args.full_counts, args.kill_tables * killing, 1])
        t0 = time.monotonic()
        members = create_members(n_members)
        say(f"   {n_members} members with sessions in {time.monotonic() - t0:.1f} s")

        def new_daphne(number: int) -> Daphne:
            host = None if network is None else network.hosts[(number - 1) % len(network.hosts)]
            return Daphne(
                env,
                tmp,
                args.server_root.resolve(),
                name="daphne" if number == 1 else f"daphne-{number}",
                host=host,
                gateway=network and network.gateway,
            ).start()

        daphne = new_daphne(1)
        stack.callback(daphne.stop)
        say(
            f"   daphne pid {daphne.process.pid} on {daphne.address}:{daphne.port}"
            + (f" from {args.server_root}" if args.server_root.resolve() != ROOT else "")
        )
        daphnes = [daphne]
        # (name, mode, tables, seconds, daphne processes, chat per table per minute, kind,
        #  (one table in how many with a bot, its level))
        words = _kind_words(args.kind)
        no_bots = (0, "debutant")
        phases = [
            (f"{words}full speed {n}", "full", n, args.full_seconds, 1, 0.0, args.kind, no_bots)
            for n in args.full_counts
        ]

        def human(name, kind, processes=1, chat=0.0, bots=no_bots, tables=args.tables):
            return (name, "human", tables, args.seconds, processes, chat, kind, bots)

        if args.tables > 0:
            for phase, kind in args.phases:
                name = f"{_kind_words(kind)}human {args.tables}"
                if phase == "human":
                    phases.append(human(name, kind))
                elif phase == "chat" and args.chat > 0:
                    phases.append(human(f"{name} + chat", kind, chat=args.chat))
                elif phase == "x2" and args.two_process == "yes":
                    phases.append(human(f"{name} x2", kind, processes=2, chat=args.chat))
                elif phase == "bots":
                    every = max(1, args.tables // max(1, args.bot_tables))
                    level = args.bot_level
                    bots = (every, level)
                    name = f"{name} + {args.tables // every} {level}"
                    phases.append(human(name, kind, bots=bots))
                elif phase == "kill":  # a quarter of the tables with a bot: its moves go on
                    phases.append(
                        human(
                            f"{_kind_words(kind)}human {args.kill_tables} x2 kill -9",
                            kind,
                            processes=2,
                            bots=(4, args.kill_bot_level),
                            tables=args.kill_tables,
                        )
                    )
        started_daphnes = list(daphnes)  # every process of the run, for its log's summary
        for index, (name, mode, n, seconds, processes, chat, kind, bots) in enumerate(phases):
            if args.fresh_server and index > 0:
                for d in daphnes:
                    d.stop()
                daphnes = []
                say("\n   the server processes are stopped: the next phase starts new ones")
            while len(daphnes) < processes:
                extra = new_daphne(len(started_daphnes) + 1)
                stack.callback(extra.stop)
                daphnes.append(extra)
                started_daphnes.append(extra)
                say(f"\n   daphne pid {extra.process.pid} on {extra.address}:{extra.port}")
            say(
                f"\n== phase: {name} tables, {seconds:.0f} s"
                + (f" (mean {args.pace:g} s per move per table)" if mode == "human" else "")
                + (f", on {processes} daphne processes" if processes > 1 else "")
            )
            t0 = time.monotonic()
            kill = name.endswith("kill -9")
            tables = create_tables(
                n,
                members,
                seed=args.seed * 1000 + index,
                kind=kind,
                bot_every=bots[0],
                bot_level=bots[1],
            )
            connection.close()
            say(f"   {n} tables created in {time.monotonic() - t0:.1f} s")
            row = run_phase(
                name,
                mode=mode,
                tables=tables,
                seconds=seconds,
                args=args,
                daphnes=daphnes[:processes],
                pg_port=pg_port,
                chat=chat,
                kind=kind,
                kill=kill,
                bot_level=bots[1],
            )
            print_phase(row)
            rows.append(row)
            if kill:
                daphnes = daphnes[: processes - 1] + daphnes[processes:]  # the killed one gone
            for d in daphnes:
                if d.process.poll() is not None:
                    raise RuntimeError(f"daphne died:\n{d.tail()}")
            time.sleep(2)  # disconnects of this phase drain before the next
        problems: dict[str, int] = {}
        for d in started_daphnes:
            for message, count in d.problems().items():
                problems[message] = problems.get(message, 0) + count
        print_summary(
            rows,
            problems,
            [line for d in started_daphnes for line in d.fast_path_lines()],
            "loopback" if network is None else "each daphne on a host of its own (netns)",
        )
    say(f"(tables_bench: {time.monotonic() - started:.0f} s in all)")
    return 0


def _interrupt(signum, frame):
    raise KeyboardInterrupt  # SIGTERM stops what was started, as Ctrl-C does


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, _interrupt)
    try:
        sys.exit(main(sys.argv[1:]))
    except KeyboardInterrupt:
        print("interrupted: everything started was stopped", file=sys.stderr)
        sys.exit(130)
