"""The director's results actions at 450: correct a round of a table's sheet, award an
adjusted score. Locks, reasons, the activity log and the corrected-round stamp are the
500 console's (``tournaments.services.director``); substitutions, closing and reopening
a round are shared as they are."""

from __future__ import annotations

from typing import Any, Mapping

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from club.services import activity_record
from tournaments.errors import TournamentError
from tournaments.kinds.four_fifty import sheet as sheet450
from tournaments.kinds.four_fifty.selectors import replay_lines
from tournaments.models import GameStatus, SheetLine, TableGame
from tournaments.selectors_tables import table_people
from tournaments.services.director import _reason, _stamp_correction, _unlocked_play
from tournaments.services.events import tournament_touch
from tournaments.services.results import _lock, mark_confirmed

#: An adjusted total: a player's points in one game (a game to 350 ends below this).
MAX_ADJUSTED = 2000


@transaction.atomic
def line_correct(*, line: SheetLine, by, reason: Any, data: Mapping) -> SheetLine:
    """A director enters a round of an open round's sheet again (the same form); the
    later rounds follow (dealers, masters). Before/after in the log."""
    reason = _reason(reason)
    game = _lock(line.game)
    tournament = game.round.tournament
    play = _unlocked_play(game.round)
    line = SheetLine.objects.select_for_update().get(pk=line.pk)
    before = sheet450.line_snapshot(line)
    people = table_people(game.round, game.table)
    lines = list(game.sheet_lines.order_by("seq"))
    earlier = [x for x in lines if x.seq < line.seq]
    state = replay_lines(tournament, len(people), earlier)
    sheet = sheet450.score_line(
        tournament,
        people=people,
        rules=state.rules,
        dealer=state.dealer,
        double_face=state.double_face,
        data=data,
    )
    sheet450._fill(line, sheet)
    line.dealer = state.dealer
    line.corrected = True
    line.save()
    if not line.confirmed:
        mark_confirmed(line, by, by.public_name)
    sheet450.rescore_after(
        tournament, people, [line if x.pk == line.pk else x for x in lines], after=line.seq
    )
    sheet450.recompute(game)
    _stamp_correction(play)
    activity_record(
        actor=by,
        kind="results.hand_corrected",
        params={
            "hand": line.seq,
            "table": game.table,
            "round": game.round.number,
            "reason": reason,
        },
        subject=game.round,
        data={
            "round": game.round.number,
            "table": game.table,
            "reason": reason,
            "before": before,
            "after": sheet450.line_snapshot(line),
        },
    )
    tournament_touch(tournament=tournament)
    return line


@transaction.atomic
def game_adjust_450(
    *, game: TableGame, by, totals: Mapping[str, Any] | None, reason: Any
) -> TableGame:
    """A director awards each player of a game that could not be finished a total (or
    clears them with ``totals=None``: the game goes back to its sheet)."""
    reason = _reason(reason)
    game = _lock(game)
    tournament = game.round.tournament
    play = _unlocked_play(game.round)
    people = table_people(game.round, game.table)
    before = {"status": game.status, "totals": dict(game.totals or {})}
    cleared = not totals or all(v in (None, "") for v in totals.values())
    if cleared:
        game.status = GameStatus.PLAYING
        game.flags = {**(game.flags or {}), "adjusted": False}
        game.adjusted_reason = ""
    else:
        awarded = {}
        for seat in sorted(people):
            try:
                value = int(totals.get(seat))
            except (TypeError, ValueError):
                raise TournamentError(
                    "bad_score", _("Enter a whole number of points for every player.")
                ) from None
            if not 0 <= value <= MAX_ADJUSTED:
                raise TournamentError(
                    "out_of_reach",
                    _("A player's total in a game of 450 is from 0 to %(high)s points.")
                    % {"high": MAX_ADJUSTED},
                )
            awarded[seat] = value
        game.status = GameStatus.ADJUSTED
        game.totals = awarded
        game.flags = {**(game.flags or {}), "adjusted": True}
        game.adjusted_reason = reason
        game.completed_at = timezone.now()
    game.save()
    sheet450.recompute(game)
    game.refresh_from_db()
    _stamp_correction(play)
    activity_record(
        actor=by,
        kind="results.game_adjusted",
        params={
            "table": game.table,
            "round": game.round.number,
            "reason": reason,
            "cleared": cleared,
            "totals": " · ".join(
                f"{people[s].name} {v}" for s, v in sorted(game.totals.items()) if s in people
            ),
        },
        subject=game.round,
        data={
            "round": game.round.number,
            "table": game.table,
            "reason": reason,
            "before": before,
            "after": {"status": game.status, "totals": game.totals},
        },
    )
    tournament_touch(tournament=tournament)
    return game
