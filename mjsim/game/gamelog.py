"""Game logs: a header line, then one JSON line per move (or foul); replaying one reproduces
the game.

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

A foul (:meth:`~mjsim.game.rules.Rules.foul`) is no move, but it ends the hand where it falls,
so a log keeps it there, among the moves:

>>> writer.foul(1, "WA", answer="PLAY W1")
>>> read(io.StringIO(log.getvalue()))[1][-1]
(1, LoggedFoul(reason='WA', answer='PLAY W1', penalty=10))
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import IO, Any, NamedTuple, TypeAlias

import orjson

from mjsim.errors import Error, clipped, printable, whole
from mjsim.game.events import Event
from mjsim.game.moves import Move
from mjsim.game.rules import Rules
from mjsim.game.settlement import FOUL, HANDS
from mjsim.tiles.kinds import N_PLAYING

FORMAT = "mjsim-game-log-1"
MOST_CHARS = 64 * 2**20
"""The most characters a log file may hold: a sixteen-hand game's is some 100 KB."""


@dataclass(frozen=True, slots=True)
class LoggedFoul:
    """A seat's foul as a log records it: what :meth:`~mjsim.game.rules.Rules.foul` was told.
    Raises ``TypeError`` for a reason that is no str, an answer neither a str nor None, or a
    penalty that is no whole number, and ``ValueError`` for a negative penalty: a log holds
    only what a replay can play again."""

    reason: str
    answer: str | None = None
    penalty: int = FOUL

    def __post_init__(self) -> None:
        if not isinstance(self.reason, str):
            raise TypeError(f"a foul's reason is a str (such as 'WA'), not "
                            f"{clipped(repr(self.reason), 40)}")
        if self.answer is not None and not isinstance(self.answer, str):
            raise TypeError(f"a foul's answer is a str or None, not "
                            f"{clipped(repr(self.answer), 40)}")
        object.__setattr__(self, "penalty", whole(self.penalty, "a foul's penalty", 0))

    def to_dict(self) -> dict[str, Any]:
        return {"reason": self.reason, "answer": self.answer, "penalty": self.penalty}

    @classmethod
    def from_dict(cls, data: object) -> LoggedFoul:
        """The foul a :meth:`to_dict` form describes; ``TypeError`` or ``ValueError`` naming
        what it holds wrong."""
        if not isinstance(data, Mapping):
            raise TypeError(f"a foul's form is a dict, not {type(data).__name__}")
        if "reason" not in data:
            raise ValueError(f"a foul's form names its reason: {clipped(repr(data), 60)}")
        return cls(data["reason"], data.get("answer"), data.get("penalty", FOUL))


Entry: TypeAlias = tuple[int, Move | LoggedFoul]
"""What a log's line after the header holds: a seat and its move, or its foul."""

_LINES: dict[tuple[int, str, int | None, tuple[int, ...] | None], str] = {}
"""The line of each (seat, kind, tile, tiles) logged so far: at most four seats times the moves
that exist. Keyed by the move's fields, not the move: a tuple of them hashes in C, where a Move
hashes through its dataclass's ``__hash__`` in Python (most of the cost of a line)."""


class GameLog:
    """Writes a game as it is played; each line is flushed, so a crash loses nothing.
    ``table`` is the engine's (``mcr`` or ``botzone``), recorded so a replay deals the same;
    so are the ``walltiles`` when the game was played on a wall it was given (an imported
    game), with Botzone's ``prevalent`` wind or the MCR table's ``hand_no`` (the one hand such
    a wall deals), and ``source`` says where such a game came from. ``header`` is the first
    line's record, as :func:`start` takes it."""

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
        self.header = header
        self._write(header)

    def move(self, seat: int, move: Move) -> None:
        self.stream.write(_line(seat, move))
        self.stream.flush()

    def foul(self, seat: int, reason: str, answer: str | None = None,
             penalty: int = FOUL) -> None:
        """Log ``seat``'s foul where it fell (as :meth:`~mjsim.game.rules.Rules.foul` was told
        it); raises as :class:`LoggedFoul` does, writing nothing."""
        self.stream.write(_foul_line(seat, LoggedFoul(reason, answer, penalty)))
        self.stream.flush()

    def moves(self, moves: Iterable[Entry]) -> None:
        """Log moves (and fouls) already played, in one write (an imported game's)."""
        self.stream.write("".join([_foul_line(seat, entry) if isinstance(entry, LoggedFoul)
                                   else _line(seat, entry) for seat, entry in moves]))
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


def _foul_line(seat: int, foul: LoggedFoul) -> str:
    return json.dumps({"seat": seat, "foul": foul.to_dict()}) + "\n"  # one a hand at most


class LogRead(NamedTuple):
    """What a log holds: its ``header``, the ``moves`` read (each a seat's :class:`Move` or
    :class:`LoggedFoul`), and why reading ``stopped`` early (naming the file's line), or None
    when every line was read."""

    header: dict[str, Any]
    moves: list[Entry]
    stopped: str | None


def open_log(path: str | os.PathLike[str]) -> IO[str]:
    """A log file opened for :func:`read_partial`: bytes that are not UTF-8 (a disk's damage)
    read as surrogate escapes, which no move's JSON takes, so the moves end at that line
    rather than the whole file being refused."""
    return open(path, encoding="utf-8", errors="surrogateescape")


def read_partial(stream: IO[str]) -> LogRead:
    """The header and the moves up to the first line that is not a move.

    Raises ``ValueError`` only when the first line is not an mjsim header (or the file is
    longer than any log, :data:`MOST_CHARS`): a log cut short or damaged further on keeps what
    comes before, and ``stopped`` names the line.
    """
    text = stream.read(MOST_CHARS + 1)  # not a whole disk image read into memory
    if len(text) > MOST_CHARS:
        raise ValueError(f"not an mjsim game log: longer than any ({MOST_CHARS // 2**20} MiB; "
                         "a game's log is some 100 KB)")
    text = text.removeprefix("\ufeff")  # a byte-order mark reads as none
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
        raise ValueError(_not_ours(header))
    players = header.get("players")
    if not (isinstance(header.get("seed"), str) and isinstance(header.get("ruleset"), str)
            and isinstance(players, list) and len(players) == 4):
        raise ValueError("a damaged game log: its first line needs a seed, a ruleset and four "
                         "players")
    hand = header.get("hand_no", 1)
    if isinstance(hand, bool) or not isinstance(hand, int) or not 1 <= hand <= HANDS:
        raise ValueError(f"a damaged game log: its hand_no is 1-{HANDS}, not {hand!r}")
    moves: list[Entry] = []
    for number, line in numbered[1:]:
        try:
            moves.append(_entry(_record(line)))
        except (json.JSONDecodeError, RecursionError, KeyError, TypeError, AttributeError):
            return LogRead(header, moves, f"line {number} is cut short or damaged")
        except ValueError as error:  # a move kind, seat or tile that is none
            return LogRead(header, moves, f"line {number} is damaged: {error}")
    return LogRead(header, moves, None)


def _not_ours(header: object) -> str:
    """Why a log's first line is not an mjsim header this mjsim reads."""
    named = header.get("format") if isinstance(header, dict) else None
    if isinstance(named, str) and named.startswith(FORMAT.rpartition("-")[0] + "-"):
        return (f"a game log of another version of mjsim ({clipped(printable(named), 40)}): "
                f"this one reads {FORMAT}")
    return "not an mjsim game log (its first line names no mjsim format)"


def _record(line: str) -> Any:
    try:
        return orjson.loads(line)
    except orjson.JSONDecodeError:  # a foul's answer may hold a lone surrogate, as json writes
        return json.loads(line)


def _entry(record: dict[str, Any]) -> Entry:
    seat = _seat(record)
    if "foul" in record:
        return seat, LoggedFoul.from_dict(record["foul"])
    return seat, _on_the_table(Move.from_dict(record["move"]))


def _seat(record: dict[str, Any]) -> int:
    seat = record["seat"]
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < 4:
        raise ValueError(f"seat {seat!r} is not 0-3")
    return seat


def _on_the_table(move: Move) -> Move:
    """``move``, refused (``ValueError``) when it names a tile no move can name (a kind outside
    the playing tiles, or a chow not of three): the engine would index its tables with it."""
    tiles = (() if move.tile is None else (move.tile,)) + (move.tiles or ())
    outside = next((tile for tile in tiles if not 0 <= tile < N_PLAYING), None)
    if outside is not None:
        raise ValueError(f"tile {outside} is no playing tile (0-{N_PLAYING - 1})")
    if move.tiles is not None and len(move.tiles) != 3:  # a chow is three
        raise ValueError(f"a chow of {len(move.tiles)} tiles")
    return move


def read(stream: IO[str]) -> tuple[dict[str, Any], list[Entry]]:
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


def play(game: Rules, seat: int, entry: Move | LoggedFoul) -> bool | Error:
    """Play one logged entry on ``game``: a move as :meth:`~mjsim.game.rules.Rules.apply`
    plays it, a foul as :meth:`~mjsim.game.rules.Rules.foul` ends the hand."""
    if isinstance(entry, LoggedFoul):
        return game.foul(seat, entry.reason, entry.answer, entry.penalty)
    return game.apply(seat, entry)


def replay(header: dict[str, Any], moves: Sequence[Entry]
           ) -> Iterator[tuple[int | None, Move | LoggedFoul | None, list[Event], Rules]]:
    """Play the logged moves (and fouls) on a fresh game: first the deal's events (seat and move
    None), then each with the events it caused. Raises ``ValueError`` at one the rules refuse."""
    game = start(header)
    yield None, None, game.take_outcomes(), game
    for number, (seat, move) in enumerate(moves, 1):
        outcome = play(game, seat, move)
        if not outcome:
            raise ValueError(f"move {number} ({move!r} by seat {seat}) is refused: {outcome}")
        yield seat, move, game.take_outcomes(), game
