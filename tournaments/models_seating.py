"""The planned schedule of a tournament and the director's fixed seats.

Imported at the end of ``tournaments.models`` (one line), so these are models of the
``tournaments`` app. ``SeatingPlan`` holds every round of the tournament as planned
(``tournaments.seating`` plans them all at round 1, and again when the field changes);
round *r* is published from it. ``changes`` tells the director why the plan changed.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

__all__ = ["SeatingPlan", "FixedSeat", "FIXED_POSITIONS"]

#: Seats a player can be fixed to: N E S W (individual), NS EW (pairs).
FIXED_POSITIONS = ("N", "E", "S", "W", "NS", "EW")


class SeatingPlan(models.Model):
    """Every round of a tournament as planned (played rounds as they were played).

    ``rounds``: ``[{"tables": [{"N": entry id, ...}, ...], "byes": [...]}, ...]`` for
    rounds 1..R. ``players``: the entry ids the unplayed rounds seat. ``figures``: the
    whole tournament as planned (``partner``, ``opponent``, ``bye_spread``,
    ``side_spread``, ``seat_spread``, ``dealer_spread``). ``best_known`` / ``bound``:
    the best known and the least possible opponent repeats for the cell (players x
    games). ``changes``: oldest first, each ``{"round", "kind", "reasons", "before",
    "after", "moved", "players", "at"}`` (see ``tournaments.services.plans``).
    """

    tournament = models.OneToOneField(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="seating_plan"
    )
    seed = models.BigIntegerField(_("seed"))
    source = models.CharField(max_length=20)
    rounds = models.JSONField(default=list)
    players = models.JSONField(default=list)
    figures = models.JSONField(default=dict)
    best_known = models.IntegerField(null=True, blank=True)
    bound = models.IntegerField(default=0)
    changes = models.JSONField(default=list, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("seating plan")
        verbose_name_plural = _("seating plans")


class FixedSeat(models.Model):
    """A player (or pair) who always sits at one seat, and at one table if given (a
    player who must sit N for mobility, say)."""

    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="fixed_seats"
    )
    entry = models.ForeignKey("tournaments.Entry", on_delete=models.CASCADE, related_name="+")
    position = models.CharField(_("seat"), max_length=2)
    table = models.PositiveSmallIntegerField(_("table"), null=True, blank=True)

    class Meta:
        verbose_name = _("fixed seat")
        verbose_name_plural = _("fixed seats")
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "entry"], name="fixed_seat_once_per_entry"
            ),
            models.CheckConstraint(
                condition=Q(position__in=FIXED_POSITIONS), name="fixed_seat_position_valid"
            ),
            models.CheckConstraint(
                condition=Q(table__isnull=True) | Q(table__gte=1), name="fixed_seat_table_positive"
            ),
        ]
