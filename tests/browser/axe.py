"""axe-core in the browser tests: WCAG 2.0-2.2 A and AA, every violation a failure.

axe-core comes pinned from PyPI (``axe-playwright-python``, which carries
``axe.min.js``; requirements-dev.lock): only its script is used. It is evaluated in the
page through Playwright, which the site's Content-Security-Policy does not block (a
``<script>`` tag would be). ``label-content-name-mismatch`` (WCAG 2.5.3, label in
name), which axe still calls experimental, is checked too: a control's accessible
name must say what it shows.
"""

from __future__ import annotations

from pathlib import Path

import axe_playwright_python

AXE_SCRIPT = (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text()
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]
OPTIONS = {
    "runOnly": {"type": "tag", "values": [*TAGS, "experimental"]},
    "resultTypes": ["violations"],
}


def violations(page) -> list[str]:
    """axe's violations on the page as it is now, one line per rule: what, how serious,
    where (up to 5 elements) and axe's first words on how to fix it."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(AXE_SCRIPT)
    found = page.evaluate("(options) => axe.run(document, options)", OPTIONS)["violations"]
    lines = []
    for v in found:
        where = " | ".join(" ".join(node["target"]) for node in v["nodes"][:5])
        fix = (v["nodes"][0].get("failureSummary") or "").splitlines()[1:2]
        lines.append(
            f"{v['id']} ({v['impact']}, {len(v['nodes'])}x) at {where}: {' '.join(fix).strip()}"
        )
    return lines


def check(page, where: str, problems: list[str]) -> None:
    """Add the page's violations to ``problems``, each prefixed by ``where``."""
    problems += [f"{where}: {line}" for line in violations(page)]
