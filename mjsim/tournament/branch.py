"""The branch estimator of a price (issue 15, item 9; docs/architecture.md#pricing-the-statistics),
kept out of the defaults.

By the performance-difference identity, what a challenger C in seat k gains over the baseline B
(both in a field of B) is the sum, over the decisions of C's own game, of B's advantage of C's
move over B's: ``Q_B(s, a_C) - Q_B(s, a_B)``, zero wherever the two agree. ``Q_B(s, a)`` is the
seat's points for the rest of the hand when ``a`` is made and every seat then plays B (a hand's
deal does not depend on the hands before it, and the rungs keep no record between moves, so the
hand's end bounds it). Each is estimated by playing both branches from clones of the game
(:meth:`~mjsim.game.rules.Rules.clone`) on K reshuffles of the wall's undrawn tiles, the same K
for both (common random numbers): given everything on the table the undrawn order is uniform,
so the mean over reshuffles is unbiased for ``Q_B``, and so is the sum.

The README gives what it measured against the paired design: its variance per CPU second.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass

from mjsim.game.moves import Move
from mjsim.game.rules import Rules
from mjsim.players.protocol import Player
from mjsim.players.view import view_of
from mjsim.tiles.wall import seed_bytes, shuffled_tiles

__all__ = ["BranchGame", "branch_game"]


@dataclass(frozen=True)
class BranchGame:
    """One challenger game read both ways: ``points`` is what the challenger's seat scored (the
    paired design's observation), ``advantage`` the branch estimate of its gain over the
    baseline, summed over the ``branched`` decisions (of ``decisions`` with a choice) where the
    two chose differently."""

    points: int
    advantage: float
    branched: int
    decisions: int


def branch_game(seed: str, seat: int, challenger: Player, baseline: Player, *,
                reshuffles: int = 2, ruleset: str = "green-book",
                last_hand: int = 16) -> BranchGame:
    """Play ``challenger`` in ``seat`` against three ``baseline`` on the walls of ``seed`` (the
    paired design's game), branching on ``reshuffles`` reshuffles of the undrawn wall at each
    decision where ``baseline`` would have moved otherwise. Players must keep no record between
    moves (the rungs do not); only the MCR table's one-piece wall is reshuffled."""
    if reshuffles < 1:
        raise ValueError(f"a branch is played on one or more reshuffles, not {reshuffles}")
    game = Rules(seed, ruleset, last_hand=last_hand)
    # The reshuffles are the project's keyed wall stream, on a key of the game's seed and seat
    # and numbered in turn: a function of the seed, as every wall is.
    key = seed_bytes(seed) + b"/branch/" + bytes([seat])
    numbers = itertools.count()
    players = [challenger if s == seat else baseline for s in range(4)]
    advantage, branched, decisions = 0.0, 0, 0
    while True:
        game.take_outcomes()
        waiting = game.waiting_on()
        if not waiting:
            return BranchGame(game.totals[seat], advantage, branched, decisions)
        mover = waiting[0]
        view = view_of(game, mover)
        move = players[mover].act(view)
        if move is None:
            raise ValueError(f"{players[mover].name} offered no move")
        if mover == seat and len(view.legal) > 1:
            decisions += 1
            other = baseline.act(view)
            if other is not None and other != move:
                branched += 1
                advantage += _advantage(game, seat, move, other, baseline, key, numbers,
                                        reshuffles)
        _apply(game, mover, move)


def _advantage(game: Rules, seat: int, mine: Move, theirs: Move, baseline: Player,
               key: bytes, numbers: Iterator[int], reshuffles: int) -> float:
    """The mean over reshuffles of the seat's rest-of-hand points after ``mine`` less after
    ``theirs``, every seat playing ``baseline`` afterwards, both on the same reshuffles."""
    total = 0.0
    for _ in range(reshuffles):
        order = shuffled_tiles(key, next(numbers), game.wall.order)
        ends = []
        for move in (mine, theirs):
            branch = game.clone()
            wall = branch.wall
            # The clone's wall holds the undrawn tiles in the reshuffled order (its own list).
            wall._hold(wall.seed, wall.hand_no, order, 0, len(order))
            ends.append(_rest_of_hand(branch, seat, move, baseline))
        total += ends[0] - ends[1]
    return total / reshuffles


def _rest_of_hand(game: Rules, seat: int, move: Move, baseline: Player) -> int:
    """The seat's points from this hand once ``move`` is made and every seat plays
    ``baseline`` to the hand's end."""
    hands = len(game.history)
    _apply(game, seat, move)
    while len(game.history) == hands:
        game.take_outcomes()
        mover = game.waiting_on()[0]
        answer = baseline.act(view_of(game, mover))
        if answer is None:
            raise ValueError(f"{baseline.name} offered no move")
        _apply(game, mover, answer)
    deltas: list[int] = game.history[hands]["deltas"]
    return deltas[seat]


def _apply(game: Rules, seat: int, move: Move) -> None:
    done = game.apply(seat, move)
    if not done:
        raise ValueError(f"seat {seat}'s {move} is refused: {done}")
