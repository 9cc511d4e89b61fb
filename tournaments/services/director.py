"""The director's results actions: corrections, adjusted scores, substitutions, closing
and reopening a round, hall or online, the online grace period.

Results are locked in two steps, as a director expects from club scoring software:

* a **closed round** (``round_close``) accepts no entry, correction, adjusted score or
  substitution until a director reopens it with a reason (``round_reopen``);
* a **finished tournament** is final until a director reopens it with a reason
  (``tournaments.services.lifecycle.tournament_transition`` to *running*).

Both go to the activity log. A change made in a round that was reopened stamps the
round (``RoundPlay.corrected_at``): the standings say "corrected on ...".

Corrections, confirmations and adjusted scores are one service each for every game
(``sheet_row_correct``, ``sheet_row_confirm``, ``game_adjust``): locks, reasons, the
activity log and the corrected-round stamp are here, what a row or a total is is asked
of the tournament's kind (``tournaments.kinds.registry``). At 500 an adjusted score is
checked against what the variant makes possible in a game of its number of hands
(``selectors_tables.adjusted_limits``, computed with the engine); at 450 each player's
total is from 0 to 2000.
"""

from __future__ import annotations

from typing import Any, Mapping

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from club.models import User
from club.services import activity_record
from games import services as games_services
from games.models import Table
from tournaments.errors import TournamentError
from tournaments.kinds.registry import tournament_kind
from tournaments.models import (
    Entry,
    EntryStatus,
    GameStatus,
    PlayMode,
    Position,
    ResultsSettings,
    Round,
    RoundPlay,
    RoundStatus,
    Seat,
    Status,
    TableGame,
    Tournament,
)
from tournaments.selectors_duplicate import ADJUSTED_KEY, GRADES
from tournaments.selectors_tables import (
    SEATS,
    table_people,
)
from tournaments.services.events import tournament_touch
from tournaments.services.online import online_round_publish
from tournaments.services.results import (
    _lock,
    results_settings_row,
    round_play_row,
)


def _reason(reason: Any) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise TournamentError("reason", _("Give the reason for this correction."))
    return reason[:300]


def _unlocked_play(rnd: Round) -> RoundPlay:
    """The round's play row, locked, if its results may change; else a clear refusal."""
    tournament = rnd.tournament
    if tournament.status == Status.FINISHED:
        raise TournamentError(
            "finished",
            _(
                "The tournament is finished: its results are final. Reopen the tournament, "
                "with a reason, to change them."
            ),
        )
    if tournament.status != Status.RUNNING:
        raise TournamentError("not_running", _("The tournament is not running."))
    play = RoundPlay.objects.select_for_update().get(pk=round_play_row(rnd).pk)
    if play.is_closed:
        raise TournamentError(
            "round_closed",
            _(
                "Round %(n)s is closed: its results are locked. Reopen the round, with a "
                "reason, to change them."
            )
            % {"n": rnd.number},
        )
    return play


def _stamp_correction(play: RoundPlay) -> None:
    """A change in a round that was closed once: the standings say when."""
    if play.reopened_at is not None:
        play.corrected_at = timezone.now()
        play.save(update_fields=["corrected_at"])


@transaction.atomic
def sheet_row_correct(*, row, by, reason: Any, data) -> Any:
    """A director enters a row of an open round's sheet again (a hand at 500, a round
    of the secretary's sheet at 450: the game's tournament part writes it, with the
    values of the sheet's own form in ``data``); before/after in the log."""
    reason = _reason(reason)
    game = _lock(row.game)
    tournament = game.round.tournament
    play = _unlocked_play(game.round)
    row, number, before, after = tournament_kind(tournament).row_correct(
        game, row, by=by, data=data
    )
    _stamp_correction(play)
    activity_record(
        actor=by,
        kind="results.hand_corrected",
        params={"hand": number, "table": game.table, "round": game.round.number, "reason": reason},
        subject=game.round,
        data={
            "round": game.round.number,
            "table": game.table,
            "reason": reason,
            "before": before,
            "after": after,
        },
    )
    tournament_touch(tournament=tournament)
    return row


def sheet_row_confirm(*, row, user) -> None:
    """A director confirms a row of a table's sheet (the sheet's own sign-off)."""
    tournament_kind(row.game.round.tournament).row_confirm(row, user=user)


# ----------------------------------------------------------------- adjusted scores
@transaction.atomic
def game_adjust(*, game: TableGame, by, totals: Mapping[str, Any] | None, reason: Any) -> TableGame:
    """A director awards totals to a game that could not be finished, per side of the
    game (``{"NS": .., "EW": ..}`` at 500, a total per seat at 450: the game's tournament
    part checks them), or clears them (``totals`` None or empty: the game goes back to
    its sheet)."""
    reason = _reason(reason)
    game = _lock(game)
    tournament = game.round.tournament
    play = _unlocked_play(game.round)
    kind = tournament_kind(tournament)
    people = table_people(game.round, game.table)
    before = kind.adjust_snapshot(game)
    cleared = not totals or all(v in (None, "") for v in totals.values())
    if cleared:
        game.status = GameStatus.PLAYING
        game.flags = {**(game.flags or {}), "adjusted": False}
        game.adjusted_reason = ""
    else:
        awarded = kind.adjust_check(game, people, totals)
        game.status = GameStatus.ADJUSTED
        kind.adjust_write(game, awarded)
        game.flags = {**(game.flags or {}), "adjusted": True}
        game.adjusted_reason = reason
        game.completed_at = timezone.now()
    game.save()
    kind.recompute(game)
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
            **kind.adjust_params(game, people),
        },
        subject=game.round,
        data={
            "round": game.round.number,
            "table": game.table,
            "reason": reason,
            "before": before,
            "after": kind.adjust_snapshot(game),
        },
    )
    tournament_touch(tournament=tournament)
    return game


# ----------------------------------------------------------------- a board adjusted
@transaction.atomic
def board_adjust(
    *, game: TableGame, by, board: Any, grades: Mapping[str, Any] | None, reason: Any
) -> TableGame:
    """A director gives a table of a duplicate round an adjusted score on one of the
    round's boards that it could not play (DUPLICATE.md: each side ``A+``, ``A`` or
    ``A-``, 60, 50 or 40 % of the board's top), or takes it back (``grades`` None or
    empty). The adjusted score stands even if the table plays the board afterwards.
    Refused: a board already played at that table, a board outside the round, a round
    closed or a tournament finished. Logged with the before and after."""
    reason = _reason(reason)
    game = _lock(game)
    rnd = game.round
    tournament = rnd.tournament
    if not rnd.board_seed:
        raise TournamentError("not_duplicate", _("This round is not played with boards."))
    play = _unlocked_play(rnd)
    first, last = rnd.board_numbers
    try:
        board = int(board)
    except (TypeError, ValueError):
        board = 0
    if not first <= board <= last:
        raise TournamentError(
            "board",
            _("Round %(n)s plays boards %(first)s to %(last)s.")
            % {"n": rnd.number, "first": first, "last": last},
        )
    grades = {s: (v or "").strip() for s, v in (grades or {}).items()}
    cleared = not any(grades.values())
    adjusted = dict((game.flags or {}).get(ADJUSTED_KEY) or {})
    before = adjusted.get(str(board))
    if cleared:
        adjusted.pop(str(board), None)
    else:
        if any(grades.get(s) not in GRADES for s in ("NS", "EW")):
            raise TournamentError("grade", _("Give each side an adjusted score: A+, A or A-."))
        if game.hands.filter(live_hand__board=board).exists() and before is None:
            raise TournamentError(
                "played",
                _("Table %(t)s has played board %(b)s: its result stands.")
                % {"t": game.table, "b": board},
            )
        adjusted[str(board)] = {"NS": grades["NS"], "EW": grades["EW"]}
    game.flags = {**(game.flags or {}), ADJUSTED_KEY: adjusted}
    game.save(update_fields=["flags"])
    _stamp_correction(play)
    after = adjusted.get(str(board))
    activity_record(
        actor=by,
        kind="results.board_adjusted",
        params={
            "table": game.table,
            "round": rnd.number,
            "board": board,
            "reason": reason,
            "cleared": cleared,
            "ns": (after or {}).get("NS", ""),
            "ew": (after or {}).get("EW", ""),
        },
        subject=rnd,
        data={
            "round": rnd.number,
            "table": game.table,
            "board": board,
            "reason": reason,
            "before": before,
            "after": after,
        },
    )
    tournament_touch(tournament=tournament)
    return game


# ----------------------------------------------------------------- seats and rounds
@transaction.atomic
def seat_substitute(
    *,
    round: Round,
    by,
    table: Any,
    position: str,
    entry: Any = None,
    guest_name: str = "",
    reason: Any = "",
) -> Seat:
    """Replace the entry at a seat of a published round by another checked-in entry (in
    the byes or not in the round) or by a new guest. The replaced entry keeps its earlier
    rounds; online, the live seat is given to the newcomer (a bot for a guest)."""
    reason = _reason(reason)
    rnd = Round.objects.select_for_update().select_related("tournament").get(pk=round.pk)
    tournament = rnd.tournament
    if rnd.status == RoundStatus.DRAFT:
        raise TournamentError("draft", _("Edit a draft on the round page (swap, byes)."))
    play = _unlocked_play(rnd)
    try:
        seat = Seat.objects.select_related("entry").get(
            round=rnd, table=int(table), position=position
        )
    except (TypeError, ValueError, Seat.DoesNotExist):
        raise TournamentError("bad_seat", _("Choose a table and a seat.")) from None
    guest_name = (guest_name or "").strip()[:80]
    if guest_name:
        if tournament.is_pairs:
            raise TournamentError(
                "pairs_guest", _("In the pairs format, substitute a registered pair.")
            )
        new = Entry.objects.create(
            tournament=tournament,
            guest_name=guest_name,
            status=EntryStatus.CONFIRMED,
            checked_in=True,
            checked_in_at=timezone.now(),
            is_walk_in=True,
        )
    else:
        try:
            new = Entry.objects.get(
                pk=int(entry), tournament=tournament, status=EntryStatus.CONFIRMED, checked_in=True
            )
        except (TypeError, ValueError, Entry.DoesNotExist):
            raise TournamentError(
                "bad_entry", _("Choose a checked-in player, or type a guest's name.")
            ) from None
    if new.pk == seat.entry_id:
        raise TournamentError("same", _("This player already sits there."))
    other = Seat.objects.filter(round=rnd, entry=new).first()
    if other is not None and not other.is_bye:
        raise TournamentError(
            "seated", _("This player is already seated at a table in this round.")
        )
    if other is not None:
        other.delete()
    old = seat.entry
    seat.entry = new
    seat.save(update_fields=["entry"])
    game = TableGame.objects.filter(round=rnd, table=seat.table).first()
    if game is not None and game.live_table_id:
        people = table_people(rnd, seat.table)
        for letter in (position,) if position in SEATS else (position[0], position[1]):
            uid = people[letter].user_id
            user = User.objects.get(pk=uid) if uid is not None else None
            games_services.table_seat_assign(table_id=game.live_table_id, seat=letter, user=user)
    _stamp_correction(play)
    activity_record(
        actor=by,
        kind="results.substituted",
        params={
            "old": old.name,
            "new": new.name,
            "table": seat.table,
            "seat": position,
            "round": rnd.number,
            "reason": reason,
        },
        subject=rnd,
        data={
            "round": rnd.number,
            "table": seat.table,
            "position": position,
            "reason": reason,
            "before": {"entry": old.pk, "name": old.name},
            "after": {"entry": new.pk, "name": new.name},
        },
    )
    rnd.version += 1
    rnd.save(update_fields=["version"])
    tournament_touch(tournament=tournament)
    return seat


@transaction.atomic
def round_set_mode(*, round: Round, by, mode: str) -> RoundPlay:
    rnd = Round.objects.select_for_update().select_related("tournament").get(pk=round.pk)
    if mode not in PlayMode.values:
        raise TournamentError("bad_mode", _("Choose hall or online."))
    if rnd.status == RoundStatus.PLAYING:
        raise TournamentError(
            "play_started",
            _("Play has started in this round: it can no longer change between hall and online."),
        )
    play = round_play_row(rnd)
    before = play.mode
    play.mode = mode
    play.save(update_fields=["mode"])
    TableGame.objects.filter(round=rnd, hands__isnull=True).update(mode=mode)
    activity_record(
        actor=by,
        kind="results.round_mode",
        params={"round": rnd.number, "mode": mode},
        subject=rnd,
        data={"round": rnd.number, "before": before, "after": mode},
    )
    if mode == PlayMode.ONLINE and rnd.status == RoundStatus.PUBLISHED:
        online_round_publish(rnd, by=by)
    tournament_touch(tournament=rnd.tournament)
    return play


def unfinished_tables(rnd: Round) -> list[int]:
    """The tables of a round whose game is neither complete nor adjusted."""
    tables = sorted(
        set(
            Seat.objects.filter(round=rnd)
            .exclude(position=Position.BYE)
            .values_list("table", flat=True)
        )
    )
    done = set(
        TableGame.objects.filter(
            round=rnd, status__in=[GameStatus.COMPLETE, GameStatus.ADJUSTED]
        ).values_list("table", flat=True)
    )
    return [t for t in tables if t not in done]


def _close(rnd: Round, play: RoundPlay, by) -> None:
    missing = unfinished_tables(rnd)
    if missing:
        raise TournamentError(
            "unfinished",
            ngettext(
                "Round %(n)s: table %(tables)s has not finished (or has hands to confirm): "
                "finish it or award an adjusted score first.",
                "Round %(n)s: tables %(tables)s have not finished (or have hands to confirm): "
                "finish them or award an adjusted score first.",
                len(missing),
            )
            % {"n": rnd.number, "tables": ", ".join(map(str, missing))},
        )
    play.closed_at = timezone.now()
    play.closed_by = by
    play.save(update_fields=["closed_at", "closed_by"])
    activity_record(
        actor=by,
        kind="results.round_closed",
        params={"round": rnd.number, "tournament": rnd.tournament.name},
        subject=rnd,
        data={"round": rnd.number},
    )


@transaction.atomic
def round_close(*, round: Round, by) -> RoundPlay:
    """Close the round's results: every table complete (or adjusted). No change after,
    until a director reopens it."""
    rnd = Round.objects.select_for_update().select_related("tournament").get(pk=round.pk)
    if rnd.status != RoundStatus.PLAYING:
        raise TournamentError("not_playing", _("Play has not started in this round."))
    play = round_play_row(rnd)
    if play.is_closed:
        raise TournamentError("closed", _("This round is already closed."))
    _close(rnd, play, by)
    tournament_touch(tournament=rnd.tournament)
    return play


def rounds_close_for_finish(*, tournament: Tournament, by) -> None:
    """Before a tournament finishes: close every round still playing (refused, naming the
    tables, while one has not finished). Called inside the finishing transaction."""
    for rnd in (
        Round.objects.select_for_update()
        .filter(tournament=tournament, status=RoundStatus.PLAYING)
        .order_by("number")
    ):
        rnd.tournament = tournament
        play = round_play_row(rnd)
        if not play.is_closed:
            _close(rnd, play, by)


@transaction.atomic
def round_reopen(*, round: Round, by, reason: Any) -> RoundPlay:
    """Reopen a closed round's results (a reason is required; it goes to the log)."""
    reason = _reason(reason)
    rnd = Round.objects.select_for_update().select_related("tournament").get(pk=round.pk)
    tournament = rnd.tournament
    if tournament.status == Status.FINISHED:
        raise TournamentError(
            "finished", _("The tournament is finished: reopen the tournament first, with a reason.")
        )
    play = round_play_row(rnd)
    if not play.is_closed:
        raise TournamentError("not_closed", _("This round is not closed."))
    play.closed_at = None
    play.closed_by = None
    play.reopened_at = timezone.now()
    play.reopen_reason = reason
    play.save(update_fields=["closed_at", "closed_by", "reopened_at", "reopen_reason"])
    activity_record(
        actor=by,
        kind="results.round_reopened",
        params={"round": rnd.number, "tournament": tournament.name, "reason": reason},
        subject=rnd,
        data={"round": rnd.number, "reason": reason},
    )
    tournament_touch(tournament=tournament)
    return play


@transaction.atomic
def table_chat_set(*, tournament: Tournament, by, allowed: bool) -> ResultsSettings:
    """Open or close the chat of the tournament's online tables, those already
    playing included."""
    row = results_settings_row(tournament)
    row.table_chat = bool(allowed)
    row.save(update_fields=["table_chat"])
    Table.objects.filter(
        pk__in=TableGame.objects.filter(
            round__tournament=tournament, live_table__isnull=False
        ).values("live_table")
    ).update(chat=row.table_chat)
    activity_record(
        actor=by,
        kind="results.table_chat",
        subject=tournament,
        params={"allowed": row.table_chat},
        data={"allowed": row.table_chat},
    )
    return row


@transaction.atomic
def grace_set(*, tournament: Tournament, by, seconds: Any) -> ResultsSettings:
    try:
        seconds = int(seconds)
    except (TypeError, ValueError):
        seconds = -1
    if not 10 <= seconds <= 3600:
        raise TournamentError("bad_grace", _("The grace period is from 10 to 3600 seconds."))
    row = results_settings_row(tournament)
    before = row.absence_grace_seconds
    row.absence_grace_seconds = seconds
    row.save(update_fields=["absence_grace_seconds"])
    # The tables already playing take the new grace at once.
    playing = Table.objects.filter(
        tournament_game__round__tournament=tournament,
        status__in=[Table.Status.OPEN, Table.Status.PLAYING],
    )
    for table_id in playing.values_list("pk", flat=True):
        games_services.table_set_grace(table_id=table_id, seconds=seconds)
    activity_record(
        actor=by,
        kind="results.grace",
        subject=tournament,
        params={"seconds": seconds},
        data={"before": before, "after": seconds},
    )
    return row
