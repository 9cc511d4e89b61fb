"""A thin registry of what other apps add to the club's own pages (no imports of them).

``on_page(name, callback)`` registers ``callback(request, **values) -> dict``; a club
view calls ``page_context(name, request, **values)`` and renders the union of the dicts
with its own context. The games and tournaments apps register theirs in their
``AppConfig.ready``: the home page's upcoming tournaments ("home"), a member's
tournaments and online games ("member", with ``member``). The data is read here, by
the view, so the templates' tags only show it.
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
