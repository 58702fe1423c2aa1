"""Refusals and errors.

A refused move is an :class:`Error` value, not an exception: it is falsy, so
``if not game.apply(seat, move): ...`` reads well, and the refusing object stays unchanged.
Bad input that no caller should pass (a garbled hand string, a draw from an empty wall) raises.

>>> refusal = Error("not-your-turn", "seat 2 cannot discard: it is seat 0's turn")
>>> bool(refusal), refusal.code
(False, 'not-your-turn')
"""

from __future__ import annotations

import operator
import sys
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


def printable(text: object) -> str:
    """``text`` as a line may show it: each character a terminal acts on rather than shows (a
    newline, the escape that starts a colour or clears the screen) written as its escape, so a
    seed, a name or a message from a file made elsewhere cannot forge, colour or break lines.

    >>> printable("a\\nb\\x1b[2J"), printable("東 ok")
    ('a\\\\nb\\\\x1b[2J', '東 ok')
    """
    shown = str(text)
    if shown.isprintable():
        return shown
    return "".join(char if char.isprintable() else repr(char)[1:-1] for char in shown)


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """``count`` and its noun for a message, the noun singular for one (``plural``, else the
    noun and an s, otherwise), the count with thousands separators.

    >>> counted(1, "copy", "copies"), counted(0, "wall"), counted(1200, "game")
    ('1 copy', '0 walls', '1,200 games')
    """
    return f"{count:,} {noun if count == 1 else plural or noun + 's'}"


def clipped(text: str, most: int) -> str:
    """``text`` for a message: whole up to ``most`` characters, else its start and its length
    (a token or a program's answer may be megabytes)."""
    return text if len(text) <= most else f"{text[:most]}... ({len(text):,} characters)"


def whole(value: object, name: str, least: int | None = None, most: int | None = None) -> int:
    """``value`` as a plain int, or an error naming ``name``: a ``TypeError`` unless it is an
    int or a number that is one (numpy's integers), never a bool nor a float (C, and
    ``int()``, would read 2.5 as 2); a ``ValueError`` when it lies outside ``least``-``most``.

    >>> whole(3, "walls", 1)
    3
    >>> whole(2.0, "walls", 1)
    Traceback (most recent call last):
    TypeError: walls is a whole number, not 2.0
    """
    if isinstance(value, bool):
        raise TypeError(f"{name} is a whole number, not a bool ({value!r})")
    try:
        number = operator.index(value)  # type: ignore[arg-type]  # a refusal below if not
    except TypeError:
        raise TypeError(f"{name} is a whole number, not {clipped(repr(value), 40)}") from None
    if (least is not None and number < least) or (most is not None and number > most):
        raise ValueError(f"{name} is a whole number {span(least, most)}, not {number}")
    return number


def span(least: int | None, most: int | None) -> str:
    """The whole numbers from ``least`` to ``most`` (None: no bound) in words, as
    :func:`whole`'s refusals and the commands' ``--help`` say them.

    >>> span(1, 1024), span(1, None)
    ('from 1 to 1024', 'at least 1')
    """
    return (f"from {least} to {most}" if least is not None and most is not None
            else f"at least {least}" if least is not None else f"at most {most}")


def flag(value: object, name: str) -> bool:
    """``value`` as a plain bool, or a ``TypeError`` naming ``name``: True or False, numpy's
    included, never another object's truth ("no" and 0.5 are true). The core's twin for its
    C faces is ``mjsim_core.counts.flag``.

    >>> flag(True, "concealed")
    True
    >>> flag("no", "concealed")
    Traceback (most recent call last):
    TypeError: concealed is True or False, not 'no'
    """
    if isinstance(value, bool):
        return value
    # A numpy bool exists only once numpy is loaded: no import for the plain case.
    numpy = sys.modules.get("numpy")
    if numpy is not None and isinstance(value, numpy.bool_):
        return bool(value)
    raise TypeError(f"{name} is True or False, not {clipped(repr(value), 40)}")


def run_seed(value: object, name: str = "seed") -> str:
    """``value``, the seed of a run of walls (named ``f"{seed}-{i}"``), as the text that names
    them: a str, or a whole number read by :func:`whole` as its decimal text (7 and "7" name the
    same walls, and a manifest records text, which resumes the run); else a ``TypeError``
    naming ``name`` (None would name its walls "None-0", bytes "b'x'-0"), and a ``ValueError``
    for empty text, or text that is no UTF-8 (bytes that are not, typed on a command line,
    reach Python as surrogate escapes), which a run's tables and manifest cannot hold.

    >>> run_seed("learn"), run_seed(7)
    ('learn', '7')
    """
    if isinstance(value, str):
        if not value:  # its walls would be named "-0", "-1", ...
            raise ValueError(f"{name} is a text of one character or more, or a whole number, "
                             "not ''")
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as error:
            raise ValueError(f"{name} is UTF-8 text, not {clipped(repr(value), 40)} (its "
                             f"{value[error.start]!r} is no character)") from None
        return value
    try:
        return str(whole(value, name))
    except TypeError:
        raise TypeError(f"{name} is a str or a whole number, not "
                        f"{clipped(repr(value), 40)}") from None


class ResetNeededError(RuntimeError, AttributeError):
    """A learning environment used with no game in play: before its first ``reset()``, or a
    step once its game is over and every agent has stepped out. The message names the call
    ("call reset() before step()"). An ``AttributeError`` too, as PettingZoo's own order check
    makes a read of ``agent_selection`` before a reset, so ``hasattr`` and ``getattr`` with a
    default keep working."""


class WallEmptyError(IndexError):
    """A draw from a wall that has no tiles left."""


class PlayerOptionError(ValueError):
    """A player's options that cannot be used (a model file that is none): its constructor
    raises it, and the spec's loader shows the message as it is, where any other exception
    from a constructor is shown as the player's own bug, with the line that raised it."""
