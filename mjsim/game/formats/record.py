"""What a game of the field's formats says, read into one record both formats share.

A :class:`Game` holds what its text recorded: the prevalent wind, the four deals, the actions
in order (each with the line it came from), how it ended, and the fan total and scores it
claims. :mod:`mjsim.game.formats.check` replays it on the engine; the readers
(:mod:`~mjsim.game.formats.contest`, :mod:`~mjsim.game.formats.botzone_log`) make it and the
writers make text from a replayed game. docs/formats.md describes both formats.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import NamedTuple, TypeVar

from mjsim.tiles.botzone import name_of
from mjsim.tiles.kinds import N_PLAYING, copies

_T = TypeVar("_T")

VERBS = ("Draw", "Play", "Chi", "Peng", "Gang", "AnGang", "BuGang", "Hu")
"""The contest text's actions (Botzone's requests name the same ones)."""
CLAIMS = ("Chi", "Peng", "Gang", "Hu")
"""The actions a seat takes on another seat's discard (``Hu`` also on a promoted kong)."""
FLOWER = "Flower"
"""A flower set aside in play, before the draw that replaces it: recorded from the engine's
events by :func:`~mjsim.game.formats.events.games_of` for the Botzone log's ``BUHUA``; no
reader makes one (a replay draws the flowers from the wall)."""


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
    that claim them. ``table`` is the engine's table the game is of: ``botzone``, or ``mcr``
    for hand ``hand_no`` of an mjsim game (its ``walltiles`` the 144 tiles in the order drawn
    from the front). ``flowers`` are each seat's flowers set aside in the deal, as
    :func:`~mjsim.game.formats.events.games_of` records them for the writers."""

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
    table: str = "botzone"
    hand_no: int = 1
    flowers: list[list[int]] = field(default_factory=lambda: [[], [], [], []])


def rotated(game: Game, by: int) -> Game:
    """``game`` with every seat ``s`` it names made ``(s + by) % 4``: its deals, flowers,
    actions (the ignored claims' seats too), scores, foul and players."""
    def seat(number: int) -> int:
        return (number + by) % 4

    def turned(values: Sequence[_T]) -> list[_T]:
        return [values[(number - by) % 4] for number in range(4)]

    return replace(
        game, deals=turned(game.deals), flowers=turned(game.flowers),
        players=tuple(turned(game.players)),
        scores=None if game.scores is None else tuple(turned(game.scores)),
        foul=None if game.foul is None else (seat(game.foul[0]), game.foul[1], game.foul[2]),
        actions=[action._replace(seat=seat(action.seat), ignored=tuple(
            (seat(other), verb, tile) for other, verb, tile in action.ignored))
            for action in game.actions])


class Refused(ValueError):
    """A game the reader cannot take as written: ``game`` (its id), ``line`` and why."""

    def __init__(self, game: str, line: int, reason: str) -> None:
        super().__init__(f"{game}: line {line}: {reason}")
        self.game, self.line, self.reason = game, line, reason


# A game holding more copies of a tile than exist is no game: its reader refuses it as it reads,
# not left to the replay, which would call it a disagreement about the wall.
_COPIES = copies(0)  # of each playing kind, the only tiles the formats' deals and draws hold


def _dealt(game: Game) -> list[int]:
    """The copies of each kind in the game's deals so far."""
    counts = [0] * N_PLAYING
    for deal in game.deals:
        for kind in deal:
            counts[kind] += 1
    return counts


def refuse_extra_dealt(game: Game, line: int, deals: str = "the deals") -> None:
    """Refuse the deal read at ``line`` if the deals so far hold a fifth copy of a kind;
    ``deals`` names them in the reason."""
    counts = _dealt(game)
    for kind in range(N_PLAYING):
        if counts[kind] > _COPIES:
            raise Refused(game.id, line, f"too many copies of {name_of(kind)}: {deals} hold "
                                         f"{counts[kind]}, and a tile has {_COPIES}")


def refuse_extra_drawn(game: Game, draw: str = "this draw") -> None:
    """Refuse the game at its first draw of a fifth copy of a kind, dealt and drawn (once, at
    its end); ``draw`` names the draw in the reason, ``{line}`` its line."""
    counts = _dealt(game)
    for action in game.actions:
        if action.verb == "Draw":
            kind = action.tile
            counts[kind] += 1
            if counts[kind] > _COPIES:
                raise Refused(game.id, action.line,
                              f"too many copies of {name_of(kind)}: "
                              f"{draw.format(line=action.line)} makes {counts[kind]} dealt and "
                              f"drawn, and a tile has {_COPIES}")
