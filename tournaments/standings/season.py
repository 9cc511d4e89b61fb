"""season_ranking(): a season (or any series) over chosen tournaments' standings."""

from __future__ import annotations

from fractions import Fraction
from typing import Collection, Optional, Sequence, Union

from .compute import _is_int
from .ranking import rank_places
from .types import (
    DEFAULT_SCALE,
    SCORING_PLACES,
    SCORINGS,
    TIE_SHARED,
    CompetitorId,
    SeasonLine,
    SeasonRanking,
    Standings,
    StandingsError,
    _order_key,
    sort_key,
)

Number = Union[int, float]


def _num(x) -> Number:
    """Exact value -> JSON number: an int when whole, else a float rounded to 2 places."""
    if isinstance(x, Fraction):
        return x.numerator if x.denominator == 1 else round(float(x), 2)
    return x


def place_points(place: Optional[int], sharing: int, scale: Sequence[int]) -> Fraction:
    """Points for ``place`` shared by ``sharing`` competitors: the average of the scale's
    points for the places they occupy (place .. place + sharing - 1); places past the end
    of the scale, and no place (not eligible), score 0. E.g. with 10/8/6/5/4/3/2/1, two
    sharing 2nd get (8 + 6) / 2 = 7 each; three sharing 7th get (2 + 1 + 0) / 3."""
    if place is None:
        return Fraction(0)
    pts = sum(scale[p - 1] for p in range(place, place + sharing) if p <= len(scale))
    return Fraction(pts, sharing)


def season_ranking(
    tournament_standings: Sequence[Standings],
    scoring: str = "points",
    *,
    scale: Sequence[int] = DEFAULT_SCALE,
    best_of: Optional[int] = None,
    eligible: Optional[Collection[CompetitorId]] = None,
) -> SeasonRanking:
    """Rank players over several tournaments.

    ``scoring="points"``: a player's result in a tournament is its total there;
    ``"places"``: the ``scale`` points for its place (``place_points``: shared places
    average the points; no place, e.g. not eligible there, scores 0). A tournament counts
    for a player who took part (a game or a bye). In the pairs format each of a pair's
    ``members`` (given to compute_standings) gets the pair's result; without members the
    pair id itself is ranked. ``best_of``: only each player's N best results count (the
    earlier tournament wins a tie between equal results). ``eligible``: only these players
    get a place. Ranking: the shared rule (equal totals share, 1, 2, 2, 4); sums are exact
    (fractions) and shown as an int, or a float rounded to 2 places.
    """
    if scoring not in SCORINGS:
        raise StandingsError(
            "unknown_scoring",
            f"Unknown season scoring {scoring!r}: expected one of {', '.join(SCORINGS)}.",
        )
    scale = tuple(scale)
    if any(not _is_int(x) or x < 0 for x in scale):
        raise StandingsError(
            "bad_scale", f"The points scale must list non-negative integers: {scale!r}."
        )
    if best_of is not None and (not _is_int(best_of) or best_of < 1):
        raise StandingsError(
            "bad_best_of", f"best_of must be a positive integer or None, not {best_of!r}."
        )
    n_t = len(tournament_standings)
    results: dict[CompetitorId, list] = {}
    for i, st in enumerate(tournament_standings):
        sharing: dict[int, int] = {}
        if scoring == SCORING_PLACES:
            for ln in st.lines:
                if ln.place is not None:
                    sharing[ln.place] = sharing.get(ln.place, 0) + 1
        for ln in st.lines:
            if not ln.played:
                continue
            if scoring == SCORING_PLACES:
                value = place_points(ln.place, sharing.get(ln.place, 1), scale)
            else:
                value = ln.total
            for player in ln.members or (ln.competitor,):
                row = results.get(player)
                if row is None:
                    results[player] = row = [None] * n_t
                if row[i] is not None:
                    raise StandingsError(
                        "player_twice_in_tournament",
                        f"Player {player!r} is credited twice in tournament #{i + 1}.",
                    )
                row[i] = value

    players = sorted(results, key=sort_key)
    totals: dict = {}
    counted: dict = {}
    for p in players:
        idx = [k for k, v in enumerate(results[p]) if v is not None]
        if best_of is not None and len(idx) > best_of:
            idx = sorted(sorted(idx, key=lambda k: -results[p][k])[:best_of])
        counted[p] = tuple(idx)
        totals[p] = sum((results[p][k] for k in idx), Fraction(0))
    elig = None if eligible is None else set(eligible)
    ranked = [k for k, p in enumerate(players) if elig is None or p in elig]
    tot_col = [totals[p] for p in players]
    places, shared, _ = rank_places(ranked, tot_col, len(players), None, TIE_SHARED)
    lines = [
        SeasonLine(
            player=p,
            place=places[k],
            shared=shared[k],
            total=_num(totals[p]),
            played=sum(1 for v in results[p] if v is not None),
            results=tuple(None if v is None else _num(v) for v in results[p]),
            counted=counted[p],
        )
        for k, p in enumerate(players)
    ]
    lines.sort(key=lambda ln: _order_key(ln.place, totals[ln.player], ln.player))
    return SeasonRanking(
        scoring=scoring, scale=scale, best_of=best_of, tournaments=n_t, lines=tuple(lines)
    )
