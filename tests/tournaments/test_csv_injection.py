"""CSV exports cannot carry spreadsheet formulas (club/exports.py)."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse

from tests.tournaments.test_results import enter_and_confirm, people, play_round
from tournaments import selectors_tables as ts

pytestmark = pytest.mark.django_db

FORMULAS = [
    '=HYPERLINK("http://e.example","x")',
    "+1+cmd|' /C calc'!A0",
    "-2+3",
    "@SUM(A1:A9)",
    "\tTab",
    "\rRetour",
]


def _rows(response):
    assert response["Content-Type"].startswith("text/csv")
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))


def test_names_that_look_like_formulas_are_exported_as_text(
    make_tournament, add_present, director, director_client
):
    t = make_tournament(status="running", rounds_total=2, hands_per_game=2)
    entries = add_present(t, 8)
    for entry, name in zip(entries, FORMULAS):
        entry.player.display_name = name
        entry.player.save(update_fields=["display_name"])
    rnd = play_round(t, director)
    p = people(rnd)
    enter_and_confirm(ts.table_game(rnd, 1), p["N"], p["E"])
    rows = _rows(director_client.get(reverse("tournaments:standings_csv", args=[t.pk])))
    names = [row[1] for row in rows[1:]]
    for name in FORMULAS:
        assert "'" + name in names
    cells = [cell for row in rows for cell in row]
    assert not any(cell.startswith(("=", "+", "@", "\t", "\r")) for cell in cells)
    # Numbers stay numbers, negative ones included.
    assert all(row[2].lstrip("-").isdigit() for row in rows[1:] if row[2])


def test_every_csv_export_goes_through_the_one_helper():
    """No view writes CSV by itself: a new export cannot forget the neutralisation."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    writers = [
        str(p.relative_to(root))
        for folder in ("club", "games", "tournaments")
        for p in (root / folder).rglob("*.py")
        if "csv.writer" in p.read_text()
    ]
    assert writers == ["club/exports.py"]
