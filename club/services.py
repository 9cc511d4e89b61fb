"""The only writers of members, club settings and the activity log."""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta
from typing import Any

from django.contrib.auth.hashers import make_password
from django.core.cache import cache
from django.core.mail import send_mail
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation

from club.activity import render_english
from club.models import ActivityLog, SignupRequest, User
from club.notices import notice_kind


def activity_record(
    *,
    actor: User | None,
    kind: str,
    params: dict | None = None,
    summary: str = "",
    subject: Any = None,
    data: dict | None = None,
) -> ActivityLog:
    """Append one entry to the activity log (who, when, what, with details).

    ``params`` are what the kind's sentence names (``club.activity``): the entry is
    shown in the reader's language; ``summary`` (English) is derived from them.
    """
    subject_type = subject_id = ""
    if subject is not None:
        subject_type = subject._meta.label_lower
        subject_id = str(subject.pk)
    params = dict(params or {})
    if actor is not None and actor.is_authenticated:
        params.setdefault("actor", actor.public_name)
    summary = render_english(kind, params) or summary or kind
    return ActivityLog.objects.create(
        actor=actor if actor is not None and actor.is_authenticated else None,
        kind=kind,
        summary=summary[:300],
        params=params,
        subject_type=subject_type,
        subject_id=subject_id,
        data=data or {},
    )


SIGNUP_LINK_DAYS = 3
# At most one "you already have an account" email per address in this time (a sign-up
# form must not be a way to flood someone's mailbox).
SIGNUP_EXISTS_NOTICE_SECONDS = 600


def signup_token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def signup_oldest_valid():
    """Sign-up requests made before this moment have expired."""
    return timezone.now() - timedelta(days=SIGNUP_LINK_DAYS)


def _send_email(*, to: str, template: str, context: dict, language: str) -> None:
    with translation.override(language):
        subject = render_to_string(f"{template}_subject.txt", context).strip()
        body = render_to_string(f"{template}.txt", context)
    send_mail(subject, body, None, [to])


def member_signup_request(
    *,
    email: str,
    password: str,
    first_name: str,
    last_name: str,
    preferred_language: str,
    site_url: str,
) -> None:
    """Start a sign-up: email the address a link that creates the account, or, when the
    address already has an account, a reminder to log in or reset the password.

    The visitor's answer is the same either way ("check your email"), and so is the work
    (the password is hashed in both cases), so that sign-up does not tell who is a member.
    A new request for an address replaces its earlier ones. The email leaves once the
    request is saved.
    """
    email_to_send = _signup_record(
        email=email.strip().lower(),
        password_hash=make_password(password),
        first_name=first_name.strip(),
        last_name=last_name.strip(),
        preferred_language=preferred_language,
        root=site_url.rstrip("/"),
    )
    if email_to_send is not None:
        _send_email(**email_to_send)


@transaction.atomic
def _signup_record(
    *,
    email: str,
    password_hash: str,
    first_name: str,
    last_name: str,
    preferred_language: str,
    root: str,
) -> dict | None:
    SignupRequest.objects.filter(created_at__lt=signup_oldest_valid()).delete()
    existing = User.objects.filter(email__iexact=email).first()
    if existing is not None:
        if not cache.add(
            f"signup-exists:{signup_token_hash(email)}", 1, SIGNUP_EXISTS_NOTICE_SECONDS
        ):
            return None
        return {
            "to": existing.email,
            "template": "club/email/signup_exists",
            "language": existing.preferred_language,
            "context": {
                "name": existing.public_name,
                "login_url": root + reverse("login"),
                "reset_url": root + reverse("password_reset"),
            },
        }
    SignupRequest.objects.filter(email=email).delete()
    token = secrets.token_urlsafe(32)
    SignupRequest.objects.create(
        email=email,
        password=password_hash,
        first_name=first_name,
        last_name=last_name,
        preferred_language=preferred_language,
        token_hash=signup_token_hash(token),
    )
    return {
        "to": email,
        "template": "club/email/signup_confirm",
        "language": preferred_language,
        "context": {
            "name": first_name,
            "days": SIGNUP_LINK_DAYS,
            "link": root + reverse("signup_confirm", args=[token]),
        },
    }


@transaction.atomic
def member_signup_confirm(*, token: str) -> User | None:
    """Create the account of a sign-up whose emailed link was followed (not yet
    approved; see ``ClubSettings``). None when the link is unknown, used, expired, or
    its address got an account meanwhile."""
    pending = (
        SignupRequest.objects.select_for_update()
        .filter(token_hash=signup_token_hash(token), created_at__gte=signup_oldest_valid())
        .first()
    )
    if pending is None:
        return None
    SignupRequest.objects.filter(email=pending.email).delete()
    if User.objects.filter(email__iexact=pending.email).exists():
        return None
    member = User(
        email=pending.email,
        first_name=pending.first_name,
        last_name=pending.last_name,
        preferred_language=pending.preferred_language,
    )
    member.password = pending.password
    member.save()
    return member


PROFILE_FIELDS = (
    "first_name",
    "last_name",
    "display_name",
    "phone",
    "member_number",
    "preferred_language",
)


@transaction.atomic
def member_update_profile(
    *, member: User, notices: dict[str, bool] | None = None, **changes: Any
) -> User:
    """Update the editable profile fields of a member, and which notices they want by
    email (``notices``: {kind: wanted}, kinds of ``club.notices.KINDS``)."""
    unknown = set(changes) - set(PROFILE_FIELDS)
    if unknown:
        raise TypeError(f"not profile fields: {sorted(unknown)}")
    for name, value in changes.items():
        if name == "member_number":
            value = (value or "").strip() or None
        setattr(member, name, value)
    fields = list(changes)
    if notices is not None:
        member.notice_choices = {
            **(member.notice_choices or {}),
            **{notice_kind(kind).key: bool(wanted) for kind, wanted in notices.items()},
        }
        fields.append("notice_choices")
    member.full_clean(exclude=["password"])
    member.save(update_fields=fields)
    return member


@transaction.atomic
def member_set_language(*, member: User, language: str) -> None:
    member.preferred_language = language
    member.save(update_fields=["preferred_language"])


@transaction.atomic
def member_approve(*, member: User, by: User) -> User:
    """A director approves a new member (idempotent), logged in the activity log."""
    member = User.objects.select_for_update().get(pk=member.pk)
    if member.is_approved:
        return member
    member.is_approved = True
    member.approved_at = timezone.now()
    member.save(update_fields=["is_approved", "approved_at"])
    activity_record(
        actor=by,
        kind="member.approved",
        params={"member": member.public_name, "email": member.email},
        subject=member,
    )
    return member
