"""Member pages: sign-up, login, profile, directory, member page, approvals, language."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.templatetags.static import static
from django.urls import reverse, reverse_lazy
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from club import hooks, selectors, services
from club.auth import BACKEND
from club.forms import (
    EmailLoginForm,
    LanguageForm,
    NoticesForm,
    ProfileForm,
    SignupForm,
    ThrottledPasswordChangeForm,
)
from club.models import ClubSettings, User
from club.roles import permission_required_or_403


def favicon(request):
    """Browsers ask for /favicon.ico on pages without an icon link (the admin, print
    pages): the site's icon, under its current (content-hashed in production) name."""
    return redirect(static("img/favicon.svg"))


def home(request):
    return render(request, "club/home.html", hooks.page_context("home", request))


def signup(request):
    if request.user.is_authenticated:
        return redirect("home")
    form = SignupForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        services.member_signup_request(
            email=data["email"],
            password=data["password1"],
            first_name=data["first_name"],
            last_name=data["last_name"],
            preferred_language=request.LANGUAGE_CODE,
            site_url=request.build_absolute_uri("/"),
        )
        return redirect("signup_sent")
    return render(request, "club/signup.html", {"form": form})


def signup_sent(request):
    return render(request, "club/signup_sent.html")


def signup_confirm(request, token: str):
    """The link emailed at sign-up: a GET shows a button (mail scanners follow links),
    the POST creates the account and logs in."""
    if request.method == "POST":
        member = services.member_signup_confirm(token=token)
        if member is not None:
            login(request, member, backend=BACKEND)
            messages.success(
                request, _("Welcome to the club, %(name)s!") % {"name": member.public_name}
            )
            return redirect("profile")
        valid = False
    else:
        valid = selectors.signup_link_is_valid(token)
    return render(request, "club/signup_confirm.html", {"valid": valid})


class LoginView(auth_views.LoginView):
    form_class = EmailLoginForm
    template_name = "club/login.html"
    redirect_authenticated_user = True


@login_required
def profile(request):
    member = request.user
    data = request.POST if request.method == "POST" else None
    form = ProfileForm(data, instance=member)
    notices = NoticesForm(data, member=member)
    if request.method == "POST" and form.is_valid() and notices.is_valid():
        services.member_update_profile(
            member=User.objects.get(pk=member.pk),
            notices=notices.choices(),
            **{name: form.cleaned_data[name] for name in form.Meta.fields},
        )
        messages.success(request, _("Your profile is saved."))
        return redirect("profile")
    return render(request, "club/profile.html", {"form": form, "notices": notices})


@login_required
def member_list(request):
    query = request.GET.get("q", "").strip()[:100]
    page = Paginator(selectors.member_directory(query=query), 50).get_page(request.GET.get("page"))
    context = {"page": page, "query": query}
    template = "club/_member_rows.html" if request.htmx else "club/member_list.html"
    return render(request, template, context)


@login_required
def member_detail(request, pk: int):
    member = get_object_or_404(User, pk=pk, is_active=True)
    context = {"member": member, **hooks.page_context("member", request, member=member)}
    return render(request, "club/member_detail.html", context)


@permission_required_or_403("club.approve_members")
def approvals(request):
    if request.method == "POST":
        try:
            member_id = int(request.POST.get("member", ""))
        except ValueError:
            messages.error(request, _("Choose a member to approve."))
            return redirect("approvals")
        member = get_object_or_404(User, pk=member_id, is_active=True)
        services.member_approve(member=member, by=request.user)
        messages.success(request, _("%(name)s is approved.") % {"name": member.public_name})
        return redirect("approvals")

    return render(
        request,
        "club/approvals.html",
        {
            "pending": selectors.members_pending_approval(),
            "required": ClubSettings.load().require_member_approval,
        },
    )


@require_POST
def set_language(request):
    """The language switcher: a cookie for everyone, and the profile of a member."""
    form = LanguageForm(request.POST)
    next_url = request.POST.get("next") or request.META.get("HTTP_REFERER") or "/"
    if not url_has_allowed_host_and_scheme(
        next_url, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        next_url = reverse("home")
    response = HttpResponseRedirect(next_url)
    if not form.is_valid():
        return response
    language = form.cleaned_data["language"]
    if request.user.is_authenticated:
        services.member_set_language(member=request.user, language=language)
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        samesite="Lax",
        secure=request.is_secure(),
    )
    return response


class PasswordChangeView(auth_views.PasswordChangeView):
    form_class = ThrottledPasswordChangeForm
    template_name = "club/password_change.html"
    success_url = reverse_lazy("password_change_done")

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "request": self.request}


password_change = PasswordChangeView.as_view()
password_change_done = auth_views.PasswordChangeDoneView.as_view(
    template_name="club/password_change_done.html"
)
password_reset = auth_views.PasswordResetView.as_view(
    template_name="club/password_reset.html",
    email_template_name="club/email/password_reset.txt",
    subject_template_name="club/email/password_reset_subject.txt",
    success_url=reverse_lazy("password_reset_done"),
)
password_reset_done = auth_views.PasswordResetDoneView.as_view(
    template_name="club/password_reset_done.html"
)
password_reset_confirm = auth_views.PasswordResetConfirmView.as_view(
    template_name="club/password_reset_confirm.html",
    success_url=reverse_lazy("password_reset_complete"),
)
password_reset_complete = auth_views.PasswordResetCompleteView.as_view(
    template_name="club/password_reset_complete.html"
)


def csrf_failure(request, reason=""):
    """A form posted without a valid CSRF token: explain it in the user's language."""
    return render(request, "403_csrf.html", status=403)
