"""`make bench`: run every benchmark script of the project in turn and print figures."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
BENCHES = [
    "engine_bench.py",
    "solver_bench.py",
    "bot_match_bench.py",
    "bot_legality_bench.py",
    "kinds/four_fifty/engine_bench.py",
    "kinds/four_fifty/bot_match_bench.py",
    "seating_bench.py",
    "kinds/four_fifty/draw_bench.py",
    "tables_bench.py",
    "wire_bench.py",
    "bus_bench.py",
    "page_bench.py",
    "standings_bench.py",
    "duplicate_bench.py",
    "duplicate_evening_bench.py",
    "results_bench.py",
]


def main(argv: list[str]) -> int:
    status = 0
    for name in BENCHES:
        script = HERE / name
        if not script.exists():
            print(f"== {name}: not present, skipped", flush=True)
            continue
        print(f"\n== {name}", flush=True)
        status |= subprocess.call([sys.executable, str(script), *argv], cwd=ROOT)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
