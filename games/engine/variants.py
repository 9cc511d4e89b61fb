"""Variants: named presets of typed, documented options (RULES.md section 4).

``get_variant("quebec", {"end": "target"})`` returns a :class:`Variant`; unknown
variant names, unknown option names and bad values raise
:class:`~games.engine.errors.UnknownVariantError`.  ``option_catalogue()`` lists
every option (name, type, choices, help, default per preset) for a form.

A Variant also carries everything derived from its options that the hot paths
need: the deck, the deal plan, the seats and teams, and the bid ladder.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

from .actions import ACTION_STR, BID0, MIS, OMIS, PASS
from .cards import BJ, WJ
from .errors import MalformedError, UnknownVariantError
from .option_checks import check_combination
from .options import OPTION_BY_NAME, OPTIONS, PRESETS, OptionSpec, option_catalogue
from .player_counts import (
    deck_cards,
    derived_defaults,
    hands_dealt,
    seat_names,
    team_layout,
)

__all__ = [
    "OPTIONS",
    "OptionSpec",
    "PRESETS",
    "Variant",
    "VARIANTS",
    "get_variant",
    "option_catalogue",
    "seat_names",
    "team_layout",
]


def preset_options(name: str) -> dict[str, Any]:
    """The option values of a preset."""
    if name not in PRESETS:
        raise UnknownVariantError(
            f"unknown variant {name!r} (known: {', '.join(PRESETS)})",
            code="unknown_variant",
            params={"variant": name},
        )
    return {o.name: o.defaults[name] for o in OPTIONS}


def _parse_packets(text: str, kitty: int) -> tuple[tuple[bool, int], ...]:
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
    (those differing from the preset's defaults at this player count and deck:
    what a record's ``options`` holds), one attribute per option, and
    ``n`` (players), ``hands_dealt``, ``deck_cards``, ``jokers`` (the joker
    ints in the deck), ``packets``, ``seats``, ``teams`` (seat indexes per
    side), ``team_names``, ``team_of`` (seat index -> side index),
    ``teammates``, ``partner_of`` (first teammate or -1), ``per_player``
    (every side one player), ``calls_partner`` (five-handed), ``ladder`` (bid
    actions in rank order), ``rank_of`` (action -> rank key).
    """

    def __init__(self, name: str, options: dict[str, Any] | None = None) -> None:
        preset = preset_options(name)
        if options is not None and not isinstance(options, dict):
            raise UnknownVariantError("options must be an object", code="bad_options")
        given: dict[str, Any] = {}
        for key, value in (options or {}).items():
            spec = OPTION_BY_NAME.get(key)
            if spec is None:
                raise UnknownVariantError(
                    f"unknown option {key!r} for variant {name}",
                    code="unknown_option",
                    params={"option": key},
                )
            given[key] = spec.validate(value)
        defaults = derived_defaults(preset, given)
        values = {**defaults, **given}
        check_combination(values, given)
        # what differs from the defaults of this preset at this player count and deck
        overrides = {k: v for k, v in given.items() if v != defaults[k]}
        if values["players"] != preset["players"]:
            overrides = {"players": values["players"], **overrides}
        self.name = name
        self.options = values
        self.overrides = overrides
        for key, value in values.items():
            setattr(self, key, value)
        self.n = self.players
        self.hands_dealt = hands_dealt(self.players)
        self.deck_cards = deck_cards(self.deck, values["jokers"])
        self.deck_set = frozenset(self.deck_cards)
        if self.kitty_size != len(self.deck_cards) - 10 * self.hands_dealt:
            raise UnknownVariantError(
                f"kitty_size {self.kitty_size} does not fit a"
                f" {len(self.deck_cards)}-card deck with {self.hands_dealt} hands of"
                " ten",
                code="bad_option_value",
                params={"option": "kitty_size", "value": self.kitty_size},
            )
        self.jokers = tuple(j for j in (WJ, BJ) if j in self.deck_cards)
        self.packets = _parse_packets(self.deal_packets, self.kitty_size)
        self.seats = seat_names(self.players)
        self.seat_index = {s: i for i, s in enumerate(self.seats)}
        self.teams = team_layout(self.players, values["teams"])
        self.team_names = tuple("".join(self.seats[i] for i in t) for t in self.teams)
        self.team_of = tuple(
            next(ti for ti, t in enumerate(self.teams) if i in t) for i in range(self.players)
        )
        # each player for himself (2, 3, 5): sides are players, scores keyed by seat
        self.per_player = all(len(t) == 1 for t in self.teams)
        self.teammates = tuple(
            tuple(j for j in self.teams[self.team_of[i]] if j != i) for i in range(self.players)
        )
        self.partner_of = tuple(m[0] if m else -1 for m in self.teammates)
        self.calls_partner = self.players == 5
        self._build_ladder()
        self.call_cache: dict[tuple, tuple[int, ...]] = {}
        self._deal_plans: dict[int, tuple] = {}

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

    def deal_plan(self, dealer: int) -> tuple:
        """Getters of the deck positions dealt to each hand and to the kitty.

        Hands are dealt clockwise from the dealer's left; the two-handed game's
        dead hand is dealt as a third seat after P2."""
        plan = self._deal_plans.get(dealer)
        if plan is None:
            n = self.hands_dealt
            seats: list[list[int]] = [[] for _ in range(n)]
            kitty: list[int] = []
            pos = 0
            for to_kitty, count in self.packets:
                if to_kitty:
                    kitty += range(pos, pos + count)
                    pos += count
                    continue
                for k in range(1, n + 1):
                    seats[(dealer + k) % n] += range(pos, pos + count)
                    pos += count
            plan = self._deal_plans[dealer] = (
                tuple(itemgetter(*s) for s in seats),
                itemgetter(*kitty),
            )
        return plan

    def seat_of(self, value: Any, field: str | None = None) -> int:
        """The index of seat name ``value``; MalformedError (``unknown_seat``,
        naming ``field``) for anything else."""
        index = self.seat_index.get(value) if isinstance(value, str) else None
        if index is None:
            raise MalformedError(
                f"unknown seat {value!r} (seats: {' '.join(self.seats)})",
                code="unknown_seat",
                params={"seat": value},
                field=field,
            )
        return index

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
