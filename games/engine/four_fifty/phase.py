"""The phases of a 450 round (the deal happens when the round is made)."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """Phases of a round (the deal happens at creation)."""

    ASIDE = "aside"
    SHOW = "show"
    DISCARD = "discard"
    POT = "pot"
    DONE = "done"
