"""A thin registry of callbacks other apps attach to live tables (no imports of them).

``on_hand_finished(callback, watches=...)`` registers ``callback(table_id, hand_row)``;
the move pipeline calls every callback when a hand at a table is done, inside the
transaction that writes the move (``games.live.writers``; the table row is locked), so
a callback's writes commit or roll back with the hand. A callback must be quick and must not touch
the table's
own rows. The tournaments app registers one in its ``AppConfig.ready`` (results of
online rounds).

``watches(table_id)`` says whether the callback cares about a table at all (it may
query; it is asked once, when a table's state is built from the database). A table no
callback watches ends its hands on the event loop's own connection like its other
moves (``games.live.loopdb``); a callback registered without ``watches`` watches every
table. ``watches_sql`` asks the same question as one SQL statement (one ``%s``
parameter, the table's id; a row back: watched), which the event loop runs on its own
connection when it builds a table's state (``watch_statements``), with no thread hop:
a restart's thousands of sockets each build their table's state.

``on_table_page(callback)`` registers ``callback(request, table) -> dict``: what a live
table's page shows besides the game (the tournaments app: its "call the director"
button, as ``tournament_table``). The view reads it (``table_page_context``); the
template only shows it.

``on_watch(callback)`` registers ``callback(table, user) -> Watch | None``: whether a
viewer who neither hosts nor sits at the table may watch it, and if not why. ``None``:
the callback has no say on this table (not one of its own), and the table's own
visibility decides. The tournaments app answers for its online tables (who the director
lets watch; the players of the same round while their own table plays).

``on_hold(callback)`` registers ``callback(table_ids, user) -> {table_id: Hold}``: the
finished hands of those tables ``user`` may not read yet (records, replays, history
lines), and why. The tournaments app holds back a duplicate round's board until every
table of the round has played it.
"""

from __future__ import annotations

from typing import Callable, NamedTuple


class _HandFinished(NamedTuple):
    callback: Callable
    watches: Callable | None  # None: every table
    watches_sql: str | None  # the same question as one statement, where given


_hand_finished: list[_HandFinished] = []


def on_hand_finished(
    callback: Callable, *, watches: Callable | None = None, watches_sql: str | None = None
) -> Callable:
    if all(callback is not known.callback for known in _hand_finished):
        _hand_finished.append(_HandFinished(callback, watches, watches_sql))
    return callback


def watched(table_id: int) -> bool:
    """Whether any callback wants to hear of this table's hands (database thread)."""
    return any(w.watches is None or w.watches(table_id) for w in _hand_finished)


def watch_statements() -> list[str] | None:
    """The statements that together say whether a table is watched (any returns a
    row: it is); an empty list: no callback watches any table. None when a callback
    watches every table or asks only in Python: ``watched`` then answers."""
    if any(w.watches is None or w.watches_sql is None for w in _hand_finished):
        return None
    return [w.watches_sql for w in _hand_finished]


def hand_finished(table_id: int, hand_row) -> None:
    for w in list(_hand_finished):
        w.callback(table_id, hand_row)


_table_page: list[Callable] = []


def on_table_page(callback: Callable) -> Callable:
    if all(callback is not known for known in _table_page):
        _table_page.append(callback)
    return callback


def table_page_context(request, table) -> dict:
    """The context every registered app adds to a live table's page."""
    out: dict = {}
    for callback in list(_table_page):
        out.update(callback(request, table))
    return out


class Watch(NamedTuple):
    """A watch verdict: ``allowed``, else ``reason``, the refusal in the viewer's words,
    and where the refused viewer goes back to (``back``: a URL, ``back_label``: its
    words; empty: the tables' lobby)."""

    allowed: bool
    reason: str = ""
    back: str = ""
    back_label: str = ""


_watch: list[Callable] = []


def on_watch(callback: Callable) -> Callable:
    if all(callback is not known for known in _watch):
        _watch.append(callback)
    return callback


def watch_verdict(table, user) -> Watch | None:
    """The first registered app's say on whether ``user`` may watch ``table`` (None: no
    app has one)."""
    for callback in list(_watch):
        verdict = callback(table, user)
        if verdict is not None:
            return verdict
    return None


class Hold(NamedTuple):
    """Finished hands of a table a viewer may not read yet (``numbers``: hand numbers),
    and why, in the viewer's words (``reason``)."""

    numbers: frozenset[int]
    reason: str = ""


_hold: list[Callable] = []


def on_hold(callback: Callable) -> Callable:
    """Register ``callback(table_ids, user) -> {table_id: Hold}``: the finished hands an
    app holds back from ``user`` (a tournament's duplicate round: a board until every
    table has played it). Tables it says nothing of hold nothing back."""
    if all(callback is not known for known in _hold):
        _hold.append(callback)
    return callback


def holds(table_ids, user) -> dict[int, Hold]:
    """Every registered app's holds on these tables for ``user`` (None: a visitor)."""
    out: dict[int, Hold] = {}
    ids = list(table_ids)
    for callback in list(_hold):
        for table_id, hold in callback(ids, user).items():
            known = out.get(table_id)
            if known is not None:
                hold = Hold(known.numbers | hold.numbers, known.reason or hold.reason)
            out[table_id] = hold
    return out


def hold_of(table_id: int, user) -> Hold:
    """The table's finished hands held back from ``user`` (none: an empty Hold)."""
    return holds([table_id], user).get(table_id, Hold(frozenset()))
