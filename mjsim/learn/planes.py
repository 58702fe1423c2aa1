# Compiled with planes.pxd in Cython's pure-Python mode (setup.py says how).
"""A seat's view as numbers: ``encode(view)`` gives 20 planes of 34 (``uint8``), one column per
playing kind, and ``legal_mask(view)`` the 75 actions of :mod:`mjsim.learn.actions` (``int8``).

Seats are counted from the viewer: +0 is the viewer, +1 the next seat (who plays after it),
+2 the seat across, +3 the previous seat.

=====  =========================================================================================
plane  what (a column is a kind, 0-33, unless said)
=====  =========================================================================================
0      the viewer's concealed tiles: copies held, 0-4
1      the tile the viewer just drew on its turn: 1 at its kind
2-5    each seat's pool (+0, +1, +2, +3): copies of each kind discarded and not claimed
6-9    each seat's latest discard still in its pool: 1 at its kind
10-13  each seat's exposed melds (+0 ... +3): copies of each kind in them; a concealed kong
       another seat holds shows no tiles (the viewer's own shows its four; counts in plane 19)
14     unseen: copies of each kind the viewer cannot see (in other hands or the wall), 0-4
15     the viewer's seat wind: 1 at its wind's column (27 E, 28 S, 29 W, 30 N)
16     the prevalent wind: 1 at its wind's column
17     a discard window's tile: the discarder's seat (+1, +2 or +3) at the tile's kind
18     a promoted kong's window (robbing the kong): the declarer's seat (+1 ...) at its kind
19     numbers: [0] tiles left in the wall, [1] the hand (1-16), [2] the dealer's seat (+0 ...),
       [3-6] bonus tiles each seat has shown, [7-10] concealed kongs of each seat, [11-14] melds
       each seat has declared, [15] the phase (0 discard, 1 claim, 2 rob, 3 finished)
=====  =========================================================================================

Only the :class:`~mjsim.players.view.View` is read, so nothing a seat may not see can reach the
array. ``encode_batch(views, out, masks)`` fills preallocated arrays row by row and allocates
nothing; :data:`HIGH` is each cell's largest value (the observation space's bound).

>>> from mjsim.game.rules import Rules
>>> from mjsim.players import view_of
>>> view = view_of(Rules(seed=b"doc"), 0)
>>> obs = encode(view)
>>> obs.shape, obs.dtype, int(obs[0].sum()), int(obs[19, 0]) == view.wall
((20, 34), dtype('uint8'), 14, True)
>>> mask = legal_mask(view)
>>> mask.shape, int(mask.sum()) == len(view.legal)
((75,), True)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from mjsim.learn.actions import (
    CHOW,
    CLAIM_KONG,
    N_ACTIONS,
    PASS_ACTION,
    PUNG_ACTION,
    TURN_KONG,
    WIN_ACTION,
)
from mjsim.players.view import View

__all__ = ["HIGH", "N_PLANES", "PLANES", "encode", "encode_batch", "legal_mask"]

N_PLANES = 20
WIDTH = 34
PLANES = (N_PLANES, WIDTH)
"""The shape of one observation."""

OWN, DRAWN, POOLS, LATEST, MELDS, UNSEEN, SEAT_WIND, PREVALENT, DISCARD_WINDOW, ROB_WINDOW, \
    NUMBERS = 0, 1, 2, 6, 10, 14, 15, 16, 17, 18, 19
"""Where each plane (or block of four) starts."""

WALL, HAND_NO, DEALER, FLOWERS, CONCEALED_KONGS, MELD_COUNT, PHASE = 0, 1, 2, 3, 7, 11, 15
"""The columns of plane 19."""

_PHASES = {"discard": 0, "claim": 1, "rob": 2, "finished": 3}
_WINDOWS = {"discard": DISCARD_WINDOW, "rob": ROB_WINDOW}


def _high() -> np.ndarray:
    high = np.zeros(PLANES, dtype=np.uint8)
    high[[OWN, *range(POOLS, POOLS + 4), *range(MELDS, MELDS + 4), UNSEEN]] = 4
    high[[DRAWN, *range(LATEST, LATEST + 4), SEAT_WIND, PREVALENT]] = 1
    high[[DISCARD_WINDOW, ROB_WINDOW]] = 3
    numbers = high[NUMBERS]
    numbers[WALL], numbers[HAND_NO], numbers[DEALER], numbers[PHASE] = 144, 16, 3, 3
    numbers[FLOWERS:FLOWERS + 4] = 8
    numbers[CONCEALED_KONGS:CONCEALED_KONGS + 4] = 4
    numbers[MELD_COUNT:MELD_COUNT + 4] = 4
    return high


HIGH = _high()
"""The largest value each cell can take."""


def encode(view: View) -> np.ndarray:
    """The 20 x 34 ``uint8`` planes of ``view`` (the table above); a ``TypeError`` naming
    what was passed when it is no :class:`View`."""
    _check_view(view, "view")
    out = np.empty(PLANES, dtype=np.uint8)
    _fill(view, out)
    return out


def legal_mask(view: View) -> np.ndarray:
    """The 75 actions as ``int8``: 1 for each of ``view.legal``, 0 for the rest; a
    ``TypeError`` naming what was passed when it is no :class:`View`."""
    _check_view(view, "view")
    out = np.empty(N_ACTIONS, dtype=np.int8)
    _mask(view, out)
    return out


def encode_batch(views: Sequence[View], out: np.ndarray, masks: np.ndarray | None = None) -> None:
    """Encode ``views`` into the rows of ``out`` (N x 20 x 34, ``uint8``, C order) and their
    legal masks into ``masks`` (N x 75, ``int8``) when given; nothing is allocated. Raises
    ``TypeError`` when ``views`` is no sequence of :class:`View` (naming the first item that is
    none) or an array is no numpy array, ``ValueError`` when one has the wrong shape, type or
    order, fewer rows than views, or is read-only; a refused batch writes no row."""
    _writable(out, "out", np.uint8)
    if masks is not None:
        _writable(masks, "masks", np.int8)
    try:
        n = len(views)
    except TypeError:
        raise TypeError(f"views is a sequence of Views, not {type(views).__name__}") from None
    for row in range(n):  # all checked before a row is written
        _check_view(views[row], "views", row)
    if out.ndim != 3 or out.shape[1:] != PLANES or out.shape[0] < n:
        raise ValueError(f"out must be N x {N_PLANES} x {WIDTH} with N >= {n}, not {out.shape}")
    if masks is not None and (masks.ndim != 2 or masks.shape[1] != N_ACTIONS
                              or masks.shape[0] < n):
        raise ValueError(f"masks must be N x {N_ACTIONS} with N >= {n}, not {masks.shape}")
    planes = out  # typed once for the whole batch (compiled: one buffer acquisition)
    for row in range(n):
        _fill(views[row], planes[row])
    if masks is not None:
        legal = masks
        for row in range(n):
            _mask(views[row], legal[row])


def _check_view(view: object, name: str, row: int = -1) -> None:
    """Refuse ``view``, named ``name`` (item ``row`` of it, when given), unless it is a
    :class:`View`: compiled, the typed argument's own words ("Cannot convert str to
    mjsim.players.view.View") name neither, and it lets None through."""
    if not isinstance(view, View):
        shown = name if row < 0 else f"{name}[{row}]"
        raise TypeError(f"{shown} is a View (view_of gives one), not {type(view).__name__}")


def _writable(array: object, name: str, dtype: type[np.generic]) -> None:
    """Refuse ``array`` unless encode_batch can write rows of ``dtype`` into it, naming
    ``name`` and the fault (the typed buffer's own words say neither)."""
    if not isinstance(array, np.ndarray):
        raise TypeError(f"{name} is a numpy array, not {type(array).__name__}")
    if array.dtype != dtype:
        raise ValueError(f"{name} must be {np.dtype(dtype)}, not {array.dtype}")
    if not array.flags.c_contiguous:
        raise ValueError(f"{name} must be C-ordered (np.ascontiguousarray copies it so), not "
                         "Fortran-ordered or strided")
    if not array.flags.writeable:
        raise ValueError(f"{name} is read-only; encode_batch writes into it")


def _fill(view: View, o: np.ndarray) -> None:
    """Write the planes of ``view`` (checked by the caller: :func:`_check_view`) into ``o``
    (20 x 34)."""
    seat = view.seat
    for plane in range(N_PLANES):
        for kind in range(WIDTH):
            o[plane, kind] = 0
    own = view.hand.counts
    for kind in range(WIDTH):
        o[OWN, kind] = own[kind]
        # Copies not held; each copy seen in a pool or a meld is taken off below.
        o[UNSEEN, kind] = 4 - own[kind]
    if view.drawn is not None:
        o[DRAWN, view.drawn] = 1
    pools, exposed, flowers = view.pools, view.exposed, view.flowers
    for rel in range(4):
        other = (seat + rel) % 4
        pool = pools[other]
        for kind in pool:
            o[POOLS + rel, kind] += 1
            o[UNSEEN, kind] -= 1
        size = len(pool)
        if size:
            o[LATEST + rel, pool[size - 1]] = 1
        kongs = 0
        melds = exposed[other]
        for meld in melds:
            if meld.concealed:
                kongs += 1
            for kind in meld.tiles:
                o[MELDS + rel, kind] += 1
                o[UNSEEN, kind] -= 1
        o[NUMBERS, FLOWERS + rel] = len(flowers[other])
        o[NUMBERS, CONCEALED_KONGS + rel] = kongs
        o[NUMBERS, MELD_COUNT + rel] = len(melds)
    o[SEAT_WIND, 27 + (seat - view.dealer) % 4] = 1
    o[PREVALENT, 27 + view.prevalent] = 1
    window = view.window
    if window is not None:
        o[_WINDOWS[window.kind], window.tile] = (window.source - seat) % 4
    o[NUMBERS, WALL] = view.wall
    o[NUMBERS, HAND_NO] = view.hand_no
    o[NUMBERS, DEALER] = (view.dealer - seat) % 4
    o[NUMBERS, PHASE] = _PHASES[view.phase]


def _mask(view: View, m: np.ndarray) -> None:
    """Write the legal mask of ``view`` (checked by the caller) into ``m`` (75)."""
    for action in range(N_ACTIONS):
        m[action] = 0
    window = view.window
    for move in view.legal:
        kind = move.kind
        if kind == "discard":
            m[move.tile] = 1
        elif kind == "kong":
            tile = move.tile
            m[CLAIM_KONG if tile is None else TURN_KONG + tile] = 1
        elif kind == "chow":  # only in a discard window, and a chow names its tiles
            m[CHOW + window.tile - move.tiles[0]] = 1  # type: ignore[union-attr,index]
        elif kind == "win":
            m[WIN_ACTION] = 1
        elif kind == "pass":
            m[PASS_ACTION] = 1
        else:
            m[PUNG_ACTION] = 1
