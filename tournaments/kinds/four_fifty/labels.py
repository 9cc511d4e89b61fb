"""450 words in the reader's language: cards (V♥, As♦ in French), hands (paire, petite
suite ...), seats. The engine keeps codes (``JH``, ``paire``, ``P1``); pages show these."""

from __future__ import annotations

from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from games.engine.four_fifty.cards import CODE, SYMBOLS, sort_key
from games.option_labels import rank_label

RED = {"H", "D"}
HANDS = {
    "rien": _("nothing"),
    "deux_cartes": _("two cards"),
    "petite_suite": _("small sequence"),
    "paire": _("pair"),
    "trois_cartes": _("three cards"),
    "grosse_suite": _("big sequence"),
    "brelan": _("three of a kind"),
}
#: The cards in the order a picker lists them: by suit (spades, hearts, clubs,
#: diamonds), each from the 3 down.
SUIT_ORDER = ("S", "H", "C", "D")


def card_label(code: str) -> str:
    """``JH`` -> ``V♥`` in French, ``J♥`` in English."""
    if not code:
        return ""
    return rank_label(code[:-1]) + SYMBOLS.get(code[-1], code[-1])


def cards_label(codes) -> str:
    return " ".join(card_label(c) for c in codes)


def hand_label(kind: str) -> str:
    return str(HANDS.get(kind, kind))


def card_html(code):
    """A card as HTML, red suits marked (the same classes as 500's contracts): the
    ``card450`` filter (``{{ "JH"|card450 }}``, V♥ in French)."""
    if not code:
        return ""
    red = " suit-red" if code[-1] in RED else ""
    return format_html('<span class="c450{}">{}</span>', red, card_label(code))


def hand_text(kind) -> str:
    """The ``hand450`` filter: ``{{ "paire"|hand450 }}``."""
    return hand_label(kind) if kind else ""


def seat_number(position: str) -> str:
    """``P3`` -> ``3``."""
    return position[1:] if position and position.startswith("P") else position


def card_choices() -> list[tuple[str, list[tuple[str, str]]]]:
    """The 36 cards grouped by suit, for a select's optgroups."""
    names = {"S": _("Spades"), "H": _("Hearts"), "C": _("Clubs"), "D": _("Diamonds")}
    out = []
    for suit in SUIT_ORDER:
        cards = sorted((c for c, code in enumerate(CODE) if code.endswith(suit)), key=sort_key)
        out.append((str(names[suit]), [(CODE[c], card_label(CODE[c])) for c in cards]))
    return out


#: The 450 options a tournament sets (the deal's own options are the players' at the
#: table): name -> (label, help), and the labels of their values.
OPTIONS = {
    "end": (
        _("End of a game"),
        _(
            "At a target score (the round in which a player reaches "
            "it ends the game), or after a number of rounds."
        ),
    ),
    "target": (_("Target (points)"), _("The score that ends a game (350 by the club's rules).")),
    "rounds": (
        _("Rounds per game"),
        _("Rounds (manches) in a game, when a game ends after a number of rounds."),
    ),
    "game_tie": (
        _("Equal best totals at the end"),
        _("When the game ends with several players on the best total."),
    ),
    "tie_break": (
        _("Equal best hands"),
        _("Equal best base hands for the master, or equal best points for the next lanceur."),
    ),
    "jack_of_spades": (
        _("The jack of spades"),
        _("He takes the master's place when held in the last two cards."),
    ),
    "double_face_rounds": (
        _("Rounds of a double-faced card"),
        _("Rounds a double-faced card stays in force before a new one is drawn."),
    ),
}
VALUES = {
    "end": {"target": _("At the target score"), "rounds": _("After a number of rounds")},
    "game_tie": {"play_on": _("Play on until one leads alone"), "shared": _("They share the win")},
    "tie_break": {
        "high_card": _("The higher cards, then the first in play order"),
        "play_order": _("The first in play order"),
    },
    "jack_of_spades": {
        "any_hand": _("Whatever his last two cards are worth"),
        "base_hand": _("Only if they make a base hand"),
    },
}


def option_value_label(name: str, value) -> str:
    return str(VALUES.get(name, {}).get(value, value))
