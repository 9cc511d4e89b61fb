"""The only writers of tournaments: one function per action, each in a transaction."""

from tournaments.services.checkin import checkin_all, checkin_self, checkin_set
from tournaments.services.events import tournament_touch
from tournaments.services.fixed_seats import fixed_seat_remove, fixed_seat_set
from tournaments.services.lifecycle import (
    tournament_copy,
    tournament_create,
    tournament_transition,
    tournament_update,
    validate_rules,
)
from tournaments.services.plans import edit_preview
from tournaments.services.registration import (
    looking_for_partner_set,
    partner_confirm,
    promote_waiting,
    registration_create,
    registration_is_open,
    registration_remove,
    registration_withdraw,
    walkin_add,
)
from tournaments.services.rounds import (
    constraint_add,
    constraint_remove,
    round_draw,
    round_move_bye,
    round_publish,
    round_start_play,
    round_swap,
)

__all__ = [
    "checkin_all",
    "checkin_self",
    "checkin_set",
    "constraint_add",
    "constraint_remove",
    "edit_preview",
    "fixed_seat_remove",
    "fixed_seat_set",
    "looking_for_partner_set",
    "partner_confirm",
    "promote_waiting",
    "registration_create",
    "registration_is_open",
    "registration_remove",
    "registration_withdraw",
    "round_draw",
    "round_move_bye",
    "round_publish",
    "round_start_play",
    "round_swap",
    "tournament_copy",
    "tournament_create",
    "tournament_touch",
    "tournament_transition",
    "tournament_update",
    "validate_rules",
    "walkin_add",
]
