"""Members, club settings and the activity log."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.models import AbstractUser, BaseUserManager
from django.db import models
from django.db.models.functions import Lower
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from club.activity import kind_label, render


class Language(models.TextChoices):
    FRENCH = "fr", _("French")
    ENGLISH = "en", _("English")


class UserManager(BaseUserManager):
    """Members log in with their email address; there is no username."""

    use_in_migrations = True

    def _create_user(self, email, password, **extra_fields):
        if not email:
            raise ValueError("An email address is required.")
        email = self.normalize_email(email).lower()
        user = self.model(email=email, **extra_fields)
        user.set_password(password)
        user.save(using=self._db)
        return user

    def create_user(self, email, password=None, **extra_fields):
        extra_fields.setdefault("is_staff", False)
        extra_fields.setdefault("is_superuser", False)
        return self._create_user(email, password, **extra_fields)

    def create_superuser(self, email, password=None, **extra_fields):
        extra_fields.setdefault("is_staff", True)
        extra_fields.setdefault("is_superuser", True)
        extra_fields.setdefault("is_approved", True)
        if not extra_fields["is_staff"] or not extra_fields["is_superuser"]:
            raise ValueError("A superuser must have is_staff and is_superuser.")
        return self._create_user(email, password, **extra_fields)


class User(AbstractUser):
    """A club member (or a director, or an admin): one account per email address."""

    username = None
    email = models.EmailField(_("email address"), unique=True)
    display_name = models.CharField(
        _("display name"),
        max_length=60,
        blank=True,
        help_text=_("How other players see you at the tables. Defaults to your full name."),
    )
    phone = models.CharField(_("phone"), max_length=30, blank=True)
    member_number = models.CharField(
        _("club member number"), max_length=20, blank=True, null=True, unique=True
    )
    preferred_language = models.CharField(
        _("preferred language"), max_length=5, choices=Language.choices, default=Language.FRENCH
    )
    is_approved = models.BooleanField(
        _("approved"),
        default=False,
        help_text=_(
            "Approved by a director; required to register for tournaments "
            "when the club requires approval."
        ),
    )
    approved_at = models.DateTimeField(_("approved at"), null=True, blank=True)
    # A live table waiting for the member (a tournament's online round started): every
    # page shows a banner linking to it until they open it. Read with the member's row
    # (no query of its own on each page).
    table_ready = models.PositiveIntegerField(null=True, blank=True, editable=False)
    # The member's own choices of emailed notices, {kind: wanted} (``club.notices``):
    # a kind not named here follows its default. Kept on the member's row, read with it.
    notice_choices = models.JSONField(_("emailed notices"), default=dict, blank=True)

    USERNAME_FIELD = "email"
    EMAIL_FIELD = "email"
    REQUIRED_FIELDS = ["first_name", "last_name"]

    objects = UserManager()

    class Meta:
        verbose_name = _("member")
        verbose_name_plural = _("members")
        ordering = ["last_name", "first_name", "email"]
        permissions = [
            ("run_tournaments", _("Can run tournaments (draws, check-in, results)")),
            ("run_tables", _("Can manage live game tables")),
            ("approve_members", _("Can approve new members")),
            ("manage_members", _("Can give roles, deactivate and merge members' accounts")),
        ]
        constraints = [
            models.UniqueConstraint(Lower("email"), name="club_user_email_ci_unique"),
        ]

    def __str__(self) -> str:
        return self.public_name

    @property
    def public_name(self) -> str:
        """The name shown to other members: display name, else full name, else email."""
        return self.public_name_of(self.display_name, self.first_name, self.last_name, self.email)

    @staticmethod
    def public_name_of(display_name: str, first_name: str, last_name: str, email: str) -> str:
        """``public_name`` from the columns alone (rows read without the model)."""
        full_name = f"{first_name} {last_name}".strip()
        return display_name or full_name or email.split("@")[0]

    @property
    def is_director(self) -> bool:
        return self.is_active and self.has_perm("club.run_tournaments")

    @property
    def can_register_for_tournaments(self) -> bool:
        """Whether this member may register: approved, or the club does not require it."""
        if not self.is_active:
            return False
        return self.is_approved or not ClubSettings.load().require_member_approval

    def get_absolute_url(self) -> str:
        return reverse("member_detail", args=[self.pk])


class ClubSettings(models.Model):
    """The club's own settings (a single row, edited in the admin)."""

    name = models.CharField(_("club name"), max_length=100, default="Club 500")
    public_pages = models.BooleanField(
        _("public tournament pages"),
        default=True,
        help_text=_(
            "Visitors who are not logged in see the calendar, each tournament's "
            "page, its published draws, standings and results."
        ),
    )
    require_member_approval = models.BooleanField(
        _("require approval of new members"),
        default=False,
        help_text=_(
            "New members must be approved by a director before they can register for tournaments."
        ),
    )

    class Meta:
        verbose_name = _("club settings")
        verbose_name_plural = _("club settings")
        constraints = [
            models.CheckConstraint(condition=models.Q(pk=1), name="club_settings_singleton"),
        ]

    def __str__(self) -> str:
        return str(_("Club settings"))

    @classmethod
    def load(cls) -> "ClubSettings":
        """The club's settings: the one row, or its defaults (unsaved, pk 1: ``save``
        creates the row) while nobody has saved them. Reading never writes."""
        return cls.objects.filter(pk=1).first() or cls(pk=1)


class ActivityLog(models.Model):
    """Append-only record of what directors and admins did (who, when, what)."""

    created_at = models.DateTimeField(_("when"), auto_now_add=True, db_index=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("who"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    kind = models.CharField(_("kind"), max_length=60, db_index=True)
    subject_type = models.CharField(_("subject type"), max_length=60, blank=True)
    subject_id = models.CharField(_("subject id"), max_length=60, blank=True)
    summary = models.CharField(_("what"), max_length=300)
    params = models.JSONField(
        _("parameters"),
        default=dict,
        blank=True,
        help_text=_("What the sentence names (shown in the reader's language)."),
    )
    data = models.JSONField(_("details"), default=dict, blank=True)

    class Meta:
        verbose_name = _("activity log entry")
        verbose_name_plural = _("activity log")
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["subject_type", "subject_id", "-created_at"])]

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.kind}: {self.summary}"

    @property
    def text(self) -> str:
        """What happened, in the active language (``club.activity``)."""
        return render(self.kind, self.params) or self.summary

    @property
    def kind_label(self) -> str:
        return kind_label(self.kind)


class SignupRequest(models.Model):
    """A sign-up waiting for its address to be confirmed (``club.services``).

    The account is created only when the link emailed to the address is followed, so
    that sign-up answers the same whether or not the address already has an account.
    Only a hash of the link's token is kept; the password is kept hashed, as on a member.
    """

    email = models.EmailField(_("email address"), db_index=True)
    first_name = models.CharField(_("first name"), max_length=150)
    last_name = models.CharField(_("last name"), max_length=150)
    password = models.CharField(_("password"), max_length=128)
    preferred_language = models.CharField(
        _("preferred language"), max_length=5, choices=Language.choices, default=Language.FRENCH
    )
    token_hash = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        verbose_name = _("sign-up waiting for confirmation")
        verbose_name_plural = _("sign-ups waiting for confirmation")

    def __str__(self) -> str:
        return self.email


class SentNotice(models.Model):
    """One notice emailed to one member about one thing (``club.notices``): recorded in
    the transaction that decides to send it, so that it is decided once whatever runs
    again. ``sent_at`` is set once the mail server took it; ``error`` says why it did
    not (it is not tried again)."""

    kind = models.CharField(_("kind"), max_length=40)
    member = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("member"),
        on_delete=models.CASCADE,
        related_name="+",
    )
    key = models.CharField(_("about"), max_length=60)
    created_at = models.DateTimeField(_("decided at"), auto_now_add=True)
    sent_at = models.DateTimeField(_("sent at"), null=True, blank=True)
    error = models.CharField(_("error"), max_length=300, blank=True)

    class Meta:
        verbose_name = _("emailed notice")
        verbose_name_plural = _("emailed notices")
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["kind", "member", "key"], name="club_sentnotice_once"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.key} → {self.member_id}"
