"""Member forms. Validation only: the writes happen in ``club.services``."""

from __future__ import annotations

from django import forms
from django.contrib.auth import password_validation
from django.contrib.auth.forms import AuthenticationForm
from django.utils.translation import gettext_lazy as _

from club import throttle
from club.models import Language, User


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
        email = self.cleaned_data["email"].strip().lower()
        if User.objects.filter(email__iexact=email).exists():
            raise forms.ValidationError(
                _("An account already exists with this email address. "
                  "Log in, or reset your password."),
                code="duplicate_email",
            )
        return email

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


class EmailLoginForm(AuthenticationForm):
    """Log in with email and password, throttled per account and per address."""

    username = forms.EmailField(
        label=_("Email address"), widget=forms.EmailInput(attrs={"autofocus": True})
    )
    error_messages = {
        **AuthenticationForm.error_messages,
        "invalid_login": _("Wrong email address or password."),
        "throttled": _("Too many failed attempts. Wait a few minutes, "
                       "or reset your password."),
    }

    def clean(self):
        email = (self.cleaned_data.get("username") or "").strip().lower()
        address = throttle.client_address(self.request) if self.request else "unknown"
        if email and throttle.is_blocked(email=email, address=address):
            raise forms.ValidationError(self.error_messages["throttled"], code="throttled")
        self.cleaned_data["username"] = email
        try:
            cleaned = super().clean()
        except forms.ValidationError:
            if email:
                throttle.record_failure(email=email, address=address)
            raise
        if email:
            throttle.record_success(email=email)
        return cleaned


class ProfileForm(forms.ModelForm):
    class Meta:
        model = User
        fields = ["first_name", "last_name", "display_name", "phone", "member_number",
                  "preferred_language"]
        labels = {"first_name": _("First name"), "last_name": _("Last name")}
        widgets = {"phone": forms.TextInput(attrs={"type": "tel", "autocomplete": "tel",
                                                   "placeholder": "514 555-0199"})}

    def clean_member_number(self):
        return (self.cleaned_data.get("member_number") or "").strip() or None

    def clean_phone(self):
        from club.phones import normalize_phone

        return normalize_phone(self.cleaned_data.get("phone") or "")


class LanguageForm(forms.Form):
    language = forms.ChoiceField(choices=Language.choices)
    next = forms.CharField(required=False)
