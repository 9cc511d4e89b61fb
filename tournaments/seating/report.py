"""evaluate(): the repeats, bye spread and seat balance of a list of rounds.

Cheap enough to call on every edit of a draft draw (swap two players, move a player to
or from the byes): it only reads the rounds, and it reports malformed rounds in
``problems`` instead of raising.
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from .types import (
    INDIVIDUAL,
    PAIRS,
    SEATS,
    SIDES,
    ByeRepeat,
    Constraints,
    PlayerId,
    Repeat,
    Report,
    Violation,
    as_round,
    player_key,
)

# Relations inside a table: (seat, seat) pairs.
PARTNER_SEATS = (("N", "S"), ("E", "W"))
OPPONENT_SEATS = (("N", "E"), ("N", "W"), ("S", "E"), ("S", "W"))
PAIR_OPPONENT_SIDES = (("NS", "EW"),)


def detect_format(rounds: Sequence[Any]) -> str:
    for r in rounds:
        for t in as_round(r).tables:
            return PAIRS if "NS" in t or "EW" in t else INDIVIDUAL
    return INDIVIDUAL


def _ordered(a: PlayerId, b: PlayerId) -> tuple[PlayerId, PlayerId]:
    return (a, b) if player_key(a) <= player_key(b) else (b, a)


def _repeats(meetings: dict, only_round: int | None) -> tuple[list[Repeat], int]:
    out: list[Repeat] = []
    count = 0
    for (a, b), rounds in meetings.items():
        if len(rounds) < 2:
            continue
        if only_round is None:
            count += len(rounds) - 1
        elif only_round in rounds[1:]:
            count += rounds[1:].count(only_round)
        else:
            continue
        out.append(Repeat(a, b, len(rounds), tuple(rounds)))
    out.sort(key=lambda r: (-r.times, player_key(r.a), player_key(r.b)))
    return out, count


def evaluate(
    rounds: Iterable[Any],
    *,
    constraints: Constraints | None = None,
    fmt: str | None = None,
    only_round: int | None = None,
) -> Report:
    """Report the repeats and the balance of ``rounds`` (oldest first).

    ``rounds`` items may be ``Round``, ``RoundDraw`` or ``{"tables": [...], "byes": [...]}``.
    With ``only_round`` (1-based), the repeat lists keep only what that round repeats.
    """
    rounds = [as_round(r) for r in rounds]
    fmt = fmt or detect_format(rounds)
    seats = SIDES if fmt == PAIRS else SEATS
    partner_rel = () if fmt == PAIRS else PARTNER_SEATS
    opponent_rel = PAIR_OPPONENT_SIDES if fmt == PAIRS else OPPONENT_SEATS
    constraints = constraints or Constraints()
    never_p = (
        {_ordered(a, b) for a, b in constraints.never_partners} if fmt == INDIVIDUAL else set()
    )
    never_t = {_ordered(a, b) for a, b in constraints.never_same_table}

    report = Report(format=fmt, rounds=len(rounds))
    partners: dict = {}
    opponents: dict = {}
    byes: dict = {}
    seat_counts: dict = {}
    seated_rounds: dict = {}

    fixed = {p: (seat, table) for p, seat, table in constraints.fixed_seats}
    for k, rnd in enumerate(rounds, start=1):
        seen: dict = {}
        for t_index, table in enumerate(rnd.tables, start=1):
            for seat, p in table.items():
                want = fixed.get(p)
                if want is not None and (want[0] != seat or want[1] not in (None, t_index)):
                    report.violations.append(
                        Violation(
                            "fixed_seat",
                            p,
                            want[0] if want[1] is None else f"{want[1]}{want[0]}",
                            k,
                        )
                    )
            if set(table) != set(seats):
                report.problems.append(
                    f"Round {k}, table {t_index}: seats must be {', '.join(seats)}."
                )
            for seat in seats:
                p = table.get(seat)
                if p is None:
                    continue
                if p in seen:
                    report.problems.append(f"Round {k}: player {p!r} is placed twice.")
                seen[p] = True
                seat_counts.setdefault(p, {s: 0 for s in seats})[seat] += 1
                seated_rounds[p] = seated_rounds.get(p, 0) + 1
            for rel, store in ((partner_rel, partners), (opponent_rel, opponents)):
                for s1, s2 in rel:
                    a, b = table.get(s1), table.get(s2)
                    if a is None or b is None or a == b:
                        continue
                    store.setdefault(_ordered(a, b), []).append(k)
            members = [table[s] for s in seats if table.get(s) is not None]
            for i, a in enumerate(members):
                for b in members[i + 1 :]:
                    key = _ordered(a, b)
                    if key in never_t:
                        report.violations.append(Violation("never_same_table", key[0], key[1], k))
            for s1, s2 in partner_rel:
                a, b = table.get(s1), table.get(s2)
                if a is not None and b is not None and _ordered(a, b) in never_p:
                    key = _ordered(a, b)
                    report.violations.append(Violation("never_partners", key[0], key[1], k))
        for p in rnd.byes:
            if p in seen:
                report.problems.append(f"Round {k}: player {p!r} is placed twice.")
            seen[p] = True
            byes.setdefault(p, []).append(k)

    report.partner_repeats, report.partner_repeat_count = _repeats(partners, only_round)
    report.opponent_repeats, report.opponent_repeat_count = _repeats(opponents, only_round)

    everyone = sorted(set(seat_counts) | set(byes), key=player_key)
    report.bye_counts = {p: len(byes.get(p, ())) for p in everyone}
    for p in everyone:
        rs = byes.get(p, [])
        if len(rs) >= 2 and (only_round is None or only_round in rs[1:]):
            report.bye_repeats.append(ByeRepeat(p, len(rs), tuple(rs)))
    if rounds:
        last = rounds[-1].players()
        counts = [report.bye_counts[p] for p in last if p in report.bye_counts]
        report.bye_spread = (max(counts) - min(counts)) if counts else 0

    report.seat_counts = {p: seat_counts[p] for p in sorted(seat_counts, key=player_key)}
    report.seat_spread = max(
        (max(c.values()) - min(c.values()) for c in seat_counts.values()), default=0
    )
    if fmt == PAIRS:
        sides = [abs(c["NS"] - c["EW"]) for c in seat_counts.values()]
    else:
        sides = [abs(c["N"] + c["S"] - c["E"] - c["W"]) for c in seat_counts.values()]
    report.side_spread = max(sides, default=0)
    first = seats[0]
    by_games: dict = {}
    for p, c in seat_counts.items():
        by_games.setdefault(seated_rounds[p], []).append(c[first])
    report.dealer_spread = max((max(v) - min(v) for v in by_games.values()), default=0)
    return report
