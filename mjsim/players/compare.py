"""A player shadowed by another: how often would the other have moved differently?

A challenger "B-X" (player B with idea X switched off) differs from B only where X would have
changed the move; :class:`Shadowed` plays the challenger and, on every view it is asked about,
asks B too, counting the decisions (views with more than one legal move) and those where the
two moves differ. Only the challenger's move is played, so the game is the one the challenger
alone would give; the shadow hears every hook the challenger hears, so a player that keeps its
own record sees the same game. Both are asked from the same view, so with deterministic players
the counts are as deterministic as the game.

>>> from mjsim.players import Rung
>>> from mjsim.players.driver import play
>>> shadowed = Shadowed(Rung.parse("3-planning"), Rung.parse("3"))
>>> game = play(b"doc", [shadowed, Rung.parse("3"), Rung.parse("3"), Rung.parse("3")],
...             last_hand=1)
>>> shadowed.name, shadowed.decisions > 0, 0 <= shadowed.changed <= shadowed.decisions
('3-planning', True, True)
"""

from __future__ import annotations

import contextlib
from typing import Any

from mjsim.game.moves import Move
from mjsim.players.protocol import Foul, Player
from mjsim.players.view import View

__all__ = ["Shadowed"]

_HOOKS = ("start_hand", "observe", "end_hand", "close")


class Shadowed:
    """``player``, which is played, with ``shadow`` asked on the same views and not played.

    ``decisions`` counts the views with a choice (two or more legal moves), ``changed`` those
    among them where the shadow would have moved otherwise (a shadow that fouls counts as
    moving otherwise). Each optional hook either player has is passed to both that have it;
    a hook neither has is absent, so the driver keeps its lean path for players without hooks.
    """

    def __init__(self, player: Player, shadow: Player) -> None:
        self.player, self.shadow = player, shadow
        self.decisions = 0
        self.changed = 0
        ideas = getattr(player, "ideas", None)
        if ideas is not None:
            self.ideas = tuple(ideas)
        for hook in _HOOKS:
            mine, its = getattr(player, hook, None), getattr(shadow, hook, None)
            if mine is not None or its is not None:
                setattr(self, hook, _both(mine, its))

    @property
    def name(self) -> str:
        """The played player's name: tables name the seat by it."""
        return self.player.name

    def act(self, view: View) -> Move | None:
        """The player's move; the shadow's is only compared with it."""
        move = self.player.act(view)
        if len(view.legal) > 1:
            self.decisions += 1
            try:
                other = self.shadow.act(view)
            except Foul:
                other = None
            self.changed += other != move
        return move


def _both(mine: Any, its: Any) -> Any:
    """One hook calling the played player's hook ``mine``, then the shadow's ``its`` (either
    may be None); a shadow that fouls while it listens does not foul the seat."""
    def call(*args: Any) -> None:
        if mine is not None:
            mine(*args)
        if its is not None:
            with contextlib.suppress(Foul):
                its(*args)
    return call
