"""Pages of live 450 tables: the lobby's form, the table page, the replay, the records,
in French first."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games import services
from games.engine.four_fifty import check_record
from games.models import Seat, Table
from tests.french_leaks import leaks, visible
from tests.games.conftest import drive_until

pytestmark = pytest.mark.django_db


@pytest.fixture
def host(make_member):
    return make_member(first_name="Hôte", last_name="Lavoie", preferred_language="fr")


def test_the_lobby_opens_a_450_table_for_the_chosen_count_with_the_host_in_seat_1(client, host):
    client.force_login(host)
    page = client.get(reverse("games:lobby")).content.decode()
    assert "450 (la piquée)" in page and 'name="players_450"' in page
    response = client.post(
        reverse("games:lobby"),
        {
            "name": "Piquée",
            "game": "450",
            "players_450": "5",
            "variant": "quebec",
            "end": "target",
            "target": "400",
            "visibility": "public",
            "bot_delay_ms": "100",
            "absence_grace_seconds": "30",
        },
    )
    table = Table.objects.get(name="Piquée")
    assert response.status_code == 302 and response["Location"] == table.get_absolute_url()
    assert table.variant == "450"
    assert table.options == {"players": 5, "end": "target", "target": 400}
    assert list(table.seats.values_list("seat", flat=True)) == ["P1", "P2", "P3", "P4", "P5"]
    assert Seat.objects.get(table=table, seat="P1").user == host


def test_a_bad_450_setting_is_a_form_error_in_french_and_creates_nothing(client, host):
    client.force_login(host)
    response = client.post(
        reverse("games:lobby"),
        {
            "game": "450",
            "players_450": "4",
            "end": "target",
            "target": "9000",
            "visibility": "public",
            "bot_delay_ms": "100",
            "absence_grace_seconds": "30",
        },
    )
    assert response.status_code == 200 and not Table.objects.exists()
    assert "Ces options ne vont pas ensemble" in response.content.decode()


def test_a_finished_450_table_in_french_shows_its_page_replay_and_records(client, host):
    table = services.table_create(
        host=host,
        kind="450",
        name="Trois à la piquée",
        options={"players": 3, "end": "rounds", "rounds": 1},
        seed=33,
        bot_delay_ms=0,
    )
    services.table_fill_with_bots(table_id=table.pk, user=host)
    services.table_start(table_id=table.pk, user=host)
    Seat.objects.filter(table=table, seat="P1").update(user=None, is_bot=True)
    drive_until(table.pk, lambda: Table.objects.get(pk=table.pk).status == "finished")
    client.force_login(host)
    page = client.get(table.get_absolute_url())
    html = page.content.decode()
    assert "js/kinds/four_fifty/table.js" in html and "450 (la piquée)" in html
    snapshot = page.context["snapshot"]
    assert snapshot["game"]["is_over"] and len(snapshot["sheet"]) == 1
    assert not leaks(visible(html))
    record = client.get(reverse("games:hand_record", args=[table.pk, 1])).json()
    assert record["format"] == "club450-hand/1"
    assert check_record(record)["points"] == snapshot["sheet"][0]["points"]
    replay = client.get(reverse("games:hand_replay", args=[table.pk, 1]))
    text = replay.content.decode()
    assert "Reprise de la manche 1" in text and "js/kinds/four_fifty/replay.js" in text
    assert "js/replay.js" in text and "kinds/four_fifty/table.css" in text
    data = replay.context["replay"]
    assert data["steps"][-1]["view"]["result"]["points"] == snapshot["sheet"][0]["points"]
    assert [s["seat"] for s in data["players"]] == ["P1", "P2", "P3"]


def test_the_table_hides_a_present_dealers_face_up_cards_after_20_seconds(host):
    """The wake-up in the live core: the runner looks again when the dealer's time is
    up, and plays ``hide`` for him (logged as the table's, by_bot)."""
    from datetime import timedelta

    from games.models import Action, Presence

    table = services.table_create(
        host=host, kind="450", options={"players": 4}, seed=8, bot_delay_ms=0, first_dealer="P1"
    )
    services.table_fill_with_bots(table_id=table.pk, user=host)
    services.table_start(table_id=table.pk, user=host)
    start = Table.objects.get(pk=table.pk).started_at
    Presence.objects.create(
        table=table, user=host, channel_name="test-socket", seen_at=start + timedelta(seconds=30)
    )
    wait = services.table_drive(table_id=table.pk, now=start + timedelta(seconds=5))
    assert wait == pytest.approx(15) and not Action.objects.filter(hand__table=table).exists()
    table.refresh_from_db()
    assert table.wake_at == start + timedelta(seconds=20)
    services.table_drive(table_id=table.pk, now=start + timedelta(seconds=20))
    hide = Action.objects.get(hand__table=table)
    assert (hide.seat, hide.action, hide.by_bot) == ("P1", "hide", True)
