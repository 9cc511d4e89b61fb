"""compute_standings(): totals, places, ties, medals and the progression, from plain rows.

One pass over the games checks them and credits every competitor of a side with the
side's total; byes are then scored; then the standings after each round are ranked with
the tournament's tie rule (the last of them is the final order), and each round's game
totals are ranked on their own. Cost: O(credits + rounds x competitors log competitors).
"""

from __future__ import annotations

from dataclasses import fields
from itertools import accumulate
from typing import Any, Callable, Collection, Iterable, Mapping, Optional

from .ranking import rank_places
from .types import (
    BYE_AVERAGE,
    BYE_FIXED,
    BYE_RULES,
    BYE_ZERO,
    FORMATS,
    INDIVIDUAL,
    MEDALS,
    PAIRS,
    TIE_BEST_GAME,
    TIE_HEAD_TO_HEAD,
    TIE_RULES,
    TIE_SHARED,
    TIE_WINS,
    Bye,
    CompetitorId,
    GameResult,
    StandingLine,
    Standings,
    StandingsError,
    _order_key,
    sort_key,
)

WIN, TIE, LOSS = 1, 0, -1


def round_half_away(num: int, den: int) -> int:
    """``num / den`` rounded to the nearest integer, halves away from zero (exact:
    2.5 -> 3, -2.5 -> -3, 2.4 -> 2). ``den`` > 0."""
    q = (2 * abs(num) + den) // (2 * den)
    return q if num >= 0 else -q


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _check_id(c: Any, where: str) -> None:
    if isinstance(c, bool) or not isinstance(c, (int, str)):
        raise StandingsError(
            "bad_competitor_id", f"{where}: competitor ids must be ints or strings, not {c!r}."
        )


def _check_round(r: Any, where: str) -> None:
    if not _is_int(r) or r < 1:
        raise StandingsError("bad_round", f"{where}: the round must be an integer >= 1, not {r!r}.")


def check_settings(*, fmt: str, tie_rule: str, bye_rule: str, bye_points: Any) -> None:
    """Raise StandingsError for an unknown format, tie rule or bye rule, a head-to-head
    tie rule outside the pairs format, or a fixed bye rule without an integer
    ``bye_points``. A settings form can call this on its own."""
    if fmt not in FORMATS:
        raise StandingsError(
            "unknown_format", f"Unknown format {fmt!r}: expected one of {', '.join(FORMATS)}."
        )
    if tie_rule not in TIE_RULES:
        raise StandingsError(
            "unknown_tie_rule",
            f"Unknown tie rule {tie_rule!r}: expected one of {', '.join(TIE_RULES)}.",
        )
    if bye_rule not in BYE_RULES:
        raise StandingsError(
            "unknown_bye_rule",
            f"Unknown bye rule {bye_rule!r}: expected one of {', '.join(BYE_RULES)}.",
        )
    if tie_rule == TIE_HEAD_TO_HEAD and fmt != PAIRS:
        raise StandingsError(
            "tie_rule_needs_pairs",
            "The head-to-head tie rule needs the pairs format (in the "
            "individual format partners change every round).",
        )
    if bye_rule == BYE_FIXED and not _is_int(bye_points):
        raise StandingsError(
            "bye_points_missing",
            f"The fixed bye rule needs an integer number of points, not {bye_points!r}.",
        )


def compute_standings(
    games: Iterable[GameResult],
    byes: Iterable[Bye] = (),
    *,
    fmt: str = INDIVIDUAL,
    tie_rule: str = TIE_SHARED,
    bye_rule: str = BYE_AVERAGE,
    bye_points: Optional[int] = None,
    eligible: Optional[Collection[CompetitorId]] = None,
    final: bool = False,
    competitors: Iterable[CompetitorId] = (),
    rounds: Optional[int] = None,
    members: Optional[Mapping[CompetitorId, Iterable[CompetitorId]]] = None,
) -> Standings:
    """The standings of one tournament.

    ``games``: every game played so far (any order). ``byes``: the byes given.
    ``fmt``: "individual" (competitors are players) or "pairs" (competitors are pairs;
    each side must list exactly one). ``tie_rule`` / ``bye_rule`` / ``bye_points``: the
    tournament's settings (see the package docstring). ``eligible``: if given, only these
    competitors are ranked (the others keep their line, with place None). ``final``: award
    medals. ``competitors``: also list these (registered but maybe not played: a line of
    Nones with total 0, ranked like anyone else). ``rounds``: the number of rounds to show
    (default: the highest round seen); must not be below it. ``members``: pairs format,
    pair id -> its players (copied to the lines, used by ``season_ranking``).

    Raises StandingsError on a bad setting or malformed rows (see ``code``).
    """
    check_settings(fmt=fmt, tie_rule=tie_rule, bye_rule=bye_rule, bye_points=bye_points)
    pairs = fmt == PAIRS

    # --- read and check the games ---------------------------------------------------
    seen_tables: set = set()
    in_round: dict[int, set] = {}
    # competitor -> list of (round, points, outcome, table); outcome None for a bye
    credits: dict[CompetitorId, list] = {}
    round_sum: dict[int, int] = {}
    round_n: dict[int, int] = {}
    meetings: dict[CompetitorId, list] = {}  # pairs: competitor -> [(round, opponent, pts)]
    flag_counts: dict[CompetitorId, dict[str, int]] = {}
    want_meetings = tie_rule == TIE_HEAD_TO_HEAD
    max_round = 0

    for g in games:
        r = g.round
        t = g.table
        if type(r) is not int or r < 1:
            _check_round(r, _where(g))
        if type(t) is not int and type(t) is not str:
            if isinstance(t, bool) or not isinstance(t, (int, str)):
                raise StandingsError(
                    "bad_table", f"{_where(g)}: the table must be an int or a string."
                )
        key = (r, t)
        if key in seen_tables:
            raise StandingsError(
                "duplicate_table",
                f"Round {r}, table {t} is given twice: one result per table and round.",
            )
        seen_tables.add(key)
        if r > max_round:
            max_round = r
        sides = g.sides
        totals = g.totals
        if len(sides) < 2:
            raise StandingsError("too_few_sides", f"{_where(g)}: a game needs at least two sides.")
        if sides.keys() != totals.keys():
            raise StandingsError(
                "sides_totals_mismatch",
                f"{_where(g)}: the sides {sorted(sides)} and the totals "
                f"{sorted(totals)} must name the same sides.",
            )
        tvals = list(totals.values())
        for v in tvals:
            if type(v) is not int and not _is_int(v):
                side = next(s for s, x in totals.items() if x is v)
                raise StandingsError(
                    "bad_total", f"{_where(g)}: side {side}'s total must be an integer, not {v!r}."
                )
        best = max(tvals)
        sole_best = tvals.count(best) == 1
        roster = in_round.get(r)
        if roster is None:
            in_round[r] = roster = set()
        flags = g.flags
        true_flags = [k for k, v in flags.items() if v] if flags else None
        n_credits = 0
        for s, side in sides.items():
            n_side = len(side)
            if not n_side:
                raise StandingsError("empty_side", f"{_where(g)}: side {s} credits nobody.")
            if pairs and n_side != 1:
                raise StandingsError(
                    "pairs_side_size",
                    f"{_where(g)}: in the pairs format side {s} must list "
                    f"exactly one pair, not {n_side}.",
                )
            n_credits += n_side
        before = len(roster)
        try:
            roster.update(*sides.values())
        except TypeError:
            _bad_ids(g, [c for side in sides.values() for c in side])
        if len(roster) - before != n_credits:
            _twice(g, credits)
        for s, side in sides.items():
            pts = totals[s]
            credit = (r, pts, LOSS if pts < best else (WIN if sole_best else TIE), t)
            for c in side:
                lst = credits.get(c)
                if lst is None:
                    credits[c] = [credit]
                else:
                    lst.append(credit)
                if true_flags:
                    fc = flag_counts.setdefault(c, {})
                    for k in true_flags:
                        fc[k] = fc.get(k, 0) + 1
            round_sum[r] = round_sum.get(r, 0) + pts * len(side)
        round_n[r] = round_n.get(r, 0) + n_credits
        if want_meetings:
            named = [(s, m[0]) for s, m in sides.items()]
            for s, c in named:
                lst = meetings.setdefault(c, [])
                for s2, d in named:
                    if s2 != s:
                        lst.append((r, d, totals[s]))

    # --- byes ---------------------------------------------------------------------------
    bye_list = []
    for b in byes:
        r = b.round
        where = f"Bye (round {r!r}, competitor {b.competitor!r})"
        _check_round(r, where)
        _check_id(b.competitor, where)
        if b.points is not None and not _is_int(b.points):
            raise StandingsError("bad_bye_points", f"{where}: points must be an integer or None.")
        roster = in_round.setdefault(r, set())
        if b.competitor in roster:
            raise StandingsError(
                "competitor_twice_in_round",
                f"{where}: competitor {b.competitor!r} already has a game or a bye in round {r}.",
            )
        roster.add(b.competitor)
        if r > max_round:
            max_round = r
        bye_list.append(b)

    if rounds is not None:
        if not _is_int(rounds) or rounds < max_round:
            raise StandingsError(
                "bad_rounds", f"rounds={rounds!r} is below the highest round played ({max_round})."
            )
        n_rounds = rounds
    else:
        n_rounds = max_round

    def rule_points(r: int) -> int:
        if bye_rule == BYE_ZERO:
            return 0
        if bye_rule == BYE_FIXED:
            return bye_points  # type: ignore[return-value]
        n = round_n.get(r, 0)
        return round_half_away(round_sum.get(r, 0), n) if n else 0

    bye_scores: list[Optional[int]] = [None] * n_rounds
    for b in bye_list:
        if b.points is None:
            pts = bye_scores[b.round - 1]
            if pts is None:
                pts = bye_scores[b.round - 1] = rule_points(b.round)
        else:
            pts = b.points
        credit = (b.round, pts, None, None)
        lst = credits.get(b.competitor)
        if lst is None:
            credits[b.competitor] = [credit]
        else:
            lst.append(credit)

    for c in competitors:
        _check_id(c, "competitors")
        credits.setdefault(c, [])
    for c in credits:  # game ids were only hashed so far: check their types once each
        if type(c) is not int and type(c) is not str:
            r, _, _, t = credits[c][0]
            _check_id(c, f"Game (round {r!r}, table {t!r})")

    # --- per competitor (index k, in sort_key order), per round (index i) ------------------
    everyone = sorted(credits, key=sort_key)
    n = len(everyone)
    R = n_rounds
    score_rows, zero_rows, outcome_rows, table_rows, win_rows, best_rows = [], [], [], [], [], []
    need_wins = tie_rule == TIE_WINS
    need_best = tie_rule == TIE_BEST_GAME
    n_byes = []
    for c in everyone:
        sc = [None] * R
        sz = [0] * R
        oc = [None] * R
        tb = [None] * R
        nb = 0
        for r, pts, outcome, t in credits[c]:
            i = r - 1
            sc[i] = sz[i] = pts
            oc[i] = outcome
            tb[i] = t
            if outcome is None:
                nb += 1
        score_rows.append(sc)
        zero_rows.append(sz)
        outcome_rows.append(oc)
        table_rows.append(tb)
        n_byes.append(nb)
        if need_wins:
            win_rows.append(list(accumulate([o == WIN for o in oc])))
        if need_best:
            best_rows.append(
                list(accumulate([NO_GAME if o is None else p for o, p in zip(oc, sz)], max))
            )
    cum_rows = [list(accumulate(sz)) for sz in zero_rows]
    # columns: one tuple per round, indexed by competitor
    cum_cols = list(zip(*cum_rows)) if n else [()] * R
    win_cols = list(zip(*win_rows)) if need_wins and n else None
    best_cols = list(zip(*best_rows)) if need_best and n else None

    elig_set = None if eligible is None else set(eligible)
    ranked = (
        list(range(n)) if elig_set is None else [k for k, c in enumerate(everyone) if c in elig_set]
    )

    place_cols = []
    shared_cols = []
    used: dict = {}
    for i in range(R):
        if tie_rule == TIE_SHARED:
            tbv = None
        elif need_wins:
            tbv = win_cols[i]
        elif need_best:
            tbv = best_cols[i]
        else:
            tbv = _h2h_values(everyone, meetings, i + 1)
        pl, sh, used = rank_places(ranked, cum_cols[i], n, tbv, tie_rule, want_used=i == R - 1)
        place_cols.append(pl)
        shared_cols.append(sh)
    if R == 0:
        # nobody played: all tied at 0; 0 wins, no best game, never met
        tbv = (
            None
            if tie_rule == TIE_SHARED
            else (
                [0] * n
                if need_wins
                else [NO_GAME] * n
                if need_best
                else _h2h_values(everyone, meetings, 0)
            )
        )
        final_places, final_shared, used = rank_places(ranked, [0] * n, n, tbv, tie_rule)
    else:
        final_places, final_shared = place_cols[-1], shared_cols[-1]
    if need_best:  # report "no game" as None
        for k, v in used.items():
            if v[tie_rule] is NO_GAME:
                used[k] = {tie_rule: None}
    places_after = list(zip(*place_cols)) if R else [()] * n
    shared_after = list(zip(*shared_cols)) if R else [()] * n

    # --- lines --------------------------------------------------------------------------
    members = members or {}
    lines = []
    for k, c in enumerate(everyone):
        oc = outcome_rows[k]
        n_w = oc.count(WIN)
        n_t = oc.count(TIE)
        n_l = oc.count(LOSS)
        p = final_places[k]
        lines.append(
            _new_line(
                c,
                p,
                final_shared[k],
                MEDALS[p - 1] if final and p is not None and p <= 3 else None,
                cum_rows[k][-1] if R else 0,
                tuple(score_rows[k]),
                n_w + n_t + n_l,
                n_byes[k],
                n_w,
                n_l,
                n_t,
                used.get(k, {}),
                tuple(cum_rows[k]),
                places_after[k],
                shared_after[k],
                tuple(table_rows[k]),
                dict(flag_counts.get(c, ())),
                elig_set is None or c in elig_set,
                tuple(members.get(c, ())),
            )
        )
    lines.sort(key=lambda ln: _order_key(ln.place, ln.total, ln.competitor))
    return Standings(
        fmt=fmt,
        tie_rule=tie_rule,
        bye_rule=bye_rule,
        bye_points=bye_points,
        final=final,
        rounds=n_rounds,
        lines=tuple(lines),
        bye_scores=tuple(bye_scores),
        _index={ln.competitor: k for k, ln in enumerate(lines)},
    )


_LINE_FIELDS = tuple(f.name for f in fields(StandingLine))


def _new_line(*values) -> StandingLine:
    # A frozen dataclass's __init__ sets each of its 20 fields through object.__setattr__,
    # which is most of the time spent building 200 lines; filling __dict__ at once gives
    # the same object (eq, repr, to_dict, immutability through the normal API).
    line = object.__new__(StandingLine)
    line.__dict__.update(zip(_LINE_FIELDS, values))
    return line


def _ids(g: Any) -> list:
    return [c for side in g.sides.values() for c in side]


def _bad_ids(g: Any, ids: list) -> None:
    for c in ids:
        _check_id(c, _where(g))
    raise StandingsError(
        "bad_competitor_id", f"{_where(g)}: competitor ids must be ints or strings: {ids!r}."
    )


def _twice(g: Any, credits: Mapping) -> None:
    """Explain why a game's competitors did not all add to the round's roster."""
    ids = _ids(g)
    for c in ids:
        if ids.count(c) > 1:
            raise StandingsError(
                "competitor_twice_in_game",
                f"{_where(g)}: competitor {c!r} is listed twice (on both "
                f"sides, or twice on one side).",
            )
    for c in ids:
        if any(x[0] == g.round for x in credits.get(c, ())):
            break
    else:  # pragma: no cover - the roster only holds credited competitors
        c = ids[0]
    raise StandingsError(
        "competitor_twice_in_round",
        f"{_where(g)}: competitor {c!r} already has a game or a bye in round {g.round}.",
    )


def _where(g: Any) -> str:
    return f"Game (round {g.round!r}, table {g.table!r})"


# --- ranking ----------------------------------------------------------------------------

NO_GAME = float("-inf")  # "best game" of a competitor without a game: below every total


def _h2h_values(everyone: list, meetings: Mapping, upto: int) -> Callable:
    """Tie-break values for the head-to-head rule: a function of the tied group."""

    def values(group: list) -> dict:
        vals = head_to_head([everyone[k] for k in group], meetings, upto)
        return {k: vals[everyone[k]] for k in group}

    return values


def head_to_head(group: list, meetings: Mapping[CompetitorId, list], upto: int) -> dict:
    """Each competitor's points scored in the games against the others of ``group``
    (rounds <= ``upto``), provided every two of them met at least once; otherwise None for
    everyone (the group shares its place)."""
    gset = set(group)
    out = {}
    for c in group:
        pts = 0
        met = set()
        for r, d, p in meetings.get(c, ()):
            if r <= upto and d in gset:
                pts += p
                met.add(d)
        if len(met) != len(gset) - 1:
            return dict.fromkeys(group)
        out[c] = pts
    return out
