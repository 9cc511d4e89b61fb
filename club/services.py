"""The only writers of members, club settings and the activity log."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from club.models import ActivityLog, User


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
    from club.activity import render_english

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


@transaction.atomic
def member_signup(
    *, email: str, password: str, first_name: str, last_name: str, preferred_language: str
) -> User:
    """Create a member account (not yet approved; see ``ClubSettings``)."""
    return User.objects.create_user(
        email=email,
        password=password,
        first_name=first_name.strip(),
        last_name=last_name.strip(),
        preferred_language=preferred_language,
    )


PROFILE_FIELDS = ("first_name", "last_name", "display_name", "phone", "member_number",
                  "preferred_language")


@transaction.atomic
def member_update_profile(*, member: User, **changes: Any) -> User:
    """Update the editable profile fields of a member."""
    unknown = set(changes) - set(PROFILE_FIELDS)
    if unknown:
        raise TypeError(f"not profile fields: {sorted(unknown)}")
    for name, value in changes.items():
        if name == "member_number":
            value = (value or "").strip() or None
        setattr(member, name, value)
    member.full_clean(exclude=["password"])
    member.save(update_fields=list(changes))
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
