"""The results console's actions: through htmx the answer is the part that changed (the
table's section, else the whole console) with its messages; without JavaScript a
redirect to the console at the table, the section open."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tournaments import selectors_tables as ts
from tournaments.models import GameStatus, HandScore, TableGame
from tournaments.services import results as rs

from .test_results import people
from .test_results import small as small  # the fixture

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def pending(small):
    """Table 1 of round 1 with one hand entered and not yet confirmed."""
    t, rnd = small
    p = people(rnd)
    game = ts.table_game(rnd, 1)
    hand = rs.hand_enter(game=game, user=p["N"], seq=1, declarer="N", contract="8S", tricks=9)
    return t, game, hand


def _confirm(client, t, game, hand, **headers):
    return client.post(
        reverse("tournaments:confirm_director", args=[t.pk]),
        {"round": 1, "game": game.pk, "hand": hand.pk},
        **headers,
    )


def _is_open(html: str, section_id: str) -> bool:
    tag = re.search(rf'<details[^>]*id="{section_id}"[^>]*>', html)
    assert tag, section_id
    return " open" in tag.group(0)


def test_confirm_through_htmx_answers_the_table_section_with_its_message(pending, director_client):
    t, game, hand = pending
    response = _confirm(director_client, t, game, hand, **HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert html.strip().startswith("<article") and html.count("<article") == 1
    assert 'id="table-1"' in html and 'id="console"' not in html
    assert 'data-testid="console-flash"' in html and "message success" in html
    assert _is_open(html, "t1-hands")  # nothing is pending any more: open because acted on
    assert HandScore.objects.get(pk=hand.pk).confirmed


def test_confirm_without_javascript_redirects_to_the_table_with_its_section_open(
    pending, director_client
):
    t, game, hand = pending
    response = _confirm(director_client, t, game, hand)
    url = reverse("tournaments:console", args=[t.pk])
    assert response.status_code == 302
    assert response["Location"] == f"{url}?round=1&open=1-hands#table-1"
    page = director_client.get(response["Location"]).content.decode()
    assert _is_open(page, "t1-hands")
    assert "message success" in page  # the page's own messages


def test_a_refused_adjustment_answers_its_section_open_with_the_error(pending, director_client):
    t, game, _hand = pending
    response = director_client.post(
        reverse("tournaments:adjust", args=[t.pk]),
        {"round": 1, "table": 1, "ns": 10, "ew": 0, "reason": ""},
        **HTMX,
    )
    html = response.content.decode()
    assert 'id="table-1"' in html and "message error" in html
    assert _is_open(html, "t1-adjust")
    assert TableGame.objects.get(pk=game.pk).status != GameStatus.ADJUSTED


def test_a_refused_substitution_without_javascript_opens_its_section(pending, director_client):
    t, _game, _hand = pending
    response = director_client.post(
        reverse("tournaments:substitute", args=[t.pk]),
        {"round": 1, "table": 2, "position": "N", "entry": "", "reason": ""},
    )
    assert response["Location"].endswith("?round=1&open=2-sub#table-2")
    page = director_client.get(response["Location"]).content.decode()
    assert _is_open(page, "t2-sub") and not _is_open(page, "t1-sub")


def test_a_round_action_through_htmx_answers_the_whole_console_with_its_message(
    small, director_client
):
    t, _rnd = small
    response = director_client.post(
        reverse("tournaments:round_minutes", args=[t.pk]), {"round": 1, "minutes": 45}, **HTMX
    )
    html = response.content.decode()
    assert response.status_code == 200 and 'id="console"' in html
    assert html.count('data-testid="console-flash"') == 1
    assert "<html" not in html


def test_an_unknown_open_section_is_ignored(small, director_client):
    t, _rnd = small
    url = reverse("tournaments:console", args=[t.pk])
    for value in ("x-hands", "1-nothing", "-", "99-hands"):
        assert director_client.get(url, {"open": value}).status_code == 200
