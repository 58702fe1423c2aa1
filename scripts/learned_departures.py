"""Where a player's discards depart from rung 4's: the player plays ``--walls`` walls at each
seat in turn beside three rung-4 seats, and at each of its discards with neither a kong nor a
win to weigh, the step of rung 4's turn where its discard left the running is counted
(:func:`mjsim.reference.rungs.discard_stages`: defence, road, planning, copies, isolation), or
``tied`` when it is among several rung 4 ranks equal best (rung 4 then goes by the view's
hash), or ``agrees`` when it is rung 4's one best. It played its own discards, so the states are
those it reaches.

Run from the repository root, e.g. ``python scripts/learned_departures.py --player learned
--walls 40`` (about 15 s of CPU with the reference twin's search).
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Sequence

from mjsim.game.moves import Move
from mjsim.players.driver import play
from mjsim.players.protocol import Player
from mjsim.players.rungs import Rung
from mjsim.players.specs import load_player
from mjsim.players.view import View
from mjsim.reference.rungs import discard_stages

ORDER = ("agrees", "tied", "defence", "road", "planning", "copies", "isolation")


def departure(view: View, tile: int) -> str:
    """Where discarding ``tile`` leaves rung 4's running in ``view`` (see the module)."""
    for step, kept in discard_stages(view):
        if tile not in kept:
            return step
    return "tied" if len(kept) > 1 else "agrees"


class _Counted:
    """``player`` at a seat, its discards counted by :func:`departure` in ``counts``."""

    def __init__(self, player: Player, counts: Counter[str]) -> None:
        self.player, self.counts, self.name = player, counts, player.name

    def act(self, view: View) -> Move | None:
        move = self.player.act(view)
        if (move is not None and move.kind == "discard" and move.tile is not None
                and not any(other.kind in ("kong", "win") for other in view.legal)):
            self.counts[departure(view, move.tile)] += 1
        return move


def departures(spec: str, walls: int, seed: str = "departures") -> Counter[str]:
    """How many of the discards of player ``spec`` depart at each step, over ``walls`` walls
    with the player at each seat in turn."""
    counts: Counter[str] = Counter()
    player = _Counted(load_player(spec), counts)
    for wall in range(walls):
        for seat in range(4):
            seats: list[Player] = [Rung(4), Rung(4), Rung(4)]
            seats.insert(seat, player)
            play(f"{seed}-{wall}", seats)
    return counts


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--player", default="learned", help="a player spec (default learned)")
    parser.add_argument("--walls", type=int, default=40)
    args = parser.parse_args(argv)
    counts = departures(args.player, args.walls)
    total = sum(counts.values())
    print(f"{args.player}: {total:,} discards over {args.walls} walls, by where each departs "
          "from rung 4's")
    for step in ORDER:
        print(f"{step:>10} {counts[step]:8,} {counts[step] / max(total, 1):7.1%}")


if __name__ == "__main__":
    main()
