"""Hall rounds of a duplicate tournament (issue #30, point 3): a table's game is the
round's boards, one hand each, whatever the tournament's "hands per game", and the
sheet's dealer of each hand is its board's (the dealer moves with the board number)."""

from __future__ import annotations

import re

import pytest

from games.engine.boards import dealer_of
from tests.tournaments.day import play_round, play_table
from tournaments import selectors_tables as ts
from tournaments.models import GameStatus
from tournaments.services import director as ds

pytestmark = pytest.mark.django_db

BOARDS = 3


def _hall_round(make_tournament, add_present, director, rounds_played: int = 0):
    t = make_tournament(
        status="running", rounds_total=3, hands_per_game=8, duplicate=True, boards_per_round=BOARDS
    )
    add_present(t, 8)
    for _ in range(rounds_played):
        rnd = play_round(t, director)
        for table in (1, 2):
            play_table(rnd, table, BOARDS)
        ds.round_close(round=rnd, by=director)
    return t, play_round(t, director, seed=11)


def test_a_table_completes_its_game_with_the_rounds_boards(make_tournament, add_present, director):
    t, rnd = _hall_round(make_tournament, add_present, director)
    play_table(rnd, 1, BOARDS - 1)
    game = ts.table_game(rnd, 1)
    assert game.status == GameStatus.PLAYING and game.hands_done == BOARDS - 1
    play_table(rnd, 1, 1)
    game.refresh_from_db()
    assert game.status == GameStatus.COMPLETE and game.hands_done == BOARDS
    assert ts.next_hand(t, list(game.hands.order_by("seq")), rnd)["over"]


def test_the_sheets_dealer_is_each_boards_dealer_in_a_later_round(
    make_tournament, add_present, director
):
    t, rnd = _hall_round(make_tournament, add_present, director, rounds_played=1)
    first, last = rnd.board_numbers
    assert (first, last) == (BOARDS + 1, 2 * BOARDS)
    game = ts.table_game(rnd, 1)
    dealers = []
    for _ in range(BOARDS):
        dealers.append(ts.next_hand(t, list(game.hands.order_by("seq")), rnd)["dealer"])
        play_table(rnd, 1, 1)
    assert dealers == [dealer_of(b) for b in range(first, last + 1)]
    assert dealers[0] != "N"  # board 4 is West's


def test_hall_tables_boards_are_scored_by_matchpoints(make_tournament, add_present, director):
    """Two hall tables enter the round's boards on their sheets: each row is its board,
    counted once confirmed; the better North-South result tops each board."""
    from tournaments.selectors_duplicate import duplicate_results

    t, rnd = _hall_round(make_tournament, add_present, director)
    play_table(rnd, 1, BOARDS, contract="8S", tricks=9)  # made
    play_table(rnd, 2, BOARDS - 1, contract="8S", tricks=6)  # set
    results = duplicate_results(t)
    assert [b.board for b in results.boards] == [1, 2]  # board 3 waits for table 2
    assert results.pending == [3]
    for board in results.boards:
        by_table = {r.table: r for r in board.results}
        assert by_table[1].score["NS"] > 0 > by_table[2].score["NS"]
        assert by_table[1].percent["NS"] == 100 and by_table[2].percent["NS"] == 0


def test_the_phone_sheet_numbers_its_hands_by_board(make_tournament, add_present, director, client):
    """Round 2 of 3 boards: the entry form asks for board 4 (West deals), and the entered
    hands show as boards 4 and 5."""
    from django.urls import reverse

    from tests.tournaments.day import table_users

    t, rnd = _hall_round(make_tournament, add_present, director, rounds_played=1)
    client.force_login(table_users(rnd, 1)["N"])
    url = reverse("tournaments:sheet", args=[t.pk, rnd.number, 1])
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Donne 4 — donneur : O" in page
    play_table(rnd, 1, 2)
    page = client.get(url).content.decode()
    assert "Donne 6 — donneur : E" in page
    numbers = re.findall(r'data-testid="row-number">(\d+)<', page)
    assert numbers == ["4", "5"]
