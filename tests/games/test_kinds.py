"""The registry of game kinds (``games.kinds``): one object per kind, found by its
stored name, failing clearly on a name it does not know."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.engine.variants import PRESETS
from games.kinds import DEFAULT_KIND, KIND_CHOICES, KINDS, UnknownKind, kind_of
from games.kinds.base import CHAT, CLAIMS, NOTICES, REMATCH, REVIEW, SEATS, GameKind


def test_every_kind_is_found_by_its_stored_name():
    for name, kind in KINDS.items():
        assert kind_of(name) is kind and kind.name == name and isinstance(kind, GameKind)
    assert kind_of(DEFAULT_KIND).default_variant == "quebec"


@pytest.mark.parametrize("name", ["bridge", "", None, 450, "quebec"])
def test_an_unknown_kind_name_fails_and_says_which_are_known(name):
    with pytest.raises(UnknownKind) as raised:
        kind_of(name)
    assert "500, 450" in str(raised.value)


def test_a_variant_belongs_to_one_kind_only():
    names = [variant for kind in KINDS.values() for variant in kind.variants]
    assert len(names) == len(set(names))


def test_the_500_kind_offers_every_variant_the_engine_has():
    assert set(kind_of("500").variants) == set(PRESETS)


def test_every_kind_offers_the_table_features_everybody_has_claims_are_500s():
    for kind in KINDS.values():
        assert {CHAT, SEATS, NOTICES, REMATCH, REVIEW} <= kind.features
    assert [kind.name for kind in KINDS.values() if kind.offers(CLAIMS)] == ["500"]


def test_every_kind_makes_a_game_of_its_default_settings():
    for kind in KINDS.values():
        variant, options, seats = kind.settings(kind.default_variant, {})
        assert kind.default_players == len(seats) and kind.default_players in kind.players
        game = kind.new_game(variant, options, seed=7)
        assert not game.is_over and game.current is None


def test_a_kind_refuses_another_kinds_variant():
    from games.engine import EngineError

    for kind in KINDS.values():
        for other in KINDS.values():
            if other is not kind:
                with pytest.raises(EngineError):
                    kind.settings(other.default_variant, {})


def test_tables_and_tournaments_store_a_kind_with_the_same_choices():
    from games.models import Table
    from tournaments.models import Tournament

    choices = [(value, str(label)) for value, label in KIND_CHOICES]
    assert [(v, str(lbl)) for v, lbl in Table._meta.get_field("kind").choices] == choices
    assert [(v, str(lbl)) for v, lbl in Tournament._meta.get_field("game").choices] == choices


def test_every_kind_gives_the_replay_page_its_part_and_its_renderer():
    """The one replay page (templates/games/replay.html) includes the kind's part and
    the client core imports the kind's renderer: both are the kind's own files."""
    root = Path(__file__).resolve().parents[2]
    for kind in KINDS.values():
        assert (root / "templates" / kind.replay_part).is_file(), kind
        renderer = root / "static" / kind.replay_client
        assert "export default function createRenderer(" in renderer.read_text(), kind
    assert len({k.replay_part for k in KINDS.values()}) == len(KINDS)
