"""Template tags for results: a player's sign-off code, a member's place and total."""

from django import template

from tournaments.models import Status
from tournaments.selectors_results import compute, my_pin

register = template.Library()


@register.simple_tag(takes_context=True)
def signoff_pin(context, tournament):
    user = context.get("user")
    return my_pin(tournament, user) if user is not None else None


@register.simple_tag
def entry_result(entry):
    """{"place", "total", "medal", "shared", "games"} of an entry, or None."""
    if entry.tournament.status not in (Status.RUNNING, Status.FINISHED):
        return None
    try:
        line = compute(entry.tournament).line(entry.pk)
    except KeyError:
        return None
    if not line.played:
        return None
    return {
        "place": line.place,
        "total": line.total,
        "medal": line.medal,
        "shared": line.shared,
        "games": line.games,
    }
