from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path, re_path

from club import jscatalog, pwa, views, views_office
from games import rules

urlpatterns = [
    path("", views.home, name="home"),
    # Browsers ask for /favicon.ico on pages without an icon link (the admin, print pages).
    path("favicon.ico", views.favicon),
    # The installable app (club/pwa.py): at the root, the worker's scope is the whole site.
    path("manifest.webmanifest", pwa.manifest, name="pwa_manifest"),
    path("sw.js", pwa.service_worker, name="pwa_worker"),
    re_path(rf"^offline/(?P<language>{pwa.LANGUAGE_PATTERN})/$", pwa.offline, name="pwa_offline"),
    re_path(
        rf"^offline/(?P<language>{pwa.LANGUAGE_PATTERN})/jsi18n/$",
        pwa.offline_catalog,
        name="pwa_offline_catalog",
    ),
    path("accounts/signup/", views.signup, name="signup"),
    path("accounts/signup/sent/", views.signup_sent, name="signup_sent"),
    path("accounts/signup/confirm/<str:token>/", views.signup_confirm, name="signup_confirm"),
    path("accounts/login/", views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/profile/", views.profile, name="profile"),
    path("accounts/password/", views.password_change, name="password_change"),
    path("accounts/password/done/", views.password_change_done, name="password_change_done"),
    path("accounts/password/reset/", views.password_reset, name="password_reset"),
    path("accounts/password/reset/sent/", views.password_reset_done, name="password_reset_done"),
    path(
        "accounts/password/reset/<uidb64>/<token>/",
        views.password_reset_confirm,
        name="password_reset_confirm",
    ),
    path(
        "accounts/password/reset/complete/",
        views.password_reset_complete,
        name="password_reset_complete",
    ),
    path("members/", views.member_list, name="member_list"),
    path("members/approvals/", views.approvals, name="approvals"),
    path("members/<int:pk>/", views.member_detail, name="member_detail"),
    path("office/", views_office.office_members, name="office_members"),
    path("office/members/<int:pk>/", views_office.office_member, name="office_member"),
    path(
        "office/members/<int:pk>/change/",
        views_office.office_member_change,
        name="office_member_change",
    ),
    path("office/activity/", views_office.office_activity, name="office_activity"),
    path("language/", views.set_language, name="set_language"),
    path("rules/", rules.rules_index, name="rules"),
    path("rules/<slug:variant>/", rules.rules_variant, name="rules_variant"),
    path("tournaments/", include("tournaments.urls")),
    path("tables/", include("games.urls")),
    path("jsi18n/", jscatalog.catalog, name="javascript-catalog"),
    path("admin/", admin.site.urls),
]
