"""The tournament status machine (pure: no Django models, only labels for display).

    draft ──► registration_open ──► registration_closed ──► running ◄─► finished
      │            │   ▲                 │   │                 │
      │            │   └─────────────────┘   │                 │
      │            └──────────► running ◄────┘                 │
      └──► cancelled ◄─── (any status before finished) ────────┘ (not from running)

A transition not listed in ``TRANSITIONS`` is refused with a clear message. A finished
tournament goes back to running only with a reason (``REASON_REQUIRED``): its results
are final until a director reopens it.
"""

from __future__ import annotations

DRAFT = "draft"
REGISTRATION_OPEN = "registration_open"
REGISTRATION_CLOSED = "registration_closed"
RUNNING = "running"
FINISHED = "finished"
CANCELLED = "cancelled"

#: status -> the statuses it may move to.
TRANSITIONS: dict[str, frozenset[str]] = {
    DRAFT: frozenset({REGISTRATION_OPEN, CANCELLED}),
    REGISTRATION_OPEN: frozenset({DRAFT, REGISTRATION_CLOSED, RUNNING, CANCELLED}),
    REGISTRATION_CLOSED: frozenset({REGISTRATION_OPEN, RUNNING, CANCELLED}),
    RUNNING: frozenset({FINISHED}),
    FINISHED: frozenset({RUNNING}),
    CANCELLED: frozenset(),
}

#: Transitions a director makes only with a reason (it goes to the activity log).
REASON_REQUIRED = frozenset({(FINISHED, RUNNING)})

#: Statuses in which the rules (variant, options, format) are frozen.
RULES_FROZEN = frozenset({RUNNING, FINISHED})
#: Statuses in which players may be checked in.
CHECKIN_OPEN = frozenset({REGISTRATION_OPEN, REGISTRATION_CLOSED, RUNNING})


def can_transition(current: str, target: str) -> bool:
    return target in TRANSITIONS.get(current, frozenset())


def next_statuses(current: str) -> list[str]:
    """Allowed targets in a stable display order."""
    order = [DRAFT, REGISTRATION_OPEN, REGISTRATION_CLOSED, RUNNING, FINISHED, CANCELLED]
    allowed = TRANSITIONS.get(current, frozenset())
    return [s for s in order if s in allowed]
