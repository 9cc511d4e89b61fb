"""Phone numbers as members type them: "514 555-0199", "(450) 555 0123 poste 12",
"+33 1 23 45 67 89". Anything else ("abc") is refused with a clear message."""

from __future__ import annotations

import re

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

_ALLOWED = re.compile(r"^\+?[0-9 ().\-]+((\s*(x|ext\.?|poste|p\.)\s*)[0-9]{1,6})?$", re.IGNORECASE)


def normalize_phone(value: str) -> str:
    """The number with its spacing tidied, or "" when empty; ValidationError if it is
    not a phone number (7 to 15 digits, with + ( ) - . spaces and an extension)."""
    value = " ".join((value or "").split())
    if not value:
        return ""
    main = re.split(r"(?i)\s*(?:x|ext\.?|poste|p\.)\s*(?=[0-9])", value)[0]
    digits = re.sub(r"\D", "", main)
    if not _ALLOWED.match(value) or not 7 <= len(digits) <= 15:
        raise ValidationError(
            _("Enter a phone number, e.g. 514 555-0199 (an extension may follow: poste 12)."),
            code="bad_phone",
        )
    if len(digits) == 10 and not main.startswith("+"):
        value = f"{digits[:3]} {digits[3:6]}-{digits[6:]}" + value[len(main) :]
    return value
