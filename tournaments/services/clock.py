"""The round clock: minutes per round, started when play starts, paused and resumed by
a director (``tournaments.clock`` holds the arithmetic). Shown on the projector, with a
warning in the last five minutes."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from club.services import activity_record
from tournaments.errors import TournamentError
from tournaments.models import Round, RoundPlay, RoundStatus, Tournament
from tournaments.selectors_tables import results_settings
from tournaments.services.events import tournament_touch
from tournaments.services.results import round_play_row

ACTIONS = ("start", "pause", "resume")
MINUTES_RANGE = (5, 600)


def _save(play: RoundPlay, clock) -> None:
    play.clock_minutes = clock.minutes
    play.clock_started_at = clock.started_at
    play.clock_paused_at = clock.paused_at
    play.clock_paused_seconds = clock.paused_seconds
    play.save(
        update_fields=[
            "clock_minutes",
            "clock_started_at",
            "clock_paused_at",
            "clock_paused_seconds",
        ]
    )


def clock_start_with_play(rnd: Round, *, now=None) -> None:
    """Play has started: the round's clock starts with the tournament's minutes (once)."""
    play = round_play_row(rnd)
    if play.clock_started_at is None:
        minutes = results_settings(rnd.tournament).round_minutes
        _save(play, play.clock.start(now or timezone.now(), minutes))


@transaction.atomic
def round_clock(*, round: Round, by, action: str, now=None) -> RoundPlay:
    """A director starts (again, from the full time), pauses or resumes the clock."""
    if action not in ACTIONS:
        raise TournamentError("bad_clock", _("Unknown clock action."))
    rnd = Round.objects.select_for_update().select_related("tournament").get(pk=round.pk)
    if rnd.status != RoundStatus.PLAYING:
        raise TournamentError("not_playing", _("Play has not started in this round."))
    play = RoundPlay.objects.select_for_update().get(pk=round_play_row(rnd).pk)
    now = now or timezone.now()
    minutes = results_settings(rnd.tournament).round_minutes
    clock = play.clock
    if action == "start":
        clock = clock.start(now, minutes)
    elif action == "pause":
        clock = clock.pause(now)
    else:
        clock = clock.resume(now)
    _save(play, clock)
    activity_record(
        actor=by,
        kind="results.clock",
        subject=rnd,
        params={"round": rnd.number, "action": action, "minutes": clock.minutes},
        data={"remaining": clock.remaining(now)},
    )
    tournament_touch(tournament=rnd.tournament)
    return play


@transaction.atomic
def round_minutes_set(*, tournament: Tournament, by, minutes: Any) -> int:
    """The minutes of the next round clocks (a running clock keeps its own)."""
    try:
        minutes = int(minutes)
    except (TypeError, ValueError):
        minutes = -1
    low, high = MINUTES_RANGE
    if not low <= minutes <= high:
        raise TournamentError(
            "bad_minutes",
            _("A round lasts from %(low)s to %(high)s minutes.") % {"low": low, "high": high},
        )
    row = results_settings(tournament)
    row.round_minutes = minutes
    row.save(update_fields=["round_minutes"])
    activity_record(
        actor=by,
        kind="results.clock",
        subject=tournament,
        params={"action": "minutes", "minutes": minutes, "round": ""},
    )
    tournament_touch(tournament=tournament)
    return minutes
