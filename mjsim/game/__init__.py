"""The game: the sixteen-hand state machine, its moves, the claim window and settlement.

Imports :mod:`mjsim.scoring`, :mod:`mjsim.analysis`, :mod:`mjsim.tiles` and :mod:`mjsim_core`.
"""

from mjsim.game.moves import Move
from mjsim.game.rules import Rules
from mjsim.game.settlement import BASE, HANDS, ROUNDS, SEATS, finished, places, settle, winner

__all__ = ["BASE", "HANDS", "ROUNDS", "SEATS", "Move", "Rules", "finished", "places", "settle",
           "winner"]
