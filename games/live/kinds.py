"""The game kinds of live tables (500 and 450) behind the one interface live play uses.

Pure Python (no Django). A table's ``variant`` names its kind: ``"450"`` is a table of
450 (its ``options`` hold ``players``, 3 to 6, and the 450 engine's options), any other
name is a 500 variant. Live play (``games.live.moves``, ``catchup``, ``render``) reads
a game through ``kind_of(variant)``: how to make the game, the views a viewer is sent,
the bot's choice, the dealer of a hand, the score sheet, and the turns a clock ends.
Everything else (the seq, the log, both executors, the runner) is the same for both
games: a 450 round is a hand of the table, a discard or ``hide`` an action of its log.
"""

from __future__ import annotations

import random
from typing import Any

from games.engine import Game as Game500
from games.engine import get_variant
from games.engine.bots import choose_action as choose_500
from games.engine.four_fifty import Game as Game450Engine
from games.engine.four_fifty import get_rules
from games.engine.four_fifty.bots import choose_action as choose_450
from games.engine.four_fifty.phase import Phase
from games.engine.four_fifty.views import private_view as private_450
from games.engine.four_fifty.views import public_view as public_450
from games.engine.views import private_view as private_500
from games.engine.views import public_view as public_500

FOUR_FIFTY = "450"
PLAYERS_450 = (3, 4, 5, 6)
DEFAULT_PLAYERS_450 = 4

# Online, the dealer keeps the cards dealt face up on the table at most this long
# (he hides them with a tap before): then the table hides them for him.
SHOW_SECONDS = 20
# A bot dealer leaves the face-up cards on the table this many of its moves' time.
BOT_SHOW_MOVES = 3


def is_450(variant: str) -> bool:
    return variant == FOUR_FIFTY


def split_450(options: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """(players, the 450 engine's options) of a 450 table's ``options``."""
    rest = dict(options or {})
    players = rest.pop("players", DEFAULT_PLAYERS_450)
    return players, rest


class Game450:
    """A game of 450 shaped as live play reads a game (as the 500 engine's ``Game``):
    ``current``, ``entries`` (the rounds), ``next_hand(seed)``, ``dealer``,
    ``is_over``, ``first_dealer``, ``teams`` (each player for himself), ``summary()``.

    The secretary sits on the first dealer's right (the engine: the secretary's left
    deals first). A table created with a first dealer (a tournament's: P2, seat 1 the
    secretary) keeps it; otherwise the secretary is drawn from the table's seed."""

    kind = FOUR_FIFTY
    draw = None  # no card draw for the first dealer (500's); the secretary is drawn

    def __init__(self, options: dict[str, Any], *, seed: int, first_dealer: str = ""):
        players, rest = split_450(options)
        rules = get_rules(players, rest)
        n = rules.players
        if first_dealer in rules.seat_index:
            secretary = (rules.seat_index[first_dealer] - 1) % n
        else:
            secretary = random.Random(f"secretary:{seed}").randrange(n)
        self.engine = Game450Engine(rules, secretary=secretary)
        self.rules = rules

    @property
    def seats(self) -> tuple[str, ...]:
        return self.rules.seats

    @property
    def teams(self) -> tuple[str, ...]:
        return self.rules.seats

    @property
    def secretary(self) -> str:
        return self.rules.seats[self.engine.secretary]

    @property
    def first_dealer(self) -> str:
        return self.rules.seats[(self.engine.secretary + 1) % self.rules.players]

    @property
    def entries(self) -> list:
        return self.engine.rounds

    @property
    def current(self):
        return self.engine.current

    @property
    def dealer(self) -> str:
        return self.engine.dealer

    @property
    def is_over(self) -> bool:
        return self.engine.is_over

    def next_hand(self, seed: int):
        return self.engine.next_round(seed)

    def summary(self) -> dict[str, Any]:
        return self.engine.summary()


class Kind500:
    name = "500"
    reviews = True  # a finished hand is reviewed before the next deal (games.live.review)

    @staticmethod
    def new_game(
        variant: str, options: dict[str, Any], *, seed: int, first_dealer: str = ""
    ) -> Game500:
        """The engine draws the first dealer from the seed, unless the table was
        created with one (a tournament table: seat N deals first)."""
        game = Game500(variant, options, seed=seed)
        if first_dealer and first_dealer != game.first_dealer:
            game.first_dealer = first_dealer
            game.draw = None
        return game

    @staticmethod
    def settings(variant: str, options: dict[str, Any]) -> tuple[str, dict, tuple[str, ...]]:
        """(variant name, options to store, seat names); EngineError when they do not fit."""
        v = get_variant(variant, options)
        return v.name, dict(v.overrides), tuple(v.seats)

    public_view = staticmethod(public_500)
    private_view = staticmethod(private_500)
    choose_action = staticmethod(choose_500)

    @staticmethod
    def has_partners(variant: str, options: dict[str, Any]) -> bool:
        """Whether a player may have a partner: sides of two or three (4 and 6
        players), or the declarer's partner named by the partner card (5 players);
        at 2 and 3 players each plays for themselves."""
        v = get_variant(variant, options)
        return len(v.seats) == 5 or any(len(team) > 1 for team in v.teams)

    @staticmethod
    def hand_dealer(hand) -> str:
        return hand.variant.seats[hand.dealer]

    @staticmethod
    def hand_result(hand) -> dict:
        """A finished hand's result as its row keeps it (``GameHand.result``)."""
        return hand.result().to_dict()

    @staticmethod
    def sheet_row(result: dict, totals: dict) -> None:
        for side in totals:
            totals[side] += result["score"].get(side, 0)

    @staticmethod
    def timed_turn(hand) -> float | None:
        return None

    @staticmethod
    def bot_moves(hand) -> int:
        return 1


class Kind450:
    name = FOUR_FIFTY
    reviews = False  # the next round is dealt at once

    @staticmethod
    def new_game(
        variant: str, options: dict[str, Any], *, seed: int, first_dealer: str = ""
    ) -> Game450:
        return Game450(options, seed=seed, first_dealer=first_dealer)

    @staticmethod
    def settings(variant: str, options: dict[str, Any]) -> tuple[str, dict, tuple[str, ...]]:
        players, rest = split_450(options)
        rules = get_rules(players, rest)
        return FOUR_FIFTY, {"players": rules.players, **rules.overrides}, rules.seats

    public_view = staticmethod(public_450)
    private_view = staticmethod(private_450)
    choose_action = staticmethod(choose_450)

    @staticmethod
    def has_partners(variant: str, options: dict[str, Any]) -> bool:
        """450 is played each for themselves."""
        return False

    @staticmethod
    def hand_dealer(hand) -> str:
        return hand.rules.seats[hand.dealer]

    @staticmethod
    def hand_result(hand) -> dict:
        """The round's result with the public facts a secretary's sheet also holds (the
        double-faced card, the cards set aside, the major sequences announced): a
        tournament writes the round on its sheet from the row alone."""
        view = public_450(hand)
        return {
            **hand.result().to_dict(),
            "double_face": view["double_face"],
            "aside": [*view["aside"], *view["leftover"]],
            "majors": dict(view["announced"]),
        }

    @staticmethod
    def sheet_row(result: dict, totals: dict) -> None:
        for seat in totals:
            totals[seat] += result["points"].get(seat, 0)

    @staticmethod
    def timed_turn(hand) -> float | None:
        """The dealer's time to show the face-up cards: a member who is there has
        ``SHOW_SECONDS`` to hide them, then the table hides them for him."""
        return SHOW_SECONDS if hand.phase is Phase.SHOW else None

    @staticmethod
    def bot_moves(hand) -> int:
        """A bot dealer leaves the face-up cards on the table a few moves' time."""
        return BOT_SHOW_MOVES if hand.phase is Phase.SHOW else 1


def kind_of(variant: str):
    return Kind450 if is_450(variant) else Kind500
