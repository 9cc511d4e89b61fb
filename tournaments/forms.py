"""Forms of the tournament pages (validation of shape only; rules live in services)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from club.models import User
from club.names import collated, member_label
from games.engine import VARIANTS
from games.option_labels import variant_label
from tournaments.kinds.registry import TOURNAMENT_KINDS, kind_part
from tournaments.models import (
    ACTIVE_ENTRY,
    BOARDS_MAX,
    BOARDS_MIN,
    ConstraintKind,
    Entry,
    Position,
    Tournament,
)

DATETIME_WIDGET = {"type": "datetime-local"}
#: The duplicate fields: shown with the rule options of a game that deals boards.
BOARD_FIELDS = ("duplicate", "boards_per_round")
#: Fields the form may leave out (their model default then).
OPTIONAL = ("game", "table_size", "sheet_entry", "spectators", "bot_level", "boards_per_round")


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
            "spectators",
            "bot_level",
            "notes",
            "duplicate",
            "boards_per_round",
        ]
        widgets = {"notes": forms.Textarea(attrs={"rows": 3})}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["variant"].choices = [(name, variant_label(name)) for name in VARIANTS]
        current = (self.instance.variant_options or {}) if self.instance.pk else {}
        #: Each game's rule options: (its tournament part, [(field name, engine spec)]).
        self.kind_options = []
        for part in TOURNAMENT_KINDS.values():
            mine = current if self.instance.pk and self.instance.game == part.name else None
            fields = []
            for key, field, spec in part.option_fields(mine):
                self.fields[key] = field
                fields.append((key, spec))
            self.kind_options.append((part, fields))
        for name in OPTIONAL:
            self.fields[name].required = False
        self.fields["boards_per_round"] = forms.IntegerField(
            label=self.fields["boards_per_round"].label,
            min_value=BOARDS_MIN,
            max_value=BOARDS_MAX,
            required=False,
            initial=self.fields["boards_per_round"].initial,
        )
        self.fields["place"].help_text = _(
            "Online, each table of a round plays at a live table (500 or 450)."
        )
        self.fields["game"].help_text = _(
            "500 (in pairs or partners drawn) or 450 (each for himself, tables of 3 to 6)."
        )

    def options_by_kind(self):
        """(tournament part, its option fields) for the page: each game's fieldset."""
        return [(part, [self[key] for key, _spec in fields]) for part, fields in self.kind_options]

    def main_fields(self):
        """(field, the game it belongs to or "") for the page, options apart."""
        keys = {key for _part, fields in self.kind_options for key, _spec in fields}
        keys.update(BOARD_FIELDS)
        own = {name: part.name for part in TOURNAMENT_KINDS.values() for name in part.form_fields}
        return [(f, own.get(f.name, "")) for f in self.visible_fields() if f.name not in keys]

    def clean(self):
        data = super().clean()
        for name in OPTIONAL:
            if data.get(name) in (None, ""):
                data[name] = Tournament._meta.get_field(name).default
        if data.get("game") in TOURNAMENT_KINDS:
            data.update(kind_part(data["game"]).fixed)  # 450: each for himself
        return data

    def variant_options(self) -> dict:
        part = kind_part(self.cleaned_data.get("game"))
        fields = dict((p.name, f) for p, f in self.kind_options)[part.name]
        return part.options_from_form(self.cleaned_data, fields)

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
        if tables_only:  # a game without partners: only who never shares a table
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
