"""Score entry that survives the network: each hand entered, each confirmation and each
450 round carries its phone's key; a resent entry answers with the stored result and
writes nothing; a conflict (the other side entered the hand meanwhile, the hand was
confirmed already or taken back, the round closed) writes nothing, answers a code and a
message in the member's language, and waits on the table's sheet and the director's
console until the director settles it."""

from __future__ import annotations

import uuid

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from club.models import ActivityLog
from tests.tournaments.day import play_round, table_users
from tests.tournaments.kinds.four_fifty.day import FOUR, FOUR_POINTS, make_450
from tournaments import selectors_tables as ts
from tournaments.kinds.four_fifty import sheet as sheet450
from tournaments.models import HandScore, RoundPlay, Seat, SheetLine, SheetSubmission
from tournaments.services import results as rs
from tournaments.services import submissions

JSON = {"HTTP_ACCEPT": "application/json"}


@pytest.fixture
def table(make_tournament, add_present, director):
    """A running 500 tournament, round 1 playing: table 1 (its players by seat, its game)."""
    t = make_tournament(status="running", rounds_total=1, hands_per_game=4)
    add_present(t, 4)
    rnd = play_round(t, director)
    return t, rnd, table_users(rnd, 1), ts.table_game(rnd, 1)


def phone(user, language="fr") -> Client:
    c = Client(HTTP_ACCEPT_LANGUAGE=language)
    c.force_login(user)
    return c


def url(name, t, table=1):
    return reverse(f"tournaments:{name}", args=[t.pk, 1, table])


def hand(seq, key, **fields):
    return {
        "seq": seq,
        "entry_key": str(key),
        "declarer": "N",
        "contract": "8S",
        "tricks": "9",
    } | fields


def test_a_hand_sent_twice_with_its_key_is_written_once_with_the_same_answer(table):
    t, rnd, p, game = table
    key = uuid.uuid4()
    north = phone(p["N"])
    first = north.post(url("sheet_enter", t), hand(1, key), **JSON)
    again = north.post(url("sheet_enter", t), hand(1, key), **JSON)
    assert first.status_code == again.status_code == 200
    assert (
        first.json()
        == again.json()
        == {
            "ok": True,
            "result": "done",
            "code": "entered",
            "message": "",
            "seq": 1,
        }
    )
    row = HandScore.objects.get(game=game)
    assert (row.seq, row.ns_score, row.ew_score, row.entered_by) == (1, 240, 10, p["N"])
    assert SheetSubmission.objects.filter(key=key).count() == 1
    # The next hand goes on: its own key, the next row.
    assert north.post(url("sheet_enter", t), hand(2, uuid.uuid4()), **JSON).status_code == 200
    assert list(game.hands.values_list("seq", flat=True)) == [1, 2]


def test_an_htmx_form_with_a_key_sent_twice_writes_once(table):
    t, rnd, p, game = table
    north = phone(p["N"])
    data = hand(1, uuid.uuid4())
    for _attempt in range(2):
        response = north.post(url("sheet_enter", t), data, HTTP_HX_REQUEST="true")
        assert response.status_code == 200
        assert 'data-testid="sheet-error"' not in response.content.decode()
    assert game.hands.count() == 1


def test_a_confirmation_sent_twice_confirms_once(table):
    t, rnd, p, game = table
    row = rs.hand_enter(game=game, user=p["N"], seq=1, declarer="N", contract="8S", tricks=9)
    east = phone(p["E"])
    data = {"hand": row.pk, "seq": 1, "entry_key": str(uuid.uuid4())}
    answers = [east.post(url("sheet_confirm", t), data, **JSON) for _attempt in range(2)]
    assert [a.status_code for a in answers] == [200, 200]
    assert answers[0].json() == answers[1].json()
    assert answers[0].json()["code"] == "confirmed"
    row.refresh_from_db()
    assert row.confirmed and row.confirmed_by == p["E"]
    first_time = row.confirmed_at
    row.refresh_from_db()
    assert row.confirmed_at == first_time


def test_the_other_side_entered_the_hand_meanwhile_a_conflict_nothing_written(
    table, director_client
):
    t, rnd, p, game = table
    rs.hand_enter(game=game, user=p["E"], seq=1, declarer="E", contract="7H", tricks=7)
    key = uuid.uuid4()
    north = phone(p["N"])
    answer = north.post(url("sheet_enter", t), hand(1, key), **JSON)
    assert answer.status_code == 409
    body = answer.json()
    assert (body["ok"], body["result"], body["code"]) == (False, "conflict", "already_entered")
    assert p["E"].public_name in body["message"] and "déjà été inscrite" in body["message"]
    only = HandScore.objects.get(game=game)
    assert (only.entered_by, only.contract, only.ew_score) == (p["E"], "7H", 200)
    # Sent again (the queue after a lost answer): the same conflict, nothing more.
    assert north.post(url("sheet_enter", t), hand(1, key), **JSON).json() == body
    assert game.hands.count() == 1
    stored = SheetSubmission.objects.get(key=key)
    assert stored.result == "conflict" and stored.sent == "N · 8S · 9"
    assert [name for name, _value in stored.data] == ["seq", "declarer", "contract", "tricks"]
    # Both sides see it on the sheet, the director on the console.
    for user in (p["N"], p["E"]):
        page = phone(user).get(url("sheet", t)).content.decode()
        assert 'data-testid="sheet-conflict"' in page and "Rien n’a été écrasé" in page
    console = director_client.get(reverse("tournaments:console", args=[t.pk])).content.decode()
    assert 'data-testid="console-conflict"' in console and "8S" in console


@pytest.mark.parametrize(
    "meanwhile, code",
    [
        (lambda row, p: rs.hand_confirm(hand=row, user=p["W"]), "already_confirmed"),
        (lambda row, p: rs.hand_withdraw(hand=row, user=p["N"]), "row_gone"),
    ],
    ids=["confirmed by the partner", "taken back"],
)
def test_a_confirmation_of_a_hand_confirmed_or_taken_back_meanwhile_is_a_conflict(
    table, meanwhile, code
):
    t, rnd, p, game = table
    row = rs.hand_enter(game=game, user=p["N"], seq=1, declarer="N", contract="8S", tricks=9)
    meanwhile(row, p)
    before = list(game.hands.values("pk", "confirmed_by"))
    answer = phone(p["E"]).post(
        url("sheet_confirm", t), {"hand": row.pk, "seq": 1, "entry_key": str(uuid.uuid4())}, **JSON
    )
    assert answer.status_code == 409 and answer.json()["code"] == code
    if code == "already_confirmed":
        assert answer.json()["message"] == "Cette brasse est déjà confirmée."
    assert list(game.hands.values("pk", "confirmed_by")) == before


def test_a_confirmation_that_arrives_before_its_hand_confirms_nothing_and_blocks_nothing(table):
    """A confirmation names the row its phone was shown (the row's id): one that reaches
    the server before any such row (the sheet's pages cannot send it, a forged or
    mixed-up one can) is a conflict, resent with the same answer; the hand entered
    afterwards is written, pending, and is confirmed only as the sheet shows it."""
    t, rnd, p, game = table
    east = phone(p["E"])
    early = {"hand": 10**9, "seq": 1, "entry_key": str(uuid.uuid4())}
    answer = east.post(url("sheet_confirm", t), early, **JSON)
    assert answer.status_code == 409
    assert (answer.json()["result"], answer.json()["code"]) == ("conflict", "row_gone")
    assert east.post(url("sheet_confirm", t), early, **JSON).json() == answer.json()
    assert not game.hands.exists()
    entered = phone(p["N"]).post(url("sheet_enter", t), hand(1, uuid.uuid4()), **JSON)
    assert entered.status_code == 200
    row = HandScore.objects.get(game=game)
    assert (row.seq, row.confirmed) == (1, False)
    assert east.post(url("sheet_confirm", t), early, **JSON).json() == answer.json()
    row.refresh_from_db()
    assert not row.confirmed
    named = {"hand": row.pk, "seq": 1, "entry_key": str(uuid.uuid4())}
    assert east.post(url("sheet_confirm", t), named, **JSON).json()["code"] == "confirmed"
    row.refresh_from_db()
    assert row.confirmed and row.confirmed_by == p["E"]


def test_a_round_closed_meanwhile_is_a_conflict_in_english_too(table):
    t, rnd, p, game = table
    RoundPlay.objects.filter(round=rnd).update(closed_at=timezone.now())
    p["N"].preferred_language = "en"
    p["N"].save(update_fields=["preferred_language"])
    answer = phone(p["N"], "en").post(url("sheet_enter", t), hand(1, uuid.uuid4()), **JSON)
    assert answer.status_code == 409
    assert answer.json()["code"] == "round_closed"
    assert answer.json()["message"] == ("This round is closed: ask the director to correct a hand.")
    assert not game.hands.exists()


def test_a_refusal_that_is_no_conflict_stores_nothing_and_the_entry_can_be_fixed(table):
    t, rnd, p, game = table
    key = uuid.uuid4()
    north = phone(p["N"])
    bad = north.post(url("sheet_enter", t), hand(1, key, contract="12S"), **JSON)
    assert bad.status_code == 422 and bad.json()["result"] == "refused"
    assert not SheetSubmission.objects.exists() and not game.hands.exists()
    assert north.post(url("sheet_enter", t), hand(1, key), **JSON).status_code == 200
    assert game.hands.count() == 1


def test_a_key_is_one_members_and_the_queue_always_sends_one(table):
    t, rnd, p, game = table
    key = uuid.uuid4()
    assert phone(p["N"]).post(url("sheet_enter", t), hand(1, key), **JSON).status_code == 200
    other = phone(p["S"]).post(url("sheet_enter", t), hand(2, key), **JSON)
    assert other.status_code == 422 and other.json()["code"] == "bad_key"
    missing = phone(p["S"]).post(url("sheet_enter", t), hand(2, ""), **JSON)
    assert missing.status_code == 422 and missing.json()["code"] == "bad_key"
    assert game.hands.count() == 1


def test_the_director_settles_a_conflict_it_leaves_the_sheet_and_is_logged(
    table, director, director_client
):
    t, rnd, p, game = table
    rs.hand_enter(game=game, user=p["E"], seq=1, declarer="E", contract="7H", tricks=7)
    phone(p["N"]).post(url("sheet_enter", t), hand(1, uuid.uuid4()), **JSON)
    conflict = SheetSubmission.objects.get(result="conflict")
    response = director_client.post(
        reverse("tournaments:resolve_conflict", args=[t.pk, conflict.pk]), {"round": 1}
    )
    assert response.status_code == 302
    conflict.refresh_from_db()
    assert conflict.resolved_by == director and conflict.resolved_at is not None
    assert ActivityLog.objects.filter(kind="results.conflict_resolved").count() == 1
    page = phone(p["N"]).get(url("sheet", t)).content.decode()
    assert 'data-testid="sheet-conflict"' not in page
    # A player cannot settle it.
    refused = phone(p["N"]).post(reverse("tournaments:resolve_conflict", args=[t.pk, conflict.pk]))
    assert refused.status_code in (302, 403)


def test_the_entry_form_carries_a_key_field_and_the_dealers_that_follow(table):
    t, rnd, p, game = table
    page = phone(p["N"]).get(url("sheet", t)).content.decode()
    assert 'name="entry_key"' in page and 'data-entry-queue="enter"' in page
    assert 'data-rotation="N E S O"' in page and 'data-hand="1"' in page
    assert "js/entryqueue.js" in page


# --- the 450 secretary's sheet ---------------------------------------------------------


@pytest.fixture
def sheet450_table(make_tournament, add_present, director):
    t = make_450(make_tournament, add_present, 4, variant_options={"end": "rounds", "rounds": 2})
    rnd = play_round(t, director)
    n = Seat.objects.filter(round=rnd).values_list("table", flat=True).first()
    return t, rnd, n, table_users(rnd, n), ts.table_game(rnd, n)


def test_a_450_round_sent_twice_is_one_line_and_a_conflict_writes_nothing(sheet450_table):
    t, rnd, n, p, game = sheet450_table
    key = uuid.uuid4()
    secretary = phone(p["P1"])
    data = {"seq": 1, "entry_key": str(key), **FOUR}
    answers = [secretary.post(url("sheet_enter", t, n), data, **JSON) for _attempt in range(2)]
    assert [a.status_code for a in answers] == [200, 200]
    assert answers[0].json() == answers[1].json()
    line = SheetLine.objects.get(game=game)
    assert line.points == FOUR_POINTS and line.entered_by == p["P1"]
    # Another player entered round 2 meanwhile: P3's copy is refused, nothing written.
    sheet450.line_enter(game=game, user=p["P2"], seq=2, data=FOUR)
    clash = phone(p["P3"]).post(
        url("sheet_enter", t, n), {"seq": 2, "entry_key": str(uuid.uuid4()), **FOUR}, **JSON
    )
    assert clash.status_code == 409 and clash.json()["code"] == "already_entered"
    assert "déjà été inscrite" in clash.json()["message"]
    assert list(game.sheet_lines.values_list("entered_by", flat=True)) == [p["P1"].pk, p["P2"].pk]
    # A confirmation with its key, twice: one sign-off.
    confirm = {"line": line.pk, "seq": 1, "entry_key": str(uuid.uuid4())}
    for _attempt in range(2):
        assert phone(p["P4"]).post(url("sheet_confirm", t, n), confirm, **JSON).status_code == 200
    line.refresh_from_db()
    assert line.confirmed and line.confirmed_by == p["P4"]
    assert SheetSubmission.objects.filter(result="done").count() == 2


def test_is_conflict_names_the_sheet_changes():
    from tournaments.errors import ConflictError, TournamentError

    assert submissions.is_conflict(ConflictError("stale", "x"))
    assert submissions.is_conflict(TournamentError("round_closed", "x"))
    assert not submissions.is_conflict(TournamentError("bad_pin", "x"))
