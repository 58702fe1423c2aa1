"""What rung 4 measures, as planes a network can read beside :mod:`mjsim.learn.planes`: the road
to a win after each discard and after each claim, from the compiled kernels of
:mod:`mjsim.analysis` (the shanten, and the legal distance: the draws to a win worth the eight
points a win needs). ``roads(view)`` gives 6 planes of 34 (``uint8``); a value is 1 + the
measure, so 0 means "not asked" (a kind not held, a claim not legal, no window open).

=====  =========================================================================================
plane  what (a column is a kind, 0-33, unless said)
=====  =========================================================================================
0      on one's turn, each kind held: 1 + the legal distance after discarding it, to
       :data:`SIGHT` (rung 4's sight; :data:`SIGHT` + 1 is "beyond"; the legal distance is at
       least the shanten, so a hand whose every discard leaves it beyond is not searched)
1      the same: 1 + the shanten after discarding it
2      the same: the unseen copies of the kinds that shorten the shanten after discarding it
3      the same, for a discard that leaves the hand ready to win eight: the unseen copies of
       the waits that win eight
4      numbers: [0] 1 + the legal distance of the hand as it stands, [1] 1 + its shanten; in a
       discard window, for each claim (pung, kong, chow lowest, middle, highest: columns 2-3,
       4-5, ...) the best road after it and its discard (1 + legal distance, 1 + shanten)
5      on one's turn, each kind held whose discard leaves the legal distance in sight: the
       unseen copies of the kinds its nearest legal targets draw (rung 4's tie-break among
       such discards; plane 3 is the same for a ready hand only)
=====  =========================================================================================

Plane 5 came after the others: datasets written before it hold planes 0-4
(:data:`FIRST_ROADS`), and a network trained on them reads those
(:data:`mjsim.learn.network.ROAD_KINDS`).

Only the view is read, as for the planes. A decision costs tens of µs of CPU far from ready
and up to about 10 ms near it (the legal search), so the planes are an option of a dataset
(``mjsim dataset --roads``) and of a model (``mjsim train --roads``).

>>> from mjsim.game.rules import Rules
>>> from mjsim.players import view_of
>>> out = roads(view_of(Rules(seed=b"doc"), 0))
>>> out.shape, bool(out[1][view_of(Rules(seed=b"doc"), 0).hand.counts > 0].all())
((6, 34), True)
"""

from __future__ import annotations

from typing import TypedDict

import numpy as np

from mjsim.game.moves import Move, claimed_meld
from mjsim.players.view import View
from mjsim.tiles.hand import Hand
from mjsim_core.legal import legal_discards, legal_distance
from mjsim_core.shanten import discards, shanten

__all__ = ["FIRST_ROADS", "HIGH", "ROADS", "SIGHT", "roads", "roads_batch"]

ROADS = 6
FIRST_ROADS = 5
"""The road planes of datasets written before plane 5."""
SIGHT = 1
"""The legal distance the planes see to (rung 4's :data:`mjsim_core.rungs.EIGHT_LIMIT`)."""
LEGAL, SHANTEN, COPIES, LEGAL_COPIES, NUMBERS, TARGET_COPIES = range(ROADS)
_CLAIMS = {"pung": 2, "kong": 4}  # a chow's columns: 6 + 2 x its position
_FAR, _SHANTEN_CAP, _COPIES_CAP = SIGHT + 2, 9, 136
_DRAWN_CAP = 64  # plane 5 scaled to a copy in 64, not in 136: its differences decide ties


def _high() -> np.ndarray:
    high = np.zeros((ROADS, 34), np.uint8)
    high[LEGAL], high[SHANTEN] = _FAR, _SHANTEN_CAP
    high[COPIES], high[LEGAL_COPIES], high[TARGET_COPIES] = _COPIES_CAP, _COPIES_CAP, _DRAWN_CAP
    high[NUMBERS, :12] = np.tile([_FAR, _SHANTEN_CAP], 6)
    return high


HIGH = _high()
"""The largest value each cell can take."""


def roads(view: View) -> np.ndarray:
    """The 6 x 34 ``uint8`` road planes of ``view`` (the table above); a ``TypeError`` naming
    what was passed when it is no :class:`View`."""
    _check(view, "view")
    out = np.zeros((ROADS, 34), np.uint8)
    _fill(view, out)
    return out


def roads_batch(views: list[View], out: np.ndarray) -> None:
    """The road planes of ``views`` into the rows of ``out`` (N x 6 x 34 ``uint8``). Raises
    ``TypeError`` naming the first item that is no :class:`View`, and ``ValueError`` for an
    ``out`` of another dtype or shape, or fewer rows than views; a refused batch writes no row
    (as :func:`~mjsim.learn.planes.encode_batch`)."""
    for row, view in enumerate(views):  # all checked before a row is written
        _check(view, f"views[{row}]")
    if (not isinstance(out, np.ndarray) or out.dtype != np.uint8 or out.ndim != 3
            or out.shape[1:] != (ROADS, 34) or len(out) < len(views)):
        shown = f"{out.dtype} {out.shape}" if isinstance(out, np.ndarray) else type(out).__name__
        raise ValueError(f"out must be a uint8 array of N x {ROADS} x 34 with N >= {len(views)}, "
                         f"not {shown}")
    out[:len(views)] = 0
    for row, view in enumerate(views):
        _fill(view, out[row])


def _check(view: object, name: str) -> None:
    """A ``TypeError`` naming ``name`` unless ``view`` is a :class:`View`."""
    if not isinstance(view, View):
        raise TypeError(f"{name} is a View (view_of gives one), not {type(view).__name__}")


def _unseen(view: View) -> list[int]:
    unseen = view.unseen
    if min(unseen) >= 0:  # as in play: the clamp's copy is made only when needed
        return unseen
    return [max(0, copies) for copies in unseen]


class _Ask(TypedDict):
    """What the legal search is asked with besides the hand."""

    seat_wind: int
    prevalent_wind: int
    unseen: list[int]
    ruleset: str
    limit: int


def _fill(view: View, out: np.ndarray) -> None:
    hand, unseen = view.hand, _unseen(view)
    ask: _Ask = {"seat_wind": view.seat_wind, "prevalent_wind": view.prevalent, "unseen": unseen,
                 "ruleset": view.ruleset, "limit": SIGHT}
    if view.window is None:
        if not any(move.kind == "discard" for move in view.legal):
            return
        least = _SHANTEN_CAP
        legal, near, shantens, copies = out[LEGAL], out[LEGAL_COPIES], out[SHANTEN], out[COPIES]
        drawn = out[TARGET_COPIES]
        for kind, after, _kinds, accepted in discards(hand.counts, len(hand.melds), unseen):
            shantens[kind] = 1 + min(after, _SHANTEN_CAP - 1)
            copies[kind] = min(accepted, _COPIES_CAP)
            legal[kind] = _FAR  # the legal distance is at least the shanten: beyond sight
            least = min(least, after)
        out[NUMBERS, 1] = 1 + least
        if least > SIGHT:
            out[NUMBERS, 0] = _FAR
            return
        # One search of the 14 tiles serves every discard; the kinds a nearest legal target
        # draws from a ready hand are its waits that win eight.
        nearest = _FAR
        for kind, far, _kinds, targets_draw in legal_discards(hand.counts, hand.melds, **ask):
            legal[kind] = 1 + min(far, SIGHT + 1)
            nearest = min(nearest, legal[kind])
            if far <= SIGHT:
                drawn[kind] = 1 + min(targets_draw, _DRAWN_CAP - 1)
            if far == 0:
                near[kind] = min(targets_draw, _COPIES_CAP)
        out[NUMBERS, 0] = nearest
        return
    out[NUMBERS, :2] = _road(hand, ask)
    if view.window.kind != "discard":
        return
    tile, source = view.window.tile, view.window.source
    for move in view.legal:
        column = _column(move, tile)
        if column is not None:
            out[NUMBERS, column:column + 2] = _claimed_road(hand, move, tile, source, ask)


def _column(move: Move, tile: int) -> int | None:
    if move.kind == "chow" and move.tiles is not None:
        return 6 + 2 * move.tiles.index(tile)
    return _CLAIMS.get(move.kind)


def _road(hand: Hand, ask: _Ask) -> tuple[int, int]:
    """1 + the legal distance (to the sight) and 1 + the shanten of ``hand`` as it stands."""
    held = shanten(hand.counts, len(hand.melds))
    if held > SIGHT:
        return _FAR, 1 + min(held, _SHANTEN_CAP - 1)
    far = legal_distance(hand.counts, hand.melds, **ask)
    return 1 + min(far, SIGHT + 1), 1 + held


def _claimed_road(hand: Hand, move: Move, tile: int, source: int,
                  ask: _Ask) -> tuple[int, int]:
    """The road after claiming ``tile`` by ``move`` and (but for a kong, which draws) the best
    discard after it."""
    after = hand.after_claim(claimed_meld(move, tile, source))
    if move.kind == "kong":
        return _road(after, ask)
    held = min(after for _kind, after, _kinds, _copies in discards(
        after.counts, len(after.melds)))
    if held > SIGHT:
        return _FAR, 1 + min(held, _SHANTEN_CAP - 1)
    far = min(after for _kind, after, _kinds, _copies in legal_discards(
        after.counts, after.melds, **ask))
    return 1 + min(far, SIGHT + 1), 1 + held
