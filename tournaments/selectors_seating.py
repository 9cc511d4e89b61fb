"""Readers between the database and the pure ``tournaments.seating``: rounds as seating
values, the published history, the director's rules and the present field."""

from __future__ import annotations

from tournaments import seating
from tournaments.kinds.registry import tournament_kind
from tournaments.models import (
    ConstraintKind,
    Entry,
    EntryStatus,
    FixedSeat,
    Position,
    Round,
    RoundStatus,
    SeatingConstraint,
    Tournament,
)

PLAYED = (RoundStatus.PUBLISHED, RoundStatus.PLAYING)


def seat_positions(tournament: Tournament) -> tuple[str, ...]:
    """The seats of a table of ``tournament``'s game (and format)."""
    return tournament_kind(tournament).seat_positions(tournament)


def round_to_seating(seats) -> seating.Round:
    """Seat rows -> a seating.Round (tables in table order; empty seats left out)."""
    tables: dict[int, dict[str, int]] = {}
    byes = []
    for seat in sorted(seats, key=lambda s: (s.table or 0, s.position, s.entry_id)):
        if seat.position == Position.BYE:
            byes.append(seat.entry_id)
        else:
            tables.setdefault(seat.table, {})[seat.position] = seat.entry_id
    count = max(tables, default=0)
    return seating.Round([tables.get(n, {}) for n in range(1, count + 1)], byes)


def history_for(tournament: Tournament, before: int) -> list[seating.Round]:
    """The published rounds before round ``before``, as played (with every edit)."""
    rounds = (
        Round.objects.filter(tournament=tournament, number__lt=before, status__in=PLAYED)
        .order_by("number")
        .prefetch_related("seats")
    )
    return [round_to_seating(r.seats.all()) for r in rounds]


def constraints_for(tournament: Tournament) -> seating.Constraints:
    rows = SeatingConstraint.objects.filter(tournament=tournament)
    fixed = FixedSeat.objects.filter(tournament=tournament).order_by("id")
    return seating.Constraints(
        never_partners=[(c.a_id, c.b_id) for c in rows if c.kind == ConstraintKind.NEVER_PARTNERS],
        never_same_table=[
            (c.a_id, c.b_id) for c in rows if c.kind == ConstraintKind.NEVER_SAME_TABLE
        ],
        fixed_seats=[(f.entry_id, f.position, f.table) for f in fixed],
    )


def present_players(tournament: Tournament) -> list[int]:
    """Entry ids of the checked-in, confirmed entries: the field of the next draw."""
    return sorted(
        Entry.objects.filter(
            tournament=tournament, status=EntryStatus.CONFIRMED, checked_in=True
        ).values_list("id", flat=True)
    )
