"""Readers for members."""

from __future__ import annotations

from django.db.models import Q, QuerySet

from club.models import ActivityLog, SignupRequest, User
from club.names import collated
from club.roles import DIRECTORS_GROUP, SECRETARIES_GROUP
from club.services import signup_oldest_valid, signup_token_hash


def member_directory(*, query: str = "") -> QuerySet[User]:
    """Active members, searchable by name, display name or member number."""
    members = User.objects.filter(is_active=True)
    for word in query.split()[:5]:
        members = members.filter(
            Q(first_name__icontains=word)
            | Q(last_name__icontains=word)
            | Q(display_name__icontains=word)
            | Q(member_number__iexact=word)
        )
    return members.order_by(collated("last_name"), collated("first_name"), "id")


def members_pending_approval() -> QuerySet[User]:
    """New members a director has not approved yet and who have not played with the club
    (a member already registered for a tournament, or added at one by a director, was
    accepted in practice: they leave this list)."""
    return (
        User.objects.filter(is_active=True, is_approved=False, is_superuser=False)
        .filter(tournament_entries__isnull=True, partner_entries__isnull=True)
        .distinct()
        .order_by("date_joined")
    )


def signup_link_is_valid(token: str) -> bool:
    """Whether a sign-up link can still create its account (``member_signup_confirm``)."""
    return SignupRequest.objects.filter(
        token_hash=signup_token_hash(token), created_at__gte=signup_oldest_valid()
    ).exists()


#: The back office's views of the members' list (``office_members``).
OFFICE_SHOWS = ("active", "pending", "directors", "secretaries", "inactive")


def _matching(members: QuerySet[User], query: str) -> QuerySet[User]:
    for word in query.split()[:5]:
        members = members.filter(
            Q(first_name__icontains=word)
            | Q(last_name__icontains=word)
            | Q(display_name__icontains=word)
            | Q(email__icontains=word)
            | Q(member_number__iexact=word)
        )
    return members


def office_members(*, query: str = "", show: str = "active") -> QuerySet[User]:
    """The secretary's list: by name, email or number, one of ``OFFICE_SHOWS``."""
    members = User.objects.prefetch_related("groups")
    if show == "inactive":
        members = members.filter(is_active=False)
    else:
        members = members.filter(is_active=True)
    if show == "pending":
        members = members.filter(is_approved=False, is_superuser=False)
    elif show == "directors":
        members = members.filter(groups__name=DIRECTORS_GROUP)
    elif show == "secretaries":
        members = members.filter(groups__name=SECRETARIES_GROUP)
    return _matching(members, query).order_by(collated("last_name"), collated("first_name"), "id")


def merge_candidates(member: User, *, query: str) -> QuerySet[User]:
    """Active accounts other than ``member`` that ``query`` names (the merge form)."""
    if not query.strip():
        return User.objects.none()
    return _matching(User.objects.filter(is_active=True).exclude(pk=member.pk), query).order_by(
        collated("last_name"), collated("first_name"), "id"
    )[:10]


def activity_entries(*, query: str = "", kind: str = "", member: User | None = None):
    """The activity log, newest first: its English summary searched word by word (a
    name, an email, a table), one kind, or the entries about or by one member."""
    entries = ActivityLog.objects.select_related("actor")
    if kind:
        entries = entries.filter(kind=kind)
    if member is not None:
        entries = entries.filter(
            Q(actor=member) | Q(subject_type=User._meta.label_lower, subject_id=str(member.pk))
        )
    for word in query.split()[:5]:
        entries = entries.filter(Q(summary__icontains=word) | Q(params__icontains=word))
    return entries.order_by("-created_at", "-id")
