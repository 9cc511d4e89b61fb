"""Roles: member (everyone), director (a group), admin (Django superuser/staff)."""

from __future__ import annotations

from functools import wraps

from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import Group, Permission
from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext_lazy as _

DIRECTORS_GROUP = "Directors"
#: The club's groups as readers see them (the stored name stays English).
GROUP_LABELS = {DIRECTORS_GROUP: _("Directors")}


def group_label(name: str) -> str:
    return str(GROUP_LABELS.get(name, name))


# Every permission a director holds. Apps add theirs here (app_label.codename).
DIRECTOR_PERMISSIONS = [
    "club.run_tournaments",
    "club.run_tables",
    "club.approve_members",
    "club.view_activitylog",
]


def ensure_director_group(**_kwargs):
    """Create or update the Directors group with its permissions (idempotent).

    Connected to ``post_migrate`` so that a fresh database always has the group.
    """
    group, _created = Group.objects.get_or_create(name=DIRECTORS_GROUP)
    wanted = []
    for dotted in DIRECTOR_PERMISSIONS:
        app_label, codename = dotted.split(".", 1)
        perm = Permission.objects.filter(
            content_type__app_label=app_label, codename=codename
        ).first()
        if perm is not None:
            wanted.append(perm)
    group.permissions.add(*wanted)
    return group


def permission_required_or_403(perm: str):
    """Visitors go to the login page; logged-in members without ``perm`` get 403."""

    def decorator(view):
        @wraps(view)
        def wrapped(request, *args, **kwargs):
            if not request.user.has_perm(perm):
                raise PermissionDenied(_("This page is for the club's directors."))
            return view(request, *args, **kwargs)

        return login_required(wrapped)

    return decorator


director_required = permission_required_or_403("club.run_tournaments")
