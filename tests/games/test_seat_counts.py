"""Live tables of 2, 3, 5 and 6 seats: the lobby, the seats, bots, records and replays."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from games import selectors, services
from games.engine import check_record, get_variant
from games.errors import TableError
from games.models import GameHand, Seat, Table
from tests.games.conftest import drive_until, table_state

pytestmark = pytest.mark.django_db

#: One table per count, with the options of that count worth exercising.
COUNTS = {
    2: {"players": 2, "breach": True},
    3: {"players": 3, "set_rule": True},
    5: {"players": 5, "partner_reveal": "on_play"},
    6: {"players": 6, "teams": "3x2", "jokers": 2},
}

LOBBY_POST = {
    "variant": "quebec",
    "end": "preset",
    "visibility": "public",
    "bot_delay_ms": "100",
    "absence_grace_seconds": "60",
}


def bot_table(host, options, seed=41):
    """A started table of ``options``' count, every seat a bot, bots at once."""
    table = services.table_create(
        host=host, variant="quebec", options=options, seed=seed, bot_delay_ms=0
    )
    Seat.objects.filter(table=table).update(user=None)
    services.table_fill_with_bots(table_id=table.pk, user=host)
    services.table_start(table_id=table.pk, user=host)
    return table


def played(table, hands: int) -> list[GameHand]:
    """Drive the bots until ``hands`` hands (redeals not counted) are finished."""

    def done():
        return (
            GameHand.objects.filter(table=table, result__isnull=False)
            .exclude(result__redeal=True)
            .count()
            >= hands
            or Table.objects.get(pk=table.pk).status == "finished"
        )

    drive_until(table.pk, done)
    return list(GameHand.objects.filter(table=table, result__isnull=False).order_by("number"))


@pytest.mark.parametrize("count", sorted(COUNTS))
def test_a_table_has_the_engines_seats_for_its_count_with_the_host_in_the_first(count, make_member):
    host = make_member()
    table = services.table_create(host=host, variant="quebec", options=COUNTS[count], seed=3)
    seats = list(Seat.objects.filter(table=table).order_by("position"))
    assert [s.seat for s in seats] == list(get_variant("quebec", COUNTS[count]).seats)
    assert [s.seat for s in seats] == [f"P{i + 1}" for i in range(count)]
    assert seats[0].user == host and all(s.is_free for s in seats[1:])
    assert table.options == COUNTS[count]
    with pytest.raises(TableError):
        services.table_join(table_id=table.pk, user=make_member(), seat="N")


@pytest.mark.parametrize("count", sorted(COUNTS))
def test_bots_fill_every_empty_seat_and_the_sheet_equals_check_on_the_records(count, make_member):
    host = make_member()
    table = bot_table(host, COUNTS[count])
    hands = played(table, 3)
    state = table_state(table.pk)
    sheet = selectors.score_sheet(state)
    records = [selectors.hand_record(table, row.number) for row in hands]
    checked = [check_record(record) for record in records]
    assert all(c["ok"] for c in checked), checked
    assert [c["score"] for c in checked] == [row["score"] for row in sheet]
    sides = list(get_variant("quebec", COUNTS[count]).team_names)
    assert sorted(sheet[-1]["totals"]) == sorted(sides)
    assert sheet[-1]["totals"] == {
        side: sum(c["score"].get(side, 0) for c in checked) for side in sides
    }
    for record in records:
        assert set(record["hands"]) == {f"P{i + 1}" for i in range(count)}
        assert ("dead" in record) == (count == 2)


def test_a_five_seat_partner_call_and_a_two_seat_breach_are_played_by_bots(make_member):
    host = make_member()
    five = bot_table(host, COUNTS[5], seed=7)
    records = [selectors.hand_record(five, h.number) for h in played(five, 4)]
    assert any(any(c.startswith("partner:") or c == "alone" for c in r["calls"]) for r in records)
    two = bot_table(host, {"players": 2, "breach": True}, seed=8)
    results = [h.result for h in played(two, 6)]
    assert all(set(r["score"]) <= {"P1", "P2"} for r in results)


def test_the_lobby_opens_a_table_for_the_chosen_count(client, make_member):
    host = make_member()
    client.force_login(host)
    response = client.post(
        reverse("games:lobby"),
        {**LOBBY_POST, "name": "Cinq", "players_500": "5", "opt_partner_reveal": "on_play"},
    )
    table = Table.objects.get(name="Cinq")
    assert response.status_code == 302
    assert table.options == {"players": 5, "partner_reveal": "on_play"}
    assert list(Seat.objects.filter(table=table).values_list("seat", flat=True)) == [
        "P1",
        "P2",
        "P3",
        "P4",
        "P5",
    ]


def test_the_lobby_offers_the_counts_and_marks_the_options_of_some_counts(client, make_member):
    client.force_login(make_member())
    html = client.get(reverse("games:lobby")).content.decode()
    for count in range(2, 7):
        assert f'<option value="{count}"' in html
    assert 'data-players="6"' in html and 'data-players="5"' in html
    assert 'data-decks-for="2:33 3:33 4:43/45/46 5:53 6:63"' in html


@pytest.mark.parametrize(
    "fields, named",
    [
        (
            {"players_500": "5", "opt_teams": "3x2"},
            ["Équipes à six : trois équipes de deux", "Joueurs : 5"],
        ),
        ({"players_500": "3", "opt_deck": "46"}, ["Paquet : 46", "Joueurs : 3"]),
        ({"players_500": "4", "opt_partner_reveal": "on_play"}, ["Joueurs : 4"]),
    ],
)
def test_the_lobby_refuses_options_that_do_not_fit_the_count_in_french(
    client, make_member, fields, named
):
    client.force_login(make_member())
    response = client.post(
        reverse("games:lobby"), {**LOBBY_POST, **fields}, HTTP_ACCEPT_LANGUAGE="fr"
    )
    assert response.status_code == 200 and not Table.objects.exists()
    errors = " ".join(str(e) for e in response.context["form"].non_field_errors())
    assert errors.startswith("Ces options ne vont pas ensemble")
    for text in named:
        assert text in errors.replace("\u00a0", " ")


@pytest.mark.parametrize("count", [2, 6])
def test_replay_page_and_downloads_of_a_table_of_n_seats(client, make_member, count):
    host = make_member()
    table = bot_table(host, COUNTS[count])
    hands = played(table, 1)
    client.force_login(host)
    number = hands[-1].number
    response = client.get(reverse("games:hand_replay", args=[table.pk, number]))
    assert response.status_code == 200
    record = json.loads(response.context["record_json"])
    assert set(record["hands"]) == {f"P{i + 1}" for i in range(count)}
    download = client.get(reverse("games:hand_record", args=[table.pk, number])).json()
    assert download == record and check_record(download)["ok"]
    records = client.get(reverse("games:game_records", args=[table.pk])).json()
    assert records[-1] == record


@pytest.mark.parametrize("count", sorted(COUNTS))
def test_replay_steps_come_from_the_engine_for_every_count(make_member, count):
    from games.kinds.five_hundred.replay import replay_steps

    host = make_member()
    table = bot_table(host, COUNTS[count], seed=13)
    number = played(table, 1)[-1].number
    record = selectors.hand_record(table, number)
    replayed = replay_steps(record)
    steps = replayed["steps"]
    entries = [*record["calls"], *record.get("discards", []), *record.get("play", [])]
    assert [s["action"] for s in steps[1:]] == entries
    assert {s: set(c) for s, c in steps[0]["hands"].items()} == {
        s: set(c) for s, c in record["hands"].items()
    }
    assert replayed["seats"] == [f"P{i + 1}" for i in range(count)]
    assert replayed["dead"] == record.get("dead", [])
    result = {k: v for k, v in check_record(record).items() if k not in ("ok", "complete")}
    assert steps[-1]["result"] == result
    if record.get("play"):
        assert all(cards == [] for cards in steps[-1]["hands"].values())
        won = sum(1 for s in steps for e in s["events"] if e["type"] == "trick_won")
        assert won == 10
