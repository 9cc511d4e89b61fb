"""What a game kind is: the interface every kind implements (pure Python, no Django).

A kind object names everything that differs between games. Live play, the table and
replay pages, the forms and tournaments read a game only through it; a kind's own
module (``games.kinds.five_hundred``, ``games.kinds.four_fifty``) fills it in from its
engine package.
"""

from __future__ import annotations

import copy
from typing import Any, ClassVar, NamedTuple

#: Table features a kind may offer (``GameKind.features``).
CHAT = "chat"  # the table chat, players and spectators apart
SEATS = "seats"  # the host gives a seat to a bot, frees it, takes it back
NOTICES = "notices"  # sound and "notify me" toggles, the turn banner
REMATCH = "rematch"  # game over offers the same table again
REVIEW = "review"  # a finished hand is reviewed before the next deal
CLAIMS = "claims"  # a player claims the rest of the tricks


def _(text: str) -> str:
    """Marks ``text`` for translation (``makemessages`` finds it); pages translate it
    when they show it (``games.option_labels``)."""
    return text


# The bots' levels (``Table.bot_level``, ``Tournament.bot_level``), stored name -> label
# (English, translated by pages). "Débutant" plays today's rules of thumb; "Club" and
# "Fort" search where a kind's bot can (``GameKind.bot_searches``), within a budget.
BEGINNER, CLUB, STRONG = "debutant", "club", "fort"
BOT_LEVELS = {BEGINNER: _("Beginner"), CLUB: _("Club"), STRONG: _("Strong")}


class Budget(NamedTuple):
    """What one searching decision may spend: ``samples`` deals, ``seconds`` in all
    (None: no time limit, the choice then depends on the seed alone), ``nodes`` per
    solved deal."""

    samples: int
    seconds: float | None
    nodes: int | None = 20000


#: Each searching level's budget (the site's settings may override it:
#: ``BOT_LEVEL_BUDGETS``).
LEVEL_BUDGETS = {CLUB: Budget(8, 0.1), STRONG: Budget(32, 1.0)}


class UnknownKind(ValueError):
    """A kind name the registry does not know (``games.kinds.kind_of``)."""

    def __init__(self, name: object, known: tuple[str, ...]):
        super().__init__(f"unknown game kind {name!r} (known: {', '.join(known)})")
        self.name = name


class GameKind:
    """The interface of a game kind. Subclasses set every attribute and method.

    Attributes:
        name: the stored name (``Table.kind``, ``Tournament.game``): ``"500"``.
        label: the kind's short name (a numeral: the same in French and English).
        title: the kind as the lobby offers it (English, translated by pages).
        variants: the rule variants a table of this kind may use, each with its
            title (English, translated by pages); the first is the default. A
            variant's name belongs to one kind only.
        players: the player counts a table may have, each with its title (English,
            translated by pages); ``default_players`` the lobby's first choice.
        rounds_option: the options that end a game after a number of hands:
            (value of ``end``, the option holding the number).
        option_catalogue: whether the engine's catalogue of advanced options (and
            the choice of a rule variant) applies (``games.engine.option_catalogue``).
        features: the table features it offers (``CHAT``, ``SEATS``, ...).
        chat_phrases: quick chat phrases said otherwise at this kind's tables
            (``games.live.chat``): phrase -> the kind's phrase.
        reviews: whether a finished hand waits for the review before the next deal.
        table_parts: the kind's own parts of the one table page
            (``templates/games/table.html``), template names by slot: ``felt`` (the
            seats and the table's centre; every kind has one), and where the kind has
            them ``subtitle`` (after the variant under the title), ``sheet_tools``
            (the score sheet panel's head), ``sheet_top`` (above the sheet),
            ``main_end`` (after game over) and ``side_end`` (the side column's last
            panel).
        table_words: the table page's sentences that name the kind's deal (English,
            translated by the page): ``records`` (the records link), ``keyboard``
            (the keyboard help), ``commands`` (what the text view's command input
            takes, ``static/js/textview.js``).
        table_actions_first: the action panel stands above the hand (else under it).
        table_client: the static path of the kind's table renderer (an ES module the
            table client, ``static/js/table.js``, imports: docs/architecture.md).
        table_stylesheet: the static path of the kind's table styles (after
            ``css/table.css``).
        replay_part: the kind's part of the replay page (``templates/games/replay.html``
            includes it with ``say`` naming what it gives: its words, styles, felt).
        replay_client: the kind's replay renderer, a module under ``static/`` that
            ``static/js/replay.js`` imports (its interface: that module's comment).
        boards: whether the kind deals duplicate boards (``games.engine.boards``) at
            some of its rules; ``supports_boards`` says at which.
    """

    name: ClassVar[str]
    label: ClassVar[str]
    title: ClassVar[str]
    variants: ClassVar[dict[str, str]]
    players: ClassVar[dict[int, str]]
    default_players: ClassVar[int]
    rounds_option: ClassVar[tuple[str, str]]
    option_catalogue: ClassVar[bool]
    features: ClassVar[frozenset[str]]
    chat_phrases: ClassVar[dict[str, str]] = {}
    reviews: ClassVar[bool]
    table_parts: ClassVar[dict[str, str]]
    table_words: ClassVar[dict[str, str]]
    table_actions_first: ClassVar[bool] = False
    table_client: ClassVar[str]
    table_stylesheet: ClassVar[str]
    replay_part: ClassVar[str]
    replay_client: ClassVar[str]
    boards: ClassVar[bool] = False

    def __repr__(self) -> str:
        return f"<game kind {self.name}>"

    @property
    def default_variant(self) -> str:
        return next(iter(self.variants))

    def offers(self, feature: str) -> bool:
        return feature in self.features

    def supports_boards(self, variant: str, options: dict[str, Any]) -> bool:
        """Whether a game at these rules can play duplicate boards (the same deals at
        every table, ``games.engine.boards``)."""
        return False

    # ------------------------------------------------------------ the game
    def settings(self, variant: str, options: dict[str, Any]) -> tuple[str, dict, tuple[str, ...]]:
        """(variant name, options to store, seat names); EngineError when they do not fit."""
        raise NotImplementedError

    def new_game(self, variant: str, options: dict[str, Any], *, seed: int, first_dealer: str = ""):
        """The engine's game shaped as live play reads it: ``current``, ``entries``,
        ``next_hand(seed)``, ``dealer``, ``is_over``, ``first_dealer``, ``teams``,
        ``summary()``."""
        raise NotImplementedError

    def deal_board(self, game, seed: str, number: int):
        """Deal ``game``'s next hand as board ``number`` of the secret ``seed`` (a
        duplicate table: ``games.engine.boards``); only a kind with ``boards``."""
        raise NotImplementedError

    def public_view(self, hand) -> dict[str, Any]:
        raise NotImplementedError

    def private_view(self, hand, seat: str) -> dict[str, Any]:
        raise NotImplementedError

    def choose_action(self, hand, seat: str, rng) -> str:
        """The bot's action for ``seat``."""
        raise NotImplementedError

    def bot_searches(self, hand, level: str) -> bool:
        """Whether the bot's decision for the seat to act searches at ``level`` (live
        play then runs it off the event loop, ``choose_searched``). By default never:
        the kind's bot plays its rules of thumb at every level."""
        return False

    def choose_searched(self, hand, seat: str, rng, budget: Budget) -> str:
        """The bot's action for ``seat`` where ``bot_searches`` says it searches,
        within ``budget``."""
        return self.choose_action(hand, seat, rng)

    def search_copy(self, hand):
        """A copy of ``hand`` a search may work on while the table goes on (what never
        changes, such as the rules, may be shared)."""
        return copy.deepcopy(hand)

    def has_partners(self, variant: str, options: dict[str, Any]) -> bool:
        """Whether a player of such a table may have a partner (quick chat phrases)."""
        raise NotImplementedError

    def hand_dealer(self, hand) -> str:
        raise NotImplementedError

    def hand_result(self, hand) -> dict[str, Any]:
        """A finished hand's result as its row keeps it (``GameHand.result``)."""
        raise NotImplementedError

    def sheet_row(self, result: dict[str, Any], totals: dict[str, int]) -> None:
        """Add a finished hand's ``result`` to the running ``totals`` per side."""
        raise NotImplementedError

    def timed_turn(self, hand) -> float | None:
        """Seconds a present member has for the turn before the table acts (or None)."""
        raise NotImplementedError

    def bot_moves(self, hand) -> int:
        """How many of its paces a bot takes for the turn."""
        raise NotImplementedError

    def takes_back(self, hand, action: str) -> str:
        """Whether ``action``, about to be applied to ``hand``, may be taken back at a
        casual table (``games.live.takeback``), and what it is: ``"call"``, ``"card"``
        (played face up), or ``""`` (never: a move whose card stays hidden...)."""
        raise NotImplementedError

    def review_rule(self, hand) -> dict[str, Any] | None:
        """The rule that gave a finished hand's score, as numbers the hand review puts in
        words (``games.live.review``); None: nothing to explain (a redeal)."""
        raise NotImplementedError

    # ------------------------------------------------------------ the pages
    def replay_data(self, record: dict[str, Any]) -> dict[str, Any]:
        """What the kind's replay renderer draws of a finished hand's ``record``: at
        least ``steps``, a list (the page adds the seats' players by name)."""
        raise NotImplementedError

    def bot_thoughts(self, record: dict[str, Any], step: int, budget: Budget) -> dict | None:
        """What the searching bot would make of the choice at replay step ``step`` of a
        finished hand's ``record``, in the place of the seat to act (seeing only what
        that seat saw), within ``budget``: a plain dict the kind's replay renderer
        draws (``thoughts`` in its interface), or None where the bot does not search
        there. The replay offers it on the steps whose ``think`` is true. By default
        never."""
        return None
