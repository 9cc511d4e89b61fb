"""Fill French translations into locale/fr/LC_MESSAGES/<domain>.po from a Python dict file.

Usage: python tools/i18n_fill.py [--domain django|djangojs] TRANSLATIONS.py
The file defines FR = {"English msgid": "traduction française", ...} (a tuple of two
strings for plural entries). Entries already translated are left alone unless the dict
gives them; fuzzy flags are cleared for the entries it fills. Prints the msgids still
untranslated.
"""

import argparse
import runpy
import sys
from pathlib import Path

import polib

LOCALE = Path(__file__).resolve().parent.parent / "locale/fr/LC_MESSAGES"


def main(path: str, domain: str = "django") -> int:
    table = runpy.run_path(path)["FR"]
    po = polib.pofile(str(LOCALE / f"{domain}.po"))
    po.metadata.update(
        {
            "Language": "fr",
            "Content-Type": "text/plain; charset=UTF-8",
            "Plural-Forms": "nplurals=2; plural=(n > 1);",
        }
    )
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
                entry.previous_msgid = entry.previous_msgid_plural = entry.previous_msgctxt = None
    po.save()
    missing = [e.msgid for e in po if not e.obsolete and not e.translated()]
    for msgid in missing:
        print("UNTRANSLATED:", repr(msgid))
    return 1 if missing else 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--domain", default="django", choices=["django", "djangojs"])
    parser.add_argument("translations")
    args = parser.parse_args()
    sys.exit(main(args.translations, args.domain))
