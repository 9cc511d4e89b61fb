"""The demo club: seed_demo is idempotent and prints logins."""

from io import StringIO

import pytest
from django.core.management import call_command

from club.models import User

pytestmark = pytest.mark.django_db


def test_seed_demo_creates_the_club_once_and_prints_logins():
    out = StringIO()
    call_command("seed_demo", stdout=out)
    text = out.getvalue()
    assert "josee.tremblay@club500.example" in text and "admin@club500.example" in text
    count = User.objects.count()
    assert count == 25
    call_command("seed_demo", stdout=StringIO())
    assert User.objects.count() == count
    director = User.objects.get(email="josee.tremblay@club500.example")
    assert director.is_director and director.check_password("partie-de-500")
    admin = User.objects.get(email="admin@club500.example")
    assert admin.is_superuser and admin.is_staff
    names = set(User.objects.values_list("last_name", flat=True))
    assert {"Tremblay", "Gagnon", "Côté", "Bélanger"} <= names
