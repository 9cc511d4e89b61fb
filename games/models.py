"""Live tables: tables, seats, hands, the append-only action log, presence."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from games import statuses
from games.kinds import BOT_LEVEL_CHOICES, DEFAULT_BOT_LEVEL, DEFAULT_KIND, KIND_CHOICES

#: The bots' levels as a field's choices, labels translated (``games.kinds.BOT_LEVELS``).
BOT_LEVEL_FIELD_CHOICES = [(name, _(label)) for name, label in BOT_LEVEL_CHOICES]


def new_token() -> str:
    return secrets.token_urlsafe(12)


class Table(models.Model):
    class Status(models.TextChoices):
        OPEN = statuses.OPEN, _("Waiting for players")
        PLAYING = statuses.PLAYING, _("Playing")
        FINISHED = statuses.FINISHED, _("Finished")
        CLOSED = statuses.CLOSED, _("Closed")

    class Visibility(models.TextChoices):
        PUBLIC = "public", _("Public")
        INVITE = "invite", _("Invite only (link)")

    name = models.CharField(_("name"), max_length=80, blank=True)
    host = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("host"),
        on_delete=models.SET_NULL,
        null=True,
        related_name="hosted_tables",
    )
    kind = models.CharField(
        _("game"), max_length=3, choices=KIND_CHOICES, default=DEFAULT_KIND, editable=False
    )
    variant = models.CharField(_("rule variant"), max_length=30, default="quebec")
    options = models.JSONField(
        _("options"),
        default=dict,
        blank=True,
        help_text=_("Overrides of the variant preset's options."),
    )
    visibility = models.CharField(
        _("visibility"), max_length=10, choices=Visibility.choices, default=Visibility.PUBLIC
    )
    invite_token = models.CharField(max_length=32, default=new_token, unique=True, editable=False)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.OPEN, db_index=True
    )
    seq = models.PositiveIntegerField(
        default=0, help_text="State sequence number: bumped by every accepted change."
    )
    seed = models.BigIntegerField(help_text="Base seed: the first-dealer draw and every deal.")
    first_dealer = models.CharField(max_length=3, blank=True)
    absence_grace_seconds = models.PositiveIntegerField(
        _("grace before a bot plays for an absent player (seconds)"), default=60
    )
    bot_delay_ms = models.PositiveIntegerField(_("bot pace (milliseconds per move)"), default=1200)
    # How the table's bots play (a bot's seat and an absent member's): the host's
    # choice before the game or between hands (``games.services.table_set_bot_level``).
    bot_level = models.CharField(
        _("bot level"), max_length=10, choices=BOT_LEVEL_FIELD_CHOICES, default=DEFAULT_BOT_LEVEL
    )
    review_seconds = models.PositiveIntegerField(
        _("hand review (seconds before the next deal)"),
        default=30,
        help_text=_(
            "How long the table shows a finished hand before dealing the next, "
            "unless every player at the table is ready sooner."
        ),
    )
    # The table chat (``games.live.chat``); off at a tournament's tables unless its
    # director allows it.
    chat = models.BooleanField(_("table chat"), default=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    last_human_seen_at = models.DateTimeField(null=True, blank=True)
    # Not indexed, on purpose: every move rewrites ``seq`` and ``wake_at``, and an
    # update that changes no indexed column can stay on its page (a HOT update, with
    # the table's fillfactor leaving room: migration 0002). With an index on wake_at,
    # each move would add an entry to every index of the table, and a busy table's
    # row lookups would slow down between vacuums. The runner's sweep of due tables
    # goes through the ``status`` index instead.
    wake_at = models.DateTimeField(
        null=True, blank=True, help_text="When a bot (or a grace period) is next due."
    )
    # The process whose bot search holds the table until ``wake_at`` (its key,
    # ``games.live.liveness``): if it dies, another process takes the table over at once.
    claimed_by = models.IntegerField(null=True, blank=True, editable=False)
    # A duplicate table (a tournament's duplicate round, ``games.engine.boards``): it
    # deals boards ``first_board``, ``first_board + 1``, ... of the round's secret seed
    # instead of hands from ``seed``; its options end the game after the round's
    # boards. Never shown on a page (``tournaments.selectors_boards`` says when the
    # seed is public); empty and None at every other table.
    board_seed = models.CharField(max_length=64, blank=True, editable=False)
    first_board = models.PositiveIntegerField(null=True, blank=True, editable=False)
    # The rematch proposed once this game was over: a new table, same seats and options.
    rematch = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematch_of"
    )

    class Meta:
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(kind__in=[name for name, _label in KIND_CHOICES]),
                name="table_kind_valid",
            ),
            models.CheckConstraint(
                condition=models.Q(bot_level__in=[name for name, _label in BOT_LEVEL_CHOICES]),
                name="table_bot_level_valid",
            ),
        ]

    def __str__(self) -> str:
        return self.name or str(_("Table %(id)s") % {"id": self.pk})

    @property
    def label(self) -> str:
        return str(self)

    def get_absolute_url(self) -> str:
        return reverse("games:table", args=[self.pk])

    @property
    def invite_url(self) -> str:
        return reverse("games:table_invite", args=[self.pk, self.invite_token])

    @property
    def is_live(self) -> bool:
        return self.status in (self.Status.OPEN, self.Status.PLAYING)


class Seat(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    seat = models.CharField(max_length=3)
    position = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="seats",
    )
    is_bot = models.BooleanField(default=False)
    # When the member's last socket at the table closed (None: at the table, or never
    # came): a bot plays for them once the table's grace period has run from then.
    left_at = models.DateTimeField(null=True, blank=True)
    # A rematch seats the last game's players at once; each accepts before it starts.
    accepted = models.BooleanField(default=True)
    # The member whose seat the host (or a director) gave to a bot or freed during the
    # game: they retake it as soon as they come back (``games.services.presence_join``),
    # unless another member took the freed seat meanwhile.
    away_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        ordering = ["table", "position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "seat"], name="games_seat_unique"),
            models.UniqueConstraint(
                fields=["table", "user"],
                name="games_seat_one_per_user",
                condition=models.Q(user__isnull=False),
            ),
            models.CheckConstraint(
                condition=~(models.Q(is_bot=True) & models.Q(user__isnull=False)),
                name="games_seat_bot_or_user",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table_id}:{self.seat}"

    @property
    def is_free(self) -> bool:
        return self.user_id is None and not self.is_bot


class GameHand(models.Model):
    """One deal at a table (an all-pass redeal is a deal of its own)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveIntegerField(help_text="1, 2, ... in deal order.")
    dealer = models.CharField(max_length=3)
    seed = models.BigIntegerField()
    # The duplicate board this hand is (``Table.first_board`` and on, one a hand):
    # dealt from the table's ``board_seed``, not from ``seed``. None elsewhere.
    board = models.PositiveIntegerField(null=True, blank=True)
    result = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("hand")
        verbose_name_plural = _("hands")
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="games_hand_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.table_id}#{self.number}"


class Action(models.Model):
    """The append-only log: every accepted action, in order. Never edited."""

    hand = models.ForeignKey(GameHand, on_delete=models.CASCADE, related_name="actions")
    seq = models.PositiveIntegerField(help_text="The table's sequence number after this action.")
    seat = models.CharField(max_length=3)
    action = models.CharField(max_length=40)  # a 450 major sequence: "major:10H,JH,QH,KH,AH"
    by_bot = models.BooleanField(default=False)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("action")
        verbose_name_plural = _("actions (game log)")
        ordering = ["hand", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["hand", "seq"], name="games_action_unique_seq"),
        ]

    def __str__(self) -> str:
        return f"{self.hand} {self.seq} {self.seat} {self.action}"


class Presence(models.Model):
    """One open socket of a member at a table (heartbeat-refreshed)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="presences")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    channel_name = models.CharField(max_length=200, unique=True)
    seen_at = models.DateTimeField()

    class Meta:
        indexes = [models.Index(fields=["table", "seen_at"])]


class ChatMessage(models.Model):
    """A message of the table chat. Players and spectators each have their own
    channel and never read the other's. Kept with the table, never in a hand record."""

    class Channel(models.TextChoices):
        PLAYERS = "players", _("Players")
        SPECTATORS = "spectators", _("Spectators")

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="chat_messages")
    channel = models.CharField(max_length=10, choices=Channel.choices)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    name = models.CharField(max_length=150, help_text="The author's public name then.")
    seat = models.CharField(max_length=3, blank=True)
    text = models.CharField(max_length=200, blank=True)
    phrase = models.CharField(
        max_length=30,
        blank=True,
        help_text="A quick phrase's key (shown in each reader's language).",
    )
    created_at = models.DateTimeField()

    class Meta:
        verbose_name = _("chat message")
        verbose_name_plural = _("chat messages")
        indexes = [models.Index(fields=["table", "channel", "id"])]
        constraints = [
            models.CheckConstraint(
                condition=~models.Q(text="") | ~models.Q(phrase=""),
                name="games_chat_text_or_phrase",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table_id} {self.channel} {self.name}: {self.text or self.phrase}"
