"""Member forms. Validation only: the writes happen in ``club.services``."""

from __future__ import annotations

from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import password_validation
from django.contrib.auth.forms import AuthenticationForm, PasswordChangeForm
from django.utils.translation import gettext_lazy as _

from club import throttle
from club.auth import was_throttled
from club.models import Language, User
from club.notices import KINDS, notice_wanted
from club.phones import normalize_phone


class SignupForm(forms.Form):
    first_name = forms.CharField(label=_("First name"), max_length=150)
    last_name = forms.CharField(label=_("Last name"), max_length=150)
    email = forms.EmailField(label=_("Email address"))
    password1 = forms.CharField(
        label=_("Password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
        help_text=password_validation.password_validators_help_text_html(),
    )
    password2 = forms.CharField(
        label=_("Password (again)"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )

    def clean_email(self) -> str:
        # Whether the address has an account is never said here: the address's owner
        # learns it by email (club.services.member_signup_request).
        return self.cleaned_data["email"].strip().lower()

    def clean(self):
        cleaned = super().clean()
        p1, p2 = cleaned.get("password1"), cleaned.get("password2")
        if p1 and p2 and p1 != p2:
            self.add_error("password2", _("The two passwords do not match."))
        elif p1:
            candidate = User(
                email=cleaned.get("email", ""),
                first_name=cleaned.get("first_name", ""),
                last_name=cleaned.get("last_name", ""),
            )
            try:
                password_validation.validate_password(p1, candidate)
            except forms.ValidationError as error:
                self.add_error("password1", error)
        return cleaned


THROTTLED_MESSAGE = _("Too many failed attempts. Wait a few minutes, or reset your password.")


class ThrottleMessageMixin:
    """For an ``AuthenticationForm``: say so when the login throttle refused the attempt
    (``club.auth``), instead of "wrong password"."""

    def get_invalid_login_error(self):
        if was_throttled(self.request):
            return forms.ValidationError(THROTTLED_MESSAGE, code="throttled")
        return super().get_invalid_login_error()


class EmailLoginForm(ThrottleMessageMixin, AuthenticationForm):
    """Log in with email and password (throttled by ``club.auth``, like every login)."""

    username = forms.EmailField(
        label=_("Email address"), widget=forms.EmailInput(attrs={"autofocus": True})
    )
    error_messages = {
        **AuthenticationForm.error_messages,
        "invalid_login": _("Wrong email address or password."),
    }

    def clean_username(self) -> str:
        return self.cleaned_data["username"].strip().lower()


class AdminLoginForm(ThrottleMessageMixin, AdminAuthenticationForm):
    """The admin's login form, with the same message when the throttle refuses."""


class ThrottledPasswordChangeForm(PasswordChangeForm):
    """Changing one's password checks the old one: that check is counted like a login
    (per account and address), so a stolen session cannot guess the password."""

    def __init__(self, *args, request=None, **kwargs):
        self.request = request
        super().__init__(*args, **kwargs)

    def clean_old_password(self):
        if not throttle.attempt(
            email=self.user.email, address=throttle.client_address(self.request)
        ):
            raise forms.ValidationError(THROTTLED_MESSAGE, code="throttled")
        old_password = super().clean_old_password()
        throttle.record_success(
            email=self.user.email, address=throttle.client_address(self.request)
        )
        return old_password


class ProfileForm(forms.ModelForm):
    class Meta:
        model = User
        fields = [
            "first_name",
            "last_name",
            "display_name",
            "phone",
            "member_number",
            "preferred_language",
        ]
        labels = {"first_name": _("First name"), "last_name": _("Last name")}
        widgets = {
            "phone": forms.TextInput(
                attrs={"type": "tel", "autocomplete": "tel", "placeholder": "514 555-0199"}
            )
        }

    def clean_member_number(self):
        return (self.cleaned_data.get("member_number") or "").strip() or None

    def clean_phone(self):
        return normalize_phone(self.cleaned_data.get("phone") or "")


class NoticesForm(forms.Form):
    """The notices a member wants by email: a box per kind (``club.notices.KINDS``)."""

    def __init__(self, *args, member: User, **kwargs):
        super().__init__(*args, **kwargs)
        for kind in KINDS.values():
            self.fields[f"notice_{kind.key}"] = forms.BooleanField(
                required=False,
                label=kind.label,
                help_text=kind.description,
                initial=notice_wanted(member, kind.key),
            )

    def choices(self) -> dict[str, bool]:
        return {key: self.cleaned_data[f"notice_{key}"] for key in KINDS}


class LanguageForm(forms.Form):
    language = forms.ChoiceField(choices=Language.choices)
    next = forms.CharField(required=False)
