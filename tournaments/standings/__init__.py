"""Tournament standings for 500 (pure Python, no Django): totals, places, ties, medals.

RULES.md section 2: a tournament game (*partie*, one per round) is 8 hands; each side's
game total is the sum of its hand scores; the standings add game totals; the highest
cumulative totals take the medals. A *competitor* is a player (individual format: each
player is credited with the total of the side they played on, partners change every
round) or a pair (pairs format: each side lists exactly one pair id).

    compute_standings(games, byes, *, fmt, tie_rule, bye_rule, bye_points, eligible,
                      final, competitors, rounds, members) -> Standings
    season_ranking(standings_list, scoring="points"|"places", *, scale, best_of,
                   eligible) -> SeasonRanking

Decisions (documented here, tested in tests/tournaments/test_standings.py):

- **Game outcome.** A side wins its game when its total is strictly higher than every
  other side's; sides sharing the highest total tie; the others lose.
- **Byes.** ``"average"``: the average of that round's competitor scores (every
  competitor credited in a game of the round counts once, so in the individual format a
  side's total counts once per player), rounded to the nearest integer with halves away
  from zero (``round_half_away``: 12.5 -> 13, -12.5 -> -13); 0 if the round has no game.
  ``"fixed"``: ``bye_points``. ``"zero"``: 0. A ``Bye(points=...)`` overrides the rule
  for that bye. A bye counts in the total and in ``byes``, not in games, wins, losses,
  ties, the best game, or the round's game ranking.
- **Ties** (only among ranked competitors with equal totals). ``"shared"``: they share
  the place and the following places are skipped (1, 2, 2, 4). ``"wins"``: more games won
  first, then shared. ``"best_game"``: the higher best single game total first (no game:
  lowest), then shared. ``"head_to_head"`` (pairs format only): the points each scored in
  the games between the tied pairs; with three or more tied, every one of them must have
  met every other (otherwise the whole group shares its place, value None); the points
  against all the others of the group are added up; the rule is applied once, so pairs
  still equal after it share (no re-application to the remaining subgroup). The values
  used are in ``StandingLine.tiebreak``; the progression applies the same rule to the
  games up to each round.
- **Medals** (``final=True`` only): by place, as in sport: place 1 gold, 2 silver,
  3 bronze. Two sharing first both get gold, there is no silver and the next competitor
  (place 3) gets bronze; three sharing first: three golds, no other medal; 1, 2, 2: gold
  and two silvers, no bronze.
- **Eligibility.** ``eligible=None`` ranks everyone; a set ranks only its members (places
  counted among them); the others keep their lines with place None, listed after the
  ranked ones. Withdrawn competitors keep their scores (None for rounds not played).
- **Order.** Lines by place, then ``sort_key`` (``str(id)``, then ints before strings);
  competitors without a place last, by total (highest first), then ``sort_key``.
- **Season.** ``"points"`` adds totals; ``"places"`` adds ``scale`` points per place
  (default 10/8/6/5/4/3/2/1; shared places average the points of the places they occupy:
  two sharing 2nd get (8 + 6) / 2 = 7); exact sums, shared ranking.

Every result has ``to_dict()`` (JSON-friendly). Errors: ``StandingsError(ValueError)``
with a stable ``code``.
"""

from .compute import check_settings, compute_standings, head_to_head, round_half_away
from .season import place_points, season_ranking
from .types import (
    BYE_AVERAGE,
    BYE_FIXED,
    BYE_RULES,
    BYE_ZERO,
    DEFAULT_SCALE,
    FORMATS,
    INDIVIDUAL,
    MEDALS,
    PAIRS,
    SCORING_PLACES,
    SCORING_POINTS,
    SCORINGS,
    TIE_BEST_GAME,
    TIE_HEAD_TO_HEAD,
    TIE_RULES,
    TIE_SHARED,
    TIE_WINS,
    Bye,
    CompetitorId,
    GameResult,
    GameRow,
    ProgressRow,
    SeasonLine,
    SeasonRanking,
    StandingLine,
    Standings,
    StandingsError,
    sort_key,
)

__all__ = [
    "BYE_AVERAGE",
    "BYE_FIXED",
    "BYE_RULES",
    "BYE_ZERO",
    "DEFAULT_SCALE",
    "FORMATS",
    "INDIVIDUAL",
    "MEDALS",
    "PAIRS",
    "SCORING_PLACES",
    "SCORING_POINTS",
    "SCORINGS",
    "TIE_BEST_GAME",
    "TIE_HEAD_TO_HEAD",
    "TIE_RULES",
    "TIE_SHARED",
    "TIE_WINS",
    "Bye",
    "CompetitorId",
    "GameResult",
    "GameRow",
    "ProgressRow",
    "SeasonLine",
    "SeasonRanking",
    "StandingLine",
    "Standings",
    "StandingsError",
    "check_settings",
    "compute_standings",
    "head_to_head",
    "place_points",
    "round_half_away",
    "season_ranking",
    "sort_key",
]
