"""Results: entry, sign-off, corrections, standings, online rounds, exports, permissions."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from club.models import ActivityLog
from tournaments import selectors_results as sr
from tournaments import selectors_tables as ts
from tournaments import services
from tournaments.errors import ConflictError, TournamentError
from tournaments.models import (
    GameStatus,
    HandScore,
    PlayMode,
    Position,
    Round,
    RoundPlay,
    Seat,
    TableGame,
)
from tournaments.services import director as ds
from tournaments.services import results as rs


def play_round(tournament, director, *, seed=7, online=False):
    rnd = services.round_draw(tournament=tournament, by=director, seed=seed)
    if online:
        RoundPlay.objects.update_or_create(round=rnd, defaults={"mode": PlayMode.ONLINE})
    rnd = services.round_publish(round=rnd, by=director, version=rnd.version)
    rnd = services.round_start_play(round=rnd, by=director, version=rnd.version)
    rnd.refresh_from_db()
    return rnd


def people(rnd, table=1):
    from club.models import User

    ppl = ts.table_people(rnd, table)
    users = User.objects.in_bulk([p.user_id for p in ppl.values()])
    return {s: users.get(p.user_id) for s, p in ppl.items()}


def enter_and_confirm(game, ns_user, ew_user, contract="8S", tricks=9, declarer="N"):
    seq = game.hands.count() + 1
    row = rs.hand_enter(
        game=game, user=ns_user, seq=seq, declarer=declarer, contract=contract, tricks=tricks
    )
    rs.hand_confirm(hand=row, user=ew_user)
    return row


@pytest.fixture
def small(make_tournament, add_present, director):
    """A running individual tournament, 8 players, 2 hands per game, round 1 playing."""
    t = make_tournament(status="running", rounds_total=2, hands_per_game=2)
    add_present(t, 8)
    rnd = play_round(t, director)
    return t, rnd


def test_entry_confirmation_and_completion(small):
    t, rnd = small
    p = people(rnd)
    game = ts.table_game(rnd, 1)
    row = rs.hand_enter(game=game, user=p["N"], seq=1, declarer="N", contract="8S", tricks=9)
    assert (row.dealer, row.hand, row.ns_score, row.ew_score) == ("N", 1, 240, 10)
    assert not row.confirmed
    game.refresh_from_db()
    assert game.hands_pending == 1 and game.status == GameStatus.PLAYING
    # the entering side cannot confirm
    with pytest.raises(TournamentError) as e:
        rs.hand_confirm(hand=row, user=p["S"])
    assert e.value.code == "same_side"
    rs.hand_confirm(hand=row, user=p["E"])
    # a re-deal: the same dealer deals again, the hand number stays
    red = rs.hand_enter(game=game, user=p["W"], seq=2, redeal=True)
    assert (red.hand, red.dealer, red.ns_score) == (2, "E", 0)
    rs.hand_confirm(hand=red, user=p["N"])
    last = rs.hand_enter(game=game, user=p["E"], seq=3, declarer="E", contract="7H", tricks=5)
    assert (last.hand, last.dealer) == (2, "E")
    game.refresh_from_db()
    assert game.status == GameStatus.PLAYING  # not confirmed yet
    rs.hand_confirm(hand=last, user=p["S"])
    game.refresh_from_db()
    assert game.status == GameStatus.COMPLETE
    assert (game.ns_total, game.ew_total) == (240 + 50, 10 - 200)
    with pytest.raises(TournamentError) as e:
        rs.hand_enter(game=game, user=p["N"], seq=4, declarer="N", contract="6S", tricks=6)
    assert e.value.code == "game_over"
    s = sr.compute(t)
    assert s.line(Seat.objects.get(round=rnd, table=1, position="N").entry_id).total == 290


def test_pin_confirmation_on_one_phone(small):
    t, rnd = small
    p = people(rnd)
    game = ts.table_game(rnd, 1)
    row = rs.hand_enter(game=game, user=p["N"], seq=1, declarer="S", contract="6NT", tricks=6)
    seats = {s.position: s for s in Seat.objects.filter(round=rnd, table=1)}
    own_pin = ts.player_pin(t.pk, seats["S"].entry_id, "p")
    with pytest.raises(TournamentError) as e:
        rs.hand_confirm(hand=row, user=p["N"], pin=own_pin)
    assert e.value.code == "same_side"
    with pytest.raises(TournamentError) as e:
        rs.hand_confirm(hand=row, user=p["N"], pin="abcd")
    assert e.value.code == "bad_pin"
    pin = ts.player_pin(t.pk, seats["E"].entry_id, "p")
    rs.hand_confirm(hand=row, user=p["N"], pin=pin)
    row.refresh_from_db()
    assert row.confirmed and row.confirmed_by_name == seats["E"].entry.name


@pytest.mark.parametrize(
    "contract,tricks,code",
    [
        ("MIS", 0, "contract"),
        ("5S", 5, "contract"),
        ("8X", 3, "contract"),
        ("8S", 11, "tricks"),
        ("8S", -1, "tricks"),
        ("8S", "x", "tricks"),
        ("8S", "", "tricks"),
    ],
)
def test_bad_input_saves_nothing(small, contract, tricks, code):
    t, rnd = small
    p = people(rnd)
    game = ts.table_game(rnd, 1)
    with pytest.raises(TournamentError) as e:
        rs.hand_enter(game=game, user=p["N"], seq=1, declarer="N", contract=contract, tricks=tricks)
    assert e.value.code == code and e.value.message
    assert not HandScore.objects.exists()


def test_misere_only_where_the_variant_has_it(make_tournament, add_present, director):
    t = make_tournament(status="running", rounds_total=1, variant="australian")
    assert "MIS" in ts.allowed_contracts(t)
    assert "MIS" not in ts.allowed_contracts(make_tournament(status="running"))


def test_twice_stale_outsider_and_closed(small, make_member, director):
    t, rnd = small
    p = people(rnd)
    game = ts.table_game(rnd, 1)
    rs.hand_enter(game=game, user=p["N"], seq=1, declarer="N", contract="8S", tricks=9)
    with pytest.raises(ConflictError) as e:  # the other phone entered the same hand
        rs.hand_enter(game=game, user=p["E"], seq=1, declarer="E", contract="7S", tricks=7)
    assert e.value.code == "already_entered"
    assert p["N"].public_name in e.value.message
    with pytest.raises(TournamentError) as e:
        rs.hand_enter(game=game, user=make_member(), seq=2, declarer="N", contract="8S", tricks=9)
    assert e.value.code == "not_at_table"
    RoundPlay.objects.filter(round=rnd).update(closed_at=timezone.now())
    with pytest.raises(TournamentError) as e:
        rs.hand_enter(game=game, user=p["N"], seq=2, declarer="N", contract="8S", tricks=9)
    assert e.value.code == "round_closed"
    assert HandScore.objects.count() == 1


def test_unique_constraint_on_hand():
    from django.db import IntegrityError

    assert any(c.name == "hand_score_unique" for c in HandScore._meta.constraints)
    assert IntegrityError  # the service maps it to ConflictError("already_entered")


def test_correction_adjust_close_and_log(small, director):
    t, rnd = small
    p = people(rnd)
    game = ts.table_game(rnd, 1)
    row = enter_and_confirm(game, p["N"], p["E"])
    with pytest.raises(TournamentError) as e:
        ds.sheet_row_correct(
            row=row, by=director, reason=" ", data={"declarer": "N", "contract": "8S", "tricks": 7}
        )
    assert e.value.code == "reason"
    ds.sheet_row_correct(
        row=row,
        by=director,
        reason="Wrong tricks",
        data={"declarer": "N", "contract": "8S", "tricks": 7},
    )
    row.refresh_from_db()
    assert (row.ns_score, row.ew_score, row.corrected) == (-240, 30, True)
    log = ActivityLog.objects.get(kind="results.hand_corrected")
    assert log.data["before"]["NS"] == 240 and log.data["after"]["NS"] == -240
    assert log.data["reason"] == "Wrong tricks"
    # closing refuses while tables are unfinished
    with pytest.raises(TournamentError) as e:
        ds.round_close(round=rnd, by=director)
    assert e.value.code == "unfinished"
    ds.game_adjust(game=game, by=director, totals={"NS": 100, "EW": 50}, reason="Player ill")
    game2 = ts.table_game(rnd, 2)
    ds.game_adjust(game=game2, by=director, totals={"NS": 0, "EW": 0}, reason="No show")
    assert ActivityLog.objects.filter(kind="results.game_adjusted").count() == 2
    s = sr.compute(t)
    north = Seat.objects.get(round=rnd, table=1, position="N").entry_id
    assert s.line(north).total == 100 and s.line(north).flags.get("adjusted") == 1
    ds.round_close(round=rnd, by=director)
    with pytest.raises(TournamentError) as e:
        rs.hand_confirm(hand=row, user=p["E"])
    assert e.value.code == "round_closed"


def test_substitute_logs_and_reseats(small, director, add_present):
    t, rnd = small
    late = add_present(t, 1)[0]
    seat = Seat.objects.get(round=rnd, table=1, position="E")
    old = seat.entry_id
    with pytest.raises(TournamentError):
        ds.seat_substitute(round=rnd, by=director, table=1, position="E", entry=late.pk, reason="")
    ds.seat_substitute(
        round=rnd, by=director, table=1, position="E", entry=late.pk, reason="Left early"
    )
    seat.refresh_from_db()
    assert seat.entry_id == late.pk
    log = ActivityLog.objects.get(kind="results.substituted")
    assert log.data["before"]["entry"] == old and log.data["after"]["entry"] == late.pk
    ds.seat_substitute(
        round=rnd, by=director, table=1, position="W", guest_name="Gaston", reason="Sick"
    )
    assert Seat.objects.get(round=rnd, table=1, position="W").entry.guest_name == "Gaston"


def test_byes_ties_and_medals(make_tournament, add_present, director):
    t = make_tournament(
        status="running", rounds_total=1, hands_per_game=1, bye_score="fixed", bye_fixed_score=77
    )
    add_present(t, 9)
    rnd = play_round(t, director)
    for table in (1, 2):
        p = people(rnd, table)
        enter_and_confirm(
            ts.table_game(rnd, table), p["N"], p["E"], contract="6S", tricks=6
        )  # NS 40, EW 0 at both tables: ties
    s = sr.compute(t)
    bye = Seat.objects.get(round=rnd, position=Position.BYE).entry_id
    assert s.line(bye).total == 77 and s.line(bye).place == 1
    ns_line = s.line(Seat.objects.get(round=rnd, table=1, position="N").entry_id)
    assert ns_line.place == 2 and ns_line.shared  # the eight players share 2nd
    assert not s.medallists()
    services.tournament_transition(tournament=t, by=director, to="finished")
    t.refresh_from_db()
    final = sr.compute(t)
    medals = sorted(ln.medal for ln in final.medallists())
    assert medals == ["gold"] + ["silver"] * 8


def test_average_bye(make_tournament, add_present, director):
    t = make_tournament(status="running", rounds_total=1, hands_per_game=1)
    add_present(t, 9)
    rnd = play_round(t, director)
    for table in (1, 2):
        p = people(rnd, table)
        enter_and_confirm(ts.table_game(rnd, table), p["N"], p["E"], contract="6S", tricks=6)
    s = sr.compute(t)
    bye = Seat.objects.get(round=rnd, position=Position.BYE).entry_id
    assert s.line(bye).total == 40  # the average of the round's 8 scores of 40


def test_pairs_format(make_tournament, add_present, director):
    t = make_tournament(status="running", rounds_total=1, hands_per_game=1, format="pairs")
    add_present(t, 4)
    rnd = play_round(t, director)
    p = people(rnd)
    enter_and_confirm(ts.table_game(rnd, 1), p["N"], p["E"], contract="7NT", tricks=7)
    s = sr.compute(t)
    ns = Seat.objects.get(round=rnd, table=1, position="NS").entry_id
    assert s.line(ns).total == 220 and s.line(ns).place == 1


def test_scores_agree_with_engine_cli(small, client):
    t, rnd = small
    for table in (1, 2):
        p = people(rnd, table)
        game = ts.table_game(rnd, table)
        enter_and_confirm(game, p["N"], p["E"], contract="8S", tricks=9)
        enter_and_confirm(game, p["N"], p["E"], contract="10NT", tricks=6, declarer="W")
    client.force_login(p["N"])
    data = client.get(reverse("tournaments:records", args=[t.pk])).json()
    hands = list(
        HandScore.objects.filter(game__round__tournament=t, redeal=False).order_by(
            "game__round__number", "game__table", "seq"
        )
    )
    assert len(data) == len(hands) == 4
    out = subprocess.run(
        [sys.executable, "-m", "games.engine", "check", "-"],
        input=json.dumps(data),
        capture_output=True,
        text=True,
        check=True,
    )
    lines = [json.loads(x) for x in out.stdout.splitlines()]
    for h, checked in zip(hands, lines):
        assert checked["ok"] and checked["score"] == {"NS": h.ns_score, "EW": h.ew_score}


# ----------------------------------------------------------------- online
def test_online_round_feeds_results(make_tournament, add_present, director):
    from games.models import Action, Table
    from games.services import table_drive

    t = make_tournament(status="running", rounds_total=1, hands_per_game=2, place="online")
    add_present(t, 4)
    rnd = play_round(t, director, online=True)
    game = TableGame.objects.get(round=rnd, table=1)
    live = game.live_table
    assert live.status == Table.Status.PLAYING and live.first_dealer == "N"
    assert live.options.get("hands_per_game") == 2 and live.visibility == "invite"
    seats = {s.seat: s.user_id for s in live.seats.all()}
    assert seats == {letter: p.user_id for letter, p in ts.table_people(rnd, 1).items()}
    now = timezone.now() + timedelta(days=1)
    for _i in range(2000):
        live.refresh_from_db()
        if live.status != Table.Status.PLAYING:
            break
        now += timedelta(minutes=10)
        table_drive(table_id=live.pk, now=now)
    live.refresh_from_db()
    assert live.status == Table.Status.FINISHED
    game.refresh_from_db()
    assert game.status == GameStatus.COMPLETE and game.flags["bot"]
    assert Action.objects.filter(hand__table=live, by_bot=True).exists()
    hands = list(game.hands.order_by("seq"))
    assert all(h.confirmed and h.by_bot for h in hands)
    from games.engine import Game

    g = Game(live.variant, live.options, first_dealer="N")
    for h in hands:
        g.add_redeal() if h.redeal else g.add_score_sheet(h.declarer, h.contract, h.tricks)
    assert g.totals == {"NS": game.ns_total, "EW": game.ew_total}
    s = sr.compute(t)
    assert s.lines[0].flags.get("bot") == 1


def test_online_guest_gets_a_bot(make_tournament, add_present, director):
    from tournaments.models import Entry

    t = make_tournament(status="running", rounds_total=1, place="online")
    add_present(t, 3)
    Entry.objects.create(tournament=t, guest_name="Invité", checked_in=True)
    rnd = play_round(t, director, online=True)
    live = TableGame.objects.get(round=rnd).live_table
    assert live.seats.filter(is_bot=True).count() == 1


# ----------------------------------------------------------------- pages & permissions
def test_permissions(small, client, member_client, make_member):
    t, rnd = small
    console = reverse("tournaments:console", args=[t.pk])
    from django.test import Client

    assert Client().get(console).status_code == 302  # a visitor: to the login page
    assert member_client.get(console).status_code == 403
    for name in ("correct", "adjust", "substitute", "close_round"):
        assert member_client.post(reverse(f"tournaments:{name}", args=[t.pk])).status_code == 403
    sheet = reverse("tournaments:sheet_enter", args=[t.pk, rnd.number, 1])
    r = member_client.post(
        sheet, {"seq": 1, "declarer": "N", "contract": "8S", "tricks": 9}, follow=True
    )
    assert "Only the players" in r.content.decode() or "Seuls les joueurs" in r.content.decode()
    assert not HandScore.objects.exists()


def test_sheet_page_flow_and_preview(small, client):
    t, rnd = small
    p = people(rnd)
    client.force_login(p["N"])
    url = reverse("tournaments:sheet", args=[t.pk, rnd.number, 1])
    assert client.get(url).status_code == 200
    r = client.get(
        reverse("tournaments:sheet_preview", args=[t.pk, rnd.number, 1]),
        {"declarer": "N", "contract": "8S", "tricks": "9"},
    )
    assert "240" in r.content.decode()
    r = client.get(
        reverse("tournaments:sheet_preview", args=[t.pk, rnd.number, 1]),
        {"declarer": "N", "contract": "MIS", "tricks": "0"},
    )
    assert 'data-testid="preview-error"' in r.content.decode()
    r = client.post(
        reverse("tournaments:sheet_enter", args=[t.pk, rnd.number, 1]),
        {"seq": 1, "declarer": "N", "contract": "8S", "tricks": 9},
        HTTP_HX_REQUEST="true",
    )
    assert r.status_code == 200 and 'data-testid="pending"' in r.content.decode()
    client.force_login(p["E"])
    hand = HandScore.objects.get()
    r = client.post(
        reverse("tournaments:sheet_confirm", args=[t.pk, rnd.number, 1]),
        {"hand": hand.pk},
        HTTP_HX_REQUEST="true",
    )
    assert 'data-testid="confirmed"' in r.content.decode()


def test_console_and_exports(small, director_client):
    t, rnd = small
    p = people(rnd)
    enter_and_confirm(ts.table_game(rnd, 1), p["N"], p["E"], contract="8S", tricks=9)
    r = director_client.get(reverse("tournaments:console", args=[t.pk]))
    assert r.status_code == 200 and r.content.decode().count('data-testid="console-table"') == 2
    r = director_client.get(reverse("tournaments:results_csv", args=[t.pk]))
    assert r.content.startswith("\ufeff".encode())
    rows = list(csv.reader(io.StringIO(r.content.decode("utf-8-sig"))))
    assert rows[0][5] == "Contrat" and rows[0][8] == "Pointage EO"  # French, EO not EW
    assert rows[1][5] == "8♠" and rows[1][7] == "240"  # the reader's notation, not 8S
    r = director_client.get(reverse("tournaments:standings_csv", args=[t.pk]))
    assert r.content.startswith("\ufeff".encode())
    assert director_client.get(reverse("tournaments:final", args=[t.pk])).status_code == 200
    r = director_client.post(
        reverse("tournaments:adjust", args=[t.pk]),
        {"round": 1, "table": 2, "ns": 10, "ew": 0, "reason": ""},
        follow=True,
    )
    assert not TableGame.objects.filter(table=2, status=GameStatus.ADJUSTED).exists()


def _bulk_tournament(make_tournament, director, players, rounds):
    """Fast data: entries, rounds, seats and complete games written in bulk."""
    from club.models import User
    from tournaments.models import Entry, RoundStatus

    t = make_tournament(status="running", rounds_total=rounds)
    users = User.objects.bulk_create(
        User(email=f"b{t.pk}-{i}@ex.org", first_name=f"P{i}", last_name="X") for i in range(players)
    )
    entries = Entry.objects.bulk_create(
        Entry(tournament=t, player=u, checked_in=True) for u in users
    )
    for n in range(1, rounds + 1):
        rnd = Round.objects.create(tournament=t, number=n, seed=n, status=RoundStatus.PLAYING)
        order = entries[n:] + entries[:n]
        Seat.objects.bulk_create(
            Seat(round=rnd, entry=e, table=i // 4 + 1, position="NESW"[i % 4])
            for i, e in enumerate(order)
        )
        TableGame.objects.bulk_create(
            TableGame(
                round=rnd,
                table=k + 1,
                status=GameStatus.COMPLETE,
                ns_total=(k * 37 + n * 11) % 500,
                ew_total=(k * 53 + n) % 400,
            )
            for k in range(players // 4)
        )
    return t


def test_standings_queries_constant(
    make_tournament, director, client, member, django_assert_max_num_queries
):
    client.force_login(member)
    small = _bulk_tournament(make_tournament, director, 8, 2)
    big = _bulk_tournament(make_tournament, director, 200, 10)
    for t in (small, big):
        url = reverse("tournaments:standings", args=[t.pk])
        with django_assert_max_num_queries(12):
            r = client.get(url)
        assert r.status_code == 200
    assert r.content.decode().count('data-testid="standing-row"') == 200


def test_member_page_and_season(small, director, director_client):
    t, rnd = small
    p = people(rnd)
    for table in (1, 2):
        pp = people(rnd, table)
        enter_and_confirm(ts.table_game(rnd, table), pp["N"], pp["E"])
        enter_and_confirm(ts.table_game(rnd, table), pp["N"], pp["E"])
    from tournaments.models import Entry
    from tournaments.selectors_results import entry_result

    res = entry_result(Entry.objects.get(tournament=t, player=p["N"]))
    assert res["total"] == 480 and res["place"] == 1
    r = director_client.post(
        reverse("tournaments:season_new"),
        {"name": "Saison 2025", "scoring": "points", "tournaments": [t.pk]},
    )
    assert r.status_code == 302
    r = director_client.get(r["Location"])
    assert r.status_code == 200 and r.content.decode().count('data-testid="season-row"') == 8


def test_demo_results_idempotent(db):
    from io import StringIO

    from django.core.management import call_command

    from tournaments.models import Tournament

    call_command("seed_demo", stdout=StringIO())
    counts = (HandScore.objects.count(), TableGame.objects.count())
    call_command("seed_demo", stdout=StringIO())
    assert counts == (HandScore.objects.count(), TableGame.objects.count())
    finished = Tournament.objects.get(status="finished")
    medals = [ln.medal for ln in sr.compute(finished).medallists()]
    assert "gold" in medals
    today = Tournament.objects.get(status="running")
    assert HandScore.objects.filter(game__round__tournament=today, confirmed=False).count() == 1
    assert HandScore.objects.filter(game__round__tournament=today, confirmed=True).count() == 5
