"""The secretary's sheet: a round played with real cards, scored from what the table
shows at its end (``club450-sheet/1``, docs/hand-records.md).

A round played in the hall leaves on the table, face up, each player's last two cards
(the base hand of the first count) and the pot card each received. The secretary
enters them, with the double-faced card in force, the card set aside (five players)
and the major sequences announced; :func:`score_cards` replays the end of the round
with the engine's own counts (``end.first_count`` and ``end.settle``): the master, the
transformation of the double-faced card, the second count, the +50 of each major
sequence, the points, the next lanceur and dealer. The 3 of spades is in the discard
pile when no hand, pot card or set-aside card holds it.

On the director's choice the sheet holds points instead (:func:`score_points`): each
player's hand as counted at the table (a value some three cards make) and the major
sequences announced (+50 each); the next lanceur is the most points, equal points going
to the first in play order from the lanceur (no cards to compare).

Both return a :class:`SheetRound`, which a :class:`~.game.Game` takes like a played
round (``Game.add_sheet``): dealers, lanceurs, the double-faced card's rounds, totals
and the end of the game work the same. Bad input raises MalformedError (shape, unknown
card, wrong count, a card entered twice, a player missing) or IllegalActionError (a
master other than the cards' one), each naming its record field.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Any, Mapping

from ..errors import EngineError, IllegalActionError, MalformedError
from .cards import (
    CARD_OF,
    CODE,
    JACK_OF_SPADES,
    PACK,
    RANK,
    SUIT,
    THREE_OF_SPADES,
    pretty,
    sort_key,
)
from .end import MAJOR_BONUS, RoundResult, first_count, settle
from .options import Rules
from .records import error_output, rules_of
from .scoring import count_hand

SHEET_FORMAT = "club450-sheet/1"
ENTRY_CARDS = "cards"
ENTRY_POINTS = "points"
ENTRIES = (ENTRY_CARDS, ENTRY_POINTS)


@dataclass(frozen=True)
class PointsResult:
    """A round entered as points: what a Game needs of a result."""

    seats: tuple[str, ...]
    hand_points: tuple[int, ...]
    bonus: tuple[int, ...]
    points: tuple[int, ...]
    master: int
    next_lanceur: int
    next_dealer: int

    def to_dict(self) -> dict[str, Any]:
        seats = self.seats
        return {
            "master": seats[self.master] if self.master >= 0 else None,
            "final": {
                s: {"value": self.hand_points[i], "bonus": self.bonus[i], "points": self.points[i]}
                for i, s in enumerate(seats)
            },
            "points": {s: self.points[i] for i, s in enumerate(seats)},
            "next_lanceur": seats[self.next_lanceur],
            "next_dealer": seats[self.next_dealer],
        }


@dataclass(frozen=True)
class SheetRound:
    """One round of the secretary's sheet, scored. Duck-types a finished Round for
    :class:`~.game.Game` (``is_done``, ``dealer``, ``double_face``, ``result()``)."""

    rules: Rules
    entry: str
    dealer: int
    double_face: int  # -1 when the sheet holds points (the card is not entered)
    record: Mapping[str, Any]
    _result: RoundResult | PointsResult

    is_done = True
    is_sheet = True

    @property
    def lanceur(self) -> int:
        return (self.dealer + 1) % self.rules.players

    def result(self) -> RoundResult | PointsResult:
        return self._result

    def points(self) -> dict[str, int]:
        return {s: self._result.points[i] for i, s in enumerate(self.rules.seats)}

    def to_record(self) -> dict[str, Any]:
        return dict(self.record)


class _Table:
    """The end of a round as the sheet sees it: the state ``end.first_count`` and
    ``end.settle`` read and write (the attributes of a Round they use)."""

    def __init__(
        self,
        rules: Rules,
        dealer: int,
        double_face: int,
        hands: list[list[int]],
        pile: list[int],
        announced: dict[int, tuple[int, ...]],
    ) -> None:
        self.rules = rules
        self.n = rules.players
        self.lanceur = (dealer + 1) % self.n
        self.double_face = double_face
        self.hands = hands
        self.pile = pile
        self.announced = announced
        self.events: list[dict[str, Any]] = []
        self.first_count = None
        self.master = -1
        self.master_reason: str | None = None
        self.transformed = -1

    def play_order(self, seat: int) -> int:
        return (seat - self.lanceur) % self.n


def _bad(msg: str, field: str, code: str = "malformed", **params: Any) -> MalformedError:
    return MalformedError(msg, code=code, params=params, field=field)


def _card(code: Any, field: str) -> int:
    c = CARD_OF.get(code) if isinstance(code, str) else None
    if c is None:
        raise _bad(
            f"{field}: unknown card {code!r} (450 cards: 7 8 9 10 J Q K A 3 then S C D H)",
            field,
            "unknown_card",
            card=code,
        )
    return c


def _seat(rules: Rules, value: Any, field: str) -> int:
    idx = rules.seat_index.get(value) if isinstance(value, str) else None
    if idx is None:
        raise _bad(
            f"{field}: unknown seat {value!r} (seats: {', '.join(rules.seats)})",
            field,
            "unknown_seat",
            seat=value,
        )
    return idx


def major_run(rules: Rules, cards: list[int]) -> bool:
    """``cards`` are a major sequence for this player count: ``major_length`` cards of
    one suit that follow in the hierarchy (7 8 9 10 J Q K A 3)."""
    if len(cards) != rules.major_length or len({SUIT[c] for c in cards}) != 1:
        return False
    ranks = sorted(RANK[c] for c in cards)
    return ranks == list(range(ranks[0], ranks[0] + len(ranks)))


def major_starts(rules: Rules) -> list[int]:
    """The lowest card of every possible major sequence (a form's choices)."""
    m = rules.major_length
    return [c for c in PACK if RANK[c] + m <= 9]


def major_from(rules: Rules, start: int) -> tuple[int, ...]:
    return tuple(range(start, start + rules.major_length))


def score_cards(
    rules: Rules,
    *,
    dealer: int,
    double_face: Any,
    hands: Any,
    pot: Any,
    aside: Any = None,
    majors: Any = None,
    master: Any = None,
    record: Mapping[str, Any] | None = None,
) -> SheetRound:
    """Score a round from the cards on the table at its end (see the module doc).

    ``hands``: seat -> its last two cards; ``pot``: seat -> the pot card it received;
    ``aside``: the card set aside (five players: required; otherwise none);
    ``majors``: seat -> the cards of the major sequence it announced; ``master``: the
    master the secretary wrote down (checked against the cards), or None.
    """
    seats = rules.seats
    n = rules.players
    df = _card(double_face, "double_face")
    if not isinstance(hands, Mapping):
        raise _bad("hands must map each seat to its last two cards", "hands")
    if not isinstance(pot, Mapping):
        raise _bad("pot must map each seat to the pot card it received", "pot")
    for key in list(hands) + list(pot):
        if key not in rules.seat_index:
            field = "hands" if key in hands else "pot"
            _seat(rules, key, f"{field}.{key}")
    seen: dict[int, str] = {}

    def take(c: int, field: str, owner: str) -> None:
        if c in seen:
            raise _bad(
                f"{pretty(c)} is entered twice ({seen[c]} and {owner})",
                field,
                "duplicate_card",
                card=CODE[c],
                seats=[seen[c], owner],
            )
        seen[c] = owner

    missing = [s for s in seats if not hands.get(s) and pot.get(s) in (None, "")]
    if missing:
        raise _bad(
            f"{', '.join(missing)}: no cards entered (each player has two cards and a pot card)",
            f"hands.{missing[0]}",
            "missing_player",
            seats=missing,
        )
    base: list[list[int]] = []
    given: list[int] = []
    for s in seats:
        cards = hands.get(s)
        if not isinstance(cards, (list, tuple)):
            raise _bad(
                f"{s}: his last two cards are missing",
                f"hands.{s}",
                "wrong_card_count",
                seat=s,
                count=0,
            )
        if len(cards) != 2:
            raise _bad(
                f"{s} has {len(cards)} card{'s' if len(cards) != 1 else ''} in his"
                " hand: the last two cards (the base hand) are two",
                f"hands.{s}",
                "wrong_card_count",
                seat=s,
                count=len(cards),
            )
        held = [_card(c, f"hands.{s}") for c in cards]
        for c in held:
            take(c, f"hands.{s}", s)
        base.append(held)
    for s in seats:
        code = pot.get(s)
        if code in (None, ""):
            raise _bad(
                f"{s}: the pot card he received is missing",
                f"pot.{s}",
                "wrong_card_count",
                seat=s,
                count=0,
            )
        if isinstance(code, (list, tuple)):
            raise _bad(
                f"{s} received {len(code)} pot cards: each player receives one",
                f"pot.{s}",
                "wrong_card_count",
                seat=s,
                count=len(code),
            )
        c = _card(code, f"pot.{s}")
        take(c, f"pot.{s}", s)
        given.append(c)
    aside_cards = [] if aside in (None, "", []) else aside
    if isinstance(aside_cards, str):
        aside_cards = [aside_cards]
    if not isinstance(aside_cards, (list, tuple)):
        raise _bad("aside must be a list of card codes", "aside")
    want_aside = 1 if n == 5 else 0
    if len(aside_cards) != want_aside:
        msg = (
            "five players: the card set aside (or eliminated) is needed"
            if want_aside
            else f"only five players set a card aside, not {n}"
        )
        raise _bad(msg, "aside", "wrong_card_count", count=len(aside_cards))
    for c in (_card(x, "aside") for x in aside_cards):
        take(c, "aside", "aside")
    announced: dict[int, tuple[int, ...]] = {}
    in_runs: dict[int, str] = {}  # card -> the seat whose major sequence shows it
    for s, cards in (majors or {}).items():
        i = _seat(rules, s, f"majors.{s}")
        field = f"majors.{s}"
        if not isinstance(cards, (list, tuple)):
            raise _bad(f"{s}'s major sequence must be a list of card codes", field)
        run = [_card(c, field) for c in cards]
        if not major_run(rules, run):
            raise _bad(
                f"{', '.join(pretty(c) for c in sorted(run, key=sort_key))} is not a"
                f" major sequence (suite majeure): {rules.major_length} cards of"
                f" one suit that follow, at {n} players",
                field,
                "not_a_major_sequence",
                seat=s,
            )
        for c in run:
            # Shown from the hand dealt (before the first discard): a card is one
            # player's only, in the cards entered and in the other sequences alike.
            other = seen.get(c) if seen.get(c, s) != s else in_runs.get(c)
            if other is not None and other != s:
                raise _bad(
                    f"{pretty(c)} of {s}'s major sequence is entered for {other} too",
                    field,
                    "duplicate_card",
                    card=CODE[c],
                    seats=[s, other],
                )
            in_runs[c] = s
        announced[i] = tuple(sorted(run))
    pile = [THREE_OF_SPADES] if THREE_OF_SPADES not in seen else []
    table = _Table(rules, dealer, df, [sorted(h, key=sort_key) for h in base], pile, announced)
    first_count(table)
    if master not in (None, ""):
        said = _seat(rules, master, "master")
        if said != table.master:
            raise IllegalActionError(
                _master_message(rules, table, said),
                code="wrong_master",
                params={
                    "seat": seats[said],
                    "master": seats[table.master] if table.master >= 0 else None,
                },
                field="master",
            )
    result = settle(table, given, -1)
    rec = (
        dict(record)
        if record is not None
        else sheet_record(
            rules,
            dealer=dealer,
            entry=ENTRY_CARDS,
            double_face=CODE[df],
            hands={s: [CODE[c] for c in base[i]] for i, s in enumerate(seats)},
            pot={s: CODE[given[i]] for i, s in enumerate(seats)},
            aside=[CODE[_card(x, "aside")] for x in aside_cards],
            majors={seats[i]: [CODE[c] for c in run] for i, run in sorted(announced.items())},
            master=seats[table.master] if table.master >= 0 else None,
        )
    )
    return SheetRound(rules, ENTRY_CARDS, dealer, df, rec, result)


def _master_message(rules: Rules, table: _Table, said: int) -> str:
    seats = rules.seats
    if table.master < 0:
        return f"no player has a base hand: there is no master, not {seats[said]}"
    who = seats[table.master]
    if table.master_reason == "valet_de_pique":
        return (
            f"{who} is the master, not {seats[said]}: he holds the jack of spades"
            f" ({pretty(JACK_OF_SPADES)}, valet de pique) in his last two cards"
        )
    count = table.first_count[table.master]
    cards = " ".join(pretty(c) for c in count.cards)
    return (
        f"{who} is the master, not {seats[said]}: his base hand {cards} is the best"
        f" ({count.hand}, {count.value})"
    )


def counts_so_far(rules: Rules, *, hands: Any, pot: Any, majors: Any = None) -> dict[str, Any]:
    """The live value of a sheet being typed: seat -> (the count of the cards entered
        for it so far, its major-sequence bonus), for each seat with two or three known,
        different cards among its last two cards and its pot card, counted in the order the
    round counts them (equal values name the same hand). Once every card is in,
        the round's points are :func:`score_cards`'s (the double-faced card may then
        transform, which only the whole table decides)."""
    majors = majors or {}
    out: dict[str, Any] = {}
    for s in rules.seats:
        codes = list((hands or {}).get(s) or ()) + [c for c in [(pot or {}).get(s)] if c]
        cards = [CARD_OF.get(c) if isinstance(c, str) else None for c in codes]
        if len(cards) < 2 or None in cards or len(set(cards)) != len(cards):
            continue
        out[s] = (count_hand(sorted(cards, key=sort_key)), MAJOR_BONUS if majors.get(s) else 0)
    return out


@lru_cache(maxsize=1)
def hand_values() -> frozenset[int]:
    """Every value a three-card hand can count (the points entry's check)."""
    return frozenset(count_hand(c).value for c in combinations(PACK, 3))


def score_points(
    rules: Rules,
    *,
    dealer: int,
    points: Any,
    majors: Any = (),
    master: Any = None,
    record: Mapping[str, Any] | None = None,
) -> SheetRound:
    """Score a round entered as points: ``points`` seat -> his hand's count (a value
    three cards make: 0, or 16 to 210), ``majors``: the seats that announced a major sequence
    (+50 each), ``master``: recorded as written (the cards are not known)."""
    seats = rules.seats
    n = rules.players
    if not isinstance(points, Mapping):
        raise _bad("points must map each seat to his hand's points", "points")
    for key in points:
        _seat(rules, key, f"points.{key}")
    missing = [s for s in seats if points.get(s) in (None, "")]
    if missing:
        raise _bad(
            f"{', '.join(missing)}: no points entered",
            f"points.{missing[0]}",
            "missing_player",
            seats=missing,
        )
    values = []
    for s in seats:
        v = points[s]
        if isinstance(v, bool) or not isinstance(v, int):
            raise _bad(
                f"{s}: points must be a whole number, not {v!r}",
                f"points.{s}",
                "bad_points",
                seat=s,
            )
        if v not in hand_values():
            low = min(x for x in hand_values() if x)
            raise _bad(
                f"{s}: no hand of three cards counts {v} (a hand counts 0, or"
                f" {low} to {max(hand_values())})",
                f"points.{s}",
                "impossible_points",
                seat=s,
                points=v,
                low=low,
                high=max(hand_values()),
            )
        values.append(v)
    if isinstance(majors, Mapping):
        majors = [s for s, v in majors.items() if v]
    bonus = [0] * n
    for s in majors or ():
        bonus[_seat(rules, s, f"majors.{s}")] = MAJOR_BONUS
    said = -1 if master in (None, "") else _seat(rules, master, "master")
    total = [v + b for v, b in zip(values, bonus)]
    lanceur = (dealer + 1) % n
    winner = max(range(n), key=lambda i: (total[i], -((i - lanceur) % n)))
    result = PointsResult(
        seats, tuple(values), tuple(bonus), tuple(total), said, winner, (winner - 1) % n
    )
    rec = (
        dict(record)
        if record is not None
        else sheet_record(
            rules,
            dealer=dealer,
            entry=ENTRY_POINTS,
            points={s: values[i] for i, s in enumerate(seats)},
            majors=[s for i, s in enumerate(seats) if bonus[i]],
            master=seats[said] if said >= 0 else None,
        )
    )
    return SheetRound(rules, ENTRY_POINTS, dealer, -1, rec, result)


def sheet_record(rules: Rules, *, dealer: int, entry: str, **fields: Any) -> dict:
    """A ``club450-sheet/1`` record (fields without a value are left out)."""
    rec: dict[str, Any] = {
        "format": SHEET_FORMAT,
        "players": rules.players,
        "options": rules.as_dict(),
        "dealer": rules.seats[dealer],
        "entry": entry,
    }
    for key, value in fields.items():
        if value not in (None, [], {}):
            rec[key] = value
    return rec


SHEET_FIELDS = (
    "format",
    "players",
    "options",
    "dealer",
    "entry",
    "double_face",
    "hands",
    "pot",
    "aside",
    "majors",
    "master",
    "points",
)


def read_sheet(record: Any) -> SheetRound:
    """A SheetRound from a ``club450-sheet/1`` record; errors name the field."""
    if not isinstance(record, dict):
        raise _bad("a sheet record must be a JSON object", "record")
    if record.get("format") != SHEET_FORMAT:
        raise _bad(
            f"format must be {SHEET_FORMAT!r}, got {record.get('format')!r}", "format", "bad_format"
        )
    for key in record:
        if key not in SHEET_FIELDS:
            raise _bad(f"unknown field {key!r}", str(key), "unknown_field")
    rules = rules_of(record)
    if "dealer" not in record:
        raise _bad("dealer is missing", "dealer", "missing_field")
    dealer = _seat(rules, record["dealer"], "dealer")
    entry = record.get("entry", ENTRY_CARDS)
    if entry == ENTRY_POINTS:
        return score_points(
            rules,
            dealer=dealer,
            points=record.get("points"),
            majors=record.get("majors") or (),
            master=record.get("master"),
            record=record,
        )
    if entry != ENTRY_CARDS:
        raise _bad(f"entry must be 'cards' or 'points', not {entry!r}", "entry")
    for key in ("double_face", "hands", "pot"):
        if key not in record:
            raise _bad(f"{key} is missing", key, "missing_field")
    majors = record.get("majors") or {}
    if not isinstance(majors, dict):
        raise _bad("majors must map a seat to its major sequence's cards", "majors")
    return score_cards(
        rules,
        dealer=dealer,
        double_face=record["double_face"],
        hands=record["hands"],
        pot=record["pot"],
        aside=record.get("aside"),
        majors=majors,
        master=record.get("master"),
        record=record,
    )


def check_sheet(record: Any) -> dict[str, Any]:
    """The check CLI's answer for a ``club450-sheet/1`` record; never raises."""
    try:
        sheet = read_sheet(record)
    except EngineError as e:
        return error_output(e, record)
    return {"ok": True, "complete": True, "entry": sheet.entry, **sheet.result().to_dict()}
