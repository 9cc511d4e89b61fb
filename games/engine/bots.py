"""Rule-of-thumb bots for every variant and player count.

``choose_action(state, seat, rng) -> str`` returns a legal action in record
notation.  ``state`` is a Hand (the bot calls ``state.view_for(seat)``) or an
already computed view dict: the bot sees ONLY that seat's view (own cards,
public events, revealed cards), never another hand, the kitty or a dead hand.

* Auction, breach round and partner call: bot_calls.py.
* Kitty: keep trumps, jokers and aces; discard the shortest side suits first,
  low cards first (misère: throw the high cards).
* Play: the declaring side draws trumps while it holds the master trump;
  cash master cards; win a trick as cheaply as possible; do not overtake an
  ally who is winning; otherwise discard the lowest card of a short side suit.
  Misère declarer ducks: the highest card that still loses.  Allies are the
  teammates; against a declarer, every defender (three-handed and five-handed
  defenders play together against the declaring side); the five-handed partner
  helps the declarer once he holds or has seen the partner card.
"""

from __future__ import annotations

import random
from typing import Any

from .bot_calls import call, trump_of, variant_of
from .cards import ACE, CARD_OF, CODE, KING, NO_SUIT, NT, SUITS, strain_tables

_SUIT_OF = {s: i for i, s in enumerate(SUITS)}


def choose_action(state: Any, seat: str, rng: random.Random | None = None) -> str:
    """A legal action for ``seat`` from what that seat may see."""
    view = state if isinstance(state, dict) else state.view_for(seat)
    legal = view["legal"]
    if not legal:
        raise ValueError(f"it is not {seat}'s turn")
    if len(legal) == 1:
        return legal[0]
    if "refuse" in legal:
        # A claim the engine could not prove (claims.py): a bot does not concede it.
        return "refuse"
    rng = rng or random.Random(0)
    phase = view["phase"]
    if phase == "kitty":
        return _discard(view, legal)
    if phase == "play":
        return _play(view, legal, rng)
    return call(view, legal)


# ----------------------------------------------------------------- kitty
def _discard(view: dict[str, Any], legal: list[str]) -> str:
    cards = [CARD_OF[c] for c in legal]
    strain = trump_of(view["contract"])
    eff, power = strain_tables(strain)
    if view["contract"] in ("MIS", "OMIS"):
        return CODE[max(cards, key=lambda c: (power[c], -c))]
    length = [sum(1 for c in cards if eff[c] == s) for s in range(5)]

    def keep(c: int) -> float:
        p = power[c]
        if p >= 100:
            return 1000 + p
        if p == ACE:
            return 500
        if p == KING and length[eff[c]] >= 2:
            return 200 + p
        return length[eff[c]] * 10 + p

    return CODE[min(cards, key=keep)]


# ------------------------------------------------------------------ play
def allies_of(view: dict[str, Any]) -> tuple[set[str], bool]:
    """The seats playing with the viewer this hand (himself included), and
    whether they are the declaring side."""
    me = view["viewer"]
    declarer = view["declarer"]
    teams = view["teams"]
    mine = next(set(t) for t in teams.values() if me in t)
    partner = view.get("partner")
    card = view.get("partner_card")
    if card is not None and card in view["hand"]:
        partner = me  # I hold the partner card (shown or not yet)
    declaring = set(next(t for t in teams.values() if declarer in t))
    if partner:
        declaring.add(partner)
    if me in declaring:
        return declaring, True
    if len(teams) > 2 or all(len(t) == 1 for t in teams.values()):
        # every defender against the declaring side (an unseen partner card: the
        # partner may be among them, and is found when the card is played)
        return {s for s in view["seats"] if s not in declaring}, False
    return mine, False


def _play(view: dict[str, Any], legal: list[str], rng: random.Random) -> str:
    strain = trump_of(view["contract"])
    named = view["named_jokers"]
    named_t = (
        _SUIT_OF[named["WJ"]] if "WJ" in named else -1,
        _SUIT_OF[named["BJ"]] if "BJ" in named else -1,
    )
    eff, power = strain_tables(strain, named_t)
    me = view["viewer"]
    declarer = view["declarer"]
    allies, attacking = allies_of(view)
    misere = view["contract"] in ("MIS", "OMIS")
    hand = [CARD_OF[c] for c in view["hand"]]
    played = {CARD_OF[c["card"]] for t in view["tricks"] for c in t["cards"]}
    played |= {CARD_OF[c["card"]] for c in view["trick"]}
    if view.get("discards"):
        played |= {CARD_OF[c] for c in view["discards"]}
    v = variant_of(view)
    unseen = [c for c in v.deck_cards if c not in played and c not in hand]
    plays = [a for a in legal if not a.startswith("name:")]
    trick = view["trick"]

    def is_master(c: int) -> bool:
        s = eff[c]
        return not any(eff[u] == s and power[u] > power[c] for u in unseen) and not any(
            eff[u] == NO_SUIT for u in unseen
        )

    if not trick:
        return _lead(
            plays,
            hand,
            eff,
            power,
            strain,
            attacking,
            misere,
            me == declarer,
            unseen,
            is_master,
        )
    led = _SUIT_OF[view["led"]]
    cards = [CARD_OF[c["card"]] for c in trick]

    def score(c: int) -> int:
        p = power[c]
        if p >= 100:
            return p
        return p if eff[c] == led else -1

    best_i = max(range(len(cards)), key=lambda i: score(cards[i]))
    best = score(cards[best_i])
    winner = trick[best_i]["seat"]
    mine = [CARD_OF[a] for a in plays]
    winners = [c for c in mine if score(c) > best]
    losers = [c for c in mine if score(c) <= best]
    playing = len(view["seats"]) - len(view["sitting_out"])
    last = len(trick) == playing - 1
    if misere:
        if me == declarer:
            return (
                CODE[max(losers, key=score)] if losers else CODE[max(mine, key=lambda c: power[c])]
            )
        return CODE[min(mine, key=lambda c: (score(c), power[c]))]
    ally_winning = winner in allies
    if ally_winning and (last or is_master(cards[best_i]) or best >= 100 and not winners):
        return CODE[_lowest(losers or mine, eff, power, strain)]
    if winners:
        if last or len(trick) >= 2:
            return CODE[min(winners, key=score)]
        masters = [c for c in winners if is_master(c)]
        if masters:
            return CODE[min(masters, key=score)]
        if ally_winning:
            return CODE[_lowest(losers or mine, eff, power, strain)]
        return (
            CODE[min(winners, key=score)]
            if eff[winners[0]] != led
            else (
                CODE[_lowest(losers, eff, power, strain)]
                if losers
                else CODE[min(winners, key=score)]
            )
        )
    return CODE[_lowest(losers or mine, eff, power, strain)]


def _lowest(cards: list[int], eff, power, strain: int) -> int:
    """Cheapest card to throw: a non-trump low card from a short suit."""
    count: dict[int, int] = {}
    for c in cards:
        count[eff[c]] = count.get(eff[c], 0) + 1
    return min(
        cards,
        key=lambda c: (power[c] >= 100, eff[c] == NO_SUIT, power[c], count[eff[c]]),
    )


def _lead(plays, hand, eff, power, strain, attacking, misere, declaring, unseen, is_master) -> str:
    by_code = {a: (CARD_OF[a.split(":")[0]] if ":" in a else CARD_OF[a]) for a in plays}
    cards = list(by_code.values())
    if misere:
        if declaring:
            return min(plays, key=lambda a: (power[by_code[a]], ":" in a))
        return min(plays, key=lambda a: (":" in a, power[by_code[a]]))
    if strain < NT:
        trumps = [c for c in cards if eff[c] == strain]
        outstanding = [u for u in unseen if eff[u] == strain]
        if attacking and trumps and outstanding:
            top = max(trumps, key=lambda c: power[c])
            if is_master(top):
                return CODE[top]
    masters = [
        a for a in plays if ":" not in a and is_master(by_code[a]) and power[by_code[a]] < 100
    ]
    if masters:
        return max(masters, key=lambda a: power[by_code[a]])
    joker_leads = [a for a in plays if ":" in a]
    if joker_leads and attacking:
        return max(joker_leads, key=lambda a: sum(1 for c in hand if eff[c] == _SUIT_OF[a[-1]]))
    plain = (
        [a for a in plays if ":" not in a and power[by_code[a]] < 100]
        or [a for a in plays if ":" not in a]
        or plays
    )
    length: dict[int, int] = {}
    for a in plain:
        length[eff[by_code[a]]] = length.get(eff[by_code[a]], 0) + 1
    return min(plain, key=lambda a: (-length[eff[by_code[a]]], power[by_code[a]]))
