"""draw_round() and schedule(): the public entry points of the seating draw.

A draw plans the whole tournament (``plan.plan_rounds``) and publishes its first round;
the rest travels in ``RoundDraw.plan``. Passed back as ``plan_hint``, that plan is
followed as long as it still fits (same players, no rule broken); when the field changed
(a late arrival, a withdrawal, a no-show, a substitute), the remaining rounds are planned
again from the history, and ``RoundDraw.replanned`` says so.
"""

from __future__ import annotations

from typing import Any, Sequence

from .field import check_players
from .plan import Plan, plan_rounds
from .report import evaluate
from .types import (
    INDIVIDUAL,
    PAIRS,
    SEATS,
    SIDES,
    Constraints,
    History,
    PlayerId,
    Round,
    RoundDraw,
    SeatingError,
    as_round,
)


def hint_fits(
    hint: Sequence[Round],
    players: Sequence[PlayerId],
    rounds_left: int,
    *,
    history: History,
    constraints: Constraints,
    fmt: str,
) -> bool:
    """Can a previous plan be followed as it is? Every round seats exactly the present
    players, at full tables, with every director rule kept."""
    if len(hint) != rounds_left or not hint:
        return False
    want = sorted(players, key=repr)
    seats = set(SIDES if fmt == PAIRS else SEATS)
    for rnd in hint:
        if sorted(rnd.players(), key=repr) != want:
            return False
        if any(set(t) != seats for t in rnd.tables):
            return False
    fixed = {p: (seat, table) for p, seat, table in constraints.fixed_seats}
    for rnd in hint:
        for n, t in enumerate(rnd.tables, start=1):
            for seat, p in t.items():
                if p in fixed and (fixed[p][0] != seat or fixed[p][1] not in (None, n)):
                    return False
    rep = evaluate(list(history.rounds) + list(hint), constraints=constraints, fmt=fmt)
    return not rep.violations and not rep.problems


def draw_round(
    players: Sequence[PlayerId],
    history: History | Sequence[Any] | None = None,
    *,
    fmt: str = INDIVIDUAL,
    seed: int = 0,
    constraints: Constraints | None = None,
    rounds_total: int | None = None,
    round_number: int | None = None,
    plan_hint: Sequence[Any] | None = None,
    effort: float = 1.0,
) -> RoundDraw:
    """Draw the next round for the ``players`` present.

    ``history``: the rounds actually played (may name withdrawn players; late arrivals
    simply have none). With ``rounds_total`` the remaining rounds are planned together
    and only the first is returned (the rest is in ``RoundDraw.plan``). ``plan_hint`` (a
    previous ``RoundDraw.plan``) is followed when it still fits the field, else it seeds
    the new plan. Sit-outs go to the players with the fewest sit-outs so far, where a
    round a present player was absent from counts as a sit-out (so a late arrival is not
    sent to sit out at once). Raises ``SeatingError``.
    """
    if not isinstance(history, History):
        history = History(history or ())
    constraints = constraints or Constraints()
    check_players(players, fmt)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SeatingError("bad_seed", "The seed must be an integer.")
    played = len(history.rounds)
    if round_number is None:
        round_number = played + 1
    if rounds_total is not None and rounds_total < 1:
        raise SeatingError("bad_rounds", "The number of rounds must be at least 1.")
    total = max(rounds_total or round_number, round_number)
    hint = [as_round(h) for h in (plan_hint or ())]
    planned: Plan | None = None
    if hint and hint_fits(
        hint, players, total - round_number + 1, history=history, constraints=constraints, fmt=fmt
    ):
        rounds = hint
    else:
        planned = plan_rounds(
            players,
            history,
            rounds_total=total,
            fmt=fmt,
            seed=seed,
            constraints=constraints,
            previous=hint,
            round_number=round_number,
            effort=effort,
        )
        rounds = list(planned.rounds)
    return make_draw(
        rounds,
        history,
        fmt=fmt,
        seed=seed,
        constraints=constraints,
        round_number=round_number,
        planned=planned,
        replanned=bool(hint) and planned is not None,
    )


def make_draw(
    rounds: Sequence[Round],
    history: History,
    *,
    fmt: str,
    seed: int,
    constraints: Constraints,
    round_number: int,
    planned: Plan | None,
    replanned: bool,
) -> RoundDraw:
    """A RoundDraw for ``rounds[0]``, the rest as its plan, with the reports."""
    this = rounds[0]
    played = list(history.rounds) + [this]
    k = len(played)
    if planned is not None:
        whole, source, best, bound = (
            planned.report,
            planned.source,
            planned.best_known,
            planned.bound,
        )
    else:
        whole = evaluate(played + list(rounds[1:]), constraints=constraints, fmt=fmt)
        source, best, bound = "plan", None, None
    return RoundDraw(
        tables=this.tables,
        byes=this.byes,
        report=evaluate(played, constraints=constraints, fmt=fmt, only_round=k),
        format=fmt,
        round_number=round_number,
        seed=seed,
        plan=tuple(rounds[1:]),
        tournament=evaluate(played, constraints=constraints, fmt=fmt),
        planned=whole,
        source=source,
        best_known=best,
        bound=bound,
        replanned=replanned,
    )


def schedule(
    n_players: int, rounds: int, *, pairs: bool = False, seed: int = 0, effort: float = 1.0
) -> list[RoundDraw]:
    """The planned schedule for players (or pairs) numbered 1..n_players: planned whole
    at round 1, each round as a RoundDraw (its report over the rounds before it)."""
    if isinstance(n_players, bool) or not isinstance(n_players, int):
        raise SeatingError("bad_players", "The number of players must be an integer.")
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1:
        raise SeatingError("bad_rounds", "The number of rounds must be an integer, at least 1.")
    fmt = PAIRS if pairs else INDIVIDUAL
    players = list(range(1, n_players + 1))
    planned = plan_rounds(players, [], rounds_total=rounds, fmt=fmt, seed=seed, effort=effort)
    out: list[RoundDraw] = []
    plan = list(planned.rounds)
    for r in range(rounds):
        out.append(
            make_draw(
                plan[r:],
                History(plan[:r]),
                fmt=fmt,
                seed=seed,
                constraints=Constraints(),
                round_number=r + 1,
                planned=planned if r == 0 else None,
                replanned=False,
            )
        )
    return out
