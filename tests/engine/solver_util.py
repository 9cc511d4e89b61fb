"""Seeded play-phase positions for the solver's tests and bench (engine only)."""

from __future__ import annotations

import random

from games.engine import get_variant, new_hand
from games.engine.actions import NAME_JOKER
from games.engine.hand import Hand
from games.engine.phases import AUCTION, PLAY

KINDS = ("suit", "nt", "mis")


def _auction_pick(legal: list[str], kind: str, bid: bool, rng: random.Random) -> str:
    """The call a seat makes to steer the auction to a contract of ``kind``."""
    if bid:
        return "pass"
    if kind == "mis":
        for call in ("MIS", "OMIS"):
            if call in legal:
                return call
        seven = [c for c in legal if c.startswith("7")]
        return seven[0] if seven else "pass"
    want = [c for c in legal if c != "pass" and c[-2:] == "NT"] if kind == "nt" else None
    if want is None:
        want = [c for c in legal if c[-1] in "SCDH" and c[0].isdigit() and c[:2] in ("6S", "6C")]
        want = want or [c for c in legal if c[-1] in "SCDH" and c[0].isdigit()]
    return rng.choice(want[:5]) if want else "pass"


def play_position(
    preset: str,
    players: int,
    kind: str,
    seed: int,
    cards_left: int,
    in_trick: int = 0,
    options: dict | None = None,
) -> Hand | None:
    """A hand of ``preset`` at ``players`` in phase play with ``cards_left`` cards in the
    hand of the next leader, then ``in_trick`` cards of a trick played (random legal
    play throughout, seeded); None when the auction did not give a ``kind`` contract or
    the hand ended first. ``options``: more of the variant's options."""
    v = get_variant(preset, {"players": players, **(options or {})})
    rng = random.Random(seed)
    h = new_hand(v, dealer=v.seats[seed % players], seed=seed)
    h.want_events = False
    done_bid = False
    while h._phase != PLAY and not h.is_done:
        legal = h.legal_actions()
        if h._phase == AUCTION:
            call = _auction_pick(legal, kind, done_bid, rng)
            if call not in legal:  # a forced bid
                call = rng.choice(legal)
            if kind == "mis" and call in ("MIS", "OMIS"):
                done_bid = True
            elif kind != "mis" and call != "pass":
                done_bid = True
            h.apply(call)
        else:
            h.apply(rng.choice([a for a in legal if not a.startswith("name:")]))
    if h.is_done or (h.misere != (kind == "mis")):
        return None
    if kind == "nt" and h.strain != 4:
        return None
    while not h.is_done and (h.trick or len(h.hands[h.to_act_i]) > cards_left):
        _random_play(h, rng)
    for _ in range(in_trick):
        if h.is_done:
            break
        _random_play(h, rng)
    return None if h.is_done else h


def _random_play(h: Hand, rng: random.Random) -> None:
    """A random legal card; a misère declarer plays his lowest (to last longer)."""
    legal = [c for c in h.legal_codes() if c < NAME_JOKER]
    if h.misere and h.to_act_i == h.declarer:
        h.apply_code(min(legal, key=lambda c: h.power[c] if c < len(h.power) else 999))
    else:
        h.apply_code(rng.choice(legal))
