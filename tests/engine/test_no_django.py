"""The engine is pure Python: no module under games/engine imports Django."""

import pkgutil
import re
import subprocess
import sys
from pathlib import Path

import games.engine

ROOT = Path(__file__).resolve().parents[2]
ENGINE = Path(games.engine.__file__).parent


def engine_modules():
    """Every module under games/engine, subpackages included (the 450 engine)."""
    return ["games.engine"] + [
        m.name
        for m in pkgutil.walk_packages([str(ENGINE)], prefix="games.engine.")
        if not m.name.endswith("__main__")
    ]


def test_the_module_list_reaches_into_subpackages():
    modules = engine_modules()
    assert "games.engine.four_fifty" in modules
    assert "games.engine.four_fifty.round" in modules


def test_importing_every_engine_module_loads_no_django():
    code = (
        "import importlib, sys\n"
        f"for name in {engine_modules()!r}:\n"
        "    importlib.import_module(name)\n"
        "bad = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.'))\n"
        "print(len(sys.modules)); assert not bad, bad\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr


def test_no_engine_source_mentions_a_django_import():
    pattern = re.compile(r"^\s*(import\s+django|from\s+django)", re.M)
    sources = list(ENGINE.rglob("*.py"))
    assert len(sources) >= 10
    for path in sources:
        assert not pattern.search(path.read_text()), path
