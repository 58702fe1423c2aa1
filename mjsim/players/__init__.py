"""Players: whatever sits at a seat, reading only its :class:`View` (the rungs among them).

Imports :mod:`mjsim.game` and the layers below it.
"""

from mjsim.players.protocol import BatchPlayer, Foul, HandStart, Player
from mjsim.players.rungs import IDEAS, Rung, best
from mjsim.players.seen import seen_by
from mjsim.players.view import View, view_of

__all__ = ["IDEAS", "BatchPlayer", "Foul", "HandStart", "Player", "Rung", "View", "best", "seen_by",
           "view_of"]
