"""Tournament fixtures: a tournament in any status, players registered and present."""

from __future__ import annotations

import pytest
from django.utils import timezone

from tournaments import services
from tournaments.models import Entry, EntryStatus, Tournament


@pytest.fixture
def make_tournament(director):
    def make(*, status: str = "registration_open", **fields) -> Tournament:
        fields.setdefault("name", "Tournoi du jeudi")
        fields.setdefault("starts_at", timezone.now())
        tournament = services.tournament_create(by=director, **fields)
        if status != "draft":
            Tournament.objects.filter(pk=tournament.pk).update(status=status)
            tournament.refresh_from_db()
        return tournament

    return make


@pytest.fixture
def tournament(make_tournament):
    return make_tournament()


@pytest.fixture
def add_present(make_member, director):
    """``add_present(t, n)``: n confirmed entries, checked in (pairs: n pairs)."""

    def add(tournament: Tournament, n: int) -> list[Entry]:
        out = []
        for _i in range(n):
            player = make_member()
            partner = make_member() if tournament.is_pairs else None
            out.append(
                Entry.objects.create(
                    tournament=tournament,
                    player=player,
                    partner=partner,
                    status=EntryStatus.CONFIRMED,
                    checked_in=True,
                    checked_in_at=timezone.now(),
                )
            )
        return out

    return add


@pytest.fixture
def running(make_tournament, add_present):
    """A running individual tournament with 9 players present (two tables, one bye)."""
    tournament = make_tournament(status="running", rounds_total=4)
    add_present(tournament, 9)
    return tournament


@pytest.fixture
def finished(make_tournament, add_present, director):
    """A finished tournament: 8 players, one game of 2 hands, results and medals."""
    from tests.tournaments.day import play_round, play_table
    from tournaments.services import director as ds

    t = make_tournament(status="running", rounds_total=1, hands_per_game=2)
    add_present(t, 8)
    rnd = play_round(t, director)
    first = play_table(rnd, 1, 2)
    play_table(rnd, 2, 2, contract="7S", tricks=7)
    ds.round_close(round=rnd, by=director)
    t = services.tournament_transition(tournament=t, by=director, to="finished")
    return t, rnd, first
