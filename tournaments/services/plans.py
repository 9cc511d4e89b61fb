"""The tournament's seating plan: drawn whole at round 1, followed round after round,
planned again when the field or a draw changes, and explained to the director.

* ``plan_draw`` (called by ``round_draw``): round 1 relabels a library movement with the
  seed (``tournaments.seating.plan``); round r follows the plan while it fits the present
  field; when it no longer does (a late arrival, a withdrawal, a no-show, a substitute,
  a new rule) the remaining rounds are planned again from the history, and a *change*
  records why and what it did to the figures.
* ``plan_after_edit`` (called by a swap or a bye move): the rounds after the edited one
  are planned again around it; the change shows the effect on the whole tournament.
* ``edit_preview``: the same effect, computed without writing anything.

A change is ``{"kind", "round", "last", "reasons", "players", "byes", "before",
"after", "moved", "moved_total", "at"}``: ``reasons`` lists
``{"kind": "late_arrival" | "withdrawal" | "no_show" | "substitute" | "rules" |
"swap" | "bye_move" | "redraw", ...names}``; ``before`` / ``after`` are the whole
tournament's figures; ``moved`` counts the players of the field whose table-mates changed
in the first re-planned round, ``moved_total`` in any round from the one changed.
"""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from tournaments import seating
from tournaments.models import SeatingPlan, Tournament
from tournaments.selectors_plan import EDITS, entry_names, field_reasons, plan_of
from tournaments.selectors_seating import (
    constraints_for,
    history_for,
    present_players,
    round_to_seating,
)

#: Changes kept on a plan (the oldest are dropped).
KEEP_CHANGES = 20


def figures(report: seating.Report) -> dict[str, int]:
    return {
        "partner": report.partner_repeat_count,
        "opponent": report.opponent_repeat_count,
        "bye_spread": report.bye_spread,
        "side_spread": report.side_spread,
        "seat_spread": report.seat_spread,
        "dealer_spread": report.dealer_spread,
    }


def _locked_plan(tournament: Tournament) -> SeatingPlan | None:
    """The tournament's plan, locked for the service about to change it."""
    return SeatingPlan.objects.select_for_update().filter(tournament=tournament).first()


def _dicts(rounds) -> list[dict]:
    return [seating.types.as_round(r).to_dict() for r in rounds]


def _change(
    kind: str,
    number: int,
    tournament: Tournament,
    reasons: list[dict],
    before: dict,
    after: dict,
    old_rounds: list,
    new_rounds: list,
    players: list[int],
) -> dict:
    field = set(players)
    moved = [
        [p for p in r if p in field]
        for r in seating.moved(old_rounds[number - 1 :], new_rounds[number - 1 :])
    ]
    group = 2 if tournament.is_pairs else 4
    first = 1 if kind in EDITS else 0  # an edit re-plans the rounds after the edited one
    return {
        "kind": kind,
        "round": number,
        "last": tournament.rounds_total,
        "reasons": reasons,
        "players": len(players),
        "byes": len(players) % group,
        "before": before,
        "after": after,
        "moved": len(moved[first]) if len(moved) > first else 0,
        "moved_total": len({p for r in moved for p in r}),
        "at": timezone.now().isoformat(),
    }


def _store(plan: SeatingPlan, change: dict | None) -> None:
    if change is not None:
        plan.changes = (list(plan.changes or []) + [change])[-KEEP_CHANGES:]
    plan.save()


def plan_draw(
    *, tournament: Tournament, number: int, players: list[int], seed: int, redraw: bool
) -> tuple[seating.RoundDraw, SeatingPlan, dict | None]:
    """Draw round ``number`` from the plan (planning it first when there is none, or
    when the director draws again). Returns (draw, plan row saved, change or None)."""
    plan = _locked_plan(tournament)
    history = history_for(tournament, number)
    constraints = constraints_for(tournament)
    follow = plan is not None and not redraw
    if follow:
        seed = plan.seed
    draw = seating.draw_round(
        players,
        history,
        fmt=tournament.format,
        seed=seed,
        constraints=constraints,
        rounds_total=tournament.rounds_total,
        round_number=number,
        plan_hint=plan.rounds[number - 1 :] if follow else None,
    )
    new_rounds = _dicts(history) + _dicts([draw.as_round(), *draw.plan])
    after = figures(draw.planned)
    change = None
    if plan is None:
        plan = SeatingPlan(tournament=tournament, seed=seed, source=draw.source)
    elif redraw or draw.source != "plan":
        reasons = (
            [{"kind": "redraw"}]
            if redraw
            else field_reasons(plan, players, history, constraints, tournament)
        )
        change = _change(
            "redraw" if redraw else "replan",
            number,
            tournament,
            reasons,
            dict(plan.figures or {}),
            after,
            list(plan.rounds),
            new_rounds,
            players,
        )
    if draw.source != "plan":
        plan.source, plan.seed = draw.source, seed
        plan.best_known, plan.bound = draw.best_known, draw.bound or 0
    plan.rounds, plan.players, plan.figures = new_rounds, sorted(players), after
    _store(plan, change)
    return draw, plan, change


def _replan_around(
    tournament: Tournament, plan: SeatingPlan, number: int, edited: seating.Round
) -> tuple[list[dict], dict, list[int]]:
    """Rounds 1..number as played or edited, then the rest planned again around them.
    Returns (every round, whole figures, the field of the rest)."""
    history = history_for(tournament, number) + [edited]
    players = present_players(tournament)
    fmt = tournament.format
    constraints = constraints_for(tournament)
    if number < tournament.rounds_total and len(players) >= (2 if tournament.is_pairs else 4):
        try:
            planned = seating.plan_rounds(
                players,
                history,
                rounds_total=tournament.rounds_total,
                fmt=fmt,
                seed=plan.seed,
                constraints=constraints,
                previous=plan.rounds[number:],
                round_number=number + 1,
            )
        except seating.SeatingError:
            rest = [seating.types.as_round(r) for r in plan.rounds[number:]]
            report = seating.evaluate(history + rest, constraints=constraints, fmt=fmt)
            return _dicts(history + rest), figures(report), players
        return _dicts(history + list(planned.rounds)), figures(planned.report), players
    report = seating.evaluate(history, constraints=constraints, fmt=fmt)
    return _dicts(history), figures(report), players


def plan_after_edit(*, rnd, reason: dict) -> dict | None:
    """After a swap or a bye move in round ``rnd``: plan the later rounds again around
    the edited round, save, and return the change (None without a plan)."""
    tournament = rnd.tournament
    plan = _locked_plan(tournament)
    if plan is None:
        return None
    edited = round_to_seating(rnd.seats.all())
    new_rounds, after, players = _replan_around(tournament, plan, rnd.number, edited)
    change = _change(
        reason["kind"],
        rnd.number,
        tournament,
        [reason],
        dict(plan.figures or {}),
        after,
        list(plan.rounds),
        new_rounds,
        players,
    )
    plan.rounds, plan.figures = new_rounds, after
    if rnd.number < tournament.rounds_total:
        plan.players = players
    _store(plan, change)
    return change


def swapped(rnd: seating.Round, a: Any, b: Any) -> seating.Round:
    """Round ``rnd`` with entries a and b trading places (seats or byes)."""

    def put(p):
        return b if p == a else a if p == b else p

    return seating.Round(
        [{s: put(p) for s, p in t.items()} for t in rnd.tables], [put(p) for p in rnd.byes]
    )


def edit_preview(*, rnd, a: int, b: int) -> dict | None:
    """What swapping a and b in round ``rnd`` would do to the whole plan (no write)."""
    tournament = rnd.tournament
    plan = plan_of(tournament)
    if plan is None:
        return None
    names = entry_names({a, b})
    edited = swapped(round_to_seating(rnd.seats.all()), a, b)
    new_rounds, after, players = _replan_around(tournament, plan, rnd.number, edited)
    reason = {"kind": "swap", "a": names.get(a, "?"), "b": names.get(b, "?")}
    return _change(
        "preview",
        rnd.number,
        tournament,
        [reason],
        dict(plan.figures or {}),
        after,
        list(plan.rounds),
        new_rounds,
        players,
    )
