"""The secretary's services over members' accounts: roles, deactivation, merging a
duplicate account. Each runs in one transaction and writes one activity log entry.

Approval is ``club.services.member_approve`` (directors approve too).

Merging moves everything that points at the duplicate account to the account kept:
every foreign key to the user model, whatever app holds it (found through the model's
relations, so a new app's rows follow without code here), the groups, and the profile
fields the kept account lacks; then the duplicate is deactivated with an unusable
password (kept, not deleted: the activity log may name it). Apps refuse a merge that
would break something live through ``club.hooks.on_merge_check``; a row that cannot
move because the kept account already has its twin (a unique rule) refuses the whole
merge, naming what, and nothing is changed.
"""

from __future__ import annotations

from django.contrib.auth.models import Group
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from club import activity, hooks
from club.models import User
from club.notices import notices_merge
from club.roles import ROLE_GROUPS, SECRETARIES_GROUP, group_label
from club.services import activity_record


def _roles_text(groups) -> str:
    return ", ".join(group_label(g) for g in groups) or _("no role beyond member")


activity.register(
    "member.roles",
    gettext_lazy("Roles changed"),
    gettext_lazy("%(actor)s set the roles of %(member)s: %(roles)s"),
    roles=_roles_text,
)
activity.register(
    "member.deactivated",
    gettext_lazy("Account deactivated"),
    gettext_lazy("%(actor)s deactivated the account of %(member)s (%(email)s)"),
)
activity.register(
    "member.reactivated",
    gettext_lazy("Account reactivated"),
    gettext_lazy("%(actor)s reactivated the account of %(member)s (%(email)s)"),
)
activity.register(
    "member.merged",
    gettext_lazy("Accounts merged"),
    gettext_lazy(
        "%(actor)s merged the account %(member)s (%(email)s) into %(into)s (%(into_email)s)"
    ),
)

#: Profile fields the kept account takes from the duplicate when its own is empty.
PROFILE_FIELDS = ("display_name", "phone", "member_number")


class OfficeRefused(Exception):
    """The secretary's request cannot be done; the message says why (translated)."""


def _locked(*members: User) -> list[User]:
    """The members' rows, locked in id order (two merges at once cannot deadlock)."""
    locked = User.objects.select_for_update().filter(pk__in=[m.pk for m in members])
    rows = {u.pk: u for u in locked.order_by("pk")}
    return [rows[m.pk] for m in members]


def _guard(member: User, by: User) -> None:
    if member.is_superuser and not by.is_superuser:
        raise OfficeRefused(_("Only an administrator can change an administrator's account."))


@transaction.atomic
def member_set_roles(*, member: User, roles: list[str], by: User) -> User:
    """``member`` holds exactly the club roles named in ``roles`` (group names)."""
    (member,) = _locked(member)
    _guard(member, by)
    wanted = set(roles)
    unknown = wanted - ROLE_GROUPS
    if unknown:
        raise OfficeRefused(_("Unknown role: %(role)s.") % {"role": ", ".join(sorted(unknown))})
    held = set(member.groups.filter(name__in=ROLE_GROUPS).values_list("name", flat=True))
    if member.pk == by.pk and SECRETARIES_GROUP in held - wanted and not by.is_superuser:
        raise OfficeRefused(
            _("You cannot take your own secretary role: ask another secretary or an admin.")
        )
    if wanted == held:
        return member
    groups = {g.name: g for g in Group.objects.filter(name__in=ROLE_GROUPS)}
    member.groups.remove(*[groups[name] for name in held - wanted if name in groups])
    member.groups.add(*[groups[name] for name in wanted - held if name in groups])
    activity_record(
        actor=by,
        kind="member.roles",
        params={"member": member.public_name, "roles": sorted(wanted)},
        subject=member,
        data={"before": sorted(held), "after": sorted(wanted)},
    )
    return member


@transaction.atomic
def member_set_active(*, member: User, active: bool, by: User) -> User:
    """Deactivated, the account can no longer log in (its open sessions end at their
    next request) and its history stays; reactivated, it logs in again. Not one's own
    account. Idempotent."""
    (member,) = _locked(member)
    _guard(member, by)
    if member.pk == by.pk and not active:
        raise OfficeRefused(_("You cannot deactivate your own account."))
    if member.is_active == active:
        return member
    member.is_active = active
    member.save(update_fields=["is_active"])
    activity_record(
        actor=by,
        kind="member.reactivated" if active else "member.deactivated",
        params={"member": member.public_name, "email": member.email},
        subject=member,
    )
    return member


def _relations():
    """Every foreign key (or one-to-one) from another model to the user model."""
    for relation in User._meta.get_fields(include_hidden=True):
        if not (relation.is_relation and relation.auto_created and not relation.concrete):
            continue
        field = relation.field
        if field.model._meta.auto_created or not (field.many_to_one or field.one_to_one):
            continue  # the groups' and permissions' link tables: done by hand
        yield field.model, field.name


@transaction.atomic
def member_merge(*, duplicate: User, into: User, by: User) -> User:
    """Everything of ``duplicate`` moves to ``into``; ``duplicate`` is deactivated."""
    if duplicate.pk == into.pk:
        raise OfficeRefused(_("Choose two different accounts."))
    duplicate, into = _locked(duplicate, into)
    for member in (duplicate, into):
        _guard(member, by)
    if duplicate.pk == by.pk:
        raise OfficeRefused(_("You cannot merge your own account into another."))
    obstacles = hooks.merge_obstacles(duplicate, into)
    if obstacles:
        raise OfficeRefused(" ".join(obstacles))
    notices_merge(duplicate=duplicate, into=into)
    moved = {}
    for model, name in _relations():
        try:
            with transaction.atomic():
                count = model._base_manager.filter(**{name: duplicate}).update(**{name: into})
        except IntegrityError:
            raise OfficeRefused(
                _("Both accounts have %(what)s that cannot be combined: settle it first.")
                % {"what": model._meta.verbose_name_plural}
            ) from None
        if count:
            moved[f"{model._meta.label}.{name}"] = count
    into.groups.add(*duplicate.groups.all())
    duplicate.groups.clear()
    taken = [n for n in PROFILE_FIELDS if getattr(duplicate, n) and not getattr(into, n)]
    values = {name: getattr(duplicate, name) for name in taken}
    if duplicate.is_approved and not into.is_approved:
        taken += ["is_approved", "approved_at"]
        values.update(is_approved=True, approved_at=duplicate.approved_at)
    if "member_number" in taken:  # unique: it leaves the duplicate before it moves
        duplicate.member_number = None
    duplicate.is_active = False
    duplicate.set_unusable_password()
    duplicate.save(update_fields=["member_number", "is_active", "password"])
    if taken:
        for name, value in values.items():
            setattr(into, name, value)
        into.save(update_fields=taken)
    activity_record(
        actor=by,
        kind="member.merged",
        params={
            "member": duplicate.public_name,
            "email": duplicate.email,
            "into": into.public_name,
            "into_email": into.email,
        },
        subject=into,
        data={"duplicate": duplicate.pk, "moved": moved, "profile": taken},
    )
    return into
