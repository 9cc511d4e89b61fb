"""Rule-of-thumb bots for 450 (3 to 6 players).

``choose_action(rnd, seat, rng) -> str`` returns a legal action in record
notation for ``seat``.  The bot reads only ``rnd.view_for(seat)`` (its own
cards, the pile, the announcements, the counts) and ``rnd.shown_at_deal()``:
the cards every player saw face up at the deal, which a bot remembers
perfectly once they are hidden.  It never looks at another hand or the pot.
``choose_action(view, seat, rng, shown=...)`` does the same from a view dict, and
``choose_code(rnd)`` from the round's ints for the seat to act (the same choice, the
fast path of the searching bot's play-outs), reading only what that seat may see.

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
from itertools import combinations, compress
from typing import Any

from .actions import ASIDE0, MAJOR0, POT0
from .cards import (
    CARD_OF,
    CODE,
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
    phase = view["phase"]
    if phase == "discard":
        majors = [a for a in legal if a.startswith("major:")]
        if majors:
            return majors[0]
        k = _Knowledge.from_view(view, seat, shown or {})
        return CODE[_discard(k, _cards(legal), bool(view["pile"]))]
    if phase == "pot":
        k = _Knowledge.from_view(view, seat, shown or {})
        seats = view["seats"]
        hands = [_cards(view["shown"][s]) for s in seats]
        to = [seats.index(a.split(":", 1)[1]) for a in legal]
        return f"pot:{seats[_pot_choice(k, hands, seats.index(seat), to)]}"
    if phase == "aside":
        out = _aside(_cards(view["hand"]), [CARD_OF[a.split(":", 1)[1]] for a in legal])
        return f"aside:{CODE[out]}"
    return legal[0]


def choose_code(rnd: Any) -> int:
    """The same choice as :func:`choose_action` for the seat to act of the Round
    ``rnd``, as an action int (``actions.py``): the fast path of searches that play
    whole rounds out. It reads only what that seat may see and has seen."""
    legal = rnd.legal_codes()
    if len(legal) == 1:
        return legal[0]
    me = rnd.to_act_i
    phase = rnd.phase
    if phase == "discard":
        majors = [a for a in legal if a >= MAJOR0]
        if majors:
            return majors[0]
        return _discard(_Knowledge.from_round(rnd, me), legal, bool(rnd.pile))
    if phase == "pot":
        to = [a - POT0 for a in legal]
        return POT0 + _pot_choice(_Knowledge.from_round(rnd, me), rnd.hands, me, to)
    if phase == "aside":
        return ASIDE0 + _aside(list(rnd.deal.visible[me]), [a - ASIDE0 for a in legal])
    return legal[0]


def _cards(codes_) -> list[int]:
    return [CARD_OF[c] for c in codes_]


class _Knowledge:
    """What the seat knows: its unknown cards and the pot's top card."""

    def __init__(
        self,
        hand: list[int],
        pile: set[int],
        known: set[int],
        pot_top: int,
        double_face: int,
        jack_master: bool,
    ):
        self.hand = hand
        self.pile = pile
        known = known | set(hand) | pile
        self.pot_top = pot_top
        if pot_top >= 0:
            known.add(pot_top)
        self.unknown = [c for c in PACK if c not in known]
        self.df = double_face
        self.jack_master = jack_master

    @classmethod
    def from_view(cls, view: dict[str, Any], seat: str, shown: dict[str, Any]) -> "_Knowledge":
        """From the seat's view and the cards shown at the deal (codes)."""
        known = set(_cards(view["aside"]))
        for s, cards in (shown.get("visible") or {}).items():
            if s != seat:
                known |= set(_cards(cards))
        for s, cards in view["announced"].items():
            if s != seat:
                known |= set(_cards(cards))
        top = shown.get("pot")
        return cls(
            _cards(view["hand"]),
            {CARD_OF[p["card"]] for p in view["pile"]},
            known,
            CARD_OF[top] if top else -1,
            CARD_OF[view["double_face"]],
            view["options"].get("jack_of_spades", "any_hand") == "any_hand",
        )

    @classmethod
    def from_round(cls, rnd: Any, me: int) -> "_Knowledge":
        """From the Round, reading only what seat ``me`` sees and saw at the deal."""
        known = set(rnd.aside)
        for s in range(rnd.n):
            if s != me:
                known.update(rnd.deal.visible[s])
                known.update(rnd.announced.get(s, ()))
        return cls(
            rnd.hands[me],
            set(rnd.pile),
            known,
            rnd.pot[0] if rnd.phase != "aside" else -1,
            rnd.double_face,
            rnd.rules.jack_of_spades == "any_hand",
        )


def _pair_values(k: _Knowledge, hand: list[int]) -> dict[tuple[int, int], float]:
    """Expected final count of each pair the hand could keep."""
    v3 = value3_table()
    unknown = set(k.unknown)
    n_unknown = len(unknown) or 1
    # the table holds 0 where a card repeats: a row's sum over the unknown cards
    # leaves out the pair's own cards by itself
    mask = [c in unknown for c in range(36)]
    three_out = THREE_OF_SPADES in k.pile or THREE_OF_SPADES in hand
    out = {}
    for a, b in combinations(hand, 2):
        base = base_value(a, b)[1]
        x, y = a, b
        if base and three_out and k.df in (a, b) and THREE_OF_SPADES not in (a, b):
            # the double-faced card becomes the 3 of spades after the first count
            x, y = (THREE_OF_SPADES, b) if a == k.df else (a, THREE_OF_SPADES)
        row = x * 1296 + y * 36
        blind = sum(compress(v3[row : row + 36], mask)) / n_unknown
        value = blind
        if k.pot_top >= 0 and k.pot_top not in (x, y):
            if JACK_OF_SPADES in (a, b) and k.jack_master:
                master = 1.0
            else:
                master = min(0.85, max(0.0, (base - 15) / 55))
            value = (1 - master) * blind + master * max(blind, v3[row + k.pot_top])
        out[(a, b)] = value
    return out


def _discard(k: _Knowledge, legal: list[int], follows: bool) -> int:
    """The discard among ``legal`` (cards) that keeps the best pairs."""
    pairs = _pair_values(k, k.hand)
    first_lead = not follows
    best_action, best_score = legal[0], float("-inf")
    for c in legal:
        values = sorted((v for p, v in pairs.items() if c not in p), reverse=True)
        score = values[0] + 0.25 * values[1] if len(values) > 1 else values[0] if values else 0
        # keep followers: a card alone in its suit is easy to lose later anyway
        score -= 0.02 * VALUE[c]
        if first_lead and IS_SPADE[c]:
            # the spade round: every other player must give up a spade
            score += 6 if c == THREE_OF_SPADES else 3
        if score > best_score:
            best_action, best_score = c, score
    return best_action


def _pot_choice(k: _Knowledge, hands: list[list[int]], me: int, to: list[int]) -> int:
    """The seat (among ``to``) the master gives the pot's top card; ``hands``: every
    hand, shown once play stops."""
    v3 = value3_table()
    top = k.pot_top
    mine = hands[me]
    face_up = {c for cards in hands for c in cards}  # every hand is shown
    unknown = [u for u in k.unknown if u not in face_up]
    row = mine[0] * 1296 + mine[1] * 36
    blind = sum(v3[row + u] for u in unknown) / (len(unknown) or 1)
    best, best_score = to[0], float("-inf")
    for seat in to:
        if top < 0:
            score = 0.0
        elif seat == me:
            score = v3[row + top]
        else:
            a, b = hands[seat]
            gain = v3[a * 1296 + b * 36 + top] - max(base_value(a, b)[1], 0)
            score = blind - 0.5 * gain
        if score > best_score:
            best, best_score = seat, score
    return best


def _aside(mine: list[int], leftover: list[int]) -> int:
    """The card (of the two left) the lanceur eliminates; ``mine``: his visible cards
    (the rest is still face down)."""

    def worth_to_me(c: int) -> int:
        return max((base_value(c, m)[1] for m in mine), default=0)

    # eliminate what others would value; keep on the pot what fits my cards
    return max(leftover, key=lambda c: VALUE[c] - worth_to_me(c))
