"""evaluate(): what a schedule of 450 tables repeats, and what is wrong with it."""

from __future__ import annotations

from typing import Any, Sequence

from .types import MAX_TABLE, MIN_TABLE, Repeat, Report, as_round, player_key


def evaluate(rounds: Sequence[Any], *, only_round: int | None = None) -> Report:
    """Score ``rounds`` (oldest first). With ``only_round`` (1-based) the repeats listed
    are the pairs meeting again in that game (counting every earlier meeting), else
    every pair that met more than once; ``repeat_count`` always covers the same set."""
    rounds = [as_round(r) for r in rounds]
    meetings: dict[tuple, list[int]] = {}
    seats: dict[Any, dict[int, int]] = {}
    problems: list[str] = []
    for n, rnd in enumerate(rounds, start=1):
        seen: set = set()
        for t, table in enumerate(rnd.tables, start=1):
            if not MIN_TABLE <= len(table) <= MAX_TABLE:
                problems.append(
                    f"Game {n}, table {t}: {len(table)} players (a 450 table"
                    f" seats {MIN_TABLE} to {MAX_TABLE})."
                )
            for k, p in enumerate(table):
                if p in seen:
                    problems.append(f"Game {n}: player {p!r} is seated twice.")
                seen.add(p)
                counts = seats.setdefault(p, {})
                counts[k] = counts.get(k, 0) + 1
            members = sorted(table, key=player_key)
            for u, a in enumerate(members):
                for b in members[u + 1 :]:
                    meetings.setdefault((a, b), []).append(n)
        for p in rnd.byes:
            if p in seen:
                problems.append(f"Game {n}: player {p!r} is seated and left out.")
            seen.add(p)
    repeats = []
    count = 0
    for (a, b), when in sorted(
        meetings.items(), key=lambda kv: (player_key(kv[0][0]), player_key(kv[0][1]))
    ):
        if only_round is not None:
            if only_round not in when or len(when) < 2:
                continue
            count += 1
            repeats.append(Repeat(a, b, len([r for r in when if r <= only_round]), tuple(when)))
        elif len(when) > 1:
            count += len(when) - 1
            repeats.append(Repeat(a, b, len(when), tuple(when)))
    spread = max(
        (max(c.values()) - min(c.get(k, 0) for k in range(max(c) + 1)) for c in seats.values()),
        default=0,
    )
    firsts = [c.get(0, 0) for c in seats.values()]
    return Report(
        tuple(repeats),
        count,
        tuple(problems),
        spread,
        (max(firsts) - min(firsts)) if firsts else 0,
        len(rounds),
    )


def repeat_meetings(rounds: Sequence[Any]) -> int:
    """Meetings past each pair's first over ``rounds`` (the bench's figure)."""
    return evaluate(rounds).repeat_count
