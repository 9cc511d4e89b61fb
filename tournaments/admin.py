"""The tournaments in Django's admin: find, filter and read everything.

Only names and notes can be changed here. Settings, registrations, draws and results
go through the site's pages (the services validate the rules with the engine, keep the
waiting list, score with the engine and write the activity log); here they are
read-only, as is everything a log must keep as it was.
"""

from __future__ import annotations

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from games.option_labels import contract_label, seat_label
from tournaments.models import (
    DirectorCall,
    Entry,
    HandScore,
    LookingForPartner,
    ResultsSettings,
    Round,
    RoundPlay,
    Season,
    Seat,
    SeatingConstraint,
    SheetLine,
    TableGame,
    Tournament,
)


class ReadOnlyAdmin(admin.ModelAdmin):
    """Viewable, searchable, never edited here (written by the tournament services)."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class EntryInline(ReadOnlyInline):
    model = Entry
    fields = ["player", "guest_name", "partner", "partner_guest_name", "status", "checked_in"]
    readonly_fields = fields


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = [
        "name",
        "starts_at",
        "status",
        "game",
        "format",
        "place",
        "variant",
        "rounds_total",
        "capacity",
    ]
    list_filter = ["status", "game", "format", "place", "variant", "starts_at"]
    search_fields = ["name", "notes"]
    date_hierarchy = "starts_at"
    inlines = [EntryInline]

    def get_readonly_fields(self, request, obj=None):
        return [f.name for f in Tournament._meta.fields if f.name not in ("name", "notes")]

    def has_add_permission(self, request):
        return False  # on the site (Tournaments -> New tournament): rules are validated

    def has_delete_permission(self, request, obj=None):
        # A tournament with rounds is part of the club's history: cancel it instead.
        return obj is None or not obj.rounds.exists()


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ["__str__", "tournament", "status", "checked_in", "is_walk_in", "created_at"]
    list_filter = ["status", "checked_in", "is_walk_in", "tournament"]
    search_fields = [
        "player__first_name",
        "player__last_name",
        "player__display_name",
        "player__email",
        "guest_name",
        "partner__first_name",
        "partner__last_name",
        "partner_guest_name",
        "tournament__name",
    ]
    list_select_related = ["tournament", "player", "partner"]

    def get_readonly_fields(self, request, obj=None):
        return [
            f.name for f in Entry._meta.fields if f.name not in ("guest_name", "partner_guest_name")
        ]

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(LookingForPartner)
class LookingForPartnerAdmin(admin.ModelAdmin):
    list_display = ["member", "tournament", "note", "share_contact", "created_at"]
    list_filter = ["share_contact", "tournament"]
    search_fields = ["member__first_name", "member__last_name", "note", "tournament__name"]


@admin.register(SeatingConstraint)
class SeatingConstraintAdmin(ReadOnlyAdmin):
    list_display = ["tournament", "kind", "a", "b"]
    list_filter = ["kind", "tournament"]
    search_fields = ["tournament__name"]


class SeatInline(ReadOnlyInline):
    model = Seat
    fields = ["table", "position", "entry", "bye_score"]
    readonly_fields = fields
    show_change_link = False


@admin.register(Round)
class RoundAdmin(ReadOnlyAdmin):
    list_display = ["__str__", "number", "status", "seed", "published_at", "play_started_at"]
    list_filter = ["status", "tournament"]
    search_fields = ["tournament__name"]
    list_select_related = ["tournament"]
    inlines = [SeatInline]
    exclude = ["board_seed"]  # secret until the round is over: shown by the tournament page


@admin.register(Seat)
class SeatAdmin(ReadOnlyAdmin):
    list_display = ["round", "table", "seat_shown", "entry", "bye_score"]
    list_filter = ["position", "round__tournament"]
    search_fields = [
        "entry__player__first_name",
        "entry__player__last_name",
        "entry__guest_name",
        "round__tournament__name",
    ]
    list_select_related = ["round__tournament", "entry__player", "entry__partner"]

    @admin.display(description=_("seat"), ordering="position")
    def seat_shown(self, obj):
        return obj.get_position_display()


@admin.register(RoundPlay)
class RoundPlayAdmin(ReadOnlyAdmin):
    list_display = ["round", "mode", "closed_at", "reopened_at", "corrected_at"]
    list_filter = ["mode", "round__tournament"]
    search_fields = ["round__tournament__name", "reopen_reason"]


class HandInline(ReadOnlyInline):
    model = HandScore
    fields = [
        "seq",
        "hand",
        "dealer",
        "contract_shown",
        "declarer",
        "tricks",
        "ns_score",
        "ew_score",
        "confirmed",
        "corrected",
    ]
    readonly_fields = fields
    show_change_link = True

    @admin.display(description=_("contract"))
    def contract_shown(self, obj):
        return _("Re-deal") if obj.redeal else contract_label(obj.contract)


class SheetLineInline(ReadOnlyInline):
    model = SheetLine
    fields = ["seq", "dealer", "entry", "points", "master", "confirmed", "corrected"]
    readonly_fields = fields


@admin.register(TableGame)
class TableGameAdmin(ReadOnlyAdmin):
    list_display = [
        "__str__",
        "table",
        "mode",
        "status",
        "hands_done",
        "hands_pending",
        "ns_total",
        "ew_total",
        "totals",
    ]
    list_filter = ["status", "mode", "round__tournament"]
    search_fields = ["round__tournament__name", "adjusted_reason"]
    list_select_related = ["round__tournament"]
    inlines = [HandInline, SheetLineInline]


@admin.register(SheetLine)
class SheetLineAdmin(ReadOnlyAdmin):
    """450: the rounds of the tables' secretary's sheets (records as entered)."""

    list_display = [
        "__str__",
        "seq",
        "dealer",
        "entry",
        "points",
        "master",
        "confirmed",
        "corrected",
    ]
    list_filter = ["confirmed", "corrected", "entry", "game__round__tournament"]
    search_fields = ["game__round__tournament__name", "confirmed_by_name"]
    list_select_related = ["game__round__tournament"]


@admin.register(HandScore)
class HandScoreAdmin(ReadOnlyAdmin):
    list_display = [
        "__str__",
        "hand",
        "dealer_shown",
        "contract_shown",
        "declarer_shown",
        "tricks",
        "ns_score",
        "ew_score",
        "confirmed",
        "corrected",
        "by_bot",
    ]
    list_filter = ["confirmed", "corrected", "redeal", "by_bot", "game__round__tournament"]
    search_fields = ["game__round__tournament__name", "confirmed_by_name", "contract"]
    list_select_related = ["game__round__tournament"]

    @admin.display(description=_("dealer"), ordering="dealer")
    def dealer_shown(self, obj):
        return seat_label(obj.dealer)

    @admin.display(description=_("declarer"), ordering="declarer")
    def declarer_shown(self, obj):
        return seat_label(obj.declarer) if obj.declarer else ""

    @admin.display(description=_("contract"), ordering="contract")
    def contract_shown(self, obj):
        return _("Re-deal") if obj.redeal else contract_label(obj.contract)


@admin.register(DirectorCall)
class DirectorCallAdmin(ReadOnlyAdmin):
    list_display = ["round", "table", "caller_name", "created_at", "answered_at", "answered_by"]
    list_filter = ["round__tournament"]
    search_fields = ["caller_name", "round__tournament__name"]


@admin.register(ResultsSettings)
class ResultsSettingsAdmin(admin.ModelAdmin):
    list_display = ["tournament", "round_minutes", "absence_grace_seconds", "reopened_at"]
    search_fields = ["tournament__name"]
    readonly_fields = ["tournament", "reopened_at", "reopen_reason"]

    def has_add_permission(self, request):
        return False


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ["name", "scoring", "best_of", "created_at"]
    list_filter = ["scoring"]
    search_fields = ["name"]
    filter_horizontal = ["tournaments"]
