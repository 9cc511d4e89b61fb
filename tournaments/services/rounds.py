"""Draws and rounds: draw a draft, edit it (swap, bye moves), publish, start play.

The draw itself is the game's (its tournament part: ``tournaments.kinds.registry``,
over the pure ``tournaments.seating`` for 500 and ``kinds/four_fifty/tables`` for
450): load the present entries, call the kind's draw, write its seats. Every edit
checks the round's ``version`` (optimistic concurrency), locks the round, recomputes the
repeats and logs before/after in the activity log.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from club.models import User
from club.services import activity_record
from games.engine.boards import new_seed
from tournaments.errors import ConflictError, TournamentError
from tournaments.kinds.registry import tournament_kind
from tournaments.models import (
    ByeScore,
    ConstraintKind,
    Entry,
    EntryStatus,
    PlayMode,
    Position,
    Round,
    RoundPlay,
    RoundStatus,
    Seat,
    SeatingConstraint,
    Status,
    Tournament,
)
from tournaments.selectors_seating import (  # noqa: F401  (round_to_seating: tests)
    PLAYED,
    constraints_for,
    history_for,
    present_players,
    round_to_seating,
    seat_positions,
)
from tournaments.selectors_tables import default_mode, round_play
from tournaments.services import online, results
from tournaments.services.clock import clock_start_with_play
from tournaments.services.events import tournament_touch
from tournaments.services.plans import plan_after_edit


def _seating_dict(rnd: Round) -> dict[str, Any]:
    """The round's seating as the activity log keeps it (before / after an edit)."""
    return tournament_kind(rnd.tournament).seating_dict(rnd)


def _draft_report(rnd: Round) -> dict[str, Any]:
    """What the round's seating repeats and what stops it being published."""
    return tournament_kind(rnd.tournament).draft_report(rnd)


def _bye_score(tournament: Tournament) -> int | None:
    if tournament.bye_score == ByeScore.FIXED:
        return tournament.bye_fixed_score
    if tournament.bye_score == ByeScore.ZERO:
        return 0
    return None  # average of the round: computed with the results


def _lock_round(rnd: Round, version: Any) -> Round:
    rnd = Round.objects.select_for_update().select_related("tournament").get(pk=rnd.pk)
    if rnd.status == RoundStatus.PLAYING:
        raise TournamentError(
            "play_started", _("Play has started in this round: its seating can no longer change.")
        )
    try:
        version = int(version)
    except (TypeError, ValueError):
        raise ConflictError("conflict", _("This page is out of date: reload it and try again."))
    if version != rnd.version:
        raise ConflictError(
            "conflict",
            _(
                "Another director changed this round in the "
                "meantime. The page now shows the current "
                "draw; check it and try again."
            ),
        )
    return rnd


@transaction.atomic
def round_draw(
    *, tournament: Tournament, by: User, seed: int | None = None, version: Any = None
) -> Round:
    """Draw the next round (a draft) from the checked-in players; redraws a draft."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.status != Status.RUNNING:
        raise TournamentError("not_running", _("Start the tournament before drawing a round."))
    last = tournament.rounds.order_by("-number").first()
    if last is not None and last.status == RoundStatus.DRAFT:
        rnd = _lock_round(last, last.version if version is None else version)
        number = rnd.number
    else:
        number = (last.number if last else 0) + 1
        rnd = None
    if number > tournament.rounds_total:
        raise TournamentError("all_drawn", _("Every round of this tournament is drawn."))
    if seed is None:
        seed = secrets.randbelow(2**31)
    elif isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
        raise TournamentError("bad_seed", _("The seed must be a whole number."))
    players = present_players(tournament)
    kind = tournament_kind(tournament)
    draw, seed, change = kind.draw(
        tournament, number=number, seed=seed, players=players, redraw=rnd is not None
    )
    before = None
    if rnd is None:
        board_seed = new_seed() if tournament.duplicate else ""  # kept by a redraw
        rnd = Round.objects.create(
            tournament=tournament, number=number, seed=seed, board_seed=board_seed
        )
        RoundPlay.objects.create(round=rnd, mode=default_mode(tournament))
    else:
        rnd.tournament = tournament
        before = _seating_dict(rnd)
        rnd.seats.all().delete()
        rnd.seed = seed
        rnd.version += 1
    bye = _bye_score(tournament)
    rows = kind.seat_rows(rnd, draw)
    rows += [
        Seat(round=rnd, entry_id=eid, position=Position.BYE, bye_score=bye) for eid in draw.byes
    ]
    Seat.objects.bulk_create(rows)
    rnd.tournament = tournament
    rnd.report = _draft_report(rnd)
    rnd.save()
    activity_record(
        actor=by,
        kind="round.drawn",
        params={"round": number, "tournament": tournament.name, "seed": seed},
        subject=rnd,
        data={
            "round": number,
            "seed": seed,
            "before": before,
            "after": draw.to_dict(),
            "players": sorted(players),
            "source": getattr(draw, "source", ""),
            "plan_change": change,
        },
    )
    tournament_touch(tournament=tournament)
    return rnd


def _after_edit(
    rnd: Round, by: User, kind: str, params: dict, before: dict, extra: dict, reason: dict
) -> Round:
    """Recompute the round's report, plan the later rounds again around it (the change
    shows its effect on the whole tournament), log."""
    rnd.report = _draft_report(rnd)
    rnd.version += 1
    rnd.save(update_fields=["report", "version"])
    results.table_games_create(rnd)
    change = plan_after_edit(rnd=rnd, reason=reason)
    activity_record(
        actor=by,
        kind=kind,
        params={"round": rnd.number, **params},
        subject=rnd,
        data={
            "round": rnd.number,
            "before": before,
            "after": _seating_dict(rnd),
            "plan_change": change,
            **extra,
        },
    )
    tournament_touch(tournament=rnd.tournament)
    return rnd


def _seat_of(rnd: Round, entry_id: Any) -> Seat:
    try:
        return rnd.seats.select_related("entry").get(entry_id=int(entry_id))
    except (TypeError, ValueError, Seat.DoesNotExist):
        raise TournamentError("not_in_round", _("This player is not in this round."))


@transaction.atomic
def round_swap(*, round: Round, by: User, a: Any, b: Any, version: Any) -> Round:
    """Swap two entries' places (seats, or a seat and a bye)."""
    rnd = _lock_round(round, version)
    if str(a) == str(b):
        raise TournamentError("same_player", _("Choose two different players to swap."))
    seat_a, seat_b = _seat_of(rnd, a), _seat_of(rnd, b)
    if seat_a.is_bye and seat_b.is_bye:
        raise TournamentError("both_byes", _("Both players have a bye: nothing to swap."))
    before = _seating_dict(rnd)
    place_a = (seat_a.table, seat_a.position, seat_a.bye_score)
    place_b = (seat_b.table, seat_b.position, seat_b.bye_score)
    Seat.objects.filter(pk=seat_a.pk).update(table=None, position=Position.BYE)
    Seat.objects.filter(pk=seat_b.pk).update(
        table=place_a[0], position=place_a[1], bye_score=place_a[2]
    )
    Seat.objects.filter(pk=seat_a.pk).update(
        table=place_b[0], position=place_b[1], bye_score=place_b[2]
    )
    names = {"a": seat_a.entry.name, "b": seat_b.entry.name}
    return _after_edit(
        rnd,
        by,
        "round.swapped",
        names,
        before,
        {"a": seat_a.entry_id, "b": seat_b.entry_id},
        {"kind": "swap", **names},
    )


@transaction.atomic
def round_move_bye(
    *,
    round: Round,
    by: User,
    entry: Any,
    version: Any,
    table: Any = None,
    position: str | None = None,
) -> Round:
    """Move a seated entry to the byes, or a bye (or a late arrival) into an empty seat."""
    rnd = _lock_round(round, version)
    tournament = rnd.tournament
    before = _seating_dict(rnd)
    try:
        seat = rnd.seats.select_related("entry").get(entry_id=int(entry))
    except (TypeError, ValueError):
        raise TournamentError("not_in_round", _("This player is not in this round."))
    except Seat.DoesNotExist:
        seat = None
    if seat is not None and not seat.is_bye:
        Seat.objects.filter(pk=seat.pk).update(
            table=None, position=Position.BYE, bye_score=_bye_score(tournament)
        )
        return _after_edit(
            rnd,
            by,
            "round.bye_moved",
            {"entry": seat.entry.name, "to": "bye"},
            before,
            {"entry": seat.entry_id, "to": "bye"},
            {"kind": "bye_move", "name": seat.entry.name, "to": "bye"},
        )
    if seat is None:
        late = Entry.objects.filter(
            pk=int(entry), tournament=tournament, status=EntryStatus.CONFIRMED, checked_in=True
        ).first()
        if late is None:
            raise TournamentError("not_in_round", _("This player is not in this round."))
        seat = Seat.objects.create(
            round=rnd, entry=late, position=Position.BYE, bye_score=_bye_score(tournament)
        )
        if table in (None, ""):
            return _after_edit(
                rnd,
                by,
                "round.bye_moved",
                {"entry": late.name, "to": "late_bye"},
                before,
                {"entry": late.pk, "to": "bye"},
                {"kind": "bye_move", "name": late.name, "to": "bye"},
            )
    if position not in seat_positions(tournament):
        raise TournamentError("bad_seat", _("Choose a table and a seat."))
    try:
        table = int(table)
    except (TypeError, ValueError):
        raise TournamentError("bad_seat", _("Choose a table and a seat."))
    tables = rnd.seats.exclude(table=None).values_list("table", flat=True)
    if not 1 <= table <= max(tables, default=0) + 1:
        raise TournamentError("bad_seat", _("There is no table %(n)s.") % {"n": table})
    if rnd.seats.filter(table=table, position=position).exists():
        raise TournamentError("seat_taken", _("This seat is taken: swap the two players instead."))
    Seat.objects.filter(pk=seat.pk).update(table=table, position=position, bye_score=None)
    return _after_edit(
        rnd,
        by,
        "round.bye_moved",
        {"entry": seat.entry.name, "to": "seat", "table": table, "seat": position},
        before,
        {"entry": seat.entry_id, "to": f"{table}{position}"},
        {
            "kind": "bye_move",
            "name": seat.entry.name,
            "to": "seat",
            "table": table,
            "seat": position,
        },
    )


def _online_hook(rnd: Round, by: User, *, start: bool) -> None:
    """An online round (tournaments.services.online): live tables at publication,
    started when play starts."""
    if round_play(rnd).mode != PlayMode.ONLINE:
        return
    if start:
        online.online_round_start(rnd)
    else:
        online.online_round_publish(rnd, by=by)


@transaction.atomic
def round_publish(*, round: Round, by: User, version: Any) -> Round:
    rnd = _lock_round(round, version)
    if rnd.status != RoundStatus.DRAFT:
        raise TournamentError("already_published", _("This round is already published."))
    report = _draft_report(rnd)
    if report["problems"] or not rnd.seats.exclude(position=Position.BYE).exists():
        raise TournamentError(
            "incomplete",
            str(tournament_kind(rnd.tournament).labels["incomplete"]),
        )
    rnd.status = RoundStatus.PUBLISHED
    rnd.published_at = timezone.now()
    rnd.report = report
    rnd.version += 1
    rnd.save(update_fields=["status", "published_at", "report", "version"])
    _online_hook(rnd, by, start=False)
    results.table_games_create(rnd)
    activity_record(
        actor=by,
        kind="round.published",
        params={"round": rnd.number, "tournament": rnd.tournament.name},
        subject=rnd,
        data={"round": rnd.number, "seed": rnd.seed, "after": _seating_dict(rnd)},
    )
    tournament_touch(tournament=rnd.tournament)
    return rnd


@transaction.atomic
def round_start_play(*, round: Round, by: User, version: Any) -> Round:
    rnd = _lock_round(round, version)
    if rnd.status != RoundStatus.PUBLISHED:
        raise TournamentError("not_published", _("Publish the round before play starts."))
    rnd.status = RoundStatus.PLAYING
    rnd.play_started_at = timezone.now()
    rnd.version += 1
    rnd.save(update_fields=["status", "play_started_at", "version"])
    _online_hook(rnd, by, start=True)
    results.table_games_create(rnd)

    clock_start_with_play(rnd)
    activity_record(
        actor=by,
        kind="round.play_started",
        params={"round": rnd.number},
        subject=rnd,
        data={"round": rnd.number},
    )
    tournament_touch(tournament=rnd.tournament)
    return rnd


@transaction.atomic
def constraint_add(
    *, tournament: Tournament, by: User, kind: str, a: Any, b: Any
) -> SeatingConstraint:
    if kind not in ConstraintKind.values:
        raise TournamentError("bad_constraint", _("Choose a kind of constraint."))
    try:
        ids = sorted({int(a), int(b)})
    except (TypeError, ValueError):
        raise TournamentError("bad_constraint", _("Choose two players."))
    if len(ids) != 2:
        raise TournamentError("bad_constraint", _("Choose two different players."))
    entries = list(Entry.objects.filter(tournament=tournament, pk__in=ids))
    if len(entries) != 2:
        raise TournamentError("bad_constraint", _("Choose two players of this tournament."))
    row, created = SeatingConstraint.objects.get_or_create(
        tournament=tournament, kind=kind, a_id=ids[0], b_id=ids[1]
    )
    if created:
        names = " / ".join(e.name for e in entries)
        activity_record(
            actor=by,
            kind="tournament.constraint_added",
            params={"rule": kind, "names": names},
            subject=tournament,
            data={"kind": kind, "a": ids[0], "b": ids[1]},
        )
    return row


@transaction.atomic
def constraint_remove(*, constraint: SeatingConstraint, by: User) -> None:
    names = " / ".join(e.name for e in (constraint.a, constraint.b))
    activity_record(
        actor=by,
        kind="tournament.constraint_removed",
        params={"rule": constraint.kind, "names": names},
        subject=constraint.tournament,
        data={"kind": constraint.kind, "a": constraint.a_id, "b": constraint.b_id},
    )
    constraint.delete()
