"""450 words on pages: ``{{ "JH"|card450 }}`` (V♥ in French), ``{{ "paire"|hand450 }}``,
``{{ "P3"|seat450 }}`` (3)."""

from django import template
from django.utils.html import format_html

from tournaments.kinds.four_fifty import labels as labels450

register = template.Library()


@register.filter
def card450(code):
    """A card as HTML, red suits marked (the same classes as 500's contracts)."""
    if not code:
        return ""
    red = " suit-red" if code[-1] in labels450.RED else ""
    label = labels450.card_label(code)
    return format_html('<span class="c450{}">{}</span>', red, label)


@register.filter
def hand450(kind):
    return labels450.hand_label(kind) if kind else ""


@register.filter
def seat450(position):
    return labels450.seat_number(position)
