"""Registrations: alone or as a pair (partner confirms), waiting list, walk-ins."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from club.models import User
from club.services import activity_record
from tournaments.errors import TournamentError
from tournaments.models import (
    ACTIVE_ENTRY,
    Entry,
    EntryStatus,
    LookingForPartner,
    Status,
    Tournament,
)
from tournaments.selectors import registration_is_open
from tournaments.services.events import tournament_touch
from tournaments.services.notices import notify_partner_request, notify_promoted


def _lock(tournament: Tournament) -> Tournament:
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def _active_entry_of(tournament: Tournament, user: User) -> Entry | None:
    return (
        Entry.objects.filter(tournament=tournament, status__in=ACTIVE_ENTRY)
        .filter(Q(player=user) | Q(partner=user))
        .first()
    )


def confirmed_count(tournament: Tournament) -> int:
    return Entry.objects.filter(tournament=tournament, status=EntryStatus.CONFIRMED).count()


def _place(tournament: Tournament, entry: Entry) -> Entry:
    """Confirm the entry if there is room, else queue it (first come, first served)."""
    if confirmed_count(tournament) < tournament.capacity:
        entry.status = EntryStatus.CONFIRMED
        entry.queued_at = None
    else:
        entry.status = EntryStatus.WAITING
        entry.queued_at = timezone.now()
    return entry


def _check_can_register(tournament: Tournament, user: User, *, as_partner: bool = False):
    if not user.can_register_for_tournaments:
        raise TournamentError(
            "not_approved",
            _("Your membership must be approved by a director before you can register."),
        )
    if _active_entry_of(tournament, user) is not None:
        if as_partner:
            raise TournamentError(
                "partner_registered",
                _("%(name)s already has a registration for this tournament.")
                % {"name": user.public_name},
            )
        raise TournamentError(
            "already_registered", _("You are already registered for this tournament.")
        )


@transaction.atomic
def registration_create(
    *, tournament: Tournament, member: User, partner: User | None = None
) -> Entry:
    """Register a member (individual) or a pair (the partner must then confirm)."""
    tournament = _lock(tournament)
    if not registration_is_open(tournament):
        raise TournamentError(
            "registration_closed", _("Registration for this tournament is not open.")
        )
    _check_can_register(tournament, member)
    if tournament.is_pairs:
        if partner is None:
            raise TournamentError("partner_required", _("Name your partner to register a pair."))
        if partner.pk == member.pk:
            raise TournamentError("partner_self", _("You cannot be your own partner."))
        _check_can_register(tournament, partner, as_partner=True)
        entry = Entry(
            tournament=tournament, player=member, partner=partner, status=EntryStatus.PENDING
        )
    else:
        if partner is not None:
            raise TournamentError(
                "no_partner_individual", _("Partners are drawn each round in this tournament.")
            )
        entry = _place(tournament, Entry(tournament=tournament, player=member))
    entry.save()
    LookingForPartner.objects.filter(tournament=tournament, member__in=[member, partner]).delete()
    activity_record(
        actor=member,
        kind="tournament.registered",
        params={"entry": entry.name, "tournament": tournament.name, "status": entry.status},
        subject=tournament,
        data={"entry": entry.pk, "status": entry.status},
    )
    if partner is not None:
        notify_partner_request(entry)
    tournament_touch(tournament=tournament)
    return entry


@transaction.atomic
def partner_confirm(*, entry: Entry, member: User, accept: bool) -> Entry:
    """The named partner accepts (the pair then counts toward capacity) or declines."""
    tournament = _lock(entry.tournament)
    entry = Entry.objects.select_for_update().get(pk=entry.pk)
    if entry.partner_id != member.pk:
        raise TournamentError("not_partner", _("Only the named partner can answer."))
    if entry.status != EntryStatus.PENDING:
        raise TournamentError("not_pending", _("This registration is not waiting for an answer."))
    if accept:
        if not registration_is_open(tournament):
            raise TournamentError(
                "registration_closed", _("Registration for this tournament is not open.")
            )
        _place(tournament, entry)
    else:
        entry.status = EntryStatus.DECLINED
    entry.save(update_fields=["status", "queued_at"])
    activity_record(
        actor=member,
        kind="tournament.partner_answered",
        params={"entry": entry.name, "accepted": bool(accept)},
        subject=tournament,
        data={"entry": entry.pk, "status": entry.status},
    )
    tournament_touch(tournament=tournament)
    return entry


def promote_waiting(*, tournament: Tournament) -> list[Entry]:
    """Move waiting entries up while there is room (call inside a transaction)."""
    promoted = []
    room = tournament.capacity - confirmed_count(tournament)
    if room <= 0:
        return promoted
    waiting = (
        Entry.objects.select_for_update(of=("self",))
        .filter(tournament=tournament, status=EntryStatus.WAITING)
        .select_related("player", "partner", "tournament")
        .order_by("queued_at", "id")[:room]
    )
    for entry in waiting:
        entry.status = EntryStatus.CONFIRMED
        entry.queued_at = None
        entry.save(update_fields=["status", "queued_at"])
        promoted.append(entry)
        activity_record(
            actor=None,
            kind="tournament.promoted",
            params={"entry": entry.name, "tournament": tournament.name},
            subject=tournament,
            data={"entry": entry.pk},
        )
        notify_promoted(entry)
    return promoted


@transaction.atomic
def registration_withdraw(*, entry: Entry, member: User) -> Entry:
    """A member withdraws their own registration (until registration closes)."""
    tournament = _lock(entry.tournament)
    entry = Entry.objects.select_for_update().get(pk=entry.pk)
    if not entry.involves(member):
        raise TournamentError("not_yours", _("This is not your registration."))
    if not entry.is_active:
        raise TournamentError("not_active", _("This registration is no longer active."))
    if not registration_is_open(tournament):
        raise TournamentError(
            "withdraw_closed", _("Registration is closed: ask a director to remove you.")
        )
    was_confirmed = entry.status == EntryStatus.CONFIRMED
    entry.status = EntryStatus.WITHDRAWN
    entry.save(update_fields=["status"])
    activity_record(
        actor=member,
        kind="tournament.withdrawn",
        params={"entry": entry.name, "tournament": tournament.name},
        subject=tournament,
        data={"entry": entry.pk},
    )
    if was_confirmed:
        promote_waiting(tournament=tournament)
    tournament_touch(tournament=tournament)
    return entry


@transaction.atomic
def registration_remove(*, entry: Entry, by: User) -> Entry:
    """A director removes an entry at any time (a player who left marks withdrawn)."""
    tournament = _lock(entry.tournament)
    entry = Entry.objects.select_for_update().get(pk=entry.pk)
    if not entry.is_active:
        raise TournamentError("not_active", _("This registration is no longer active."))
    was_confirmed = entry.status == EntryStatus.CONFIRMED
    entry.status = (
        EntryStatus.REMOVED if tournament.status != Status.RUNNING else EntryStatus.WITHDRAWN
    )
    entry.checked_in = False
    entry.save(update_fields=["status", "checked_in"])
    activity_record(
        actor=by,
        kind="tournament.entry_removed",
        params={"entry": entry.name, "tournament": tournament.name},
        subject=tournament,
        data={"entry": entry.pk, "status": entry.status},
    )
    if was_confirmed and tournament.status != Status.RUNNING:
        promote_waiting(tournament=tournament)
    tournament_touch(tournament=tournament)
    return entry


@transaction.atomic
def walkin_add(
    *,
    tournament: Tournament,
    by: User,
    player: User | None = None,
    guest_name: str = "",
    partner: User | None = None,
    partner_guest_name: str = "",
    checked_in: bool = True,
) -> Entry:
    """A director adds a walk-in (member or guest): confirmed and present at once.

    Walk-ins are the director's call: they may go over capacity.
    """
    tournament = _lock(tournament)
    if tournament.status in (Status.FINISHED, Status.CANCELLED):
        raise TournamentError("tournament_over", _("This tournament is over."))
    guest_name, partner_guest_name = guest_name.strip()[:80], partner_guest_name.strip()[:80]
    if (player is None) == (not guest_name):
        raise TournamentError(
            "walkin_who", _("Choose a member or type a guest's name (one of the two).")
        )
    has_partner = partner is not None or bool(partner_guest_name)
    if tournament.is_pairs and not has_partner:
        raise TournamentError("partner_required", _("A pair needs two players."))
    if not tournament.is_pairs and has_partner:
        raise TournamentError(
            "no_partner_individual", _("Partners are drawn each round in this tournament.")
        )
    if partner is not None and partner_guest_name:
        raise TournamentError(
            "walkin_who", _("Choose a member or type a guest's name (one of the two).")
        )
    for user in (player, partner):
        if user is not None and _active_entry_of(tournament, user) is not None:
            raise TournamentError(
                "partner_registered",
                _("%(name)s already has a registration for this tournament.")
                % {"name": user.public_name},
            )
    if player is not None and partner is not None and player.pk == partner.pk:
        raise TournamentError("partner_self", _("A pair needs two different players."))
    now = timezone.now()
    entry = Entry.objects.create(
        tournament=tournament,
        player=player,
        guest_name=guest_name,
        partner=partner,
        partner_guest_name=partner_guest_name,
        status=EntryStatus.CONFIRMED,
        is_walk_in=True,
        checked_in=checked_in,
        checked_in_at=now if checked_in else None,
    )
    activity_record(
        actor=by,
        kind="tournament.walk_in",
        params={"entry": entry.name, "tournament": tournament.name},
        subject=tournament,
        data={"entry": entry.pk},
    )
    tournament_touch(tournament=tournament)
    return entry


@transaction.atomic
def looking_for_partner_set(
    *,
    tournament: Tournament,
    member: User,
    looking: bool,
    note: str = "",
    share_contact: bool = False,
) -> bool:
    """Put a member on the tournament's list of players looking for a partner (with a
    note, and their email and phone shown to members if they agree), or off it."""
    if looking:
        if not tournament.is_pairs:
            raise TournamentError(
                "no_partner_individual", _("Partners are drawn each round in this tournament.")
            )
        if _active_entry_of(tournament, member) is not None:
            raise TournamentError(
                "already_registered", _("You are already registered for this tournament.")
            )
        LookingForPartner.objects.update_or_create(
            tournament=tournament,
            member=member,
            defaults={"note": note.strip()[:140], "share_contact": bool(share_contact)},
        )
    else:
        LookingForPartner.objects.filter(tournament=tournament, member=member).delete()
    return looking
