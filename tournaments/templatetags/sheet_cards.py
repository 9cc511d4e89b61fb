"""The filters each game kind's tournament pages use (its cards, hands and seats in the
reader's language): every registered ``TournamentKind.template_filters``. Only what the
view passed in is shown (no query here)."""

from django import template

from tournaments.kinds.registry import TOURNAMENT_KINDS

register = template.Library()

for _part in TOURNAMENT_KINDS.values():
    for _name, _function in _part.template_filters.items():
        register.filter(_name, _function)
