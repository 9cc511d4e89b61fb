"""Forms of the lobby: a new table, with the variant's options."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from games.engine import EngineError, option_catalogue
from games.engine.player_counts import DECKS_FOR
from games.kinds import DEFAULT_BOT_LEVEL, DEFAULT_KIND, KINDS, kind_of
from games.models import BOT_LEVEL_FIELD_CHOICES, Table
from games.option_labels import (
    kind_title,
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


def _game_choices():
    return [(kind.name, kind_title(kind)) for kind in KINDS.values()]


#: The kinds whose tables take the engine's advanced options and a rule variant.
CATALOGUE_KINDS = tuple(kind.name for kind in KINDS.values() if kind.option_catalogue)


def players_field(kind) -> str:
    """The name of the lobby's player-count field of ``kind``."""
    return f"players_{kind.name}"


class TableForm(forms.Form):
    """A new table: the game (``games.kinds``, with its player count), the variant, how
    the game ends, who may join, and advanced options (where the kind takes them)."""

    name = forms.CharField(label=_("Table name"), max_length=80, required=False)
    game = forms.ChoiceField(
        label=_("Game"), choices=_game_choices, initial=DEFAULT_KIND, required=False
    )
    variant = forms.ChoiceField(label=_("Rule variant"), choices=_variant_choices, initial="quebec")
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
    bot_level = forms.ChoiceField(
        label=_("Bot level"),
        choices=BOT_LEVEL_FIELD_CHOICES,
        initial=DEFAULT_BOT_LEVEL,
        required=False,
        help_text=_(
            "At 500, Club and Strong bots search their bidding and card play (Strong "
            "longer); their discards stay at the beginner's rules of thumb. At 450, with "
            "three or four players, they search their discards; their other choices stay "
            "at the rules of thumb."
        ),
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
        for kind in KINDS.values():
            self.fields[players_field(kind)] = forms.TypedChoiceField(
                label=_("Players"),
                choices=[(n, _(title)) for n, title in kind.players.items()],
                coerce=int,
                initial=kind.default_players,
                required=False,
                empty_value=kind.default_players,
            )
            if kind.option_catalogue:  # the advanced options that fit the count (lobby.js)
                self.fields[players_field(kind)].widget.attrs["data-catalogue-players"] = ""
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

    catalogue_kinds = " ".join(CATALOGUE_KINDS)

    def kind_parts(self):
        """(kind name, its player count field) for each kind: the lobby shows the chosen
        kind's beside the game, above "Start"."""
        return [(kind.name, self[players_field(kind)]) for kind in KINDS.values()]

    #: What the lobby folds under "More options" after the table's name and the rule
    #: variant, each with a default (the advanced rules have their own fold inside it).
    MORE_FIELDS = (
        "end",
        "hands_per_game",
        "target",
        "visibility",
        "bot_delay_ms",
        "bot_level",
        "absence_grace_seconds",
        "review_seconds",
    )

    def more_fields(self):
        return [self[name] for name in self.MORE_FIELDS]

    def more_has_errors(self) -> bool:
        """Whether a folded field has an error: the fold then opens by itself."""
        return any(
            f.errors
            for f in (self["name"], self["variant"], *self.more_fields(), *self.advanced_fields())
        )

    def clean(self):
        cleaned = super().clean()
        kind = kind_of(cleaned.get("game") or DEFAULT_KIND)
        options = self._advanced_options(cleaned) if kind.option_catalogue else {}
        end = cleaned.get("end")
        if end == "hands":
            options["end"], count = kind.rounds_option
            if cleaned.get("hands_per_game"):
                options[count] = cleaned["hands_per_game"]
        elif end == "target":
            options["end"] = "target"
            if cleaned.get("target"):
                options["target"] = cleaned["target"]
        options["players"] = cleaned.get(players_field(kind)) or kind.default_players
        variant = cleaned.get("variant") if kind.option_catalogue else kind.default_variant
        if variant:
            try:
                variant, options, _seats = kind.settings(variant, options)
            except EngineError as error:
                raise forms.ValidationError(
                    _("These options do not fit together: %(detail)s"),
                    params={"detail": options_error_detail(error, options)},
                    code="bad_options",
                ) from None
        cleaned["kind"], cleaned["variant"], cleaned["options"] = kind.name, variant, options
        cleaned["bot_level"] = cleaned.get("bot_level") or DEFAULT_BOT_LEVEL
        return cleaned

    def _advanced_options(self, cleaned) -> dict:
        """The engine options chosen under "Advanced options"."""
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
        return options


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
