"""Tournaments, registrations (entries), seating constraints, rounds and seats."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games.kinds import DEFAULT_BOT_LEVEL, DEFAULT_KIND, KIND_CHOICES, KINDS
from games.models import BOT_LEVEL_FIELD_CHOICES
from tournaments import status as machine
from tournaments.kinds.registry import tournament_kind


class Status(models.TextChoices):
    DRAFT = machine.DRAFT, _("Draft")
    REGISTRATION_OPEN = machine.REGISTRATION_OPEN, _("Registration open")
    REGISTRATION_CLOSED = machine.REGISTRATION_CLOSED, _("Registration closed")
    RUNNING = machine.RUNNING, _("Running")
    FINISHED = machine.FINISHED, pgettext_lazy("tournament status", "Finished")
    CANCELLED = machine.CANCELLED, _("Cancelled")


class Format(models.TextChoices):
    INDIVIDUAL = "individual", _("Individual (partners drawn each round)")
    PAIRS = "pairs", _("Pairs (fixed partners)")


#: The games played each for himself (no partner at their default rules): a tournament
#: of one of these is individual.
WITHOUT_PARTNERS = [
    name for name, kind in KINDS.items() if not kind.has_partners(kind.default_variant, {})
]


class TableSize(models.IntegerChoices):
    """Players per table at 450 (the draw: ``tournaments.tables450.table_sizes``)."""

    EVEN = 0, _("As even as possible")
    THREE = 3, _("3 players")
    FOUR = 4, _("4 players")
    FIVE = 5, _("5 players")
    SIX = 6, _("6 players")


class SheetEntry(models.TextChoices):
    """What the secretary's sheet of a 450 table holds for each round."""

    CARDS = "cards", _("Each player's last cards: the site counts the points")
    POINTS = "points", _("Each player's points, counted at the table")


class Spectators(models.TextChoices):
    """Who may watch the live tables of an online tournament (as spectators)."""

    NOBODY = "nobody", _("Nobody")
    MEMBERS = "members", _("Club members")
    EVERYONE = "everyone", _("Everyone, visitors not logged in included")


class Place(models.TextChoices):
    HALL = "hall", _("Club hall")
    ONLINE = "online", _("Online")


class ByeScore(models.TextChoices):
    AVERAGE = "average", _("Average score of the round")
    FIXED = "fixed", _("Fixed score")
    ZERO = "zero", _("Zero")


class TieRule(models.TextChoices):
    SHARED = "shared", _("Tied players share the place")
    GAMES_WON = "games_won", _("Most games won breaks the tie")


#: Boards a duplicate round may have: 30 rounds of 32 boards stay within the engine's
#: board numbers (``games.engine.boards.BOARD_MAX``), numbered on from round to round.
BOARDS_MIN, BOARDS_MAX = 1, 32


class Tournament(models.Model):
    name = models.CharField(_("name"), max_length=120)
    game = models.CharField(_("game"), max_length=3, choices=KIND_CHOICES, default=DEFAULT_KIND)
    starts_at = models.DateTimeField(_("date and start time"))
    place = models.CharField(_("place"), max_length=10, choices=Place.choices, default=Place.HALL)
    variant = models.CharField(_("rule variant"), max_length=40, default="quebec")
    variant_options = models.JSONField(_("rule options"), default=dict, blank=True)
    format = models.CharField(
        _("format"), max_length=12, choices=Format.choices, default=Format.INDIVIDUAL
    )
    rounds_total = models.PositiveSmallIntegerField(_("number of games"), default=6)
    hands_per_game = models.PositiveSmallIntegerField(_("hands per game"), default=8)
    capacity = models.PositiveIntegerField(
        _("capacity"),
        default=32,
        help_text=_("Players (individual format) or pairs (pairs format)."),
    )
    registration_opens_at = models.DateTimeField(_("registration opens"), null=True, blank=True)
    registration_closes_at = models.DateTimeField(_("registration closes"), null=True, blank=True)
    notes = models.TextField(_("notes"), blank=True)
    bye_score = models.CharField(
        _("score of a bye"), max_length=10, choices=ByeScore.choices, default=ByeScore.AVERAGE
    )
    bye_fixed_score = models.IntegerField(_("fixed bye score"), default=0)
    tie_rule = models.CharField(
        _("ties"), max_length=12, choices=TieRule.choices, default=TieRule.SHARED
    )
    table_size = models.PositiveSmallIntegerField(
        _("players per table (450)"),
        choices=TableSize.choices,
        default=TableSize.FOUR,
        help_text=_("450 tables seat 3 to 6: the draw never makes a table below 3."),
    )
    sheet_entry = models.CharField(
        _("secretary's sheet (450)"),
        max_length=10,
        choices=SheetEntry.choices,
        default=SheetEntry.CARDS,
    )
    spectators = models.CharField(
        _("who may watch the online tables"),
        max_length=10,
        choices=Spectators.choices,
        default=Spectators.MEMBERS,
        help_text=_(
            "Spectators see a table as it plays, never a player's cards; the players of a "
            "round may watch only once their own table has finished."
        ),
    )
    # The level of the bots that take an absent member's seat at the online rounds'
    # tables (``Table.bot_level`` of the tables created for them).
    bot_level = models.CharField(
        _("level of the bots replacing an absent player"),
        max_length=10,
        choices=BOT_LEVEL_FIELD_CHOICES,
        default=DEFAULT_BOT_LEVEL,
        help_text=_(
            "At 500, Club and Strong bots search their bidding and card play (Strong "
            "longer); their discards stay at the beginner's rules of thumb. At 450, with "
            "three or four players, they search their discards; their other choices stay "
            "at the rules of thumb."
        ),
    )
    duplicate = models.BooleanField(
        _("identical deals (duplicate)"),
        default=False,
        help_text=_(
            "Every table plays the same deals (boards) in a round: each result is compared "
            "with the same board's results at the other tables, so the luck of the cards "
            "cancels out."
        ),
    )
    boards_per_round = models.PositiveSmallIntegerField(_("boards per round"), default=6)
    status = models.CharField(
        _("status"), max_length=20, choices=Status.choices, default=Status.DRAFT, db_index=True
    )
    checkin_code = models.CharField(_("check-in code"), max_length=8)
    version = models.PositiveIntegerField(default=1)
    copied_from = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        ordering = ["starts_at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(capacity__gte=1), name="tournament_capacity_positive"
            ),
            models.CheckConstraint(
                condition=Q(rounds_total__gte=1, rounds_total__lte=30),
                name="tournament_rounds_range",
            ),
            models.CheckConstraint(
                condition=Q(hands_per_game__gte=1, hands_per_game__lte=100),
                name="tournament_hands_range",
            ),
            models.CheckConstraint(
                condition=Q(boards_per_round__gte=BOARDS_MIN, boards_per_round__lte=BOARDS_MAX),
                name="tournament_boards_range",
            ),
            models.CheckConstraint(
                condition=Q(registration_opens_at__isnull=True)
                | Q(registration_closes_at__isnull=True)
                | Q(registration_closes_at__gt=models.F("registration_opens_at")),
                name="tournament_registration_window",
            ),
            models.CheckConstraint(
                condition=Q(status__in=Status.values), name="tournament_status_valid"
            ),
            models.CheckConstraint(
                condition=Q(format__in=Format.values), name="tournament_format_valid"
            ),
            models.CheckConstraint(condition=Q(game__in=list(KINDS)), name="tournament_game_valid"),
            models.CheckConstraint(
                condition=Q(table_size__in=TableSize.values), name="tournament_table_size_valid"
            ),
            models.CheckConstraint(
                condition=~Q(game__in=WITHOUT_PARTNERS) | Q(format=Format.INDIVIDUAL),
                name="tournament_450_individual",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournaments:detail", args=[self.pk])

    @property
    def game_hands(self) -> int:
        """The hands of one game at a table: ``hands_per_game``, or in a duplicate
        tournament the round's boards (one hand each)."""
        return self.boards_per_round if self.duplicate else self.hands_per_game

    @property
    def is_pairs(self) -> bool:
        return self.format == Format.PAIRS

    @property
    def kind(self):
        """The tournaments' part of this tournament's game
        (``tournaments.kinds.registry.TournamentKind``): what its pages, draws, sheets and
        console do differently from one game to the other."""
        return tournament_kind(self)

    @property
    def group_name(self) -> str:
        return f"tournament.{self.pk}"


class EntryStatus(models.TextChoices):
    PENDING = "pending", _("Waiting for the partner to confirm")
    CONFIRMED = "confirmed", pgettext_lazy("entry status", "Registered")
    WAITING = "waiting", _("Waiting list")
    DECLINED = "declined", _("Partner declined")
    WITHDRAWN = "withdrawn", _("Withdrawn")
    REMOVED = "removed", _("Removed by a director")


ACTIVE_ENTRY = (EntryStatus.PENDING, EntryStatus.CONFIRMED, EntryStatus.WAITING)


class Entry(models.Model):
    """One registration: a player (individual) or a pair (pairs format).

    The seating draw works on entry ids: a player id in the individual format, a pair
    id in the pairs format. A guest (walk-in who is not a member) has a name only.
    """

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="tournament_entries",
    )
    guest_name = models.CharField(_("guest name"), max_length=80, blank=True)
    partner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="partner_entries",
    )
    partner_guest_name = models.CharField(_("partner's guest name"), max_length=80, blank=True)
    status = models.CharField(
        _("status"), max_length=12, choices=EntryStatus.choices, default=EntryStatus.CONFIRMED
    )
    created_at = models.DateTimeField(auto_now_add=True)
    queued_at = models.DateTimeField(null=True, blank=True)
    checked_in = models.BooleanField(_("present"), default=False)
    checked_in_at = models.DateTimeField(null=True, blank=True)
    is_walk_in = models.BooleanField(default=False)

    class Meta:
        verbose_name = _("registration")
        verbose_name_plural = _("registrations")
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "player"],
                condition=Q(player__isnull=False, status__in=[s.value for s in ACTIVE_ENTRY]),
                name="entry_one_active_per_player",
            ),
            models.UniqueConstraint(
                fields=["tournament", "partner"],
                condition=Q(partner__isnull=False, status__in=[s.value for s in ACTIVE_ENTRY]),
                name="entry_one_active_per_partner",
            ),
            models.CheckConstraint(
                condition=Q(player__isnull=False) | ~Q(guest_name=""), name="entry_player_or_guest"
            ),
            models.CheckConstraint(
                condition=Q(partner__isnull=True) | ~Q(partner=models.F("player")),
                name="entry_partner_not_self",
            ),
            models.CheckConstraint(
                condition=Q(status__in=EntryStatus.values), name="entry_status_valid"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def player_name(self) -> str:
        return self.player.public_name if self.player_id else self.guest_name

    @property
    def partner_name(self) -> str:
        if self.partner_id:
            return self.partner.public_name
        return self.partner_guest_name

    @property
    def name(self) -> str:
        partner = self.partner_name
        return f"{self.player_name} & {partner}" if partner else self.player_name

    @property
    def is_active(self) -> bool:
        return self.status in ACTIVE_ENTRY

    def involves(self, user) -> bool:
        return user.pk is not None and user.pk in (self.player_id, self.partner_id)


class LookingForPartner(models.Model):
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="looking_for_partner"
    )
    member = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    note = models.CharField(_("note"), max_length=140, blank=True)
    share_contact = models.BooleanField(_("show my email and phone to members"), default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("player looking for a partner")
        verbose_name_plural = _("players looking for a partner")
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "member"], name="looking_once_per_tournament"
            )
        ]


class ConstraintKind(models.TextChoices):
    NEVER_PARTNERS = "never_partners", _("Never partners")
    NEVER_SAME_TABLE = "never_same_table", _("Never at the same table")


class SeatingConstraint(models.Model):
    """A director's hard rule for the draws: these two entries never partner / meet."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="seating_constraints"
    )
    kind = models.CharField(_("kind"), max_length=20, choices=ConstraintKind.choices)
    a = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+")
    b = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+")

    class Meta:
        verbose_name = _("seating constraint")
        verbose_name_plural = _("seating constraints")
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "kind", "a", "b"], name="seating_constraint_unique"
            ),
            models.CheckConstraint(
                condition=Q(a__lt=models.F("b")), name="seating_constraint_ordered"
            ),
        ]


class RoundStatus(models.TextChoices):
    DRAFT = "draft", _("Draft")
    PUBLISHED = "published", _("Published")
    PLAYING = "playing", _("Play started")


class Round(models.Model):
    """One game (partie) of the tournament: its draw, seed and edit version."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("round"))
    status = models.CharField(
        _("status"), max_length=10, choices=RoundStatus.choices, default=RoundStatus.DRAFT
    )
    seed = models.BigIntegerField(_("seed"))
    #: A duplicate round's secret seed of its boards (``games.engine.boards``): its hash
    #: is public, the seed itself only once the round is over
    #: (``tournaments.selectors_boards``). Empty when the tournament is not duplicate.
    board_seed = models.CharField(_("seed of the boards"), max_length=64, blank=True)
    version = models.PositiveIntegerField(default=1)
    report = models.JSONField(default=dict, blank=True)
    drawn_at = models.DateTimeField(auto_now_add=True)
    published_at = models.DateTimeField(null=True, blank=True)
    play_started_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} — {self.number}"

    @property
    def is_editable(self) -> bool:
        return self.status != RoundStatus.PLAYING

    @property
    def board_numbers(self) -> tuple[int, int]:
        """The first and last of the round's boards: numbered on from round to round
        (round 2 of 6 boards a round plays boards 7 to 12)."""
        per = self.tournament.boards_per_round
        return (self.number - 1) * per + 1, self.number * per


class Position(models.TextChoices):
    NORTH = "N", _("North")
    EAST = "E", _("East")
    SOUTH = "S", _("South")
    WEST = "W", _("West")
    NS = "NS", _("North–South")
    EW = "EW", _("East–West")
    # 450 tables: seats clockwise, seat 1 the secretary (the engine's P1 .. P6)
    P1 = "P1", _("Seat 1")
    P2 = "P2", _("Seat 2")
    P3 = "P3", _("Seat 3")
    P4 = "P4", _("Seat 4")
    P5 = "P5", _("Seat 5")
    P6 = "P6", _("Seat 6")
    BYE = "BYE", _("Bye")


class Seat(models.Model):
    """Where one entry sits in one round (a table and seat, or a bye)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="seats")
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="seats")
    table = models.PositiveSmallIntegerField(_("table"), null=True, blank=True)
    position = models.CharField(_("seat"), max_length=3, choices=Position.choices)
    bye_score = models.IntegerField(
        _("bye score"),
        null=True,
        blank=True,
        help_text=_(
            "Empty when the bye gets the average of the round (computed with the results)."
        ),
    )

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        ordering = ["round", "table", "position"]
        constraints = [
            models.UniqueConstraint(fields=["round", "entry"], name="seat_entry_once_per_round"),
            models.UniqueConstraint(
                fields=["round", "table", "position"],
                condition=Q(table__isnull=False),
                name="seat_unique_per_round",
            ),
            models.CheckConstraint(
                condition=(Q(position="BYE") & Q(table__isnull=True))
                | (~Q(position="BYE") & Q(table__isnull=False)),
                name="seat_bye_has_no_table",
            ),
        ]

    @property
    def is_bye(self) -> bool:
        return self.position == Position.BYE


from tournaments.models_results import *  # noqa: E402,F401,F403  (results models)
from tournaments.models_seating import *  # noqa: E402,F401,F403  (seating plan models)
