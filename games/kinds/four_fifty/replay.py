"""The steps of a finished 450 round, for its replay page (pure Python, no Django).

A round is over, so its replay shows every player's cards: ``replay_steps(record)``
rebuilds the round from its ``club450-hand/1`` record (``games.engine.four_fifty``)
and walks its actions from the deal, one step per action: who did what, the public
view after it (discards, what to follow, the pot, the counts once play stops) and
each player's cards at that moment, and whether the searching bot may be asked what it
would discard next (``think``: ``bot.searched``).
"""

from __future__ import annotations

from typing import Any

from games.engine.four_fifty import replay
from games.engine.four_fifty.cards import codes
from games.engine.four_fifty.views import public_view
from games.kinds.four_fifty.bot import searched

_LATER = ("eliminated", "discards", "pot_to")


def _step(rnd, action: str | None, seat: str | None, seen: int) -> dict[str, Any]:
    view = public_view(rnd)
    return {
        "action": action,
        "seat": seat,
        "hands": {s: codes(rnd.hands[i]) for i, s in enumerate(rnd.rules.seats)},
        "view": {
            key: view[key]
            for key in (
                "phase",
                "to_act",
                "dealer",
                "lanceur",
                "secretary",
                "double_face",
                "pile",
                "follow",
                "pot_count",
                "pot_shown",
                "announced",
                "first_count",
                "master",
                "master_reason",
                "transformed",
                "result",
                "aside",
                "leftover",
            )
        },
        "events": view["events"][seen:],
        # the seat to act has a discard a robot would search: its view may be asked
        "think": searched(rnd),
    }


def _dealt(record: dict[str, Any]):
    """(the round as dealt, the actions of the finished round)."""
    done = replay(record)
    return replay({k: v for k, v in record.items() if k not in _LATER}), done.actions


def replay_steps(record: dict[str, Any]) -> list[dict[str, Any]]:
    """The round at the deal, then after each of its actions."""
    rnd, actions = _dealt(record)
    steps = [_step(rnd, None, None, 0)]
    for code in actions:
        seat, action = rnd.to_act, rnd.action_str(code)
        seen = len(public_view(rnd)["events"])
        rnd.apply_code(code)
        steps.append(_step(rnd, action, seat, seen))
    return steps


def round_at(record: dict[str, Any], step: int):
    """The round as it stood at replay step ``step`` (0: the deal; ``n``: after the
    record's first ``n`` actions). IndexError past the last step."""
    rnd, actions = _dealt(record)
    if not 0 <= step <= len(actions):
        raise IndexError(step)
    for code in actions[:step]:
        rnd.apply_code(code)
    return rnd
