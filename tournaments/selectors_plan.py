"""What the director reads about the seating plan: the figures of a round and of the
whole tournament against the best known for its size, and why the plan changed."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments.models import Round, Tournament
from tournaments.services.plans import EDITS, pending_changes, plan_of

#: Plan changes shown on a round page (newest first).
SHOWN_CHANGES = 3


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
