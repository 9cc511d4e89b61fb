"""Nothing outside the game kinds' own folders and the engines names a kind: code asks
the kind (``games.kinds.kind_of``) what differs, it never compares a kind's name.

Scanned: the Python modules of the apps below (their tokens: a string literal ``"450"``
or ``"500"``, a name such as ``is_450`` or ``FOUR_FIFTY``), the file names, and the
games and tournaments apps' templates and the client modules. The engines
(``games/engine/``), the kinds (``games/kinds/``, ``tournaments/kinds/`` and the
``kinds/`` folders of templates and static files) and migrations (history) may name
them: a tournament asks its game's tournament part (``tournaments.kinds.registry``).
"""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APPS = ("club", "games", "tournaments")
PAGES = ("templates/games", "templates/tournaments", "static/js")
ALLOWED = ("games/engine/", "games/kinds/", "/kinds/", "/migrations/")
KIND_NAME = re.compile(r"450|500|four_?fifty|five_?hundred", re.IGNORECASE)
KIND_LITERAL = re.compile(r"[rbuf]*(['\"])(450|500)\1", re.IGNORECASE)
KIND_IN_PAGE = re.compile(r"\b450\b|four_?fifty")


def _relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _outside_the_kinds(paths):
    for path in paths:
        rel = _relative(path)
        if "__pycache__" not in rel and not any(part in "/" + rel for part in ALLOWED):
            yield path, rel


def _python_modules():
    return _outside_the_kinds(p for app in APPS for p in sorted((ROOT / app).rglob("*.py")))


def _kind_tokens(source: str):
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.STRING and KIND_LITERAL.fullmatch(token.string):
            yield token
        elif token.type == tokenize.NAME and KIND_NAME.search(token.string):
            yield token


def test_no_module_outside_the_kinds_names_a_kind():
    found = [
        f"{rel}:{token.start[0]}: {token.line.strip()}"
        for path, rel in _python_modules()
        for token in _kind_tokens(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_no_file_outside_the_kinds_folders_carries_a_kind_in_its_name():
    """Code, pages, tests and benchmarks alike: a kind's own files are in its folders
    (``tests/*/kinds/<game>/``, ``bench/kinds/<game>/``); migrations keep their names."""
    roots = (*APPS, *PAGES, "templates", "static", "tests", "bench")
    files = [p for root in roots for p in sorted((ROOT / root).rglob("*")) if p.is_file()]
    named = [rel for path, rel in _outside_the_kinds(files) if KIND_IN_PAGE.search(path.name)]
    assert named == []


def test_no_page_or_client_module_of_the_games_app_names_a_kind():
    """The table, replay and lobby pages, the tournament pages and the client modules
    get the kind's parts from the kind (its templates and renderer), not by testing its
    name."""
    found = []
    for root in PAGES:
        for path, rel in _outside_the_kinds(sorted((ROOT / root).rglob("*"))):
            if path.suffix not in (".html", ".js"):
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if KIND_IN_PAGE.search(line):
                    found.append(f"{rel}:{number}: {line.strip()[:100]}")
    assert found == []


def test_the_scan_sees_a_kind_name_where_there_is_one():
    """The scanner itself: a comparison, a name and a literal are all found."""
    source = 'if table.variant == "450" or is_450(t):\n    x = FOUR_FIFTY\n'
    assert [t.string for t in _kind_tokens(source)] == ['"450"', "is_450", "FOUR_FIFTY"]
    assert [t.string for t in _kind_tokens("x = 4500 + '4500'\n")] == []
