"""Scoring a hand (RULES.md 1-4), shared by played hands and score sheets.

* Contract made (the declarer's side takes at least the number bid; misère:
  the declarer takes no trick): the side scores the bid value, no overtricks;
  a slam (all ten tricks) on a contract worth less than ``slam_bonus`` scores
  ``slam_bonus`` instead.
* Failed: the side loses the value (``failed_contract = subtract``) or the
  other side(s) score it (``to_opponents``; nothing is subtracted).
* The other side scores ``defenders_per_trick`` per trick, made or failed,
  except in misère where the opponents score nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .actions import ACTION_STR, BID0, CONTRACT_OF, MIS
from .errors import MalformedError
from .variants import Variant, get_variant


@dataclass
class HandResult:
    """The outcome of one hand.

    ``tricks`` maps team name to tricks taken (in misère the declarer's side
    counts the declarer's own tricks; ``None`` when unknown, e.g. the defenders
    of a misère score sheet); ``score`` maps team name to points; ``made_by`` is
    the team that made its contract (for "must win by making a contract").
    """

    contract: str | None
    declarer: str | None
    made: bool | None
    tricks: dict[str, int | None]
    score: dict[str, int]
    redeal: bool = False
    made_by: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """The check-CLI shape (keys in HAND-RECORD.md order)."""
        if self.redeal:
            return {"redeal": True, "score": dict(self.score)}
        return {
            "contract": self.contract,
            "declarer": self.declarer,
            "made": self.made,
            "tricks": dict(self.tricks),
            "score": dict(self.score),
        }


def redeal_result(v: Variant) -> HandResult:
    """The result of a hand that was not played (all pass, inkle)."""
    return HandResult(None, None, None, {}, {t: 0 for t in v.team_names}, True)


def score_hand(
    v: Variant, declarer: int, contract: int, team_tricks: list[int | None]
) -> HandResult:
    """Score a contract given the tricks per team (index order of ``v.teams``)."""
    dteam = v.team_of[declarer]
    taken = team_tricks[dteam]
    value = v.table_value(contract)
    misere = contract >= MIS
    if misere:
        made = taken == 0
    else:
        made = taken >= (contract - BID0) // 5 + 6
    score = [0] * len(v.teams)
    if made:
        won = value
        if not misere and v.slam_bonus and taken == 10 and value < v.slam_bonus:
            won = v.slam_bonus
        score[dteam] = won
    elif v.failed_contract == "subtract":
        score[dteam] = -value
    else:
        for t in range(len(v.teams)):
            if t != dteam:
                score[t] += value
    if not misere:
        for t, n in enumerate(team_tricks):
            if t != dteam and n:
                score[t] += v.defenders_per_trick * n
    names = v.team_names
    return HandResult(
        ACTION_STR[contract],
        v.seats[declarer],
        made,
        {names[t]: team_tricks[t] for t in range(len(names))},
        {names[t]: score[t] for t in range(len(names))},
        False,
        names[dteam] if made else None,
    )


def score_sheet_hand(
    variant: str | Variant,
    declarer: str,
    contract: str,
    tricks: int,
    options: dict[str, Any] | None = None,
) -> HandResult:
    """Score a hand played with real cards from declarer, contract and tricks.

    ``tricks`` is taken by the declarer's side (by the declarer alone in
    misère, where it must be 0 or 1 since play stops at his first trick).
    Raises MalformedError naming the field (``declarer``, ``contract``,
    ``tricks``).
    """
    v = get_variant(variant, options)
    if not isinstance(declarer, str) or declarer not in v.seat_index:
        raise MalformedError(
            f"unknown seat {declarer!r} (seats: {' '.join(v.seats)})",
            code="unknown_seat",
            params={"seat": declarer},
            field="declarer",
        )
    action = CONTRACT_OF.get(contract) if isinstance(contract, str) else None
    if action is None or action not in v.rank_of:
        raise MalformedError(
            f"{contract!r} is not a contract in {v.name}",
            code="bad_contract",
            params={"contract": contract},
            field="contract",
        )
    if action < MIS and (action - BID0) // 5 + 6 < v.min_bid:
        raise MalformedError(
            f"{contract} cannot win the auction in {v.name}",
            code="bad_contract",
            params={"contract": contract},
            field="contract",
        )
    misere = action >= MIS
    top = 1 if misere else 10
    if (
        isinstance(tricks, bool)
        or not isinstance(tricks, int)
        or not 0 <= tricks <= top
    ):
        raise MalformedError(
            f"tricks must be a whole number from 0 to {top}"
            + (" (a misère stops at the declarer's first trick)" if misere else ""),
            code="bad_tricks",
            params={"tricks": tricks},
            field="tricks",
        )
    seat = v.seat_index[declarer]
    dteam = v.team_of[seat]
    team_tricks: list[int | None] = []
    for t in range(len(v.teams)):
        if t == dteam:
            team_tricks.append(tricks)
        elif misere:
            team_tricks.append(10 if tricks == 0 else None)
        else:
            team_tricks.append(10 - tricks)
    return score_hand(v, seat, action, team_tricks)
