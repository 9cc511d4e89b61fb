"""Seasons: a director names a season and picks the tournaments it ranks over."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from club.services import activity_record
from tournaments.errors import TournamentError
from tournaments.models import Season, Tournament


@transaction.atomic
def season_save(
    *, season: Season | None, by, name: Any, tournament_ids, scoring: Any, best_of: Any = None
) -> Season:
    name = (name or "").strip()[:120]
    if not name:
        raise TournamentError("name", _("Give the season a name."))
    if scoring not in Season.Scoring.values:
        raise TournamentError("scoring", _("Choose how the season ranks the players."))
    try:
        best = int(best_of) if best_of not in (None, "") else None
    except (TypeError, ValueError):
        best = -1
    if best is not None and best < 1:
        raise TournamentError("best_of", _("The number of best results must be 1 or more."))
    try:
        ids = {int(i) for i in tournament_ids}
    except (TypeError, ValueError):
        raise TournamentError("tournaments", _("Choose tournaments from the list.")) from None
    chosen = list(Tournament.objects.filter(pk__in=ids, status__in=["running", "finished"]))
    created = season is None
    season = season or Season()
    season.name, season.scoring, season.best_of = name, scoring, best
    season.save()
    season.tournaments.set(chosen)
    activity_record(
        actor=by,
        kind="results.season_saved",
        subject=season,
        params={"season": name, "created": created},
        data={"tournaments": sorted(t.pk for t in chosen), "scoring": scoring, "best_of": best},
    )
    return season
