"""A simulated duplicate evening (issue #30): 48 players at 12 tables, 4 rounds of 6
boards drawn with the club's rotating partners, every table played online by bots; the
matchpoint standings checked against the scorer run on the downloaded results file,
and the time from a finished hand to the updated standings.

Run from the repository root: ``python bench/duplicate_evening_bench.py`` (``--quick``:
16 players, 2 rounds of 2 boards; ``--players N --rounds R --boards B``; ``--help``).
Several minutes by default on a quiet machine (288 hands played by bots).

It builds a throwaway PostgreSQL (SQLite when ``initdb`` is not installed), a running
duplicate tournament of "quebec" 500 with every player checked in and absent from the
tables (so that bots play every seat, as for absent members), and for each round: the
draw (``round_draw``), online play (``round_start_play`` opens one live table a table),
then every table's game played through ``games.services.table_drive`` (the runner's own
step) one table after the other. After each finished hand it times what a phone's
refresh does: the tournament's matchpoint standings (``standings_page``, which scores
the results file), computed afresh. At the end it downloads the results file
(``/tournaments/<id>/duplicate.json``, through the test client), runs
``python -m tournaments.duplicate score`` on it and compares the ranking with the
standings page's.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from tables_bench import django_setup, say, server_env, throwaway_database  # noqa: E402


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def evening(players: int, rounds: int, boards: int) -> dict:
    from django.utils import timezone

    from club.models import User
    from club.roles import ensure_director_group
    from games.models import GameHand, Table
    from games.services import table_drive
    from tournaments import selectors_results as sr
    from tournaments import services
    from tournaments.models import Entry, EntryStatus, PlayMode, RoundPlay, TableGame, Tournament
    from tournaments.services import director as ds

    director = User.objects.create_user(
        email="directeur@example.invalid", password=None, first_name="Josée", is_approved=True
    )
    director.groups.add(ensure_director_group())
    tournament = services.tournament_create(
        by=director,
        name="Soirée duplicate",
        starts_at=timezone.now(),
        rounds_total=rounds,
        duplicate=True,
        boards_per_round=boards,
    )
    Tournament.objects.filter(pk=tournament.pk).update(status="running")
    tournament.refresh_from_db()
    for k in range(players):
        member = User.objects.create_user(
            email=f"joueur{k}@example.invalid",
            password=None,
            first_name=f"Joueur{k:02d}",
            last_name="Soirée",
            is_approved=True,
        )
        Entry.objects.create(
            tournament=tournament,
            player=member,
            status=EntryStatus.CONFIRMED,
            checked_in=True,
            checked_in_at=timezone.now(),
        )
    refresh_seconds: list[float] = []
    hands = moves = 0
    started = time.monotonic()
    for number in range(1, rounds + 1):
        rnd = services.round_draw(tournament=tournament, by=director, seed=number)
        RoundPlay.objects.update_or_create(round=rnd, defaults={"mode": PlayMode.ONLINE})
        rnd = services.round_publish(round=rnd, by=director, version=rnd.version)
        rnd = services.round_start_play(round=rnd, by=director, version=rnd.version)
        tables = list(TableGame.objects.filter(round=rnd).order_by("table"))
        now = timezone.now() + timedelta(days=1)  # every absent member's grace has run
        for game in tables:
            live = game.live_table
            finished = 0
            while Table.objects.filter(pk=live.pk, status=Table.Status.PLAYING).exists():
                now += timedelta(minutes=10)
                if table_drive(table_id=live.pk, now=now) is None:
                    break
                moves += 1
                done = GameHand.objects.filter(table=live, result__isnull=False).count()
                if done > finished:
                    finished = done
                    hands += 1
                    t0 = time.perf_counter()
                    tournament.refresh_from_db()
                    sr.standings_page(tournament)
                    refresh_seconds.append(time.perf_counter() - t0)
        ds.round_close(round=rnd, by=director)
    played = time.monotonic() - started
    tournament.refresh_from_db()
    page = sr.standings_page(tournament)
    return {
        "tournament": tournament,
        "director": director,
        "page": page,
        "refresh": refresh_seconds,
        "hands": hands,
        "moves": moves,
        "played": played,
    }


def check_against_the_scorer(tournament, director, page: dict, tmp: Path) -> tuple[int, int]:
    """Download the results file as a director would, score it with the command line,
    and compare every rank and percentage with the page's: (rows, disagreements)."""
    from django.test import Client
    from django.urls import reverse

    client = Client(HTTP_HOST="localhost")  # the settings' allowed hosts, over HTTPS
    client.force_login(director)
    url = reverse("tournaments:duplicate_results", args=[tournament.pk])
    response = client.get(url, secure=True)
    assert response.status_code == 200, (response.status_code, response.content[:300])
    path = tmp / "results.json"
    path.write_bytes(response.content)
    out = subprocess.run(
        [sys.executable, "-m", "tournaments.duplicate", "score", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    if out.returncode != 0:
        raise RuntimeError(f"the scorer refused the file: {out.stderr}")
    scored = json.loads(out.stdout)
    return compare(page, scored)


def compare(page: dict, scored: dict) -> tuple[int, int]:
    """(players on the page, how many have another rank or percentage in ``scored``).
    The file names players by their entry's name (unique here)."""
    by_name = {line["player"]: line for line in scored["players"]}
    rows = page["rows"]
    wrong = 0
    for row in rows:
        other = by_name.get(row["name"])
        if other is None or other["rank"] != row["place"]:
            wrong += 1
    return len(rows), wrong


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=48)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--boards", type=int, default=6)
    parser.add_argument("--quick", action="store_true", help="16 players, 2 rounds of 2")
    parser.add_argument("--sqlite", action="store_true")
    args = parser.parse_args(argv)
    if args.quick:
        args.players, args.rounds, args.boards = 16, 2, 2
    with contextlib.ExitStack() as stack:
        tmp = Path(tempfile.mkdtemp(prefix="club500-evening-"))
        stack.callback(shutil.rmtree, tmp, True)
        env = server_env()
        env["DATABASE_URL"], label, _ = throwaway_database(stack, tmp, sqlite=args.sqlite)
        migrate = [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"]
        subprocess.run(migrate, cwd=ROOT, env=env, check=True)
        os.environ["DJANGO_STATIC_HASHED"] = "0"  # pages rendered without collectstatic
        # the members' notices ("your table is ready") are kept, not printed
        os.environ["DJANGO_EMAIL_BACKEND"] = "django.core.mail.backends.locmem.EmailBackend"
        django_setup(env)
        say(
            f"   {label}; {args.players} players, {args.rounds} rounds of {args.boards} boards, "
            "every seat played by bots"
        )
        result = evening(args.players, args.rounds, args.boards)
        refresh = result["refresh"]
        say(
            f"   {result['hands']} hands, {result['moves']} moves played in "
            f"{result['played']:.0f} s ({1000 * result['played'] / max(result['moves'], 1):.1f} "
            "ms a move, standings included)"
        )
        say(
            "   a finished hand to the updated standings (scored afresh): "
            f"median {1000 * statistics.median(refresh):.1f} ms, "
            f"p95 {1000 * percentile(refresh, 0.95):.1f} ms, max {1000 * max(refresh):.1f} ms"
        )
        rows, wrong = check_against_the_scorer(
            result["tournament"], result["director"], result["page"], tmp
        )
        say(
            f"   standings page against `tournaments.duplicate score` on the downloaded file: "
            f"{rows} players, {wrong} ranks differ"
        )
        return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
