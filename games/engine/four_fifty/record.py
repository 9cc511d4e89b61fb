"""A 450 round's record (``club450-hand/1``, docs/hand-records.md): the formats and
``to_record``. Reading records back is ``records.py``'s."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..takebacks import note
from .actions import HIDE, MAJOR0, POT0
from .cards import CODE

if TYPE_CHECKING:  # pragma: no cover
    from .round import Round

FORMAT = "club450-hand/1"
GAME_FORMAT = "club450-game/1"
FORMATS = (FORMAT, GAME_FORMAT)


def to_record(r: Round) -> dict[str, Any]:
    """The round's record; the fields after the deal stop where the round stands."""
    rules = r.rules
    seats = rules.seats
    deal = r.deal
    rec: dict[str, Any] = {
        "format": FORMAT,
        "players": rules.players,
        "options": rules.as_dict(),
        "secretary": seats[r.secretary],
        "dealer": seats[r.dealer],
        "double_face": CODE[r.double_face],
        "hands": {s: [CODE[c] for c in deal.hands[i]] for i, s in enumerate(seats)},
        "visible": {s: [CODE[c] for c in deal.visible[i]] for i, s in enumerate(seats)},
        "pot": [CODE[c] for c in deal.pot],
    }
    if deal.aside:
        rec["aside"] = [CODE[c] for c in deal.aside]
    if deal.leftover:
        rec["leftover"] = [CODE[c] for c in deal.leftover]
        if r.eliminated >= 0:
            rec["eliminated"] = CODE[r.eliminated]
    if r.hidden:
        rec["discards"] = [r.action_str(a) for a in r.actions if a < HIDE or a >= MAJOR0]
    chosen = [a for a in r.actions if POT0 <= a < MAJOR0]
    if chosen:
        rec["pot_to"] = seats[chosen[0] - POT0]
    return note(rec, r)
