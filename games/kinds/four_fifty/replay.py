"""The steps of a finished 450 round, for its replay page (pure Python, no Django).

A round is over, so its replay shows every player's cards: ``replay_steps(record)``
rebuilds the round from its ``club450-hand/1`` record (``games.engine.four_fifty``)
and walks its actions from the deal, one step per action: who did what, the public
view after it (discards, what to follow, the pot, the counts once play stops) and
each player's cards at that moment.
"""

from __future__ import annotations

from typing import Any

from games.engine.four_fifty import replay
from games.engine.four_fifty.cards import codes
from games.engine.four_fifty.views import public_view

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
    }


def replay_steps(record: dict[str, Any]) -> list[dict[str, Any]]:
    """The round at the deal, then after each of its actions."""
    done = replay(record)
    rnd = replay({k: v for k, v in record.items() if k not in _LATER})
    steps = [_step(rnd, None, None, 0)]
    for code in done.actions:
        seat, action = rnd.to_act, rnd.action_str(code)
        seen = len(public_view(rnd)["events"])
        rnd.apply_code(code)
        steps.append(_step(rnd, action, seat, seen))
    return steps
