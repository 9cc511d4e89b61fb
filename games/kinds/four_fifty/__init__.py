"""450 (la piquée) as a game kind (``games.engine.four_fifty``): 3 to 6 players, each
for themselves.

A table's ``options`` hold ``players`` and the 450 engine's options. A 450 round is a
hand of the table; a discard or ``hide`` an action of its log.
"""

from __future__ import annotations

import random
from typing import Any

from games.engine.errors import UnknownVariantError
from games.engine.four_fifty import Game as Engine
from games.engine.four_fifty import get_rules
from games.engine.four_fifty.bots import choose_action
from games.engine.four_fifty.end import MAJOR_BONUS
from games.engine.four_fifty.phase import Phase
from games.engine.four_fifty.search import choose_searched, clone, discard_thoughts
from games.engine.four_fifty.views import private_view, public_view
from games.kinds.base import (
    BEGINNER,
    CHAT,
    NOTICES,
    REMATCH,
    REVIEW,
    SEATS,
    Budget,
    GameKind,
    _,
)
from games.kinds.four_fifty.bot import SAMPLES_SCALE, searched
from games.kinds.four_fifty.replay import replay_steps, round_at

PLAYERS = (3, 4, 5, 6)
DEFAULT_PLAYERS = 4

# Online, the dealer keeps the cards dealt face up on the table at most this long
# (he hides them with a tap before): then the table hides them for him.
SHOW_SECONDS = 20
# A bot dealer leaves the face-up cards on the table this many of its moves' time.
BOT_SHOW_MOVES = 3


def split_options(options: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """(players, the 450 engine's options) of a 450 table's ``options``."""
    rest = dict(options or {})
    players = rest.pop("players", DEFAULT_PLAYERS)
    return players, rest


class Game450:
    """A game of 450 shaped as live play reads a game (as the 500 engine's ``Game``):
    ``current``, ``entries`` (the rounds), ``next_hand(seed)``, ``dealer``,
    ``is_over``, ``first_dealer``, ``teams`` (each player for himself), ``summary()``.

    The secretary sits on the first dealer's right (the engine: the secretary's left
    deals first). A table created with a first dealer (a tournament's: P2, seat 1 the
    secretary) keeps it; otherwise the secretary is drawn from the table's seed."""

    draw = None  # no card draw for the first dealer (500's); the secretary is drawn

    def __init__(self, options: dict[str, Any], *, seed: int, first_dealer: str = ""):
        players, rest = split_options(options)
        rules = get_rules(players, rest)
        n = rules.players
        if first_dealer in rules.seat_index:
            secretary = (rules.seat_index[first_dealer] - 1) % n
        else:
            secretary = random.Random(f"secretary:{seed}").randrange(n)
        self.engine = Engine(rules, secretary=secretary)
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


class FourFifty(GameKind):
    name = "450"
    label = "450"
    title = _("450 (la piquée)")
    variants = {"450": _("450 (la piquée)")}  # one rule set, its options per table
    players = {n: str(n) for n in PLAYERS}
    default_players = DEFAULT_PLAYERS
    rounds_option = ("rounds", "rounds")
    option_catalogue = False
    features = frozenset({CHAT, SEATS, NOTICES, REMATCH, REVIEW})
    chat_phrases = {"nice_hand": "nice_round"}  # a 450 hand is a round (manche)
    reviews = True  # a finished round is reviewed before the next deal (games.live.review)
    table_parts = {
        "felt": "games/kinds/four_fifty/_felt.html",
        "subtitle": "games/kinds/four_fifty/_subtitle.html",
        "main_end": "games/kinds/four_fifty/_counts.html",
    }
    table_words = {
        "records": _("Download the game's round records"),
        "commands": _(
            "A card or a move as listed: “jack of hearts”, “10 spades”, “hide”; "
            "“next” after a round."
        ),
        "keyboard": _(
            "Keyboard: Tab to a card, arrows to move along your hand, Enter to discard it."
        ),
    }
    table_actions_first = True  # the dealer's, lanceur's and master's choices above the hand
    table_client = "js/kinds/four_fifty/table.js"
    table_stylesheet = "css/kinds/four_fifty/table.css"
    replay_part = "games/kinds/four_fifty/_replay.html"
    replay_client = "js/kinds/four_fifty/replay.js"

    @staticmethod
    def new_game(
        variant: str, options: dict[str, Any], *, seed: int, first_dealer: str = ""
    ) -> Game450:
        return Game450(options, seed=seed, first_dealer=first_dealer)

    @staticmethod
    def settings(variant: str, options: dict[str, Any]) -> tuple[str, dict, tuple[str, ...]]:
        if variant not in FourFifty.variants:
            raise UnknownVariantError(
                f"unknown variant {variant!r} (known: 450)",
                code="unknown_variant",
                params={"variant": variant},
            )
        players, rest = split_options(options)
        rules = get_rules(players, rest)
        return variant, {"players": rules.players, **rules.overrides}, rules.seats

    public_view = staticmethod(public_view)
    private_view = staticmethod(private_view)
    choose_action = staticmethod(choose_action)

    @staticmethod
    def bot_searches(hand, level: str) -> bool:
        """Above "Débutant", at three and four players (``bot.SEARCHED_PLAYERS``), a
        discard with a choice is searched (``games.engine.four_fifty.search``); the
        other decisions keep the rules of thumb."""
        return level != BEGINNER and searched(hand)

    @staticmethod
    def choose_searched(hand, seat: str, rng, budget: Budget) -> str:
        return choose_searched(hand, seat, rng, samples=budget.samples, max_seconds=budget.seconds)

    @staticmethod
    def search_copy(hand):
        """The round's own copy (``search.clone``: the rules, the deal and the events
        so far shared, never changed)."""
        return clone(hand)

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
        view = public_view(hand)
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

    @staticmethod
    def takes_back(hand, action: str) -> str:
        """The discards (face up on the pile) and a major sequence's announcement; not
        the dealer's hiding of the face-up cards, the lanceur's card set aside, nor the
        master's choice of the pot's first card."""
        if hand.phase is not Phase.DISCARD:
            return ""
        return "call" if action.startswith("major:") else "card"

    @staticmethod
    def review_rule(hand) -> dict[str, Any]:
        """The rules the round's points came from: the major sequence's bonus, what makes
        the jack of spades' holder the master, how ties are broken."""
        rules = hand.rules
        return {
            "major_bonus": MAJOR_BONUS,
            "jack_of_spades": rules.jack_of_spades,
            "tie_break": rules.tie_break,
        }

    @staticmethod
    def replay_data(record: dict[str, Any]) -> dict[str, Any]:
        return {"steps": replay_steps(record)}

    @staticmethod
    def bot_thoughts(record: dict[str, Any], step: int, budget: Budget) -> dict | None:
        """The searching bot's mean final points per legal discard at a step where a
        robot would search (``bot.searched``; ``discard_thoughts``); seeded by the step,
        so that the same budget on an idle machine gives the same answer."""
        try:
            rnd = round_at(record, step)
        except IndexError:
            return None
        if not searched(rnd):
            return None
        return discard_thoughts(
            rnd,
            rnd.to_act,
            random.Random(f"thoughts:{step}"),
            samples=budget.samples * SAMPLES_SCALE,
            max_seconds=budget.seconds,
        )


FOUR_FIFTY = FourFifty()
