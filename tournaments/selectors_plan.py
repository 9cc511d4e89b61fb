"""What the director reads about the seating plan: the figures of a round and of the
whole tournament against the best known for its size, and why the plan changed."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments import seating
from tournaments.models import Entry, Round, SeatingPlan, Tournament
from tournaments.selectors_seating import constraints_for, history_for, present_players

#: Plan changes shown on a round page (newest first).
SHOWN_CHANGES = 3
#: Changes made by editing a round (the rounds after it are planned again).
EDITS = ("swap", "bye_move", "preview")


def plan_of(tournament: Tournament) -> SeatingPlan | None:
    return SeatingPlan.objects.filter(tournament=tournament).first()


def entry_names(ids) -> dict[int, str]:
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
    names = entry_names(before ^ now | {p for _, i, o in subs for p in i | o})
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


def _source_label(source: str) -> str:
    return {
        "library": _("a precomputed movement (relabelled with the draw number)"),
        "round_robin": _("a round robin (relabelled with the draw number)"),
        "search": _("a search over the remaining rounds"),
    }.get(source, source)


def describe(change: dict) -> dict:
    """A change with what its template needs: the re-planned rounds (``first`` to
    ``last``, none when ``first`` > ``last``), the names joined, the figures' moves."""
    edit = change.get("kind") in EDITS
    first = change.get("round", 1) + (1 if edit else 0)
    before, after = change.get("before") or {}, change.get("after") or {}
    reasons = []
    for r in change.get("reasons", []):
        r = dict(r)
        for key in ("entries", "in", "out"):
            if key in r:
                r[key + "_names"] = ", ".join(p["name"] for p in r[key])
        reasons.append(r)
    return {
        **change,
        "reasons": reasons,
        "first": first,
        "replanned": first <= change.get("last", 0),
        "edit": edit,
        "opp_before": before.get("opponent"),
        "opp_after": after.get("opponent"),
        "partner_before": before.get("partner"),
        "partner_after": after.get("partner"),
    }


def plan_panel(rnd: Round) -> dict | None:
    """The plan box of a round page: this round's repeats, the whole tournament's as
    planned, the best known for the cell, the latest changes (None without a plan)."""
    tournament = rnd.tournament
    plan = plan_of(tournament)
    if plan is None:
        return None
    report = rnd.report or {}
    changes = [c for c in reversed(plan.changes or []) if c.get("kind") != "preview"]
    last_edit = next(
        (
            c
            for c in changes
            if c.get("round") == rnd.number and c.get("kind") in ("swap", "bye_move")
        ),
        None,
    )
    return {
        "round_partner": report.get("partner_repeat_count", 0),
        "round_opponent": report.get("opponent_repeat_count", 0),
        "players": len(plan.players),
        "games": tournament.rounds_total,
        "figures": plan.figures or {},
        "best_known": plan.best_known,
        "bound": plan.bound,
        "source": _source_label(plan.source),
        "changes": [describe(c) for c in changes if c is not last_edit][:SHOWN_CHANGES],
        "last_edit": describe(last_edit) if last_edit else None,
    }


def next_draw_notice(tournament: Tournament, number: int) -> dict | None:
    """Why drawing round ``number`` will plan the remaining rounds again (None: the
    plan still fits)."""
    reasons = pending_changes(tournament, number)
    if not reasons:
        return None
    return describe(
        {"kind": "pending", "round": number, "last": tournament.rounds_total, "reasons": reasons}
    )
