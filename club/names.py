"""Sorting names as a French reader expects: accents do not count (Bélanger before
Boucher), nor does case.

* In Python: ``sort_key(text)``.
* In the database: ``collated(field)`` for ``order_by``: PostgreSQL's ICU root collation
  (``und-x-icu``, present in every PostgreSQL built with ICU), on SQLite a collation of
  the same name registered on each new connection (``register_sqlite_collation``).
"""

from __future__ import annotations

import unicodedata

from django.db import connection
from django.db.models import F
from django.db.models.functions import Collate

COLLATION = "und-x-icu"


def sort_key(text: str | None) -> str:
    """ "Bélanger" -> "belanger": accents and case removed, for sorting."""
    decomposed = unicodedata.normalize("NFKD", text or "")
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def _sqlite_compare(a: str, b: str) -> int:
    ka, kb = (sort_key(a), a), (sort_key(b), b)
    return (ka > kb) - (ka < kb)


def register_sqlite_collation(sender=None, connection=None, **kwargs) -> None:
    """``connection_created`` receiver: the accent-blind collation on SQLite."""
    if connection is not None and connection.vendor == "sqlite":
        connection.connection.create_collation(COLLATION, _sqlite_compare)


def collated(field: str):
    """An ``order_by`` expression sorting ``field`` accent- and case-blind."""
    if connection.vendor in ("postgresql", "sqlite"):
        return Collate(F(field), COLLATION)
    return F(field)


def member_label(user) -> str:
    """A member as sorted in lists: "Côté, Réjean (Ti-Réjean)"."""
    full = ", ".join(p for p in (user.last_name, user.first_name) if p)
    if not full:
        return user.public_name
    if user.display_name and user.display_name not in (user.first_name, user.get_full_name()):
        return f"{full} ({user.display_name})"
    return full
