"""A run folder: the manifest, the tables written batch by batch, and what a resumed run skips.

Layout::

    RUN/manifest.json              arguments, seeds, lineups, ruleset, version, git hash,
                                   the players' specs and what they resolve to, its origin
    RUN/tables/seats/b000012.parquet   one file per batch and table (hands/, fans/ alike)
    RUN/summary.csv, RUN/*.png     written by the command that made the run
    RUN/programs/bB-gG/seatN/      a program seat's working folder, with its stderr.log

Every file is written to a temporary name and renamed into place (:mod:`mjsim.files`), so a
file that exists is whole. A batch counts as done once its ``seats`` file exists, which is
written last; a resumed run plays only the batches that are not done, and the tables it loads
are sorted, so they equal those of a run that was never interrupted.

A batch file damaged after it was written (unreadable, of another table, or holding another
batch's games) is found from its footer alone (:func:`batch_footer`): a resumed or extended run
plays that batch again, which loses nothing (its games are a function of its seeds), and reading
the table refuses it, naming the file.
"""

from __future__ import annotations

import fcntl
import json
import os
import re
import socket
import subprocess
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NamedTuple

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

from mjsim.errors import clipped
from mjsim.files import temporary_name, written_whole
from mjsim.game.settings import Limits
from mjsim.tournament.records import COLUMNS, TABLES, GameRecords

MANIFEST = "manifest.json"
IMPORT_MANIFEST = "import.json"
"""What marks an import's folder (:mod:`.imported`), whose tables are laid out as a run's."""
BATCH_FILE = re.compile(r"b(\d{6}|[1-9]\d{6,})\.parquet")
"""The name :meth:`RunFolder._file` gives a batch's file (six digits at least), its number
the group: ``b1.parquet`` or ``backup.parquet`` names no batch."""
SCAN_BATCHES = 256
"""Batches :meth:`RunFolder.scan` reads at a time: a few thousand rows, whatever the run's size."""
# The order that makes a loaded table independent of which batch finished first.
SORT_KEYS = {
    "seats": ["seed", "lineup", "seat"],
    "hands": ["seed", "lineup", "hand_no", "seat"],
    "fans": ["seed", "lineup", "hand_no", "number"],
}


class RunFolder:
    """The folder of one run."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = run_path(path)

    @contextmanager
    def held(self) -> Iterator[None]:
        """The folder (made if missing) held by this run while it writes: a second run on it
        meanwhile, such as two ``mjsim resume`` of one folder at once, raises ``ValueError``
        rather than write the same manifest and batch files under the first. The hold is a
        lock on the folder itself, so it leaves no file, and ends with the process however it
        ends; a file system that cannot lock holds nothing."""
        try:
            self.path.mkdir(parents=True, exist_ok=True)
            descriptor = os.open(self.path, os.O_RDONLY)
        except OSError as error:  # a place no one can write in, such as /proc
            raise ValueError(f"cannot make the folder {self.path}: {error.strerror}") from None
        try:
            try:
                fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise ValueError(f"{self.path} is in use by another run of mjsim (the same "
                                 "command or a resume of it): let that one end") from None
            except OSError:  # no locks here (some network file systems): held by none
                pass
            yield
        finally:
            os.close(descriptor)  # which releases the lock

    def start(self, manifest: dict[str, Any]) -> list[int]:
        """Write the manifest of a new run, or check it against the one already there; returns
        the sizes (batches) at which the run was finished and read before it was extended.

        A run asked for more batches than the folder's, the folder's being the first of them,
        is extended: its games are kept and the manifest grows (a finished run's size becomes a
        look, since its results were read). Raises ``ValueError`` saying what differs when the
        folder holds a different run: resuming it with other arguments would mix two
        experiments in one set of tables.
        """
        existing = self.manifest()
        if existing is None:
            self._refuse_other_files()
            try:
                self.path.mkdir(parents=True, exist_ok=True)
            except OSError as error:  # a place no one can write in, such as /proc
                raise ValueError(f"cannot make the folder {self.path}: {error.strerror}") from None
            _write_manifest(self.path / MANIFEST, manifest)
            return []
        if "batches" not in existing:  # a dataset's or an import's manifest
            what = existing.get("format", "another manifest")
            raise ValueError(f"{self.path} holds no run but {what} (its {MANIFEST}); a run "
                             "needs a folder of its own")
        looks: list[int] = list(existing.get("looks", []))
        old, new = _comparable(existing), _comparable(manifest)
        if old == new:
            return looks
        difference = _difference(old, new)
        if difference:
            # What the user typed differently says it best (the command, or the seed, the
            # ideas, the lineup): another command's arguments differ in every name.
            kind = existing.get("kind")
            typed = (f"it is a {kind} run, not a {manifest.get('kind')}"
                     if kind != manifest.get("kind")
                     else _difference(_typed(existing), _typed(manifest)))
            raise ValueError(f"{self.path} holds a different run ({typed or difference}); a "
                             "new run needs a folder of its own")
        played = len(old["batches"])
        if set(range(played)) <= self.done():
            looks.append(played)
        _write_manifest(self.path / MANIFEST, {**manifest, "looks": looks})
        return looks

    def _refuse_other_files(self) -> None:
        """Raise ``ValueError`` for a folder that holds files but no run (an import's, or any
        other): a new run would write its tables and summaries among them, over an import's."""
        try:
            # A manifest's temporary alone is a start cut short (killed while writing it).
            held = {entry.name for entry in self.path.iterdir()} - {temporary_name(MANIFEST)}
        except FileNotFoundError:
            return
        except OSError as error:  # not a folder, or one that cannot be listed
            raise ValueError(f"cannot use {self.path} as a run folder: {error.strerror}") from None
        if IMPORT_MANIFEST in held:
            raise ValueError(f"{self.path} holds no run but an import (its {IMPORT_MANIFEST}); "
                             "a run needs a folder of its own")
        if held:
            raise ValueError(f"{self.path} holds files but no run (no {MANIFEST}); a run needs a "
                             "new or empty folder of its own")

    def manifest(self) -> dict[str, Any] | None:
        """The folder's manifest, or None when it has none; raises ``ValueError`` for one that
        cannot be read or is not a JSON object (damaged, or not an mjsim manifest)."""
        path = self.path / MANIFEST
        try:
            # utf-8-sig drops a byte-order mark (a manifest saved by an editor), as JSON refuses it
            manifest: Any = json.loads(path.read_text(encoding="utf-8-sig"))
        except FileNotFoundError:
            return None
        except OSError as error:  # a name too long, a folder named manifest.json, ...
            raise ValueError(f"cannot read {path}: {error.strerror}") from None
        # json reads nested arrays by recursion: an array 100,000 deep exceeds it
        except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as error:
            raise ValueError(f"{path} is damaged: it does not read as JSON ({error})") from None
        if not isinstance(manifest, dict):
            raise ValueError(f"{path} is damaged: it holds no JSON object")  # noqa: TRY004
        return manifest

    def done(self) -> set[int]:
        """The batches already written whole: the seats files named as :meth:`_file` names
        them (another file there, such as a copy named ``backup.parquet``, is none)."""
        folder = self.path / "tables" / "seats"
        if not folder.is_dir():
            return set()
        return {int(match[1]) for path in folder.glob("b*.parquet")
                if (match := BATCH_FILE.fullmatch(path.name))}

    def damaged(self, batches: Sequence[Sequence[Sequence[str]]]) -> dict[int, str]:
        """The done batches among ``batches`` (each a list of [seed, lineup] games) with a file
        missing or damaged (:func:`batch_footer`), and what is wrong, naming the file. Raises
        ``ValueError`` for what a run would have to delete to write its batches: a file where a
        folder belongs, or a folder where a batch file belongs."""
        for folder in [self.path / "tables", *(self.path / "tables" / t for t in TABLES)]:
            if folder.exists() and not folder.is_dir():
                raise ValueError(f"{folder} is a file where the run keeps a folder; move it away")
        problems = {}
        for batch in sorted(self.done() & set(range(len(batches)))):
            for table in TABLES:
                path = self._file(table, batch)
                if path.exists() and not path.is_file():
                    raise ValueError(f"{path} is not a file; move it away")
                footer = batch_footer(path, table, batches[batch])
                if isinstance(footer, str):
                    problems[batch] = f"{path} {footer}"
                    break
        return problems

    def _file(self, table: str, batch: int) -> Path:
        return self.path / "tables" / table / f"b{batch:06d}.parquet"

    def _games(self) -> list[Any] | None:
        """The [seed, lineup] games of each batch the manifest lists (None for a folder whose
        manifest lists none, such as an import's)."""
        batches = (self.manifest() or {}).get("batches")
        return batches if isinstance(batches, list) else None

    def write_encoded(self, batch: int, files: Mapping[str, bytes]) -> None:
        """Write a batch's tables as :func:`encode_batch` made them, the ``seats`` file last."""
        for table in (*[t for t in TABLES if t != "seats"], "seats"):
            folder = self.path / "tables" / table
            folder.mkdir(parents=True, exist_ok=True)
            target = folder / f"b{batch:06d}.parquet"
            with _naming(target), written_whole(target) as temporary:
                temporary.write_bytes(files[table])

    def tables(self, played: int = 0) -> Tables:
        """Every table of the run, each loaded when first read; ``played``: the batches the
        run that returns them played (:attr:`Tables.played`)."""
        return Tables(self, played)

    def load(self, table: str, columns: Iterable[str] | None = None) -> pd.DataFrame:
        """One table of the run (only ``columns``, if given), from every finished batch, in a
        canonical order."""
        names = self._columns(table, columns)
        frames = list(self.scan(table, columns))
        if not frames:
            return pd.DataFrame(columns=names)
        frame = frames[0] if len(frames) == 1 else pd.concat(frames, ignore_index=True)
        return frame.sort_values([key for key in SORT_KEYS[table] if key in names],
                                 kind="stable", ignore_index=True)

    def scan(self, table: str, columns: Iterable[str] | None = None,
             batches: int | None = None) -> Iterator[pd.DataFrame]:
        """One table of the run (only ``columns``, if given) a few finished ``batches`` at a
        time (:data:`SCAN_BATCHES` by default), in the order they were numbered: what an
        analysis that sums per wall reads, so that it holds those batches' rows and its sums,
        never the whole table. A batch's rows are all in one frame (each game's seats
        together); batches without rows give none. Raises ``FileNotFoundError`` for a folder
        that does not exist (a misspelled path would read as a run with no games)."""
        names = self._columns(table, columns)
        if not self.path.is_dir():
            raise FileNotFoundError(f"{self.path} is no run folder: there is no such folder")
        games = self._games()
        # A file numbered past the batches the manifest lists is no batch of this run.
        done = sorted(batch for batch in self.done() if games is None or batch < len(games))
        batches = batches or SCAN_BATCHES
        for start in range(0, len(done), batches):
            footers = {}
            for batch in done[start:start + batches]:
                path = self._file(table, batch)
                footer = batch_footer(path, table, None if games is None or batch >= len(
                    games) else games[batch])
                if isinstance(footer, str):
                    raise ValueError(  # noqa: TRY004 - a damaged file, not a wrong type
                        f"{path} {footer}: mjsim resume {self.path} plays its batch again")
                footers[path] = footer
            frame = _read(footers, names, whole=columns is None)
            if frame is not None:
                yield frame

    def extent(self) -> Extent:
        """How much the run holds: its walls (distinct seeds), games and rulesets, counted a
        few batches at a time (a game is played and written in one batch)."""
        seeds: set[str] = set()
        rulesets: set[str] = set()
        games = 0
        for frame in self.scan("seats", ["seed", "lineup", "ruleset"]):
            seeds.update(frame["seed"].unique())
            rulesets.update(frame["ruleset"].unique())
            games += len(frame[["seed", "lineup"]].drop_duplicates())
        return Extent(len(seeds), games, tuple(sorted(rulesets)))

    def _columns(self, table: str, columns: Iterable[str] | None) -> list[str]:
        if table not in TABLES:
            raise ValueError(f"no table {table!r}; the tables are {', '.join(TABLES)}")
        names = list(COLUMNS[table] if columns is None else columns)
        unknown = [name for name in names if name not in COLUMNS[table]]
        if unknown:
            raise ValueError(f"the {table} table has no column {', '.join(unknown)}")
        return names


def run_path(out: object) -> Path:
    """``out``, the path of a run folder; else a ``TypeError`` or ``ValueError`` naming it
    (``""`` reads as the current folder, which a run would fill with its tables)."""
    if not isinstance(out, str | os.PathLike):
        raise TypeError(f"out, a run folder, is a path, not {clipped(repr(out), 40)}")
    if not os.fspath(out):
        raise ValueError("out, a run folder, is a path, not ''")
    return Path(out)


class Extent(NamedTuple):
    """The walls, games and rulesets of a run (:meth:`RunFolder.extent`)."""

    walls: int
    games: int
    rulesets: tuple[str, ...]


class Tables(Mapping[str, pd.DataFrame]):
    """A run's tables by name, each read from disk when first asked for: pricing reads only the
    per-seat table, so a long run's per-hand tables never have to fit in memory."""

    def __init__(self, folder: RunFolder, played: int = 0) -> None:
        self._folder = folder
        self._loaded: dict[str, pd.DataFrame] = {}
        self.played = played
        """The batches (walls) the run that returned these tables played: 0 when the folder
        held them all already, a finished run asked again."""

    def __getitem__(self, table: str) -> pd.DataFrame:
        if table not in self._loaded:
            self._loaded[table] = self._folder.load(table)
        return self._loaded[table]

    def __iter__(self) -> Iterator[str]:
        return iter(TABLES)

    def extent(self) -> Extent:
        """The run's walls, games and rulesets (:meth:`RunFolder.extent`), read batch-wise."""
        return self._folder.extent()

    def __len__(self) -> int:
        return len(TABLES)


def batch_footer(path: Path, table: str,
                 games: Sequence[Sequence[str]] | None) -> pq.FileMetaData | str:
    """The parquet footer of ``path``, a batch file of ``table`` for the [seed, lineup]
    ``games`` (None: not checked), or what is wrong with the file, in words (a footer is
    handed on so that the file's reader does not parse it again). Checks the footer: its columns,
    its rows (four a game in ``seats``) and each row group's least and greatest seed and lineup,
    which must be among the batch's (a file copied from another batch holds other seeds)."""
    try:
        metadata = pq.read_metadata(path)
        names = set(metadata.schema.names)
    except FileNotFoundError:
        return "is missing"
    except (OSError, pa.ArrowException) as error:
        return f"is damaged ({str(error).splitlines()[0]})"
    if not set(SORT_KEYS[table]) <= names <= set(COLUMNS[table]):
        return f"is damaged (its columns are not the {table} table's)"
    if games is None:
        return metadata
    if table == "seats" and metadata.num_rows != 4 * len(games):
        return f"is damaged ({metadata.num_rows} seats for {len(games)} games)"
    for column, index in (("seed", 0), ("lineup", 1)):
        expected = {game[index] for game in games}
        position = metadata.schema.names.index(column)
        for group in range(metadata.num_row_groups):
            statistics = metadata.row_group(group).column(position).statistics
            if statistics is None or not statistics.has_min_max:  # read what it holds
                found = set(pq.read_table(path, columns=[column])[column].to_pylist())
            else:
                found = {statistics.min, statistics.max}
            if not found <= expected:
                return (f"is damaged (it holds games of {column} "
                        f"{min(found - expected)}, which are another batch's)")
    return metadata


def _read(footers: Mapping[Path, pq.FileMetaData], columns: list[str],
          whole: bool) -> pd.DataFrame | None:
    """The ``columns`` of some files of one table, given with their footers (``whole``: all its
    columns), as one frame, ``None`` when they hold no rows. Each file is read as arrow and the
    whole converted to pandas once, as pandas' own reader converts a file (a frame a file,
    concatenated, held a long run's table several times over in thousands of small frames).
    Files whose columns differ in type (a column with no value in a batch has none) or lack some
    (a folder made before they were recorded) are read a frame a file and concatenated, as
    pandas aligns them; files with no rows (a batch with no win writes an empty fans file) are
    left out."""
    tables: list[pa.Table] = []
    full: list[Path] = []
    aligned = True
    for path, footer in footers.items():
        with pq.ParquetFile(path, metadata=footer) as file:
            if not file.metadata.num_rows:
                continue
            full.append(path)
            aligned = aligned and set(columns) <= set(file.schema_arrow.names)
            if aligned:
                tables.append(file.read(columns=columns, use_threads=False))
    if not full:
        return None
    if not aligned or any(not table.schema.equals(tables[0].schema) for table in tables):
        frame = pd.concat([pd.read_parquet(path) for path in full], ignore_index=True)
        return frame if whole else frame.reindex(columns=columns)
    read: pd.DataFrame = pa.concat_tables(tables).to_pandas()
    return read


def encode_batch(records: GameRecords) -> dict[str, bytes]:
    """Each table of a batch as the bytes of its parquet file. A worker encodes the batch it
    played, so the one process that writes the run folder only writes files (it would otherwise
    build and encode every batch's frames itself, about a fifteenth of the playing time, while
    the workers wait for cores), and a cluster's workers send kilobytes of parquet, not rows."""
    files = {}
    for table in TABLES:
        # Column by column into arrow, as pandas would type them (a frame built from the row
        # dicts first cost three times as much: an import encodes the rows of every game).
        rows = getattr(records, table)
        columns = {name: [row[name] for row in rows] for name in COLUMNS[table]}
        buffer = pa.BufferOutputStream()
        pq.write_table(pa.table(columns), buffer)
        files[table] = buffer.getvalue().to_pybytes()
    return files


def git_hash() -> str | None:
    """The commit of the package's checkout, when it is one."""
    try:
        result = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True,
                                cwd=Path(__file__).resolve().parent, timeout=5, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    return result.stdout.strip() or None if result.returncode == 0 else None


def origin(folder: Path) -> dict[str, str]:
    """Where a run folder was made: the machine and the folder's absolute path. A run resumed
    from its manifest alone runs the code its specs name only where it was made, unless told."""
    return {"host": socket.gethostname(), "folder": str(folder.resolve())}


def _comparable(manifest: dict[str, Any]) -> dict[str, Any]:
    """What must match for a run to be resumed: not the version, the commit or what the players
    resolve to (each may move), nor where it was made, nor its earlier looks."""
    comparable = {key: value for key, value in manifest.items()
                  if key not in ("version", "git", "arguments", "players", "origin", "looks")}
    # A run made before the limits (or one of them, such as the sandbox) were recorded held
    # the default ones; and a limit is compared as the run reads it (a sandbox of "yes" is
    # True, a time limit of "6" is 6.0), or its own resume called it a different run.
    limits = comparable.get("limits", {})
    if isinstance(limits, dict):
        limits = Limits().options() | {name: _limit(name, value) for name, value in limits.items()}
    comparable["limits"] = limits
    return comparable


def _limit(name: str, value: Any) -> Any:
    """A manifest's limit as a run reads it, or as it is written when no run can (damaged)."""
    try:
        return Limits(**{name: value}).options()[name]
    except (TypeError, ValueError):
        return value


def _typed(manifest: dict[str, Any]) -> dict[str, Any]:
    """The arguments a run was asked for that name it (all but its size), under their own
    names: an extended run differs in its walls alone."""
    arguments = manifest.get("arguments", {})
    return {key: value for key, value in arguments.items() if key != "walls"}


_WORDS = {"definitions": "players named by --player"}
"""The manifest's keys a difference names in the words of the command line."""

_PLURAL = frozenset({"definitions", "ideas", "limits", "rungs", "shadows"})
"""The keys that name several things: "its ideas are ..."."""


def _difference(old: dict[str, Any], new: dict[str, Any]) -> str:
    """What keeps ``new`` from being ``old`` or an extension of it, in words; empty if nothing.

    >>> _difference({"ruleset": "a", "batches": [1]}, {"ruleset": "b", "batches": [1, 2]})
    "its ruleset is 'a', not 'b'"
    >>> _difference({"ideas": ["a"], "batches": [1]}, {"ideas": ["b"], "batches": [1]})
    "its ideas are ['a'], not ['b']"
    >>> _difference({"batches": [1, 2]}, {"batches": [1]})
    'it has 2 walls, more than the 1 asked for'
    """
    for key in sorted((set(old) | set(new)) - {"batches"}):
        was, asked = old.get(key), new.get(key)
        if was != asked:
            if isinstance(was, dict) and isinstance(asked, dict):  # only what differs: a
                was, asked = _apart(was, asked), _apart(asked, was)  # clipped whole hid it
            verb = "are" if key in _PLURAL else "is"
            return f"its {_WORDS.get(key, key)} {verb} {_shown(was)}, not {_shown(asked)}"
    before, after = old.get("batches", []), new.get("batches", [])
    if len(after) < len(before):
        return f"it has {len(before)} walls, more than the {len(after)} asked for"
    if after[:len(before)] != before:
        return "its walls or lineups differ"
    return ""


def _apart(mapping: dict[str, Any], other: dict[str, Any]) -> dict[str, Any]:
    """The entries of ``mapping`` that ``other`` lacks or holds otherwise.

    >>> _apart({"time_limit": 6.0, "cpu_limit": 60.0}, {"time_limit": 3.0, "cpu_limit": 60.0})
    {'time_limit': 6.0}
    """
    return {key: value for key, value in mapping.items()
            if key not in other or other[key] != value}


def _shown(value: object) -> str:
    """A manifest's value in a one-line message: quoted and escaped (a seed may hold a newline),
    and clipped (or a lineup of long specs)."""
    return clipped(repr(value), 60)


def _write_manifest(path: Path, manifest: dict[str, Any]) -> None:
    """Write a manifest to a temporary name and rename it into place. It is written as it is
    encoded: a long run's manifest lists tens of thousands of games, whose text built whole
    (and its pieces first) took more memory than the games' own analysis."""
    # A value JSON cannot hold, a full disk, Ctrl-C: no part is left.
    with _naming(path), written_whole(path) as temporary, temporary.open("w") as file:
        json.dump(manifest, file, indent=2, sort_keys=True)


@contextmanager
def _naming(path: Path) -> Iterator[None]:
    """An OSError of writing ``path`` that names no file (a full disk's: the system names a
    file only when it opens one) raised naming it, so the one line a command prints says which
    file could not be written."""
    try:
        yield
    except OSError as error:
        if error.filename is not None or error.errno is None:
            raise
        raise OSError(error.errno, error.strerror, str(path)) from error
