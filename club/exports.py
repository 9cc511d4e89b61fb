"""CSV downloads, safe to open in a spreadsheet.

A cell that starts with ``= + - @``, a tab or a carriage return is read as a formula by
Excel, LibreOffice and Google Sheets (``=HYPERLINK(...)`` in a display name would become
a live link in a director's standings). Such text cells get a leading apostrophe, which
spreadsheets show as plain text (OWASP's "CSV injection" advice). Numbers are written
as they are, negative scores included. Every CSV export of the site goes through
``csv_response``.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable

from django.http import HttpResponse

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(value):
    """The cell as text a spreadsheet will not evaluate (numbers unchanged)."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_response(filename: str, header: list, rows: Iterable[list]) -> HttpResponse:
    """A CSV attachment (UTF-8 with a BOM, so that Excel reads the accents right)."""
    buf = io.StringIO()
    buf.write("\ufeff")
    writer = csv.writer(buf)
    writer.writerow([spreadsheet_safe(cell) for cell in header])
    writer.writerows([spreadsheet_safe(cell) for cell in row] for row in rows)
    response = HttpResponse(buf.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
