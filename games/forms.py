"""Forms of the lobby: a new table, with the variant's options."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from games.engine import EngineError, get_variant, option_catalogue
from games.engine.player_counts import DECKS_FOR
from games.live.kinds import DEFAULT_PLAYERS_450, FOUR_FIFTY, PLAYERS_450, kind_of
from games.models import Table
from games.option_labels import (
    option_choices,
    option_help,
    option_label,
    option_value_label,
    variant_label,
)

PACES = [
    (2000, _("Relaxed (2 s per bot move)")),
    (1200, _("Normal (1.2 s)")),
    (500, _("Brisk (0.5 s)")),
    (100, _("Fast (0.1 s)")),
]
PLAYER_COUNTS = [
    (2, _("2 players (with a dead hand)")),
    (3, _("3 players, each for himself")),
    (4, _("4 players, two teams")),
    (5, _("5 players, the declarer calls a partner")),
    (6, _("6 players, in teams")),
]
#: Advanced options that apply to some player counts only (the lobby shows them for
#: those counts; the engine refuses them for the others).
OPTIONS_FOR_COUNTS = {
    "teams": (6,),
    "partner_reveal": (5,),
    "partner_points": (5,),
}
END_CHOICES = [
    ("preset", _("As the variant says")),
    ("hands", _("A number of hands")),
    ("target", _("A target score")),
]


def _variant_choices():
    return [(name, variant_label(name)) for name in option_catalogue()[0]["defaults"]]


GAMES = [("500", _("500")), (FOUR_FIFTY, _("450 (la piquée)"))]


class TableForm(forms.Form):
    """A new table: the game (500 or 450, with its player count), the variant, how the
    game ends, who may join, and advanced options (500's)."""

    name = forms.CharField(label=_("Table name"), max_length=80, required=False)
    game = forms.ChoiceField(label=_("Game"), choices=GAMES, initial="500", required=False)
    players_450 = forms.TypedChoiceField(
        label=_("Players (450)"),
        choices=[(n, str(n)) for n in PLAYERS_450],
        coerce=int,
        initial=DEFAULT_PLAYERS_450,
        required=False,
        help_text=_("450 is played by 3 to 6 players, each for himself."),
    )
    variant = forms.ChoiceField(label=_("Rule variant"), choices=_variant_choices, initial="quebec")
    players = forms.TypedChoiceField(
        label=_("Players"),
        choices=PLAYER_COUNTS,
        coerce=int,
        initial=4,
        required=False,
        empty_value=4,
    )
    end = forms.ChoiceField(label=_("The game ends after"), choices=END_CHOICES, initial="preset")
    hands_per_game = forms.IntegerField(
        label=_("Number of hands"), min_value=1, max_value=100, required=False
    )
    target = forms.IntegerField(
        label=_("Target score"), min_value=100, max_value=10000, required=False
    )
    visibility = forms.ChoiceField(
        label=_("Who may join"), choices=Table.Visibility.choices, initial=Table.Visibility.PUBLIC
    )
    bot_delay_ms = forms.TypedChoiceField(
        label=_("Bot pace"), choices=PACES, coerce=int, initial=1200
    )
    absence_grace_seconds = forms.IntegerField(
        label=_("A bot plays for an absent player after (seconds)"),
        min_value=5,
        max_value=3600,
        initial=60,
    )
    review_seconds = forms.IntegerField(
        label=_("Hand review: the next deal comes after (seconds)"),
        min_value=5,
        max_value=600,
        initial=30,
        required=False,
        help_text=_("Or as soon as every player at the table taps “Next deal”."),
    )

    ADVANCED_PREFIX = "opt_"

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.catalogue = [
            o
            for o in option_catalogue()
            if o["name"] not in ("players", "end", "hands_per_game", "target")
        ]
        for option in self.catalogue:
            field = self._option_field(option)
            counts = OPTIONS_FOR_COUNTS.get(option["name"])
            if option["name"] == "deck":
                # each deck with the counts that play it: the lobby offers the count's decks
                field.widget.attrs["data-decks-for"] = " ".join(
                    f"{n}:{'/'.join(map(str, decks))}" for n, decks in DECKS_FOR.items()
                )
            if counts:
                field.widget.attrs["data-players"] = " ".join(map(str, counts))
            self.fields[self.ADVANCED_PREFIX + option["name"]] = field

    @staticmethod
    def _option_field(option) -> forms.Field:
        label, help_text = option_label(option["name"]), option_help(option)
        choices = [("", _("Variant default"))]
        if option["type"] == "bool":
            choices += [("true", _("Yes")), ("false", _("No"))]
        elif option["choices"]:
            choices += option_choices(option)
        elif option["type"] == "str":
            return forms.CharField(label=label, help_text=help_text, required=False, max_length=60)
        else:
            return forms.IntegerField(
                label=label,
                help_text=help_text,
                required=False,
                min_value=option["min"],
                max_value=option["max"],
            )
        return forms.ChoiceField(label=label, help_text=help_text, choices=choices, required=False)

    def advanced_fields(self):
        return [self[self.ADVANCED_PREFIX + o["name"]] for o in self.catalogue]

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("game") == FOUR_FIFTY:
            return self._clean_450(cleaned)
        options = {}
        for option in self.catalogue:
            raw = cleaned.get(self.ADVANCED_PREFIX + option["name"])
            if raw in (None, ""):
                continue
            if option["type"] == "bool":
                options[option["name"]] = raw == "true"
            elif option["type"] == "int":
                options[option["name"]] = int(raw)
            else:
                options[option["name"]] = raw
        end = cleaned.get("end")
        if end == "hands":
            options["end"] = "hands"
            if cleaned.get("hands_per_game"):
                options["hands_per_game"] = cleaned["hands_per_game"]
        elif end == "target":
            options["end"] = "target"
            if cleaned.get("target"):
                options["target"] = cleaned["target"]
        if cleaned.get("players") not in (None, 4):
            options["players"] = cleaned["players"]
        variant = cleaned.get("variant")
        if variant:
            try:
                get_variant(variant, options)
            except EngineError as error:
                raise forms.ValidationError(
                    _("These options do not fit together: %(detail)s"),
                    params={"detail": options_error_detail(error, options)},
                    code="bad_options",
                ) from None
        cleaned["options"] = options
        return cleaned

    def _clean_450(self, cleaned):
        """A 450 table: its player count and end (a target, or a number of rounds);
        the 500 variant and its advanced options do not apply."""
        options = {"players": cleaned.get("players_450") or DEFAULT_PLAYERS_450}
        end = cleaned.get("end")
        if end == "hands":
            options["end"] = "rounds"
            if cleaned.get("hands_per_game"):
                options["rounds"] = cleaned["hands_per_game"]
        elif end == "target":
            options["end"] = "target"
            if cleaned.get("target"):
                options["target"] = cleaned["target"]
        try:
            kind_of(FOUR_FIFTY).settings(FOUR_FIFTY, options)
        except EngineError as error:
            raise forms.ValidationError(
                _("These options do not fit together: %(detail)s"),
                params={"detail": error},
                code="bad_options",
            )
        cleaned["variant"] = FOUR_FIFTY
        cleaned["options"] = options
        return cleaned


def options_error_detail(error: EngineError, options: dict) -> str:
    """The options an engine error names, with their values, in the reader's language
    ("Players: 5, Six-handed teams: three teams of two"); the engine's English line
    when it names none."""
    names = (error.params or {}).get("options") or []
    if error.code != "bad_option_combination" or not names:
        return str(error)
    values = {**options, "players": options.get("players", 4)}
    return ", ".join(
        _("%(option)s: %(value)s")
        % {"option": option_label(name), "value": option_value_label(name, values[name])}
        if name in values
        else str(option_label(name))
        for name in names
    )
