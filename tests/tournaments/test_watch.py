"""Watching a tournament's online tables: the director chooses who may (nobody, members,
everyone), a player of a round may not watch another table of it while their own
plays, and every refusal names its reason, in French, on the page."""

from __future__ import annotations

from html import unescape

import pytest
from django.urls import reverse

from games import selectors as gs
from games.models import Table
from tests.tournaments.day import play_round, table_users
from tournaments import selectors_watch as sw
from tournaments import services
from tournaments.errors import TournamentError
from tournaments.models import Spectators, TableGame

pytestmark = pytest.mark.django_db

CLOSED = "La direction du tournoi n'a pas ouvert ses tables aux spectateurs."
LOGIN = "Connectez-vous pour regarder les tables de ce tournoi."
PLAYING = (
    "Vous jouez dans cette ronde : vous pourrez regarder les autres tables quand la vôtre "
    "aura fini."
)


@pytest.fixture
def online_day(make_tournament, add_present, director):
    """A running online round of two tables (8 players)."""

    def make(**fields):
        t = make_tournament(status="running", rounds_total=2, hands_per_game=2, **fields)
        add_present(t, 8)
        rnd = play_round(t, director, online=True)
        live = {g.table: g.live_table for g in TableGame.objects.filter(round=rnd)}
        return t, rnd, live

    return make


def text(response) -> str:
    """A page's text, its HTML entities read ("n'a", not "n&#x27;a")."""
    return unescape(response.content.decode())


def refusal(table, user):
    found = gs.view_refusal(table, user)
    return None if found is None else found.reason


def test_a_new_tournament_lets_members_watch_and_the_director_changes_it(make_tournament, director):
    t = make_tournament()
    assert t.spectators == Spectators.MEMBERS
    services.tournament_update(tournament=t, by=director, spectators=Spectators.EVERYONE)
    t.refresh_from_db()
    assert t.spectators == "everyone"
    with pytest.raises(TournamentError):
        services.tournament_update(tournament=t, by=director, spectators="friends")
    t.refresh_from_db()
    assert t.spectators == "everyone"


def test_the_spectators_setting_may_change_while_the_tournament_runs(online_day, director):
    t, _rnd, _live = online_day()
    services.tournament_update(tournament=t, by=director, spectators=Spectators.NOBODY)
    t.refresh_from_db()
    assert t.spectators == "nobody"


def test_a_member_who_is_not_playing_may_watch_by_default(online_day, make_member):
    _t, _rnd, live = online_day()
    assert refusal(live[1], make_member()) is None


def test_a_visitor_is_asked_to_log_in_unless_the_director_opens_to_everyone(online_day):
    from django.contrib.auth.models import AnonymousUser

    t, _rnd, live = online_day()
    assert refusal(live[1], AnonymousUser()) == LOGIN
    t.spectators = Spectators.EVERYONE
    t.save()
    assert refusal(live[1], AnonymousUser()) is None


def test_nobody_watches_when_the_director_closed_the_tables_but_players_and_directors(
    online_day, make_member, director
):
    from django.contrib.auth.models import AnonymousUser

    _t, rnd, live = online_day(spectators=Spectators.NOBODY)
    assert refusal(live[1], make_member()) == CLOSED
    assert refusal(live[1], AnonymousUser()) == CLOSED
    assert refusal(live[1], table_users(rnd, 1)["N"]) is None  # their own table
    assert refusal(live[1], director) is None


def test_a_player_of_the_round_may_watch_another_table_only_once_theirs_has_finished(
    online_day,
):
    _t, rnd, live = online_day()
    player = table_users(rnd, 2)["E"]
    assert refusal(live[1], player) == PLAYING
    assert refusal(live[2], player) is None  # their own table
    Table.objects.filter(pk=live[2].pk).update(status=Table.Status.FINISHED)
    assert refusal(live[1], player) is None


def test_a_table_of_no_tournament_keeps_its_own_rules(online_day, make_member):
    """The hook has no say on other tables: no verdict for them."""
    from games import services as game_services

    host = make_member()
    table = game_services.table_create(host=host, variant="quebec", visibility="invite")
    assert sw.watch_verdict(table.pk, make_member()) is None
    assert gs.view_refusal(table, make_member()).reason == ""
    assert gs.view_refusal(table, host) is None


def test_the_table_page_names_each_refusal_in_french(client, online_day, make_member):
    t, rnd, live = online_day()
    url = reverse("games:table", args=[live[1].pk])
    response = client.get(url)  # a visitor, members only: log in
    assert response.status_code == 403
    html = text(response)
    assert LOGIN in html and 'data-testid="log-in"' in html
    client.force_login(table_users(rnd, 2)["S"])
    response = client.get(url)
    assert response.status_code == 403 and PLAYING in text(response)
    t.spectators = Spectators.NOBODY
    t.save()
    client.force_login(make_member())
    response = client.get(url)
    assert response.status_code == 403 and CLOSED in text(response)


def test_a_visitor_watches_a_table_open_to_everyone_without_chat_or_seats(client, online_day):
    _t, _rnd, live = online_day(spectators=Spectators.EVERYONE)
    response = client.get(reverse("games:table", args=[live[1].pk]))
    assert response.status_code == 200
    html = text(response)
    assert 'id="table-app"' in html
    assert 'data-testid="seats-admin"' not in html and 'id="chat' not in html
    assert '"you": null' in html or '"you":null' in html
    # Nothing else opens to visitors: the lobby and a replay still ask to log in.
    assert client.get(reverse("games:lobby")).status_code == 302


def test_a_visitor_is_sent_to_log_in_on_a_table_of_no_tournament(client, make_member):
    from games import services as game_services

    table = game_services.table_create(host=make_member(), variant="quebec")
    response = client.get(reverse("games:table", args=[table.pk]))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_the_tournament_page_lists_the_tables_in_play_with_a_watch_link(
    client, online_day, make_member
):
    t, rnd, live = online_day()
    url = reverse("tournaments:detail", args=[t.pk])
    client.force_login(make_member())
    html = text(client.get(url))
    assert html.count('data-testid="watch-row"') == 2
    assert html.count('data-testid="watch-link"') == 2
    assert reverse("games:table", args=[live[2].pk]) in html
    assert "Regarder" in html and "Ronde 1, table 2" in html
    client.force_login(table_users(rnd, 1)["N"])
    html = text(client.get(url))
    assert 'data-testid="watch-link"' not in html
    assert html.count('data-testid="my-table-link"') == 1 and PLAYING in html
    client.logout()
    html = text(client.get(url))
    assert LOGIN in html and 'data-testid="watch-link"' not in html


def test_the_tournament_page_shows_who_may_watch(client, make_tournament):
    t = make_tournament(spectators=Spectators.EVERYONE)
    html = text(client.get(reverse("tournaments:detail", args=[t.pk])))
    assert 'data-testid="spectators"' in html
    assert "Tout le monde, y compris les visiteurs non connectés" in html


def test_the_list_of_tables_to_watch_costs_the_same_queries_for_more_tables(
    django_assert_max_num_queries, make_tournament, add_present, director, make_member
):
    watcher = make_member()
    t = make_tournament(status="running", rounds_total=2, hands_per_game=2)
    add_present(t, 16)
    play_round(t, director, online=True)
    with django_assert_max_num_queries(6):
        found = sw.tables_to_watch(t, watcher)
    assert len(found["tables"]) == 4 and found["verdict"].allowed


def test_a_spectator_sees_the_table_without_the_call_the_director_button(
    client, online_day, make_member
):
    _t, rnd, live = online_day()
    url = reverse("games:table", args=[live[1].pk])
    client.force_login(make_member())
    assert 'data-testid="call-director"' not in text(client.get(url))
    client.force_login(table_users(rnd, 1)["W"])
    assert 'data-testid="call-director"' in text(client.get(url))


def test_the_director_chooses_who_may_watch_on_the_tournament_form(director_client):
    page = text(director_client.get(reverse("tournaments:create")))
    assert 'name="spectators"' in page and "Qui peut regarder les tables en ligne" in page
    data = {
        "name": "Jeudi en ligne",
        "starts_at": "2026-12-03T19:00",
        "place": "online",
        "variant": "quebec",
        "format": "individual",
        "rounds_total": 4,
        "hands_per_game": 8,
        "capacity": 40,
        "bye_score": "average",
        "bye_fixed_score": 0,
        "tie_rule": "shared",
        "spectators": "nobody",
    }
    assert director_client.post(reverse("tournaments:create"), data).status_code == 302
    from tournaments.models import Tournament

    t = Tournament.objects.get(name="Jeudi en ligne")
    assert t.spectators == "nobody"
    data["spectators"] = "everyone"
    response = director_client.post(reverse("tournaments:edit", args=[t.pk]), data)
    assert response.status_code == 302
    t.refresh_from_db()
    assert t.spectators == "everyone"
    del data["spectators"]  # a form without the field keeps the default
    data["name"] = "Sans choix"
    assert director_client.post(reverse("tournaments:create"), data).status_code == 302
    assert Tournament.objects.get(name="Sans choix").spectators == "members"
