from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.utils.translation import gettext_lazy as _

from club import services
from club.forms import AdminLoginForm
from club.models import ActivityLog, ClubSettings, User


@admin.register(User)
class UserAdmin(BaseUserAdmin):
    ordering = ["last_name", "first_name"]
    list_display = ["email", "first_name", "last_name", "display_name", "member_number",
                    "is_approved", "is_staff", "date_joined"]
    list_filter = ["is_approved", "is_active", "is_staff", "is_superuser", "groups",
                   "preferred_language", "date_joined"]
    search_fields = ["email", "first_name", "last_name", "display_name", "member_number",
                     "phone"]
    readonly_fields = ["last_login", "date_joined", "approved_at"]
    fieldsets = (
        (None, {"fields": ("email", "password")}),
        (_("Profile"), {"fields": ("first_name", "last_name", "display_name", "phone",
                                   "member_number", "preferred_language")}),
        (_("Membership"), {"fields": ("is_approved", "approved_at")}),
        (_("Permissions"), {"fields": ("is_active", "is_staff", "is_superuser", "groups",
                                       "user_permissions")}),
        (_("Dates"), {"fields": ("last_login", "date_joined")}),
    )
    add_fieldsets = (
        (None, {"classes": ("wide",), "fields": ("email", "first_name", "last_name",
                                                 "password1", "password2")}),
    )
    actions = ["approve_members"]

    @admin.action(description=_("Approve the selected members"))
    def approve_members(self, request, queryset):
        for member in queryset.filter(is_approved=False):
            services.member_approve(member=member, by=request.user)


@admin.register(ClubSettings)
class ClubSettingsAdmin(admin.ModelAdmin):
    list_display = ["name", "require_member_approval"]

    def has_add_permission(self, request):
        return not ClubSettings.objects.exists()

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(ActivityLog)
class ActivityLogAdmin(admin.ModelAdmin):
    list_display = ["created_at", "actor", "kind", "summary"]
    list_filter = ["kind", "created_at"]
    search_fields = ["summary", "kind", "actor__email", "actor__last_name"]
    readonly_fields = [f.name for f in ActivityLog._meta.fields]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


# The admin's login goes through the same throttle as the site's (club/auth.py); its form
# only adds the message.
admin.site.login_form = AdminLoginForm
