"""Roles: member (everyone), director (a group), admin (Django superuser/staff)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import wraps

from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import Group, Permission
from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

DIRECTORS_GROUP = "Directors"
SECRETARIES_GROUP = "Secretaries"
#: The club's groups as readers see them (the stored name stays English).
GROUP_LABELS = {DIRECTORS_GROUP: _("Directors"), SECRETARIES_GROUP: _("Secretaries")}


@dataclass(frozen=True)
class Role:
    """A role the secretary gives or takes back: a group, and what it lets one do."""

    group: str
    label: str
    sentence: str


#: The roles of the back office, each with the sentence that explains it.
ROLES = (
    Role(
        DIRECTORS_GROUP,
        pgettext_lazy("role", "Director"),
        _(
            "Runs tournaments (check-in, draws, rounds, results and their corrections), "
            "manages live tables, approves new members and reads the activity log."
        ),
    ),
    Role(
        SECRETARIES_GROUP,
        _("Secretary"),
        _(
            "Keeps the members' list: approves, gives and takes back roles, deactivates "
            "an account, merges a duplicate one, and reads the activity log."
        ),
    ),
)
ROLE_GROUPS = frozenset(role.group for role in ROLES)


def group_label(name: str) -> str:
    return str(GROUP_LABELS.get(name, name))


# Every permission a director holds. Apps add theirs here (app_label.codename).
DIRECTOR_PERMISSIONS = [
    "club.run_tournaments",
    "club.run_tables",
    "club.approve_members",
    "club.view_activitylog",
]


#: What a secretary may do (``club.manage_members``: roles, deactivation, merging).
SECRETARY_PERMISSIONS = [
    "club.approve_members",
    "club.manage_members",
    "club.view_activitylog",
]


def _ensure_group(name: str, permissions: list[str]) -> Group:
    group, _created = Group.objects.get_or_create(name=name)
    wanted = []
    for dotted in permissions:
        app_label, codename = dotted.split(".", 1)
        perm = Permission.objects.filter(
            content_type__app_label=app_label, codename=codename
        ).first()
        if perm is not None:
            wanted.append(perm)
    group.permissions.add(*wanted)
    return group


def ensure_director_group(**_kwargs):
    """Create or update the Directors and Secretaries groups with their permissions
    (idempotent); returns the Directors group.

    Connected to ``post_migrate`` so that a fresh database always has the groups.
    """
    _ensure_group(SECRETARIES_GROUP, SECRETARY_PERMISSIONS)
    return _ensure_group(DIRECTORS_GROUP, DIRECTOR_PERMISSIONS)


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
