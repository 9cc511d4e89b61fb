"""Benchmark of the standings page: 200 players x 10 games (plus 4 byes a round).

    python bench/results_bench.py            # 30 requests
    python bench/results_bench.py --quick    # 10 requests

Starts a throwaway PostgreSQL (``tools/testenv.postgres_cluster``; SQLite when initdb is
missing), migrates, writes a running individual tournament in bulk (204 players, 10
published rounds of 50 tables, every game complete, 4 byes a round scored by the
average rule) and times ``GET /tournaments/<id>/standings/`` with Django's test client
(a logged-in member): prints the query count, min, median and p95 server time (ms)
against the target p95 < 100 ms.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import secrets
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

import psycopg

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.testenv import find_program, postgres_cluster  # noqa: E402

TARGET_P95_MS = 100.0


def setup_django(url: str) -> None:
    os.environ.update(
        {
            "DJANGO_SETTINGS_MODULE": "club.settings",
            "DJANGO_DEBUG": "0",
            "DJANGO_SECRET_KEY": secrets.token_urlsafe(40),
            "DJANGO_ALLOWED_HOSTS": "testserver,127.0.0.1,localhost",
            "DATABASE_URL": url,
            "DJANGO_LOG_LEVEL": "WARNING",
        }
    )
    os.environ.pop("REDIS_URL", None)
    import django

    django.setup()
    from django.conf import settings

    settings.CHANNEL_LAYERS = {}
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def make_data(players: int = 204, rounds: int = 10, byes: int = 4):
    from django.utils import timezone

    from club.models import User
    from tournaments.models import (
        Entry,
        GameStatus,
        Round,
        RoundStatus,
        Seat,
        TableGame,
        Tournament,
    )

    rng = random.Random(500)
    t = Tournament.objects.create(
        name="Bench",
        starts_at=timezone.now(),
        status="running",
        rounds_total=rounds,
        checkin_code="BENCH",
    )
    users = User.objects.bulk_create(
        User(email=f"bench{i}@ex.org", first_name=f"Joueur{i}", last_name="Béluga")
        for i in range(players)
    )
    entries = Entry.objects.bulk_create(
        Entry(tournament=t, player=u, checked_in=True) for u in users
    )
    for n in range(1, rounds + 1):
        rnd = Round.objects.create(tournament=t, number=n, seed=n, status=RoundStatus.PLAYING)
        order = entries[:]
        rng.shuffle(order)
        seated, out = order[byes:], order[:byes]
        Seat.objects.bulk_create(
            [
                Seat(round=rnd, entry=e, table=i // 4 + 1, position="NESW"[i % 4])
                for i, e in enumerate(seated)
            ]
            + [Seat(round=rnd, entry=e, position="BYE") for e in out]
        )
        TableGame.objects.bulk_create(
            TableGame(
                round=rnd,
                table=k + 1,
                status=GameStatus.COMPLETE,
                ns_total=rng.randrange(-50, 121) * 10,
                ew_total=rng.randrange(-50, 121) * 10,
                hands_done=8,
            )
            for k in range(len(seated) // 4)
        )
    viewer = User.objects.create(email="viewer@ex.org", first_name="Vi", last_name="Ewer")
    return t, viewer


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    args, _rest = parser.parse_known_args(argv)
    runs = 10 if args.quick else 30
    with contextlib.ExitStack() as stack:
        tmp = Path(tempfile.mkdtemp(prefix="club500-bench-"))
        stack.callback(shutil.rmtree, tmp, True)
        initdb, pg_ctl = find_program("initdb"), find_program("pg_ctl")
        if initdb and pg_ctl:
            url = stack.enter_context(postgres_cluster(initdb, pg_ctl))
            with psycopg.connect(url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as c:
                c.execute("CREATE DATABASE club500")
            label = "PostgreSQL (throwaway)"
        else:
            url = f"sqlite:///{tmp / 'bench.sqlite3'}"
            label = "SQLite (initdb not found: not representative)"
        setup_django(url)
        from django.test import Client
        from django.urls import reverse

        t, viewer = make_data()
        client = Client()
        client.force_login(viewer)
        path = reverse("tournaments:standings", args=[t.pk])
        from django.core.cache import cache

        cache.clear()
        response = client.get(path)  # cold: computed
        assert response.status_code == 200, response.status_code
        rows = response.content.decode().count('data-testid="standing-row"')
        cold = []
        for _i in range(max(5, runs // 3)):
            cache.clear()
            start = time.perf_counter()
            client.get(path)
            cold.append((time.perf_counter() - start) * 1000)
        cold.sort()
        print(
            f"standings page, {rows} lines: cold (first request after a change): "
            f"median {statistics.median(cold):.1f} ms, "
            f"max {cold[-1]:.1f} ms"
        )
        times = []
        for _i in range(runs):
            start = time.perf_counter()
            client.get(path)
            times.append((time.perf_counter() - start) * 1000)
        times.sort()
        p95 = times[min(len(times) - 1, int(round(0.95 * len(times))) - 1)]
        print(
            f"standings page, 204 players x 10 games, {label}, {runs} requests (cached "
            f"per tournament version)"
        )
        print(
            f"  min {times[0]:.1f} ms  median {statistics.median(times):.1f} ms  "
            f"p95 {p95:.1f} ms  (target p95 < {TARGET_P95_MS:.0f} ms: "
            f"{'OK' if p95 < TARGET_P95_MS else 'OVER'})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
