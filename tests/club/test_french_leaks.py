"""No English on French pages (issue 16): every French message of the catalog and every
template's literal text, checked against the project's known leaks
(``tests.french_leaks``); the rendered pages of a tournament day are checked in
``tests/tournaments/test_french_pages.py``."""

from __future__ import annotations

from pathlib import Path

import polib

from tests.french_leaks import leaks, template_text

ROOT = Path(__file__).resolve().parents[2]


def test_the_known_leaks_are_caught():
    assert leaks("Pointage EW")
    assert leaks("7H par N") and leaks("6NT") and leaks("6 NT")
    assert leaks("Enchères : one_call") and leaks("hands_per_game=4")
    assert leaks("Lieu Nom 1 2 Total") and leaks("Accueil") and leaks("Germe (vide)")
    assert not leaks("Pointage EO, 7♥, 6 SA, Rang, Lieu : Salle du club, Présences")


def test_no_french_message_leaks_english():
    catalog = polib.pofile(str(ROOT / "locale/fr/LC_MESSAGES/django.po"))
    found = []
    for entry in catalog:
        if entry.obsolete:
            continue
        texts = [entry.msgstr] if not entry.msgid_plural else list(entry.msgstr_plural.values())
        if (
            entry.msgid in ("Rank", "rank %(rank)s")
            and "Rang" not in entry.msgstr
            and "rang" not in entry.msgstr
        ):
            found.append(f"{entry.msgid!r}: a rank is « Rang » ({entry.msgstr!r})")
        for text in texts:
            found += [f"{entry.msgid!r}: {leak}" for leak in leaks(text)]
    assert found == []


def test_no_template_has_english_literal_text():
    found = []
    for path in sorted(ROOT.glob("templates/**/*.html")):
        for leak in leaks(template_text(path.read_text())):
            found.append(f"{path.relative_to(ROOT)}: {leak}")
    assert found == []
