"""Demo club data for ``python manage.py seed_demo`` (idempotent)."""

from __future__ import annotations

import unicodedata

from django.contrib.auth.hashers import make_password
from django.db import transaction

from club.models import User
from club.roles import DIRECTORS_GROUP, ensure_director_group

DEMO_PASSWORD = "partie-de-500"

# (first name, last name, display name or "", preferred language)
DEMO_MEMBERS = [
    ("Josée", "Tremblay", "", "fr"),  # the director
    ("Gaétan", "Gagnon", "Gaétan", "fr"),
    ("Sylvie", "Roy", "", "fr"),
    ("Réjean", "Côté", "Ti-Réjean", "fr"),
    ("Lise", "Bouchard", "", "fr"),
    ("Normand", "Gauthier", "", "fr"),
    ("Francine", "Morin", "", "fr"),
    ("Denis", "Lavoie", "", "fr"),
    ("Nicole", "Fortin", "", "fr"),
    ("Claude", "Gagné", "", "fr"),
    ("Diane", "Ouellet", "", "fr"),
    ("Michel", "Pelletier", "", "fr"),
    ("Louise", "Bélanger", "", "fr"),
    ("Yvon", "Lévesque", "", "fr"),
    ("Ginette", "Bergeron", "", "fr"),
    ("Jean-Guy", "Leblanc", "", "fr"),
    ("Carole", "Paquette", "", "fr"),
    ("Gilles", "Girard", "", "fr"),
    ("Manon", "Simard", "", "fr"),
    ("Pierre", "Boucher", "", "fr"),
    ("Hélène", "Caron", "", "fr"),
    ("Robert", "Beaulieu", "Bob", "en"),
    ("Micheline", "Cloutier", "", "fr"),
    ("André", "Dubé", "", "fr"),
]
ADMIN = ("Admin", "Club 500", "admin@club500.example")


def _email(first: str, last: str) -> str:
    def plain(text: str) -> str:
        ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
        return ascii_text.lower().replace(" ", "").replace("'", "")

    return f"{plain(first)}.{plain(last)}@club500.example"


@transaction.atomic
def seed_members() -> list[tuple[str, str, str]]:
    """Create (or refresh) the demo members; returns (role, name, email) rows."""
    directors = ensure_director_group()
    # One hash for the one demo password: each hash takes about half a second, on
    # purpose (PBKDF2), and every demo account shares the published password anyway.
    password = make_password(DEMO_PASSWORD)
    rows = []
    for number, (first, last, display, language) in enumerate(DEMO_MEMBERS, start=1):
        email = _email(first, last)
        member, _created = User.objects.get_or_create(
            email=email,
            defaults={
                "first_name": first,
                "last_name": last,
                "display_name": display,
                "preferred_language": language,
                "member_number": f"Q500-{number:03d}",
                "is_approved": True,
            },
        )
        member.password = password
        member.save(update_fields=["password"])
        role = "member"
        if number == 1:
            member.groups.add(directors)
            role = "director"
        rows.append((role, member.public_name, email))
    first, last, email = ADMIN
    admin = User.objects.filter(email=email).first()
    if admin is None:
        admin = User.objects.create_superuser(email=email, first_name=first, last_name=last)
    admin.password = password
    admin.save(update_fields=["password"])
    rows.insert(0, ("admin", admin.public_name, email))
    return rows


def director() -> User:
    return User.objects.filter(groups__name=DIRECTORS_GROUP).order_by("id").first()


def seed(stdout=None) -> None:
    rows = seed_members()
    if stdout is not None:
        stdout.write(f"Demo logins (password for all: {DEMO_PASSWORD}):")
        for role, name, email in rows[:3]:
            stdout.write(f"  {role:<9} {name:<22} {email}")
        stdout.write(f"  ... and {len(rows) - 3} more members (see /members/).")
