"""Translated labels for the engine's notation: variants, options and their values,
contracts (7♥, 6 SA), seats and sides (N E S O, NS EO).

The engine (pure Python) speaks in codes (``one_call``, ``7H``, ``EW``); pages and
exports in French or English show these labels. Hand records keep the engine's
notation (HAND-RECORD.md).
"""

from __future__ import annotations

from django.utils.text import format_lazy
from django.utils.translation import gettext, pgettext
from django.utils.translation import gettext_lazy as _

from games.kinds import KINDS, GameKind

OPTIONS = {
    "players": (
        _("Players"),
        _(
            "Number of players: 4 in two teams; 2 (with a dead hand) and 3 each for himself; 5 "
            "each for himself, the declarer calling a partner; 6 in teams."
        ),
    ),
    "deck": (
        _("Deck"),
        _(
            "43 cards (one joker, no black 4s), 45 (one joker) or 46 (two jokers) for 4 players; "
            "33 (7 to ace) for 2 and 3; 53 for 5; 63 (with the 11s, 12s and red 13s) for 6."
        ),
    ),
    "jokers": (
        _("Jokers"),
        _(
            "Two in the 46-card deck, one in the others; the 63-card deck may take the low joker "
            "too (kitty 4)."
        ),
    ),
    "teams": (
        _("Six-handed teams"),
        _(
            "Two teams of three (P1 P3 P5 against P2 P4 P6) or three teams of two (P1+P4, P2+P5, "
            "P3+P6)."
        ),
    ),
    "partner_reveal": (
        _("Partner shown"),
        _(
            "Five players: the holder of the partner card is shown at once, or when the card is "
            "played."
        ),
    ),
    "partner_points": (
        _("Partner's points"),
        _(
            "Five players: the declarer and his partner each score (or lose) the full value, or "
            "half of it."
        ),
    ),
    "kitty_size": (_("Kitty size"), _("Cards in the kitty.")),
    "deal_packets": (
        _("Deal packets"),
        _(
            "Deal plan from the dealer's left: n = n cards to each player, Kn = n cards to the "
            "kitty."
        ),
    ),
    "auction": (
        _("Auction"),
        _(
            "How the bidding goes round: each player calls once; or round and round until a pass "
            "is final; or as the latter, but a bidder changing suit lets passed players back in."
        ),
    ),
    "winner_may_raise": (
        _("Winner may raise"),
        _("After all others pass, the high bidder may raise his own bid once."),
    ),
    "min_bid": (_("Minimum winning bid"), _("Lowest level that can win the auction.")),
    "inkles": (
        _("Inkles"),
        _("The first two callers may bid 6 below the minimum; an inkle never wins."),
    ),
    "both_jokers_forced_level": (
        _("Both jokers: forced bid"),
        _("A player dealt both jokers must bid at least this level (0: no rule)."),
    ),
    "misere": (_("Misère"), _("Misère (win no trick) may be bid.")),
    "misere_min_level": (
        _("Misère after level"),
        _("Misère only after someone has bid this level (0: any time)."),
    ),
    "misere_rank": (_("Misère ranks above"), _("Misère ranks just above this bid.")),
    "misere_value": (_("Misère value"), _("Points for misère.")),
    "open_misere": (_("Open misère"), _("Open misère (hand face up) may be bid at any time.")),
    "open_misere_rank": (_("Open misère ranks above"), _("Open misère ranks just above this bid.")),
    "open_misere_value": (_("Open misère value"), _("Points for open misère.")),
    "open_misere_reveal": (
        _("Open misère: hand shown"),
        _("When the declarer's hand is laid face up."),
    ),
    "misere_joker_must_play": (
        _("Misère: joker must be played"),
        _("An unnamed joker must be played when its holder cannot follow suit."),
    ),
    "first_lead": (_("First lead"), _("Who leads to the first trick.")),
    "joker_nt_lead": (
        _("Joker led in no trump"),
        _("The suit it may ask for: any; one already led this hand; one not yet led."),
    ),
    "joker_nt_void_only": (
        _("Joker in no trump: only when void"),
        _("An unnamed joker may be played only when its holder cannot follow suit."),
    ),
    "joker_prenaming": (
        _("Declarer names the joker"),
        _("In no trump and misère, the declarer may name the joker's suit before the first lead."),
    ),
    "kitty_joker_disclosure": (
        _("Kitty joker shown"),
        _(
            "At a 6- or 7-level contract, a joker in the kitty is shown when the declarer holds "
            "the other one."
        ),
    ),
    "score_table": (
        _("Score table"),
        _("Avondale (10 hearts 500, 10 NT 520) or perfect (20 less: 10 NT 500)."),
    ),
    "slam_bonus": (
        _("Slam bonus"),
        _("All ten tricks on a smaller contract score this (0: none)."),
    ),
    "defenders_per_trick": (
        _("Defenders per trick"),
        _("Points per trick to the side without the contract."),
    ),
    "failed_contract": (
        _("Failed contract"),
        _("Its value is subtracted, or given to the other side."),
    ),
    "set_rule": (
        _("Set rule"),
        _(
            "A declarer whose opponents take 12 minus the level in tricks (misère: who takes 3 "
            "tricks) must pass in the next hand."
        ),
    ),
    "breach": (
        _("Breach"),
        _(
            "Against a contract of 7 or more or a misère, a defender may call breach: a bet that "
            "the defence takes 12 minus the level in tricks."
        ),
    ),
    "breach_value": (
        _("Breach value"),
        _("Points a breach wins or loses (0: the contract's value)."),
    ),
    "all_pass": (
        _("When everyone passes"),
        _("The same dealer deals again, or the deal passes on."),
    ),
    "end": (_("End of game"), _("After a number of hands, or at a target score.")),
    "hands_per_game": (
        _("Hands per game"),
        _("Hands in a game that ends after a number of hands."),
    ),
    "target": (_("Target score"), _("Score that wins a game played to a target.")),
    "lose_at_minus_target": (
        _("Minus the target loses"),
        _("A side at minus the target or below loses."),
    ),
    "must_win_by_contract": (
        _("Win by a contract"),
        _("The target is reached only by making a contract."),
    ),
    "exact_target": (
        _("Exact target (Walker)"),
        _(
            "A side wins only on reaching the target exactly by making a contract; at twice the "
            "target, or at minus the target, it loses."
        ),
    ),
    "point_difference": (
        _("Point difference"),
        _(
            "The game ends when one side is negative, the other positive, and they differ by this "
            "much (0: off)."
        ),
    ),
}


#: Choice values of the options, as a player reads them.
VALUES = {
    "auction": {
        "one_call": _("one call each"),
        "pass_final": _("round and round, a pass is final"),
        "reopen": _("a change of suit lets passed players back in"),
    },
    "open_misere_reveal": {
        "after_first_trick": _("after the first trick"),
        "before_first_lead": _("before the first lead"),
    },
    "first_lead": {
        "declarer": _("the declarer"),
        "declarer_left": _("the player on the declarer's left"),
    },
    "joker_nt_lead": {
        "any": _("any suit"),
        "already_led": _("a suit already led this hand"),
        "not_yet_led": _("a suit not yet led"),
    },
    "score_table": {
        "avondale": _("Avondale"),
        "perfect": _("perfect (20 points less)"),
    },
    "failed_contract": {
        "subtract": _("subtracted from the declaring side"),
        "to_opponents": _("given to the other side"),
    },
    "all_pass": {
        "redeal_same_dealer": _("the same dealer deals again"),
        "next_dealer": _("the deal passes to the left"),
    },
    "end": {
        "hands": _("after a number of hands"),
        "target": _("at a target score"),
    },
    "teams": {
        "2x3": _("two teams of three"),
        "3x2": _("three teams of two"),
    },
    "partner_reveal": {
        "announce": _("at once"),
        "on_play": _("when the card is played"),
    },
    "partner_points": {
        "full": _("the full value each"),
        "half": _("half the value each"),
    },
}
#: Options whose values are bids (shown as contracts).
BID_OPTIONS = {"misere_rank", "open_misere_rank"}

SUIT_SYMBOLS = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}
RED_SUITS = {"D", "H"}


def variant_label(name: str) -> str:
    """A rule variant's title (``games.kinds``) in the reader's language."""
    for kind in KINDS.values():
        if name in kind.variants:
            return gettext(kind.variants[name])
    return name


def kind_title(kind: GameKind) -> str:
    """A game kind as the lobby offers it, in the reader's language."""
    return gettext(kind.title)


def option_label(name: str) -> str:
    """An option's name as players read it (the engine's help when it has no label)."""
    if name in OPTIONS:
        return OPTIONS[name][0]
    return name.replace("_", " ").capitalize()


def contract_parts(code: str) -> tuple[str, str, str] | None:
    """A level bid "7H" -> ("7", "H", "♥"), "6NT" -> ("6", "NT", "SA"); None otherwise."""
    code = (code or "").strip().upper()
    for strain in ("NT", "S", "C", "D", "H"):
        if code.endswith(strain) and code[: -len(strain)].isdigit():
            level = code[: -len(strain)]
            if strain == "NT":
                return level, strain, pgettext("no trump, after a level: 6 NT", "NT")
            return level, strain, SUIT_SYMBOLS[strain]
    return None


def contract_label(code: str) -> str:
    """A contract in the reader's notation: 7♥, 6 SA (6 NT in English), Misère."""
    if code == "MIS":
        return gettext("Misère")
    if code == "OMIS":
        return gettext("Open misère")
    parts = contract_parts(code)
    if parts is None:
        return code or ""
    level, strain, shown = parts
    return f"{level} {shown}" if strain == "NT" else f"{level}{shown}"


def rank_label(rank: str) -> str:
    """A card's rank as players write it: V, D, R, As in French (J, Q, K, A in English)."""
    return {
        "J": pgettext("card rank", "J"),
        "Q": pgettext("card rank", "Q"),
        "K": pgettext("card rank", "K"),
        "A": pgettext("card rank", "A"),
    }.get(rank, rank)


def suit_label(suit: str) -> str:
    """A suit's name: Pique, Cœur, Trèfle, Carreau in French."""
    names = {
        "S": gettext("Spades"),
        "H": gettext("Hearts"),
        "C": gettext("Clubs"),
        "D": gettext("Diamonds"),
    }
    return names.get(suit, suit)


def joker_label(code: str) -> str:
    """A joker's name as the club says it: la Blanche (high), le Bonhomme (low)."""
    if code == "WJ":
        return pgettext("card face", "High joker")
    if code == "BJ":
        return pgettext("card face", "Low joker")
    return code


def seat_label(code: str) -> str:
    """A seat's letter in the reader's language: N, E, S, O (W in English)."""
    letters = {
        "N": pgettext("seat letter", "N"),
        "E": pgettext("seat letter", "E"),
        "S": pgettext("seat letter", "S"),
        "W": pgettext("seat letter", "W"),
    }
    return letters.get(code, code)


def _compass() -> dict[str, str]:
    return {
        "N": gettext("North"),
        "E": gettext("East"),
        "S": gettext("South"),
        "W": gettext("West"),
    }


def seat_place(code: str) -> str:
    """A seat's place at the table in words, as the table client says it
    (``seatLabel`` in static/js/cards.js): "North" at four players; elsewhere the seats
    are numbered around the table, "Seat 2"."""
    return _compass().get(code) or gettext("Seat %(n)s") % {"n": code.removeprefix("P")}


def bot_name(code: str) -> str:
    """A bot's name, as the table client says it (``botName`` in static/js/cards.js):
    "Bot North" at four players, else "Bot 2"."""
    return gettext("Bot %(seat)s") % {"seat": _compass().get(code) or code.removeprefix("P")}


def side_label(code: str) -> str:
    """A side: NS, EO (EW in English)."""
    sides = {"NS": pgettext("side North-South", "NS"), "EW": pgettext("side East-West", "EW")}
    return sides.get(code, code)


def packets_label(text: str) -> str:
    """A deal plan "3,K2,2" as read: 3 · kitty 2 · 2."""
    out = []
    for part in str(text).split(","):
        part = part.strip()
        if part.startswith("K"):
            out.append(gettext("kitty %(n)s") % {"n": part[1:]})
        else:
            out.append(part)
    return " · ".join(out)


def option_value_label(name: str, value) -> str:
    """An option's value as players read it (yes / no, labels of codes, contracts)."""
    if isinstance(value, bool):
        return gettext("yes") if value else gettext("no")
    if name in BID_OPTIONS:
        return contract_label(str(value))
    if name == "deal_packets":
        return packets_label(value)
    label = VALUES.get(name, {}).get(value)
    if label is not None:
        return str(label)
    return str(value)


def option_choices(option: dict) -> list[tuple[str, str]]:
    """(value, label) of an option's choices, for a form's select."""
    return [(str(c), option_value_label(option["name"], c)) for c in option["choices"]]


def option_help(option: dict) -> str:
    """The translated help, followed by each preset's default."""
    name = option["name"]
    help_text = OPTIONS.get(name, ("", option["help"]))[1]
    defaults = "; ".join(
        f"{variant_label(v)}: {option_value_label(name, d)}" for v, d in option["defaults"].items()
    )
    return format_lazy("{} ({}: {})", help_text, _("defaults"), defaults)
