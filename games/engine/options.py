"""Variant options: typed, documented, with a default per preset (RULES.md 4).

``OPTIONS`` lists every option; ``option_catalogue()`` gives them as plain dicts
for a form (name, type, choices or range, help, default per preset).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .actions import ACTION_STR, BID0, MIS
from .errors import UnknownVariantError

PRESETS = ("quebec", "australian", "american", "french-canadian")


@dataclass(frozen=True)
class OptionSpec:
    """One variant option: its type, allowed values, help, and preset defaults."""

    name: str
    type: type
    choices: tuple | None
    help: str
    defaults: dict[str, Any]
    min: int | None = None
    max: int | None = None

    def validate(self, value: Any) -> Any:
        """Return the value if allowed, else raise UnknownVariantError."""
        ok = isinstance(value, self.type) and not (self.type is int and isinstance(value, bool))
        if ok and self.choices is not None:
            ok = value in self.choices
        if ok and self.min is not None:
            ok = self.min <= value <= self.max
        if not ok:
            allowed = (
                ", ".join(map(str, self.choices))
                if self.choices
                else (
                    f"{self.type.__name__} {self.min}..{self.max}"
                    if self.min is not None
                    else self.type.__name__
                )
            )
            raise UnknownVariantError(
                f"bad value {value!r} for option {self.name} (allowed: {allowed})",
                code="bad_option_value",
                params={"option": self.name, "value": value},
            )
        return value

    def as_dict(self) -> dict[str, Any]:
        """JSON-serializable description for forms."""
        return {
            "name": self.name,
            "type": self.type.__name__,
            "choices": list(self.choices) if self.choices else None,
            "min": self.min,
            "max": self.max,
            "help": self.help,
            "defaults": dict(self.defaults),
        }


def _d(q, a, am, fc) -> dict[str, Any]:
    return {"quebec": q, "australian": a, "american": am, "french-canadian": fc}


_LADDER = tuple(ACTION_STR[a] for a in range(BID0, MIS))

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "players",
        int,
        (2, 3, 4, 5, 6),
        "Number of players: 4 in two teams; 2 (with a dead hand) and 3 each for himself; 5 each "
        "for himself, the declarer calling a partner; 6 in teams (see teams). Seats P1..Pn for "
        "other counts than 4; the deck, kitty and deal follow the count.",
        _d(4, 4, 4, 4),
    ),
    OptionSpec(
        "deck",
        int,
        (33, 43, 45, 46, 53, 63),
        "Deck: 43 (one joker, no black 4s), 45 (one joker), 46 (two jokers) for 4 players; 33 (7 "
        "to A, one joker) for 2 and 3; 53 (52 and a joker) for 5; 63 (52, the 11s and 12s, the red "
        "13s, a joker) for 6.",
        _d(46, 43, 43, 46),
    ),
    OptionSpec(
        "jokers",
        int,
        (1, 2),
        "Jokers in the deck: two in the 46-card deck, one in the others; the six-handed 63-card "
        "deck may add the low joker BJ (kitty 4).",
        _d(2, 1, 1, 2),
    ),
    OptionSpec(
        "teams",
        str,
        ("2x3", "3x2"),
        "Six players: 2x3 (P1 P3 P5 against P2 P4 P6) or 3x2 (P1+P4, P2+P5, P3+P6).",
        _d("2x3", "2x3", "2x3", "2x3"),
    ),
    OptionSpec(
        "partner_reveal",
        str,
        ("announce", "on_play"),
        "Five players: the partner card's holder is shown at once (announce) or when the card is "
        "played (on_play).",
        _d("announce", "announce", "announce", "announce"),
    ),
    OptionSpec(
        "partner_points",
        str,
        ("full", "half"),
        "Five players: the declarer and his partner each score (or lose) the contract's full "
        "value, or half of it.",
        _d("full", "full", "full", "full"),
    ),
    OptionSpec(
        "kitty_size",
        int,
        (3, 4, 5, 6),
        "Cards in the kitty (deck minus 10 per hand dealt).",
        _d(6, 3, 3, 6),
    ),
    OptionSpec(
        "deal_packets",
        str,
        None,
        "Deal plan from the dealer's left: n = n cards to each player, Kn = n to the kitty.",
        _d("3,K2,2,K2,3,K2,2", "3,K1,4,K1,3,K1", "3,K1,4,K1,3,K1", "3,K3,3,K3,4"),
    ),
    OptionSpec(
        "auction",
        str,
        ("one_call", "pass_final", "reopen"),
        "one_call: each player calls once; pass_final: round and round, a pass is final; reopen: "
        "as pass_final, but a bidder changing strain lets passed players back in.",
        _d("one_call", "pass_final", "one_call", "pass_final"),
    ),
    OptionSpec(
        "winner_may_raise",
        bool,
        None,
        "After all others pass, the high bidder gets one more call to raise his own bid.",
        _d(False, False, False, False),
    ),
    OptionSpec("min_bid", int, (6, 7), "Lowest level that can win the auction.", _d(6, 6, 7, 6)),
    OptionSpec(
        "inkles",
        bool,
        None,
        "The first two callers may bid at level 6 (an inkle) below the minimum; an inkle never "
        "wins (redeal).",
        _d(False, False, True, False),
    ),
    OptionSpec(
        "both_jokers_forced_level",
        int,
        (0, 8),
        "A player dealt both jokers must bid at least this level (0: no rule); he passes only when "
        "no such bid remains.",
        _d(8, 0, 0, 0),
    ),
    OptionSpec(
        "misere",
        bool,
        None,
        "Misère (win no trick) may be bid.",
        _d(False, True, True, True),
    ),
    OptionSpec(
        "misere_min_level",
        int,
        (0, 7),
        "Misère only after someone has bid this level (0: any time).",
        _d(0, 7, 0, 0),
    ),
    OptionSpec(
        "misere_rank",
        str,
        _LADDER,
        "Misère ranks just above this bid.",
        _d("7NT", "7NT", "8S", "8H"),
    ),
    OptionSpec("misere_value", int, (250, 500), "Value of misère.", _d(250, 250, 250, 500)),
    OptionSpec(
        "open_misere",
        bool,
        None,
        "Open misère (declarer's hand face up) may be bid, at any time.",
        _d(False, True, False, True),
    ),
    OptionSpec(
        "open_misere_rank",
        str,
        _LADDER,
        "Open misère ranks just above this bid.",
        _d("10D", "10D", "10D", "10H"),
    ),
    OptionSpec(
        "open_misere_value",
        int,
        (500, 1000),
        "Value of open misère.",
        _d(500, 500, 500, 1000),
    ),
    OptionSpec(
        "open_misere_reveal",
        str,
        ("after_first_trick", "before_first_lead"),
        "When the open-misère declarer's hand is laid face up.",
        _d(
            "after_first_trick",
            "after_first_trick",
            "after_first_trick",
            "after_first_trick",
        ),
    ),
    OptionSpec(
        "misere_joker_must_play",
        bool,
        None,
        "In misère an unnamed joker must be played when its holder cannot follow suit.",
        _d(False, True, False, False),
    ),
    OptionSpec(
        "first_lead",
        str,
        ("declarer", "declarer_left"),
        "Who leads to the first trick.",
        _d("declarer", "declarer", "declarer", "declarer"),
    ),
    OptionSpec(
        "joker_nt_lead",
        str,
        ("any", "already_led", "not_yet_led"),
        "Suit a joker led in no trump may name: any; one already led this hand; one not yet led "
        "(then the joker is led only to the last trick once all four were led).",
        _d("already_led", "not_yet_led", "any", "any"),
    ),
    OptionSpec(
        "joker_nt_void_only",
        bool,
        None,
        "In no trump an unnamed joker may be played only when its holder cannot follow suit.",
        _d(True, True, True, True),
    ),
    OptionSpec(
        "joker_prenaming",
        bool,
        None,
        "In no trump and misère the declarer holding a joker may name its suit before the first "
        "lead (name:WJ:H).",
        _d(False, True, False, False),
    ),
    OptionSpec(
        "kitty_joker_disclosure",
        bool,
        None,
        "At a 6- or 7-level contract, a kitty joker is shown when the declarer holds the other "
        "joker.",
        _d(True, False, False, False),
    ),
    OptionSpec(
        "score_table",
        str,
        ("avondale", "perfect"),
        "Bid values: avondale (10H 500, 10NT 520) or perfect (20 less: 10NT 500).",
        _d("avondale", "avondale", "avondale", "avondale"),
    ),
    OptionSpec(
        "slam_bonus",
        int,
        (0, 250),
        "All ten tricks on a contract worth less than this score this (0: none).",
        _d(0, 250, 0, 0),
    ),
    OptionSpec(
        "defenders_per_trick",
        int,
        (0, 10),
        "Points per trick to the side without the contract (never in misère).",
        _d(10, 10, 10, 10),
    ),
    OptionSpec(
        "failed_contract",
        str,
        ("subtract", "to_opponents"),
        "A failed contract's value is subtracted, or given to the other side.",
        _d("subtract", "subtract", "subtract", "to_opponents"),
    ),
    OptionSpec(
        "set_rule",
        bool,
        None,
        "Set rule: a declarer whose opponents take 12 minus the level in tricks (misère: who takes "
        "3 tricks) is set and must pass in the next hand; scores are unchanged.",
        _d(False, False, False, False),
    ),
    OptionSpec(
        "breach",
        bool,
        None,
        "Breach: against a contract of 7 or more (or misère) each defender in turn may call "
        "breach, a bet that the defence takes 12 minus the level in tricks (misère: the declarer "
        "takes 3).",
        _d(False, False, False, False),
    ),
    OptionSpec(
        "breach_value",
        int,
        None,
        "Points a breach wins or loses (0: the contract's value).",
        _d(0, 0, 0, 0),
        0,
        1000,
    ),
    OptionSpec(
        "all_pass",
        str,
        ("redeal_same_dealer", "next_dealer"),
        "When every player passes: the same dealer deals again (not a new hand), or the deal "
        "passes on.",
        _d(
            "redeal_same_dealer",
            "next_dealer",
            "redeal_same_dealer",
            "redeal_same_dealer",
        ),
    ),
    OptionSpec(
        "end",
        str,
        ("hands", "target"),
        "The game ends after a number of hands, or at a target score.",
        _d("hands", "target", "target", "target"),
    ),
    OptionSpec(
        "hands_per_game",
        int,
        None,
        "Hands in a game when end = hands.",
        _d(8, 8, 8, 8),
        1,
        100,
    ),
    OptionSpec(
        "target",
        int,
        None,
        "Score that wins when end = target.",
        _d(500, 500, 500, 1000),
        100,
        10000,
    ),
    OptionSpec(
        "lose_at_minus_target",
        bool,
        None,
        "A side at minus the target or below loses (end = target).",
        _d(True, True, True, False),
    ),
    OptionSpec(
        "must_win_by_contract",
        bool,
        None,
        "The target is reached only by making a contract (not on trick points).",
        _d(True, True, False, False),
    ),
    OptionSpec(
        "exact_target",
        bool,
        None,
        "Walker: a side wins only on reaching exactly the target by making a contract; at twice "
        "the target or more, or at minus the target or less, it loses.",
        _d(False, False, False, False),
    ),
    OptionSpec(
        "point_difference",
        int,
        (0, 500, 1000),
        "The game also ends when one side is negative, another positive, and they differ by this "
        "much; the side above wins (0: off).",
        _d(0, 0, 0, 0),
    ),
)
OPTION_BY_NAME = {o.name: o for o in OPTIONS}


def option_catalogue() -> list[dict[str, Any]]:
    """Every option as a JSON-serializable dict (name, type, choices, help, defaults)."""
    return [o.as_dict() for o in OPTIONS]
