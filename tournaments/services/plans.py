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
from tournaments.models import Entry, SeatingPlan, Tournament
from tournaments.services.seating_rows import (
    constraints_for,
    history_for,
    present_players,
    round_to_seating,
)

#: Changes kept on a plan (the oldest are dropped).
KEEP_CHANGES = 20
#: Changes made by editing a round (the rounds after it are planned again).
EDITS = ("swap", "bye_move", "preview")


def figures(report: seating.Report) -> dict[str, int]:
    return {
        "partner": report.partner_repeat_count,
        "opponent": report.opponent_repeat_count,
        "bye_spread": report.bye_spread,
        "side_spread": report.side_spread,
        "seat_spread": report.seat_spread,
        "dealer_spread": report.dealer_spread,
    }


def plan_of(tournament: Tournament, *, lock: bool = False) -> SeatingPlan | None:
    rows = SeatingPlan.objects.filter(tournament=tournament)
    if lock:
        rows = rows.select_for_update()
    return rows.first()


def _dicts(rounds) -> list[dict]:
    return [seating.types.as_round(r).to_dict() for r in rounds]


def _names(ids) -> dict[int, str]:
    entries = Entry.objects.filter(pk__in=list(ids)).select_related("player", "partner")
    return {e.pk: e.name for e in entries}


def _people(ids, names: dict) -> list[dict]:
    return [{"id": i, "name": names.get(i, "?")} for i in sorted(ids)]


def field_reasons(
    plan: SeatingPlan,
    players: list[int],
    history: list[seating.Round],
    constraints: seating.Constraints,
    tournament: Tournament,
) -> list[dict]:
    """Why the plan no longer fits: who arrived, left after playing, never came to a
    table (a no-show), or came in as a substitute; or a rule the plan would break."""
    before, now = set(plan.players), set(players)
    played = set()
    subs = []
    for k, actual in enumerate(history):
        seen = set(actual.players())
        played |= {p for t in actual.tables for p in t.values()}  # at a table, not a bye
        if k < len(plan.rounds):
            planned = set(seating.types.as_round(plan.rounds[k]).players())
            ins, outs = seen - planned, planned - seen
            if ins or outs:
                subs.append((k + 1, ins, outs))
    names = _names(before ^ now | {p for _, i, o in subs for p in i | o})
    reasons: list[dict] = []
    for number, ins, outs in subs:
        reasons.append(
            {
                "kind": "substitute",
                "round": number,
                "in": _people(ins, names),
                "out": _people(outs, names),
            }
        )
    substituted = {p for _, ins, _ in subs for p in ins}
    late = [p for p in now - before if p not in substituted]
    gone = before - now
    if late:
        reasons.append({"kind": "late_arrival", "entries": _people(late, names)})
    left = [p for p in gone if p in played]
    if left:
        reasons.append({"kind": "withdrawal", "entries": _people(left, names)})
    never = [p for p in gone if p not in played]
    if never:
        reasons.append({"kind": "no_show", "entries": _people(never, names)})
    if len(plan.rounds) != tournament.rounds_total:
        reasons.append(
            {"kind": "games", "before": len(plan.rounds), "after": tournament.rounds_total}
        )
    if not reasons:
        everything = list(history) + [
            seating.types.as_round(r) for r in plan.rounds[len(history) :]
        ]
        if seating.evaluate(everything, constraints=constraints, fmt=tournament.format).violations:
            reasons.append({"kind": "rules"})
        else:
            reasons.append({"kind": "edited"})
    return reasons


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
    plan = plan_of(tournament, lock=True)
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
    plan = plan_of(tournament, lock=True)
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
    names = _names({a, b})
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


def pending_changes(tournament: Tournament, number: int) -> list[dict]:
    """Why drawing round ``number`` will plan the rest again (empty when the plan still
    fits): the field changed since the plan was made."""
    plan = plan_of(tournament)
    if plan is None or number == 1:
        return []
    players = present_players(tournament)
    history = history_for(tournament, number)
    hint = [seating.types.as_round(r) for r in plan.rounds[number - 1 :]]
    constraints = constraints_for(tournament)
    if seating.hint_fits(
        hint,
        players,
        tournament.rounds_total - number + 1,
        history=seating.History(history),
        constraints=constraints,
        fmt=tournament.format,
    ):
        return []
    return field_reasons(plan, players, history, constraints, tournament)
