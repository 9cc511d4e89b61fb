"""Variants: named presets of typed, documented options (RULES.md section 4).

``get_variant("quebec", {"end": "target"})`` returns a :class:`Variant`; unknown
variant names, unknown option names and bad values raise
:class:`~games.engine.errors.UnknownVariantError`.  ``option_catalogue()`` lists
every option (name, type, choices, help, default per preset) for a form.

A Variant also carries everything derived from its options that the hot paths
need: the deck, the deal plan, the seats and teams, and the bid ladder.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .actions import ACTION_STR, BID0, MIS, OMIS, PASS, bid_action
from .cards import BJ, DECKS, WJ
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
        ok = isinstance(value, self.type) and not (
            self.type is int and isinstance(value, bool)
        )
        if ok and self.choices is not None:
            ok = value in self.choices
        if ok and self.min is not None:
            ok = self.min <= value <= self.max
        if not ok:
            allowed = (
                ", ".join(map(str, self.choices))
                if self.choices
                else f"{self.type.__name__} {self.min}..{self.max}"
                if self.min is not None
                else self.type.__name__
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
    OptionSpec("players", int, (4,), "Number of players (3, 5, 6 planned).", _d(4, 4, 4, 4)),
    OptionSpec("deck", int, (43, 45, 46), "Deck: 43 (one joker, no black 4s), 45 (one joker), 46 (two jokers).", _d(46, 43, 43, 46)),
    OptionSpec("kitty_size", int, (3, 5, 6), "Cards in the kitty (deck minus 10 per player).", _d(6, 3, 3, 6)),
    OptionSpec("deal_packets", str, None, "Deal plan from the dealer's left: n = n cards to each player, Kn = n to the kitty.", _d("3,K2,2,K2,3,K2,2", "3,K1,4,K1,3,K1", "3,K1,4,K1,3,K1", "3,K3,3,K3,4")),
    OptionSpec("auction", str, ("one_call", "pass_final", "reopen"), "one_call: each player calls once; pass_final: round and round, a pass is final; reopen: as pass_final, but a bidder changing strain lets passed players back in.", _d("one_call", "pass_final", "one_call", "pass_final")),
    OptionSpec("winner_may_raise", bool, None, "After all others pass, the high bidder gets one more call to raise his own bid.", _d(False, False, False, False)),
    OptionSpec("min_bid", int, (6, 7), "Lowest level that can win the auction.", _d(6, 6, 7, 6)),
    OptionSpec("inkles", bool, None, "The first two callers may bid at level 6 (an inkle) below the minimum; an inkle never wins (redeal).", _d(False, False, True, False)),
    OptionSpec("both_jokers_forced_level", int, (0, 8), "A player dealt both jokers must bid at least this level (0: no rule); he passes only when no such bid remains.", _d(8, 0, 0, 0)),
    OptionSpec("misere", bool, None, "Misère (win no trick) may be bid.", _d(False, True, True, True)),
    OptionSpec("misere_min_level", int, (0, 7), "Misère only after someone has bid this level (0: any time).", _d(0, 7, 0, 0)),
    OptionSpec("misere_rank", str, _LADDER, "Misère ranks just above this bid.", _d("7NT", "7NT", "8S", "8H")),
    OptionSpec("misere_value", int, (250, 500), "Value of misère.", _d(250, 250, 250, 500)),
    OptionSpec("open_misere", bool, None, "Open misère (declarer's hand face up) may be bid, at any time.", _d(False, True, False, True)),
    OptionSpec("open_misere_rank", str, _LADDER, "Open misère ranks just above this bid.", _d("10D", "10D", "10D", "10H")),
    OptionSpec("open_misere_value", int, (500, 1000), "Value of open misère.", _d(500, 500, 500, 1000)),
    OptionSpec("open_misere_reveal", str, ("after_first_trick", "before_first_lead"), "When the open-misère declarer's hand is laid face up.", _d("after_first_trick", "after_first_trick", "after_first_trick", "after_first_trick")),
    OptionSpec("misere_joker_must_play", bool, None, "In misère an unnamed joker must be played when its holder cannot follow suit.", _d(False, True, False, False)),
    OptionSpec("first_lead", str, ("declarer", "declarer_left"), "Who leads to the first trick.", _d("declarer", "declarer", "declarer", "declarer")),
    OptionSpec("joker_nt_lead", str, ("any", "already_led", "not_yet_led"), "Suit a joker led in no trump may name: any; one already led this hand; one not yet led (then the joker is led only to the last trick once all four were led).", _d("already_led", "not_yet_led", "any", "any")),
    OptionSpec("joker_nt_void_only", bool, None, "In no trump an unnamed joker may be played only when its holder cannot follow suit.", _d(True, True, True, True)),
    OptionSpec("joker_prenaming", bool, None, "In no trump and misère the declarer holding a joker may name its suit before the first lead (name:WJ:H).", _d(False, True, False, False)),
    OptionSpec("kitty_joker_disclosure", bool, None, "At a 6- or 7-level contract, a kitty joker is shown when the declarer holds the other joker.", _d(True, False, False, False)),
    OptionSpec("score_table", str, ("avondale", "perfect"), "Bid values: avondale (10H 500, 10NT 520) or perfect (20 less: 10NT 500).", _d("avondale", "avondale", "avondale", "avondale")),
    OptionSpec("slam_bonus", int, (0, 250), "All ten tricks on a contract worth less than this score this (0: none).", _d(0, 250, 0, 0)),
    OptionSpec("defenders_per_trick", int, (0, 10), "Points per trick to the side without the contract (never in misère).", _d(10, 10, 10, 10)),
    OptionSpec("failed_contract", str, ("subtract", "to_opponents"), "A failed contract's value is subtracted, or given to the other side.", _d("subtract", "subtract", "subtract", "to_opponents")),
    OptionSpec("all_pass", str, ("redeal_same_dealer", "next_dealer"), "When every player passes: the same dealer deals again (not a new hand), or the deal passes on.", _d("redeal_same_dealer", "next_dealer", "redeal_same_dealer", "redeal_same_dealer")),
    OptionSpec("end", str, ("hands", "target"), "The game ends after a number of hands, or at a target score.", _d("hands", "target", "target", "target")),
    OptionSpec("hands_per_game", int, None, "Hands in a game when end = hands.", _d(8, 8, 8, 8), 1, 100),
    OptionSpec("target", int, None, "Score that wins when end = target.", _d(500, 500, 500, 1000), 100, 10000),
    OptionSpec("lose_at_minus_target", bool, None, "A side at minus the target or below loses (end = target).", _d(True, True, True, False)),
    OptionSpec("must_win_by_contract", bool, None, "The target is reached only by making a contract (not on trick points).", _d(False, True, False, False)),
    OptionSpec("point_difference", int, (0, 500, 1000), "Game ends when one side is negative, the other positive, and they differ by this much (0: off).", _d(0, 0, 0, 0)),
)
OPTION_BY_NAME = {o.name: o for o in OPTIONS}


def option_catalogue() -> list[dict[str, Any]]:
    """Every option as a JSON-serializable dict (name, type, choices, help, defaults)."""
    return [o.as_dict() for o in OPTIONS]


def preset_options(name: str) -> dict[str, Any]:
    """The option values of a preset."""
    if name not in PRESETS:
        raise UnknownVariantError(
            f"unknown variant {name!r} (known: {', '.join(PRESETS)})",
            code="unknown_variant",
            params={"variant": name},
        )
    return {o.name: o.defaults[name] for o in OPTIONS}


def seat_names(players: int) -> tuple[str, ...]:
    """N E S W for four players, P1..Pn otherwise."""
    return ("N", "E", "S", "W") if players == 4 else tuple(f"P{i + 1}" for i in range(players))


def team_layout(players: int) -> tuple[tuple[int, ...], ...]:
    """Seat indexes of each team: partners opposite for 4 and 6, else each alone."""
    if players in (4, 6):
        half = players // 2
        return tuple(tuple(range(i, players, half)) for i in range(half))
    return tuple((i,) for i in range(players))


def _parse_packets(text: str, players: int, kitty: int) -> tuple[tuple[bool, int], ...]:
    packets = []
    try:
        for part in text.split(","):
            part = part.strip()
            to_kitty = part.startswith("K")
            n = int(part[1:] if to_kitty else part)
            if n <= 0:
                raise ValueError
            packets.append((to_kitty, n))
    except ValueError:
        raise UnknownVariantError(
            f"bad value {text!r} for option deal_packets (e.g. 3,K2,2,K2,3,K2,2)",
            code="bad_option_value",
            params={"option": "deal_packets", "value": text},
        ) from None
    each = sum(n for k, n in packets if not k)
    kit = sum(n for k, n in packets if k)
    if each != 10 or kit != kitty:
        raise UnknownVariantError(
            f"deal_packets {text!r} give {each} cards each and {kit} to the kitty; "
            f"expected 10 each and {kitty}",
            code="bad_option_value",
            params={"option": "deal_packets", "value": text},
        )
    return tuple(packets)


class Variant:
    """A validated set of options plus the tables derived from them.

    Attributes: ``name`` (preset), ``options`` (all values), ``overrides``
    (those differing from the preset), one attribute per option, and
    ``deck``, ``jokers``, ``packets``, ``seats``, ``teams``, ``team_names``,
    ``team_of`` (seat index -> team index), ``ladder`` (bid actions in rank
    order), ``rank_of`` (action -> rank key).
    """

    def __init__(self, name: str, options: dict[str, Any] | None = None) -> None:
        values = preset_options(name)
        overrides: dict[str, Any] = {}
        if options is not None and not isinstance(options, dict):
            raise UnknownVariantError("options must be an object", code="bad_options")
        for key, value in (options or {}).items():
            spec = OPTION_BY_NAME.get(key)
            if spec is None:
                raise UnknownVariantError(
                    f"unknown option {key!r} for variant {name}",
                    code="unknown_option",
                    params={"option": key},
                )
            values[key] = spec.validate(value)
            if values[key] != spec.defaults[name]:
                overrides[key] = values[key]
        self.name = name
        self.options = values
        self.overrides = overrides
        for key, value in values.items():
            setattr(self, key, value)
        self.n = self.players
        if self.kitty_size != self.deck - 10 * self.players:
            raise UnknownVariantError(
                f"kitty_size {self.kitty_size} does not fit a {self.deck}-card deck "
                f"with {self.players} players",
                code="bad_option_value",
                params={"option": "kitty_size", "value": self.kitty_size},
            )
        self.deck_cards = DECKS[self.deck]
        self.jokers = tuple(j for j in (WJ, BJ) if j in self.deck_cards)
        self.packets = _parse_packets(self.deal_packets, self.players, self.kitty_size)
        self.seats = seat_names(self.players)
        self.seat_index = {s: i for i, s in enumerate(self.seats)}
        self.teams = team_layout(self.players)
        self.team_names = tuple("".join(self.seats[i] for i in t) for t in self.teams)
        self.team_of = tuple(
            next(ti for ti, t in enumerate(self.teams) if i in t) for i in range(self.players)
        )
        self.partner_of = tuple(
            next((j for j in self.teams[self.team_of[i]] if j != i), -1)
            for i in range(self.players)
        )
        self._build_ladder()

    def _build_ladder(self) -> None:
        rank: dict[int, int] = {}
        for a in range(BID0, MIS):
            rank[a] = 10 * self.table_value(a)
        if self.misere:
            rank[MIS] = rank[_action(self.misere_rank)] + 5
        if self.open_misere:
            rank[OMIS] = rank[_action(self.open_misere_rank)] + 6
        self.rank_of = rank
        self.ladder = tuple(sorted(rank, key=rank.__getitem__))

    def table_value(self, action: int) -> int:
        """Avondale (or perfect) value of a level bid, misère values for MIS/OMIS."""
        if action == MIS:
            return self.misere_value
        if action == OMIS:
            return self.open_misere_value
        level = (action - BID0) // 5 + 6
        strain = (action - BID0) % 5
        value = 40 + 20 * strain + 100 * (level - 6)
        return value - 20 if self.score_table == "perfect" else value

    def to_dict(self) -> dict[str, Any]:
        """``{"variant": name, "options": overrides}`` as in hand records."""
        return {"variant": self.name, "options": dict(self.overrides)}

    def __repr__(self) -> str:
        return f"Variant({self.name!r}, {self.overrides!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Variant) and (self.name, self.options) == (
            other.name,
            other.options,
        )

    def __hash__(self) -> int:
        return hash((self.name, tuple(sorted(self.overrides.items()))))


def _action(code: str) -> int:
    return next(a for a in range(PASS + 1, MIS) if ACTION_STR[a] == code)


_CACHE: dict[tuple, Variant] = {}


def get_variant(name: str | Variant, options: dict[str, Any] | None = None) -> Variant:
    """The Variant for a preset name and option overrides (cached)."""
    if isinstance(name, Variant):
        if not options:
            return name
        merged = dict(name.overrides)
        merged.update(options)
        return get_variant(name.name, merged)
    if not isinstance(name, str):
        raise UnknownVariantError(f"unknown variant {name!r}", code="unknown_variant")
    try:
        key = (name, tuple(sorted((options or {}).items())))
        hash(key)
    except (TypeError, AttributeError):
        return Variant(name, options)
    variant = _CACHE.get(key)
    if variant is None:
        variant = _CACHE[key] = Variant(name, options)
    return variant


VARIANTS: dict[str, Variant] = {name: get_variant(name) for name in PRESETS}
