"""Tiles: what a tile, a hand string, a meld, a hand and a wall are (the lowest layer).

Imports only :mod:`mjsim.errors` and :mod:`mjsim_core`. The kinds' names and classes of
:mod:`mjsim.tiles.kinds` are re-exported here.
"""

from mjsim.tiles import notation
from mjsim.tiles.hand import Hand
from mjsim.tiles.kinds import *  # noqa: F403 (the kinds are this layer's vocabulary)
from mjsim.tiles.kinds import __all__ as _kinds
from mjsim.tiles.meld import Meld
from mjsim.tiles.wall import Seed, Wall

__all__ = [*_kinds, "Hand", "Meld", "Seed", "Wall", "notation"]
