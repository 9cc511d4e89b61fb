"""A finished hand, step by step, for its replay page: the engine replays the record.

Pure Python (no Django). Each step is what the table looked like after one entry of
the record (a call, a discard, a card), every seat's cards face up: the hand is over,
nothing in it is hidden any more. The replay page (500's renderer,
static/js/kinds/five_hundred/replay.js) draws the steps; the rules are the engine's
alone, for any number of seats.
"""

from __future__ import annotations

from typing import Any

from games.engine import replay
from games.engine.cards import CODE
from games.engine.search_bot import searches_calls, searches_cards
from games.engine.views import public_view

#: The parts of the public view a replay step shows.
STEP_FIELDS = (
    "phase",
    "to_act",
    "calls",
    "contract",
    "declarer",
    "trick",
    "led",
    "tricks_won",
    "breach",
    "partner_card",
    "partner",
    "shown",
    "named_jokers",
)


def replay_steps(record: dict[str, Any]) -> dict[str, Any]:
    """The seats, the sides and the steps of a finished hand's record (the record as
    the table stored it: it replays without error)."""
    deal = {k: v for k, v in record.items() if k not in ("calls", "discards", "play")}
    hand = replay(deal)
    seats = list(hand.variant.seats)
    steps = [_step(hand, seats, None, None, 0)]
    for stage in ("calls", "discards", "play"):
        for entry in record.get(stage, []):
            seat = hand.to_act
            seen = len(hand.public_events())
            hand.apply(entry)
            steps.append({**_step(hand, seats, seat, entry, seen), "stage": stage})
    view = public_view(hand)
    return {
        "seats": seats,
        "teams": view["teams"],
        "dealer": view["dealer"],
        "dead": [CODE[c] for c in getattr(hand, "dead", ())],
        "steps": steps,
    }


def _step(
    hand, seats: list[str], seat: str | None, action: str | None, seen: int
) -> dict[str, Any]:
    view = public_view(hand)
    step = {key: view[key] for key in STEP_FIELDS}
    step["stage"] = None
    tricks = view["tricks"]
    step.update(
        seat=seat,
        action=action,
        hands={s: [CODE[c] for c in hand.hands[i]] for i, s in enumerate(seats)},
        kitty=[CODE[c] for c in hand.kitty],
        last_trick=tricks[-1] if tricks and not view["trick"] else None,
        events=hand.public_events()[seen:] if seat is not None else [],
        result=view["result"],
        # the seat to act has a call or a card to choose: the bot's view may be asked
        # (not for the answer to a claim: it has no means per card or call to show)
        think=searches_calls(hand) or searches_cards(hand),
    )
    return step


def entries(record: dict[str, Any]) -> list[str]:
    """The record's moves in the order they were made."""
    return [entry for stage in ("calls", "discards", "play") for entry in record.get(stage, [])]


def hand_at(record: dict[str, Any], step: int):
    """The hand as it stood at replay step ``step`` (0: the deal; ``n``: after the
    record's first ``n`` moves). IndexError past the last step."""
    moves = entries(record)
    if not 0 <= step <= len(moves):
        raise IndexError(step)
    hand = replay({k: v for k, v in record.items() if k not in ("calls", "discards", "play")})
    for entry in moves[:step]:
        hand.apply(entry)
    return hand
