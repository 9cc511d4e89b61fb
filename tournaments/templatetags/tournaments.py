"""Template tags: a member's tournaments, upcoming tournaments (home page)."""

from django import template

from games.templatetags.labels import seat_letter as letter
from tournaments import selectors
from tournaments.models import Status, TableGame
from tournaments.selectors import open_call

register = template.Library()


@register.inclusion_tag("tournaments/_member_history.html")
def member_tournaments(member):
    return {"entries": selectors.member_history(member), "member": member}


@register.simple_tag(takes_context=True)
def upcoming_tournaments(context, limit=3):
    return selectors.upcoming(context.get("user"), limit=limit)


@register.filter
def get_item(mapping, key):
    return mapping.get(key) if mapping else None


@register.filter
def seat_letter(position):
    """N/E/S/W in the page's language (Ouest -> O); NS/EW -> NS/EO; a 450 seat P3 -> 3."""
    if position and position.startswith("P"):
        return position[1:]
    return letter(position)


@register.simple_tag(takes_context=True)
def live_table_tournament(context, table):
    """On a tournament's live table: what the "call the director" button needs (the
    tournament, round and table number, the open call), else None."""
    user = context.get("user")
    if user is None or not user.is_authenticated:
        return None
    game = (
        TableGame.objects.filter(live_table_id=table.pk).select_related("round__tournament").first()
    )
    if game is None or game.round.tournament.status != Status.RUNNING:
        return None
    return {
        "tournament": game.round.tournament,
        "round": game.round,
        "table": game.table,
        "call": open_call(game.round, game.table),
    }


@register.filter
def join_names(people):
    """[{"name": ...}, ...] -> "A, B"."""
    return ", ".join(p["name"] for p in people if p)


@register.filter
def bye_names(seats):
    """Bye seats -> "A, B"."""
    return ", ".join(seat.entry.name for seat in seats)
