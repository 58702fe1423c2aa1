"""How many hands per second the engine plays, on one core.

Players:

- ``drawn``: "discard what you drew" (after a claim, the first tile held); take a win when it is
  legal, pass every other claim. This measures the engine itself.
- ``rung1``, ``rung2``, ``rung3``: four bots of that rung (``mjsim.players.Rung``).
- ``gbgreedy``: the greedy bot the targets are set against, in this engine: discard the tile that
  leaves the least shanten by PyMahjongGB's ``MahjongShanten`` (the first of equals), win when
  legal, pass every claim (``pip install -e ".[bench]"``). Against it, ``rung3`` shows what the
  compiled decisions buy with the engine held fixed.
- ``rung4``: four rung-4 players (rung 3 with the legal distance, idea ``eight``).
- ``loop-drawn``, ``loop-rung1`` ... ``loop-rung4``: the same games (the same players, walls
  and moves) played by the compiled game loop (``mjsim.players.loop``): no Python call, view or
  ``Move`` per move, no events. Each is printed with its ratio to its Python-driven twin when
  that ran too. ``loop-eight2``: four ``4+eight2`` (rung 4 seeing the legal distance to 2).
  The rung-4 rows are printed with their ratio to rung 3 on the same table when that ran, and
  the hit rates of rung 4's turns told their road by a search made before
  (:func:`mjsim_core.rungs.known_counts`), of its cache of the hand's search between turns
  (:func:`mjsim_core.rungs.between_counts`), of its memo of scores
  (:func:`mjsim_core.rungs.memo_counts`) and of its suit lists kept across searches
  (:func:`mjsim_core.rungs.lists_counts`); and of the rungs' memo of acceptances
  (:func:`mjsim_core.rungs.acceptance_counts`), the tie-break of rungs 2 to 4.

- ``riichienv``: **a riichi engine, measured for scale** (riichienv 0.4.11, a Rust core behind
  a Python API, ``pip install -e ".[bench]"``): four first-legal agents (each seat plays the
  first of ``legal_actions()``), one seeded hand (kyoku) per environment, as many hands as the
  other rows play. Riichi is not MCR (other claims, riichi, no eight-point minimum), so it
  anchors the order of magnitude of a Python-driven engine, not an equal game.

Each figure is the median over ``--repeats`` runs of ``--games`` sixteen-hand games, the rows
run in turn in each round so that they share the machine's load. Each row is printed with its
ratio to the two anchors measured in the same run (docs/architecture.md#performance-targets):
riichienv (the Python-driven engine at least 4x) and ``gbgreedy`` (rung-3 tables at least 3,000
hands/s, against about 185).

    python scripts/bench_sim.py --games 20 --repeats 3
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from mjsim.game.moves import Move
from mjsim.game.rules import Rules
from mjsim.tiles.botzone import NAMES

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the tests' helpers
from tests.helpers.pymahjonggb import gb_packs

Player = Callable[[Rules, int], Move]


def win_or_pass(game: Rules, legal: list[Move]) -> Move | None:
    """What the simple players share: a win when one is legal, a pass in a window, else None."""
    for move in legal:
        if move.kind == "win":
            return move
    if game.phase != "discard":
        return next(move for move in legal if move.kind == "pass")
    return None


def discard_what_you_drew(game: Rules, seat: int) -> Move:
    legal = game.legal(seat)
    forced = win_or_pass(game, legal)
    if forced is not None:
        return forced
    drawn = game.drawn
    for move in legal:
        if move.kind == "discard" and (drawn is None or move.tile == drawn):
            return move
    return next(move for move in legal if move.kind == "discard")


def bot_player(level: int) -> Player:
    from mjsim.players import Rung, view_of

    rung = Rung.parse(str(level))
    return lambda game, seat: rung.act(view_of(game, seat))


def gb_greedy() -> Player:
    from MahjongGB import MahjongShanten

    def act(game: Rules, seat: int) -> Move:
        legal = game.legal(seat)
        forced = win_or_pass(game, legal)
        if forced is not None:
            return forced
        hand = game.hands[seat]
        packs = gb_packs(hand.melds)
        tiles = hand.tiles()
        best, choice = None, None
        for move in legal:
            if move.kind != "discard":
                continue
            rest = list(tiles)
            rest.remove(move.tile)
            value = MahjongShanten(packs, tuple(NAMES[k] for k in rest))
            if best is None or value < best:
                best, choice = value, move
        return choice

    return act


def play_games(player: Player, games: int, offset: int = 0) -> int:
    """Play ``games`` whole games with four copies of ``player``; returns the hands played."""
    hands = 0
    for index in range(games):
        game = Rules(seed=f"bench-{offset + index}")
        while game.is_active:
            seat = game.waiting_on()[0]
            game.apply(seat, player(game, seat))
            game.take_outcomes()
        hands += len(game.history)
    return hands


def riichienv_hands(hands: int, offset: int = 0) -> int:
    """Play ``hands`` seeded riichienv hands with four first-legal agents; returns ``hands``."""
    from riichienv import RiichiEnv

    for index in range(hands):
        env = RiichiEnv(seed=offset + index)
        observations = env.reset()
        while not env.done():
            observations = env.step({seat: observation.legal_actions()[0]
                                     for seat, observation in observations.items()})
    return hands


def compiled_row(level: int, spec: str | None = None) -> Callable[[], Row]:
    """A row of the compiled loop: DiscardDrawn (level 0) or rungs of ``level`` (or the rung
    ``spec`` names), on the seeds :func:`play_games` uses."""
    def row() -> Row:
        from mjsim.players import Rung
        from mjsim.players.loop import play_games as loop_games
        from mjsim.players.trivial import DiscardDrawn

        players = [DiscardDrawn() if level == 0 else Rung.parse(spec or str(level))
                   for _ in range(4)]

        def play(games: int, offset: int) -> int:
            seeds = [f"bench-{offset + index}" for index in range(games)]
            return sum(len(game.history) for game in loop_games(seeds, players))
        return play
    return row


# A row: its name -> a function of (games, offset) that plays and returns the hands played, made
# when the row runs (so a missing extra skips the row).
Row = Callable[[int, int], int]


def engine_row(make: Callable[[], Player]) -> Callable[[], Row]:
    def row() -> Row:
        player = make()
        return lambda games, offset: play_games(player, games, offset)
    return row


ROWS: dict[str, Callable[[], Row]] = {
    "drawn": engine_row(lambda: discard_what_you_drew),
    "rung1": engine_row(lambda: bot_player(1)),
    "rung2": engine_row(lambda: bot_player(2)),
    "rung3": engine_row(lambda: bot_player(3)),
    "rung4": engine_row(lambda: bot_player(4)),
    "gbgreedy": engine_row(gb_greedy),
    "riichienv": lambda: lambda games, offset: riichienv_hands(16 * games, 16 * offset),
    "loop-drawn": compiled_row(0),
    "loop-rung1": compiled_row(1),
    "loop-rung2": compiled_row(2),
    "loop-rung3": compiled_row(3),
    "loop-rung4": compiled_row(4),
    "loop-eight2": compiled_row(4, "4+eight2"),
}
ANCHORS = ("riichienv", "gbgreedy")
TWINS = {"loop-drawn": "drawn", "loop-rung1": "rung1", "loop-rung2": "rung2",
         "loop-rung3": "rung3", "loop-rung4": "rung4"}
"""Each compiled-loop row's Python-driven twin: the same games."""
RUNG3 = {"rung4": "rung3", "loop-rung4": "loop-rung3", "loop-eight2": "loop-rung3"}
"""The rung-4 rows, each with the rung-3 row of its table: their targets are ratios to it."""
WARM_UP = 10**6  # the seeds of the untimed first game, apart from the timed ones


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games per run (16 hands each)")
    parser.add_argument("--repeats", type=int, default=3, help="runs per row; the median")
    parser.add_argument("rows", nargs="*", choices=[*ROWS, []],
                        help=f"which rows (default: all of {', '.join(ROWS)})")
    args = parser.parse_args()
    rows: dict[str, Row] = {}
    for name in args.rows or list(ROWS):
        try:
            row = ROWS[name]()
            row(1, WARM_UP)  # first calls (imports, tables) are not timed
        except ImportError as error:  # a peer of the bench extra that is not installed
            print(f"{name:<10} skipped: no module {error.name or error} "
                  '(pip install -e ".[bench]")')
            continue
        rows[name] = row
    rates: dict[str, list[float]] = {name: [] for name in rows}
    for repeat in range(args.repeats):
        for name, row in rows.items():
            start = time.perf_counter()
            hands = row(args.games, repeat * args.games)
            rates[name].append(hands / (time.perf_counter() - start))
    medians = {name: statistics.median(values) for name, values in rates.items()}
    anchors = [anchor for anchor in ANCHORS if anchor in medians]
    print(f"median of {args.repeats} rounds of {args.games} games (16 hands each), rows in turn; "
          f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{'row':<10} {'hands/s':>9}" + "".join(f" {'/ ' + a:>13}" for a in anchors)
          + "  / its Python-driven twin")
    for name, rate in medians.items():
        twin = TWINS.get(name)
        ratio = f"  {rate / medians[twin]:.2f}x {twin}" if twin in medians else ""
        three = RUNG3.get(name)
        if three in medians:
            ratio += f"  {rate / medians[three]:.2f}x {three}"
        print(f"{name:<10} {rate:>9.0f}" + "".join(f" {rate / medians[a]:>13.2f}"
                                                  for a in anchors) + ratio)
    if any(name in RUNG3 for name in medians):
        print_rung4_caches()


def print_rung4_caches() -> None:
    """The hit rates of what rung 4 keeps across decisions, in this process."""
    from mjsim_core import rungs

    for counts, what, served in (
            (rungs.known_counts, "rung 4's turns with a legal distance in sight",
             "told their shortest road by a search made before, with no search of their own"),
            (rungs.between_counts, "rung 4's legal distance of the hand held, between turns",
             "asks answered by a search made before"),
            (rungs.memo_counts, ("rung 4's searches' asks of a target (its score won on a "
                                 "tile, or whether it may win eight at all)"),
             "answered by the memo of scores"),
            (rungs.lists_counts, "rung 4's searches' suit lists",
             "read from a list kept from a search before"),
            (rungs.acceptance_counts, "the rungs' acceptances of a discard (their tie-break)",
             "answered by the memo of acceptances")):
        asked, kept = counts()
        print(f"{what}: {kept:,} of {asked:,} {served} ({kept / max(asked, 1):.0%})")


if __name__ == "__main__":
    main()
