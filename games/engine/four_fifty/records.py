"""Reading 450 round records back (``club450-hand/1``, docs/hand-records.md).

* ``replay(record)``: rebuild a Round, validating every field and action; raises
  MalformedError / IllegalActionError whose ``field`` names the place
  (``hands.P2``, ``discards[12]``, ``pot_to``);
* ``error_output``: the ``check`` answer for a record that fails (check.py).

Writing a record (``to_record``) and the formats are record.py's.
"""

from __future__ import annotations

import re
from typing import Any

from ..errors import EngineError, IllegalActionError, MalformedError
from ..takebacks import FIELD as TAKEBACKS
from ..takebacks import read as read_takebacks
from .actions import HIDE
from .cards import CARD_OF, CODE, PACK
from .deal import Deal
from .options import Rules, check_players, get_rules
from .phase import Phase
from .record import FORMAT
from .round import Round, seat_arg

FIELDS = (
    "format",
    "players",
    "options",
    "secretary",
    "dealer",
    "double_face",
    "hands",
    "visible",
    "pot",
    "aside",
    "leftover",
    "eliminated",
    "discards",
    "pot_to",
    "takebacks",
)


def _err(msg: str, field: str, code: str = "malformed", **params: Any) -> MalformedError:
    return MalformedError(msg, code=code, params=params, field=field)


def rules_of(record: dict[str, Any]) -> Rules:
    """The players and options of a 450 record (errors name the field)."""
    try:
        players = check_players(record.get("players"))
    except EngineError as e:
        e.field = "players"
        raise
    options = record.get("options", {})
    if not isinstance(options, dict):
        raise _err("options must be an object", "options")
    try:
        return get_rules(players, options)
    except EngineError as e:
        opt = e.params.get("option")
        e.field = f"options.{opt}" if opt else "options"
        raise


def _cards(value: Any, field: str, count: int, seen: dict[int, str] | None) -> list[int]:
    if not isinstance(value, list):
        raise _err(f"{field} must be a list of card codes", field)
    out = []
    for i, code in enumerate(value):
        c = CARD_OF.get(code) if isinstance(code, str) else None
        if c is None:
            raise _err(
                f"{field}: unknown card {code!r} (450 cards: 7 8 9 10 J Q K A 3 then S C D H)",
                field,
                "unknown_card",
                card=code,
                index=i,
            )
        if seen is not None:
            if c in seen:
                also = "" if seen[c] == field else f" (also in {seen[c]})"
                raise _err(
                    f"{field}: {code} is dealt twice{also}",
                    field,
                    "duplicate_card",
                    card=code,
                )
            seen[c] = field
        out.append(c)
    if len(out) != count:
        raise _err(
            f"{field} has {len(out)} cards, expected {count}",
            field,
            "wrong_card_count",
            count=len(out),
            expected=count,
        )
    return out


def _by_seat(record: dict[str, Any], name: str, rules: Rules) -> dict[str, Any]:
    raw = record.get(name)
    if raw is None:
        raise _err(f"{name} is missing", name, "missing_field")
    if not isinstance(raw, dict):
        raise _err(f"{name} must be an object of seat: cards", name)
    for key in raw:
        if key not in rules.seat_index:
            raise _err(
                f"unknown seat {key!r} (seats: {' '.join(rules.seats)})",
                f"{name}.{key}",
                "unknown_seat",
                seat=key,
            )
    for seat in rules.seats:
        if seat not in raw:
            raise _err(f"{name}.{seat} is missing", f"{name}.{seat}", "missing_field")
    return raw


def _deal(record: dict[str, Any], rules: Rules) -> Deal:
    n = rules.players
    seen: dict[int, str] = {}
    raw = _by_seat(record, "hands", rules)
    hands = [_cards(raw[s], f"hands.{s}", rules.hand_size, seen) for s in rules.seats]
    raw = _by_seat(record, "visible", rules)
    visible = []
    for i, s in enumerate(rules.seats):
        field = f"visible.{s}"
        cards = _cards(raw[s], field, rules.visible_cards, {})
        for c in cards:
            if c not in hands[i]:
                raise _err(
                    f"{field}: {CODE[c]} is not in hands.{s}",
                    field,
                    "card_not_held",
                    card=CODE[c],
                )
        visible.append(cards)
    aside: list[int] = []
    leftover: list[int] = []
    if n == 5:
        if ("aside" in record) == ("leftover" in record):
            raise _err(
                "five players: the deal has either aside (the card set aside before the"
                " deal) or leftover (the two cards left after it)",
                "aside" if "aside" in record else "leftover",
                "missing_field" if "aside" not in record else "malformed",
            )
        if "leftover" in record and rules.five_player_deal == "set_aside":
            raise _err(
                "five_player_deal is set_aside: the card is set aside before the deal",
                "leftover",
                "unknown_field",
            )
        if "aside" in record:
            aside = _cards(record["aside"], "aside", 1, seen)
        else:
            leftover = _cards(record["leftover"], "leftover", 2, seen)
    else:
        for name in ("aside", "leftover", "eliminated"):
            if name in record:
                raise _err(f"{name} is only for five players", name, "unknown_field")
    if "pot" not in record:
        raise _err("pot is missing", "pot", "missing_field")
    pot = _cards(record["pot"], "pot", n - 1 if leftover else n, seen)
    missing = [CODE[c] for c in PACK if c not in seen]
    if missing:  # pragma: no cover - the counts above add up to 36
        raise _err(f"cards missing from the deal: {' '.join(missing)}", "hands")
    return Deal(
        tuple(map(tuple, hands)),
        tuple(map(tuple, visible)),
        tuple(pot),
        tuple(aside),
        tuple(leftover),
    )


def replay(record: Any) -> Round:
    """Rebuild a Round from a club450-hand/1 record, checking every field and action."""
    if not isinstance(record, dict):
        raise _err("a round record must be a JSON object", "record")
    if record.get("format") != FORMAT:
        raise _err(
            f"format must be {FORMAT!r}, got {record.get('format')!r}",
            "format",
            "bad_format",
        )
    for key in record:
        if key not in FIELDS:
            raise _err(f"unknown field {key!r}", str(key), "unknown_field")
    rules = rules_of(record)
    for name in ("secretary", "dealer", "double_face"):
        if name not in record:
            raise _err(f"{name} is missing", name, "missing_field")
    secretary = seat_arg(rules, record["secretary"], "secretary")
    dealer = seat_arg(rules, record["dealer"], "dealer")
    df = _cards([record["double_face"]], "double_face", 1, None)[0]
    deal = _deal(record, rules)
    later = [k for k in ("eliminated", "discards", "pot_to") if k in record]
    needed = (["eliminated"] if deal.leftover else []) + ["discards", "pot_to"]
    for k in later:
        gap = [m for m in needed[: needed.index(k)] if m not in record]
        if gap:
            raise _err(f"{gap[0]} is missing but {k} is present", gap[0], "missing_field")
    r = Round(rules, dealer, secretary, df, deal)
    if "eliminated" in record:
        _apply(r, "eliminated", _action(record["eliminated"], "aside:"))
    if "discards" in record:
        entries = record["discards"]
        if not isinstance(entries, list):
            raise _err("discards must be a list", "discards")
        if r.phase is Phase.SHOW:
            r.apply_code(HIDE)
        for i, entry in enumerate(entries):
            _apply(r, f"discards[{i}]", entry)
    if "pot_to" in record:
        _apply(r, "pot_to", _action(record["pot_to"], "pot:"))
    if TAKEBACKS in record:
        r.takebacks = read_takebacks(record[TAKEBACKS], rules.seats)
    return r


def _action(value: Any, prefix: str) -> Any:
    return prefix + value if isinstance(value, str) else value


_WANT = {"eliminated": Phase.ASIDE, "pot_to": Phase.POT}


def _apply(r: Round, field: str, entry: Any) -> None:
    want = _WANT.get(field, Phase.DISCARD)
    try:
        if r.phase is not want:
            if r.phase is Phase.DONE:
                raise IllegalActionError("the round is over", code="round_over")
            if want is Phase.DISCARD:
                raise IllegalActionError(
                    "play is over: every player has two cards (the master names who"
                    " receives the first pot card in pot_to)",
                    code="wrong_phase",
                )
            if want is Phase.POT:
                raise IllegalActionError(
                    f"play is not over ({r.to_act} to act): the master names who"
                    " receives the first pot card once every player has two cards",
                    code="wrong_phase",
                )
            raise IllegalActionError(
                f"{r.to_act} must act first ({r.phase.value})", code="wrong_phase"
            )
        r.apply(entry)
    except EngineError as e:
        e.field = field
        e.params.setdefault("action", entry)
        raise


_PATH_PART = re.compile(r"([^.\[\]]+)|\[(\d+)\]")
_ACTION_FIELD = re.compile(r"(^|\.)(discards\[\d+\]|eliminated|pot_to)$")


def _value_at(record: Any, path: str) -> Any:
    """The value at a field path like ``rounds[2].discards[5]`` (None if absent)."""
    value = record
    for key, idx in _PATH_PART.findall(path):
        try:
            value = value[int(idx)] if idx else value[key]
        except (KeyError, IndexError, TypeError):
            return None
    return value


def error_output(e: EngineError, record: Any) -> dict[str, Any]:
    """The check answer for a record that fails: where, the action, and why."""
    out: dict[str, Any] = {"ok": False, "at": e.field or "record"}
    if e.field and _ACTION_FIELD.search(e.field):
        out["action"] = _value_at(record, e.field)
    out["error"] = str(e)
    return out
