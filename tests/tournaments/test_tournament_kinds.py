"""The tournaments' part of each game kind (``tournaments.kinds.registry``): every kind
the site plays has one, and it answers the whole interface (its score sheet's views
among the rest)."""

from __future__ import annotations

import inspect

import pytest

from games.kinds import KINDS, UnknownKind
from tournaments.kinds.registry import TOURNAMENT_KINDS, TournamentKind, tournament_kind

SHEET = ("sheet_context", "sheet_preview", "sheet_enter", "sheet_row", "row_confirm")
SHEET_TEMPLATES = ("page", "fragment", "preview")


def test_every_game_kind_has_its_tournaments_part():
    assert set(TOURNAMENT_KINDS) == set(KINDS)
    for name, part in TOURNAMENT_KINDS.items():
        assert part.game is KINDS[name]


@pytest.mark.parametrize("name", list(KINDS))
def test_each_kinds_sheet_answers_every_sheet_view_with_the_round_and_table(name):
    part = TOURNAMENT_KINDS[name]
    for method in SHEET[:2]:
        params = list(inspect.signature(getattr(part, method)).parameters)
        assert params[:2] == ["rnd", "table"], (name, method)
    assert set(part.sheet_templates) >= set(SHEET_TEMPLATES)


@pytest.mark.parametrize("name", list(KINDS))
def test_each_kinds_part_fills_in_the_whole_interface(name):
    part = type(TOURNAMENT_KINDS[name])
    interface = [
        n
        for n, member in vars(TournamentKind).items()
        if callable(member) and not n.startswith("_")
    ]
    assert set(SHEET) <= set(interface)
    missing = [
        n
        for n in interface
        if getattr(part, n) is getattr(TournamentKind, n)
        and "raise NotImplementedError" in inspect.getsource(getattr(TournamentKind, n))
    ]
    assert missing == [], (name, missing)


class _Tournament:
    def __init__(self, game):
        self.game = game


def test_a_tournament_finds_its_kinds_part_and_an_unknown_game_fails():
    assert tournament_kind(_Tournament("450")).game.name == "450"
    with pytest.raises(UnknownKind):
        tournament_kind(_Tournament("bridge"))
