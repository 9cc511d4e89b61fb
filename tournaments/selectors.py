"""Readers for the tournament pages (constant query counts on lists)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from itertools import groupby

from django.core.cache import cache
from django.db.models import Count, Q
from django.utils import timezone

from club.names import sort_key
from tournaments import seating
from tournaments.clock import WARNING_SECONDS
from tournaments.kinds.registry import TournamentKind, tournament_kind
from tournaments.models import (
    ACTIVE_ENTRY,
    DirectorCall,
    Entry,
    EntryStatus,
    LookingForPartner,
    Place,
    PlayMode,
    Position,
    Round,
    RoundPlay,
    RoundStatus,
    Seat,
    SeatingConstraint,
    Status,
    TableGame,
    Tournament,
)


def cached_per_version(tournament: Tournament, name: str, build):
    """``build()`` cached per tournament version and status: every write that changes
    results, seats or settings bumps the version (``tournament_touch``), so a cached
    value is never stale and the pages that read it share one computation."""
    key = f"t500:{name}:{tournament.pk}:{tournament.version}:{tournament.status}"
    value = cache.get(key)
    if value is None:
        value = build()
        cache.set(key, value, 300)
    return value


def registration_is_open(tournament: Tournament, now: datetime | None = None) -> bool:
    now = now or timezone.now()
    if tournament.status != Status.REGISTRATION_OPEN:
        return False
    if tournament.registration_opens_at and now < tournament.registration_opens_at:
        return False
    if tournament.registration_closes_at and now >= tournament.registration_closes_at:
        return False
    return True


def _visible(viewer) -> Q:
    if viewer is not None and viewer.is_authenticated and viewer.is_director:
        return Q()
    return ~Q(status=Status.DRAFT)


def tournaments_with_counts(viewer):
    return Tournament.objects.filter(_visible(viewer)).annotate(
        registered=Count("entries", filter=Q(entries__status=EntryStatus.CONFIRMED)),
        waiting=Count("entries", filter=Q(entries__status=EntryStatus.WAITING)),
    )


def calendar(viewer, *, now=None) -> dict:
    """Upcoming (soonest first) and past (latest first) tournaments, grouped by month."""
    now = now or timezone.now()
    today = timezone.localtime(now).replace(hour=0, minute=0, second=0, microsecond=0)
    rows = list(tournaments_with_counts(viewer).order_by("starts_at", "id"))
    upcoming = [t for t in rows if t.starts_at >= today]
    past = [t for t in reversed(rows) if t.starts_at < today]

    def by_month(items):
        key = lambda t: timezone.localtime(t.starts_at).date().replace(day=1)  # noqa: E731
        return [(month, list(group)) for month, group in groupby(items, key=key)]

    return {"upcoming": by_month(upcoming), "past": by_month(past[:60])}


def upcoming(viewer, *, limit: int = 3):
    today = timezone.localtime().replace(hour=0, minute=0, second=0, microsecond=0)
    return list(
        tournaments_with_counts(viewer)
        .filter(starts_at__gte=today)
        .exclude(status__in=[Status.CANCELLED, Status.DRAFT])
        .order_by("starts_at")[:limit]
    )


def member_history(member, limit: int = 50):
    """A member's tournaments (as player or partner), most recent first: one entry per
    tournament, the current one (an active entry, else the latest: a withdrawal
    followed by a new registration shows the registration)."""
    entries = (
        Entry.objects.filter(Q(player=member) | Q(partner=member))
        .exclude(status__in=[EntryStatus.DECLINED])
        .exclude(tournament__status=Status.DRAFT)
        .select_related("tournament", "player", "partner")
        .order_by("-tournament__starts_at", "-tournament_id", "-pk")
    )
    current: dict[int, Entry] = {}
    for entry in entries:
        kept = current.get(entry.tournament_id)
        if kept is None or (entry.status in ACTIVE_ENTRY and kept.status not in ACTIVE_ENTRY):
            current[entry.tournament_id] = entry
    return list(current.values())[:limit]


def entry_of(tournament: Tournament, user) -> Entry | None:
    if user is None or not user.is_authenticated:
        return None
    return (
        Entry.objects.filter(tournament=tournament, status__in=ACTIVE_ENTRY)
        .filter(Q(player=user) | Q(partner=user))
        .select_related("player", "partner")
        .first()
    )


def waiting_position(entry: Entry | None) -> int | None:
    if entry is None or entry.status != EntryStatus.WAITING:
        return None
    return (
        Entry.objects.filter(tournament_id=entry.tournament_id, status=EntryStatus.WAITING)
        .filter(Q(queued_at__lt=entry.queued_at) | Q(queued_at=entry.queued_at, id__lt=entry.id))
        .count()
        + 1
    )


def entries(tournament: Tournament, *, statuses=ACTIVE_ENTRY, query: str = ""):
    qs = Entry.objects.filter(tournament=tournament, status__in=statuses).select_related(
        "player", "partner"
    )
    query = (query or "").strip()[:60]
    if query:
        words = Q()
        for field in (
            "player__first_name",
            "player__last_name",
            "player__display_name",
            "guest_name",
            "partner__first_name",
            "partner__last_name",
            "partner__display_name",
            "partner_guest_name",
        ):
            words |= Q(**{f"{field}__icontains": query})
        qs = qs.filter(words)
    return qs


def presence_counts(tournament: Tournament) -> dict:
    """Registered (confirmed) entries, how many are present, how many not yet."""
    counts = Entry.objects.filter(tournament=tournament, status=EntryStatus.CONFIRMED).aggregate(
        registered=Count("id"), present=Count("id", filter=Q(checked_in=True))
    )
    return {**counts, "absent": counts["registered"] - counts["present"]}


def entries_sorted(tournament: Tournament, **kwargs) -> list[Entry]:
    """Entries by name as a French reader sorts them (accents and case ignored)."""
    return sorted(entries(tournament, **kwargs), key=lambda e: sort_key(e.name))


def tournament_page(tournament: Tournament, viewer) -> dict:
    mine = entry_of(tournament, viewer)
    counts = Entry.objects.filter(tournament=tournament).aggregate(
        confirmed=Count("id", filter=Q(status=EntryStatus.CONFIRMED)),
        waiting=Count("id", filter=Q(status=EntryStatus.WAITING)),
        present=Count("id", filter=Q(status=EntryStatus.CONFIRMED, checked_in=True)),
    )
    looking = (
        list(LookingForPartner.objects.filter(tournament=tournament).select_related("member"))
        if viewer.is_authenticated
        else []
    )
    return {
        "tournament": tournament,
        "my_entry": mine,
        "my_waiting_position": waiting_position(mine),
        "partner_request": mine
        if mine and mine.status == EntryStatus.PENDING and mine.partner_id == viewer.pk
        else None,
        "looking_count": LookingForPartner.objects.filter(tournament=tournament).count(),
        "counts": counts,
        "spots_left": max(0, tournament.capacity - counts["confirmed"]),
        "registration_open": registration_is_open(tournament),
        "looking": looking,
        "i_am_looking": any(x.member_id == viewer.pk for x in looking),
        "registered": entries_sorted(tournament, statuses=[EntryStatus.CONFIRMED]),
    }


# ---- rounds -----------------------------------------------------------------------


@dataclass
class TableView:
    number: int
    kind: TournamentKind  # the tournament's game: its seats' order
    seats: dict = field(default_factory=dict)  # "N" -> {"name", "entry_id", "user_ids"}
    entries: dict = field(default_factory=dict)  # position (N.., NS/EW, P1..) -> Entry

    def ordered(self):
        """(seat, person) in the game's seat order: N E S W, or seats 1, 2, ..."""
        return self.kind.table_order(self.seats)


def _person(name: str, entry: Entry, user_id) -> dict:
    return {"name": name, "entry_id": entry.pk, "user_id": user_id}


def round_tables(rnd: Round) -> tuple[list[TableView], list[Seat]]:
    """The round's tables (seats N/E/S/W with names, pairs split) and its byes."""
    seats = list(Seat.objects.filter(round=rnd).select_related("entry__player", "entry__partner"))
    kind = tournament_kind(rnd.tournament)
    tables: dict[int, TableView] = {}
    byes = []
    for seat in seats:
        if seat.is_bye:
            byes.append(seat)
            continue
        view = tables.setdefault(seat.table, TableView(seat.table, kind))
        entry = seat.entry
        view.entries[seat.position] = entry
        if seat.position in seating.SIDES:  # pairs: the player sits N (or E), the partner opposite
            first, second = seat.position[0], seat.position[1]
            view.seats[first] = _person(entry.player_name, entry, entry.player_id)
            view.seats[second] = _person(entry.partner_name, entry, entry.partner_id)
        else:
            view.seats[seat.position] = _person(entry.name, entry, entry.player_id)
    byes.sort(key=lambda s: sort_key(s.entry.name))
    return [tables[n] for n in sorted(tables)], byes


def current_round(tournament: Tournament, *, published_only: bool = True) -> Round | None:
    qs = Round.objects.filter(tournament=tournament)
    if published_only:
        qs = qs.filter(status__in=[RoundStatus.PUBLISHED, RoundStatus.PLAYING])
    return qs.order_by("-number").first()


def online_table(rnd: Round, table: int) -> tuple[bool, object]:
    """(played online?, its live table or None) for a table of a round."""
    game = TableGame.objects.filter(round=rnd, table=table).select_related("live_table").first()
    if game is not None:
        return game.mode == PlayMode.ONLINE, game.live_table
    play = RoundPlay.objects.filter(round=rnd).first()
    if play is not None:
        return play.mode == PlayMode.ONLINE, None
    return tournament_is_online(rnd.tournament), None


def tournament_is_online(tournament: Tournament) -> bool:
    return tournament.place == Place.ONLINE


def seat_in_current_round(tournament: Tournament, user) -> dict:
    """Where the viewer sits in the current published round (table, seat, partner), or
    why nowhere (``state``: none, absent, bye)."""
    rnd = current_round(tournament)
    if rnd is None or user is None or not user.is_authenticated:
        return {"round": rnd, "state": "none"} if rnd is None else {"round": rnd, "state": "absent"}
    tables, byes = round_tables(rnd)
    for seat in byes:
        if seat.entry.involves(user):
            return {"round": rnd, "state": "bye"}
    for table in tables:
        for pos, person in table.seats.items():
            if person and person["user_id"] == user.pk:
                return {
                    "round": rnd,
                    "state": "seated",
                    "table": table,
                    "position": pos,
                    "position_label": Position(pos).label,
                    **table.kind.my_seat(rnd, table, pos),
                }
    return {"round": rnd, "state": "absent"}


def report_with_names(report: dict, names: dict[int, str]) -> dict:
    def name(eid):
        return names.get(eid, str(eid))

    def pairs(items):
        return [
            {"a": name(r["a"]), "b": name(r["b"]), "times": r["times"], "rounds": r["rounds"]}
            for r in items
        ]

    return {
        "table_repeats": pairs(report.get("table_repeats", [])),
        "partner_repeats": pairs(report.get("partner_repeats", [])),
        "opponent_repeats": pairs(report.get("opponent_repeats", [])),
        "bye_repeats": [
            {"player": name(r["player"]), "byes": r["byes"], "rounds": r["rounds"]}
            for r in report.get("bye_repeats", [])
        ],
        "violations": [
            {"kind": v["kind"], "a": name(v["a"]), "b": name(v["b"])}
            for v in report.get("violations", [])
        ],
        "problems": report.get("problems", []),
    }


def round_editor(rnd: Round) -> dict:
    tables, byes = round_tables(rnd)
    tournament = rnd.tournament
    in_round = {e.pk: e for t in tables for e in t.entries.values()}
    in_round.update({s.entry_id: s.entry for s in byes})
    names = {eid: e.name for eid, e in in_round.items()}
    late = [
        e
        for e in entries_sorted(tournament, statuses=[EntryStatus.CONFIRMED])
        if e.checked_in and e.pk not in in_round
    ]
    kind = tournament_kind(tournament)
    empty = [(t, p, kind.seat_choice(t, p)) for t, p in kind.empty_seats(tournament, tables)]
    return {
        "round": rnd,
        "tables": tables,
        "byes": byes,
        "choices": sorted(in_round.values(), key=lambda e: e.name.lower()),
        "late": late,
        "empty_seats": empty,
        "report": report_with_names(rnd.report or {}, names),
    }


def constraints(tournament: Tournament):
    return list(
        SeatingConstraint.objects.filter(tournament=tournament).select_related(
            "a__player", "a__partner", "b__player", "b__partner"
        )
    )


# ---- pages around the day ------------------------------------------------------------


def rules_summary(tournament: Tournament) -> dict:
    """The tournament's rules as players read them: the variant and what differs."""
    return tournament_kind(tournament).rules_summary(tournament)


def published_draws(tournament: Tournament) -> list[dict]:
    """Every published round's tables and byes, the latest first."""
    rounds = Round.objects.filter(
        tournament=tournament, status__in=[RoundStatus.PUBLISHED, RoundStatus.PLAYING]
    ).order_by("-number")
    out = []
    for rnd in rounds:
        rnd.tournament = tournament
        tables, byes = round_tables(rnd)
        out.append({"round": rnd, "tables": tables, "byes": byes})
    return out


def round_clock(rnd: Round | None, *, now=None) -> dict | None:
    """The round clock as the projector shows it (None before a round is playing)."""
    if rnd is None:
        return None
    play = RoundPlay.objects.filter(round=rnd).first()
    if play is None or play.clock_started_at is None:
        return None
    now = now or timezone.now()
    clock = play.clock
    remaining = clock.remaining(now)
    return {
        "state": clock.state(now),
        "remaining": remaining,
        "minutes": clock.minutes,
        "paused": clock.paused_at is not None,
        "closed": play.is_closed,
        "deadline_ms": int((now.timestamp() + remaining) * 1000),
        "now_ms": int(now.timestamp() * 1000),
        "warning": WARNING_SECONDS,
        "text": clock_text(remaining),
    }


def clock_text(seconds: int | None) -> str:
    """12:05, or -2:10 in overtime."""
    if seconds is None:
        return ""
    sign = "-" if seconds < 0 else ""
    seconds = abs(seconds)
    return f"{sign}{seconds // 60}:{seconds % 60:02d}"


def open_call(rnd: Round, table: int):
    """The table's call to the director not answered yet (or None)."""
    return DirectorCall.objects.filter(round=rnd, table=table, answered_at__isnull=True).first()
