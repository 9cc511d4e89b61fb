"""500 as a game kind (``games.engine``): 2 to 6 players, every rule variant."""

from __future__ import annotations

import copy
import random
from typing import Any

from games.engine import Game, Phase, get_variant
from games.engine.actions import BID0, MIS
from games.engine.bid_search import CALL_PHASES
from games.engine.boards import board_variant, deal_board
from games.engine.bots import choose_action
from games.engine.errors import UnknownVariantError
from games.engine.search_bot import call_thoughts, card_thoughts, choose_searched, searches
from games.engine.views import private_view, public_view
from games.kinds.base import (
    BEGINNER,
    CHAT,
    CLAIMS,
    NOTICES,
    REMATCH,
    REVIEW,
    SEATS,
    Budget,
    GameKind,
    _,
)
from games.kinds.five_hundred.replay import hand_at, replay_steps

# The phases whose every call may be taken back, and the play's moves that may not.
TAKEBACK_CALL_PHASES = frozenset({Phase.AUCTION, Phase.BREACH, Phase.PARTNER})
TAKEBACK_CLAIM_ACTIONS = ("claim", "accept", "refuse")


class FiveHundred(GameKind):
    name = "500"
    label = "500"
    title = _("500")
    variants = {
        "quebec": _("Quebec (club tournament rules)"),
        "australian": _("Australian (Avondale)"),
        "american": _("American"),
        "french-canadian": _("French-Canadian"),
    }
    players = {
        2: _("2 players (with a dead hand)"),
        3: _("3 players, each for himself"),
        4: _("4 players, two teams"),
        5: _("5 players, the declarer calls a partner"),
        6: _("6 players, in teams"),
    }
    default_players = 4
    rounds_option = ("hands", "hands_per_game")
    option_catalogue = True
    features = frozenset({CHAT, SEATS, NOTICES, REMATCH, REVIEW, CLAIMS})
    reviews = True  # a finished hand is reviewed before the next deal (games.live.review)
    table_parts = {
        "felt": "games/kinds/five_hundred/_felt.html",
        "sheet_tools": "games/kinds/five_hundred/_last_trick_button.html",
        "sheet_top": "games/kinds/five_hundred/_last_trick.html",
        "side_end": "games/kinds/five_hundred/_draw.html",
    }
    table_words = {
        "records": _("Download the game's hand records"),
        "commands": _(
            "A card, a call or a move as listed: “8 spades”, “jack of hearts”, “joker”, "
            "“pass”, “7 no trump”, “misère”; “next” after a deal."
        ),
        "keyboard": _(
            "Keyboard: Tab to a card, arrows to move along your hand, Enter to play. "
            "L shows the last trick."
        ),
    }
    table_client = "js/kinds/five_hundred/table.js"
    table_stylesheet = "css/kinds/five_hundred/table.css"
    replay_part = "games/kinds/five_hundred/_replay.html"
    replay_client = "js/kinds/five_hundred/replay.js"

    @staticmethod
    def new_game(
        variant: str, options: dict[str, Any], *, seed: int, first_dealer: str = ""
    ) -> Game:
        """The engine draws the first dealer from the seed, unless the table was
        created with one (a tournament table: seat N deals first)."""
        game = Game(variant, options, seed=seed)
        if first_dealer and first_dealer != game.first_dealer:
            game.first_dealer = first_dealer
            game.draw = None
        return game

    @staticmethod
    def settings(variant: str, options: dict[str, Any]) -> tuple[str, dict, tuple[str, ...]]:
        v = get_variant(variant, options)
        return v.name, dict(v.overrides), tuple(v.seats)

    public_view = staticmethod(public_view)
    private_view = staticmethod(private_view)
    choose_action = staticmethod(choose_action)

    @staticmethod
    def bot_searches(hand, level: str) -> bool:
        """Above "Débutant", the calls (auction, breach round, partner card), the card
        play and the answers to claims search (``games.engine.search_bot``); the
        discards keep the rules of thumb."""
        return level != BEGINNER and searches(hand)

    @staticmethod
    def choose_searched(hand, seat: str, rng, budget: Budget) -> str:
        return choose_searched(
            hand,
            seat,
            rng,
            samples=budget.samples,
            max_seconds=budget.seconds,
            max_nodes=budget.nodes,
        )

    @staticmethod
    def search_copy(hand):
        """A deep copy sharing the variant (the rules)."""
        return copy.deepcopy(hand, {id(hand.variant): hand.variant})

    boards = True

    def supports_boards(self, variant: str, options: dict[str, Any]) -> bool:
        """Four-handed 500 only (``games.engine.boards.board_variant``)."""
        try:
            board_variant(variant, options)
        except UnknownVariantError:
            return False
        return True

    @staticmethod
    def deal_board(game: Game, seed: str, number: int):
        """The board as ``games.engine.boards`` deals it for the game's rules."""
        return game.next_board(deal_board(game.variant, seed, number))

    @staticmethod
    def has_partners(variant: str, options: dict[str, Any]) -> bool:
        """Sides of two or three (4 and 6 players), or the declarer's partner named by
        the partner card (5 players); at 2 and 3 players each plays for themselves."""
        v = get_variant(variant, options)
        return len(v.seats) == 5 or any(len(team) > 1 for team in v.teams)

    @staticmethod
    def hand_dealer(hand) -> str:
        return hand.variant.seats[hand.dealer]

    @staticmethod
    def hand_result(hand) -> dict:
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

    @staticmethod
    def takes_back(hand, action: str) -> str:
        """The calls (the auction, the breach round, the partner call) and the cards
        played; not the declarer's discards (hidden), nor a claim or its answers."""
        phase = hand.phase
        if phase in TAKEBACK_CALL_PHASES:
            return "call"
        return "card" if phase is Phase.PLAY and action not in TAKEBACK_CLAIM_ACTIONS else ""

    @staticmethod
    def review_rule(hand) -> dict[str, Any] | None:
        """The variant's scoring rule that gave the hand's score (None: a redeal)."""
        v = hand.variant
        if hand.contract < 0 or getattr(hand, "redeal", False):
            return None
        level = (hand.contract - BID0) // 5 + 6 if hand.contract < MIS else None
        return {
            "value": v.table_value(hand.contract),
            "level": level,
            "per_trick": v.defenders_per_trick,
            "failed": v.failed_contract,
            "slam_bonus": v.slam_bonus or 0,
            "set_rule": bool(v.set_rule),
        }

    @staticmethod
    def replay_data(record: dict[str, Any]) -> dict[str, Any]:
        """The seats, the dealer, the dead hand and the steps (``.replay``)."""
        return replay_steps(record)

    @staticmethod
    def bot_thoughts(record: dict[str, Any], step: int, budget: Budget) -> dict | None:
        """The searching bot's view at a step: in the auction, the breach round and the
        partner call its candidate calls with their mean margins (``games.engine.
        search_bot.call_thoughts``), in the play its mean tricks per legal card
        (``card_thoughts``); seeded by the step, so that the same budget on an idle
        machine gives the same answer."""
        try:
            hand = hand_at(record, step)
        except IndexError:
            return None
        if hand.phase in CALL_PHASES:
            return call_thoughts(
                hand,
                random.Random(f"thoughts:{step}"),
                samples=budget.samples,
                max_seconds=budget.seconds,
            )
        return card_thoughts(
            hand,
            random.Random(f"thoughts:{step}"),
            samples=budget.samples,
            max_seconds=budget.seconds,
            max_nodes=budget.nodes,
        )


FIVE_HUNDRED = FiveHundred()
