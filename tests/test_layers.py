"""No import circle in the apps (club/, games/, tournaments/), within one app or across
them: every module imports only modules below it.

Imports are read from the source (``ast``): at module level and inside functions
alike (an import tucked into a function still ties the two modules), but not under
``if TYPE_CHECKING:`` (annotations only, never run).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APPS = ("club", "games", "tournaments")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports_of(path: Path, known: set[str]) -> set[str]:
    """The modules of ``known`` that ``path`` imports when it runs."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _type_checking(child):
                for other in child.orelse:
                    visit(other)
                continue
            if isinstance(child, ast.Import):
                found.update(alias.name for alias in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    anchor = package.split(".")
                    anchor = anchor[: len(anchor) - child.level + 1]
                    base = ".".join([*anchor, base] if base else anchor)
                found.add(base)
                found.update(f"{base}.{alias.name}" for alias in child.names)
            visit(child)

    visit(ast.parse(path.read_text(), str(path)))
    out = set()
    for target in found:
        while target and target not in known:
            target = target.rpartition(".")[0]
        if target and target != name and not name.startswith(target + "."):
            out.add(target)
    return out


def circles(*packages: str) -> list[list[str]]:
    """Every import circle among the modules of ``packages`` (taken as one graph)."""
    paths = [
        p
        for package in packages
        for p in (ROOT / package).rglob("*.py")
        if "migrations" not in p.parts
    ]
    known = {module_name(p) for p in paths}
    graph = {module_name(p): imports_of(p, known) for p in paths}
    found, state = [], {}

    def walk(node: str, stack: list[str]) -> None:
        state[node] = "open"
        stack.append(node)
        for target in sorted(graph.get(node, ())):
            if state.get(target) == "open":
                found.append(stack[stack.index(target) :] + [target])
            elif target not in state:
                walk(target, stack)
        stack.pop()
        state[node] = "done"

    for node in sorted(graph):
        if node not in state:
            walk(node, [])
    return found


def test_the_apps_have_no_import_circle():
    found = circles(*APPS)
    assert found == [], "\n".join(" -> ".join(circle) for circle in found)


def test_the_circle_finder_finds_a_circle(tmp_path, monkeypatch):
    """The test above can fail: a package whose modules import each other is caught,
    through a function-level import too."""
    package = tmp_path / "loop"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from loop.b import f\n")
    (package / "b.py").write_text("def f():\n    from . import a\n")
    (package / "c.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from loop import a\n"
    )
    monkeypatch.setitem(globals(), "ROOT", tmp_path)
    assert circles("loop") == [["loop.a", "loop.b", "loop.a"]]


def test_the_circle_finder_finds_a_circle_across_apps(tmp_path, monkeypatch):
    """Two apps each fine alone, whose modules import each other: one circle."""
    for app, text in (("one", "from two.b import g\n"), ("two", "import one.a\n")):
        (tmp_path / app).mkdir()
        (tmp_path / app / "__init__.py").write_text("")
        (tmp_path / app / ("a.py" if app == "one" else "b.py")).write_text(text)
    monkeypatch.setitem(globals(), "ROOT", tmp_path)
    assert circles("one") == [] and circles("two") == []
    assert circles("one", "two") == [["one.a", "two.b", "one.a"]]


def test_no_games_page_loads_a_tournaments_template_library():
    """The games app does not depend on tournaments in its templates either: a
    tournament's part of a games page comes through ``games.hooks`` as a context value."""
    libraries = {p.stem for p in (ROOT / "tournaments" / "templatetags").glob("*.py")}
    libraries.discard("__init__")
    loads = []
    for path in sorted((ROOT / "templates" / "games").rglob("*.html")):
        for tag in re.findall(r"{%\s*load\s+([^%]+?)\s*%}", path.read_text(encoding="utf-8")):
            loads += [(path.relative_to(ROOT).as_posix(), n) for n in tag.split() if n in libraries]
    assert loads == []
