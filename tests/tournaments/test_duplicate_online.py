"""Online rounds of a duplicate tournament (issue #30, point 2): every table plays the
round's boards in order, dealer by board number, and a board's hands are held back
from whoever is outside a table that has finished it until every table has."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from games import services
from games.engine.boards import deal_board, dealer_of
from games.history import member_games
from games.models import GameHand, Table
from games.selectors import hand_records
from tests.tournaments.day import drive_live as drive
from tests.tournaments.day import online_duplicate_round, table_users
from tournaments.models import RoundPlay, TableGame

pytestmark = pytest.mark.django_db

BOARDS = 3


def _duplicate_round(make_tournament, add_present, director):
    """A running duplicate tournament of 3 boards a round, 8 players: the two online
    tables of its round 1, started."""
    t = make_tournament(
        status="running", rounds_total=2, hands_per_game=2, duplicate=True, boards_per_round=BOARDS
    )
    add_present(t, 8)
    return (t, *online_duplicate_round(t, director))


def test_every_table_plays_the_rounds_boards_in_order_with_the_boards_dealer(
    make_tournament, add_present, director
):
    t, rnd, live = _duplicate_round(make_tournament, add_present, director)
    first, last = rnd.board_numbers
    assert (first, last) == (1, BOARDS)
    for table in live.values():
        assert (table.first_board, table.first_dealer) == (first, dealer_of(first))
        drive(table)
        table.refresh_from_db()
        assert table.status == Table.Status.FINISHED
    records = {}
    for number, table in live.items():
        # The game ended after the round's last board, each board a row of the sheet.
        assert table.options["hands_per_game"] == BOARDS
        assert TableGame.objects.get(live_table=table).hands.count() == BOARDS
        rows = list(GameHand.objects.filter(table=table).order_by("number"))
        assert [r.board for r in rows] == list(range(first, last + 1))
        assert [r.dealer for r in rows] == [dealer_of(b) for b in range(first, last + 1)]
        records[number] = hand_records(table, [r.number for r in rows])
    for k, board in enumerate(range(first, last + 1)):
        dealt = deal_board(t.variant, rnd.board_seed, board)
        for number in live:
            record = records[number][k]
            assert record["dealer"] == dealt["dealer"]
            assert record["hands"] == dealt["hands"] and record["kitty"] == dealt["kitty"]


def test_a_table_created_for_later_boards_deals_them_with_their_dealers(make_member):
    """Round 2 of 4 boards a round plays boards 5 to 8: board 5 dealt by N, 6 by E."""
    options = {"end": "hands", "hands_per_game": 2, "all_pass": "next_dealer"}
    seed = "LaterBoardsSeed20260001"
    live = services.table_create(
        host=None, options=options, first_dealer="N", boards=(seed, 5), bot_delay_ms=0
    )
    for seat in "NESW":
        services.table_seat_assign(table_id=live.pk, seat=seat)
    services.table_start(table_id=live.pk)
    drive(live)
    rows = list(GameHand.objects.filter(table=live).order_by("number"))
    assert [(r.board, r.dealer) for r in rows] == [(5, "N"), (6, "E")]
    assert live.status == Table.Status.FINISHED
    for row, record in zip(rows, hand_records(live, [1, 2])):
        dealt = deal_board("quebec", seed, row.board)
        assert (record["dealer"], record["hands"], record["kitty"]) == (
            dealt["dealer"],
            dealt["hands"],
            dealt["kitty"],
        )


def _get(client, url):
    response = client.get(url)
    return response.status_code, response.content.decode()


HELD = "Cette donne sera visible quand toutes les tables l’auront jouée."


def test_a_board_is_held_back_until_every_table_has_played_it(
    make_tournament, add_present, director, make_member, client
):
    """Table 1 has played boards 1 and 2, table 2 board 1 only: board 2's record,
    replay and history line wait for table 2, for a member who watches and for a
    director alike; table 1's players read it at once."""
    _t, rnd, live = _duplicate_round(make_tournament, add_present, director)
    one, two = live[1], live[2]
    drive(one, until_hands=2)
    drive(two, until_hands=1)
    replay = reverse("games:hand_replay", args=[one.pk, 2])
    record = reverse("games:hand_record", args=[one.pk, 2])
    records = reverse("games:game_records", args=[one.pk])
    outsider = make_member()
    for viewer in (outsider, director):
        client.force_login(viewer)
        for url in (replay, record):
            status, text = _get(client, url)
            assert status == 403 and HELD in text, (viewer, url)
        assert client.get(reverse("games:hand_replay", args=[one.pk, 1])).status_code == 200
        assert [r["dealer"] for r in client.get(records).json()] == [dealer_of(1)]
    player = table_users(rnd, 1)["N"]
    line = next(g for g in member_games(player, director).games if g.table.pk == one.pk)
    assert line.hands == 1
    assert next(g for g in member_games(player, player).games if g.table.pk == one.pk).hands == 2
    client.force_login(player)
    assert client.get(replay).status_code == 200
    assert len(client.get(records).json()) == 2
    # Table 2 plays board 2: it is shown to everybody.
    drive(two, until_hands=2)
    client.force_login(outsider)
    assert client.get(replay).status_code == 200 and client.get(record).status_code == 200
    assert "Donne 2" in client.get(replay).content.decode()
    line = next(g for g in member_games(player, director).games if g.table.pk == one.pk)
    assert line.hands == 2


def test_a_closed_round_holds_nothing_back(make_tournament, add_present, director, client):
    _t, rnd, live = _duplicate_round(make_tournament, add_present, director)
    drive(live[1], until_hands=2)
    client.force_login(director)
    replay = reverse("games:hand_replay", args=[live[1].pk, 2])
    assert client.get(replay).status_code == 403
    RoundPlay.objects.filter(round=rnd).update(closed_at=timezone.now())
    assert client.get(replay).status_code == 200


def test_no_page_of_an_online_round_shows_the_seed(make_tournament, add_present, director, client):
    """The live tables keep the round's seed to deal from: the table page, its replay,
    records and admin pages never show it while the round plays."""
    t, rnd, live = _duplicate_round(make_tournament, add_present, director)
    drive(live[1], until_hands=1)
    drive(live[2], until_hands=1)
    director.is_staff = director.is_superuser = True
    director.save()
    client.force_login(director)
    one = live[1].pk
    urls = [
        reverse("games:table", args=[one]),
        reverse("games:hand_replay", args=[one, 1]),
        reverse("games:hand_record", args=[one, 1]),
        reverse("games:game_records", args=[one]),
        reverse("admin:games_table_change", args=[one]),
        reverse("admin:games_table_changelist"),
        reverse("admin:games_gamehand_changelist"),
        reverse("tournaments:detail", args=[t.pk]),
    ]
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        assert rnd.board_seed not in response.content.decode(), url
