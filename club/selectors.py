"""Readers for members."""

from __future__ import annotations

from django.db.models import Q, QuerySet

from club.models import User


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
    return members.order_by("last_name", "first_name", "id")


def members_pending_approval() -> QuerySet[User]:
    return User.objects.filter(is_active=True, is_approved=False).order_by("date_joined")
