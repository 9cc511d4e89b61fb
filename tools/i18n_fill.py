"""Fill French translations into locale/fr/LC_MESSAGES/django.po from a Python dict file.

Usage: python tools/i18n_fill.py TRANSLATIONS.py
The file defines FR = {"English msgid": "traduction française", ...}. Entries already
translated are left alone unless the dict gives them; fuzzy flags are cleared for
the entries it fills. Prints the msgids still untranslated.
"""

import runpy
import sys
from pathlib import Path

import polib

PO = Path(__file__).resolve().parent.parent / "locale/fr/LC_MESSAGES/django.po"


def main(path: str) -> int:
    table = runpy.run_path(path)["FR"]
    po = polib.pofile(str(PO))
    po.metadata.update({"Language": "fr", "Content-Type": "text/plain; charset=UTF-8",
                        "Plural-Forms": "nplurals=2; plural=(n > 1);"})
    for entry in po:
        if entry.msgid in table:
            value = table[entry.msgid]
            if entry.msgid_plural:
                singular, plural = value if isinstance(value, tuple) else (value, value)
                entry.msgstr_plural = {0: singular, 1: plural}
            else:
                entry.msgstr = value
            if "fuzzy" in entry.flags:
                entry.flags.remove("fuzzy")
    po.save()
    missing = [e.msgid for e in po if not e.obsolete and not e.translated()]
    for msgid in missing:
        print("UNTRANSLATED:", repr(msgid))
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
