"""The phases of a 500 hand: a str enum for callers, small ints for the state machine.

The ints follow the order of a hand, so ``phase >= PLAY`` means play has begun:
auction, breach round (defenders call ``breach`` or ``pass``, option
``breach``), partner call (five-handed: the declarer names a partner card or
goes alone, after taking the kitty), kitty (the declarer discards), play, done.
"""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """Phases of a hand (the deal happens at creation)."""

    DEAL = "deal"
    AUCTION = "auction"
    BREACH = "breach"
    PARTNER = "partner"
    KITTY = "kitty"
    PLAY = "play"
    DONE = "done"


AUCTION, BREACH, PARTNER, KITTY, PLAY, DONE = 1, 2, 3, 4, 5, 6
PHASES = tuple(Phase)
