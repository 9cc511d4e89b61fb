"""Helpers for tests of a tournament day: play a round, enter a table's hands."""

from __future__ import annotations

from tournaments import selectors_tables as ts
from tournaments import services
from tournaments.models import PlayMode, RoundPlay
from tournaments.services import results as rs


def play_round(tournament, director, *, seed=7, online=False):
    rnd = services.round_draw(tournament=tournament, by=director, seed=seed)
    if online:
        RoundPlay.objects.update_or_create(round=rnd, defaults={"mode": PlayMode.ONLINE})
    rnd = services.round_publish(round=rnd, by=director, version=rnd.version)
    rnd = services.round_start_play(round=rnd, by=director, version=rnd.version)
    rnd.refresh_from_db()
    return rnd


def drive_live(live, *, until_hands: int | None = None, limit: int = 5000) -> None:
    """A tournament's live table played on by its bots and for its absent members (ten
    minutes a move, a day ahead: every grace has run) until its game is over, or its
    ``until_hands``-th hand is finished."""
    from datetime import timedelta

    from django.utils import timezone

    from games.models import GameHand, Table
    from games.services import table_drive

    now = timezone.now() + timedelta(days=1)
    for _ in range(limit):
        live.refresh_from_db()
        if live.status != Table.Status.PLAYING:
            return
        if until_hands and (
            GameHand.objects.filter(table=live, result__isnull=False).count() >= until_hands
        ):
            return
        now += timedelta(minutes=10)
        table_drive(table_id=live.pk, now=now)
    raise AssertionError("the live table did not get there")


def running_with_players(tournament, make_member, n: int = 8, last_name: str = "Duplicate"):
    """The tournament running, with ``n`` new members confirmed and checked in
    (Joueur0, Joueur1, ...)."""
    from django.utils import timezone

    from tournaments.models import Entry, EntryStatus, Tournament

    Tournament.objects.filter(pk=tournament.pk).update(status="running")
    tournament.refresh_from_db()
    for k in range(n):
        Entry.objects.create(
            tournament=tournament,
            player=make_member(first_name=f"Joueur{k}", last_name=last_name),
            status=EntryStatus.CONFIRMED,
            checked_in=True,
            checked_in_at=timezone.now(),
        )
    return tournament


def online_duplicate_round(tournament, director):
    """Round 1 of a duplicate tournament drawn, published and started online: the round
    and its live tables by table number."""
    from tournaments.models import TableGame

    rnd = play_round(tournament, director, online=True)
    games = TableGame.objects.filter(round=rnd).order_by("table")
    return rnd, {g.table: g.live_table for g in games}


def duplicate_tuesday(director, make_member, boards: int = 2, *, online: bool = True):
    """A running duplicate tournament of one round of ``boards`` boards, 8 members
    present (Joueur0 ... Joueur7 Duplicate), its round started online (or in the hall,
    ``online=False``: no live tables): (tournament, round, live tables by number)."""
    from django.utils import timezone

    t = services.tournament_create(
        by=director,
        name="Duplicate du mardi",
        starts_at=timezone.now(),
        rounds_total=1,
        hands_per_game=2,
        duplicate=True,
        boards_per_round=boards,
    )
    t = running_with_players(t, make_member)
    if not online:
        return t, play_round(t, director), {}
    return (t, *online_duplicate_round(t, director))


def table_users(rnd, table):
    from club.models import User

    people = ts.table_people(rnd, table)
    users = User.objects.in_bulk([p.user_id for p in people.values()])
    return {s: users.get(p.user_id) for s, p in people.items()}


def play_table(rnd, table, hands, contract="8S", tricks=9):
    p = table_users(rnd, table)
    game = ts.table_game(rnd, table)
    rows = []
    for _ in range(hands):
        seq = game.hands.count() + 1
        row = rs.hand_enter(
            game=game, user=p["N"], seq=seq, declarer="N", contract=contract, tricks=tricks
        )
        rs.hand_confirm(hand=row, user=p["E"])
        rows.append(row)
    return rows
