"""The observation planes and the legal mask of :mod:`mjsim.learn.planes`, read off a view the
obvious way: a list of tiles per plane, counted with numpy."""

from __future__ import annotations

import numpy as np

from mjsim.learn.actions import action_of
from mjsim.players.view import View


def encode(view: View) -> np.ndarray:
    """The 20 x 34 planes, built plane by plane from the documented layout."""
    planes = np.zeros((20, 34), dtype=np.int64)
    seats = [(view.seat + rel) % 4 for rel in range(4)]
    planes[0] = view.hand.counts
    if view.drawn is not None:
        planes[1, view.drawn] = 1
    visible: list[int] = []
    for rel, seat in enumerate(seats):
        pool = list(view.pools[seat])
        planes[2 + rel] = np.bincount(pool, minlength=34)
        if pool:
            planes[6 + rel, pool[-1]] = 1
        meld_tiles = [kind for meld in view.exposed[seat] for kind in meld.tiles]
        planes[10 + rel] = np.bincount(meld_tiles, minlength=34)
        visible += pool + meld_tiles
        planes[19, 3 + rel] = len(view.flowers[seat])
        planes[19, 7 + rel] = sum(1 for meld in view.exposed[seat] if meld.concealed)
        planes[19, 11 + rel] = len(view.exposed[seat])
    planes[14] = 4 - planes[0] - np.bincount(visible, minlength=34)
    planes[15, 27 + view.seat_wind] = 1
    planes[16, 27 + view.prevalent] = 1
    if view.window is not None:
        plane = 17 if view.window.kind == "discard" else 18
        planes[plane, view.window.tile] = seats.index(view.window.source)
    planes[19, 0] = view.wall
    planes[19, 1] = view.hand_no
    planes[19, 2] = seats.index(view.dealer)
    planes[19, 15] = ["discard", "claim", "rob", "finished"].index(view.phase)
    return planes


def legal_mask(view: View) -> np.ndarray:
    """1 at the action of each legal move."""
    mask = np.zeros(75, dtype=np.int64)
    for move in view.legal:
        mask[action_of(move, view=view)] = 1
    return mask
