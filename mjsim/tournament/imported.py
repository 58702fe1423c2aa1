"""The folder an import writes: each agreed game's log, and its tables as a run's.

Layout::

    OUT/import.json                    what was imported: the format, the files, the summary
    OUT/games/g000001-ID.jsonl         each agreed game as an mjsim game log (mjsim replay,
                                       --html, mjsim review take it; its header keeps the wall)
    OUT/tables/{seats,hands,fans}/b000000.parquet   the run tables of mjsim.tournament.records,
                                       a batch of games a file

:class:`ImportFolder` writes it game by game, holding one batch of rows at a time, so an import
of any size runs in flat memory; :class:`~mjsim.tournament.store.RunFolder` reads its tables.
"""

from __future__ import annotations

import io
import json
import os
import re
from pathlib import Path
from typing import Any

from mjsim.game.formats.check import RULESET, Replayed, table_options
from mjsim.game.gamelog import GameLog
from mjsim.tournament.records import GameRecords, records_of
from mjsim.tournament.store import IMPORT_MANIFEST as MANIFEST
from mjsim.tournament.store import RunFolder, encode_batch

__all__ = ["BATCH_GAMES", "MANIFEST", "ImportFolder", "log_text"]

BATCH_GAMES = 2000
"""Games a table file holds."""
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def log_text(replayed: Replayed, source: dict[str, Any]) -> str:
    """The game log of an agreed game: its header names the wall it was played on, the
    prevalent wind (or an MCR hand's number) and ``source``; the moves are the ones the replay
    played."""
    game = replayed.game
    buffer = io.StringIO()
    log = GameLog(buffer, seed=game.id.encode(), ruleset=RULESET, players=game.players,
                  walltiles=replayed.walltiles, source=source, **table_options(game))
    log.moves(replayed.moves)
    return buffer.getvalue()


class ImportFolder:
    """Writes an import into ``path`` (made if missing; refused if it holds anything but an
    earlier import, which is replaced)."""

    def __init__(self, path: str | os.PathLike[str], form: str) -> None:
        self.path = Path(path)
        if self.path.exists() and any(self.path.iterdir()) and not (
                self.path / MANIFEST).is_file():
            raise ValueError(f"{self.path} holds files that are not an import; choose an empty "
                             "or new --out")
        self.games = self.path / "games"
        self.games.mkdir(parents=True, exist_ok=True)
        for old in self.games.glob("g*.jsonl"):
            old.unlink()
        tables = self.path / "tables"
        for old_table in tables.glob("*/b*.parquet"):
            old_table.unlink()
        self.form = form
        # Marks the folder as an import from the start: one stopped half-way is replaced by
        # the same command run again, like an import that finished.
        self._write_manifest({"finished": False})
        self.run = RunFolder(self.path)
        self.records = GameRecords()
        self.count = 0
        self.batch = 0

    def add(self, replayed: Replayed, file: str) -> None:
        """Write one agreed game: its log, and its rows for the tables."""
        self.count += 1
        game = replayed.game
        name = f"g{self.count:06d}-{_UNSAFE.sub('_', game.id)[:60]}.jsonl"
        source = {"format": self.form, "id": game.id, "file": file, "line": game.line}
        _write_new(os.path.join(self.games, name), log_text(replayed, source).encode())
        self.records.extend(records_of(replayed.rules, _lineup(game.players)))
        if self.count % BATCH_GAMES == 0:
            self._flush()

    def close(self, summary: dict[str, Any], files: list[str]) -> None:
        """Write the last batch and the folder's ``import.json``."""
        if self.records.seats:
            self._flush()
        self._write_manifest({"finished": True, "files": files, "summary": summary,
                              "games": self.count})

    def _write_manifest(self, facts: dict[str, Any]) -> None:
        manifest = {"format": "mjsim-import/1", "source_format": self.form, **facts}
        (self.path / MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n")

    def _flush(self) -> None:
        self.run.write_encoded(self.batch, encode_batch(self.records))
        self.batch += 1
        self.records = GameRecords()


def _write_new(path: str, data: bytes) -> None:
    """Write ``data`` as the file ``path`` with the system's calls: a game's log is written
    whole at once, and a buffered text file (``open``, ``Path.write_text``) costs more to set up
    and close than the write itself."""
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
    try:
        view = memoryview(data)
        while view:  # a write may take less than it is given
            view = view[os.write(descriptor, view):]
    finally:
        os.close(descriptor)


def _lineup(players: tuple[str, ...]) -> tuple[str, str, str, str]:
    first, second, third, fourth = players
    return first, second, third, fourth
