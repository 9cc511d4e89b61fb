"""Filters that show the engine's codes in the reader's language: seats (N E S O),
sides (NS EO), contracts (7♥, 6 SA, with red suits marked), option values."""

from django import template
from django.utils.html import format_html

from games import option_labels as labels

register = template.Library()


@register.filter
def seat_letter(code):
    """N/E/S/W -> N/E/S/O in French; a pairs side (NS/EW) -> NS/EO."""
    if code in ("NS", "EW"):
        return labels.side_label(code)
    return labels.seat_label(code)


@register.filter
def seat_place(code):
    """A seat's place in words: North, or Seat 2 (as the table client says it)."""
    return labels.seat_place(code)


@register.filter
def seat_player(info):
    """The name of a seat's player (a seat of the state frame): the member's name, a
    bot's name (Bot North, Bot 2) or the seat's place (free), as the client says it."""
    if info.get("is_bot"):
        return labels.bot_name(info["seat"])
    return info.get("name") or labels.seat_place(info["seat"])


@register.filter
def variant(name):
    """A rule variant's title (``games.kinds``) in the reader's language."""
    return labels.variant_label(name)


@register.filter
def side(code):
    return labels.side_label(code)


@register.filter
def contract(code):
    """A contract as HTML: the suit symbol in a span (red for hearts and diamonds)."""
    parts = labels.contract_parts(code or "")
    if parts is None:
        return labels.contract_label(code or "")
    level, strain, shown = parts
    if strain == "NT":
        return format_html('{}&nbsp;<span class="suit suit-nt">{}</span>', level, shown)
    red = " suit-red" if strain in labels.RED_SUITS else ""
    return format_html('{}<span class="suit{}">{}</span>', level, red, shown)


@register.filter
def contract_text(code):
    return labels.contract_label(code or "")


@register.filter
def card_rank(code):
    """A card's rank, as players write it: ``AS`` -> As in French (A in English)."""
    return labels.rank_label(code[:-1])


@register.filter
def suit_symbol(suit):
    return labels.SUIT_SYMBOLS.get(suit, suit)


@register.filter
def suit_name(suit):
    return labels.suit_label(suit)


@register.filter
def joker_name(code):
    return labels.joker_label(code)


@register.filter
def option_value(value, name):
    return labels.option_value_label(name, value)


@register.filter
def option_name(name):
    return labels.option_label(name)
