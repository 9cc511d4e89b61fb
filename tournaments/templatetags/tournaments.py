"""Filters of the tournaments' pages: seats in the page's language, names, a mapping's
item. They only show what the view passed in (no query here)."""

from django import template

from games.templatetags.labels import seat_letter as letter

register = template.Library()


@register.filter
def get_item(mapping, key):
    return mapping.get(key) if mapping else None


@register.filter
def seat_letter(position):
    """N/E/S/W in the page's language (Ouest -> O); NS/EW -> NS/EO; a 450 seat P3 -> 3."""
    if position and position.startswith("P"):
        return position[1:]
    return letter(position)


@register.filter
def join_names(people):
    """[{"name": ...}, ...] -> "A, B"."""
    return ", ".join(p["name"] for p in people if p)


@register.filter
def bye_names(seats):
    """Bye seats -> "A, B"."""
    return ", ".join(seat.entry.name for seat in seats)
