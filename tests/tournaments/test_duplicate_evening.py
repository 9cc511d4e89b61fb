"""A small duplicate evening played by bots end to end (issue #30): the standings page
ranks every player as the scorer ranks the downloaded results file. The full-size
evening (48 players, 4 rounds of 6 boards) is bench/duplicate_evening_bench.py."""

from __future__ import annotations

import io
import json

import pytest
from django.urls import reverse

from bench.duplicate_evening_bench import compare, evening
from tournaments.duplicate.cli import score_main

pytestmark = pytest.mark.django_db


@pytest.mark.slow
def test_a_duplicate_evening_played_by_bots_ranks_as_the_scorer_does(client, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    result = evening(players=8, rounds=2, boards=2)
    assert result["hands"] == 2 * 2 * 2  # two tables, two rounds, two boards
    page = result["page"]
    assert len(page["rows"]) == 8 and not page.get("pending")

    client.force_login(result["director"])
    response = client.get(reverse("tournaments:duplicate_results", args=[result["tournament"].pk]))
    assert response.status_code == 200
    out, err = io.StringIO(), io.StringIO()
    assert score_main("-", io.StringIO(response.content.decode()), out, err) == 0, err.getvalue()
    assert compare(page, json.loads(out.getvalue())) == (8, 0)
