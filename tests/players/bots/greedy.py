from mjsim.analysis import shanten
from mjsim.game import Move


class Greedy:
    ideas = ("claims",)

    def __init__(self, off=frozenset()):
        self.name, self.claims = "greedy", "claims" not in off

    def act(self, view):  # win, else pung (the idea "claims"), else discard toward ready
        moves = {move.kind: move for move in view.legal}
        if "win" in moves or view.window is not None:
            return moves.get("win") or (self.claims and moves.get("pung")) or moves["pass"]
        best = min(shanten.discards(view.hand.counts, len(view.hand.melds)),
                   key=lambda d: (d.shanten, -d.copies, d.tile))
        return Move("discard", tile=best.tile)
