"""Standings of an online duplicate round by matchpoints (issue #30, points 4 and 5):
the results file gathered from the live tables, the standings equal to the scorer run on
the downloaded file, the director's adjusted boards, the board page's hold-back, a
member's boards, in French."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys

import pytest
from django.urls import reverse
from django.utils import timezone

from club.models import ActivityLog
from games.engine.boards import deal_board
from tests.tournaments.day import drive_live as drive
from tests.tournaments.day import online_duplicate_round, table_users
from tournaments import selectors_duplicate as sd
from tournaments.duplicate import score
from tournaments.errors import TournamentError
from tournaments.models import RoundPlay, TableGame, Tournament
from tournaments.services import director as director_services

pytestmark = pytest.mark.django_db

BOARDS = 3
HELD = "Cette donne sera visible quand toutes les tables l’auront jouée."


@pytest.fixture
def duplicate_round(make_tournament, add_present, director):
    """A running duplicate tournament of 3 boards a round, 8 players: its round 1's two
    online tables, started."""
    t = make_tournament(
        status="running", rounds_total=2, hands_per_game=2, duplicate=True, boards_per_round=BOARDS
    )
    add_present(t, 8)
    return (t, *online_duplicate_round(t, director))


def _fresh(t) -> Tournament:
    return Tournament.objects.get(pk=t.pk)


def _download(client, t) -> dict:
    response = client.get(reverse("tournaments:duplicate_results", args=[t.pk]))
    assert response.status_code == 200
    assert "attachment" in response["Content-Disposition"]
    return json.loads(response.content)


def _correct(rnd, table, board, director, **data):
    """The director enters a table's board again (the sheet's correction)."""
    row = TableGame.objects.get(round=rnd, table=table).hands.get(live_hand__board=board)
    director_services.sheet_row_correct(row=row, by=director, reason="Test", data=data)


def _standings_rows(t):
    return sd.duplicate_standings(_fresh(t))["rows"]


def test_the_standings_are_the_scorer_run_on_the_downloaded_file(
    duplicate_round, director, client, tmp_path
):
    t, rnd, live = duplicate_round
    for table in live.values():
        drive(table)
    # The bots play the same cards the same way at both tables: a correction by the
    # director makes board 1 differ (and shows that corrections count).
    _correct(rnd, 2, 1, director, declarer="N", contract="10NT", tricks="0")
    client.force_login(director)
    data = _download(client, t)
    assert data["format"] == "club500-duplicate/1"
    second = data["boards"][0]["results"][1]
    assert (second["declarer"], second["contract"], second["tricks"]) == ("N", "10NT", 0)
    assert [b["board"] for b in data["boards"]] == [1, 2, 3]
    # Each board has both tables, their pair directions the round's seats.
    for board in data["boards"]:
        assert [r["table"] for r in board["results"]] == [1, 2]
        for r in board["results"]:
            people = table_users(rnd, r["table"])
            assert r["NS"] == [people["N"].public_name, people["S"].public_name]
            assert r["EW"] == [people["E"].public_name, people["W"].public_name]
            assert set(r["score"]) == {"NS", "EW"}
    # The command on the downloaded file gives the page's standings.
    path = tmp_path / "duplicate.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "tournaments.duplicate", "score", str(path)],
        capture_output=True,
        text=True,
        check=True,
    )
    scored = json.loads(out.stdout)
    assert scored == score(data)
    rows = _standings_rows(t)
    assert len(rows) == 8 and len({r["place"] for r in rows}) > 1
    expected = [
        (p["player"], p["rank"], round(p["percent"], 2), p["points"], p["boards"])
        for p in scored["players"]
    ]
    got = [(r["name"], r["place"], float(r["percent"]), r["total"], r["boards"]) for r in rows]
    assert got == expected
    # The page and the CSV say the same, in French.
    page = client.get(reverse("tournaments:standings", args=[t.pk])).content.decode()
    assert "pourcentage des points de match" in page
    for r in rows:
        assert r["name"] in page
    text = client.get(reverse("tournaments:standings_csv", args=[t.pk])).content.decode("utf-8-sig")
    lines = list(csv.reader(io.StringIO(text)))
    assert lines[0][:3] == ["Rang", "Nom", "Pourcentage"]
    assert [(ln[1], ln[2], int(ln[5])) for ln in lines[1:]] == [
        (p["player"], f"{p['percent']:.2f}", p["points"]) for p in scored["players"]
    ]
    # The two sides of every board share its top (2 results: a top of 2).
    for board in scored["boards"]:
        assert board["top"] == 2.0
        for r in board["results"]:
            assert r["NS"] + r["EW"] == 2.0


def test_a_board_waits_for_every_table_on_its_page_and_in_the_standings(
    duplicate_round, make_member, client
):
    """Table 1 has played boards 1 and 2, table 2 board 1 only: board 2's page says it
    waits and shows no result; the standings and the file count board 1 only."""
    t, rnd, live = duplicate_round
    drive(live[1], until_hands=2)
    drive(live[2], until_hands=1)
    client.force_login(make_member())
    held = client.get(reverse("tournaments:board", args=[t.pk, 2]))
    text = held.content.decode()
    assert held.status_code == 403 and HELD in text
    assert 'data-testid="board-row"' not in text and 'data-testid="board-deal"' not in text
    assert [b["board"] for b in _download(client, t)["boards"]] == [1]
    page = client.get(reverse("tournaments:board", args=[t.pk, 1])).content.decode()
    assert "Donne 1" in page and page.count('data-testid="board-row"') == 2
    dealt = deal_board(t.variant, rnd.board_seed, 1)
    deal = page.split('data-testid="board-deal"')[1].split("</dl>")[0]
    north = deal.split("</dt>")[1].split("</dd>")[0]
    assert [c["label"] for c in sd.sorted_hand(dealt["hands"]["N"])] == [
        part.split(">")[-1] for part in north.split("</span>")[:-1]
    ]
    standings = client.get(reverse("tournaments:standings", args=[t.pk])).content.decode()
    assert reverse("tournaments:board", args=[t.pk, 1]) in standings
    assert reverse("tournaments:board", args=[t.pk, 2]) not in standings
    assert "2 donnes attendent" in standings
    # Board 2 played everywhere: its page shows the results and the cards.
    drive(live[2], until_hands=2)
    page = client.get(reverse("tournaments:board", args=[t.pk, 2])).content.decode()
    assert HELD not in page and 'data-testid="board-deal"' in page
    assert client.get(reverse("tournaments:board", args=[t.pk, 9])).status_code == 404


def test_a_closed_round_counts_what_was_played(duplicate_round, director):
    """Board 3 was played at table 1 only: once the round is closed it counts, the lone
    result getting half the top (Neuberg), and its page shows the cards."""
    t, rnd, live = duplicate_round
    drive(live[1])
    drive(live[2], until_hands=2)
    assert [b.board for b in sd.duplicate_results(_fresh(t)).boards] == [1, 2]
    RoundPlay.objects.filter(round=rnd).update(closed_at=timezone.now())
    results = sd.duplicate_results(_fresh(t))
    assert [b.board for b in results.boards] == [1, 2, 3]
    lone = results.board(3)
    assert len(lone.results) == 1 and lone.public
    assert lone.results[0].matchpoints == {"NS": 1, "EW": 1}


def test_the_director_adjusts_a_board_a_table_could_not_play(
    duplicate_round, director, client, tmp_path
):
    t, rnd, live = duplicate_round
    drive(live[1])
    drive(live[2], until_hands=2)
    client.force_login(director)
    console = client.get(reverse("tournaments:console", args=[t.pk])).content.decode()
    assert 'data-testid="board-adjust-form"' in console
    response = client.post(
        reverse("tournaments:board_adjust", args=[t.pk]),
        {"round": 1, "table": 2, "board": 3, "ns": "A", "ew": "A-", "reason": "Temps écoulé"},
    )
    assert response.status_code == 302
    game = TableGame.objects.get(round=rnd, table=2)
    assert game.flags["boards_adjusted"] == {"3": {"NS": "A", "EW": "A-"}}
    log = ActivityLog.objects.get(kind="results.board_adjusted")
    assert log.data["after"] == {"NS": "A", "EW": "A-"} and log.data["before"] is None
    assert log.data["reason"] == "Temps écoulé" and log.params["board"] == 3
    data = _download(client, t)
    board3 = next(b for b in data["boards"] if b["board"] == 3)
    assert board3["results"][1]["adjusted"] == {"NS": "A", "EW": "A-"}
    scored = score(data)
    three = next(b for b in scored["boards"] if b["board"] == 3)
    assert three["results"][1]["NS"] == pytest.approx(1.0)  # 50% of a top of 2
    assert three["results"][1]["EW"] == pytest.approx(0.8)  # 40%
    assert three["results"][0]["NS"] + three["results"][0]["EW"] == pytest.approx(2.0)
    rows = _standings_rows(t)
    assert [(r["name"], float(r["percent"])) for r in rows] == [
        (p["player"], p["percent"]) for p in scored["players"]
    ]
    # The board page shows the adjusted table after the played one; the cards wait
    # (table 2 never played board 3, its players may still).
    page = client.get(reverse("tournaments:board", args=[t.pk, 3])).content.decode()
    assert "ajusté" in page and 'data-testid="board-deal-held"' in page
    # Refused: a board the table played, a grade that is not one, a board of another
    # round, no reason.
    bad = [
        dict(board=2, grades={"NS": "A", "EW": "A"}, reason="x"),
        dict(board=3, grades={"NS": "B", "EW": "A"}, reason="x"),
        dict(board=4, grades={"NS": "A", "EW": "A"}, reason="x"),
        dict(board=3, grades={"NS": "A", "EW": "A"}, reason=""),
    ]
    for kwargs in bad:
        with pytest.raises(TournamentError):
            director_services.board_adjust(game=game, by=director, **kwargs)
    # Taken back: board 3 waits again.
    director_services.board_adjust(game=game, by=director, board=3, grades={}, reason="Erreur")
    assert [b["board"] for b in _download(client, t)["boards"]] == [1, 2]
    # A closed round refuses it.
    RoundPlay.objects.filter(round=rnd).update(closed_at=timezone.now())
    with pytest.raises(TournamentError):
        director_services.board_adjust(
            game=game, by=director, board=3, grades={"NS": "A", "EW": "A"}, reason="x"
        )


def test_a_member_reads_their_boards_in_french(duplicate_round, client):
    t, rnd, live = duplicate_round
    for table in live.values():
        drive(table)
    player = table_users(rnd, 1)["N"]
    client.force_login(player)
    page = client.get(reverse("tournaments:my_boards", args=[t.pk])).content.decode()
    assert page.count('data-testid="my-board-line"') == BOARDS
    assert "Vous avez obtenu" in page and "à la donne 1" in page
    assert "points de match" in page
    standings = client.get(reverse("tournaments:standings", args=[t.pk])).content.decode()
    assert reverse("tournaments:my_boards", args=[t.pk]) in standings


def test_a_finished_hand_updates_the_standings_at_once(duplicate_round, client, director):
    """Each hand of an online table bumps the tournament's version (the broadcast the
    pages listen to): the cached standings follow at once."""
    t, rnd, live = duplicate_round
    drive(live[1], until_hands=1)
    version = _fresh(t).version
    client.force_login(director)
    url = reverse("tournaments:standings", args=[t.pk])
    assert "Aucune donne jouée à toutes les tables" in client.get(url).content.decode()
    drive(live[2], until_hands=1)
    assert _fresh(t).version > version
    page = client.get(url).content.decode()
    assert page.count('data-testid="standing-row"') == 8
    assert 'hx-trigger="tournament-updated from:body"' in page


def test_the_projector_and_printable_pages_show_the_percentages(duplicate_round, client):
    t, rnd, live = duplicate_round
    for table in live.values():
        drive(table, until_hands=1)
    for name in ("projector_standings", "final"):
        page = client.get(reverse(f"tournaments:{name}", args=[t.pk])).content.decode()
        assert page.count('data-testid="standing-percent"') == 8, name


def _result(table, declarer, contract, made, ns, ew):
    return sd.TableResult(
        1, table, {}, score={"NS": ns, "EW": ew}, declarer=declarer, contract=contract, made=made
    )


def test_a_board_in_one_sentence_in_french():
    """8♠ made by North-South where the two other tables went down in it."""
    from django.utils import translation

    mine = _result(1, "N", "8S", True, 240, 30)
    others = [_result(2, "S", "8S", False, -240, 30), _result(3, "N", "8S", False, -240, 40)]
    line = {
        "board": 7,
        "result": mine,
        "percent": 75.0,
        "outcome": sd._outcome(mine, "NS"),
        "compared": sd._compared(mine, others),
        "position": "",
        "grade": "",
    }
    with translation.override("fr"):
        assert sd.board_sentence(line) == (
            "Vous avez obtenu 75\u00a0% à la donne 7 : 8♠ réussi là où la plupart ont chuté."
        )
        east = {**line, "outcome": sd._outcome(mine, "EW"), "percent": 25.0, "compared": ""}
        assert sd.board_sentence(east) == (
            "Vous avez obtenu 25\u00a0% à la donne 7 : 8♠ des adversaires réussi."
        )
    with translation.override("en"):
        assert sd.board_sentence(line) == (
            "You scored 75% on board 7: 8♠ made where most went down."
        )
