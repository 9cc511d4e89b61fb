"""The bridge to the pure 500 draw (``tournaments.seating``) for
``tournaments.services.rounds``: draw a round from the seating plan, seat rows in and
out, the report of a draft (repeats, violations, problems)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from tournaments import seating
from tournaments.errors import TournamentError
from tournaments.models import Round, Seat
from tournaments.selectors_seating import constraints_for, history_for, round_to_seating
from tournaments.services.plans import plan_draw


def _seating_error(exc: seating.SeatingError, pairs: bool) -> TournamentError:
    messages = {
        "too_few_players": (
            _("Too few pairs are checked in for a draw: at least 2 are needed.")
            if pairs
            else _("Too few players are checked in for a draw: at least 4 are needed.")
        ),
    }
    return TournamentError(
        exc.code, messages.get(exc.code, _("The draw failed: %(error)s") % {"error": exc.message})
    )


def draw(tournament, *, number: int, seed: int, players, redraw: bool):
    """(draw, seed, plan change or None): round ``number`` from the seating plan."""
    try:
        result, plan, change = plan_draw(
            tournament=tournament, number=number, players=players, seed=seed, redraw=redraw
        )
    except seating.SeatingError as exc:
        raise _seating_error(exc, tournament.is_pairs) from exc
    return result, plan.seed, change


def seat_rows(rnd: Round, result) -> list[Seat]:
    return [
        Seat(round=rnd, entry_id=eid, table=n, position=pos)
        for n, table in enumerate(result.tables, start=1)
        for pos, eid in table.items()
    ]


def report(rnd: Round) -> dict[str, Any]:
    """What the round's seating repeats and what stops it being published."""
    tournament = rnd.tournament
    current = round_to_seating(rnd.seats.all())
    rounds = history_for(tournament, rnd.number) + [current]
    data = seating.evaluate(
        rounds,
        constraints=constraints_for(tournament),
        fmt=tournament.format,
        only_round=len(rounds),
    ).to_dict()
    keep = (
        "partner_repeats",
        "opponent_repeats",
        "bye_repeats",
        "violations",
        "problems",
        "partner_repeat_count",
        "opponent_repeat_count",
        "seat_spread",
        "side_spread",
        "dealer_spread",
    )
    return {k: data[k] for k in keep}
