"""What a game of the field's formats says, read into one record both formats share.

A :class:`Game` holds what its text recorded: the prevalent wind, the four deals, the actions
in order (each with the line it came from), how it ended, and the fan total and scores it
claims. :mod:`mjsim.game.formats.check` replays it on the engine; the readers
(:mod:`~mjsim.game.formats.contest`, :mod:`~mjsim.game.formats.botzone_log`) make it and the
writers make text from a replayed game. docs/formats.md describes both formats.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

VERBS = ("Draw", "Play", "Chi", "Peng", "Gang", "AnGang", "BuGang", "Hu")
"""The contest text's actions (Botzone's requests name the same ones)."""
CLAIMS = ("Chi", "Peng", "Gang", "Hu")
"""The actions a seat takes on another seat's discard (``Hu`` also on a promoted kong)."""


class Action(NamedTuple):
    """One recorded action: its ``line`` in the source, the ``seat``, the ``verb`` (one of
    :data:`VERBS`), the ``tile`` it names (a kind; for ``Chi`` the chow's middle tile) and the
    claims ``ignored`` beside it, each (seat, verb, tile). A named tuple: a file holds
    millions, and a tuple is the cheapest record to make."""

    line: int
    seat: int
    verb: str
    tile: int
    ignored: tuple[tuple[int, str, int], ...] = ()


@dataclass(slots=True)
class Game:
    """One game as recorded. ``end`` is ``hu``, ``huang`` (a drawn game) or ``foul`` (a Botzone
    verdict: ``foul`` names the seat, the verdict and the answer). ``walltiles`` is the wall
    in Botzone's order when the source gives it (a Botzone log), else None: the replay rebuilds
    the part that was drawn. ``fan``/``scores`` are what the source claims, with the lines
    that claim them."""

    id: str
    line: int
    quan: int = 0
    deals: list[list[int]] = field(default_factory=lambda: [[], [], [], []])
    actions: list[Action] = field(default_factory=list)
    end: str = ""
    fan: int | None = None
    fan_line: int = 0
    scores: tuple[int, ...] | None = None
    score_line: int = 0
    walltiles: list[int] | None = None
    foul: tuple[int, str, str] | None = None
    players: tuple[str, ...] = ("recorded",) * 4


class Refused(ValueError):
    """A game the reader cannot take as written: ``game`` (its id), ``line`` and why."""

    def __init__(self, game: str, line: int, reason: str) -> None:
        super().__init__(f"{game}: line {line}: {reason}")
        self.game, self.line, self.reason = game, line, reason
