"""The club's back office (the secretary's pages): members, their roles, deactivation,
merging a duplicate account, and the searchable activity log.

Directors see the members' list, approve and read the log; roles, deactivation and
merging need ``club.manage_members`` (secretaries and admins). Every change goes
through ``club.office`` or ``club.services``; ``/admin/`` stays for what is technical.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from club import office, selectors, services
from club.activity import kind_choices
from club.models import User
from club.roles import ROLES, group_label, permission_required_or_403

SHOW_LABELS = {
    "active": gettext_lazy("Active members"),
    "pending": gettext_lazy("Waiting for approval"),
    "directors": gettext_lazy("Directors"),
    "secretaries": gettext_lazy("Secretaries"),
    "inactive": gettext_lazy("Deactivated"),
}


def _text(request, name: str, limit: int = 100) -> str:
    return request.GET.get(name, "").strip()[:limit]


@permission_required_or_403("club.approve_members")
def office_members(request):
    show = request.GET.get("show", "active")
    if show not in selectors.OFFICE_SHOWS:
        show = "active"
    query = _text(request, "q")
    members = selectors.office_members(query=query, show=show)
    page = Paginator(members, 50).get_page(request.GET.get("page"))
    for member in page:
        member.role_labels = [group_label(g.name) for g in member.groups.all()]
    shows = [(key, str(SHOW_LABELS[key])) for key in selectors.OFFICE_SHOWS]
    context = {"page": page, "query": query, "show": show, "shows": shows}
    return render(request, "club/office/members.html", context)


@permission_required_or_403("club.approve_members")
def office_member(request, pk: int):
    member = get_object_or_404(User, pk=pk)
    merge_query = _text(request, "merge_q")
    held = set(member.groups.values_list("name", flat=True))
    context = {
        "member": member,
        "roles": [(role, role.group in held) for role in ROLES],
        "can_manage": request.user.has_perm("club.manage_members"),
        "merge_query": merge_query,
        "candidates": selectors.merge_candidates(member, query=merge_query),
        "entries": selectors.activity_entries(member=member)[:20],
    }
    return render(request, "club/office/member.html", context)


@require_POST
@permission_required_or_403("club.approve_members")
def office_member_change(request, pk: int):
    member = get_object_or_404(User, pk=pk)
    action = request.POST.get("action", "")
    if action != "approve" and not request.user.has_perm("club.manage_members"):
        raise PermissionDenied(_("Only a secretary or an admin can do this."))
    try:
        done = _change(request, member, action)
    except office.OfficeRefused as refused:
        messages.error(request, str(refused))
        return redirect("office_member", pk=member.pk)
    if done is None:
        messages.error(request, _("This action is not known."))
    else:
        messages.success(request, done)
    target = request.POST.get("into") if action == "merge" and done else member.pk
    return redirect("office_member", pk=target)


def _change(request, member: User, action: str) -> str | None:
    """Does ``action`` on ``member``; the sentence that says it is done."""
    name = {"name": member.public_name}
    by = request.user
    if action == "approve":
        services.member_approve(member=member, by=by)
        return _("%(name)s is approved.") % name
    if action == "roles":
        office.member_set_roles(member=member, roles=request.POST.getlist("role"), by=by)
        return _("The roles of %(name)s are saved.") % name
    if action == "deactivate":
        office.member_set_active(member=member, active=False, by=by)
        return _("The account of %(name)s is deactivated.") % name
    if action == "reactivate":
        office.member_set_active(member=member, active=True, by=by)
        return _("The account of %(name)s is active again.") % name
    if action == "merge":
        if request.POST.get("confirm") != "yes":
            raise office.OfficeRefused(_("Tick the box to confirm the merge."))
        into = User.objects.filter(pk=_int(request.POST.get("into"))).first()
        if into is None:
            raise office.OfficeRefused(_("Choose the account to keep."))
        office.member_merge(duplicate=member, into=into, by=by)
        return _("%(name)s is merged into %(into)s.") % {**name, "into": into.public_name}
    return None


def _int(value) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


@permission_required_or_403("club.view_activitylog")
def office_activity(request):
    query = _text(request, "q")
    kinds = kind_choices()
    kind = request.GET.get("kind", "")
    if kind not in dict(kinds):
        kind = ""
    entries = selectors.activity_entries(query=query, kind=kind)
    page = Paginator(entries, 50).get_page(request.GET.get("page"))
    context = {"page": page, "query": query, "kind": kind, "kinds": kinds}
    return render(request, "club/office/activity.html", context)
