"""docs/operations.md's threat model names the tests that hold each line: each one exists."""

from __future__ import annotations

import re

from tests.live_server import ROOT


def _section() -> str:
    text = (ROOT / "docs" / "operations.md").read_text(encoding="utf-8")
    start = text.index("## Threat model")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else None]


def test_every_test_and_file_the_threat_model_names_exists():
    section = _section()
    files = re.findall(r"`(tests/[\w/]+\.py)`", section)
    names = set(re.findall(r"`(test_\w+)`", section))
    assert files and names
    assert [f for f in files if not (ROOT / f).is_file()] == []
    defined = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        defined |= set(re.findall(r"^(?:async )?def (test_\w+)", path.read_text(), re.M))
    assert sorted(names - defined) == []
