"""What batching a learned seat's decisions across games gains: the network's forward pass at
batch sizes 1, 4 and 16, and a table of one learned seat and three others played game by game
against the same games played together (``mjsim.tournament.records.play_games``, which plays
them at once when a seat decides in batches): a wall's seatings at once, and the seatings of
``runner.WALLS_TOGETHER`` walls, as a worker of a run plays them. Then the learned seat's own
cost a decision at that table: the views it was asked about (the batches of a wall's seatings
played together) encoded, given their road planes and passed through the network again, each
part timed alone.

CPU time of this process, one BLAS thread; the three ways are timed in turn, ``--repeats``
times, and the medians printed. The model is ``--model FILE``, or a network of random weights
of ``--channels`` x ``--blocks`` (its moves differ from a trained one's, its cost does not).
Run from the repository root:
``OPENBLAS_NUM_THREADS=1 python scripts/bench_batched.py --walls 8 --opponent 4``.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from mjsim.game.moves import Move
from mjsim.learn import network
from mjsim.learn.actions import N_ACTIONS
from mjsim.learn.planes import PLANES, WIDTH, encode_batch
from mjsim.learn.player import Learned
from mjsim.learn.roads import ROADS, roads_batch
from mjsim.players.driver import play_together
from mjsim.players.specs import load_player
from mjsim.players.view import View
from mjsim.tournament import records
from mjsim.tournament.lineups import Roster
from mjsim.tournament.runner import WALLS_TOGETHER
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


def table(model: str, opponent: str, walls: int, together: int) -> float:
    """Hands a CPU-second of the table: its games one by one (``together`` 0), or ``together``
    walls' seatings played at once (1: a wall's, as a worker played them before
    ``runner.WALLS_TOGETHER``)."""
    lineup = (f"learned?model={model}", opponent, opponent, opponent)
    roster = Roster() if together else _GameByGame()
    batches = per_wall(wall_seeds("bench-batched", walls), rotations(lineup))
    size = max(together, 1)
    start, hands = time.process_time(), 0
    for first in range(0, len(batches), size):
        tasks = [task for batch in batches[first:first + size] for task in batch]
        hands += sum(len(played.hands) // 4
                     for played in records.play_games(tasks, roster=roster))
    return hands / (time.process_time() - start)


class _Asked(Learned):
    """The learned player, keeping every batch of views it is asked about."""

    asked: list[list[View]]

    def act_batch(self, views: Sequence[View]) -> list[Move | None]:
        self.asked.append(list(views))
        return super().act_batch(views)


def seat_cost(model: str, opponent: str, walls: int, repeats: int) -> dict[str, float]:
    """Microseconds of CPU a decision of the learned seat at the table, by part (medians of
    ``repeats``): its batches of views from ``walls`` walls (each wall's seatings played
    together) encoded, their road planes, the forward pass, and the whole ``act_batch``."""
    seat = _Asked(model=model)
    seat.asked = []
    lineup = (f"learned?model={model}", opponent, opponent, opponent)
    for batch in per_wall(wall_seeds("bench-seat", walls), rotations(lineup)):
        play_together([seed for seed, _ in batch],
                      [[seat if entry == lineup[0] else load_player(entry) for entry in entries]
                       for _, entries in batch])
    batches, decisions = seat.asked, sum(len(views) for views in seat.asked)
    arrays = {len(views): (np.zeros((len(views), *PLANES), np.uint8),
                           np.zeros((len(views), N_ACTIONS), np.int8),
                           np.zeros((len(views), ROADS, WIDTH), np.uint8)) for views in batches}

    def encoded() -> None:
        for views in batches:
            encode_batch(views, *arrays[len(views)][:2])

    def roads() -> None:
        for views in batches:
            roads_batch(views, arrays[len(views)][2])

    def passes() -> None:
        for views in batches:
            seat.network.logits(*arrays[len(views)])

    def whole() -> None:
        for views in batches:
            Learned.act_batch(seat, views)

    parts = {"encode": encoded, "road planes": roads, "forward pass": passes, "act_batch": whole}
    times: dict[str, list[float]] = {name: [] for name in parts}
    for _ in range(repeats):
        for name, part in parts.items():
            start = time.process_time()
            part()
            times[name].append((time.process_time() - start) / decisions * 1e6)
    return {"views a pass": decisions / len(batches),
            **{name: statistics.median(values) for name, values in times.items()}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", help="a model file (default: random weights)")
    parser.add_argument("--channels", type=int, default=64)
    parser.add_argument("--blocks", type=int, default=4)
    parser.add_argument("--walls", type=int, default=8)
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
    ways = {0: "game by game", 1: "a wall at once",
            WALLS_TOGETHER: f"{WALLS_TOGETHER} walls at once"}
    rates: dict[int, list[float]] = {way: [] for way in ways}
    for _ in range(args.repeats):
        for way in ways:
            rates[way].append(table(model, args.opponent, args.walls, way))
    for way, name in ways.items():
        print(f"learned + 3 x {args.opponent}, {name:16}: "
              f"{statistics.median(rates[way]):6.0f} hands per CPU-second "
              f"({', '.join(f'{rate:.0f}' for rate in rates[way])})")
    for way in (1, WALLS_TOGETHER):
        print(f"{ways[way]} / game by game: "
              f"{statistics.median(rates[way]) / statistics.median(rates[0]):.2f}")
    cost = seat_cost(model, args.opponent, args.walls, args.repeats)
    print(f"the learned seat at that table ({cost.pop('views a pass'):.1f} views a pass), us of "
          "CPU a decision:")
    for name, micros in cost.items():
        print(f"  {name:12}: {micros:6.0f}")


if __name__ == "__main__":
    main()
