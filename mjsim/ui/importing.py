"""``mjsim import`` and ``mjsim export``: the field's games in and out.

``import`` streams each file's games through the check (:mod:`mjsim.game.formats.imports`),
prints one line for each game refused or disagreeing, and writes the agreed ones to ``--out``
(:mod:`mjsim.tournament.imported`); ``export`` writes game logs or an import's games in a
format of the field.
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from mjsim.errors import counted, printable
from mjsim.files import written_whole
from mjsim.ui.commands.base import overwrites, resolved, writable_folder

FORMS = ("contest-text", "botzone-log")


class BadInput(ValueError):
    """Arguments that cannot be used: ``mjsim.ui.cli`` prints the message as one line, status 2
    (this module is imported by the command line, so it raises its own error, not the CLI's)."""


def cmd_import(args: argparse.Namespace) -> str:
    from mjsim.game.formats.check import Replayed
    from mjsim.game.formats.imports import Summary, outcomes

    for path in args.files:
        if not Path(path).is_file():
            raise BadInput(f"{path} is not a file")
    named = [resolved(Path(path)) for path in args.files]
    twice = next((path for path, name in zip(args.files, named) if named.count(name) > 1), None)
    if twice is not None:  # its games would be counted, and written, twice
        raise BadInput(f"{twice} is given twice: give each file once")
    folder = None
    if args.out:
        # Only the folder's tables need pandas, which takes longer to import than a check-only
        # import of 1,000 games takes to run.
        from mjsim.tournament.imported import MANIFEST, ImportFolder

        if _finished_import(Path(args.out) / MANIFEST) and not args.force:
            raise BadInput(f"{args.out} holds an earlier import: pass --force to replace it, or "
                           "--out another folder")
        try:
            folder = ImportFolder(writable_folder(Path(args.out)), args.format)
        except (OSError, ValueError) as error:
            raise BadInput(str(error)) from None
    summary = Summary()
    with _progress(args.files, args.quiet) as advance, _few_collections():
        for path in args.files:  # file by file: each kept game's log names the file it is from
            for outcome in outcomes([path], args.format):
                summary.add(outcome)
                advance()
                if isinstance(outcome, Replayed):
                    if folder is not None:
                        folder.add(outcome, str(path))
                else:
                    # the game's ID and words are the file's: escaped, the line stays one
                    print(f"{'refused' if isinstance(outcome, ValueError) else 'disagreed'}: "
                          f"{printable(outcome)}", file=sys.stderr)
    if folder is not None:
        folder.close(summary.to_dict(), [str(path) for path in args.files])
    if args.json:
        return json.dumps(summary.to_dict())
    where = f"; games and tables in {args.out}" if args.out else ""
    return summary.text() + where


def _finished_import(manifest: Path) -> bool:
    """Whether ``manifest`` is a finished import's: one stopped half-way is replaced by the same
    command run again (docs/formats.md), and one that cannot be read is kept as finished."""
    if not manifest.is_file():
        return False
    try:
        facts = json.loads(manifest.read_bytes())
    except (OSError, ValueError):
        return True
    return not isinstance(facts, dict) or facts.get("finished") is not False


@contextmanager
def _few_collections() -> Iterator[None]:
    """The cyclic garbage collector seldom, and never over what is loaded by now: a game's
    containers (a Botzone match decodes to thousands) are freed by their counts, and collecting
    every 700 of them, each full collection walking all the modules' objects too, was some 6%
    of the instructions a Botzone match took."""
    thresholds = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(20_000, *thresholds[1:])
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        gc.unfreeze()


@contextmanager
def _progress(files: list[str], quiet: bool) -> Iterator[Callable[[], None]]:
    """A callable counting games: a rich progress bar on stderr when it is a terminal (stdout
    keeps the counts alone, for --json), else nothing."""
    if quiet or not sys.stderr.isatty():
        yield lambda: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    columns = (TextColumn("{task.description}"), BarColumn(),
               TextColumn("{task.completed:,} games"), TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task(f"importing {counted(len(files), 'file')}", total=None)
        yield lambda: progress.advance(task)


def cmd_export(args: argparse.Namespace) -> str:
    source = Path(args.source)
    if args.force and args.out is None:  # it would be ignored: standard output is no file
        raise BadInput("--force overwrites the --out file: give --out FILE, or leave --force out")
    if not source.exists():  # not "holds no game logs", as if it were an empty folder
        raise BadInput(f"{source}: no such file or folder")
    if args.out is not None:
        _check_target(Path(args.out), source, args.force)
    is_run = (source / "manifest.json").is_file()
    if args.trust and not is_run:  # logs are read, not played again: it would be ignored
        raise BadInput("--trust plays again the games of a run made elsewhere: give a run "
                       "folder, or leave --trust out")
    games = _run_games(source, args.trust) if is_run else [
        (str(log), _log_reader(log)) for log in _logs(source)]
    if not games:
        raise BadInput(f"{args.source} holds no game logs (a log, an import's --out folder, "
                       "a folder of logs or a run folder)")
    with _output(args.out) as out:
        done = _export(games, args.format, out)
        if not done.written:  # the context leaves --out as it was; one line says why
            raise BadInput(f"nothing could be written as {args.format}: {done.refused_words()}"
                           f" (the first: {done.refusals[0]})"
                           + ("" if args.out is None else f"; {args.out} not written"))
    for refusal in done.refusals:  # the export went on: each refusal in a line of its own
        print(f"refused: {refusal}", file=sys.stderr)
    # What is counted is what was written: a match a hand in Botzone's logs, a one-hand game of
    # Botzone's table in the contest text.
    noun = ("match", "matches") if args.format == "botzone-log" else ("game", "games")
    return "" if args.out is None else (
        f"exported {done.written:,} {noun[done.written != 1]} to {args.out}"
        + (f"; {done.refused_words()}" if done.refusals else ""))


def _check_target(out: Path, source: Path, force: bool) -> None:
    """Refuses an --out that is a folder or no file at all (a device or a pipe: the file
    written beside it would take its place, /dev/null's too), that lies in what is exported
    (the export would write over the games it reads), or that exists, unless ``force``."""
    if out.is_dir():
        raise BadInput(f"cannot write {out}: Is a directory")
    if out.exists() and not out.is_file():
        raise BadInput(f"cannot write {out}: it is no regular file (a device or a pipe), which "
                       "the export would replace; leave out --out to write to standard output")
    clash = overwrites(out, source, "exported")
    if clash is not None:
        raise BadInput(clash)
    if out.exists() and not force:
        raise BadInput(f"{out} exists: pass --force to overwrite it, or --out another file")


@dataclass
class _Exported:
    """What an export wrote: the matches or games ``written``, and each refusal in words, of a
    whole game (a log that could not be read or replayed: ``games`` of them) or of a hand."""

    written: int = 0
    games: int = 0
    refusals: list[str] = field(default_factory=list)

    def refused_words(self) -> str:
        """The refusals counted: "16 hands refused", "1 game and 2 hands refused"."""
        hands = len(self.refusals) - self.games
        parts = [counted(count, noun) for count, noun in ((self.games, "game"), (hands, "hand"))
                 if count]
        return " and ".join(parts) + " refused"


def _export(games: list[tuple[str, _Loader]], form: str, out: IO[str]) -> _Exported:
    """Write each hand of ``games`` (a game of the MCR table is sixteen: one a match) to
    ``out``; a log that cannot be read or a hand that cannot be written is kept as a refusal,
    for the command to say in a line each, or in one when nothing could be written."""
    from mjsim.game.formats import botzone_log, contest
    from mjsim.game.formats.events import games_of

    writer = contest.write if form == "contest-text" else botzone_log.write
    done = _Exported()
    for name, load in games:
        try:
            header, moves = load()
            hands = games_of(header, moves, _game_id(header, Path(name)))
        except (OSError, ValueError) as error:
            done.refusals.append(f"{name}: {error}")
            done.games += 1
            continue
        for game in hands:
            try:
                out.write(writer(game))
                done.written += 1
            except ValueError as error:
                done.refusals.append(f"{name}: {game.id}: {error}")
    return done


_Loader = Callable[[], tuple[dict[str, Any], list[tuple[int, Any]]]]


def _log_reader(log: Path) -> _Loader:
    from mjsim.game.gamelog import open_log, read

    def load() -> tuple[dict[str, Any], list[tuple[int, Any]]]:
        # as replay reads it: bytes that are not UTF-8 are a damaged line, not Python's words
        with open_log(log) as stream:
            return read(stream)
    return load


def _run_games(folder: Path, trust: bool) -> list[tuple[str, _Loader]]:
    """Each game of a run folder, played again from its seed and lineup when it is read."""
    from mjsim.game.formats.events import unscored
    from mjsim.ui import replay

    try:
        games = replay.run_games(folder)
        why = unscored(replay.run_manifest(folder).get("ruleset"))
    except (OSError, ValueError) as error:
        raise BadInput(str(error)) from None
    if why is not None:
        raise BadInput(f"{folder}: {why}")

    def loader(number: int) -> _Loader:
        def load() -> tuple[dict[str, Any], list[tuple[int, Any]]]:
            read = replay.regenerate_log(folder, number, trust=trust)
            return read.header, read.moves
        return load
    return [(f"{folder} game {number}", loader(number)) for number in range(len(games))]


def _logs(source: Path) -> list[Path]:
    if source.is_file():
        return [source]
    folder = source / "games" if (source / "games").is_dir() else source
    return sorted(folder.glob("*.jsonl")) if folder.is_dir() else []


def _game_id(header: dict[str, object], log: Path) -> str:
    origin = header.get("source")
    if isinstance(origin, dict) and isinstance(origin.get("id"), str):
        return str(origin["id"])
    return str(header.get("seed") or log.stem)


@contextmanager
def _output(out: str | None) -> Iterator[IO[str]]:
    """Standard output, or a file beside ``out`` that takes its place once the body ends
    without an error: a stopped or failed export leaves ``out`` as it was."""
    if out is None:
        yield sys.stdout
        return
    with written_whole(out) as temporary:
        try:
            stream = temporary.open("w")
        except OSError as error:
            # the system's reason is the temporary file's (in /proc "No such file"): name it
            raise BadInput(f"cannot write {out}: cannot make {temporary} (written first, then "
                           f"renamed): {error.strerror}") from None
        with stream:
            yield stream
