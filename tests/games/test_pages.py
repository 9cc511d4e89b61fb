"""Pages of the live tables with Django's test client: lobby, table, seats, replays."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from games import services
from games.models import Seat, Table
from tests.games.conftest import finished_hand_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def host(make_member):
    return make_member(first_name="Hôte", last_name="Lavoie")


@pytest.fixture
def guest(make_member):
    return make_member(first_name="Invité", last_name="Roy")


@pytest.fixture
def open_table(host):
    return services.table_create(host=host, variant="quebec", name="Mardi soir", seed=5)


def messages_of(response):
    return [str(m) for m in response.context["messages"]] if response.context else []


def follow_post(client, url, data=None):
    response = client.post(url, data or {}, follow=True)
    assert response.status_code == 200
    return response


# ------------------------------------------------------------------ lobby
def test_lobby_needs_login(client):
    response = client.get(reverse("games:lobby"))
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]


def test_lobby_renders_in_french_with_the_form_and_live_tables(client, host, open_table):
    client.force_login(host)
    response = client.get(reverse("games:lobby"))
    assert response.status_code == 200
    html = response.content.decode()
    assert 'lang="fr-CA"' in html
    assert "Tables en cours" in html
    assert "Ouvrir une table" in html
    assert "Mardi soir" in html
    assert 'data-testid="table-form"' in html
    assert "<details" in html and 'name="opt_deck"' in html  # advanced options
    assert "js/lobby.js" in html
    assert reverse("games:lobby") in html  # nav link and hx-get


def test_lobby_folds_all_but_the_game_and_the_count_under_more_options(client, host):
    """Closed on a first visit; opened by itself when a folded setting is refused, the
    error shown and no table made."""
    client.force_login(host)
    html = client.get(reverse("games:lobby")).content.decode()
    assert '<details class="more-options" data-testid="more-options">' in html
    assert "Plus d'options" in html and ">Commencer</button>" in html
    before = Table.objects.count()
    form = {
        "game": "500",
        "players_500": "4",
        "variant": "quebec",
        "end": "preset",
        "visibility": "public",
        "bot_delay_ms": "1200",
        "absence_grace_seconds": "1",
        "review_seconds": "30",
    }
    response = client.post(reverse("games:lobby"), form)
    assert response.status_code == 200
    html = response.content.decode()
    assert '<details class="more-options" data-testid="more-options" open>' in html
    assert 'id="id_absence_grace_seconds_errors"' in html
    assert html.count('class="field-errors"') == 1
    assert Table.objects.count() == before


def test_lobby_htmx_partial_is_only_the_list(client, host, open_table):
    client.force_login(host)
    response = client.get(reverse("games:lobby"), HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert [t.name for t in response.templates][0] == "games/_table_list.html"
    html = response.content.decode()
    assert "<html" not in html
    assert "Mardi soir" in html
    assert f'href="{open_table.get_absolute_url()}"' in html


def test_lobby_hides_other_members_invite_only_tables(client, host, guest):
    services.table_create(host=host, name="Privée", visibility=Table.Visibility.INVITE)
    client.force_login(guest)
    assert "Privée" not in client.get(reverse("games:lobby")).content.decode()


def test_creating_a_table_redirects_to_it_with_the_host_in_north(client, host):
    client.force_login(host)
    response = client.post(
        reverse("games:lobby"),
        {
            "name": "Les As",
            "variant": "quebec",
            "end": "hands",
            "hands_per_game": "4",
            "visibility": "public",
            "bot_delay_ms": "100",
            "absence_grace_seconds": "30",
            "review_seconds": "12",
            "opt_deck": "",
            "opt_score_table": "perfect",
        },
    )
    table = Table.objects.get(name="Les As")
    assert response.status_code == 302
    assert response["Location"] == table.get_absolute_url()
    assert Seat.objects.get(table=table, seat="N").user == host
    assert table.bot_delay_ms == 100 and table.absence_grace_seconds == 30
    assert table.review_seconds == 12
    assert table.options["hands_per_game"] == 4 and table.options["score_table"] == "perfect"


def test_invalid_options_show_a_field_error_and_create_nothing(client, host):
    client.force_login(host)
    response = client.post(
        reverse("games:lobby"),
        {
            "variant": "quebec",
            "end": "preset",
            "visibility": "public",
            "bot_delay_ms": "1200",
            "absence_grace_seconds": "60",
            "opt_deck": "44",
        },
    )
    assert response.status_code == 200
    assert not Table.objects.exists()
    assert response.context["form"].errors["opt_deck"]
    html = response.content.decode()
    assert 'id="id_opt_deck_errors"' in html
    assert '<details class="advanced" open' in html  # opened to show the error


# ------------------------------------------------------------------ table page
def test_table_page_of_a_public_table(client, guest, open_table):
    client.force_login(guest)
    response = client.get(open_table.get_absolute_url())
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="table-state"' in html and "js/table.js" in html
    assert reverse("javascript-catalog") in html
    assert response.context["snapshot"]["table"]["you"] is None
    assert reverse("games:table_sit", args=[open_table.pk]) in html  # sit here (no JS)


def test_invite_only_table_says_so_to_others_until_they_open_the_link(client, host, guest):
    """Without the invitation: a 403 page saying the table is invite-only, with a way
    back to the lobby (and not the table's name); with it, the table."""
    table = services.table_create(host=host, name="Privée", visibility=Table.Visibility.INVITE)
    client.force_login(host)
    page = client.get(table.get_absolute_url()).content.decode()
    assert table.invite_url in page  # the host sees the link to send
    client.force_login(guest)
    refused = client.get(table.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="fr")
    assert refused.status_code == 403
    html = refused.content.decode()
    assert "Cette table est sur invitation" in html
    assert f'href="{reverse("games:lobby")}"' in html and "Privée" not in html
    sit = client.post(reverse("games:table_sit", args=[table.pk]), {"seat": "E"})
    assert sit.status_code == 403 and not table.seats.filter(user=guest).exists()
    assert client.get(reverse("games:game_records", args=[table.pk])).status_code == 403
    response = client.get(table.invite_url)
    assert response.status_code == 302 and response["Location"] == table.get_absolute_url()
    assert client.get(table.get_absolute_url()).status_code == 200
    assert table.invite_url not in client.get(table.get_absolute_url()).content.decode()


def test_sit_leave_and_their_errors(client, host, guest, open_table):
    client.force_login(guest)
    sit = reverse("games:table_sit", args=[open_table.pk])
    response = follow_post(client, sit, {"seat": "N"})
    assert "Ce siège est pris." in messages_of(response)
    response = client.post(sit, {"seat": "E"})
    assert response.status_code == 302 and response["Location"] == open_table.get_absolute_url()
    assert Seat.objects.get(table=open_table, seat="E").user == guest
    response = follow_post(client, sit, {"seat": "S"})
    assert "Vous avez déjà un siège à cette table." in messages_of(response)
    client.post(reverse("games:table_leave", args=[open_table.pk]))
    assert Seat.objects.get(table=open_table, seat="E").user is None
    response = follow_post(client, reverse("games:table_leave", args=[open_table.pk]))
    assert "Vous n’avez pas de siège à cette table." in messages_of(
        response
    ) or "Vous n'avez pas de siège à cette table." in messages_of(response)


def test_sit_needs_post(client, guest, open_table):
    client.force_login(guest)
    assert client.get(reverse("games:table_sit", args=[open_table.pk])).status_code == 405


def test_host_adds_and_removes_bots_fills_and_starts(client, host, guest, open_table):
    client.force_login(guest)
    response = follow_post(
        client, reverse("games:table_bot", args=[open_table.pk]), {"seat": "E", "bot": "1"}
    )
    assert "Seul l’hôte peut faire cela." in messages_of(
        response
    ) or "Seul l'hôte peut faire cela." in messages_of(response)
    assert not Seat.objects.get(table=open_table, seat="E").is_bot

    client.force_login(host)
    response = follow_post(client, reverse("games:table_start", args=[open_table.pk]))
    assert any("bot" in m for m in messages_of(response))  # every seat needs a player or a bot
    client.post(reverse("games:table_bot", args=[open_table.pk]), {"seat": "E", "bot": "1"})
    assert Seat.objects.get(table=open_table, seat="E").is_bot
    client.post(reverse("games:table_bot", args=[open_table.pk]), {"seat": "E", "bot": "0"})
    assert not Seat.objects.get(table=open_table, seat="E").is_bot
    client.post(reverse("games:table_fill_bots", args=[open_table.pk]))
    assert Seat.objects.filter(table=open_table, is_bot=True).count() == 3
    response = client.post(reverse("games:table_start", args=[open_table.pk]))
    assert response.status_code == 302
    open_table.refresh_from_db()
    assert open_table.status == Table.Status.PLAYING
    page = client.get(open_table.get_absolute_url())
    snapshot = page.context["snapshot"]
    assert snapshot["table"]["you"] == "N" and len(snapshot["view"]["hand"]) == 10


def test_htmx_seat_change_answers_json(client, guest, open_table):
    client.force_login(guest)
    response = client.post(
        reverse("games:table_sit", args=[open_table.pk]), {"seat": "S"}, HTTP_HX_REQUEST="true"
    )
    assert response.json() == {"ok": True}


# ------------------------------------------------------------------ replay & records
@pytest.fixture
def bot_table(host):
    return finished_hand_table(host, variant="quebec", seed=31, name="Robots", host_plays=False)


def test_replay_page_and_record_downloads(client, host, bot_table):
    client.force_login(host)
    response = client.get(reverse("games:hand_replay", args=[bot_table.pk, 1]))
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="hand-record"' in html and "js/replay.js" in html
    assert 'data-renderer="/static/js/kinds/five_hundred/replay.js"' in html
    assert "Replay of hand 1" in html or "Reprise de la brasse 1" in html
    assert [p["seat"] for p in response.context["replay"]["players"]] == ["N", "E", "S", "W"]
    assert reverse("games:hand_record", args=[bot_table.pk, 1]) in html
    assert reverse("games:game_records", args=[bot_table.pk]) in html
    record = json.loads(response.context["record_json"])
    assert record["format"] == "club500-hand/1"

    download = client.get(reverse("games:hand_record", args=[bot_table.pk, 1]))
    assert download.status_code == 200
    assert "attachment" in download["Content-Disposition"]
    assert download.json() == record

    records = client.get(reverse("games:game_records", args=[bot_table.pk])).json()
    assert records[0] == record

    assert client.get(reverse("games:hand_replay", args=[bot_table.pk, 99])).status_code == 404


def test_replay_of_an_invite_only_table_is_private(client, host, guest, bot_table):
    Table.objects.filter(pk=bot_table.pk).update(visibility=Table.Visibility.INVITE)
    client.force_login(guest)
    assert client.get(reverse("games:hand_replay", args=[bot_table.pk, 1])).status_code == 403
    assert client.get(reverse("games:game_records", args=[bot_table.pk])).status_code == 403
