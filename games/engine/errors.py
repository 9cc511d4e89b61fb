"""Engine errors.

Every error the engine raises for bad input is an :class:`EngineError`, a
``ValueError`` with

* ``code``   a stable machine code (``"must_follow"``, ``"not_your_turn"``,
  ``"bid_too_low"``, ``"unknown_card"`` ...) that the web layer may translate;
* ``params`` a dict of the values used in the message (seat, card, suit ...);
* ``field``  the record field the error is about (``"play[5]"``, ``"hands.E"``),
  or ``None`` when raised outside record checking.

Two kinds, as in python-chess (``InvalidMoveError`` / ``IllegalMoveError``):

* :class:`MalformedError`: the input cannot be understood (bad JSON shape,
  unknown card code, unknown variant/option, wrong number of cards ...);
* :class:`IllegalActionError`: the input is understood but the rules forbid it
  now (out of turn, must follow suit, bid too low ...).

``str(error)`` is a one-line English message a player can read.
"""

from __future__ import annotations

from typing import Any


class EngineError(ValueError):
    """Base class of every engine error (a ``ValueError``)."""

    default_code = "engine_error"

    def __init__(
        self,
        message: str,
        code: str | None = None,
        params: dict[str, Any] | None = None,
        field: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.code = code or self.default_code
        self.params = dict(params or {})
        self.field = field

    def __str__(self) -> str:
        return self.message


class MalformedError(EngineError):
    """The input is not understood (bad shape, unknown name, bad value)."""

    default_code = "malformed"


class UnknownVariantError(MalformedError):
    """An unknown variant name, option name, or option value."""

    default_code = "unknown_variant"


class IllegalActionError(EngineError):
    """A well-formed action that the rules do not allow now."""

    default_code = "illegal_action"
