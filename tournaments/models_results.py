"""Results: each table's game in a round, its hands (score sheet), online links, seasons.

Imported at the end of ``tournaments.models`` (one line), so these are models of the
``tournaments`` app. The engine is the only scorer: a hand row stores what the table
entered (declarer, contract, tricks) and the score ``games.engine.score_sheet_hand``
computed; nobody types a score.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.clock import Clock

__all__ = [
    "PlayMode",
    "ResultsSettings",
    "RoundPlay",
    "GameStatus",
    "TableGame",
    "HandScore",
    "SheetLine",
    "SheetSubmission",
    "Season",
    "DirectorCall",
]

SIDES = ("NS", "EW")


class PlayMode(models.TextChoices):
    HALL = "hall", _("Club hall (cards, sheet entered on phones)")
    ONLINE = "online", _("Online (live tables)")


class ResultsSettings(models.Model):
    """Per-tournament results settings (created on first use)."""

    tournament = models.OneToOneField(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="results_settings"
    )
    absence_grace_seconds = models.PositiveIntegerField(
        _("grace before a bot plays for an absent player (seconds)"), default=120
    )
    round_minutes = models.PositiveSmallIntegerField(
        _("minutes per round (round clock)"), default=60
    )
    table_chat = models.BooleanField(_("players may chat at the online tables"), default=False)
    reopened_at = models.DateTimeField(_("reopened"), null=True, blank=True)
    reopen_reason = models.CharField(_("reason for reopening"), max_length=300, blank=True)

    class Meta:
        verbose_name = _("results settings")
        verbose_name_plural = _("results settings")
        constraints = [
            models.CheckConstraint(
                condition=Q(round_minutes__gte=5, round_minutes__lte=600),
                name="results_round_minutes_range",
            ),
        ]

    def __str__(self) -> str:
        return str(self.tournament)


class RoundPlay(models.Model):
    """How a round is played (hall or online) and whether its results are closed."""

    round = models.OneToOneField("tournaments.Round", on_delete=models.CASCADE, related_name="play")
    mode = models.CharField(
        _("played"), max_length=10, choices=PlayMode.choices, default=PlayMode.HALL
    )
    closed_at = models.DateTimeField(_("closed"), null=True, blank=True)
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    reopened_at = models.DateTimeField(_("reopened"), null=True, blank=True)
    reopen_reason = models.CharField(_("reason for reopening"), max_length=300, blank=True)
    corrected_at = models.DateTimeField(
        _("corrected after closing"),
        null=True,
        blank=True,
        help_text=_("Last change made after the round was reopened."),
    )
    # The round clock (tournaments.clock): running from clock_started_at, paused
    # since clock_paused_at, clock_paused_seconds of earlier pauses.
    clock_minutes = models.PositiveSmallIntegerField(null=True, blank=True)
    clock_started_at = models.DateTimeField(null=True, blank=True)
    clock_paused_at = models.DateTimeField(null=True, blank=True)
    clock_paused_seconds = models.PositiveIntegerField(default=0)

    class Meta:
        verbose_name = _("round play")
        verbose_name_plural = _("round plays")

    def __str__(self) -> str:
        return str(self.round)

    @property
    def is_closed(self) -> bool:
        return self.closed_at is not None

    @property
    def clock(self):
        return Clock(
            minutes=self.clock_minutes,
            started_at=self.clock_started_at,
            paused_at=self.clock_paused_at,
            paused_seconds=self.clock_paused_seconds,
        )


class GameStatus(models.TextChoices):
    PLAYING = "playing", _("In progress")
    COMPLETE = "complete", _("Complete")
    ADJUSTED = "adjusted", _("Adjusted score")


class TableGame(models.Model):
    """One table's game (*partie*) in one round: the running sheet's header and totals.

    500: ``ns_total`` / ``ew_total`` are the sums of the hand scores (or the director's
    adjusted totals). 450: ``totals`` maps each seat (P1 ..) to its total over the
    secretary's sheet (or the adjusted totals); ``hands_done`` counts its rounds. Only
    complete or adjusted games feed the standings.
    """

    round = models.ForeignKey("tournaments.Round", on_delete=models.CASCADE, related_name="games")
    table = models.PositiveSmallIntegerField(_("table"))
    mode = models.CharField(max_length=10, choices=PlayMode.choices, default=PlayMode.HALL)
    live_table = models.OneToOneField(
        "games.Table",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="tournament_game",
    )
    status = models.CharField(
        _("status"), max_length=10, choices=GameStatus.choices, default=GameStatus.PLAYING
    )
    ns_total = models.IntegerField(default=0)
    ew_total = models.IntegerField(default=0)
    totals = models.JSONField(default=dict, blank=True)
    hands_done = models.PositiveSmallIntegerField(default=0)
    hands_pending = models.PositiveSmallIntegerField(default=0)
    flags = models.JSONField(default=dict, blank=True)
    adjusted_reason = models.CharField(max_length=300, blank=True)
    version = models.PositiveIntegerField(default=1)
    completed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("table's game")
        verbose_name_plural = _("tables' games")
        ordering = ["round", "table"]
        constraints = [
            models.UniqueConstraint(fields=["round", "table"], name="table_game_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.round} / {self.table}"

    @property
    def counts(self) -> bool:
        return self.status in (GameStatus.COMPLETE, GameStatus.ADJUSTED)


class SignedEntry(models.Model):
    """Who entered a row of a table's sheet, and who signed it off (another side at 500,
    another player at 450; or a director)."""

    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    entered_at = models.DateTimeField(auto_now_add=True)
    confirmed = models.BooleanField(default=False)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    confirmed_by_name = models.CharField(max_length=120, blank=True)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    corrected = models.BooleanField(default=False)

    class Meta:
        abstract = True


class HandScore(SignedEntry):
    """One deal at a table, as on the paper sheet (a re-deal is a row that scores 0).

    ``seq`` is the deal's order at the table (1, 2, ...; unique: a deal is entered once);
    ``hand`` is the hand number that counts (a re-deal by the same dealer keeps the
    number of the hand that follows it). ``confirmed_*``: the other side's sign-off.
    """

    game = models.ForeignKey(TableGame, on_delete=models.CASCADE, related_name="hands")
    seq = models.PositiveSmallIntegerField()
    hand = models.PositiveSmallIntegerField(_("hand"))
    dealer = models.CharField(_("dealer"), max_length=1)
    redeal = models.BooleanField(_("re-deal (all passed)"), default=False)
    declarer = models.CharField(_("declarer"), max_length=1, blank=True)
    contract = models.CharField(_("contract"), max_length=5, blank=True)
    tricks = models.PositiveSmallIntegerField(_("tricks"), null=True, blank=True)
    ns_score = models.IntegerField(default=0)
    ew_score = models.IntegerField(default=0)
    made = models.BooleanField(null=True)
    entered_side = models.CharField(max_length=2, blank=True)
    live_hand = models.OneToOneField(
        "games.GameHand", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    by_bot = models.BooleanField(default=False)

    class Meta:
        verbose_name = _("hand (score sheet)")
        verbose_name_plural = _("hands (score sheets)")
        ordering = ["game", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="hand_score_unique"),
            models.UniqueConstraint(
                fields=["game", "hand"], condition=Q(redeal=False), name="hand_score_hand_once"
            ),
            models.CheckConstraint(
                condition=Q(tricks__isnull=True) | Q(tricks__gte=0, tricks__lte=10),
                name="hand_score_tricks_range",
            ),
            models.CheckConstraint(
                condition=Q(entered_side__in=["", "NS", "EW"]), name="hand_score_side_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game} #{self.seq}"

    def record(self, variant: str, options: dict) -> dict:
        """The score-sheet record of this hand (HAND-RECORD.md), or None for a re-deal."""
        return {
            "format": "club500-hand/1",
            "variant": variant,
            "options": dict(options),
            "declarer": self.declarer,
            "contract": self.contract,
            "tricks": self.tricks,
        }


class SheetLine(SignedEntry):
    """One 450 round (*manche*) at a table: a line of the secretary's sheet.

    ``record`` is what the table entered, a ``club450-sheet/1`` record (the last cards,
    pot cards, double-faced card, majors, master; or the points); ``points`` maps each
    seat to what the engine made of it (``games.engine.four_fifty.read_sheet``): nobody
    types a total. ``seq`` is the round's number at the table (unique: a round is
    entered once). Pending until another player of the table confirms it.
    """

    game = models.ForeignKey(TableGame, on_delete=models.CASCADE, related_name="sheet_lines")
    seq = models.PositiveSmallIntegerField(_("round"))
    dealer = models.CharField(_("dealer"), max_length=2)
    entry = models.CharField(max_length=10, default="cards")
    record = models.JSONField(default=dict)
    points = models.JSONField(default=dict)
    master = models.CharField(_("master"), max_length=2, blank=True)
    entered_seat = models.CharField(max_length=2, blank=True)

    class Meta:
        verbose_name = _("round of a secretary's sheet (450)")
        verbose_name_plural = _("rounds of secretary's sheets (450)")
        ordering = ["game", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="sheet_line_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.game} #{self.seq}"


class SheetSubmission(models.Model):
    """An entry a phone sent to a table's sheet under its own key (a UUID the page makes
    for each hand entered, each confirmation and each 450 round): the receipt that makes
    a resent entry (a phone that lost the answer, a queue sent again after the network
    came back) answer the same without writing twice.

    ``result`` is ``done`` (the entry was written) or ``conflict`` (refused because the
    sheet changed meanwhile: the hand entered by the other side, already confirmed, the
    round closed; nothing was written). A conflict keeps what the phone sent (``data``)
    for the director, who marks it ``resolved`` once the sheet is right."""

    class Action(models.TextChoices):
        ENTER = "enter", _("entry")
        CONFIRM = "confirm", _("confirmation")

    class Result(models.TextChoices):
        DONE = "done", _("recorded")
        CONFLICT = "conflict", _("conflict")

    key = models.UUIDField()
    game = models.ForeignKey(TableGame, on_delete=models.CASCADE, related_name="submissions")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    action = models.CharField(max_length=10, choices=Action.choices)
    seq = models.PositiveSmallIntegerField(null=True, blank=True)
    result = models.CharField(max_length=10, choices=Result.choices)
    code = models.CharField(max_length=40, blank=True)
    message = models.CharField(max_length=300, blank=True)
    data = models.JSONField(default=list, blank=True)  # [[field, value], ...] as sent
    created_at = models.DateTimeField(auto_now_add=True)
    resolved_at = models.DateTimeField(null=True, blank=True)
    resolved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        verbose_name = _("entry sent from a phone")
        verbose_name_plural = _("entries sent from phones")
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["key"], name="sheet_submission_key_once"),
        ]

    def __str__(self) -> str:
        return f"{self.game} {self.action} {self.key}"

    @property
    def sent(self) -> str:
        """What the phone sent, as the director reads it: the form's values in order
        (the row it named left out: ``seq`` says which)."""
        return " · ".join(v for k, v in self.data if v and k not in ("seq", "hand", "line"))


class Season(models.Model):
    """A season ranking over tournaments a director picks."""

    class Scoring(models.TextChoices):
        POINTS = "points", _("Sum of tournament totals")
        PLACES = "places", _("Points per place (10, 8, 6, 5, 4, 3, 2, 1)")

    name = models.CharField(_("name"), max_length=120)
    tournaments = models.ManyToManyField(
        "tournaments.Tournament", blank=True, related_name="seasons", verbose_name=_("tournaments")
    )
    scoring = models.CharField(
        _("ranking by"), max_length=10, choices=Scoring.choices, default=Scoring.POINTS
    )
    best_of = models.PositiveSmallIntegerField(_("best results counted"), null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("season")
        verbose_name_plural = _("seasons")
        ordering = ["-created_at", "id"]

    def __str__(self) -> str:
        return self.name


class DirectorCall(models.Model):
    """A player called the director to a table (shown live on the console until
    answered). One open call per table and round."""

    round = models.ForeignKey(
        "tournaments.Round", on_delete=models.CASCADE, related_name="director_calls"
    )
    table = models.PositiveSmallIntegerField(_("table"))
    caller = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    caller_name = models.CharField(_("called by"), max_length=120)
    created_at = models.DateTimeField(_("called at"), auto_now_add=True)
    answered_at = models.DateTimeField(_("answered at"), null=True, blank=True)
    answered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        verbose_name = _("call to the director")
        verbose_name_plural = _("calls to the director")
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["round", "table"],
                condition=Q(answered_at__isnull=True),
                name="director_call_one_open_per_table",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round} / {self.table}"
