"""French (Quebec) first, English second."""

from pathlib import Path

import polib
import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


def test_home_is_french_by_default_even_for_an_english_browser(client):
    response = client.get("/", HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.9")
    html = response.content.decode()
    assert '<html lang="fr-CA">' in html
    assert "Devenir membre" in html
    assert response["Content-Language"] == "fr"


def test_visitor_switches_to_english_and_back(client):
    response = client.post(reverse("set_language"), {"language": "en", "next": "/members/"})
    assert response.status_code == 302 and response.url == "/members/"
    assert "Join the club" in client.get("/").content.decode()
    client.post(reverse("set_language"), {"language": "fr"})
    assert "Devenir membre" in client.get("/").content.decode()


def test_switcher_refuses_foreign_redirects_and_unknown_languages(client):
    response = client.post(
        reverse("set_language"), {"language": "en", "next": "https://evil.example/"}
    )
    assert response.url == "/"
    response = client.post(reverse("set_language"), {"language": "klingon"})
    assert response.status_code == 302
    assert "Join the club" in client.get("/").content.decode()  # unchanged


def test_member_preference_wins_over_the_cookie(member_client, member):
    member.preferred_language = "en"
    member.save()
    member_client.cookies["club500_language"] = "fr"
    assert "My profile" in member_client.get(reverse("profile")).content.decode()


def test_switcher_updates_a_member_preference(member_client, member):
    member_client.post(reverse("set_language"), {"language": "en"})
    member.refresh_from_db()
    assert member.preferred_language == "en"


@pytest.mark.parametrize("domain", ["django", "djangojs"])
def test_every_french_message_is_translated(domain):
    catalog = polib.pofile(str(ROOT / f"locale/fr/LC_MESSAGES/{domain}.po"))
    missing = [
        e.msgid for e in catalog if not e.obsolete and (not e.translated() or "fuzzy" in e.flags)
    ]
    assert missing == []


def test_the_french_catalog_matches_the_code(tmp_path):
    """Every translatable string in code and templates is in the French catalog."""
    import shutil
    import subprocess
    import sys

    if not shutil.which("xgettext"):
        pytest.skip("GNU gettext (xgettext) not installed")
    work = tmp_path / "tree"
    shutil.copytree(
        ROOT, work, ignore=shutil.ignore_patterns(".venv", ".git", "*.mo", "node_modules")
    )
    ignore = [
        "--ignore=.venv",
        "--ignore=tests",
        "--ignore=games/engine",
        "--ignore=bench",
        "--ignore=tools",
        "--ignore=staticfiles",
    ]
    for domain in ("django", "djangojs"):
        subprocess.run(
            [
                sys.executable,
                "manage.py",
                "makemessages",
                "-d",
                domain,
                "-l",
                "fr",
                "--no-location",
                *ignore,
            ],
            cwd=work,
            check=True,
            capture_output=True,
        )
        fresh = polib.pofile(str(work / f"locale/fr/LC_MESSAGES/{domain}.po"))
        untranslated = [
            e.msgid for e in fresh if not e.obsolete and (not e.translated() or "fuzzy" in e.flags)
        ]
        assert untranslated == [], f"{domain}: run makemessages and translate these"
