"""Template tags: a member's tournaments, upcoming tournaments (home page)."""

from django import template

from tournaments import selectors

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
    """N/E/S/W in the page's language (Ouest -> O); NS/EW left as sides."""
    from tournaments.models import Position

    if position in ("N", "E", "S", "W"):
        return str(Position(position).label)[:1]
    return position
