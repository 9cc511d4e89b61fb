"""Notices emailed to members: the kinds, each member's choices, each sent once.

A notice is one email to one member about one thing: a kind of ``KINDS`` (each with its
label and sentence for the profile, and whether it is on by default), a member, and a
key naming what it is about (a tournament's or an entry's id). ``notices_send`` is
called inside the transaction of the change that is the occasion: it keeps the members
who want that kind (``notice_wanted``) and records a ``SentNotice`` for each member not
told yet (unique on kind, member and key: calling it again sends nothing); the emails
leave once that transaction commits (``transaction.on_commit``: a change rolled back
sends nothing), each in its member's language, through Django's email backend.

A mail server that fails is logged and written on the notice's row (``error``); the
request or command that sent it goes on. A failed notice is not tried again: every
notice says what the site's pages already show, and a late or repeated one would do
more harm than a missing one.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from django.conf import settings
from django.core.mail import EmailMessage, get_connection
from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from club.models import SentNotice, User

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class NoticeKind:
    """A kind of notice: ``templates/notices/<key>_subject.txt`` and ``<key>.txt``."""

    key: str
    label: str | Promise
    description: str | Promise
    default: bool = True

    @property
    def template(self) -> str:
        return f"notices/{self.key}"


#: Every kind of notice, in the order the profile lists them.
KINDS: dict[str, NoticeKind] = {
    kind.key: kind
    for kind in (
        NoticeKind(
            "reminder",
            _("Reminder the day before"),
            _("The day before a tournament you are registered for: its time and place."),
        ),
        NoticeKind(
            "waiting_list",
            _("Off the waiting list"),
            _("When a place opens up and your registration moves up from the waiting list."),
        ),
        NoticeKind(
            "partner_request",
            _("Partner requests"),
            _(
                "When someone registers a pair with you as partner: you then accept or "
                "decline on the tournament's page."
            ),
        ),
        NoticeKind(
            "table_ready",
            _("Your table is ready"),
            _("When a round you play online starts: the link to your table."),
        ),
        NoticeKind(
            "results",
            _("Results"),
            _("When a tournament you played ends: your place and the top of the standings."),
        ),
    )
}


def notice_kind(key: str) -> NoticeKind:
    """The kind named ``key``; an unknown name is a bug (``ValueError``)."""
    try:
        return KINDS[key]
    except KeyError:
        raise ValueError(f"unknown notice kind: {key!r}") from None


def notice_wanted(member: User, kind: str) -> bool:
    """Whether ``member`` wants notices of ``kind``: their choice, else its default."""
    choice = (member.notice_choices or {}).get(kind)
    return notice_kind(kind).default if choice is None else bool(choice)


def site_url(path: str) -> str:
    """An absolute link for an email (sent outside any request): ``settings.SITE_URL``."""
    return settings.SITE_URL.rstrip("/") + path


def notices_merge(*, duplicate: User, into: User) -> None:
    """Before a merge moves ``duplicate``'s rows to ``into``: forget the notices of
    ``duplicate`` that ``into`` was sent too (one each is enough, and the database keeps
    one per member)."""
    same = SentNotice.objects.filter(member=into, kind=OuterRef("kind"), key=OuterRef("key"))
    SentNotice.objects.filter(member=duplicate).filter(Exists(same)).delete()


def _record(kind: str, key: str, members: list[User]) -> dict[int, int]:
    """{member id: new SentNotice id} for those of ``members`` not told yet."""
    told = set(
        SentNotice.objects.filter(kind=kind, key=key, member__in=members).values_list(
            "member_id", flat=True
        )
    )
    fresh = [m for m in members if m.pk not in told]
    if not fresh:
        return {}
    try:
        with transaction.atomic():
            rows = SentNotice.objects.bulk_create(
                [SentNotice(kind=kind, key=key, member=m) for m in fresh]
            )
        return {row.member_id: row.pk for row in rows}
    except IntegrityError:
        pass  # another transaction recorded some meanwhile: one at a time
    out = {}
    for member in fresh:
        try:
            with transaction.atomic():
                out[member.pk] = SentNotice.objects.create(kind=kind, key=key, member=member).pk
        except IntegrityError:
            continue
    return out


def notices_send(
    *,
    kind: str,
    members: Iterable[User | None],
    key: object,
    context: dict | Callable[[], dict],
    each: Callable[[User, dict], dict] | None = None,
) -> list[User]:
    """Send notice ``kind`` about ``key`` to those of ``members`` who want it and were
    not sent it yet; return them. Call it inside the change's transaction.

    ``context``: the templates' values (or a function that returns them, called once,
    after the commit: what is costly to compute is computed only when a notice leaves);
    ``each(member, context)``: a member's own values, read in the member's language.
    """
    spec = notice_kind(kind)
    key = str(key)
    wanted: dict[int, User] = {}
    for member in members:
        if member is None or member.pk in wanted:
            continue
        if member.is_active and member.email and notice_wanted(member, kind):
            wanted[member.pk] = member
    if not wanted:
        return []
    rows = _record(kind, key, list(wanted.values()))
    chosen = [(wanted[member_id], row_id) for member_id, row_id in rows.items()]
    if chosen:
        transaction.on_commit(lambda: _deliver(spec, chosen, context, each), robust=True)
    return [member for member, _row in chosen]


def _render(spec: NoticeKind, member: User, shared: dict, each) -> EmailMessage:
    with translation.override(member.preferred_language or settings.LANGUAGE_CODE):
        values = {
            **shared,
            **(each(member, shared) if each else {}),
            "member": member,
            "notice": spec,
            "profile_url": site_url(reverse("profile")),
        }
        subject = render_to_string(f"{spec.template}_subject.txt", values).strip()
        body = render_to_string(f"{spec.template}.txt", values).strip() + "\n"
    return EmailMessage(" ".join(subject.split()), body, None, [member.email])


def _deliver(spec: NoticeKind, chosen: list[tuple[User, int]], context, each) -> None:
    """After the commit: render and send each member's email over one connection; a
    failure is logged and written on the notice's row, never raised."""
    failed: dict[int, str] = {}
    sent: list[int] = []
    try:
        shared = context() if callable(context) else dict(context)
        messages = [(row_id, _render(spec, member, shared, each)) for member, row_id in chosen]
        connection = get_connection()
        connection.open()
    except Exception as exc:
        log.exception("notices: %s to %d member(s) not sent", spec.key, len(chosen))
        failed = {row_id: repr(exc) for _member, row_id in chosen}
    else:
        try:
            for row_id, message in messages:
                message.connection = connection
                try:
                    message.send()
                    sent.append(row_id)
                except Exception as exc:
                    log.exception("notices: %s to %s failed", spec.key, message.to[0])
                    failed[row_id] = repr(exc)
        finally:
            try:
                connection.close()
            except Exception:
                log.warning("notices: closing the mail connection failed", exc_info=True)
    if sent:
        SentNotice.objects.filter(pk__in=sent).update(sent_at=timezone.now())
    for row_id, error in failed.items():
        SentNotice.objects.filter(pk=row_id).update(error=error[:300])
