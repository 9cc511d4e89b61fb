"""Forms of the tournament pages (validation of shape only; rules live in services)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from club.models import User
from club.names import collated, member_label
from games.engine import VARIANTS, option_catalogue
from games.engine.four_fifty import option_catalogue as option_catalogue_450
from games.option_labels import option_choices, option_help, option_label, variant_label
from tournaments.kinds.four_fifty import labels as labels450
from tournaments.models import ACTIVE_ENTRY, ConstraintKind, Entry, GameKind, Position, Tournament

#: Options set elsewhere (the tournament's own fields) or not yet playable.
HIDDEN_OPTIONS = {"players", "hands_per_game"}
#: The 450 options a tournament sets (the deal's options are the table's business).
OPTIONS_450 = tuple(labels450.OPTIONS)
#: Fields that only one game uses (the page shows them when that game is chosen).
GAME_FIELDS = {
    "variant": GameKind.FIVE_HUNDRED,
    "format": GameKind.FIVE_HUNDRED,
    "hands_per_game": GameKind.FIVE_HUNDRED,
    "table_size": GameKind.FOUR_FIFTY,
    "sheet_entry": GameKind.FOUR_FIFTY,
}
DATETIME_WIDGET = {"type": "datetime-local"}


def _dt_field(label, required=False):
    return forms.DateTimeField(
        label=label,
        required=required,
        widget=forms.DateTimeInput(attrs=DATETIME_WIDGET, format="%Y-%m-%dT%H:%M"),
    )


class TournamentForm(forms.ModelForm):
    starts_at = _dt_field(_("Date and start time"), required=True)
    registration_opens_at = _dt_field(_("Registration opens"))
    registration_closes_at = _dt_field(_("Registration closes"))
    variant = forms.ChoiceField(label=_("Rule variant"))

    class Meta:
        model = Tournament
        fields = [
            "name",
            "game",
            "starts_at",
            "place",
            "variant",
            "format",
            "rounds_total",
            "hands_per_game",
            "table_size",
            "sheet_entry",
            "capacity",
            "registration_opens_at",
            "registration_closes_at",
            "bye_score",
            "bye_fixed_score",
            "tie_rule",
            "notes",
        ]
        widgets = {"notes": forms.Textarea(attrs={"rows": 3})}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["variant"].choices = [(name, variant_label(name)) for name in VARIANTS]
        current = (self.instance.variant_options or {}) if self.instance.pk else {}
        current_500 = {} if self.instance.pk and self.instance.is_450 else current
        self.option_names = []
        for spec in option_catalogue():
            name = spec["name"]
            if name in HIDDEN_OPTIONS:
                continue
            key = f"opt_{name}"
            default_label = _("— as in the variant —")
            if spec["type"] == "bool":
                field = forms.ChoiceField(
                    choices=[("", default_label), ("true", _("yes")), ("false", _("no"))]
                )
            elif spec["choices"]:
                field = forms.ChoiceField(choices=[("", default_label)] + option_choices(spec))
            elif spec["type"] == "int":
                field = forms.IntegerField(min_value=spec["min"], max_value=spec["max"])
            else:
                field = forms.CharField(max_length=60)
            field.required = False
            field.label = option_label(name)
            field.help_text = option_help(spec)
            if name in current_500:
                value = current_500[name]
                field.initial = ("true" if value else "false") if isinstance(value, bool) else value
            self.fields[key] = field
            self.option_names.append((key, spec))
        self.options_450 = []
        is_450 = self.instance.pk and self.instance.is_450
        for spec in option_catalogue_450():
            name = spec["name"]
            if name not in OPTIONS_450:
                continue
            key = f"opt450_{name}"
            label, help_text = labels450.OPTIONS[name]
            if spec["choices"]:
                field = forms.ChoiceField(
                    choices=[
                        (str(c), labels450.option_value_label(name, c)) for c in spec["choices"]
                    ]
                )
            else:
                field = forms.IntegerField(min_value=spec["min"], max_value=spec["max"])
            field.required = False
            field.label = label
            field.help_text = help_text
            field.initial = (
                current.get(name) if is_450 and name in current else spec["defaults"]["450"]
            )
            self.fields[key] = field
            self.options_450.append((key, spec))
        for name in ("game", "table_size", "sheet_entry"):  # 500 forms may leave them out
            self.fields[name].required = False
        self.fields["place"].help_text = _(
            "Online, each table of a round plays at a live table (500 or 450)."
        )
        self.fields["game"].help_text = _(
            "500 (in pairs or partners drawn) or 450 (each for himself, tables of 3 to 6)."
        )

    def option_fields(self):
        return [self[key] for key, _spec in self.option_names]

    def option_fields_450(self):
        return [self[key] for key, _spec in self.options_450]

    def main_fields(self):
        """(field, the game it belongs to or "") for the page, options apart."""
        keys = {key for key, _spec in self.option_names + self.options_450}
        return [
            (f, GAME_FIELDS.get(f.name, "")) for f in self.visible_fields() if f.name not in keys
        ]

    def clean(self):
        data = super().clean()
        for name in ("game", "table_size", "sheet_entry"):
            if data.get(name) in (None, ""):
                data[name] = Tournament._meta.get_field(name).default
        if data.get("game") == GameKind.FOUR_FIFTY:  # each for himself
            data["format"] = "individual"
        return data

    def is_450(self) -> bool:
        return self.cleaned_data.get("game") == GameKind.FOUR_FIFTY

    def variant_options(self) -> dict:
        if self.is_450():
            out = {}
            for key, spec in self.options_450:
                value = self.cleaned_data.get(key)
                if value in (None, ""):
                    continue
                out[spec["name"]] = int(value) if spec["type"] == "int" else value
            return out
        out = {}
        for key, spec in self.option_names:
            value = self.cleaned_data.get(key)
            if value in (None, ""):
                continue
            if spec["type"] == "bool":
                value = value == "true"
            elif spec["type"] == "int":
                value = int(value)
            out[spec["name"]] = value
        return out

    def settings(self) -> dict:
        data = {name: self.cleaned_data[name] for name in self.Meta.fields}
        data["variant_options"] = self.variant_options()
        return data


class CopyForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    starts_at = _dt_field(_("Date and start time"), required=True)


class MemberChoiceField(forms.ModelChoiceField):
    """Members as sorted: "Côté, Réjean (Ti-Réjean)", by last name, accents ignored."""

    def label_from_instance(self, obj):
        return member_label(obj)


def available_members(tournament=None, *, exclude=None):
    """Active members who can play (not the site's admin accounts), without those
    already in an active entry of the tournament, by last name (accent-blind)."""
    qs = User.objects.filter(is_active=True, is_superuser=False)
    if exclude is not None:
        qs = qs.exclude(pk=exclude.pk)
    if tournament is not None:
        busy = Entry.objects.filter(tournament=tournament, status__in=ACTIVE_ENTRY)
        qs = qs.exclude(pk__in=busy.exclude(player=None).values("player")).exclude(
            pk__in=busy.exclude(partner=None).values("partner")
        )
    return qs.order_by(collated("last_name"), collated("first_name"), "pk")


class RegisterForm(forms.Form):
    partner = MemberChoiceField(
        label=_("Partner"),
        queryset=User.objects.none(),
        required=False,
        empty_label=_("— choose your partner —"),
    )

    def __init__(self, *args, tournament=None, member=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["partner"].queryset = available_members(tournament, exclude=member)


class LookingForm(forms.Form):
    note = forms.CharField(
        label=_("A note for the others (optional)"),
        max_length=140,
        required=False,
        widget=forms.TextInput(attrs={"placeholder": _("e.g. I play Thursdays, beginner welcome")}),
    )
    share_contact = forms.BooleanField(
        label=_("Show my email and phone to members so they can reach me"), required=False
    )


class WalkInForm(forms.Form):
    player = MemberChoiceField(label=_("Member"), required=False, queryset=User.objects.none())
    guest_name = forms.CharField(label=_("or a guest's name"), max_length=80, required=False)
    partner = MemberChoiceField(
        label=_("Partner (member)"), required=False, queryset=User.objects.none()
    )
    partner_guest_name = forms.CharField(
        label=_("or the partner's guest name"), max_length=80, required=False
    )

    def __init__(self, *args, tournament=None, **kwargs):
        super().__init__(*args, **kwargs)
        members = available_members(tournament)
        self.fields["player"].queryset = members
        self.fields["partner"].queryset = members


class CodeForm(forms.Form):
    code = forms.CharField(label=_("Tournament code"), max_length=8)


class DrawForm(forms.Form):
    seed = forms.IntegerField(
        label=_("Draw number (leave empty for a random draw)"),
        required=False,
        min_value=0,
        max_value=2**62,
    )


class ConstraintForm(forms.Form):
    kind = forms.ChoiceField(label=_("Rule"), choices=ConstraintKind.choices)
    a = forms.TypedChoiceField(label=_("Player"), coerce=int)
    b = forms.TypedChoiceField(label=_("and"), coerce=int)

    def __init__(self, *args, entries=(), tables_only=False, **kwargs):
        super().__init__(*args, **kwargs)
        if tables_only:  # 450: no partners, only who never shares a table
            self.fields["kind"].choices = [
                (ConstraintKind.NEVER_SAME_TABLE.value, ConstraintKind.NEVER_SAME_TABLE.label)
            ]
        choices = [(e.pk, e.name) for e in entries]
        self.fields["a"].choices = choices
        self.fields["b"].choices = choices


class FixedSeatForm(forms.Form):
    """A player who always sits at one seat (and at one table, if given)."""

    entry = forms.TypedChoiceField(label=_("Player"), coerce=int)
    position = forms.ChoiceField(label=_("Seat"))
    table = forms.IntegerField(
        label=_("Table (empty: any table)"), required=False, min_value=1, max_value=999
    )

    def __init__(self, *args, entries=(), pairs=False, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["entry"].choices = [(e.pk, e.name) for e in entries]
        codes = ("NS", "EW") if pairs else ("N", "E", "S", "W")
        self.fields["position"].choices = [(c, Position(c).label) for c in codes]
