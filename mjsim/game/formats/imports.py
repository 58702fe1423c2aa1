"""Import files of the field's games: read each game, replay and check it, count the verdicts.

:func:`outcomes` is a generator over every game of the files given, in order, each a
:class:`~mjsim.game.formats.check.Replayed` game, a
:class:`~mjsim.game.formats.check.Disagreement` or a
:class:`~mjsim.game.formats.record.Refused` one; it holds one game at a time.
:class:`Summary` counts them as ``mjsim import`` reports them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, NamedTuple

from mjsim.game.formats import botzone_log, contest
from mjsim.game.formats.check import Disagreement, Replayed, check
from mjsim.game.formats.record import Game, Refused

__all__ = ["FORMATS", "Format", "Outcome", "Summary", "outcomes"]

Outcome = Replayed | Disagreement | Refused


def _text(path: str | Path) -> IO[Any]:
    """A contest file, as text with what is not UTF-8 replaced (and the byte-order mark some
    editors write first dropped)."""
    return open(path, encoding="utf-8-sig", errors="replace")


def _match_lines(path: str | Path) -> IO[Any]:
    """A file of match logs, as bytes, which orjson decodes itself (a line with bytes that are
    not UTF-8 is refused as not JSON), through a buffer of 1 MiB (a match's line is 30-200 KB,
    read through the default 8 KiB in a dozen calls: 23 µs a line against 6)."""
    return open(path, "rb", buffering=1 << 20)


class Format(NamedTuple):
    """A format's reader, and how its files are opened for it."""

    read: Callable[[IO[Any]], Iterator[Game | Refused]]
    open: Callable[[str | Path], IO[Any]]


FORMATS = {
    "contest-text": Format(contest.read, _text),
    "botzone-log": Format(botzone_log.read, _match_lines),
}
"""Each format's reader."""


def outcomes(paths: Iterable[str | Path], form: str) -> Iterator[Outcome]:
    """Every game of ``paths`` (read as ``form``, one of :data:`FORMATS`), checked. Raises
    ``OSError`` for a file that cannot be read and ``KeyError`` for an unknown format."""
    reader = FORMATS[form]
    for path in paths:
        with reader.open(path) as stream:
            for game in reader.read(stream):
                yield game if isinstance(game, Refused) else check(game)


@dataclass
class Summary:
    """The counts of an import: games ``read``, ``agreed``, ``disagreed`` by kind, ``refused``
    as malformed."""

    read: int = 0
    agreed: int = 0
    disagreed: Counter[str] = field(default_factory=Counter)
    refused: int = 0

    def add(self, outcome: Outcome) -> None:
        self.read += 1
        if isinstance(outcome, Refused):
            self.refused += 1
        elif isinstance(outcome, Disagreement):
            self.disagreed[outcome.kind] += 1
        else:
            self.agreed += 1

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``{"read": N, "agreed": N, "disagreed": {KIND: N}, "refused": N}``."""
        return {"read": self.read, "agreed": self.agreed,
                "disagreed": dict(sorted(self.disagreed.items())), "refused": self.refused}

    def text(self) -> str:
        kinds = ", ".join(f"{kind} {n}" for kind, n in sorted(self.disagreed.items()))
        disagreed = sum(self.disagreed.values())
        return (f"read {self.read}, agreed {self.agreed}, disagreed {disagreed}"
                f"{f' ({kinds})' if kinds else ''}, refused {self.refused}")
