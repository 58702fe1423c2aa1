"""The action space: every move a seat can make, numbered once, 0-74.

=========  ======================================================================
action     the move
=========  ======================================================================
0-33       ``Move('discard', tile=k)``: discard kind ``k`` (``DISCARD + k``)
34-67      ``Move('kong', tile=k)``: a kong of ``k`` on one's turn, concealed or
           promoted from one's own pung, whichever the hand allows (``TURN_KONG + k``)
68         ``Move('win')``: a self-drawn win, or a win on the window's tile
69         ``Move('pass')``: let the window's tile go
70         ``Move('pung')``: pung the discard
71         ``Move('kong')``: kong the discard (claimed from the window)
72-74      ``Move('chow', tiles=...)``: chow the discard as the chow's lowest (72),
           middle (73) or highest (74) tile (``CHOW + position``)
=========  ======================================================================

A chow's action names where the discard sits in it, so :func:`action_of` needs the view's
window for a chow (its tile), and :func:`move_of` needs the view for a chow (the window's tile
says which chow) and to return the engine's own move instances. Every other action is the same
move in any position.

>>> from mjsim.game.moves import CHOWS, Move
>>> action_of(Move("discard", tile=5)), action_of(Move("kong", tile=27)), action_of(Move("win"))
(5, 61, 68)
>>> action_of(CHOWS[3], tile=4)
73
>>> [ACTION_NAMES[a] for a in (5, 61, 68, 69, 73)]
['discard 6m', 'kong E', 'win', 'pass', 'chow middle']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mjsim.errors import clipped, whole
from mjsim.game.moves import CHOWS, DISCARDS, KONG, KONGS, PASS, PUNG, WIN, Move
from mjsim.tiles.kinds import N_PLAYING, N_SUITED, NAMES

if TYPE_CHECKING:
    from mjsim.players.view import View

__all__ = ["ACTION_NAMES", "CHOW", "CLAIM_KONG", "DISCARD", "N_ACTIONS", "PASS_ACTION",
           "PUNG_ACTION", "TURN_KONG", "WIN_ACTION", "action_number", "action_of", "move_of"]

DISCARD = 0
TURN_KONG = DISCARD + N_PLAYING
WIN_ACTION = TURN_KONG + N_PLAYING
PASS_ACTION = WIN_ACTION + 1
PUNG_ACTION = PASS_ACTION + 1
CLAIM_KONG = PUNG_ACTION + 1
CHOW = CLAIM_KONG + 1
N_ACTIONS = CHOW + 3
"""75 actions."""

_POSITIONS = ("lowest", "middle", "highest")
ACTION_NAMES: tuple[str, ...] = (
    *(f"discard {NAMES[k]}" for k in range(N_PLAYING)),
    *(f"kong {NAMES[k]}" for k in range(N_PLAYING)),
    "win", "pass", "pung", "claimed kong",
    *(f"chow {p}" for p in _POSITIONS))
"""Each action in words, by number."""


def action_of(move: Move, *, tile: int | None = None, view: View | None = None) -> int:
    """The number of ``move``. A chow's number depends on which of its tiles was discarded:
    give that ``tile``, or the ``view`` whose window holds it.

    Raises ``ValueError`` for a chow without its discard (or one not holding it), a discard
    naming no tile, or a move that names a tile it should not; ``TypeError`` for a move that
    is no :class:`Move`.
    """
    if not isinstance(move, Move):
        raise TypeError(f"move is a Move, not {clipped(repr(move), 40)}")
    kind = move.kind
    if kind == "chow":
        if tile is None and view is not None and view.window is not None:
            tile = view.window.tile
        if tile is None or move.tiles is None or tile not in move.tiles:
            raise ValueError(f"{move!r}: a chow's action needs the discard it holds "
                             "(tile= or a view with its window open)")
        return CHOW + move.tiles.index(tile)
    if kind in ("discard", "kong") and move.tile is not None:
        if not 0 <= move.tile < N_PLAYING:
            raise ValueError(f"{move!r} names no playing kind")
        return (DISCARD if kind == "discard" else TURN_KONG) + move.tile
    if kind == "discard":  # not a KeyError from _PLAIN below
        raise ValueError(f"{move!r} names no tile, which a discard does")
    if move.tile is not None or move.tiles is not None:
        raise ValueError(f"{move!r} names a tile, which a {kind} does not")
    return _PLAIN[kind]


_PLAIN = {"win": WIN_ACTION, "pass": PASS_ACTION, "pung": PUNG_ACTION, "kong": CLAIM_KONG}


def move_of(action: int, view: View) -> Move:
    """The move ``action`` stands for in ``view`` (the engine's own instance). Raises
    ``TypeError`` for an action that is no whole number, ``ValueError`` for a number outside
    0-74, or a chow with no discard window open (or one no chow can start from)."""
    action = action_number(action)
    if action < TURN_KONG:
        return DISCARDS[action - DISCARD]
    if action < WIN_ACTION:
        return KONGS[action - TURN_KONG]
    if action < CHOW:
        return (WIN, PASS, PUNG, KONG)[action - WIN_ACTION]
    try:
        window = view.window
    except AttributeError:   # a chow's move needs the view's window: say so, not its slot
        raise TypeError(f"view is a View (view_of gives one), not {type(view).__name__}") \
            from None
    first = -1 if window is None else window.tile - (action - CHOW)
    if window is None or window.kind != "discard" or first not in CHOWS \
            or window.tile >= N_SUITED:
        raise ValueError(f"action {action} ({ACTION_NAMES[action]}) needs a discard window "
                         "whose tile such a chow can hold")
    return CHOWS[first]


def action_number(action: object) -> int:
    """``action`` (an int or a numpy integer) as a number of the action space, or a
    ``TypeError`` (not a whole number: 1.5 would index a tuple, True pass for 1) or
    ``ValueError`` (outside it) naming ``action``."""
    return whole(action, "action", 0, N_ACTIONS - 1)
