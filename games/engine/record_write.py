"""Writing a hand's record (HAND-RECORD.md); reading and checking one is records.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import ACTION_STR
from .cards import CODE
from .phases import KITTY, PLAY
from .takebacks import note

if TYPE_CHECKING:
    from .hand import Hand

FORMAT = "club500-hand/1"


def to_record(h: Hand) -> dict[str, Any]:
    """The hand's record; fields after ``dealer`` stop where the hand stands."""
    v = h.variant
    rec: dict[str, Any] = {
        "format": FORMAT,
        "variant": v.name,
        "options": dict(v.overrides),
        "dealer": v.seats[h.dealer],
    }
    if h.must_pass:
        rec["must_pass"] = [v.seats[i] for i in sorted(h.must_pass)]
    rec["hands"] = {v.seats[i]: [CODE[c] for c in cards] for i, cards in enumerate(h.dealt)}
    if h.dead:
        rec["dead"] = [CODE[c] for c in h.dead]
    rec["kitty"] = [CODE[c] for c in h.dealt_kitty]
    rec["calls"] = [ACTION_STR[a] for a in h.calls]
    if h.contract >= 0 and h._phase >= KITTY:
        rec["discards"] = [CODE[c] for c in h.discards]
        if h._phase >= PLAY:
            rec["play"] = [ACTION_STR[a] for a in h.play]
    return note(rec, h)
