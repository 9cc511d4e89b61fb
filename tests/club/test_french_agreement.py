"""French that fits whoever reads it (issue 29, point 7): no word agreeing with a person
whose gender the site does not know, no « cliquez » on a phone, a button that names its
action. Every French message of the catalogs (django.po and djangojs.po) is read
against the patterns below, each with its reason; ``tests/club/test_french_leaks.py``
does the same for English left over."""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest
from django.utils import translation

from tournaments.models import EntryStatus

ROOT = Path(__file__).resolve().parents[2]

PARTICIPLES = (
    r"(?:inscrit|désinscrit|retiré|approuvé|confirmé|remplacé|placé|marqué|présent|absent"
    r"|connecté|prêt)"
)

#: A person's name in a message (not a count, not a name after « de »: « le compte de
#: %(name)s est approuvé » agrees with the account).
NAME = r"(?<!de )(?<!à )%\((?:name|entry|player|member|who|partner|guest|caller|actor|by)\)s"

#: (pattern, reason): a French message matching one is wrong.
PATTERNS = [
    (r"\bcliqu", "a phone is touched, not clicked: « choisissez », « touchez »"),
    (
        r"\b(?:est|sont) commencée?s?\b",
        "« a commencé »; and a button names its action: « Commencer le jeu »",
    ),
    (
        r"\bplace va à\b",
        "the place goes to the next person on the waiting list: « ira à la prochaine personne »",
    ),
    (r"\bau premier de la liste\b", "a person of unknown gender: « la prochaine personne »"),
    (
        r"(?<!personne )(?<!personnes )\binscrite?s? sur place\b",
        "agrees with a person of unknown gender: « inscription sur place »",
    ),
    (r"\w\(e\)", "« approuvé(e) »: a wording that needs no agreement"),
    (
        rf"{NAME} (?:est|a été|sera|sont) {PARTICIPLES}",
        "a participle agreeing with a name whose gender is unknown",
    ),
    (
        rf"{NAME} \(?{PARTICIPLES}\b",
        "a participle agreeing with a name whose gender is unknown (« %(name)s retiré »)",
    ),
    (
        rf"{NAME} {PARTICIPLES}e?s?\W*$",
        "a person's state after a name: say what happened to the registration",
    ),
    (
        rf"\b[Vv]ous (?:a|avez|êtes|serez|étiez) (?:été |bien |déjà )?{PARTICIPLES}\b",
        "agrees with « vous », a person of unknown gender: « Votre inscription est faite »",
    ),
    (
        rf"^{PARTICIPLES}$",
        "a person's state shown alone beside their name (« Ginette Bergeron · présent »):"
        " « présence notée »",
    ),
]

#: A person's status is one line beside their name: singular, and no word that agrees.
STATUS_STARTS = re.compile(rf"^(?:{PARTICIPLES}|Inscrits|Le partenaire)", re.IGNORECASE)


def wrong(text: str) -> list[str]:
    return [reason for pattern, reason in PATTERNS if re.search(pattern, text)]


def test_the_patterns_catch_the_reported_wordings():
    assert wrong("Vous avez pris la mise : écartez une carte (cliquez une carte).")
    assert wrong("Le jeu est commencé") and wrong("La partie est commencée.")
    assert wrong("Votre place va à la liste d'attente, et il faudrait vous inscrire.")
    assert wrong("Sa place va au premier de la liste d’attente")
    assert wrong("Ginette Bergeron (inscrit sur place)".replace("Ginette Bergeron", "%(name)s"))
    assert wrong("inscrit sur place") and wrong("%(name)s est approuvé(e).")
    assert wrong("%(name)s retiré.") and wrong("%(actor)s a marqué %(entry)s présent")
    assert STATUS_STARTS.match("Inscrits") and STATUS_STARTS.match("Désinscrit")
    assert wrong("présent") and wrong("absent")
    assert wrong("Vous êtes inscrit.") and wrong("%(name)s vous a inscrit comme partenaire.")
    assert wrong("Vous êtes prêt.")
    assert not wrong("Commencer le jeu · inscription sur place · Un clic et c'est fait.")
    assert not wrong("présence notée") and not wrong("pas encore là")
    assert not wrong("%(actor)s a marqué la présence de %(entry)s")
    assert not STATUS_STARTS.match("Inscription confirmée")


@pytest.mark.parametrize("catalog", ["django", "djangojs"])
def test_no_french_message_has_a_wrong_agreement_or_wording(catalog):
    found = []
    for entry in polib.pofile(str(ROOT / f"locale/fr/LC_MESSAGES/{catalog}.po")):
        if entry.obsolete:
            continue
        texts = [entry.msgstr] if not entry.msgid_plural else list(entry.msgstr_plural.values())
        for text in texts:
            found += [f"{entry.msgid!r}: {text!r}: {reason}" for reason in wrong(text)]
    assert found == []


def test_a_persons_registration_status_is_singular_and_needs_no_agreement():
    with translation.override("fr"):
        labels = {value: str(label) for value, label in EntryStatus.choices}
        header = translation.gettext("Registered")
    assert labels[EntryStatus.CONFIRMED] == "Inscription confirmée"
    assert header == "Inscrits"  # the list's header keeps its own word
    assert [label for label in labels.values() if STATUS_STARTS.match(label)] == []
