"""What batching a learned seat's decisions across games gains: the network's forward pass at
batch sizes 1, 4 and 16, and a table of one learned seat and three others played game by game
against the same games played together (``mjsim.tournament.records.play_games``, which plays a
wall's seatings at once when a seat decides in batches).

CPU time of this process, one BLAS thread; the two ways are timed in turn, ``--repeats``
times, and the medians printed. The model is ``--model FILE``, or a network of random weights
of ``--channels`` x ``--blocks`` (its moves differ from a trained one's, its cost does not).
Run from the repository root:
``OPENBLAS_NUM_THREADS=1 python scripts/bench_batched.py --walls 6 --opponent 4``.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

import numpy as np

from mjsim.learn import network
from mjsim.learn.actions import N_ACTIONS
from mjsim.learn.planes import PLANES, WIDTH
from mjsim.learn.roads import ROADS
from mjsim.tournament import records
from mjsim.tournament.lineups import Roster
from mjsim.tournament.schedule import per_wall, rotations, wall_seeds


class _GameByGame(Roster):
    """A roster whose players are never played together."""

    def decides_in_batches(self, entry: str) -> bool:
        return False


def forward_pass(model: str, size: int, calls: int = 200) -> float:
    """Seconds of CPU a forward pass of ``size`` views (the network alone: no encoding)."""
    net = network.load(model)
    planes = np.random.default_rng(size).integers(0, 3, (size, *PLANES)).astype(np.uint8)
    masks = np.ones((size, N_ACTIONS), np.int8)
    # A model that reads the road planes is timed on zero ones: its cost is the same.
    roads = np.zeros((size, ROADS, WIDTH), np.uint8) if net.roads else None
    net.logits(planes, masks, roads)
    start = time.process_time()
    for _ in range(calls):
        net.logits(planes, masks, roads)
    return (time.process_time() - start) / calls


def table(model: str, opponent: str, walls: int, together: bool) -> float:
    """Hands a CPU-second of the table, its walls' seatings played together or one by one."""
    lineup = (f"learned?model={model}", opponent, opponent, opponent)
    roster = Roster() if together else _GameByGame()
    start, hands = time.process_time(), 0
    for batch in per_wall(wall_seeds("bench-batched", walls), rotations(lineup)):
        hands += sum(len(played.hands) // 4
                     for played in records.play_games(batch, roster=roster))
    return hands / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", help="a model file (default: random weights)")
    parser.add_argument("--channels", type=int, default=64)
    parser.add_argument("--blocks", type=int, default=4)
    parser.add_argument("--walls", type=int, default=6)
    parser.add_argument("--opponent", default="4", help="the other three seats' spec")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    model = args.model
    if model is None:
        model = str(Path(tempfile.mkdtemp()) / "random.npz")
        network.save(model, network.initial(channels=args.channels, blocks=args.blocks,
                                            seed=0), {})
    for size in (1, 4, 16):
        seconds = statistics.median(forward_pass(model, size) for _ in range(args.repeats))
        print(f"forward pass, {size:2} views: {seconds * 1e6:7.0f} us "
              f"({seconds * 1e6 / size:.0f} us a view)")
    rates: dict[bool, list[float]] = {False: [], True: []}
    for _ in range(args.repeats):
        for together in (False, True):
            rates[together].append(table(model, args.opponent, args.walls, together))
    for together, name in ((False, "game by game"), (True, "together")):
        print(f"learned + 3 x {args.opponent}, {name:12}: "
              f"{statistics.median(rates[together]):6.0f} hands per CPU-second "
              f"({', '.join(f'{rate:.0f}' for rate in rates[together])})")
    ratio = statistics.median(rates[True]) / statistics.median(rates[False])
    print(f"together / game by game: {ratio:.2f}")


if __name__ == "__main__":
    main()
