"""The chat at a tournament's online tables: closed unless the director opens it, and
the director's choice reaches the tables already playing."""

from __future__ import annotations

import pytest
from django.urls import reverse

from club.models import ActivityLog
from games.models import Table
from tests.tournaments.day import play_round
from tournaments.models import TableGame
from tournaments.services import director as ds

pytestmark = pytest.mark.django_db


def _live_tables(rnd):
    return Table.objects.filter(pk__in=TableGame.objects.filter(round=rnd).values("live_table"))


def test_online_tables_open_with_the_chat_closed_and_the_director_opens_it(
    make_tournament, add_present, director, director_client
):
    t = make_tournament(status="running", rounds_total=2, hands_per_game=1)
    add_present(t, 8)
    rnd = play_round(t, director, online=True)
    tables = _live_tables(rnd)
    assert tables.count() == 2 and not tables.filter(chat=True).exists()
    html = director_client.get(reverse("tournaments:console", args=[t.pk])).content.decode()
    assert 'data-testid="chat-setting-form"' in html
    assert "Ouvrir le clavardage" in html
    response = director_client.post(
        reverse("tournaments:table_chat", args=[t.pk]), {"allowed": "1"}
    )
    assert response.status_code == 302
    assert _live_tables(rnd).filter(chat=True).count() == 2  # tables already playing
    assert ActivityLog.objects.filter(kind="results.table_chat").exists()
    html = director_client.get(reverse("tournaments:console", args=[t.pk])).content.decode()
    assert "Fermer le clavardage" in html
    ds.table_chat_set(tournament=t, by=director, allowed=False)
    assert not _live_tables(rnd).filter(chat=True).exists()


def test_a_round_published_after_the_director_opened_the_chat_has_it_open(
    make_tournament, add_present, director
):
    t = make_tournament(status="running", rounds_total=2, hands_per_game=1)
    add_present(t, 4)
    ds.table_chat_set(tournament=t, by=director, allowed=True)
    rnd = play_round(t, director, online=True)
    assert _live_tables(rnd).get().chat is True


def test_only_directors_may_open_the_chat(make_tournament, member_client):
    t = make_tournament(status="running")
    response = member_client.post(reverse("tournaments:table_chat", args=[t.pk]), {"allowed": "1"})
    assert response.status_code in (302, 403)
    from tournaments.models_results import ResultsSettings

    assert not ResultsSettings.objects.filter(tournament=t, table_chat=True).exists()
