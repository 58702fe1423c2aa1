"""A user's player, as the README shows one: the tests seat it by file and by module."""

from mjsim.analysis import shanten


class Greedy:
    """Discard toward the fewest tiles from ready, then the most tiles that help; claim pungs."""

    ideas = ("claims",)

    def __init__(self, off=frozenset()):
        self.name, self.claims = "greedy", "claims" not in off

    def act(self, view):
        kinds = {move.kind: move for move in view.legal}
        if "win" in kinds:
            return kinds["win"]
        if view.window is not None:
            return kinds["pung"] if self.claims and "pung" in kinds else kinds["pass"]
        best = min(shanten.discards(view.hand.counts, len(view.hand.melds)),
                   key=lambda option: (option.shanten, -option.copies, option.tile))
        return next(m for m in view.legal if m.kind == "discard" and m.tile == best.tile)
