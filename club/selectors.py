"""Readers for members."""

from __future__ import annotations

from django.db.models import Q, QuerySet

from club.models import SignupRequest, User
from club.names import collated
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
