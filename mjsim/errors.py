"""Refusals and errors.

A refused move is an :class:`Error` value, not an exception: it is falsy, so
``if not game.apply(seat, move): ...`` reads well, and the refusing object stays unchanged.
Bad input that no caller should pass (a garbled hand string, a draw from an empty wall) raises.

>>> refusal = Error("not-your-turn", "seat 2 cannot discard: it is seat 0's turn")
>>> bool(refusal), refusal.code
(False, 'not-your-turn')
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Error:
    """A refused move: a short machine-readable ``code`` and a sentence for people."""

    code: str
    message: str

    def __bool__(self) -> bool:
        return False

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"


class NotationError(ValueError):
    """A hand string that is not one: names the token, its character position and the reason."""

    def __init__(self, token: str, position: int, reason: str) -> None:
        self.token = token
        self.position = position
        self.reason = reason
        super().__init__(f"bad token {clipped(token, 40)!r} at character {position}: {reason}")


def clipped(text: str, most: int) -> str:
    """``text`` for a message: whole up to ``most`` characters, else its start and its length
    (a token or a program's answer may be megabytes)."""
    return text if len(text) <= most else f"{text[:most]}... ({len(text):,} characters)"


class WallEmptyError(IndexError):
    """A draw from a wall that has no tiles left."""


class PlayerOptionError(ValueError):
    """A player's options that cannot be used (a model file that is none): its constructor
    raises it, and the spec's loader shows the message as it is, where any other exception
    from a constructor is shown as the player's own bug, with the line that raised it."""
