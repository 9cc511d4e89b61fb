"""Rule-of-thumb bots for 450 (3 to 6 players).

``choose_action(rnd, seat, rng) -> str`` returns a legal action in record
notation for ``seat``.  The bot reads only ``rnd.view_for(seat)`` (its own
cards, the pile, the announcements, the counts) and ``rnd.shown_at_deal()``:
the cards every player saw face up at the deal, which a bot remembers
perfectly once they are hidden.  It never looks at another hand or the pot.
``choose_action(view, seat, rng, shown=...)`` does the same from a view dict.

* Discards: keep the best two-card combination.  Each pair the hand could end
  with is worth its expected final count: the mean over the cards the bot cannot
  place (not in its hand, the pile, the cards set aside, the cards it saw at the
  deal and that are still out) of the three-card count with that card, and, as
  the likely master (a strong base hand, or the jack of spades), the count with
  the pot's top card it saw at the deal.  A double-faced card in a base hand
  counts as the 3 of spades once that card is in the pile.  Discard the card
  whose loss keeps the best pair (then a second pair as a fallback) strongest.
* The spade round: the lanceur opens with a spade he does not need, which makes
  every other player give up a spade (the 3 of spades, if he can spare it,
  makes them give up their best one).
* Major sequence (suite majeure): always announced (+50).
* Master (maître): takes the pot's top card when it helps more than a blind
  card, else gives it to the player it helps least.
* Five players, cards left after the deal: eliminates the card worth more to
  the others, unless it matches its own visible cards.
* Dealer: hides the visible cards at once (the live table decides the time).
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

from .cards import (
    CARD_OF,
    IS_SPADE,
    JACK_OF_SPADES,
    PACK,
    THREE_OF_SPADES,
    VALUE,
)
from .scoring import base_value, value3_table


def choose_action(
    state: Any,
    seat: str,
    rng: random.Random | None = None,
    shown: dict[str, Any] | None = None,
) -> str:
    """A legal action for ``seat`` from what that seat may see and has seen."""
    if isinstance(state, dict):
        view = state
    else:
        view = state.view_for(seat)
        shown = state.shown_at_deal()
    legal = view["legal"]
    if not legal:
        raise ValueError(f"it is not {seat}'s turn")
    if len(legal) == 1:
        return legal[0]
    rng = rng or random.Random(0)
    phase = view["phase"]
    if phase == "discard":
        majors = [a for a in legal if a.startswith("major:")]
        if majors:
            return majors[0]
        return _discard(view, seat, shown or {}, legal)
    if phase == "pot":
        return _pot_choice(view, seat, shown or {}, legal)
    if phase == "aside":
        return _aside(view, legal)
    return legal[0]


def _cards(codes_) -> list[int]:
    return [CARD_OF[c] for c in codes_]


class _Knowledge:
    """What the seat knows: its unknown cards and the pot's top card."""

    def __init__(self, view: dict[str, Any], seat: str, shown: dict[str, Any]):
        self.hand = _cards(view["hand"])
        self.pile = {CARD_OF[p["card"]] for p in view["pile"]}
        known = set(self.hand) | self.pile | set(_cards(view["aside"]))
        visible = shown.get("visible") or {}
        for s, cards in visible.items():
            if s != seat:
                known |= set(_cards(cards))
        for s, cards in view["announced"].items():
            if s != seat:
                known |= set(_cards(cards))
        top = shown.get("pot")
        self.pot_top = CARD_OF[top] if top else -1
        if self.pot_top >= 0:
            known.add(self.pot_top)
        self.unknown = [c for c in PACK if c not in known]
        self.df = CARD_OF[view["double_face"]]
        self.jack_master = view["options"].get("jack_of_spades", "any_hand") == "any_hand"


def _pair_values(k: _Knowledge, hand: list[int]) -> dict[tuple[int, int], float]:
    """Expected final count of each pair the hand could keep."""
    v3 = value3_table()
    unknown = k.unknown
    n_unknown = len(unknown) or 1
    three_out = THREE_OF_SPADES in k.pile or THREE_OF_SPADES in hand
    out = {}
    for a, b in combinations(hand, 2):
        base = base_value(a, b)[1]
        x, y = a, b
        if base and three_out and k.df in (a, b) and THREE_OF_SPADES not in (a, b):
            # the double-faced card becomes the 3 of spades after the first count
            x, y = (THREE_OF_SPADES, b) if a == k.df else (a, THREE_OF_SPADES)
        row = x * 1296 + y * 36
        blind = sum(v3[row + u] for u in unknown if u != x and u != y) / n_unknown
        value = blind
        if k.pot_top >= 0 and k.pot_top not in (x, y):
            if JACK_OF_SPADES in (a, b) and k.jack_master:
                master = 1.0
            else:
                master = min(0.85, max(0.0, (base - 15) / 55))
            value = (1 - master) * blind + master * max(blind, v3[row + k.pot_top])
        out[(a, b)] = value
    return out


def _discard(view: dict[str, Any], seat: str, shown: dict[str, Any], legal: list[str]) -> str:
    k = _Knowledge(view, seat, shown)
    hand = k.hand
    pairs = _pair_values(k, hand)
    first_lead = not view["pile"]
    best_action, best_score = legal[0], float("-inf")
    for action in legal:
        c = CARD_OF[action]
        values = sorted((v for p, v in pairs.items() if c not in p), reverse=True)
        score = values[0] + 0.25 * values[1] if len(values) > 1 else values[0] if values else 0
        # keep followers: a card alone in its suit is easy to lose later anyway
        score -= 0.02 * VALUE[c]
        if first_lead and IS_SPADE[c]:
            # the spade round: every other player must give up a spade
            score += 6 if c == THREE_OF_SPADES else 3
        if score > best_score:
            best_action, best_score = action, score
    return best_action


def _pot_choice(view: dict[str, Any], seat: str, shown: dict[str, Any], legal: list[str]) -> str:
    k = _Knowledge(view, seat, shown)
    v3 = value3_table()
    top = k.pot_top
    hands = {s: _cards(cards) for s, cards in view["shown"].items()}
    mine = hands[seat]
    face_up = {c for cards in hands.values() for c in cards}  # every hand is shown
    unknown = [u for u in k.unknown if u not in face_up]
    row = mine[0] * 1296 + mine[1] * 36
    blind = sum(v3[row + u] for u in unknown) / (len(unknown) or 1)
    best, best_score = legal[0], float("-inf")
    for action in legal:
        to = action.split(":", 1)[1]
        if top < 0:
            score = 0.0
        elif to == seat:
            score = v3[row + top]
        else:
            a, b = hands[to]
            gain = v3[a * 1296 + b * 36 + top] - max(base_value(a, b)[1], 0)
            score = blind - 0.5 * gain
        if score > best_score:
            best, best_score = action, score
    return best


def _aside(view: dict[str, Any], legal: list[str]) -> str:
    mine = _cards(view["hand"])  # the visible cards: the rest is still face down

    def worth_to_me(c: int) -> int:
        return max((base_value(c, m)[1] for m in mine), default=0)

    def score(action: str) -> float:
        c = CARD_OF[action.split(":", 1)[1]]
        # eliminate what others would value; keep on the pot what fits my cards
        return VALUE[c] - worth_to_me(c)

    return max(legal, key=score)
