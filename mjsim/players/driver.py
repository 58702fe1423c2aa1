"""Four players at one table: a game played from its seed to its last hand.

>>> from mjsim.players import Rung
>>> game = play(b"doc", [Rung.parse("2")] * 4, hand_no=1, last_hand=1)
>>> game.status, len(game.history), sum(game.totals)
('finished', 1, 0)
"""

from __future__ import annotations

from collections.abc import Sequence

from mjsim.game.rules import Rules
from mjsim.players.rungs import Rung
from mjsim.players.view import view_of
from mjsim.tiles.wall import Seed


def play(seed: Seed, players: Sequence[Rung], *, ruleset: str = "green-book",
         hand_no: int = 1, last_hand: int = 16) -> Rules:
    """Play hands ``hand_no`` to ``last_hand`` from ``seed`` with ``players[s]`` in seat ``s``,
    and return the finished game (its ``history`` and ``totals`` hold the results). Events are
    discarded as play goes, so memory stays flat. Raises ``RuntimeError`` if a player waited on
    offers no move or a move that is refused (a bug: a seat waited on has legal moves, and every
    move a rung returns is legal).
    """
    if len(players) != 4:
        raise ValueError(f"a table seats four players, not {len(players)}")
    game = Rules(seed, ruleset, hand_no=hand_no, last_hand=last_hand)
    while True:
        waiting = game.waiting_on()
        if not waiting:
            return game
        seat = waiting[0]
        move = players[seat].act(view_of(game, seat))
        if move is None:
            raise RuntimeError(f"player {players[seat]} in seat {seat} offered no move")
        done = game.apply(seat, move)
        if not done:
            raise RuntimeError(f"player {players[seat]} in seat {seat} chose {move!r}: {done}")
        game.take_outcomes()
