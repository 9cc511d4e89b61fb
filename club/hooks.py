"""A thin registry of what other apps add to the club's own pages (no imports of them).

``on_page(name, callback)`` registers ``callback(request, **values) -> dict``; a club
view calls ``page_context(name, request, **values)`` and renders the union of the dicts
with its own context. The games and tournaments apps register theirs in their
``AppConfig.ready``: the home page's upcoming tournaments ("home"), a member's
tournaments and online games ("member", with ``member``). The data is read here, by
the view, so the templates' tags only show it.

``on_merge_check(callback)`` registers what an app says against merging two accounts
now (a live table, two entries in one tournament); ``merge_obstacles`` collects it.
"""

from __future__ import annotations

from typing import Callable

_pages: dict[str, list[Callable]] = {}


def on_page(name: str, callback: Callable) -> Callable:
    known = _pages.setdefault(name, [])
    if all(callback is not other for other in known):
        known.append(callback)
    return callback


def page_context(name: str, request, **values) -> dict:
    out: dict = {}
    for callback in list(_pages.get(name, ())):
        out.update(callback(request, **values))
    return out


_merge_checks: list[Callable] = []


def on_merge_check(callback: Callable) -> Callable:
    """Register ``callback(duplicate, into) -> list of reasons`` (translated sentences)
    why two members' accounts cannot be merged now (``club.office.member_merge``)."""
    if all(callback is not other for other in _merge_checks):
        _merge_checks.append(callback)
    return callback


def merge_obstacles(duplicate, into) -> list[str]:
    """Every registered app's reasons not to merge ``duplicate`` into ``into`` now."""
    return [reason for check in list(_merge_checks) for reason in check(duplicate, into)]
