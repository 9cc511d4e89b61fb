"""Rule-of-thumb bots for every variant.

``choose_action(state, seat, rng) -> str`` returns a legal action in record
notation.  ``state`` is a Hand (the bot calls ``state.view_for(seat)``) or an
already computed view dict: the bot sees ONLY that seat's view (own cards,
public events, revealed cards), never another hand or the kitty.

* Auction: estimate tricks per strain from the hand's real strength (jokers,
  bowers, trump length, side aces and kings, voids), plus an allowance for the
  kitty and for partner; bid the cheapest legal bid in the best strain up to
  that estimate; misère / open misère with a very weak hand where allowed.
* Kitty: keep trumps, jokers and aces; discard the shortest side suits first,
  low cards first (misère: throw the high cards).
* Play: the declaring side draws trumps while it holds the master trump;
  cash master cards; win a trick as cheaply as possible; do not overtake a
  partner who is winning; otherwise discard the lowest card of a short side
  suit.  Misère declarer ducks: the highest card that still loses.
"""

from __future__ import annotations

import random
from typing import Any

from .cards import CARD_OF, CODE, NO_SUIT, NT, STRAINS, SUITS, WJ, strain_tables
from .variants import get_variant

_SUIT_OF = {s: i for i, s in enumerate(SUITS)}


def choose_action(state: Any, seat: str, rng: random.Random | None = None) -> str:
    """A legal action for ``seat`` from what that seat may see."""
    view = state if isinstance(state, dict) else state.view_for(seat)
    legal = view["legal"]
    if not legal:
        raise ValueError(f"it is not {seat}'s turn")
    if len(legal) == 1:
        return legal[0]
    rng = rng or random.Random(0)
    phase = view["phase"]
    if phase == "auction":
        return _bid(view, legal)
    if phase == "kitty":
        return _discard(view, legal)
    return _play(view, legal, rng)


# --------------------------------------------------------------- auction
def _strength(cards: list[int], strain: int, kitty: int) -> float:
    """Estimated tricks my hand (plus kitty allowance) takes in a strain."""
    eff, power = strain_tables(strain)
    est = 0.0
    if strain < NT:
        trumps = sorted((power[c] for c in cards if eff[c] == strain), reverse=True)
        top = {120: 1.0, 119: 1.0, 118: 0.9, 117: 0.8, 114: 0.7, 113: 0.45}
        for p in trumps:
            est += top.get(p, 0.3)
        est += max(0, len(trumps) - 4) * 0.4
        for s in range(4):
            if s == strain:
                continue
            side = sorted((power[c] for c in cards if eff[c] == s), reverse=True)
            if not side:
                est += 0.5 if len(trumps) >= 4 else 0.2
            elif side[0] == 14:
                est += 0.9
                if len(side) > 1 and side[1] == 13:
                    est += 0.5
            elif side[0] == 13 and len(side) >= 2:
                est += 0.35
        if len(trumps) < 4:
            est -= 1.0
    else:
        for c in cards:
            if eff[c] == NO_SUIT:
                est += 1.1
        for s in range(4):
            side = sorted((power[c] for c in cards if eff[c] == s), reverse=True)
            if not side:
                est -= 0.6
                continue
            if side[0] == 14:
                est += 1.0
                run = 14
                for p in side[1:]:
                    if p == run - 1:
                        est += 0.8
                        run = p
                    else:
                        break
                est += max(0, len(side) - 4) * 0.5
            elif side[0] == 13 and len(side) >= 2:
                est += 0.4
            else:
                est -= 0.3
    return est + (0.8 if kitty >= 5 else 0.4)


def _misere_ok(cards: list[int]) -> bool:
    """A very weak hand with low cards in every suit it holds."""
    if any(c >= WJ for c in cards):
        return False
    ranks = [c % 11 + 4 for c in cards]
    return max(ranks) <= 11 and sum(r >= 10 for r in ranks) <= 1


def _bid(view: dict[str, Any], legal: list[str]) -> str:
    cards = [CARD_OF[c] for c in view["hand"]]
    v = get_variant(view["variant"], view["options"])
    me = view["viewer"]
    partner = next(
        (s for t in view["teams"].values() if me in t for s in t if s != me), None
    )
    partner_strains = [
        c["call"]
        for c in view["calls"]
        if c["seat"] == partner and c["call"][0].isdigit()
    ]
    best: tuple[float, str] | None = None
    for strain in range(5):
        est = _strength(cards, strain, v.kitty_size) + 2.4
        code = STRAINS[strain]
        if any(
            call.endswith(code) and (code != "S" or not call.endswith("NT"))
            for call in partner_strains
        ):
            est += 1.0
        level = int(est)
        if level < v.min_bid:
            continue
        level = min(level, 10)
        # one call each: bid the whole estimate at once; otherwise climb cheaply
        options = legal if v.auction != "one_call" else list(reversed(legal))
        for call in options:
            if (
                call[: -len(code)].isdigit()
                and call.endswith(code)
                and not (code == "S" and call.endswith("NT"))
            ):
                if int(call[: -len(code)]) <= level and len(call) - len(code) <= 2:
                    score = est - int(call[: -len(code)]) * 0.1 + strain * 0.01
                    if best is None or score > best[0]:
                        best = (score, call)
                    break
    if best is not None:
        return best[1]
    if _misere_ok(cards):
        for call in ("OMIS", "MIS"):
            if call in legal and (call == "MIS" or max(c % 11 for c in cards) <= 5):
                return call
    if "pass" in legal:
        return "pass"
    return legal[0]  # forced to bid (both jokers): the cheapest bid


# ----------------------------------------------------------------- kitty
def _trump(view: dict[str, Any]) -> int:
    contract = view["contract"]
    if contract in ("MIS", "OMIS"):
        return NT
    for i, s in enumerate(STRAINS):
        if contract.endswith(s) and not (s == "S" and contract.endswith("NT")):
            return i
    return NT


def _discard(view: dict[str, Any], legal: list[str]) -> str:
    cards = [CARD_OF[c] for c in legal]
    strain = _trump(view)
    eff, power = strain_tables(strain)
    if view["contract"] in ("MIS", "OMIS"):
        return CODE[max(cards, key=lambda c: (power[c], c))]
    length = [sum(1 for c in cards if eff[c] == s) for s in range(5)]

    def keep(c: int) -> float:
        p = power[c]
        if p >= 100:
            return 1000 + p
        if p == 14:
            return 500
        if p == 13 and length[eff[c]] >= 2:
            return 200 + p
        return length[eff[c]] * 10 + p

    return CODE[min(cards, key=keep)]


# ------------------------------------------------------------------ play
def _play(view: dict[str, Any], legal: list[str], rng: random.Random) -> str:
    strain = _trump(view)
    named = view["named_jokers"]
    named_t = (
        _SUIT_OF[named["WJ"]] if "WJ" in named else -1,
        _SUIT_OF[named["BJ"]] if "BJ" in named else -1,
    )
    eff, power = strain_tables(strain, named_t)
    me = view["viewer"]
    declarer = view["declarer"]
    teams = view["teams"]
    my_team = next(t for t in teams.values() if me in t)
    attacking = declarer in my_team
    misere = view["contract"] in ("MIS", "OMIS")
    hand = [CARD_OF[c] for c in view["hand"]]
    played = {CARD_OF[c["card"]] for t in view["tricks"] for c in t["cards"]}
    played |= {CARD_OF[c["card"]] for c in view["trick"]}
    v = get_variant(view["variant"], view["options"])
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
    last = len(trick) == (len(my_team) * len(teams) - (1 if misere else 0)) - 1
    if misere:
        if me == declarer:
            pool = losers or mine
            return (
                CODE[max(pool, key=score)]
                if losers
                else CODE[max(mine, key=lambda c: power[c])]
            )
        return CODE[min(mine, key=lambda c: (score(c), power[c]))]
    partner_winning = winner in my_team
    if partner_winning and (
        last or is_master(cards[best_i]) or best >= 100 and not winners
    ):
        return CODE[_lowest(losers or mine, eff, power, strain)]
    if winners:
        if last or len(trick) >= 2:
            return CODE[min(winners, key=score)]
        masters = [c for c in winners if is_master(c)]
        if masters:
            return CODE[min(masters, key=score)]
        if partner_winning:
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
    count = {}
    for c in cards:
        count[eff[c]] = count.get(eff[c], 0) + 1
    return min(
        cards,
        key=lambda c: (power[c] >= 100, eff[c] == NO_SUIT, power[c], count[eff[c]]),
    )


def _lead(
    plays, hand, eff, power, strain, attacking, misere, declaring, unseen, is_master
) -> str:
    by_code = {a: (CARD_OF[a.split(":")[0]] if ":" in a else CARD_OF[a]) for a in plays}
    cards = list(by_code.values())
    if misere:
        if declaring:
            pick = min(plays, key=lambda a: (power[by_code[a]], ":" in a))
            return pick
        return min(plays, key=lambda a: (":" in a, power[by_code[a]]))
    if strain < NT:
        trumps = [c for c in cards if eff[c] == strain]
        outstanding = [u for u in unseen if eff[u] == strain]
        if attacking and trumps and outstanding:
            top = max(trumps, key=lambda c: power[c])
            if is_master(top):
                return CODE[top]
    masters = [
        a
        for a in plays
        if ":" not in a and is_master(by_code[a]) and power[by_code[a]] < 100
    ]
    if masters:
        return max(masters, key=lambda a: power[by_code[a]])
    joker_leads = [a for a in plays if ":" in a]
    if joker_leads and attacking:
        longest = max(
            joker_leads, key=lambda a: sum(1 for c in hand if eff[c] == _SUIT_OF[a[-1]])
        )
        return longest
    plain = (
        [a for a in plays if ":" not in a and power[by_code[a]] < 100]
        or [a for a in plays if ":" not in a]
        or plays
    )
    length: dict[int, int] = {}
    for a in plain:
        length[eff[by_code[a]]] = length.get(eff[by_code[a]], 0) + 1
    return min(plain, key=lambda a: (-length[eff[by_code[a]]], power[by_code[a]]))
