"""The game: the sixteen-hand state machine, its moves, the claim window and settlement.

Imports :mod:`mjsim.scoring`, :mod:`mjsim.analysis`, :mod:`mjsim.tiles` and :mod:`mjsim_core`.
"""

from mjsim.game.moves import Move
from mjsim.game.rules import Rules
from mjsim.game.settlement import (
                                   BASE,
                                   FOUL,
                                   HANDS,
                                   ROUNDS,
                                   SEATS,
                                   finished,
                                   places,
                                   settle,
                                   settle_foul,
                                   winner,
)

__all__ = ["BASE", "FOUL", "HANDS", "ROUNDS", "SEATS", "Move", "Rules", "finished", "places",
           "settle", "settle_foul", "winner"]
