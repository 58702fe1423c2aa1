"""What rung 4 measures, as planes a network can read beside :mod:`mjsim.learn.planes`: the road
to a win after each discard and after each claim, from the compiled kernels of
:mod:`mjsim.analysis` (the shanten, and the legal distance: the draws to a win worth the eight
points a win needs). ``roads(view)`` gives 5 planes of 34 (``uint8``); a value is 1 + the
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
=====  =========================================================================================

Only the view is read, as for the planes. A decision costs tens of µs of CPU far from ready
and up to about 10 ms near it (the legal search), so the planes are an option of a dataset
(``mjsim dataset --roads``) and of a model (``mjsim train --roads``).

>>> from mjsim.game.rules import Rules
>>> from mjsim.players import view_of
>>> out = roads(view_of(Rules(seed=b"doc"), 0))
>>> out.shape, bool(out[1][view_of(Rules(seed=b"doc"), 0).hand.counts > 0].all())
((5, 34), True)
"""

from __future__ import annotations

import numpy as np

from mjsim.analysis import legal_discards, legal_distance, legal_waits, shanten
from mjsim.game.moves import Move, claimed_meld
from mjsim.players.view import View
from mjsim.tiles.hand import Hand

__all__ = ["HIGH", "ROADS", "SIGHT", "roads", "roads_batch"]

ROADS = 5
SIGHT = 1
"""The legal distance the planes see to (rung 4's :data:`mjsim_core.rungs.EIGHT_LIMIT`)."""
LEGAL, SHANTEN, COPIES, LEGAL_COPIES, NUMBERS = range(ROADS)
_CLAIMS = {"pung": 2, "kong": 4}  # a chow's columns: 6 + 2 x its position
_FAR, _SHANTEN_CAP, _COPIES_CAP = SIGHT + 2, 9, 136


def _high() -> np.ndarray:
    high = np.zeros((ROADS, 34), np.uint8)
    high[LEGAL], high[SHANTEN] = _FAR, _SHANTEN_CAP
    high[COPIES], high[LEGAL_COPIES] = _COPIES_CAP, _COPIES_CAP
    high[NUMBERS, :12] = np.tile([_FAR, _SHANTEN_CAP], 6)
    return high


HIGH = _high()
"""The largest value each cell can take."""


def roads(view: View) -> np.ndarray:
    """The 5 x 34 ``uint8`` road planes of ``view`` (the table above)."""
    out = np.zeros((ROADS, 34), np.uint8)
    _fill(view, out)
    return out


def roads_batch(views: list[View], out: np.ndarray) -> None:
    """The road planes of ``views`` into the rows of ``out`` (N x 5 x 34 ``uint8``)."""
    out[:len(views)] = 0
    for row, view in enumerate(views):
        _fill(view, out[row])


def _unseen(view: View) -> list[int]:
    return [max(0, copies) for copies in view.unseen]


def _fill(view: View, out: np.ndarray) -> None:
    hand, unseen = view.hand, _unseen(view)
    ask = {"seat_wind": view.seat_wind, "prevalent_wind": view.prevalent, "unseen": unseen,
           "ruleset": view.ruleset, "limit": SIGHT}
    if view.window is None:
        if not any(move.kind == "discard" for move in view.legal):
            return
        least = _SHANTEN_CAP
        for kind, after, _kinds, copies in shanten.discards(hand.counts, len(hand.melds),
                                                             unseen):
            out[SHANTEN, kind] = 1 + min(after, _SHANTEN_CAP - 1)
            out[COPIES, kind] = min(copies, _COPIES_CAP)
            least = min(least, after)
        out[NUMBERS, 1] = 1 + least
        out[LEGAL][out[SHANTEN] > 0] = _FAR
        if least <= SIGHT:
            _legal_after(hand, out, ask, unseen)
        out[NUMBERS, 0] = out[LEGAL][out[LEGAL] > 0].min()
        return
    out[NUMBERS, :2] = _road(hand, ask)
    if view.window.kind != "discard":
        return
    tile, source = view.window.tile, view.window.source
    for move in view.legal:
        column = _column(move, tile)
        if column is not None:
            out[NUMBERS, column:column + 2] = _claimed_road(hand, move, tile, source, ask)


def _legal_after(hand: Hand, out: np.ndarray, ask: dict[str, object], unseen: list[int]
                 ) -> None:
    """The legal planes of each discard whose shanten leaves the legal distance in sight (it is
    at least the shanten), one search of 13 tiles each (one of all 14 costs far more)."""
    after = hand.counts.copy()
    for kind in np.flatnonzero((out[SHANTEN] > 0) & (out[SHANTEN] <= SIGHT + 1)):
        after[kind] -= 1
        far = legal_distance(after, hand.melds, **ask)  # type: ignore[arg-type]
        out[LEGAL, kind] = 1 + min(far, SIGHT + 1)
        if far == 0:
            waits = legal_waits(after, hand.melds, ask["seat_wind"],  # type: ignore[arg-type]
                                ask["prevalent_wind"], unseen=unseen,  # type: ignore[arg-type]
                                ruleset=ask["ruleset"])  # type: ignore[arg-type]
            out[LEGAL_COPIES, kind] = min(sum(unseen[wait.tile] for wait in waits),
                                          _COPIES_CAP)
        after[kind] += 1


def _column(move: Move, tile: int) -> int | None:
    if move.kind == "chow" and move.tiles is not None:
        return 6 + 2 * move.tiles.index(tile)
    return _CLAIMS.get(move.kind)


def _road(hand: Hand, ask: dict[str, object]) -> tuple[int, int]:
    """1 + the legal distance (to the sight) and 1 + the shanten of ``hand`` as it stands."""
    held = shanten.shanten(hand.counts, len(hand.melds))
    if held > SIGHT:
        return _FAR, 1 + min(held, _SHANTEN_CAP - 1)
    far = legal_distance(hand.counts, hand.melds, **ask)  # type: ignore[arg-type]
    return 1 + min(far, SIGHT + 1), 1 + held


def _claimed_road(hand: Hand, move: Move, tile: int, source: int,
                  ask: dict[str, object]) -> tuple[int, int]:
    """The road after claiming ``tile`` by ``move`` and (but for a kong, which draws) the best
    discard after it."""
    after = hand.after_claim(claimed_meld(move, tile, source))
    if move.kind == "kong":
        return _road(after, ask)
    held = min(after for _kind, after, _kinds, _copies in shanten.discards(
        after.counts, len(after.melds)))
    if held > SIGHT:
        return _FAR, 1 + min(held, _SHANTEN_CAP - 1)
    far = min(after for _kind, after, _kinds, _copies in legal_discards(
        after.counts, after.melds, **ask))  # type: ignore[arg-type]
    return 1 + min(far, SIGHT + 1), 1 + held
