"""Build the movement library shipped in tournaments/seating/movements.bin.

    python tools/seating_library/generate.py              # every cell, one process
    python tools/seating_library/generate.py -j 2         # two cells at a time
    python tools/seating_library/generate.py --cells 19x10,21x10 --dry-run
    python tools/seating_library/generate.py --verify 12x6,16x7,24x8

Compiles movement.c (a tabu search, see its header) with the system C compiler into a
temporary directory and runs it for every (players, games) cell: players from
MIN_PLAYERS to MAX_PLAYERS, games 1 to MAX_ROUNDS. The target of a cell is the best
known figure where the issue's table has one (tournaments.seating.library.BEST_KNOWN),
else the counting bound; each cell tries a fixed list of seeds with fixed step budgets
until it reaches its target, so the same code always writes the same file (the search
counts steps, never time). Each movement is checked in Python (everyone once per round,
figures recomputed with tournaments.seating.evaluate) before it is written. Cells that
miss their target are listed at the end, with the figure reached.

Only this generator needs a compiler; the site reads the data file.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(ROOT))

from tournaments.seating import evaluate  # noqa: E402
from tournaments.seating.library import (  # noqa: E402
    BEST_KNOWN,
    DATA,
    MAX_PLAYERS,
    MAX_ROUNDS,
    MIN_PLAYERS,
    Movement,
    cells,
    counting_bound,
    encode,
    games_per_player,
    movement,
)
from tournaments.seating.types import SEATS, Round  # noqa: E402

#: Weight of a partner repeat against an opponent repeat in the search.
WP = 4
#: (seed, thousands of steps) tried in turn until the target is reached.
ATTEMPTS_LISTED = [(1, 4000), (2, 8000), (3, 16000), (4, 32000), (5, 32000), (6, 64000)]
ATTEMPTS_OTHER = [(1, 1500), (2, 3000)]


def compile_search(workdir: str) -> str:
    exe = os.path.join(workdir, "movement")
    cc = os.environ.get("CC", "cc")
    subprocess.run([cc, "-O2", "-o", exe, str(HERE / "movement.c"), "-lm"], check=True)
    return exe


def target_of(n: int, rounds: int) -> tuple[int, int, bool]:
    """(partner target, opponent target, listed in the best-known table)."""
    p_lb, o_lb = counting_bound(n, games_per_player(n, rounds))
    if (n, rounds) in BEST_KNOWN:
        return p_lb, BEST_KNOWN[(n, rounds)], True
    return p_lb, o_lb, False


def parse(n: int, rounds: int, out: str) -> tuple[Movement, int]:
    lines = out.strip().splitlines()
    head = lines[0].split()
    assert head[0] == "cost", out
    pe, oe, steps = int(head[1]), int(head[2]), int(head[4])
    schedule = []
    for line in lines[1 : 1 + rounds]:
        left, _, right = line.partition("|")
        schedule.append((tuple(int(x) for x in left.split()), tuple(int(x) for x in right.split())))
    return Movement(n, rounds, pe, oe, tuple(schedule)), steps


def check(mv: Movement) -> None:
    """Everyone once per round, and the recorded figures are the true ones."""
    rounds = []
    for seated, byes in mv.schedule:
        assert sorted(seated + byes) == list(range(mv.n)), (mv.n, mv.rounds)
        assert len(seated) == 4 * (mv.n // 4)
        tables = [dict(zip(SEATS, seated[t : t + 4])) for t in range(0, len(seated), 4)]
        rounds.append(Round(tables, byes))
    rep = evaluate(rounds)
    assert rep.partner_repeat_count == mv.partner_repeats, (mv.n, mv.rounds)
    assert rep.opponent_repeat_count == mv.opponent_repeats, (mv.n, mv.rounds)


def run_cell(exe: str, n: int, rounds: int, log) -> Movement:
    p_t, o_t, listed = target_of(n, rounds)
    target = WP * p_t + o_t
    best = None
    started = time.perf_counter()
    for seed, budget in ATTEMPTS_LISTED if listed else ATTEMPTS_OTHER:
        out = subprocess.run(
            [exe, str(n), str(rounds), str(target), str(seed), str(budget), str(WP)],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        mv, steps = parse(n, rounds, out)
        check(mv)
        cost = WP * mv.partner_repeats + mv.opponent_repeats
        if best is None or cost < WP * best.partner_repeats + best.opponent_repeats:
            best = mv
        if cost <= target:
            break
    mark = "" if WP * best.partner_repeats + best.opponent_repeats <= target else "  MISSED"
    log(
        f"{n:>3} x {rounds:>2}: partner {best.partner_repeats} (bound {p_t}), opponent "
        f"{best.opponent_repeats} ({'best known' if listed else 'bound'} {o_t}), seed {seed}, "
        f"{time.perf_counter() - started:.1f} s{mark}"
    )
    return best


def parse_cells(text: str) -> list[tuple[int, int]]:
    out = []
    for item in text.split(","):
        n, _, r = item.strip().partition("x")
        out.append((int(n), int(r)))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-j", type=int, default=1, help="cells searched at once (default 1)")
    ap.add_argument("--cells", help="only these cells (NxR,...), merged into the file")
    ap.add_argument("--verify", help="regenerate these cells and compare with the file")
    ap.add_argument("--dry-run", action="store_true", help="do not write the file")
    args = ap.parse_args(argv)
    all_cells = [
        (n, r) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1) for r in range(1, MAX_ROUNDS + 1)
    ]
    wanted = parse_cells(args.verify or args.cells) if (args.verify or args.cells) else all_cells

    def log(msg: str) -> None:
        print(msg, flush=True)

    with tempfile.TemporaryDirectory() as tmp:
        exe = compile_search(tmp)
        with ThreadPoolExecutor(max_workers=max(1, args.j)) as pool:
            found = list(pool.map(lambda c: run_cell(exe, c[0], c[1], log), wanted))
    if args.verify:
        bad = [f"{m.n}x{m.rounds}" for m in found if movement(m.n, m.rounds) != m]
        print("verify:", "every cell identical" if not bad else f"DIFFERENT: {', '.join(bad)}")
        return 1 if bad else 0
    missed = [
        m
        for m in found
        if WP * m.partner_repeats + m.opponent_repeats
        > WP * target_of(m.n, m.rounds)[0] + target_of(m.n, m.rounds)[1]
    ]
    listed_missed = [m for m in missed if target_of(m.n, m.rounds)[2]]
    print(
        f"cells: {len(found)}; below their target: {len(missed)} "
        f"({len(listed_missed)} of them in the best-known table)"
    )
    if not args.dry_run:
        keep = {}
        if args.cells and DATA.exists():
            keep = {c: movement(*c) for c in cells()}
        keep.update({(m.n, m.rounds): m for m in found})
        DATA.write_bytes(encode(list(keep.values())))
        print(f"wrote {DATA.relative_to(ROOT)} ({DATA.stat().st_size} bytes, {len(keep)} cells)")
    return 1 if listed_missed else 0


if __name__ == "__main__":
    sys.exit(main())
