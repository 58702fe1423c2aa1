"""Players: whatever sits at a seat, reading only its :class:`View` (the rungs among them).

Imports :mod:`mjsim.game` and the layers below it.
"""

from mjsim.players.rungs import IDEAS, Rung, best
from mjsim.players.view import View, view_of

__all__ = ["IDEAS", "Rung", "View", "best", "view_of"]
