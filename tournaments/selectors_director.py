"""What a director is offered where they stand: the status actions as verbs, each
destructive one with its confirmation naming the consequence, and the next step."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments import status as machine
from tournaments.models import EntryStatus, Round, RoundStatus, Tournament


@dataclass(frozen=True)
class StatusAction:
    target: str
    label: str
    confirm: str = ""
    confirm_ok: str = ""
    style: str = ""  # "", "secondary" or "danger"
    needs_reason: bool = False
    primary: bool = False


def _verb(current: str, target: str) -> str:
    if target == machine.CANCELLED:
        return _("Cancel the tournament")
    if target == machine.RUNNING:
        return (
            _("Reopen the tournament") if current == machine.FINISHED else _("Start the tournament")
        )
    return {
        (machine.DRAFT, machine.REGISTRATION_OPEN): _("Open registration"),
        (machine.REGISTRATION_OPEN, machine.DRAFT): _("Back to draft"),
        (machine.REGISTRATION_OPEN, machine.REGISTRATION_CLOSED): _("Close registration"),
        (machine.REGISTRATION_CLOSED, machine.REGISTRATION_OPEN): _("Reopen registration"),
        (machine.RUNNING, machine.FINISHED): _("Finish the tournament"),
    }.get((current, target), target)


def _primary_target(tournament: Tournament) -> str | None:
    """The usual next status: open registration, then start on the day."""
    status = tournament.status
    if status == machine.DRAFT:
        return machine.REGISTRATION_OPEN
    if status == machine.REGISTRATION_CLOSED:
        return machine.RUNNING
    if status == machine.REGISTRATION_OPEN:
        today = timezone.localdate(tournament.starts_at) <= timezone.localdate()
        return machine.RUNNING if today else machine.REGISTRATION_CLOSED
    if status == machine.RUNNING:
        rounds = Round.objects.filter(tournament=tournament).aggregate(
            drawn=Count("id", filter=~Q(status=RoundStatus.DRAFT)),
            closed=Count("id", filter=Q(play__closed_at__isnull=False)),
        )
        if (
            rounds["drawn"] >= tournament.rounds_total
            and rounds["closed"] >= tournament.rounds_total
        ):
            return machine.FINISHED
    return None


def status_actions(tournament: Tournament) -> list[StatusAction]:
    """The statuses the tournament may move to, as buttons (primary first)."""
    current = tournament.status
    primary = _primary_target(tournament)
    registered = tournament.entries.filter(
        status__in=[EntryStatus.CONFIRMED, EntryStatus.WAITING, EntryStatus.PENDING]
    ).count()
    out = []
    for target in machine.next_statuses(current):
        label = _verb(current, target)
        confirm, style, reason = "", "secondary", False
        if target == machine.CANCELLED:
            style = "danger"
            confirm = ngettext(
                "Cancel %(name)s for good? Its %(n)s registration is cancelled with it "
                "and the tournament cannot be reopened.",
                "Cancel %(name)s for good? Its %(n)s registrations are cancelled with it "
                "and the tournament cannot be reopened.",
                registered,
            ) % {"name": tournament.name, "n": registered}
        elif target == machine.DRAFT:
            confirm = _(
                "Back to draft: members no longer see %(name)s in the calendar "
                "and cannot register. Registrations already made are kept."
            ) % {"name": tournament.name}
        elif target == machine.RUNNING and current == machine.FINISHED:
            reason = True
            confirm = _(
                "Reopen %(name)s? Its results are no longer final (medals "
                "included) until you finish it again."
            ) % {"name": tournament.name}
        elif target == machine.RUNNING:
            confirm = _(
                "Start %(name)s? Registration closes, and the rules and the format "
                "can no longer change."
            ) % {"name": tournament.name}
        elif target == machine.FINISHED:
            confirm = _(
                "Finish %(name)s? Rounds still playing are closed, the results "
                "become final and the medals are awarded. Changing a result "
                "afterwards needs the tournament reopened, with a reason."
            ) % {"name": tournament.name}
        if target == primary:
            style = ""
        out.append(
            StatusAction(
                target=target,
                label=label,
                confirm=confirm,
                confirm_ok=label if confirm else "",
                style=style,
                needs_reason=reason,
                primary=target == primary,
            )
        )
    out.sort(key=lambda a: (not a.primary, a.style == "danger"))
    return out


def director_steps(tournament: Tournament) -> dict:
    """The director's box on the tournament page: status actions and the day's links."""
    rounds = list(
        Round.objects.filter(tournament=tournament)
        .order_by("number")
        .values_list("number", "status")
    )
    draft = next((n for n, status in rounds if status == RoundStatus.DRAFT), None)
    published = next((n for n, status in rounds if status == RoundStatus.PUBLISHED), None)
    next_round = None
    if draft is None and published is None:
        next_round = max((n for n, _s in rounds), default=0) + 1
        if next_round > tournament.rounds_total:
            next_round = None
    return {
        "actions": status_actions(tournament),
        "draft_round": draft,
        "published_round": published,
        "next_round": next_round,
        "rounds_drawn": len(rounds),
    }
