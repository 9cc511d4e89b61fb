"""Every game's tournament part, registered with ``tournaments.kinds.registry`` by
``load`` (called from ``TournamentsConfig.ready``: the parts import the app's models,
selectors, services and views, which ask the registry). A third game adds its part
here."""

from __future__ import annotations

from tournaments.kinds.five_hundred.part import FIVE_HUNDRED_TOURNAMENT
from tournaments.kinds.four_fifty.part import FOUR_FIFTY_TOURNAMENT
from tournaments.kinds.registry import register

PARTS = (FIVE_HUNDRED_TOURNAMENT, FOUR_FIFTY_TOURNAMENT)


def load() -> None:
    for part in PARTS:
        register(part)
