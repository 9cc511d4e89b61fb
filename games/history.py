"""A member's online games and figures per variant (the member's page).

Three queries whatever the number of games: the member's seats with their tables,
every seat of those tables with its member, and the finished hands' results. The
figures come from the stored results (``GameHand.result``), the games' outcomes from
the engine's ``game_outcome`` over them: no game is replayed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import Prefetch
from django.utils.translation import gettext as _

from games import hooks
from games.engine import EngineError, game_outcome, get_variant
from games.models import GameHand, Seat, Table
from games.option_labels import variant_label

MISERES = ("MIS", "OMIS")


@dataclass
class GameLine:
    table: Table
    date: datetime
    variant: str
    seat: str
    partners: list[str]
    opponents: list[str]
    status: str  # "won", "lost", "tied", "playing", "unfinished"
    totals: dict[str, int]  # per side, the member's side first
    side: str
    hands: int
    can_replay: bool

    @property
    def score_line(self) -> str:
        return " – ".join(str(v) for v in self.totals.values())


@dataclass
class VariantFigures:
    variant: str
    label: str
    hands: int = 0
    declared: int = 0
    made: int = 0
    misere_declared: int = 0
    misere_made: int = 0
    points: int = 0
    games: int = 0
    won: int = 0

    @property
    def made_percent(self) -> int | None:
        return round(100 * self.made / self.declared) if self.declared else None

    @property
    def average(self) -> float | None:
        return round(self.points / self.hands, 1) if self.hands else None


@dataclass
class History:
    games: list[GameLine] = field(default_factory=list)
    figures: list[VariantFigures] = field(default_factory=list)


def member_games(member, viewer=None) -> History:
    """``member``'s online games (started tables, newest first) and figures per
    variant, as ``viewer`` may see them: a game at an invite-only table is listed and
    counted in the figures only for the member, a fellow player of that table and
    directors; anyone else sees neither its line nor its hands in the figures. A hand an
    app holds back from the viewer (``hooks.on_hold``) counts in neither yet."""
    seats = list(
        Seat.objects.filter(user=member, table__started_at__isnull=False)
        .select_related("table")
        .prefetch_related(
            Prefetch(
                "table__seats", queryset=Seat.objects.select_related("user").order_by("position")
            )
        )
        .order_by("-table__started_at")
    )
    # The hands an app holds back from the viewer at tables they did not sit at (a
    # duplicate board until every table has played it): left out of lines and figures.
    me = viewer.pk if viewer is not None and viewer.is_authenticated else None
    others = [
        s.table_id for s in seats if me is None or all(o.user_id != me for o in s.table.seats.all())
    ]
    held = hooks.holds(others, viewer) if others else {}
    results: dict[int, list[dict]] = {}
    for table_id, number, result in (
        GameHand.objects.filter(table_id__in=[s.table_id for s in seats], result__isnull=False)
        .order_by("table_id", "number")
        .values_list("table_id", "number", "result")
    ):
        if table_id in held and number in held[table_id].numbers:
            continue
        results.setdefault(table_id, []).append(result)
    history = History()
    figures: dict[str, VariantFigures] = {}
    sees_all = viewer is not None and (viewer.pk == member.pk or viewer.has_perm("club.run_tables"))
    for own in seats:
        table = own.table
        try:
            variant = get_variant(table.variant, table.options)
        except EngineError:  # a preset since removed: nothing to count it by
            continue
        seated = viewer is not None and any(s.user_id == viewer.pk for s in table.seats.all())
        if not (table.visibility == Table.Visibility.PUBLIC or sees_all or seated):
            continue
        stored = results.get(table.pk, [])
        side = variant.team_names[variant.team_of[variant.seats.index(own.seat)]]
        line = _game_line(table, own, variant, side, stored)
        history.games.append(line)
        fig = figures.get(table.variant)
        if fig is None:
            fig = figures[table.variant] = VariantFigures(
                table.variant, variant_label(table.variant)
            )
        _count(fig, own.seat, side, stored)
        if line.status in ("won", "lost", "tied"):
            fig.games += 1
            fig.won += line.status == "won"
    history.figures = sorted(figures.values(), key=lambda f: -f.hands)
    return history


def _game_line(table, own, variant, side, stored) -> GameLine:
    """The game as its viewer sees it (one the viewer may see: ``member_games``)."""
    seats = list(table.seats.all())
    mates = variant.teams[variant.team_of[variant.seats.index(own.seat)]]
    mate_seats = {variant.seats[i] for i in mates} - {own.seat}
    partners = [_name(s) for s in seats if s.seat in mate_seats]
    opponents = [_name(s) for s in seats if s.seat not in mate_seats and s.seat != own.seat]
    outcome = game_outcome(table.variant, table.options, stored)
    totals = {
        side: outcome["totals"][side],
        **{t: v for t, v in outcome["totals"].items() if t != side},
    }
    if table.status == Table.Status.PLAYING:
        status = "playing"
    elif not outcome["is_over"]:
        status = "unfinished"
    elif side in outcome["winners"]:  # at 5 players, a partnership wins together
        status = "won"
    elif outcome["winner"] is None:
        status = "tied"
    else:
        status = "lost"
    return GameLine(
        table=table,
        date=table.started_at,
        variant=variant_label(table.variant),
        seat=own.seat,
        partners=partners,
        opponents=opponents,
        status=status,
        totals=totals,
        side=side,
        hands=len(stored),
        can_replay=bool(stored),
    )


def _count(fig: VariantFigures, seat: str, side: str, stored: list[dict]) -> None:
    for result in stored:
        if result.get("redeal"):
            continue
        fig.hands += 1
        fig.points += result["score"].get(side, 0)
        if result.get("declarer") == seat:
            fig.declared += 1
            fig.made += bool(result.get("made"))
            if result.get("contract") in MISERES:
                fig.misere_declared += 1
                fig.misere_made += bool(result.get("made"))


def _name(seat: Seat) -> str:
    if seat.user is not None:
        return seat.user.public_name
    return _("Robot") if seat.is_bot else "—"
