"""The game kinds the site plays, in one registry (pure Python, no Django).

``KINDS`` maps a kind's stored name (``Table.kind``, ``Tournament.game``) to its object
(``games.kinds.base.GameKind``); ``kind_of(name)`` fails with ``UnknownKind`` on a
name it does not know. Everything that differs between 500 and 450 is asked of the
kind: the engine adapter, the views a viewer is sent, the bot, the dealer of a hand,
the result and score-sheet rows, the replay, the pages and the table features.
Nothing outside this package and the engines compares a kind's name
(``tests/test_kind_names.py``).

A third game is one engine package (``games/engine/<game>/``), one kind module here
listed in ``KINDS``, its pages (felt template, client renderer) and, for tournaments,
its draw and score sheet.
"""

from __future__ import annotations

from games.kinds.base import BEGINNER, BOT_LEVELS, LEVEL_BUDGETS, Budget, GameKind, UnknownKind
from games.kinds.five_hundred import FIVE_HUNDRED
from games.kinds.four_fifty import FOUR_FIFTY

KINDS: dict[str, GameKind] = {kind.name: kind for kind in (FIVE_HUNDRED, FOUR_FIFTY)}
DEFAULT_KIND = FIVE_HUNDRED.name
#: The model field choices of a kind name (one definition for every model).
KIND_CHOICES = [(kind.name, kind.label) for kind in KINDS.values()]
#: The bots' levels as model field choices (``Table.bot_level``, ``Tournament.bot_level``).
BOT_LEVEL_CHOICES = list(BOT_LEVELS.items())
DEFAULT_BOT_LEVEL = BEGINNER


def kind_of(name: str) -> GameKind:
    """The kind stored as ``name``; ``UnknownKind`` when there is none."""
    try:
        return KINDS[name]
    except (KeyError, TypeError):
        raise UnknownKind(name, tuple(KINDS)) from None


__all__ = [
    "BOT_LEVELS",
    "BOT_LEVEL_CHOICES",
    "DEFAULT_BOT_LEVEL",
    "DEFAULT_KIND",
    "KIND_CHOICES",
    "KINDS",
    "LEVEL_BUDGETS",
    "Budget",
    "GameKind",
    "UnknownKind",
    "kind_of",
]
