"""The bots' calls: the auction, the breach round and the partner call.

All from the seat's view (see bots.py):

* Auction: estimate the tricks my hand takes in each strain from its real
  strength (jokers, bowers, trump length, side aces and kings, voids), plus an
  allowance for the kitty and for the help the seat can expect (a partner
  opposite, two in six-handed 2x3, a called partner in five-handed, none when
  each plays alone); bid the cheapest legal bid in the best strain up to that
  estimate (one call each: the whole estimate at once); misère / open misère
  with a very weak hand where allowed.
* Breach: a defender calls it when his own defensive tricks reach the
  ``12 - level`` a breach needs, with ``BREACH_MARGIN`` to spare (never
  against misère, whose outcome the hand does not show).
* Partner call (five players): alone with a trick to spare over the
  contract, else the best card not held: the trump bowers and top trumps, in
  no trump an ace of the longest suit.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from .cards import ACE, CARD_OF, CODE, KING, NO_SUIT, NT, STRAINS, WJ, strain_tables
from .variants import Variant, get_variant

BREACH_MARGIN = 0.5


@lru_cache(maxsize=256)
def _variant(name: str, options: tuple) -> Variant:
    return get_variant(name, dict(options))


def variant_of(view: dict[str, Any]) -> Variant:
    """The view's variant (cached per options)."""
    return _variant(view["variant"], tuple(sorted(view["options"].items())))


def trump_of(contract: str) -> int:
    """The strain index of a contract (misère: no trump)."""
    if contract in ("MIS", "OMIS"):
        return NT
    for i, s in enumerate(STRAINS):
        if contract.endswith(s) and not (s == "S" and contract.endswith("NT")):
            return i
    return NT


def call(view: dict[str, Any], legal: list[str]) -> str:
    """The bot's call in the auction, the breach round or the partner call."""
    phase = view["phase"]
    if phase == "breach":
        return _breach(view)
    if phase == "partner":
        return _partner(view, legal)
    return _bid(view, legal)


# ------------------------------------------------------------ strength
def strength(cards: list[int], strain: int) -> float:
    """Estimated tricks my hand takes in a strain (no allowance for help)."""
    eff, power = strain_tables(strain)
    est = 0.0
    if strain < NT:
        trumps = sorted((power[c] for c in cards if eff[c] == strain), reverse=True)
        top = {123: 1.0, 122: 1.0, 121: 0.9, 120: 0.8, 117: 0.7, 116: 0.45}
        for p in trumps:
            est += top.get(p, 0.3)
        est += max(0, len(trumps) - 4) * 0.4
        for s in range(4):
            if s == strain:
                continue
            side = sorted((power[c] for c in cards if eff[c] == s), reverse=True)
            if not side:
                est += 0.5 if len(trumps) >= 4 else 0.2
            elif side[0] == ACE:
                est += 0.9
                if len(side) > 1 and side[1] == KING:
                    est += 0.5
            elif side[0] == KING and len(side) >= 2:
                est += 0.35
        if len(trumps) < 4:
            est -= 1.0
        return est
    for c in cards:
        if eff[c] == NO_SUIT:
            est += 1.1
    for s in range(4):
        side = sorted((power[c] for c in cards if eff[c] == s), reverse=True)
        if not side:
            est -= 0.6
            continue
        if side[0] == ACE:
            est += 1.0
            run = ACE
            for p in side[1:]:
                if p == run - 1:
                    est += 0.8
                    run = p
                else:
                    break
            est += max(0, len(side) - 4) * 0.5
        elif side[0] == KING and len(side) >= 2:
            est += 0.4
        else:
            est -= 0.3
    return est


def _help(v: Variant, kitty: bool = True) -> float:
    """Tricks the declarer may expect beyond his own hand: the kitty, and his
    partners (none when each plays alone; a called partner in five-handed)."""
    allowance = (0.8 if v.kitty_size >= 5 else 0.4) if kitty else 0.0
    mates = len(v.teams[v.team_of[0]]) - 1
    if v.calls_partner:
        return allowance + 2.0
    if mates == 0:
        return allowance + (2.2 if v.n == 2 else 1.5)
    if v.n == 6:
        return allowance + (1.4 if mates == 1 else 2.4)
    return allowance + 2.0


def _misere_ok(cards: list[int]) -> bool:
    """A very weak hand with low cards in every suit it holds."""
    if any(c >= WJ for c in cards):
        return False
    eff, power = strain_tables(NT)
    ranks = [power[c] for c in cards]
    return max(ranks) <= 14 and sum(r >= 10 for r in ranks) <= 1


# ------------------------------------------------------------- auction
def _bid(view: dict[str, Any], legal: list[str]) -> str:
    cards = [CARD_OF[c] for c in view["hand"]]
    v = variant_of(view)
    me = view["viewer"]
    mates = next((set(t) - {me} for t in view["teams"].values() if me in t), set())
    mate_strains = [
        c["call"] for c in view["calls"] if c["seat"] in mates and c["call"][0].isdigit()
    ]
    best: tuple[float, str] | None = None
    for strain in range(5):
        est = strength(cards, strain) + _help(v) + 0.4
        code = STRAINS[strain]
        if any(trump_of(c) == strain for c in mate_strains):
            est += 1.0
        level = int(est)
        if level < v.min_bid:
            continue
        level = min(level, 10)
        # one call each: bid the whole estimate at once; otherwise climb cheaply
        options = legal if v.auction != "one_call" else list(reversed(legal))
        for bid in options:
            if not bid[0].isdigit() or trump_of(bid) != strain:
                continue
            bid_level = int(bid[: -len(code)])
            if bid_level <= level:
                score = est - bid_level * 0.1 + strain * 0.01
                if best is None or score > best[0]:
                    best = (score, bid)
                break
    if best is not None:
        return best[1]
    if _misere_ok(cards):
        eff, power = strain_tables(NT)
        for bid in ("OMIS", "MIS"):
            if bid in legal and (bid == "MIS" or max(power[c] for c in cards) <= 9):
                return bid
    if "pass" in legal:
        return "pass"
    return legal[0]  # forced to bid (both jokers): the cheapest bid


# -------------------------------------------------------- breach round
def _breach(view: dict[str, Any]) -> str:
    contract = view["contract"]
    if contract in ("MIS", "OMIS"):
        return "pass"
    strain = trump_of(contract)
    level = int(contract[: -len(STRAINS[strain])])
    cards = [CARD_OF[c] for c in view["hand"]]
    # a breach needs 12 - level defensive tricks; against a declarer who bid on
    # his strength the rest of the defence adds little (measured: bench), so
    # call it when my own hand brings them all
    return "breach" if _defence(cards, strain) >= 12 - level + BREACH_MARGIN else "pass"


def _defence(cards: list[int], strain: int) -> float:
    """Tricks my hand should take against a contract in ``strain``."""
    eff, power = strain_tables(strain)
    est = 0.0
    trumps = [power[c] for c in cards if eff[c] == strain] if strain < NT else []
    for p in trumps:
        est += 0.9 if p >= 120 else (0.5 if p >= 116 else 0.15)
    for s in range(4):
        if s == strain:
            continue
        side = sorted((power[c] for c in cards if eff[c] == s), reverse=True)
        if side and side[0] == ACE:
            est += 0.8
            if len(side) > 1 and side[1] == KING:
                est += 0.5
        elif side and side[0] == KING and len(side) >= 2:
            est += 0.3
    if strain == NT:
        est += sum(1.0 for c in cards if eff[c] == NO_SUIT)
    return est


# -------------------------------------------------------- partner call
def _partner(view: dict[str, Any], legal: list[str]) -> str:
    contract = view["contract"]
    strain = trump_of(contract)
    level = int(contract[: -len(STRAINS[strain])])
    cards = [CARD_OF[c] for c in view["hand"]]
    eff, power = strain_tables(strain)
    best10 = sorted(cards, key=lambda c: -power[c])[:10]
    if strength(best10, strain) >= level + 1:
        return "alone"
    named = [CARD_OF[a[len("partner:") :]] for a in legal if a.startswith("partner:")]
    if strain < NT:
        pick = max(named, key=lambda c: (eff[c] == strain, power[c]))
    else:
        length = [sum(1 for c in cards if eff[c] == s) for s in range(4)]
        pick = max(named, key=lambda c: (power[c], length[eff[c]] if eff[c] < 4 else 0))
    return "partner:" + CODE[pick]
