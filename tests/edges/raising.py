"""A player with a bug of its own: rung 1 until its first choice of hand 2, where it divides by
zero (the tests of a player that raises)."""

from mjsim.players import Rung


class Raising:
    def __init__(self):
        self.name, self.inner = "raising", Rung.parse("1")

    def act(self, view):
        if view.hand_no == 2 and len(view.legal) > 1:
            return 1 / 0
        return self.inner.act(view)


class RaisingAtOnce:
    """Raises at its first choice (a Botzone bot's turn)."""

    name = "raising-at-once"

    def act(self, view):
        return 1 / 0
