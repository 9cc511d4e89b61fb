"""Actions as small ints, and their record notation.

=========================  ==========================================
int                        record notation
=========================  ==========================================
0..45                      a card (play or discard): ``"10H"``, ``"WJ"``
46 + 4*j + s               joker j (0 WJ, 1 BJ) led naming suit s: ``"WJ:H"``
54 + 4*j + s               declarer pre-names joker j's suit: ``"name:WJ:H"``
62                         ``"pass"``
63 + 5*(level-6) + strain  a bid ``"7H"`` ... ``"10NT"``
88                         ``"MIS"`` (misère)
89                         ``"OMIS"`` (open misère)
=========================  ==========================================
"""

from __future__ import annotations

from .cards import CODE, STRAINS, SUITS

LEAD_JOKER = 46
NAME_JOKER = 54
PASS = 62
BID0 = 63
MIS = 88
OMIS = 89
N_ACTIONS = 90


def bid_action(level: int, strain: int) -> int:
    """The action int of a bid of ``level`` (6..10) in ``strain`` (0..4)."""
    return BID0 + 5 * (level - 6) + strain


def bid_level(action: int) -> int:
    """Level (6..10) of a bid action int."""
    return (action - BID0) // 5 + 6


def bid_strain(action: int) -> int:
    """Strain (0..4) of a bid action int."""
    return (action - BID0) % 5


def is_bid(action: int) -> bool:
    """True for a level bid (not pass, not misère)."""
    return BID0 <= action < MIS


def _notation() -> tuple[str, ...]:
    out = list(CODE)
    for base, prefix in ((LEAD_JOKER, ""), (NAME_JOKER, "name:")):
        for j, joker in enumerate(("WJ", "BJ")):
            for s in range(4):
                out.append(f"{prefix}{joker}:{SUITS[s]}")
        assert len(out) == base + 8
    out.append("pass")
    for level in range(6, 11):
        for strain in range(5):
            out.append(f"{level}{STRAINS[strain]}")
    out += ["MIS", "OMIS"]
    assert len(out) == N_ACTIONS
    return tuple(out)


ACTION_STR: tuple[str, ...] = _notation()
# "10C" is both the ten of clubs and a bid of ten clubs: parse by phase.
CALL_OF: dict[str, int] = {s: i for i, s in enumerate(ACTION_STR) if i >= PASS}
PLAY_OF: dict[str, int] = {s: i for i, s in enumerate(ACTION_STR) if i < PASS}
CONTRACT_OF: dict[str, int] = {s: i for i, s in enumerate(ACTION_STR) if i > PASS}
