"""Live tables in Django's admin: find and read tables, their seats and hands.

The game log is append-only (a hand is rebuilt by replaying its actions): hands and
actions are read-only here, and so are a table's rules and state. A table can be
renamed, closed (its status) when it is stuck, or have its chat closed; a chat message
can be read and deleted (moderation), not changed.
"""

from __future__ import annotations

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from games.models import Action, ChatMessage, GameHand, Seat, Table
from games.option_labels import seat_label, variant_label


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class SeatInline(ReadOnlyInline):
    model = Seat
    fields = ["seat", "user", "is_bot"]
    readonly_fields = fields


class HandInline(ReadOnlyInline):
    model = GameHand
    fields = ["number", "board", "dealer", "created_at", "finished_at"]
    readonly_fields = fields
    show_change_link = True


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = [
        "__str__",
        "variant_shown",
        "status",
        "visibility",
        "host",
        "created_at",
        "finished_at",
    ]
    list_filter = ["status", "visibility", "variant", "created_at"]
    search_fields = ["name", "host__first_name", "host__last_name", "host__email"]
    date_hierarchy = "created_at"
    list_select_related = ["host"]
    inlines = [SeatInline, HandInline]

    @admin.display(description=_("rule variant"), ordering="variant")
    def variant_shown(self, obj):
        return variant_label(obj.variant)

    # A duplicate table's board seed is secret until its round is over (shown then on
    # the tournament page only, ``tournaments.selectors_boards``): never in the admin.
    exclude = ["board_seed"]

    def get_readonly_fields(self, request, obj=None):
        hidden = ("name", "status", "chat", "board_seed")
        return [f.name for f in Table._meta.fields if f.name not in hidden]

    def has_add_permission(self, request):
        return False  # tables are opened in the lobby

    def has_delete_permission(self, request, obj=None):
        return False


class ActionInline(ReadOnlyInline):
    model = Action
    fields = ["seq", "seat", "action", "by_bot", "user", "created_at"]
    readonly_fields = fields


@admin.register(GameHand)
class GameHandAdmin(admin.ModelAdmin):
    list_display = ["__str__", "table", "number", "dealer_shown", "created_at", "finished_at"]
    list_filter = ["table__status", "created_at"]
    search_fields = ["table__name"]
    list_select_related = ["table"]
    inlines = [ActionInline]

    @admin.display(description=_("dealer"), ordering="dealer")
    def dealer_shown(self, obj):
        return seat_label(obj.dealer)

    def get_readonly_fields(self, request, obj=None):
        return [f.name for f in GameHand._meta.fields]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin):
    list_display = ["created_at", "table", "channel", "name", "text", "phrase"]
    list_filter = ["channel", "created_at"]
    search_fields = ["text", "name", "table__name"]
    list_select_related = ["table"]
    date_hierarchy = "created_at"

    def get_readonly_fields(self, request, obj=None):
        return [f.name for f in ChatMessage._meta.fields]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
