"""Scoring a hand (RULES.md 1-4b), shared by played hands and score sheets.

Sides: the variant's teams (NS/EW; six-handed P1P3P5/P2P4P6 or P1P4/P2P5/P3P6),
or each player alone (two, three and five players): scores are keyed by side.

* Contract made (the declaring side takes at least the number bid; misère:
  the declarer takes no trick): the side scores the bid value, no overtricks;
  a slam (all ten tricks) on a contract worth less than ``slam_bonus`` scores
  ``slam_bonus`` instead.
* Failed: the side loses the value (``failed_contract = subtract``) or every
  other side scores it (``to_opponents``; nothing is subtracted).
* Every other side scores ``defenders_per_trick`` per trick it took, made or
  failed, except in misère where the opponents score nothing.
* Five players: the declarer and the holder of his partner card are the
  declaring side; each scores (or loses) the value, or half of it
  (``partner_points``).  Alone, he scores as in the three-handed game.
* Set rule: the declarer is *set* when the defenders take ``12 - level``
  tricks (misère: when the declarer takes 3); scores are unchanged and the
  declarer must pass in the next hand.
* Breach: made, the breaching side loses ``breach_value``; failed short of
  the breach, it loses it too; breach reached, it wins it.  The declaring side
  scores as usual; the defenders score nothing else (no points per trick).
  A failed breacher, or a breached declarer, must pass in the next hand.
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

    ``tricks`` maps side name to tricks taken (in misère the declarer's side
    counts the declarer's own tricks; ``None`` when unknown, e.g. the defenders
    of a misère score sheet); ``score`` maps side name to points; ``made_by``
    holds the sides that made their contract (for "must win by making a
    contract"); ``breach_points`` the part of ``score`` that is a breach's
    (never wins or loses a game by itself); ``must_pass`` the seats that must
    pass in the next hand; ``extra`` the check-output keys of the rules in
    play (``partner``, ``breach``, ``set``, ``must_pass_next``).
    """

    contract: str | None
    declarer: str | None
    made: bool | None
    tricks: dict[str, int | None]
    score: dict[str, int]
    redeal: bool = False
    made_by: tuple[str, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)
    breach_points: dict[str, int] = field(default_factory=dict)
    must_pass: tuple[str, ...] = ()

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
            **self.extra,
        }


def result_from_dict(v: Variant, d: dict[str, Any]) -> HandResult:
    """A HandResult back from its ``to_dict`` (a result as stored): enough for the
    game's end (``game.game_outcome``): the sides that made their contract and the
    breach points come back from ``made``, ``partner`` and ``breach``."""
    if d.get("redeal"):
        return HandResult(None, None, None, {}, dict(d["score"]), True)
    names, seats = v.team_names, v.seats
    extra = {
        k: val
        for k, val in d.items()
        if k not in ("contract", "declarer", "made", "tricks", "score")
    }
    declaring = [names[v.team_of[seats.index(d["declarer"])]]]
    if extra.get("partner"):
        declaring.append(names[v.team_of[seats.index(extra["partner"])]])
    breach = extra.get("breach")
    return HandResult(
        d["contract"],
        d["declarer"],
        d["made"],
        dict(d["tricks"]),
        dict(d["score"]),
        False,
        tuple(declaring) if d["made"] else (),
        extra,
        {breach["side"]: breach["points"]} if breach else {},
    )


def redeal_result(v: Variant) -> HandResult:
    """The result of a hand that was not played (all pass, inkle)."""
    return HandResult(None, None, None, {}, {t: 0 for t in v.team_names}, True)


def breachable(v: Variant, contract: int) -> bool:
    """A breach may be called against misère and contracts of 7 or more."""
    return v.breach and (contract >= MIS or contract >= BID0 + 5)


def defence_target(contract: int) -> int:
    """Tricks that set (or breach) a contract: ``12 - level`` for the defenders;
    in misère, 3 for the declarer."""
    return 3 if contract >= MIS else 12 - ((contract - BID0) // 5 + 6)


def score_hand(
    v: Variant,
    declarer: int,
    contract: int,
    side_tricks: list[int | None],
    partner: int = -1,
    breacher: int = -1,
) -> HandResult:
    """Score a contract given the tricks per side (index order of ``v.teams``).

    ``partner``: the five-handed partner's seat (-1: alone, or no partner
    call); ``breacher``: the seat that called breach (-1: none).
    """
    names = v.team_names
    n_sides = len(names)
    dside = v.team_of[declarer]
    declaring = (dside,) if partner < 0 else (dside, v.team_of[partner])
    if partner >= 0:
        taken = sum(side_tricks[t] for t in declaring)
    else:
        taken = side_tricks[dside]
    value = v.table_value(contract)
    misere = contract >= MIS
    made = taken == 0 if misere else taken >= (contract - BID0) // 5 + 6
    share = value // 2 if partner >= 0 and v.partner_points == "half" else value
    score = [0] * n_sides
    if made:
        won = share
        if not misere and v.slam_bonus and taken == 10 and value < v.slam_bonus:
            won = v.slam_bonus
        for t in declaring:
            score[t] = won
    elif v.failed_contract == "subtract":
        for t in declaring:
            score[t] = -share
    else:
        for t in range(n_sides):
            if t not in declaring:
                score[t] += value
    extra: dict[str, Any] = {}
    breach_points: dict[str, int] = {}
    must_pass: list[int] = []
    if breacher >= 0 or v.set_rule:
        if misere:
            defended = taken >= 3
        else:
            defence = sum(side_tricks[t] or 0 for t in range(n_sides) if t not in declaring)
            defended = defence >= defence_target(contract)
    if breacher >= 0:
        bside = v.team_of[breacher]
        points = (v.breach_value or value) * (1 if defended else -1)
        score[bside] += points
        breach_points[names[bside]] = points
        must_pass.append(declarer if defended else breacher)
        extra["breach"] = {
            "by": v.seats[breacher],
            "side": names[bside],
            "reached": defended,
            "points": points,
        }
    elif not misere:
        per_trick = v.defenders_per_trick
        for t, n in enumerate(side_tricks):
            if n and t not in declaring:
                score[t] += per_trick * n
    if v.calls_partner:
        extra["partner"] = v.seats[partner] if partner >= 0 else None
    if v.breach and breacher < 0:
        extra["breach"] = None
    if v.set_rule:
        extra["set"] = defended
        if defended:
            must_pass.append(declarer)
    if v.set_rule or v.breach:
        extra["must_pass_next"] = [v.seats[i] for i in must_pass]
    return HandResult(
        ACTION_STR[contract],
        v.seats[declarer],
        made,
        dict(zip(names, side_tricks)),
        dict(zip(names, score)),
        False,
        tuple(names[t] for t in declaring) if made else (),
        extra,
        breach_points,
        tuple(v.seats[i] for i in must_pass),
    )


def _sheet_error(message: str, field_name: str, code: str, **params: Any):
    return MalformedError(message, code=code, params=params, field=field_name)


def _is_count(value: Any, top: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= top


def score_sheet_hand(
    variant: str | Variant,
    declarer: str,
    contract: str,
    tricks: int | dict[str, int],
    options: dict[str, Any] | None = None,
    *,
    partner: str | None = None,
    breach: str | None = None,
) -> HandResult:
    """Score a hand played with real cards from declarer, contract and tricks.

    ``tricks``: the number taken by the declaring side (by the declarer alone
    in misère: 0 or 1, since play stops at his first trick; up to 3 with the
    set rule or a breach, which play on to the declarer's third trick), or an
    object of every side's tricks, needed when more than one side defends
    (three players, five, six in 3x2) so each scores its own.
    ``partner``: five players, the partner's seat (None: alone).
    ``breach``: the seat of the defender who called breach (option ``breach``).
    Raises MalformedError naming the field (``declarer``, ``contract``,
    ``tricks``, ``partner``, ``breach``).
    """
    v = get_variant(variant, options)
    seat = v.seat_of(declarer, "declarer")
    action = CONTRACT_OF.get(contract) if isinstance(contract, str) else None
    if action is None or action not in v.rank_of:
        raise _sheet_error(
            f"{contract!r} is not a contract in {v.name}",
            "contract",
            "bad_contract",
            contract=contract,
        )
    if action < MIS and (action - BID0) // 5 + 6 < v.min_bid:
        raise _sheet_error(
            f"{contract} cannot win the auction in {v.name}",
            "contract",
            "bad_contract",
            contract=contract,
        )
    partner_i = -1
    if partner is not None:
        if not v.calls_partner:
            raise _sheet_error(
                "partner is for five players", "partner", "bad_partner", partner=partner
            )
        partner_i = v.seat_of(partner, "partner")
        if partner_i == seat:
            raise _sheet_error(
                f"{partner} is the declarer, not his partner",
                "partner",
                "bad_partner",
                partner=partner,
            )
    breacher = -1
    if breach is not None:
        breacher = v.seat_of(breach, "breach")
        if not breachable(v, action):
            why = "breach is off" if not v.breach else f"{contract} is below 7"
            raise _sheet_error(f"no breach against this hand ({why})", "breach", "bad_breach")
        if v.team_of[breacher] == v.team_of[seat]:
            raise _sheet_error(
                f"{breach} is on the declarer's side: only a defender breaches",
                "breach",
                "bad_breach",
            )
    side_tricks = _sheet_tricks(v, seat, partner_i, action, tricks, breacher >= 0)
    return score_hand(v, seat, action, side_tricks, partner_i, breacher)


def _sheet_tricks(
    v: Variant, seat: int, partner: int, action: int, tricks: Any, breached: bool
) -> list[int | None]:
    """The tricks of every side, from a score sheet's ``tricks``."""
    misere = action >= MIS
    dside = v.team_of[seat]
    declaring = {dside} | ({v.team_of[partner]} if partner >= 0 else set())
    names = v.team_names
    if misere:
        top = 3 if (v.set_rule or breached) else 1
        if not _is_count(tricks, top):
            raise _sheet_error(
                f"tricks must be a whole number from 0 to {top} (a misère stops at "
                f"the declarer's {'third' if top == 3 else 'first'} trick)",
                "tricks",
                "bad_tricks",
                tricks=tricks,
            )
        alone = len(names) == 2  # one defending side: it took the rest
        return [
            tricks if t == dside else (10 if tricks == 0 and alone else None)
            for t in range(len(names))
        ]
    if isinstance(tricks, dict):
        if (
            set(tricks) != set(names)
            or not all(_is_count(n, 10) for n in tricks.values())
            or sum(tricks.values()) != 10
        ):
            raise _sheet_error(
                f"tricks must give every side ({', '.join(names)}) a whole number, ten in all",
                "tricks",
                "bad_tricks",
                tricks=tricks,
            )
        return [tricks[name] for name in names]
    if not _is_count(tricks, 10):
        raise _sheet_error(
            "tricks must be a whole number from 0 to 10",
            "tricks",
            "bad_tricks",
            tricks=tricks,
        )
    if len(names) - len(declaring) > 1:
        example = ", ".join(f'"{name}": 2' for name in names[:3])
        raise _sheet_error(
            f"more than one side defends: tricks must give each side's tricks ({{{example}, ...}})",
            "tricks",
            "bad_tricks",
            tricks=tricks,
        )
    return [tricks if t in declaring else 10 - tricks for t in range(len(names))]
