"""The trivial player the engine's speed is measured with: it costs next to nothing to decide.

>>> from mjsim.game.rules import Rules
>>> from mjsim.players.view import view_of
>>> game = Rules(seed=b"doc")
>>> DiscardDrawn().act(view_of(game, game.dealer)) == Move("discard", tile=game.drawn)
True
"""

from __future__ import annotations

from mjsim.game.moves import PASS, Move
from mjsim.players.view import View

__all__ = ["DiscardDrawn"]


class DiscardDrawn:
    """Discard the tile just drawn (in a turn reached by a claim, the lowest kind held); win
    whenever a win is legal; pass every other claim. The compiled game loop
    (:mod:`mjsim.players.loop`) plays it too."""

    name = "drawn"

    def act(self, view: View) -> Move | None:
        legal = view.legal
        for move in legal:
            if move.kind == "win":
                return move
        if view.window is not None:
            return PASS
        discards = [move for move in legal if move.kind == "discard"]
        for move in discards:
            if move.tile == view.drawn:
                return move
        return discards[0] if discards else None
