"""Counters that a process logs now and then: what changed since the last log line."""

from __future__ import annotations

from collections import Counter


class Tally(Counter):
    """A Counter that remembers what it last reported (``since_report``)."""

    def __init__(self) -> None:
        super().__init__()
        self._reported: Counter = Counter()

    def since_report(self) -> Counter:
        """The counts added since the last call (empty: nothing happened)."""
        now = Counter(self)
        since, self._reported = now - self._reported, now
        return since
