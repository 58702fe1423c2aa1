from mjsim.analysis import shanten
from mjsim.game import Move


class Greedy:
    """Win when it may, pung when it may, else discard toward ready."""

    ideas = ("claims",)

    def __init__(self, off=frozenset()):
        self.name, self.claims = "greedy", "claims" not in off

    def act(self, view):
        moves = {move.kind: move for move in view.legal}
        if "win" in moves:
            return moves["win"]
        if view.window is not None:
            return moves["pung"] if self.claims and "pung" in moves else moves["pass"]
        best = min(shanten.discards(view.hand.counts, len(view.hand.melds)),
                   key=lambda d: (d.shanten, -d.copies, d.tile))
        return Move("discard", tile=best.tile)
