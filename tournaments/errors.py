"""Errors a director or a member can fix: shown to them, translated, nothing saved."""

from __future__ import annotations


class TournamentError(Exception):
    """A user-fixable problem. ``code`` is stable (tests, logs); ``message`` is shown."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = str(message)

    def __str__(self) -> str:
        return self.message


class ConflictError(TournamentError):
    """Someone else changed the round since this page was loaded."""
