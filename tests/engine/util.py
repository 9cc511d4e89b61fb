"""Helpers for scripted hands: give the cards that matter, the rest is filled."""

from __future__ import annotations

from games.engine import get_variant, replay
from games.engine.cards import CODE

FORMAT = "club500-hand/1"


def make_record(
    variant="quebec",
    dealer="W",
    hands=None,
    kitty=None,
    calls=None,
    discards=None,
    play=None,
    options=None,
    dead=None,
    must_pass=None,
):
    """A full record; unspecified cards are filled in deck order (the
    two-handed game's dead hand last).

    ``discards="kitty"`` makes the declarer discard exactly the kitty cards.
    """
    v = get_variant(variant, options)
    hands = {s: list((hands or {}).get(s, [])) for s in v.seats}
    kitty = list(kitty or [])
    dead = list(dead or [])
    used = {c for cards in hands.values() for c in cards} | set(kitty) | set(dead)
    spare = [CODE[c] for c in v.deck_cards if CODE[c] not in used]
    # unplaced jokers go to the kitty, else one each to different seats from E
    jokers = [c for c in spare if c in ("WJ", "BJ")]
    spare = [c for c in spare if c not in jokers]
    order = list(v.seats[1:]) + [v.seats[0]]
    for joker in jokers:
        if len(kitty) < v.kitty_size:
            kitty.append(joker)
            continue
        seat = next(s for s in order if len(hands[s]) < 10 and not set(hands[s]) & {"WJ", "BJ"})
        hands[seat].append(joker)
    for s in v.seats:
        while len(hands[s]) < 10:
            hands[s].append(spare.pop(0))
    while len(kitty) < v.kitty_size:
        kitty.append(spare.pop(0))
    if v.hands_dealt > v.n:
        while len(dead) < 10:
            dead.append(spare.pop(0))
    assert not spare
    rec = {
        "format": FORMAT,
        "variant": variant,
        "options": dict(options or {}),
        "dealer": dealer,
    }
    if must_pass:
        rec["must_pass"] = list(must_pass)
    rec["hands"] = hands
    if v.hands_dealt > v.n:
        rec["dead"] = dead
    rec["kitty"] = kitty
    if calls is not None:
        rec["calls"] = list(calls)
    if discards is not None:
        rec["discards"] = list(kitty) if discards == "kitty" else list(discards)
    if play is not None:
        rec["play"] = list(play)
    return rec


def make_hand(**kw):
    """Replay :func:`make_record`'s record into a Hand."""
    return replay(make_record(**kw))


def play_out(hand, chooser=None):
    """Play the hand to the end with the first legal action (or chooser)."""
    while not hand.is_done:
        legal = hand.legal_actions()
        hand.apply(chooser(hand, legal) if chooser else legal[0])
    return hand
