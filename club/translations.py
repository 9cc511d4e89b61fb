"""Compile the project's .po catalogs to .mo with pure Python (polib).

GNU gettext is not needed on a fresh machine: ``make run`` and ``make test`` only
need Python. Compiled ``.mo`` files are build products and are not committed; they
are (re)built whenever the ``.po`` file is newer, at start-up and by
``python manage.py compile_translations``.
"""

from __future__ import annotations

import gettext
import logging
from pathlib import Path

import polib
from asgiref.local import Local
from django.utils.translation import trans_real

logger = logging.getLogger(__name__)

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"


def compile_stale_catalogs(locale_dir: Path = LOCALE_DIR, *, force: bool = False) -> list[Path]:
    """Compile every ``.po`` under ``locale_dir`` whose ``.mo`` is missing or older.

    Returns the ``.mo`` files written. A read-only tree is logged, not fatal.
    """
    written = []
    for po_path in sorted(locale_dir.glob("*/LC_MESSAGES/*.po")):
        mo_path = po_path.with_suffix(".mo")
        if not force and mo_path.exists() and mo_path.stat().st_mtime >= po_path.stat().st_mtime:
            continue
        try:
            polib.pofile(str(po_path)).save_as_mofile(str(mo_path))
        except OSError as exc:  # read-only deployment: compile at build time instead
            logger.warning("could not compile %s: %s", po_path, exc)
            continue
        written.append(mo_path)
    return written


def reset_translation_caches() -> None:
    """Forget catalogs loaded before a fresh compile (as Django's autoreloader does)."""
    gettext._translations = {}
    trans_real._translations = {}
    trans_real._default = None
    trans_real._active = Local()
