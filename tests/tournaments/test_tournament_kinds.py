"""The tournaments' part of each game kind (``tournaments.kinds.registry``): every kind
the site plays has one, and its score sheet answers the same views."""

from __future__ import annotations

import inspect

import pytest

from games.kinds import KINDS, UnknownKind
from tournaments.kinds.registry import TOURNAMENT_KINDS, tournament_kind

SHEET_VIEWS = ("page", "preview", "enter", "confirm", "withdraw")


def test_every_game_kind_has_its_tournaments_part():
    assert set(TOURNAMENT_KINDS) == set(KINDS)
    for name, part in TOURNAMENT_KINDS.items():
        assert part.game is KINDS[name]


@pytest.mark.parametrize("name", list(KINDS))
def test_each_kinds_sheet_answers_every_sheet_view_with_the_round_and_table(name):
    views = TOURNAMENT_KINDS[name].sheet_views
    for view in SHEET_VIEWS:
        params = list(inspect.signature(getattr(views, view)).parameters)
        assert params[:3] == ["request", "rnd", "table"], (name, view)


class _Tournament:
    def __init__(self, game):
        self.game = game


def test_a_tournament_finds_its_kinds_part_and_an_unknown_game_fails():
    assert tournament_kind(_Tournament("450")).game.name == "450"
    with pytest.raises(UnknownKind):
        tournament_kind(_Tournament("bridge"))
