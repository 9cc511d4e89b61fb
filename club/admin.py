from django.contrib import admin
from django.contrib.auth.admin import GroupAdmin as BaseGroupAdmin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.contrib.auth.models import Group
from django.utils.translation import gettext_lazy as _

from club import services
from club.activity import kind_choices
from club.forms import AdminLoginForm
from club.models import ActivityLog, ClubSettings, SentNotice, User
from club.roles import group_label


class GroupFilter(admin.SimpleListFilter):
    """The user list's group filter, with the club's groups translated."""

    title = _("groups")
    parameter_name = "groups__id__exact"

    def lookups(self, request, model_admin):
        return [(g.pk, group_label(g.name)) for g in Group.objects.order_by("name")]

    def queryset(self, request, queryset):
        return queryset.filter(groups__id=self.value()) if self.value() else queryset


@admin.register(User)
class UserAdmin(BaseUserAdmin):
    ordering = ["last_name", "first_name"]
    # Fits a laptop (1366 px): the full name in one column, the rest in the filters.
    list_display = ["email", "full_name", "member_number", "is_approved", "is_active"]

    @admin.display(description=_("name"), ordering="last_name")
    def full_name(self, obj):
        return obj.get_full_name()

    list_filter = [
        "is_approved",
        "is_active",
        "is_staff",
        "is_superuser",
        GroupFilter,
        "preferred_language",
        "date_joined",
    ]
    search_fields = ["email", "first_name", "last_name", "display_name", "member_number", "phone"]
    readonly_fields = ["last_login", "date_joined", "approved_at"]
    fieldsets = (
        (None, {"fields": ("email", "password")}),
        (
            _("Profile"),
            {
                "fields": (
                    "first_name",
                    "last_name",
                    "display_name",
                    "phone",
                    "member_number",
                    "preferred_language",
                )
            },
        ),
        (_("Membership"), {"fields": ("is_approved", "approved_at")}),
        (
            _("Permissions"),
            {"fields": ("is_active", "is_staff", "is_superuser", "groups", "user_permissions")},
        ),
        (_("Dates"), {"fields": ("last_login", "date_joined")}),
    )
    add_fieldsets = (
        (
            None,
            {
                "classes": ("wide",),
                "fields": ("email", "first_name", "last_name", "password1", "password2"),
            },
        ),
    )
    actions = ["approve_members"]

    @admin.action(description=_("Approve the selected members"))
    def approve_members(self, request, queryset):
        for member in queryset.filter(is_approved=False):
            services.member_approve(member=member, by=request.user)

    def formfield_for_manytomany(self, db_field, request, **kwargs):
        field = super().formfield_for_manytomany(db_field, request, **kwargs)
        if db_field.name == "groups" and field is not None:
            field.label_from_instance = lambda group: group_label(group.name)
        return field


admin.site.unregister(Group)


@admin.register(Group)
class GroupAdmin(BaseGroupAdmin):
    list_display = ["shown_name"]

    @admin.display(description=_("name"), ordering="name")
    def shown_name(self, obj):
        return group_label(obj.name)


@admin.register(ClubSettings)
class ClubSettingsAdmin(admin.ModelAdmin):
    list_display = ["name", "public_pages", "require_member_approval"]

    def has_add_permission(self, request):
        return not ClubSettings.objects.exists()

    def has_delete_permission(self, request, obj=None):
        return False


class KindFilter(admin.SimpleListFilter):
    """The activity log's kinds, by their translated label."""

    title = _("kind")
    parameter_name = "kind"

    def lookups(self, request, model_admin):
        return kind_choices()

    def queryset(self, request, queryset):
        return queryset.filter(kind=self.value()) if self.value() else queryset


@admin.register(ActivityLog)
class ActivityLogAdmin(admin.ModelAdmin):
    """Append-only: read, search and filter, never add, change or delete."""

    list_display = ["created_at", "actor", "kind_shown", "text_shown"]
    list_filter = [KindFilter, "created_at"]
    search_fields = ["summary", "kind", "actor__email", "actor__last_name"]
    readonly_fields = [
        "created_at",
        "actor",
        "kind_shown",
        "text_shown",
        "subject_type",
        "subject_id",
        "params",
        "data",
    ]
    fields = readonly_fields
    list_select_related = ["actor"]

    @admin.display(description=_("kind"), ordering="kind")
    def kind_shown(self, obj):
        return obj.kind_label

    @admin.display(description=_("what"))
    def text_shown(self, obj):
        return obj.text

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(SentNotice)
class SentNoticeAdmin(admin.ModelAdmin):
    """The notices emailed (``club.notices``): read only; a failed one shows its error."""

    list_display = ["created_at", "kind", "member", "key", "sent_at", "error"]
    list_filter = ["kind", "created_at"]
    search_fields = ["member__email", "member__last_name", "key", "error"]
    readonly_fields = list_display
    fields = readonly_fields
    list_select_related = ["member"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


# The admin's login goes through the same throttle as the site's (club/auth.py); its form
# only adds the message.
admin.site.login_form = AdminLoginForm
# The technical administration, branded; the club's everyday work is in the back office
# (club/views_office.py).
admin.site.site_header = _("Club 500 · technical administration")
admin.site.site_title = _("Club 500 administration")
admin.site.index_title = _("Technical administration: members' work is in the back office")
admin.site.site_url = "/office/"
