"""Player counts (RULES.md 4b): seats, sides, decks, and the options each count sets.

A variant is a preset (quebec, australian ...) for four players; the option
``players`` lays a player-count preset over it: the deck, the kitty and the
deal of that count, and where misère ranks.  Derived options follow the deck
(``jokers``, then ``kitty_size``, then ``deal_packets``) unless given.

* 2: the three-handed deal with a dead third hand (nobody sees or plays it);
  seats P1 P2, each for himself.
* 3: 33 cards, each for himself, misère ranked between the 6s and the 7s.
* 4: N E S W, teams NS and EW.
* 5: 53 cards, each for himself; the declarer calls a partner card or goes
  alone; no misère.
* 6: 63 cards (``jokers: 2`` adds BJ and a fourth kitty card), teams ``2x3``
  (P1 P3 P5 against P2 P4 P6) or ``3x2`` (P1+P4, P2+P5, P3+P6).
"""

from __future__ import annotations

from typing import Any

from .cards import DECKS

#: The decks each player count plays with.
DECKS_FOR = {2: (33,), 3: (33,), 4: (43, 45, 46), 5: (53,), 6: (63,)}

_THREE_HANDED = {
    "deck": 33,
    "deal_packets": "3,K1,4,K1,3,K1",
    "misere_rank": "6NT",
    "open_misere_rank": "6NT",
    "misere_min_level": 0,
}
#: Options a player count sets over the four-handed preset.
COUNT_DEFAULTS: dict[int, dict[str, Any]] = {
    2: _THREE_HANDED,
    3: _THREE_HANDED,
    4: {},
    5: {
        "deck": 53,
        "deal_packets": "3,K1,4,K1,3,K1",
        "misere": False,
        "open_misere": False,
    },
    6: {"deck": 63, "deal_packets": "3,K1,4,K1,3,K1"},
}
#: The deal of the six-handed deck with both jokers (kitty 4).
SIX_TWO_JOKERS_PACKETS = "3,K2,4,K1,3,K1"


def seat_names(players: int) -> tuple[str, ...]:
    """N E S W for four players, P1..Pn otherwise."""
    return ("N", "E", "S", "W") if players == 4 else tuple(f"P{i + 1}" for i in range(players))


def team_layout(players: int, teams: str = "2x3") -> tuple[tuple[int, ...], ...]:
    """Seat indexes of each side: partners opposite for 4; for 6 the ``teams``
    option (2x3: every other seat; 3x2: opposite seats); else each alone."""
    if players == 4 or (players == 6 and teams == "3x2"):
        half = players // 2
        return tuple(tuple(range(i, players, half)) for i in range(half))
    if players == 6:
        return ((0, 2, 4), (1, 3, 5))
    return tuple((i,) for i in range(players))


def hands_dealt(players: int) -> int:
    """Hands of ten dealt: one per player, and the dead hand of the two-handed game."""
    return 3 if players == 2 else players


def natural_jokers(deck: int) -> int:
    """Jokers in a deck as printed (the 63-card deck may add a second: ``jokers``)."""
    return 2 if deck == 46 else 1


def deck_cards(deck: int, jokers: int) -> tuple[int, ...]:
    """The cards of a deck option with its jokers option."""
    return DECKS[64 if deck == 63 and jokers == 2 else deck]


def derived_defaults(values: dict[str, Any], given: dict[str, Any]) -> dict[str, Any]:
    """The option values of a preset (``values``) under the count and deck the
    user ``given``: the count's options, then jokers, kitty and deal from the deck."""
    out = dict(values)
    players = given.get("players", out["players"])
    out["players"] = players
    if players in COUNT_DEFAULTS:
        out.update(COUNT_DEFAULTS[players])
    deck = given.get("deck", out["deck"])
    out["jokers"] = natural_jokers(deck)
    jokers = given.get("jokers", out["jokers"])
    if jokers < 2:
        out["both_jokers_forced_level"] = 0
        out["kitty_joker_disclosure"] = False
    if deck in DECKS:
        out["kitty_size"] = len(deck_cards(deck, jokers)) - 10 * hands_dealt(players)
    if players == 6 and jokers == 2:
        out["deal_packets"] = SIX_TWO_JOKERS_PACKETS
    return out
