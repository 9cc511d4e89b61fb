"""The round clock (pure): how long a round has left, paused or running.

A clock is set for a number of minutes and started; a pause stops it (the paused time
is added to ``paused_seconds`` when it restarts). ``remaining(now)`` may go below zero
(overtime, shown as such on the projector); the projector warns in the last
``WARNING_SECONDS``. The time comes from the caller: nothing here reads a clock.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

WARNING_SECONDS = 5 * 60

IDLE, RUNNING, PAUSED, WARNING, OVER = "idle", "running", "paused", "warning", "over"


@dataclass(frozen=True)
class Clock:
    minutes: int | None = None
    started_at: datetime | None = None
    paused_at: datetime | None = None
    paused_seconds: int = 0

    @property
    def is_set(self) -> bool:
        return self.started_at is not None and self.minutes is not None

    def elapsed(self, now: datetime) -> float:
        if not self.is_set:
            return 0.0
        until = self.paused_at or now
        return max(0.0, (until - self.started_at).total_seconds() - self.paused_seconds)

    def remaining(self, now: datetime) -> int | None:
        """Whole seconds left (negative: overtime); None before the clock starts."""
        if not self.is_set:
            return None
        left = self.minutes * 60 - self.elapsed(now)
        return int(left) if left >= 0 else -int(-left + 0.999)

    def state(self, now: datetime) -> str:
        left = self.remaining(now)
        if left is None:
            return IDLE
        if self.paused_at is not None:
            return PAUSED
        if left <= 0:
            return OVER
        return WARNING if left <= WARNING_SECONDS else RUNNING

    def start(self, now: datetime, minutes: int) -> "Clock":
        return Clock(minutes=minutes, started_at=now, paused_at=None, paused_seconds=0)

    def pause(self, now: datetime) -> "Clock":
        if not self.is_set or self.paused_at is not None:
            return self
        return replace(self, paused_at=now)

    def resume(self, now: datetime) -> "Clock":
        if not self.is_set or self.paused_at is None:
            return self
        pause = int((now - self.paused_at).total_seconds())
        return replace(self, paused_at=None, paused_seconds=self.paused_seconds + max(0, pause))
