"""Tiles: what a tile, a hand string, a meld, a hand and a wall are (the lowest layer).

Imports only :mod:`mjsim.lazy`, :mod:`mjsim.errors` and :mod:`mjsim_core`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mjsim.lazy import lazy_exports
from mjsim.tiles.kinds import *  # the kinds are this layer's vocabulary
from mjsim.tiles.kinds import __all__ as _kinds
from mjsim.tiles.meld import Meld
from mjsim.tiles.wall import Seed, Wall

# The kinds' names and classes are re-exported here. ``Hand``, ``notation`` and ``botzone`` load
# on first use (PEP 562): a hand holds a numpy array, and numpy costs more to import than the rest
# of the layer, so ``import mjsim.tiles`` (or a module that needs only the kinds) does not pay for
# it; Botzone's names are wanted only by whoever talks to Botzone.
if TYPE_CHECKING:
    from mjsim.tiles import botzone, notation
    from mjsim.tiles.hand import Hand

__all__ = ["Hand", "Meld", "Seed", "Wall", "botzone", "notation"]
__all__.extend(_kinds)

__getattr__, __dir__ = lazy_exports(__name__, {
    "Hand": "mjsim.tiles.hand", "botzone": "mjsim.tiles.botzone",
    "notation": "mjsim.tiles.notation"}, __all__)
