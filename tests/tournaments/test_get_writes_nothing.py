"""Opening a page writes nothing: every page of a tournament day, for a visitor, a
member, a player of the round and the director, runs no INSERT, UPDATE or DELETE.

500 and 450 tournaments, hall and online rounds (and a live table of an online round),
then a round whose results rows predate their creation by the services (they read as
their defaults). The rows a page shows are created by the services that make them
needed (the results settings with the tournament, the round's play row with its draw,
the tables' games with its publication), never by a page.

One GET does write, on purpose, and is left out here: a player's first visit to the
table an online round seated them at clears the "your table is ready" banner
(``test_an_online_round_start_tells_every_seated_player_their_table_is_ready``).
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.tournaments.day import play_round, play_table, table_users
from tests.tournaments.kinds.four_fifty.day import FOUR, enter_round, make_450
from tournaments import selectors_tables as ts
from tournaments.models import HandScore, ResultsSettings, RoundPlay, Seat, TableGame
from tournaments.services import results as rs

WRITES = ("INSERT", "UPDATE", "DELETE")


def writes_of(queries) -> list[str]:
    return [q["sql"] for q in queries if q["sql"].lstrip().upper().startswith(WRITES)]


def tournament_urls(t, rnd, table: int) -> list[str]:
    """The pages of a tournament day (GET), round ``rnd`` and its table ``table``."""
    pk, n = t.pk, rnd.number
    return [
        reverse("home"),
        reverse("tournaments:calendar"),
        reverse("tournaments:detail", args=[pk]),
        reverse("tournaments:my_seat", args=[pk]),
        reverse("tournaments:draws", args=[pk]),
        reverse("tournaments:projector", args=[pk]),
        reverse("tournaments:projector_tables", args=[pk]),
        reverse("tournaments:projector_standings", args=[pk]),
        reverse("tournaments:final", args=[pk]),
        reverse("tournaments:standings", args=[pk]),
        reverse("tournaments:standings_csv", args=[pk]),
        reverse("tournaments:results_csv", args=[pk]),
        reverse("tournaments:records", args=[pk]),
        reverse("tournaments:rounds", args=[pk]),
        reverse("tournaments:round", args=[pk, n]),
        reverse("tournaments:cards", args=[pk, n]),
        reverse("tournaments:sheets", args=[pk, n]),
        reverse("tournaments:sheet", args=[pk, n, table]),
        reverse("tournaments:sheet_preview", args=[pk, n, table]),
        reverse("tournaments:console", args=[pk]),
        reverse("tournaments:entries", args=[pk]),
        reverse("tournaments:checkin", args=[pk]),
        reverse("tournaments:seasons"),
        reverse("profile"),
    ]


#: The pages each viewer must actually see (200), not only be refused without writing.
SEEN_BY_ALL = ("detail", "draws", "standings", "projector")
SEEN_BY_PLAYER = (*SEEN_BY_ALL, "sheet", "my_seat", "member")
SEEN_BY_DIRECTOR = (*SEEN_BY_PLAYER, "console", "cards", "sheets", "round", "rounds")


def assert_reads_only(client, urls: list[str], *, must_see: dict[str, str] = ()) -> dict:
    """GET every url: no write; the urls named in ``must_see`` answer 200.
    Returns url -> number of queries."""
    counts = {}
    for url in urls:
        with CaptureQueriesContext(connection) as ctx:
            response = client.get(url)
        assert writes_of(ctx.captured_queries) == [], (url, writes_of(ctx.captured_queries))
        assert response.status_code < 500, url
        counts[url] = len(ctx.captured_queries)
    for name, url in dict(must_see).items():
        assert client.get(url).status_code == 200, (name, url)
    return counts


def check_day(client, t, rnd, table: int, *, director, member, player, extra=()) -> None:
    urls = [*tournament_urls(t, rnd, table), *extra]
    named = {
        "detail": reverse("tournaments:detail", args=[t.pk]),
        "draws": reverse("tournaments:draws", args=[t.pk]),
        "standings": reverse("tournaments:standings", args=[t.pk]),
        "projector": reverse("tournaments:projector", args=[t.pk]),
        "sheet": reverse("tournaments:sheet", args=[t.pk, rnd.number, table]),
        "my_seat": reverse("tournaments:my_seat", args=[t.pk]),
        "member": reverse("member_detail", args=[player.pk]),
        "console": reverse("tournaments:console", args=[t.pk]),
        "cards": reverse("tournaments:cards", args=[t.pk, rnd.number]),
        "sheets": reverse("tournaments:sheets", args=[t.pk, rnd.number]),
        "round": reverse("tournaments:round", args=[t.pk, rnd.number]),
        "rounds": reverse("tournaments:rounds", args=[t.pk]),
    }
    urls += [named["member"], reverse("member_detail", args=[director.pk])]
    client.logout()
    assert_reads_only(client, urls)  # a visitor: public pages, the others refused
    for user, seen in (
        (member, SEEN_BY_ALL),
        (player, SEEN_BY_PLAYER),
        (director, SEEN_BY_DIRECTOR),
    ):
        client.force_login(user)  # before capturing: logging in writes the session
        client.get(reverse("home"))
        assert_reads_only(client, urls, must_see={k: named[k] for k in seen})
        client.logout()


def check_online_day(client, t, rnd, seat: str, *, director, member):
    """``check_day`` for an online round, with the live table of its table 1 (opened
    once by its player before: that first visit clears the "your table is ready"
    banner). Returns the player at ``seat`` and the live table's url."""
    game = TableGame.objects.get(round=rnd, table=1)
    live = reverse("games:table", args=[game.live_table_id])
    player = table_users(rnd, 1)[seat]
    client.force_login(player)
    client.get(live)
    client.logout()
    check_day(client, t, rnd, 1, director=director, member=member, player=player, extra=[live])
    return player, live


def pending_500_hand(rnd, table):
    """A hand entered and not confirmed yet (the sheet and the console show it)."""
    p = table_users(rnd, table)
    game = ts.table_game(rnd, table)  # unsaved when its row is missing: hand_enter makes it
    seq = HandScore.objects.filter(game__round=rnd, game__table=table).count() + 1
    rs.hand_enter(game=game, user=p["N"], seq=seq, declarer="N", contract="7S", tricks=7)


@pytest.mark.django_db
def test_a_500_hall_day_opens_without_writing(
    client, director, make_member, make_tournament, add_present
):
    t = make_tournament(status="running", rounds_total=2, hands_per_game=4)
    add_present(t, 9)
    rnd = play_round(t, director)
    play_table(rnd, 1, 2)
    pending_500_hand(rnd, 1)
    player = table_users(rnd, 1)["N"]
    check_day(client, t, rnd, 1, director=director, member=make_member(), player=player)


@pytest.mark.django_db
def test_a_500_online_day_and_its_live_table_open_without_writing(
    client, director, make_member, make_tournament, add_present
):
    t = make_tournament(status="running", rounds_total=1, hands_per_game=2, place="online")
    add_present(t, 8)
    rnd = play_round(t, director, online=True)
    assert ts.round_play(rnd).mode == "online"
    player, live = check_online_day(client, t, rnd, "N", director=director, member=make_member())
    client.force_login(player)
    html = client.get(live).content.decode()
    assert 'data-testid="call-director"' in html  # the tournament's part of the page


@pytest.mark.django_db
def test_a_450_hall_evening_opens_without_writing(
    client, director, make_member, make_tournament, add_present
):
    t = make_450(make_tournament, add_present, 8)
    rnd = play_round(t, director)
    p = table_users(rnd, 1)
    enter_round(ts.table_game(rnd, 1), p["P1"], FOUR, confirm_by=p["P2"])
    enter_round(ts.table_game(rnd, 1), p["P1"], FOUR)  # pending
    check_day(client, t, rnd, 1, director=director, member=make_member(), player=p["P1"])


@pytest.mark.django_db
def test_a_450_online_evening_opens_without_writing(
    client, director, make_member, make_tournament, add_present
):
    t = make_450(make_tournament, add_present, 8, place="online")
    rnd = play_round(t, director, online=True)
    player, live = check_online_day(client, t, rnd, "P1", director=director, member=make_member())
    client.force_login(player)
    assert client.get(live).status_code == 200


@pytest.mark.django_db
def test_pages_read_missing_results_rows_as_their_defaults_without_creating_them(
    client, director, make_member, make_tournament, add_present
):
    """A tournament whose results settings, round play row and table games were never
    created (data from before the services created them): its pages open, read the
    defaults, and create nothing; the first hand entered creates its table's game."""
    t = make_tournament(status="running", rounds_total=2, hands_per_game=4)
    add_present(t, 8)
    rnd = play_round(t, director)
    ResultsSettings.objects.filter(tournament=t).delete()
    RoundPlay.objects.filter(round=rnd).delete()
    TableGame.objects.filter(round=rnd).delete()
    player = table_users(rnd, 1)["N"]
    check_day(client, t, rnd, 1, director=director, member=make_member(), player=player)
    assert not ResultsSettings.objects.filter(tournament=t).exists()
    assert not RoundPlay.objects.filter(round=rnd).exists()
    assert not TableGame.objects.filter(round=rnd).exists()
    rnd.refresh_from_db()
    pending_500_hand(rnd, 1)
    assert TableGame.objects.get(round=rnd, table=1).hands.count() == 1


@pytest.mark.django_db
def test_publishing_a_round_creates_its_tables_games(director, make_tournament, add_present):
    from tournaments import services

    t = make_tournament(status="running", rounds_total=2)
    add_present(t, 9)
    rnd = services.round_draw(tournament=t, by=director, seed=3)
    assert RoundPlay.objects.filter(round=rnd, mode="hall").exists()
    assert not TableGame.objects.filter(round=rnd).exists()
    rnd = services.round_publish(round=rnd, by=director, version=rnd.version)
    tables = set(
        Seat.objects.filter(round=rnd, table__isnull=False).values_list("table", flat=True)
    )
    games = set(TableGame.objects.filter(round=rnd, mode="hall").values_list("table", flat=True))
    assert games == tables and len(tables) == 2
    assert ResultsSettings.objects.filter(tournament=t).exists()


@pytest.mark.django_db
def test_watching_a_tournament_table_writes_nothing(
    client, director, make_member, make_tournament, add_present
):
    """A visitor (the director opened the tables to everyone), a member and a player of
    the round (refused while their table plays) open a live table and the tournament's
    list of tables to watch: no write."""
    t = make_tournament(
        status="running", rounds_total=1, hands_per_game=2, place="online", spectators="everyone"
    )
    add_present(t, 8)
    rnd = play_round(t, director, online=True)
    live = reverse("games:table", args=[TableGame.objects.get(round=rnd, table=1).live_table_id])
    detail = reverse("tournaments:detail", args=[t.pk])
    assert_reads_only(client, [live, detail], must_see={"live": live, "detail": detail})
    client.force_login(make_member())
    client.get(reverse("home"))
    assert_reads_only(client, [live, detail], must_see={"live": live, "detail": detail})
    client.force_login(table_users(rnd, 2)["N"])
    client.get(reverse("home"))
    assert_reads_only(client, [live, detail], must_see={"detail": detail})
    assert client.get(live).status_code == 403
