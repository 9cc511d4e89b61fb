"""The phases of a 500 hand: a str enum for callers, small ints for the state machine."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """Phases of a hand (the deal happens at creation)."""

    DEAL = "deal"
    AUCTION = "auction"
    KITTY = "kitty"
    PLAY = "play"
    DONE = "done"


AUCTION, KITTY, PLAY, DONE = 1, 2, 3, 4
PHASES = (Phase.DEAL, Phase.AUCTION, Phase.KITTY, Phase.PLAY, Phase.DONE)
