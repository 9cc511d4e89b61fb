"""The known English leaks on French pages, and how to find them in text.

A leak is English where French is expected: "EW" for East-West (French: EO), "NT" for
no trump (SA), contracts in the engine's notation (7H, 6NT: French pages say 7♥, 6 SA),
"Lieu" for a rank (Rang), "Accueil" for check-in (Présences), "Germe" for the seed,
and the engine's raw option names and values (hands_per_game, one_call,
redeal_same_dealer...). Used by ``tests/club/test_french_leaks.py`` (catalog and
templates) and ``tests/tournaments/test_french_pages.py`` (rendered pages, exports).
"""

from __future__ import annotations

import html as html_lib
import re

from django.template.base import Lexer, TokenType

from games.engine import option_catalogue

#: Words and notations that must not reach a French reader.
KNOWN_LEAKS = {
    "EW (East-West; French: EO)": r"\bEW\b",
    "NT (no trump; French: SA)": r"\bNT\b",
    "contract in engine notation (7H, 6NT)": r"\b(?:[6-9]|10)(?:NT|[SCDH])\b",
    "Lieu used for a rank (Rang)": r"\bLieu\b(?=[\s,]+Nom\b)",
    "Accueil for check-in (Présences)": r"\bAccueil\b",
    "Germe for the draw's seed": r"\b[Gg]erme\b",
    "brasse/partie words in English": r"\b(?:hands?_per_game|Score EW)\b",
}


def _option_codes() -> list[str]:
    """The engine's option names and choice values that are codes (not plain numbers)."""
    codes = set()
    for spec in option_catalogue():
        codes.add(spec["name"])
        for choice in spec["choices"] or ():
            if isinstance(choice, str) and ("_" in choice or choice.islower()):
                codes.add(choice)
    codes.discard("hands")  # an English word here, covered by its labels
    codes.discard("jokers")  # a French word too (les deux jokers)
    return sorted(codes, key=len, reverse=True)


OPTION_CODES = _option_codes()
LEAK_PATTERNS = {
    **KNOWN_LEAKS,
    "raw option code": r"(?<![\w-])(?:" + "|".join(map(re.escape, OPTION_CODES)) + r")(?![\w-])",
}


def leaks(text: str) -> list[str]:
    text = re.sub(r"%\(\w+\)[sd]", " ", text)  # placeholders are not shown text
    found = []
    for name, pattern in LEAK_PATTERNS.items():
        for match in re.finditer(pattern, text):
            around = text[max(0, match.start() - 40) : match.end() + 40]
            found.append(f"{name}: {match.group(0)!r} in …{around}…")
    return found


VISIBLE_ATTRIBUTES = re.compile(
    r'\b(?:title|placeholder|aria-label|alt|data-confirm|data-confirm-ok)="([^"]*)"'
)


def visible(page: str) -> str:
    """What a reader sees: text and visible attributes, no markup, scripts or data."""
    page = re.sub(r"<script.*?</script>|<style.*?</style>", " ", page, flags=re.S)
    shown = " ".join(VISIBLE_ATTRIBUTES.findall(page))
    return html_lib.unescape(re.sub(r"<[^>]*>", " ", page) + " " + shown)


def template_text(source: str) -> str:
    """The literal text of a template that no translation covers: outside
    {% translate %} / {% blocktranslate %}, variables and tags replaced by a mark,
    then reduced to what a reader sees."""
    out, in_block = [], False
    for token in Lexer(source).tokenize():
        if token.token_type == TokenType.BLOCK:
            name = token.contents.split()[0] if token.contents else ""
            if name in ("blocktranslate", "blocktrans"):
                in_block = True
            elif name in ("endblocktranslate", "endblocktrans"):
                in_block = False
            out.append("§")
        elif token.token_type == TokenType.TEXT and not in_block:
            out.append(token.contents)
        else:
            out.append("§")
    return visible("".join(out))
