"""Hand records (HAND-RECORD.md): import/replay and checking (writing one: record_write.py).

* ``replay(record)``: rebuild a Hand, validating every field and action;
  raises MalformedError / IllegalActionError whose ``field`` names the place
  (``hands.E``, ``calls[3]``, ``play[5]``).
* ``check_record(record)``: the ``check`` CLI's output dict for one record
  (full or score-sheet), never raising for bad input.
"""

from __future__ import annotations

from typing import Any

from .actions import CALL_OF, LEAD_JOKER, PLAY_OF
from .cards import CARD_OF, CODE, WJ
from .errors import EngineError, IllegalActionError, MalformedError
from .hand import Hand
from .phases import AUCTION, BREACH, DONE, KITTY, PARTNER, PLAY
from .record_write import FORMAT
from .scoring import score_sheet_hand
from .takebacks import FIELD as TAKEBACKS
from .takebacks import read as read_takebacks
from .variants import Variant, get_variant

FULL_FIELDS = (
    "format",
    "variant",
    "options",
    "dealer",
    "must_pass",
    "hands",
    "dead",
    "kitty",
    "calls",
    "discards",
    "play",
    "takebacks",
)
SHEET_FIELDS = (
    "format",
    "variant",
    "options",
    "declarer",
    "contract",
    "tricks",
    "partner",
    "breach",
)
_STAGES = ("hands", "kitty", "calls", "discards", "play")


def _err(msg: str, field: str, code: str = "malformed", **params: Any) -> MalformedError:
    return MalformedError(msg, code=code, params=params, field=field)


def _variant(record: dict[str, Any]) -> Variant:
    if record.get("format") != FORMAT:
        raise _err(
            f"format must be {FORMAT!r}, got {record.get('format')!r}",
            "format",
            "bad_format",
        )
    name = record.get("variant")
    options = record.get("options", {})
    if not isinstance(options, dict):
        raise _err("options must be an object", "options")
    try:
        get_variant(name)
    except EngineError as e:
        e.field = "variant"
        raise
    try:
        return get_variant(name, options)
    except EngineError as e:
        opt = e.params.get("option")
        e.field = f"options.{opt}" if opt else "options"
        raise


def _seat(v: Variant, value: Any, field: str) -> int:
    return v.seat_of(value, field)


def _cards(v: Variant, value: Any, field: str, count: int, seen: dict[int, str]) -> list[int]:
    if not isinstance(value, list):
        raise _err(f"{field} must be a list of card codes", field)
    out = []
    for i, code in enumerate(value):
        card = CARD_OF.get(code) if isinstance(code, str) else None
        if card is None:
            raise _err(
                f"{field}: unknown card {code!r}",
                field,
                "unknown_card",
                card=code,
                index=i,
            )
        if card not in v.deck_cards:
            raise _err(
                f"{field}: {code} is not in the {v.deck}-card deck",
                field,
                "card_not_in_deck",
                card=code,
            )
        if card in seen:
            where = seen[card]
            also = "" if where == field else f" (also in {where})"
            raise _err(
                f"{field}: {code} is dealt twice{also}",
                field,
                "duplicate_card",
                card=code,
            )
        seen[card] = field
        out.append(card)
    if len(out) != count:
        raise _err(
            f"{field} has {len(out)} cards, expected {count}",
            field,
            "wrong_card_count",
            count=len(out),
            expected=count,
        )
    return out


def replay(record: Any) -> Hand:
    """Rebuild a Hand from a full record, checking every field and action."""
    if not isinstance(record, dict):
        raise _err("a hand record must be a JSON object", "record")
    v = _variant(record)
    for key in record:
        if key not in FULL_FIELDS:
            raise _err(f"unknown field {key!r}", str(key), "unknown_field")
    if "dealer" not in record:
        raise _err("dealer is missing", "dealer", "missing_field")
    dealer = _seat(v, record["dealer"], "dealer")
    must_pass = _must_pass(v, record.get("must_pass", []))
    present = [s in record for s in _STAGES]
    for i, stage in enumerate(_STAGES):
        if not present[i] and any(present[i + 1 :]) and stage != "kitty":
            raise _err(
                f"{stage} is missing but later fields are present",
                stage,
                "missing_field",
            )
    if not present[0]:
        raise _err(
            "hands are missing (a record starts with the deal)",
            "hands",
            "missing_field",
        )
    raw = record["hands"]
    if not isinstance(raw, dict):
        raise _err("hands must be an object of seat: cards", "hands")
    for key in raw:
        v.seat_of(key, f"hands.{key}")
    seen: dict[int, str] = {}
    hands = []
    for seat in v.seats:
        if seat not in raw:
            raise _err(f"hands.{seat} is missing", f"hands.{seat}", "missing_field")
        hands.append(_cards(v, raw[seat], f"hands.{seat}", 10, seen))
    if v.hands_dealt > v.n:
        if "dead" not in record:
            raise _err(
                "dead is missing (the two-handed game's dead hand)",
                "dead",
                "missing_field",
            )
        hands.append(_cards(v, record["dead"], "dead", 10, seen))
    elif "dead" in record:
        raise _err("only the two-handed game has a dead hand", "dead", "unknown_field")
    if "kitty" in record:
        kitty = _cards(v, record["kitty"], "kitty", v.kitty_size, seen)
    else:
        kitty = [c for c in v.deck_cards if c not in seen]
    hand = Hand(v, dealer, hands, kitty, must_pass=must_pass)
    for stage in ("calls", "discards", "play"):
        if stage not in record:
            continue
        entries = record[stage]
        if not isinstance(entries, list):
            raise _err(f"{stage} must be a list", stage)
        for i, entry in enumerate(entries):
            _apply_entry(hand, stage, i, entry)
    if TAKEBACKS in record:
        hand.takebacks = read_takebacks(record[TAKEBACKS], v.seats)
    return hand


def _must_pass(v: Variant, value: Any) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise _err("must_pass must be a list of seats", "must_pass")
    seats = [_seat(v, s, "must_pass") for s in value]
    if len(set(seats)) != len(seats):
        raise _err("must_pass names a seat twice", "must_pass")
    if seats and not (v.set_rule or v.breach):
        raise _err(
            "must_pass comes from the set rule or a breach, and neither is in play",
            "must_pass",
            "bad_must_pass",
        )
    return tuple(seats)


# the phases in which each stage's entries are made (calls: the auction, the
# breach round and the partner call)
_WANT = {"calls": (AUCTION, PARTNER), "discards": (KITTY, KITTY), "play": (PLAY, PLAY)}
_WHAT = {
    AUCTION: "the auction is not over",
    BREACH: "the breach round is not over",
    PARTNER: "the partner card is not named",
    KITTY: "the discard is not finished",
    PLAY: "play has started",
}


def _apply_entry(hand: Hand, stage: str, i: int, entry: Any) -> None:
    field = f"{stage}[{i}]"
    phase = hand._phase
    first, last = _WANT[stage]
    if not first <= phase <= last:
        if phase == DONE:
            msg = "the hand is over" + (" (redeal)" if hand.redeal else "")
            code = "hand_over"
        elif phase < first:
            msg = f"{_WHAT[phase]} ({hand.to_act} to act)"
            code = "wrong_phase"
        else:
            msg = {"calls": "the auction is over", "discards": "the discard is over"}[stage]
            code = "wrong_phase"
        raise IllegalActionError(msg, code=code, params={"action": entry}, field=field)
    table = CALL_OF if stage == "calls" else PLAY_OF
    action = table.get(entry) if isinstance(entry, str) else None
    kind = {"calls": "call", "discards": "card", "play": "card"}[stage]
    if action is None or (stage == "discards" and action >= LEAD_JOKER):
        raise MalformedError(
            f"unknown {kind} {entry!r}",
            code=f"unknown_{kind}",
            params={"action": entry},
            field=field,
        )
    try:
        hand.apply_code(action)
    except EngineError as e:
        e.field = field
        if e.code == "card_not_held":
            card = action if action < LEAD_JOKER else WJ + (action - LEAD_JOKER) // 4
            holder = next((i for i, h in enumerate(hand.hands) if card in h), -1)
            if holder >= 0:
                seats = hand.variant.seats
                e.message = (
                    f"out of turn: {CODE[card]} is {seats[holder]}'s card and "
                    f"it is {hand.to_act}'s turn"
                )
                e.code = "not_your_turn"
                e.params["holder"] = seats[holder]
        raise


def _out_err(e: EngineError, record: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"ok": False, "at": e.field or "record"}
    f = e.field or ""
    if "[" in f and isinstance(record, dict):
        stage, idx = f.rstrip("]").split("[")
        try:
            out["action"] = record[stage][int(idx)]
        except (KeyError, IndexError, ValueError, TypeError):
            pass
    out["error"] = str(e)
    return out


def is_score_sheet(record: dict[str, Any]) -> bool:
    """A score-sheet record has a declarer/contract and no deal."""
    return "hands" not in record and ("contract" in record or "declarer" in record)


def check_sheet(record: dict[str, Any]) -> dict[str, Any]:
    """Score a score-sheet record (raises EngineError with a field)."""
    v = _variant(record)
    for key in record:
        if key not in SHEET_FIELDS:
            raise _err(f"unknown field {key!r}", str(key), "unknown_field")
    for key in ("declarer", "contract", "tricks"):
        if key not in record:
            raise _err(f"{key} is missing", key, "missing_field")
    if v.calls_partner and "partner" not in record:
        raise _err(
            "partner is missing (five players: the partner's seat, or null when the"
            " declarer went alone)",
            "partner",
            "missing_field",
        )
    result = score_sheet_hand(
        v,
        record["declarer"],
        record["contract"],
        record["tricks"],
        partner=record.get("partner"),
        breach=record.get("breach"),
    )
    return {"ok": True, "complete": True, **result.to_dict()}


def check_record(record: Any) -> dict[str, Any]:
    """The check CLI's output for one record (HAND-RECORD.md); never raises."""
    try:
        if isinstance(record, dict) and is_score_sheet(record):
            return check_sheet(record)
        if (
            isinstance(record, dict)
            and "hands" not in record
            and not any(k in record for k in _STAGES)
        ):
            v = _variant(record)
            if "dealer" not in record:
                raise _err("dealer is missing", "dealer", "missing_field")
            _seat(v, record["dealer"], "dealer")
            return {
                "ok": True,
                "complete": False,
                "phase": "deal",
                "to_act": record["dealer"],
                "legal": [],
            }
        hand = replay(record)
    except EngineError as e:
        return _out_err(e, record)
    if hand.is_done:
        out = {"ok": True, "complete": True, **hand.result().to_dict()}
        if hand.claim_info is not None and hand.claim_info["outcome"] in (
            "certain",
            "accepted",
        ):
            out["claim"] = {k: hand.claim_info[k] for k in ("seat", "tricks", "outcome")}
        return out
    return {
        "ok": True,
        "complete": False,
        "phase": hand.phase.value,
        "to_act": hand.to_act,
        "legal": hand.legal_actions(),
    }
