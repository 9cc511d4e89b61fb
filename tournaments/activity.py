"""The tournament events of the activity log: label, sentence, how codes are shown.

Registered with ``club.activity`` in ``TournamentsConfig.ready``. Services record the
kind with its parameters (``club.services.activity_record(params=...)``); pages show
the sentence in the reader's language. Parameters hold names and numbers as they were
and codes (statuses, seats, modes) that are shown with their labels here.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from club.activity import register
from tournaments.models import ConstraintKind, EntryStatus, Position, Status, Tournament


def _label(choices):
    def show(code):
        try:
            return choices(code).label
        except ValueError:
            return code

    return show


def _seat(code):
    return _label(Position)(code)


def _fields(names):
    out = []
    for name in names or ():
        try:
            out.append(str(Tournament._meta.get_field(name).verbose_name))
        except Exception:  # noqa: BLE001  (a field renamed since: show its name)
            out.append(name)
    return ", ".join(out)


def _checkin(params):
    if params.get("self"):
        return _("%(actor)s checked in with the tournament's code")
    if params.get("present"):
        return _("%(actor)s marked %(entry)s present")
    return _("%(actor)s marked %(entry)s absent")


def _checkin_all(params):
    return ngettext(
        "%(actor)s marked %(count)s player present",
        "%(actor)s marked %(count)s players present",
        params.get("count") or 0,
    )


def _fixed_seat(params):
    if params.get("table"):
        return _("%(actor)s fixed the seat of %(entry)s: %(seat)s at table %(table)s")
    return _("%(actor)s fixed the seat of %(entry)s: %(seat)s")


def _partner(params):
    if params.get("accepted"):
        return _("%(actor)s accepted the pair %(entry)s")
    return _("%(actor)s declined the pair %(entry)s")


def _bye(params):
    to = params.get("to")
    if to == "bye":
        return _("%(actor)s gave %(entry)s a bye in round %(round)s")
    if to == "late_bye":
        return _("%(actor)s added %(entry)s to round %(round)s with a bye")
    return _("%(actor)s seated %(entry)s at table %(table)s (%(seat)s) in round %(round)s")


def _adjusted(params):
    if params.get("cleared"):
        return _(
            "%(actor)s removed the adjusted score of table %(table)s, round %(round)s "
            "(back to the sheet): %(reason)s"
        )
    if params.get("totals"):  # 450: each player's total
        return _(
            "%(actor)s awarded table %(table)s, round %(round)s an adjusted score "
            "(%(totals)s): %(reason)s"
        )
    return _(
        "%(actor)s awarded table %(table)s, round %(round)s an adjusted score "
        "(NS %(ns)s, EW %(ew)s): %(reason)s"
    )


def _board_adjusted(params):
    if params.get("cleared"):
        return _(
            "%(actor)s removed the adjusted score of table %(table)s on board %(board)s, "
            "round %(round)s: %(reason)s"
        )
    return _(
        "%(actor)s gave table %(table)s an adjusted score on board %(board)s, round "
        "%(round)s (NS %(ns)s, EW %(ew)s): %(reason)s"
    )


def _mode(params):
    if params.get("mode") == "online":
        return _("%(actor)s: round %(round)s is played online")
    return _("%(actor)s: round %(round)s is played in the club hall")


def _table_chat(params):
    if params.get("allowed"):
        return _("%(actor)s opened the chat of the online tables")
    return _("%(actor)s closed the chat of the online tables")


def _season(params):
    if params.get("created"):
        return _("%(actor)s created the season %(season)s")
    return _("%(actor)s edited the season %(season)s")


def _clock(params):
    action = params.get("action")
    if action == "pause":
        return _("%(actor)s paused the clock of round %(round)s")
    if action == "resume":
        return _("%(actor)s restarted the clock of round %(round)s after a pause")
    if action == "minutes":
        return _("%(actor)s set the round clock to %(minutes)s minutes")
    return _("%(actor)s started the clock of round %(round)s (%(minutes)s minutes)")


def register_kinds() -> None:
    status, entry_status = _label(Status), _label(EntryStatus)
    rule = _label(ConstraintKind)
    register(
        "tournament.created",
        _("Tournament created"),
        _("%(actor)s created the tournament %(tournament)s"),
    )
    register(
        "tournament.updated",
        _("Tournament settings changed"),
        _("%(actor)s changed the settings of %(tournament)s: %(fields)s"),
        fields=_fields,
    )
    register(
        "tournament.status",
        _("Tournament status changed"),
        _("%(actor)s: %(tournament)s goes from “%(before)s” to “%(after)s”"),
        before=status,
        after=status,
    )
    register(
        "tournament.reopened",
        _("Finished tournament reopened"),
        _("%(actor)s reopened the finished tournament %(tournament)s: %(reason)s"),
    )
    register(
        "tournament.registered",
        _("Registration"),
        _("%(entry)s registered for %(tournament)s (%(status)s)"),
        status=entry_status,
    )
    register("tournament.partner_answered", _("Partner's answer"), _partner)
    register(
        "tournament.promoted",
        _("Moved up from the waiting list"),
        _("%(entry)s moved up from the waiting list of %(tournament)s"),
    )
    register(
        "tournament.withdrawn",
        _("Withdrawal"),
        _("%(actor)s withdrew %(entry)s from %(tournament)s"),
    )
    register(
        "tournament.entry_removed",
        _("Registration removed"),
        _("%(actor)s removed %(entry)s from %(tournament)s"),
    )
    register(
        "tournament.walk_in",
        _("Walk-in"),
        _("%(actor)s added the walk-in %(entry)s to %(tournament)s"),
    )
    register("tournament.checkin", _("Presence"), _checkin)
    register("tournament.checkin_all", _("Everyone marked present"), _checkin_all)
    register(
        "tournament.constraint_added",
        _("Seating constraint added"),
        _("%(actor)s added a constraint (%(rule)s): %(names)s"),
        rule=rule,
    )
    register(
        "tournament.constraint_removed",
        _("Seating constraint removed"),
        _("%(actor)s removed a constraint (%(rule)s): %(names)s"),
        rule=rule,
    )
    register("tournament.fixed_seat_set", _("Fixed seat"), _fixed_seat, seat=_seat)
    register(
        "tournament.fixed_seat_removed",
        _("Fixed seat removed"),
        _("%(actor)s removed the fixed seat of %(entry)s"),
    )
    register(
        "round.drawn",
        _("Round drawn"),
        _("%(actor)s drew round %(round)s of %(tournament)s (draw number %(seed)s)"),
    )
    register(
        "round.swapped",
        _("Players swapped"),
        _("%(actor)s swapped %(a)s and %(b)s in round %(round)s"),
    )
    register("round.bye_moved", _("Bye changed"), _bye, seat=_seat)
    register(
        "round.published",
        _("Round published"),
        _("%(actor)s published round %(round)s of %(tournament)s"),
    )
    register(
        "round.play_started", _("Play started"), _("%(actor)s started play in round %(round)s")
    )
    register(
        "results.hand_corrected",
        _("Hand corrected"),
        _("%(actor)s corrected hand %(hand)s at table %(table)s, round %(round)s: %(reason)s"),
    )
    register("results.game_adjusted", _("Adjusted score"), _adjusted)
    register("results.board_adjusted", _("Board adjusted"), _board_adjusted)
    register(
        "results.substituted",
        _("Player replaced"),
        _(
            "%(actor)s replaced %(old)s by %(new)s at table %(table)s (%(seat)s), round "
            "%(round)s: %(reason)s"
        ),
        seat=_seat,
    )
    register("results.round_mode", _("Hall or online"), _mode)
    register(
        "results.round_closed",
        _("Round closed"),
        _("%(actor)s closed round %(round)s of %(tournament)s"),
    )
    register(
        "results.round_reopened",
        _("Closed round reopened"),
        _("%(actor)s reopened round %(round)s of %(tournament)s: %(reason)s"),
    )
    register(
        "results.grace",
        _("Online grace period"),
        _("%(actor)s set the online grace period to %(seconds)s s"),
    )
    register("results.table_chat", _("Chat at the online tables"), _table_chat)
    register("results.season_saved", _("Season saved"), _season)
    register("results.clock", _("Round clock"), _clock)
    register(
        "results.conflict_resolved",
        _("Conflicting entry settled"),
        _(
            "%(actor)s settled the conflicting entry of %(player)s at table %(table)s, "
            "round %(round)s: %(message)s"
        ),
    )
    register(
        "results.director_called",
        _("Director called"),
        _("%(caller)s called the director to table %(table)s, round %(round)s"),
    )
    register(
        "results.call_answered",
        _("Director's call answered"),
        _("%(actor)s answered the call of table %(table)s, round %(round)s"),
    )
