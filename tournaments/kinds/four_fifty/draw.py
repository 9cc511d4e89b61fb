"""The bridge to the pure 450 table draw (``tournaments.kinds.four_fifty.tables``): seat rows in and
out, the history of the published games, the report of a draft.

A 450 table's seats are ``P1`` .. ``P6`` clockwise (seat 1 keeps the sheet, seat 2
deals the first round of the game); ``tournaments.services.rounds`` calls these for a
450 tournament where it calls ``tournaments.seating`` for 500.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from tournaments.errors import TournamentError
from tournaments.kinds.four_fifty import tables as tables450
from tournaments.models import (
    ConstraintKind,
    Position,
    Round,
    RoundStatus,
    Seat,
    SeatingConstraint,
    Tournament,
)

PLAYED = (RoundStatus.PUBLISHED, RoundStatus.PLAYING)
SEATS = tables450.SEATS


def seat_index(position: str) -> int:
    return SEATS.index(position)


def tables_round(seats) -> tables450.Round:
    """Seat rows -> a tables450.Round (tables in table order, seats in seat order)."""
    tables: dict[int, list[tuple[int, Any]]] = {}
    byes = []
    for seat in seats:
        if seat.position == Position.BYE:
            byes.append(seat.entry_id)
        else:
            tables.setdefault(seat.table, []).append((seat_index(seat.position), seat.entry_id))
    return tables450.Round(
        [tuple(eid for _k, eid in sorted(tables[n])) for n in sorted(tables)], sorted(byes)
    )


def history(tournament: Tournament, before: int) -> list[tables450.Round]:
    rounds = (
        Round.objects.filter(tournament=tournament, number__lt=before, status__in=PLAYED)
        .order_by("number")
        .prefetch_related("seats")
    )
    return [tables_round(r.seats.all()) for r in rounds]


def apart(tournament: Tournament) -> list[tuple[int, int]]:
    """The director's "never at the same table" constraints (the only kind at 450)."""
    return list(
        SeatingConstraint.objects.filter(
            tournament=tournament, kind=ConstraintKind.NEVER_SAME_TABLE
        ).values_list("a_id", "b_id")
    )


def draw(
    tournament: Tournament, *, number: int, seed: int, players: list[int]
) -> tables450.TablesDraw:
    """The tables of game ``number`` for the present entries, the later games planned."""
    try:
        return tables450.draw_tables(
            players,
            history(tournament, number),
            size=tournament.table_size,
            seed=seed,
            games_total=tournament.rounds_total,
            game_number=number,
            never_same_table=apart(tournament),
        )
    except tables450.TablesError as exc:
        messages = {
            "too_few_players": _(
                "Too few players are checked in for a 450 draw: at least 3 are needed."
            ),
        }
        raise TournamentError(
            exc.code,
            messages.get(exc.code, _("The draw failed: %(error)s") % {"error": exc.message}),
        ) from exc


def seat_rows(rnd: Round, result: tables450.TablesDraw) -> list[Seat]:
    return [
        Seat(round=rnd, entry_id=eid, table=n, position=SEATS[k])
        for n, table in enumerate(result.tables, start=1)
        for k, eid in enumerate(table)
    ]


def report(tournament: Tournament, number: int, seats) -> dict:
    """What the draft of game ``number`` (its seat rows) repeats, and what stops it
    being published: a table outside 3..6 players, a seat left empty between two."""
    current = tables_round(seats)
    rounds = history(tournament, number) + [current]
    data = tables450.evaluate(rounds, only_round=len(rounds)).to_dict()
    problems = [
        _("Table %(n)s has %(count)s players: a 450 table seats 3 to 6.")
        % {"n": n, "count": len(t)}
        for n, t in enumerate(current.tables, start=1)
        if not tables450.MIN_TABLE <= len(t) <= tables450.MAX_TABLE
    ]
    by_table: dict[int, list[int]] = {}
    for seat in seats:
        if seat.position != Position.BYE:
            by_table.setdefault(seat.table, []).append(seat_index(seat.position))
    for n in sorted(by_table):
        taken = sorted(by_table[n])
        if taken != list(range(len(taken))):
            empty = next(k for k in range(len(taken) + 1) if k not in taken)
            problems.append(
                _("Table %(n)s: seat %(seat)s is empty (seats are filled from 1 up).")
                % {"n": n, "seat": empty + 1}
            )
    together = {frozenset(t) for t in current.tables}
    violations = [
        {"kind": ConstraintKind.NEVER_SAME_TABLE, "a": a, "b": b}
        for a, b in apart(tournament)
        if any(a in t and b in t for t in together)
    ]
    return {
        "table_repeats": data["repeats"],
        "repeat_count": data["repeat_count"],
        "problems": problems,
        "violations": violations,
        "seat_spread": data["seat_spread"],
        "secretary_spread": data["secretary_spread"],
    }
