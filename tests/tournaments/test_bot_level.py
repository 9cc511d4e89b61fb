"""The level of the bots replacing an absent member at a tournament's online tables:
the director's choice on the tournament's form, given to the round's live tables."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.tournaments.day import play_round
from tests.tournaments.test_duplicate_setup import FORM as DUPLICATE_FORM
from tournaments import services
from tournaments.errors import TournamentError
from tournaments.models import TableGame, Tournament

pytestmark = pytest.mark.django_db

FORM = {**DUPLICATE_FORM, "name": "Tournoi Fort", "place": "online"}


def test_the_form_offers_the_level_stores_it_and_refuses_an_unknown_one(director_client):
    page = director_client.get(reverse("tournaments:create"), HTTP_ACCEPT_LANGUAGE="fr")
    html = page.content.decode()
    assert "Niveau des robots qui remplacent un joueur absent" in html
    assert ">Débutant<" in html and ">Fort<" in html
    assert "Au 450, à trois ou quatre joueurs, ils cherchent les cartes" in html
    response = director_client.post(reverse("tournaments:create"), {**FORM, "bot_level": "x"})
    assert response.status_code == 200 and not Tournament.objects.exists()
    response = director_client.post(reverse("tournaments:create"), {**FORM, "bot_level": "fort"})
    assert response.status_code == 302 and Tournament.objects.get().bot_level == "fort"
    t = Tournament.objects.get()
    html = director_client.get(
        reverse("tournaments:detail", args=[t.pk]), HTTP_ACCEPT_LANGUAGE="fr"
    ).content.decode()
    assert '<dt>Niveau des robots</dt><dd data-testid="bot-level">Fort</dd>' in html


def test_a_bad_level_is_refused_by_the_service(director):
    with pytest.raises(TournamentError):
        services.tournament_create(
            by=director, name="T", starts_at="2030-04-10T19:00", bot_level="expert"
        )
    assert not Tournament.objects.exists()


def test_the_online_rounds_tables_get_the_directors_level(make_tournament, add_present, director):
    t = make_tournament(status="running", rounds_total=1, hands_per_game=1, bot_level="club")
    add_present(t, 4)
    rnd = play_round(t, director, online=True)
    table = TableGame.objects.get(round=rnd, table=1).live_table
    assert table.bot_level == "club"
