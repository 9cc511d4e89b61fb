"""450 options: typed, documented, each with its default (docs/rules.md section 5).

``get_rules(players, options)`` validates the player count (3 to 6) and the
options and returns :class:`Rules`; unknown names or bad values raise
:class:`~games.engine.errors.UnknownVariantError` (a MalformedError) with the
option in ``params["option"]``.  ``option_catalogue()`` lists the options as
plain dicts for a form, in the 500 engine's shape.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any

from ..errors import UnknownVariantError
from ..options import OptionSpec

GAME = "450"


def _o(name, type_, choices, help_, default, lo=None, hi=None) -> OptionSpec:
    return OptionSpec(name, type_, choices, help_, {GAME: default}, lo, hi)


OPTIONS: tuple[OptionSpec, ...] = (
    _o(
        "end",
        str,
        ("target", "rounds"),
        "target: the game ends after the round in which a player reaches the target;"
        " rounds: after a set number of rounds (manches).",
        "target",
    ),
    _o("target", int, None, "Points that end the game (end = target).", 350, 50, 5000),
    _o("rounds", int, None, "Rounds in a game (end = rounds).", 10, 1, 200),
    _o(
        "game_tie",
        str,
        ("play_on", "shared"),
        "When the game ends with several players sharing the best total:"
        " play_on: more rounds until one leads alone; shared: they share the win.",
        "play_on",
    ),
    _o(
        "tie_break",
        str,
        ("high_card", "play_order"),
        "Equal best hands for the master (maître) or equal best points for the next"
        " lanceur: high_card: the higher cards, then the first in play order;"
        " play_order: the first in play order from this round's lanceur.",
        "high_card",
    ),
    _o(
        "jack_of_spades",
        str,
        ("any_hand", "base_hand"),
        "The jack of spades takes the master's place when held in the last two cards:"
        " any_hand: whatever they are worth; base_hand: only if they make a base hand.",
        "any_hand",
    ),
    _o(
        "double_face_rounds",
        int,
        None,
        "Rounds a double-faced card (carte à double face) stays in force; a new one is"
        " drawn when it expires.",
        2,
        1,
        10,
    ),
    _o(
        "five_player_deal",
        str,
        ("lanceur_chooses", "set_aside"),
        "Five players (one card too many): set_aside: the last card of the pack is set"
        " aside face up every round; lanceur_chooses: so in the first round, then the"
        " two cards left after the deal are shown and the lanceur eliminates one, the"
        " other goes face up on the pot.",
        "lanceur_chooses",
    ),
    _o(
        "visible_cards",
        int,
        (1, 2),
        "Cards of each player's last packet dealt face up (the article allows 1 at six players).",
        2,
    ),
)
OPTION_BY_NAME = {o.name: o for o in OPTIONS}
DEFAULTS = {o.name: o.defaults[GAME] for o in OPTIONS}

# The deal: packets per dealing round, by player count (an odd hand size puts the
# one-card round just before the last, visible, round).
PACKETS = {3: (2, 2, 2, 2, 1, 2), 4: (2, 2, 2, 2), 5: (2, 2, 2), 6: (2, 1, 2)}


def option_catalogue() -> list[dict[str, Any]]:
    """Every 450 option as a JSON-serializable dict (name, type, choices, help ...)."""
    return [o.as_dict() for o in OPTIONS]


@functools.cache
def seat_names(players: int) -> tuple[str, ...]:
    """P1 .. Pn, clockwise (the order of play)."""
    return tuple(f"P{i + 1}" for i in range(players))


@dataclass(frozen=True)
class Rules:
    """The player count and option values of a game of 450."""

    players: int
    overrides: dict[str, Any] = field(default_factory=dict, compare=False)
    end: str = DEFAULTS["end"]
    target: int = DEFAULTS["target"]
    rounds: int = DEFAULTS["rounds"]
    game_tie: str = DEFAULTS["game_tie"]
    tie_break: str = DEFAULTS["tie_break"]
    jack_of_spades: str = DEFAULTS["jack_of_spades"]
    double_face_rounds: int = DEFAULTS["double_face_rounds"]
    five_player_deal: str = DEFAULTS["five_player_deal"]
    visible_cards: int = DEFAULTS["visible_cards"]

    @property
    def seats(self) -> tuple[str, ...]:
        return seat_names(self.players)

    @property
    def seat_index(self) -> dict[str, int]:
        return {s: i for i, s in enumerate(self.seats)}

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player: 11, 8, 6, 5 for 3, 4, 5, 6 players."""
        return sum(PACKETS[self.players])

    @property
    def major_length(self) -> int:
        """Cards in a major sequence (suite majeure): the majority of the hand."""
        return self.hand_size // 2 + 1

    @property
    def discards_per_player(self) -> int:
        """Discards each player makes: play stops at two cards each."""
        return self.hand_size - 2

    def as_dict(self) -> dict[str, Any]:
        return dict(self.overrides)


def check_players(players: Any) -> int:
    """``players`` if it is 3, 4, 5 or 6; UnknownVariantError otherwise."""
    if isinstance(players, bool) or players not in PACKETS:
        raise UnknownVariantError(
            f"450 is played by 3 to 6 players, not {players!r}",
            code="bad_players",
            params={"players": players},
        )
    return players


def get_rules(players: Any = 4, options: dict[str, Any] | None = None) -> Rules:
    """Validated rules for ``players`` and option overrides."""
    players = check_players(players)
    options = dict(options or {})
    if not isinstance(options, dict):  # pragma: no cover - dict() above
        raise UnknownVariantError("options must be an object", code="bad_option_value")
    for name, value in options.items():
        spec = OPTION_BY_NAME.get(name)
        if spec is None:
            raise UnknownVariantError(
                f"unknown 450 option {name!r} (known: {', '.join(OPTION_BY_NAME)})",
                code="unknown_option",
                params={"option": name},
            )
        spec.validate(value)
    return Rules(players, {k: options[k] for k in sorted(options)}, **options)
