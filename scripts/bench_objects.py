"""How many Python objects a move makes, in the compiled game loop and through the driver.

Counted with :class:`mjsim_core.allocations.Counting` (every allocation from Python's object
allocator) over whole seeded games, and divided by the moves the players made; the deal, the
settlement and the game's own records are in the count. The counts are a function of the seeds
and the Python version, not of the machine's load.

    python scripts/bench_objects.py --games 8
"""

from __future__ import annotations

import argparse
import gc

from mjsim.game.rules import Rules
from mjsim.players import driver, loop
from mjsim.players.rungs import Rung
from mjsim.players.trivial import DiscardDrawn
from mjsim.tiles.wall import Wall
from mjsim_core.allocations import Counting

LINEUPS = {"drawn": [DiscardDrawn()] * 4, **{f"rung{level}": [Rung(level)] * 4
                                              for level in (1, 2, 3, 4)}}


def per_move(play: object, players: list[object], games: int) -> tuple[float, float]:
    """Objects a move and moves a hand over ``games`` whole games of ``play``."""
    play(b"warm-up", players, last_hand=1)  # type: ignore[operator]
    moves = hands = 0
    collecting = gc.isenabled()
    gc.disable()
    try:
        with Counting() as counted:
            for n in range(games):
                game = play(b"objects-%d" % n, players)  # type: ignore[operator]
                moves, hands = moves + game.moves, hands + len(game.history)
    finally:
        if collecting:
            gc.enable()
    return counted.objects / moves, moves / hands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=8, help="sixteen-hand games per row")
    args = parser.parse_args()
    with Counting() as wall:
        Wall(b"objects", 1)
    with Counting() as deal:
        Rules(b"objects", last_hand=1)
    print(f"a wall: {wall.objects} objects; a deal with its events (Rules()): {deal.objects}")
    print(f"{'table':<8} {'loop':>12} {'driver':>12} {'moves a hand':>13}")
    for name, players in LINEUPS.items():
        fast, moves = per_move(loop.play, players, args.games)
        slow, _ = per_move(driver.play, players, args.games)
        print(f"{name:<8} {fast:>12.2f} {slow:>12.2f} {moves:>13.0f}")


if __name__ == "__main__":
    main()
