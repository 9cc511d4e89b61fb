"""The last gaps of duplicate 500 (issue #30): a round's boards as a download, byte for
byte what ``python -m games.engine deal`` prints, once the seed is shown; and the
results hold-back on the tournament's own pages (a table's score on a board is shown
elsewhere than its own sheet and the director's console only once every table of the
round has a result for the board, or the round is over)."""

from __future__ import annotations

import csv
import html
import io
import json
import re
import subprocess
import sys

import pytest
from django.db.models import F
from django.urls import reverse
from django.utils import timezone

from tests.tournaments.day import online_duplicate_round, play_round, play_table, table_users
from tournaments import selectors_duplicate as sd
from tournaments import selectors_results as sr
from tournaments.models import HandScore, RoundPlay, Tournament
from tournaments.services import director as ds

pytestmark = pytest.mark.django_db

BOARDS = 3
HIDDEN = (
    "Les donnes de la ronde 1 pourront être téléchargées une fois la ronde terminée, "
    "quand sa graine sera affichée."
)


def _duplicate(make_tournament, add_present) -> Tournament:
    """A running duplicate tournament of 3 boards a round, 8 players present."""
    t = make_tournament(
        status="running", rounds_total=2, hands_per_game=2, duplicate=True, boards_per_round=BOARDS
    )
    add_present(t, 8)
    return t


@pytest.fixture
def hall(make_tournament, add_present, director):
    """A running duplicate tournament of 3 boards a round, 8 players: round 1 drawn and
    started in the hall (two tables)."""
    t = _duplicate(make_tournament, add_present)
    return t, play_round(t, director)


def _fresh(t) -> Tournament:
    return Tournament.objects.get(pk=t.pk)


def _deal_command(seed: str, boards: str) -> bytes:
    out = subprocess.run(
        [sys.executable, "-m", "games.engine", "deal", "--variant", "quebec"]
        + ["--seed", seed, "--boards", boards],
        capture_output=True,
        check=True,
    )
    return out.stdout


def _shows(text: str, number: int) -> bool:
    """Whether a page's text (tags left out) or a file shows ``number`` as a number of
    its own: not inside a longer one, nor in a generated name ("Joueur520")."""
    words = re.sub(r"<[^>]+>", " ", text)
    return re.search(rf"(?<!\w)(?<!\d[.,]){number}(?!\w)(?![.,]\d)", words) is not None


def _cells(text: str) -> set[str]:
    """Every cell of a CSV file."""
    return {cell for row in csv.reader(io.StringIO(text)) for cell in row}


# ----------------------------------------------------------------- the boards download
def test_the_boards_download_is_what_the_deal_command_prints_once_the_round_is_over(
    hall, director, client
):
    t, rnd = hall
    url = reverse("tournaments:boards_file", args=[t.pk, 1])
    play_table(rnd, 1, BOARDS)
    play_table(rnd, 2, BOARDS)
    ds.round_close(round=rnd, by=director)
    response = client.get(url)  # a visitor: the tournament pages are public
    assert response.status_code == 200
    assert response["Content-Type"] == "application/x-ndjson; charset=utf-8"
    assert f'filename="boards-{t.pk}-1-3.jsonl"' in response["Content-Disposition"]
    assert response.content == _deal_command(rnd.board_seed, "1-3")
    assert [json.loads(line)["board"] for line in response.content.splitlines()] == [1, 2, 3]
    # Linked where the seed is shown, and from a board's page.
    detail = client.get(reverse("tournaments:detail", args=[t.pk])).content.decode()
    assert f'href="{url}"' in detail and "Les donnes (JSON, une par ligne)" in detail
    board = client.get(reverse("tournaments:board", args=[t.pk, 2])).content.decode()
    assert f'href="{url}"' in board and "Les donnes de la ronde 1 (JSON, une par ligne)" in board


def test_the_command_shown_carries_the_options_that_change_the_deal(
    make_tournament, add_present, director, client
):
    """A tournament dealing in packets of its own: the same seed deals other boards, so
    the command the page shows passes the options, and run as shown it prints the
    download byte for byte."""
    import shlex  # noqa: PLC0415 (this test alone runs the shown command)

    packets = {"deal_packets": "3,K2,3,K2,4,K2"}
    t = make_tournament(
        status="running",
        rounds_total=2,
        hands_per_game=2,
        duplicate=True,
        boards_per_round=BOARDS,
        variant_options=packets,
    )
    add_present(t, 8)
    rnd = play_round(t, director)
    play_table(rnd, 1, BOARDS)
    play_table(rnd, 2, BOARDS)
    ds.round_close(round=rnd, by=director)
    download = client.get(reverse("tournaments:boards_file", args=[t.pk, 1])).content
    assert download != _deal_command(rnd.board_seed, "1-3")  # the preset's packets differ
    command = f"python -m games.engine deal --variant quebec --seed {rnd.board_seed} --boards 1-3"
    shown = f"{command} --options '{json.dumps(packets, separators=(',', ':'))}'"
    detail = client.get(reverse("tournaments:detail", args=[t.pk])).content.decode()
    assert html.escape(shown) in detail
    argv = shlex.split(shown)
    out = subprocess.run([sys.executable, *argv[1:]], capture_output=True, check=True)
    assert out.stdout == download


def test_the_boards_download_is_refused_in_french_while_the_seed_is_secret(
    hall, make_member, client
):
    t, rnd = hall
    play_table(rnd, 1, BOARDS)
    play_table(rnd, 2, BOARDS)  # every board played: the round is still open
    url = reverse("tournaments:boards_file", args=[t.pk, 1])
    for who in (None, table_users(rnd, 1)["N"], make_member()):
        if who is not None:
            client.force_login(who)
        response = client.get(url)
        text = response.content.decode()
        assert response.status_code == 403 and HIDDEN in text
        assert rnd.board_seed not in text and '"hands"' not in text
    detail = client.get(reverse("tournaments:detail", args=[t.pk])).content.decode()
    assert url not in detail
    board = client.get(reverse("tournaments:board", args=[t.pk, 1])).content.decode()
    assert url not in board
    # A round not drawn yet has no boards.
    missing = client.get(reverse("tournaments:boards_file", args=[t.pk, 2]))
    assert missing.status_code == 403
    assert "La ronde 2 n’a pas encore de donnes." in missing.content.decode()


def test_a_director_downloads_a_hall_rounds_boards_as_they_may_print_them(hall, director, client):
    """Before the round is over: a hall round's boards, as printed for pre-dealing."""
    t, rnd = hall
    client.force_login(director)
    url = reverse("tournaments:boards_file", args=[t.pk, 1])
    response = client.get(url)
    assert response.status_code == 200
    assert response.content == _deal_command(rnd.board_seed, "1-3")
    editor = client.get(reverse("tournaments:round", args=[t.pk, 1])).content.decode()
    assert f'href="{url}"' in editor and 'data-testid="print-boards"' in editor


def test_an_online_rounds_boards_stay_hidden_from_the_director_too(
    make_tournament, add_present, director, client
):
    t = _duplicate(make_tournament, add_present)
    online_duplicate_round(t, director)
    client.force_login(director)
    url = reverse("tournaments:boards_file", args=[t.pk, 1])
    response = client.get(url)
    assert response.status_code == 403 and HIDDEN in response.content.decode()
    assert url not in client.get(reverse("tournaments:round", args=[t.pk, 1])).content.decode()


def test_an_ordinary_tournament_has_no_boards_download(make_tournament, add_present, director):
    from django.test import Client

    t = make_tournament(status="running", rounds_total=1)
    add_present(t, 8)
    play_round(t, director)
    response = Client().get(reverse("tournaments:boards_file", args=[t.pk, 1]))
    assert response.status_code == 404


# ----------------------------------------------------------------- the results hold-back
@pytest.fixture
def board3_held(hall):
    """Table 1 has played the round's 3 boards (board 3: 10 no trump made, 520), table
    2 boards 1 and 2: board 3 is held back."""
    t, rnd = hall
    play_table(rnd, 1, 2)
    play_table(rnd, 1, 1, contract="10NT", tricks=10)
    play_table(rnd, 2, 2)
    return t, rnd


def _sheet(client, t, rnd, table, user):
    client.force_login(user)
    return client.get(reverse("tournaments:sheet", args=[t.pk, rnd.number, table]))


def _rows(page: str) -> int:
    return page.count('data-testid="hand-row"')


def test_another_tables_sheet_waits_for_the_held_board(board3_held, director, client):
    """A player of table 2 sees table 1's boards 1 and 2, not board 3 (nor its score in
    the total) until table 2 has entered board 3; table 1's players and the director
    see it at once."""
    t, rnd = board3_held
    other = _sheet(client, t, rnd, 1, table_users(rnd, 2)["N"]).content.decode()
    assert _rows(other) == 2 and not _shows(other, 520)
    assert "1 donne jouée ici sera affichée quand toutes les tables l’auront jouée." in other
    assert 'data-testid="total-ns">480<' in other
    for user in (table_users(rnd, 1)["S"], director):
        own = _sheet(client, t, rnd, 1, user).content.decode()
        assert _rows(own) == 3 and 'data-testid="total-ns">1000<' in own
        assert 'data-testid="sheet-held"' not in own
    play_table(rnd, 2, 1)
    after = _sheet(client, t, rnd, 1, table_users(rnd, 2)["N"]).content.decode()
    assert _rows(after) == 3 and 'data-testid="total-ns">1000<' in after


def test_the_standings_member_pages_and_files_leave_the_held_board_out(
    board3_held, director, client
):
    t, rnd = board3_held
    player = table_users(rnd, 1)["N"]
    entry = next(
        r for r in sd.duplicate_standings(_fresh(t))["rows"] if r["name"] == player.public_name
    )
    assert (entry["total"], entry["boards"]) == (480, 2)
    assert sr.entry_result(_fresh(t).entries.get(player=player))["total"] == 480
    client.force_login(table_users(rnd, 2)["N"])
    page = client.get(reverse("tournaments:standings", args=[t.pk])).content.decode()
    assert not _shows(page, 520) and not _shows(page, 1000)
    member = client.get(reverse("member_detail", args=[player.pk]))
    assert member.status_code == 200
    assert "1000 points" not in member.content.decode()
    data = json.loads(client.get(reverse("tournaments:duplicate_results", args=[t.pk])).content)
    assert [b["board"] for b in data["boards"]] == [1, 2]
    records = json.loads(client.get(reverse("tournaments:records", args=[t.pk])).content)
    assert len(records) == 4
    text = client.get(reverse("tournaments:results_csv", args=[t.pk])).content.decode("utf-8-sig")
    assert len(list(csv.reader(io.StringIO(text)))) == 1 + 4 and "520" not in _cells(text)
    # Once table 2 has played board 3, everything shows it.
    play_table(rnd, 2, 1)
    records = json.loads(client.get(reverse("tournaments:records", args=[t.pk])).content)
    assert len(records) == 6
    text = client.get(reverse("tournaments:results_csv", args=[t.pk])).content.decode("utf-8-sig")
    assert len(list(csv.reader(io.StringIO(text)))) == 1 + 6 and "520" in _cells(text)
    assert sr.entry_result(_fresh(t).entries.get(player=player))["total"] == 1000


def test_a_closed_round_shows_every_result(board3_held, client):
    t, rnd = board3_held
    RoundPlay.objects.filter(round=rnd).update(closed_at=timezone.now())
    Tournament.objects.filter(pk=t.pk).update(version=F("version") + 1)
    page = _sheet(client, t, rnd, 1, table_users(rnd, 2)["N"]).content.decode()
    assert _rows(page) == 3
    records = json.loads(client.get(reverse("tournaments:records", args=[t.pk])).content)
    assert len(records) == 5


def test_the_projectors_running_totals_count_the_boards_every_table_has_played(hall, client):
    """Table 1 is at board 3, table 2 at board 2: table 1's running total is its board
    1 alone until table 2 enters board 2."""
    t, rnd = hall
    play_table(rnd, 1, 1)
    play_table(rnd, 1, 1, contract="10NT", tricks=10)  # board 2: 520
    play_table(rnd, 2, 1)
    url = reverse("tournaments:projector_tables", args=[t.pk])
    running = sr.standings_page(_fresh(t))["running"]
    by_table = {g["table"]: {s["side"]: s["total"] for s in g["sides"]} for g in running}
    assert by_table[1]["NS"] == 240 and by_table[2]["NS"] == 240
    page = client.get(url).content.decode()
    assert not _shows(page, 520) and not _shows(page, 760)
    play_table(rnd, 2, 1)
    running = sr.standings_page(_fresh(t))["running"]
    by_table = {g["table"]: {s["side"]: s["total"] for s in g["sides"]} for g in running}
    assert by_table[1]["NS"] == 760 and by_table[2]["NS"] == 480
    assert "760" in client.get(url).content.decode()


def test_the_season_counts_a_duplicate_round_once_no_board_is_held(board3_held):
    t, rnd = board3_held
    assert [r for r in sr.season_page([_fresh(t)])["rows"] if r["line"].total] == []
    play_table(rnd, 2, 1)
    totals = sorted(r["line"].total for r in sr.season_page([_fresh(t)])["rows"])
    assert totals[-1] == 1000


def test_an_ordinary_tournaments_sheet_and_running_totals_are_unchanged(
    make_tournament, add_present, director, client
):
    """Another table's sheet and the running totals show every hand at once."""
    t = make_tournament(status="running", rounds_total=1, hands_per_game=4)
    add_present(t, 8)
    rnd = play_round(t, director)
    play_table(rnd, 1, 2)
    page = _sheet(client, t, rnd, 1, table_users(rnd, 2)["N"]).content.decode()
    assert _rows(page) == 2 and 'data-testid="total-ns">480<' in page
    running = sr.standings_page(_fresh(t))["running"]
    assert {s["side"]: s["total"] for s in running[0]["sides"]}["NS"] == 480


def test_an_online_tables_sheet_waits_for_the_board_at_the_other_table(
    make_tournament, add_present, director, client
):
    """Online: table 1 has played boards 1 and 2, table 2 board 1; a player of table 2
    reads table 1's sheet with board 1 only, and the records leave board 2 out."""
    from tests.tournaments.day import drive_live

    t = _duplicate(make_tournament, add_present)
    rnd, live = online_duplicate_round(t, director)
    drive_live(live[1], until_hands=2)
    drive_live(live[2], until_hands=1)
    page = _sheet(client, t, rnd, 1, table_users(rnd, 2)["N"]).content.decode()
    assert _rows(page) == 1 and 'data-testid="sheet-held"' in page
    assert "Prochaine brasse" not in page  # nor how far the table has got
    assert _rows(_sheet(client, t, rnd, 1, table_users(rnd, 1)["E"]).content.decode()) == 2
    records = json.loads(client.get(reverse("tournaments:records", args=[t.pk])).content)
    board1 = HandScore.objects.filter(game__round=rnd, redeal=False, live_hand__board=1)
    assert len(records) == board1.count()  # an all-pass board has no record
    drive_live(live[2], until_hands=2)
    page = _sheet(client, t, rnd, 1, table_users(rnd, 2)["N"]).content.decode()
    assert _rows(page) == 2 and 'data-testid="sheet-held"' not in page
