"""Every installed package is pinned with hashes, and every module the code imports is declared.

``requirements.txt`` / ``requirements-dev.txt`` name what the project uses directly;
``requirements.lock`` / ``requirements-dev.lock`` (``make lock``) pin everything installed,
dependencies included, with hashes, and are what ``make run``, ``make test`` and CI install.
"""

from __future__ import annotations

import ast
import re
import sys
from importlib.metadata import packages_distributions
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CODE = ("club", "games", "tournaments", "tools", "bench", "tests")
LOCAL = {
    "club",
    "games",
    "tournaments",
    "tools",
    "bench",
    "tests",
    "manage",
    "conftest",
} | {path.stem for path in (ROOT / "bench").glob("*.py")}  # benches import each other


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _pins(path: Path) -> dict[str, str]:
    """name -> version of every ``name==version`` line (``-r`` files followed)."""
    pins: dict[str, str] = {}
    for line in path.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line.startswith("-r "):
            pins.update(_pins(path.parent / line[3:].strip()))
        match = re.match(r"([A-Za-z0-9_.\-]+)(?:\[[^\]]*\])?==([^\s;\\]+)", line)
        if match:
            pins[_norm(match.group(1))] = match.group(2)
    return pins


def _locked(path: Path) -> dict[str, tuple[str, int]]:
    """name -> (version, number of hashes) of a pip-compile lock file."""
    out, current = {}, None
    for line in path.read_text().splitlines():
        match = re.match(r"([A-Za-z0-9_.\-]+)==(\S+)", line)
        if match:
            current = _norm(match.group(1))
            out[current] = (match.group(2), 0)
        elif current and line.strip().startswith("--hash=sha256:"):
            version, hashes = out[current]
            out[current] = (version, hashes + 1)
    return out


def test_each_lock_pins_every_declared_requirement_at_its_version_with_hashes():
    for source, lock in (
        ("requirements.txt", "requirements.lock"),
        ("requirements-dev.txt", "requirements-dev.lock"),
    ):
        declared = _pins(ROOT / source)
        locked = _locked(ROOT / lock)
        assert declared, source
        for name, version in declared.items():
            assert name in locked, f"{name} is in {source} but not in {lock} (run make lock)"
            assert locked[name][0] == version, (
                f"{lock} pins {name}=={locked[name][0]}, {source} says {version} (make lock)"
            )
        unhashed = [name for name, (_, hashes) in locked.items() if not hashes]
        assert unhashed == [], f"{lock}: no hash for {unhashed}"


def test_the_lock_files_are_what_make_installs():
    makefile = (ROOT / "Makefile").read_text()
    assert "--require-hashes -r requirements.lock" in makefile
    assert "--require-hashes -r requirements-dev.lock" in makefile


def _imported_top_levels() -> set[str]:
    names: set[str] = set()
    for folder in CODE:
        for path in (ROOT / folder).rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    names.update(alias.name.split(".")[0] for alias in node.names)
                elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                    names.add(node.module.split(".")[0])
    return names - LOCAL - set(sys.stdlib_module_names) - {"__future__"}


def test_every_third_party_module_the_code_imports_is_declared():
    """A module imported directly (``autobahn`` by the table consumer, for one) is named
    in requirements*.txt, not left to arrive as another package's dependency."""
    declared = set(_pins(ROOT / "requirements-dev.txt"))
    owners = packages_distributions()
    undeclared = {}
    for module in sorted(_imported_top_levels()):
        dists = {_norm(d) for d in owners.get(module, [])}
        assert dists, f"{module} is imported but no installed package provides it"
        if not dists & declared:
            undeclared[module] = sorted(dists)
    assert undeclared == {}, f"imported but not declared in requirements*.txt: {undeclared}"
