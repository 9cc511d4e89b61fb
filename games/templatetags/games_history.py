"""The member's page: their online games and figures (``games.history``)."""

from django import template

from games import history

register = template.Library()


@register.inclusion_tag("games/_member_games.html", takes_context=True)
def member_games(context, member):
    request = context.get("request")
    viewer = getattr(request, "user", None)
    return {"history": history.member_games(member, viewer), "member": member}
