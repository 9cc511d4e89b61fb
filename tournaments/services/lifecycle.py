"""Create, edit, copy a tournament and move it through its status machine."""

from __future__ import annotations

import secrets
from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from club.models import User
from club.services import activity_record
from games.engine import UnknownVariantError
from games.kinds import BOT_LEVELS, DEFAULT_BOT_LEVEL, DEFAULT_KIND, KINDS
from tournaments import status as machine
from tournaments.errors import TournamentError
from tournaments.kinds.registry import kind_part
from tournaments.models import (
    BOARDS_MAX,
    BOARDS_MIN,
    ByeScore,
    Format,
    Place,
    ResultsSettings,
    SheetEntry,
    Spectators,
    Status,
    TableSize,
    TieRule,
    Tournament,
)
from tournaments.services.director import rounds_close_for_finish
from tournaments.services.events import tournament_touch
from tournaments.services.notices import notify_results
from tournaments.services.registration import promote_waiting
from tournaments.services.results import results_settings_row

CODE_ALPHABET = "ACDEFHJKMNPRTUVWXY3479"  # no look-alikes (0/O, 1/I/L, 5/S, 8/B, 2/Z)

#: The settings a director edits (and a copy carries over).
SETTINGS_FIELDS = (
    "name",
    "starts_at",
    "place",
    "variant",
    "variant_options",
    "format",
    "rounds_total",
    "hands_per_game",
    "capacity",
    "registration_opens_at",
    "registration_closes_at",
    "notes",
    "bye_score",
    "bye_fixed_score",
    "tie_rule",
    "game",
    "table_size",
    "sheet_entry",
    "spectators",
    "bot_level",
    "duplicate",
    "boards_per_round",
)
#: The settings a drawn round depends on (its boards): fixed once one is drawn.
BOARD_FIELDS = ("duplicate", "boards_per_round")
RULE_FIELDS = (
    "variant",
    "variant_options",
    "format",
    "rounds_total",
    "hands_per_game",
    "game",
    "sheet_entry",
)


def new_checkin_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _i in range(5))


def validate_rules(
    *,
    variant: str,
    options: dict[str, Any] | None,
    hands_per_game: int,
    game: str = DEFAULT_KIND,
) -> dict[str, Any]:
    """Check the variant and options with the game's engine (its tournament part);
    return the overrides to store."""
    try:
        return kind_part(game).validate_rules(
            variant=variant, options=dict(options or {}), hands_per_game=hands_per_game
        )
    except UnknownVariantError as exc:
        raise TournamentError(
            "bad_variant", _("These rules are not valid: %(error)s") % {"error": exc}
        )


def _check_boards(values: dict[str, Any]) -> None:
    """Duplicate boards: a kind and rules that deal them, a number of boards in bounds."""
    per = values.get("boards_per_round")
    if not isinstance(per, int) or isinstance(per, bool) or not BOARDS_MIN <= per <= BOARDS_MAX:
        raise TournamentError(
            "bad_number",
            _("%(field)s must be between %(low)s and %(high)s.")
            % {
                "field": _label("boards_per_round").capitalize(),
                "low": BOARDS_MIN,
                "high": BOARDS_MAX,
            },
        )
    if values.get("duplicate") and not KINDS[values["game"]].supports_boards(
        values["variant"], values["variant_options"]
    ):
        raise TournamentError(
            "no_boards",
            _("Identical deals (duplicate) are played at four-handed 500 only."),
        )


def _label(field: str) -> str:
    """A tournament field's name as the director reads it ("number of games")."""
    return str(Tournament._meta.get_field(field).verbose_name)


def _check_settings(values: dict[str, Any]) -> None:
    if not str(values.get("name", "")).strip():
        raise TournamentError("bad_name", _("A tournament needs a name."))
    if values.get("format") not in Format.values:
        raise TournamentError("bad_format", _("Choose the individual or the pairs format."))
    if values.get("game", DEFAULT_KIND) not in KINDS:
        raise TournamentError("bad_game", _("Choose the game: 500 or 450."))
    if "bot_level" in values and values["bot_level"] not in BOT_LEVELS:
        raise TournamentError(
            "bad_choice", _("Unknown value for %(field)s.") % {"field": _label("bot_level")}
        )
    kind_part(values.get("game", DEFAULT_KIND)).settle(values)
    for field, choices in (
        ("table_size", TableSize),
        ("sheet_entry", SheetEntry),
        ("spectators", Spectators),
    ):
        if field in values and values[field] not in choices.values:
            raise TournamentError(
                "bad_choice", _("Unknown value for %(field)s.") % {"field": _label(field)}
            )
    for field, choices in (("place", Place), ("bye_score", ByeScore), ("tie_rule", TieRule)):
        if values.get(field) not in choices.values:
            raise TournamentError(
                "bad_choice", _("Unknown value for %(field)s.") % {"field": _label(field)}
            )
    for field, low, high in (
        ("rounds_total", 1, 30),
        ("hands_per_game", 1, 100),
        ("capacity", 1, 1000),
    ):
        value = values.get(field)
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise TournamentError(
                "bad_number",
                _("%(field)s must be between %(low)s and %(high)s.")
                % {"field": _label(field).capitalize(), "low": low, "high": high},
            )
    opens, closes = values.get("registration_opens_at"), values.get("registration_closes_at")
    if opens and closes and closes <= opens:
        raise TournamentError("bad_window", _("Registration must close after it opens."))
    if not isinstance(values.get("starts_at"), datetime):
        raise TournamentError("bad_date", _("A tournament needs a date and a start time."))


@transaction.atomic
def tournament_create(
    *,
    by: User,
    name: str,
    starts_at: datetime,
    variant: str = "quebec",
    variant_options: dict | None = None,
    format: str = Format.INDIVIDUAL,
    rounds_total: int = 6,
    hands_per_game: int = 8,
    capacity: int = 32,
    place: str = Place.HALL,
    registration_opens_at: datetime | None = None,
    registration_closes_at: datetime | None = None,
    notes: str = "",
    bye_score: str = ByeScore.AVERAGE,
    bye_fixed_score: int = 0,
    tie_rule: str = TieRule.SHARED,
    copied_from: Tournament | None = None,
    game: str = DEFAULT_KIND,
    table_size: int = TableSize.FOUR,
    sheet_entry: str = SheetEntry.CARDS,
    spectators: str = Spectators.MEMBERS,
    bot_level: str = DEFAULT_BOT_LEVEL,
    duplicate: bool = False,
    boards_per_round: int = 6,
) -> Tournament:
    values = dict(
        name=name.strip() if isinstance(name, str) else name,
        starts_at=starts_at,
        variant=variant,
        format=format,
        rounds_total=rounds_total,
        hands_per_game=hands_per_game,
        capacity=capacity,
        place=place,
        registration_opens_at=registration_opens_at,
        registration_closes_at=registration_closes_at,
        notes=notes or "",
        bye_score=bye_score,
        bye_fixed_score=bye_fixed_score,
        tie_rule=tie_rule,
        game=game,
        table_size=table_size,
        sheet_entry=sheet_entry,
        spectators=spectators,
        bot_level=bot_level,
        duplicate=bool(duplicate),
        boards_per_round=boards_per_round,
    )
    _check_settings(values)
    values["variant_options"] = validate_rules(
        variant=values["variant"],
        options=variant_options,
        hands_per_game=hands_per_game,
        game=game,
    )
    _check_boards(values)
    tournament = Tournament.objects.create(
        **values, checkin_code=new_checkin_code(), created_by=by, copied_from=copied_from
    )
    ResultsSettings.objects.create(tournament=tournament)
    activity_record(
        actor=by,
        kind="tournament.created",
        params={"tournament": tournament.name},
        subject=tournament,
        data={"copied_from": copied_from.pk if copied_from else None},
    )
    return tournament


def _snapshot(tournament: Tournament) -> dict[str, Any]:
    out = {}
    for field in SETTINGS_FIELDS:
        value = getattr(tournament, field)
        out[field] = value.isoformat() if isinstance(value, datetime) else value
    return out


@transaction.atomic
def tournament_update(*, tournament: Tournament, by: User, **changes: Any) -> Tournament:
    """Change settings; the rules are frozen once the tournament runs."""
    unknown = set(changes) - set(SETTINGS_FIELDS)
    if unknown:
        raise TypeError(f"not tournament settings: {sorted(unknown)}")
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    before = _snapshot(tournament)
    if tournament.rounds.exists() and any(
        f in changes and changes[f] != getattr(tournament, f) for f in BOARD_FIELDS
    ):
        raise TournamentError(
            "boards_frozen",
            _("Identical deals and the boards per round cannot change once a round is drawn."),
        )
    if tournament.status in machine.RULES_FROZEN:
        changed = [f for f in RULE_FIELDS if f in changes and changes[f] != before[f]]
        if changed:
            raise TournamentError(
                "rules_frozen",
                _("The rules and the format cannot change once the tournament has started."),
            )
    if (
        tournament.rounds.exists()
        and "format" in changes
        and changes["format"] != tournament.format
    ):
        raise TournamentError("rules_frozen", _("The format cannot change once a round is drawn."))
    values = {**{f: getattr(tournament, f) for f in SETTINGS_FIELDS}, **changes}
    _check_settings(values)
    values["variant_options"] = validate_rules(
        variant=values["variant"],
        options=values["variant_options"],
        hands_per_game=values["hands_per_game"],
        game=values["game"],
    )
    _check_boards(values)
    for field, value in values.items():
        setattr(tournament, field, value)
    tournament.save()
    after = _snapshot(tournament)
    diff = {k: {"before": before[k], "after": after[k]} for k in after if before[k] != after[k]}
    activity_record(
        actor=by,
        kind="tournament.updated",
        params={"tournament": tournament.name, "fields": sorted(diff)},
        subject=tournament,
        data={"changes": diff},
    )
    if "capacity" in diff:
        promote_waiting(tournament=tournament)
    tournament_touch(tournament=tournament)
    return tournament


@transaction.atomic
def tournament_transition(
    *, tournament: Tournament, by: User, to: str, reason: str = ""
) -> Tournament:
    """Move the tournament through its status machine (``tournaments.status``).

    Finishing closes the rounds still playing (refused while a table has not
    finished): the results are then final, and emailed to the players (once).
    Reopening a finished tournament needs a reason, which goes to the activity log."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if to not in Status.values:
        raise TournamentError("bad_status", _("Unknown status."))
    if not machine.can_transition(tournament.status, to):
        raise TournamentError(
            "bad_transition",
            _("A tournament cannot go from “%(current)s” to “%(target)s”.")
            % {"current": Status(tournament.status).label, "target": Status(to).label},
        )
    reason = (reason or "").strip()[:300]
    if (tournament.status, to) in machine.REASON_REQUIRED and not reason:
        raise TournamentError(
            "reason", _("Give the reason for reopening the tournament: its results were final.")
        )
    if to == machine.RUNNING:
        validate_rules(
            variant=tournament.variant,
            options=tournament.variant_options,
            hands_per_game=tournament.hands_per_game,
            game=tournament.game,
        )
    if to == machine.FINISHED:
        rounds_close_for_finish(tournament=tournament, by=by)
    before = tournament.status
    tournament.status = to
    tournament.save(update_fields=["status"])
    if (before, to) in machine.REASON_REQUIRED:
        settings_row = results_settings_row(tournament)
        settings_row.reopened_at = timezone.now()
        settings_row.reopen_reason = reason
        settings_row.save(update_fields=["reopened_at", "reopen_reason"])
        activity_record(
            actor=by,
            kind="tournament.reopened",
            params={"tournament": tournament.name, "reason": reason},
            subject=tournament,
            data={"reason": reason},
        )
    activity_record(
        actor=by,
        kind="tournament.status",
        params={"tournament": tournament.name, "before": before, "after": to},
        subject=tournament,
        data={"before": before, "after": to},
    )
    tournament_touch(tournament=tournament)
    if to == machine.FINISHED:
        notify_results(tournament)
    return tournament


@transaction.atomic
def tournament_copy(
    *, source: Tournament, by: User, starts_at: datetime, name: str | None = None
) -> Tournament:
    """Schedule the next tournament: same settings, new date (registration moved along)."""
    shift = starts_at - source.starts_at
    values = {f: getattr(source, f) for f in SETTINGS_FIELDS}
    values["starts_at"] = starts_at
    values["name"] = name or source.name
    for field in ("registration_opens_at", "registration_closes_at"):
        if values[field] is not None:
            values[field] = values[field] + shift
    tournament = tournament_create(by=by, copied_from=source, **values)
    return tournament
