"""How many hands per second the engine plays, on one core.

Players:

- ``drawn``: "discard what you drew" (after a claim, the first tile held); take a win when it is
  legal, pass every other claim. This measures the engine itself.
- ``rung1``, ``rung2``, ``rung3``, ``rung4``: four bots of that rung (``mjsim.players.Rung``).
- ``gbgreedy``: the greedy bot of design.md's anchor, in this engine: discard the tile that
  leaves the least shanten by PyMahjongGB's ``MahjongShanten`` (the first of equals), win when
  legal, pass every claim (``pip install -e ".[bench]"``). Against it, ``rung3`` shows what the
  compiled decisions buy with the engine held fixed.
- ``loop-drawn``, ``loop-rung1``, ``loop-rung2``, ``loop-rung3``: the same games (the same
  players, walls and moves) played by the compiled game loop (``mjsim.players.loop``): no
  Python call, view or ``Move`` per move, no events. Each prints its ratio to its
  Python-driven twin above when that ran too.

Each figure is the median over ``--repeats`` runs of ``--games`` sixteen-hand games. Anchors from
design.md §6 (not run here): the ailab-pku MCR simulator plays about 800 hands/s with random
agents, RiichiEnv about 750; with a PyMahjongGB greedy bot about 100.

    python scripts/bench_sim.py --games 20 --repeats 3
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

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


def play_compiled(players: list[Any], games: int, offset: int = 0) -> int:
    """:func:`play_games` through the compiled loop: the same seeds; returns the hands played."""
    from mjsim.players.loop import play_games as loop_games

    seeds = [f"bench-{offset + index}" for index in range(games)]
    return sum(len(game.history) for game in loop_games(seeds, players))


def compiled_players(level: int) -> list[Any]:
    """Four players the compiled loop plays: DiscardDrawn (level 0) or rungs of ``level``."""
    from mjsim.players import Rung
    from mjsim.players.trivial import DiscardDrawn

    return [DiscardDrawn() if level == 0 else Rung(level) for _ in range(4)]


COMPILED: dict[str, tuple[str, int]] = {
    "loop-drawn": ("drawn", 0), "loop-rung1": ("rung1", 1), "loop-rung2": ("rung2", 2),
    "loop-rung3": ("rung3", 3),
}
"""The compiled loop's rows: the Python-driven row each twins, and its players' level."""

PLAYERS: dict[str, Callable[[], Player]] = {
    "drawn": lambda: discard_what_you_drew,
    "rung1": lambda: bot_player(1),
    "rung2": lambda: bot_player(2),
    "rung3": lambda: bot_player(3),
    "rung4": lambda: bot_player(4),
    "gbgreedy": gb_greedy,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games per run (16 hands each)")
    parser.add_argument("--repeats", type=int, default=3, help="runs per player; the median")
    parser.add_argument("players", nargs="*", choices=[*PLAYERS, *COMPILED, []],
                        help=f"which players (default: all of {', '.join([*PLAYERS, *COMPILED])})")
    args = parser.parse_args()
    args.players = args.players or [*PLAYERS, *COMPILED]
    print(f"{'players':<8} {'hands/s':>9}  (median of {args.repeats} runs of {args.games} games)")
    play_games(discard_what_you_drew, 1, offset=-1)  # builds the shanten tables: not timed
    measured: dict[str, float] = {}
    for name in args.players:
        if name in COMPILED:
            measured[name] = compiled_row(name, args, measured)
            continue
        try:
            player = PLAYERS[name]()
        except ImportError as error:
            print(f"{name:<8} {'n/a':>9}  ({error})")
            continue
        rates = []
        for repeat in range(args.repeats):
            start = time.perf_counter()
            hands = play_games(player, args.games, offset=repeat * args.games)
            rates.append(hands / (time.perf_counter() - start))
        measured[name] = statistics.median(rates)
        print(f"{name:<8} {measured[name]:>9.0f}")


def compiled_row(name: str, args: argparse.Namespace, measured: dict[str, float]) -> float:
    """Time one compiled-loop row and print it, with its ratio to its Python-driven twin."""
    twin, level = COMPILED[name]
    players = compiled_players(level)
    rates = []
    for repeat in range(args.repeats):
        start = time.perf_counter()
        hands = play_compiled(players, args.games, offset=repeat * args.games)
        rates.append(hands / (time.perf_counter() - start))
    rate = statistics.median(rates)
    ratio = f"  {rate / measured[twin]:.2f}x {twin}" if twin in measured else ""
    print(f"{name:<10} {rate:>7.0f}{ratio}")
    return rate


if __name__ == "__main__":
    main()
