"""Actions as small ints, and their record notation.

=========================  ==========================================
int                        record notation
=========================  ==========================================
0..65                      a card (play or discard): ``"10H"``, ``"11S"``, ``"WJ"``
66 + 4*j + s               joker j (0 WJ, 1 BJ) led naming suit s: ``"WJ:H"``
74 + 4*j + s               declarer pre-names joker j's suit: ``"name:WJ:H"``
82                         ``"pass"``
83 + 5*(level-6) + strain  a bid ``"6S"`` ... ``"10NT"``
108                        ``"MIS"`` (misère)
109                        ``"OMIS"`` (open misère)
110                        ``"breach"`` (a defender's breach call)
111                        ``"alone"`` (five-handed: the declarer plays alone)
112 + card                 ``"partner:AS"`` (five-handed: the declarer's partner card)
178                        ``"claim"`` (the seat to act claims every remaining trick)
179, 180                   ``"accept"``, ``"refuse"`` (an opponent's answer to a claim)
=========================  ==========================================
"""

from __future__ import annotations

from .cards import CODE, N_CARDS, STRAINS, SUITS

LEAD_JOKER = N_CARDS
NAME_JOKER = LEAD_JOKER + 8
PASS = NAME_JOKER + 8
BID0 = PASS + 1
MIS = BID0 + 25
OMIS = MIS + 1
BREACH = OMIS + 1
ALONE = BREACH + 1
PARTNER0 = ALONE + 1
CLAIM = PARTNER0 + N_CARDS
ACCEPT = CLAIM + 1
REFUSE = CLAIM + 2
N_ACTIONS = REFUSE + 1


def bid_action(level: int, strain: int) -> int:
    """The action int of a bid of ``level`` (6..10) in ``strain`` (0..4)."""
    return BID0 + 5 * (level - 6) + strain


def bid_level(action: int) -> int:
    """Level (6..10) of a bid action int."""
    return (action - BID0) // 5 + 6


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
    out += ["MIS", "OMIS", "breach", "alone"]
    out += [f"partner:{code}" for code in CODE]
    out += ["claim", "accept", "refuse"]
    assert len(out) == N_ACTIONS
    return tuple(out)


ACTION_STR: tuple[str, ...] = _notation()
# "10C" is both the ten of clubs and a bid of ten clubs: parse by phase.
# A claim and its answers are made during play.
CALL_OF: dict[str, int] = {s: i for i, s in enumerate(ACTION_STR) if PASS <= i < CLAIM}
PLAY_OF: dict[str, int] = {s: i for i, s in enumerate(ACTION_STR) if i < PASS or i >= CLAIM}
CONTRACT_OF: dict[str, int] = {s: i for i, s in enumerate(ACTION_STR) if PASS < i <= OMIS}
