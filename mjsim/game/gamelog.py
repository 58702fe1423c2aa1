"""Game logs: a header line, then one JSON line per move; replaying one reproduces the game.

>>> import io
>>> log = io.StringIO()
>>> writer = GameLog(log, seed=b"doc", ruleset="green-book", players=["you", "3", "3", "3"])
>>> writer.move(0, Move("discard", tile=5))
>>> header, moves = read(io.StringIO(log.getvalue()))
>>> header["seed"], moves
('doc', [(0, Move('discard', tile=5))])

A log cut short (a crash mid-line, a copy that stopped) is read as far as it goes:

>>> cut = read_partial(io.StringIO(log.getvalue() + '{"seat": 1, "mo'))
>>> len(cut.moves), cut.stopped
(1, 'line 3 is cut short or damaged')
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import IO, Any, NamedTuple

import orjson

from mjsim.errors import clipped
from mjsim.game.events import Event
from mjsim.game.moves import Move
from mjsim.game.rules import Rules
from mjsim.game.settlement import HANDS
from mjsim.tiles.kinds import N_PLAYING

FORMAT = "mjsim-game-log-1"
_LINES: dict[tuple[int, str, int | None, tuple[int, ...] | None], str] = {}
"""The line of each (seat, kind, tile, tiles) logged so far: at most four seats times the moves
that exist. Keyed by the move's fields, not the move: a tuple of them hashes in C, where a Move
hashes through its dataclass's ``__hash__`` in Python (most of the cost of a line)."""


class GameLog:
    """Writes a game as it is played; each line is flushed, so a crash loses nothing.
    ``table`` is the engine's (``mcr`` or ``botzone``), recorded so a replay deals the same;
    so are the ``walltiles`` when the game was played on a wall it was given (an imported
    game), with Botzone's ``prevalent`` wind or the MCR table's ``hand_no`` (the one hand such
    a wall deals), and ``source`` says where such a game came from."""

    def __init__(self, stream: IO[str], *, seed: bytes, ruleset: str,
                 players: Sequence[str], table: str = "mcr",
                 walltiles: Sequence[int] | None = None, prevalent: int | None = None,
                 hand_no: int | None = None, source: dict[str, Any] | None = None) -> None:
        self.stream = stream
        header: dict[str, Any] = {"format": FORMAT,
                                  "seed": seed.decode("utf-8", "surrogateescape"),
                                  "ruleset": ruleset, "players": list(players)}
        if table != "mcr":  # logs of the sixteen-hand table stay as they always were
            header["table"] = table
        given = {"walltiles": None if walltiles is None else list(walltiles),
                 "prevalent": prevalent, "hand_no": hand_no, "source": source}
        header.update((key, value) for key, value in given.items() if value is not None)
        self._write(header)

    def move(self, seat: int, move: Move) -> None:
        self.stream.write(_line(seat, move))
        self.stream.flush()

    def moves(self, moves: Iterable[tuple[int, Move]]) -> None:
        """Log moves already played, in one write (an imported game's)."""
        self.stream.write("".join([_line(seat, move) for seat, move in moves]))
        self.stream.flush()

    def _write(self, record: dict[str, Any]) -> None:
        self.stream.write(json.dumps(record) + "\n")
        self.stream.flush()


def _line(seat: int, move: Move) -> str:
    key = (seat, move.kind, move.tile, move.tiles)
    line = _LINES.get(key)
    if line is None:  # a game has a few hundred distinct moves: each is encoded once
        line = _LINES[key] = json.dumps({"seat": seat, "move": move.to_dict()}) + "\n"
    return line


class LogRead(NamedTuple):
    """What a log holds: its ``header``, the ``moves`` read, and why reading ``stopped`` early
    (naming the file's line), or None when every line was read."""

    header: dict[str, Any]
    moves: list[tuple[int, Move]]
    stopped: str | None


def open_log(path: str | os.PathLike[str]) -> IO[str]:
    """A log file opened for :func:`read_partial`: bytes that are not UTF-8 (a disk's damage)
    read as surrogate escapes, which no move's JSON takes, so the moves end at that line
    rather than the whole file being refused."""
    return open(path, encoding="utf-8", errors="surrogateescape")


def read_partial(stream: IO[str]) -> LogRead:
    """The header and the moves up to the first line that is not a move.

    Raises ``ValueError`` only when the first line is not an mjsim header: a log cut short or
    damaged further on keeps what comes before, and ``stopped`` names the line.
    """
    text = stream.read().removeprefix("\ufeff")  # a byte-order mark reads as none
    numbered = [(number, line) for number, line in enumerate(text.splitlines(), 1)
                if line.strip()]
    try:
        # The json module, not orjson: a seed that is not UTF-8 is written as surrogate
        # escapes ("\\udcff"), which orjson refuses.
        first = numbered[0][1] if numbered else ""
        first.encode()  # raises for bytes that were not UTF-8 (open_log's surrogate escapes)
        header = json.loads(first) if first else {}
    except (json.JSONDecodeError, RecursionError, UnicodeEncodeError):
        header = {}
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise ValueError("not an mjsim game log (its first line names no mjsim format)")
    players = header.get("players")
    if not (isinstance(header.get("seed"), str) and isinstance(header.get("ruleset"), str)
            and isinstance(players, list) and len(players) == 4):
        raise ValueError("a damaged game log: its first line needs a seed, a ruleset and four "
                         "players")
    hand = header.get("hand_no", 1)
    if isinstance(hand, bool) or not isinstance(hand, int) or not 1 <= hand <= HANDS:
        raise ValueError(f"a damaged game log: its hand_no is 1-{HANDS}, not {hand!r}")
    moves: list[tuple[int, Move]] = []
    for number, line in numbered[1:]:
        try:
            record = orjson.loads(line)
            moves.append((_seat(record), Move.from_dict(record["move"])))
        except (json.JSONDecodeError, KeyError, TypeError, AttributeError):
            return LogRead(header, moves, f"line {number} is cut short or damaged")
        except ValueError as error:  # a move kind, seat or tile that is none
            return LogRead(header, moves, f"line {number} is damaged: {error}")
        bad = _off_the_table(moves[-1][1])
        if bad is not None:
            return LogRead(header, moves[:-1], f"line {number} is damaged: {bad}")
    return LogRead(header, moves, None)


def _seat(record: dict[str, Any]) -> int:
    seat = record["seat"]
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < 4:
        raise ValueError(f"seat {seat!r} is not 0-3")
    return seat


def _off_the_table(move: Move) -> str | None:
    """Why a logged move names a tile no move can name (a kind outside the playing tiles, or a
    chow not of three), or None: the engine would index its tables with it."""
    tiles = (() if move.tile is None else (move.tile,)) + (move.tiles or ())
    outside = next((tile for tile in tiles if not 0 <= tile < N_PLAYING), None)
    if outside is not None:
        return f"tile {outside} is no playing tile (0-{N_PLAYING - 1})"
    if move.tiles is not None and len(move.tiles) != 3:  # a chow is three
        return f"a chow of {len(move.tiles)} tiles"
    return None


def read(stream: IO[str]) -> tuple[dict[str, Any], list[tuple[int, Move]]]:
    """The header and the moves of a log; raises ``ValueError`` for a file that is not one, or
    one damaged anywhere (:func:`read_partial` keeps what comes before the damage)."""
    header, moves, stopped = read_partial(stream)
    if stopped is not None:
        raise ValueError(f"a damaged game log: {stopped}")
    return header, moves


def start(header: Mapping[str, Any]) -> Rules:
    """The fresh game a log's header describes (its seed's surrogate escapes are the bytes
    they stand for: :func:`~mjsim.tiles.wall.seed_bytes`). Raises ``TypeError`` for a header
    that is no dict, ``ValueError`` naming the field it lacks (a seed or a ruleset), and the
    game's own errors for a field that is wrong.

    >>> start({"seed": "x"})
    Traceback (most recent call last):
    ValueError: a game log's header has no ruleset (it needs a seed and a ruleset)
    """
    if not isinstance(header, Mapping):  # None, a list: "not subscriptable" said nothing
        raise TypeError(f"a game log's header is a dict, not {clipped(repr(header), 40)}")
    missing = [field for field in ("seed", "ruleset") if field not in header]
    if missing:  # was a bare KeyError: 'seed'
        raise ValueError(f"a game log's header has no {' and no '.join(missing)} (it needs a "
                         "seed and a ruleset)")
    return Rules(header["seed"], header["ruleset"],
                 table=header.get("table", "mcr"), walltiles=header.get("walltiles"),
                 prevalent=header.get("prevalent"), hand_no=header.get("hand_no", 1))


def replay(header: dict[str, Any], moves: Sequence[tuple[int, Move]]
           ) -> Iterator[tuple[int | None, Move | None, list[Event], Rules]]:
    """Play the logged moves on a fresh game: first the deal's events (seat and move None), then
    each move with the events it caused. Raises ``ValueError`` at a move the rules refuse."""
    game = start(header)
    yield None, None, game.take_outcomes(), game
    for number, (seat, move) in enumerate(moves, 1):
        outcome = game.apply(seat, move)
        if not outcome:
            raise ValueError(f"move {number} ({move!r} by seat {seat}) is refused: {outcome}")
        yield seat, move, game.take_outcomes(), game
