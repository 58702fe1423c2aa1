"""Game logs: a header line, then one JSON line per move; replaying one reproduces the game.

>>> import io
>>> log = io.StringIO()
>>> writer = GameLog(log, seed=b"doc", ruleset="green-book", players=["you", "3", "3", "3"])
>>> writer.move(0, Move("discard", tile=5))
>>> header, moves = read(io.StringIO(log.getvalue()))
>>> header["seed"], moves
('doc', [(0, Move('discard', tile=5))])
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from typing import IO, Any

from mjsim.game.moves import Move
from mjsim.game.rules import Rules

FORMAT = "mjsim-game-log-1"


class GameLog:
    """Writes a game as it is played; each line is flushed, so a crash loses nothing."""

    def __init__(self, stream: IO[str], *, seed: bytes, ruleset: str,
                 players: Sequence[str]) -> None:
        self.stream = stream
        self._write({"format": FORMAT, "seed": seed.decode("utf-8", "surrogateescape"),
                     "ruleset": ruleset, "players": list(players)})

    def move(self, seat: int, move: Move) -> None:
        self._write({"seat": seat, "move": move.to_dict()})

    def _write(self, record: dict[str, Any]) -> None:
        self.stream.write(json.dumps(record) + "\n")
        self.stream.flush()


def read(stream: IO[str]) -> tuple[dict[str, Any], list[tuple[int, Move]]]:
    """The header and the moves of a log; raises ``ValueError`` for a file that is not one."""
    lines = [line for line in stream.read().splitlines() if line.strip()]
    try:
        header = json.loads(lines[0]) if lines else {}
        if header.get("format") != FORMAT:
            raise ValueError("not an mjsim game log (its first line names no mjsim format)")
        moves = [(int(r["seat"]), Move.from_dict(r["move"])) for r in map(json.loads, lines[1:])]
    except (json.JSONDecodeError, KeyError, TypeError) as error:
        raise ValueError(f"a damaged game log: {error}") from None
    return header, moves


def replay(header: dict[str, Any], moves: Sequence[tuple[int, Move]]
           ) -> Iterator[tuple[int | None, Move | None, list[dict[str, Any]], Rules]]:
    """Play the logged moves on a fresh game: first the deal's events (seat and move None), then
    each move with the events it caused. Raises ``ValueError`` at a move the rules refuse."""
    game = Rules(header["seed"].encode("utf-8", "surrogateescape"), header["ruleset"])
    yield None, None, game.take_outcomes(), game
    for number, (seat, move) in enumerate(moves, 1):
        outcome = game.apply(seat, move)
        if not outcome:
            raise ValueError(f"move {number} ({move!r} by seat {seat}) is refused: {outcome}")
        yield seat, move, game.take_outcomes(), game
