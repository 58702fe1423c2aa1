"""What every command shares: the two errors a command raises, its parser, the argument types
and the files it reads and writes. Loads no layer heavier than the notation's grammar."""

from __future__ import annotations

import argparse
import errno
import hashlib
import math
import os
import re
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from mjsim.errors import NotationError, clipped, printable, whole
from mjsim.scoring.elements import RULESETS
from mjsim.tiles.kinds import N_PLAYING
from mjsim.tiles.tokens import parse  # the notation's grammar, without Hand

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

    from mjsim.tiles.hand import Hand

    Commands = argparse._SubParsersAction[argparse.ArgumentParser]
    Run = Callable[[argparse.Namespace], str]

LEVELS = (1, 2, 3, 4)
"""The rungs (:data:`mjsim.players.rungs.LEVELS`, written here so that ``--help`` loads no
player; a test holds the two equal)."""

WINDS = "ESWN"

NOT_IN_A_NAME = re.compile(r"[^\w.-]")
"""What a seed may hold that a file's name may not (a ``/`` would place the file elsewhere)."""
SEED_IN_A_NAME = 40
"""The most characters of a seed a default name holds (a name is at most 255 bytes): a longer
seed is cut, and a short hash of the whole tells such seeds apart."""


class UsageError(Exception):
    """Input a person typed that cannot be used; its message is printed as one line."""


class RunStopped(Exception):
    """A run stopped by a player that fouls hand after hand (what was written stays, and the
    same command resumes the run once the player is fixed), or a Botzone bot given a request it
    cannot read; printed as one line, status 1."""


class Interrupted(KeyboardInterrupt):
    """Ctrl-C in a command that kept something worth naming: ``kept`` says what and where,
    after ``interrupted;`` on the one line."""

    def __init__(self, kept: str) -> None:
        super().__init__(kept)
        self.kept = kept


class OneLineParser(argparse.ArgumentParser):
    """Reports a bad argument in one line (``--help`` shows the usage) and exits 2.

    ``notes``, when given, makes the last lines of the help, and is called only when the help is
    shown: a help that names what a heavy layer holds loads that layer then, not at every start.
    """

    def __init__(self, *args: Any, notes: Callable[[], str] | None = None, **kwargs: Any) -> None:
        # No abbreviations: table's --schedule was read as --scheduler (the option is --format),
        # and an option added later would change what a script's abbreviation means.
        kwargs["allow_abbrev"] = False
        super().__init__(*args, **kwargs)
        self.notes = notes
        self.register("type", int, _whole_number)  # what type=int converts with, here

    def format_help(self) -> str:
        text = super().format_help()
        return text if self.notes is None else f"{text}\n{self.notes()}\n"

    def error(self, message: str) -> None:  # type: ignore[override]
        # escaped: argparse quotes an unrecognized argument as typed, a newline in it too
        self.exit(2, f"{self.prog}: {printable(message)} (see {self.prog} --help)\n")

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        """The help and the version as argparse prints them, but a write that fails reaches
        :func:`mjsim.ui.cli.main`, which says so: argparse dropped it (``--help >/dev/full``
        ended with status 0). A refusal goes to stderr as argparse sends it."""
        if file is not sys.stdout or not message:
            super()._print_message(message, file)
            return
        print(message, end="", flush=True)


def _whole_number(text: str) -> int:
    """``int(text)``, and a number too long for Python's ``int()`` refused as such: argparse
    called 5,000 nines "invalid int value", and printed them all."""
    try:
        return int(text)
    except ValueError:
        if not text.strip().lstrip("+-").isdigit():
            raise
        raise argparse.ArgumentTypeError(
            f"a whole number of at most {sys.get_int_max_str_digits():,} digits, not "
            f"{clipped(text, 40)!r}") from None


def add_command(commands: Commands, name: str, run: Run, *, help: str, epilog: str,
                description: str | None = None,
                notes: Callable[[], str] | None = None) -> argparse.ArgumentParser:
    """The sub-parser of command ``name``, which ``run`` carries out; ``epilog`` holds its
    examples, one ``mjsim ...`` line each (the tests run them)."""
    parser = commands.add_parser(name, help=help, description=description, epilog=epilog,
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 notes=notes)
    parser.set_defaults(run=run, command_parser=parser)  # the parser its refusals name
    return parser


def add_ruleset(parser: argparse.ArgumentParser, default: str | None = "green-book",
                help: str | None = None) -> None:
    parser.add_argument("--ruleset", choices=RULESETS, default=default, help=help)


def wind(text: str) -> int:
    letter = text.strip().upper()[:1]
    if len(text.strip()) != 1 or letter not in WINDS:
        raise argparse.ArgumentTypeError(f"a wind is one of E S W N, not {text!r}")
    return WINDS.index(letter)


def add_winds(parser: argparse.ArgumentParser, whose: str = "the") -> None:
    """``--seat`` and ``--prevalent``, winds, both east by default."""
    parser.add_argument("--seat", type=wind, default=0, help=f"{whose} seat wind (E)")
    parser.add_argument("--prevalent", type=wind, default=0, help="the prevalent wind (E)")


POINTS_RANGE = (0.01, 100.0)
"""The points a hand that ``--delta``, ``--plan`` and ``--sd`` may take: a plan outside it needs
fewer than two walls or more than any run could play. They are in hundredths, as the plan and
the tests' verdicts print them."""


def points(text: str) -> float:
    low, high = POINTS_RANGE
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    # in hundredths: --delta 0.015 was tested as given and printed as 'adds at least 0.01'
    if not low <= value <= high or round(value, 2) != value:  # NaN too
        raise argparse.ArgumentTypeError(f"points a hand are a number from {low:g} to "
                                         f"{high:g} in hundredths, not {text!r}")
    return value


def check_bounds(args: argparse.Namespace, bounds: dict[str, tuple[int, int | None]]) -> None:
    """Refuses, naming the option and its value, a whole-number option given outside its
    bounds (``bounds`` maps each option's key to its least and most)."""
    for key, (least, most) in bounds.items():
        value = getattr(args, key)
        if value is not None:
            try:
                whole(value, f"--{key.replace('_', '-')}", least, most)
            except ValueError as error:
                raise UsageError(str(error)) from None


def refuse_unread(args: argparse.Namespace, parser: argparse.ArgumentParser,
                  unread: Iterable[str], why: str) -> None:
    """Refuses, in one line, the first option of ``unread`` (their keys) given a value other
    than its default, as ``why: no --option``: what a mode of a command leaves unread was
    silently ignored (``price --plan 0.5 --walls 400`` planned as if the walls were not
    given)."""
    for key in unread:
        if getattr(args, key) != parser.get_default(key):
            parser.error(f"{why}: no --{key.replace('_', '-')}")


def given_path(text: str) -> str:
    """A path argument as typed; refuses an empty one (``Path("")`` would be the folder here)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("a path, not an empty string")
    return text


def tile(text: str) -> int:
    try:
        kinds = parse(text)
    except NotationError as error:
        raise argparse.ArgumentTypeError(error.reason) from None
    if len(kinds) != 1 or kinds[0] >= N_PLAYING:
        raise argparse.ArgumentTypeError(f"one playing tile such as 5p or E, not {text!r}")
    return kinds[0]


def parse_hand(text: str) -> Hand:
    from mjsim.tiles.hand import Hand

    try:
        return Hand.parse(text)
    except NotationError as error:
        raise UsageError(str(error)) from None


def new_file(path: Path, force: bool, flag: str) -> IO[str]:
    """``path`` (given by ``flag``) opened for writing; one line (status 2) for a file that
    exists (without ``force``), a folder that does not, or a place that cannot be written."""
    if path.is_dir():  # first: --force overwrites no folder
        raise UsageError(f"{path} is a folder, not a file")
    if path.exists() and not force:
        raise UsageError(f"{path} exists: pass --force to overwrite it, or {flag} another file")
    try:
        return path.open("w")
    except OSError as error:
        raise UsageError(f"cannot write {path}: {error.strerror}") from None


def overwrites(out: Path, source: Path, verb: str) -> str | None:
    """Why a command that reads ``source`` (what it does to it: ``verb``) may not write ``out``,
    even with --force: ``out`` is that file (a hard link too) or lies in that folder, so the
    writing would destroy what is read. None when it is neither."""
    if resolved(out) == resolved(source) or (
            out.exists() and source.exists() and out.samefile(source)):
        return f"{out} is the log {verb}: write it elsewhere"
    if resolved(source) in resolved(out).parents:
        return f"{out} is inside {source}, which is {verb}: write it elsewhere"
    return None


def resolved(path: Path) -> Path:
    """``path`` made absolute, its links followed; one line (status 2) for links that loop,
    where Python raises a RuntimeError."""
    try:
        return path.resolve()
    except (OSError, RuntimeError):
        raise UsageError(f"cannot follow {path}: {os.strerror(errno.ELOOP)}") from None


def writable_folder(folder: Path) -> Path:
    """``folder``, made if missing; one line (status 2) when it is a file, cannot be made or
    cannot be written."""
    if folder.exists() and not folder.is_dir():  # /dev/null is no file: a device
        raise UsageError(f"{folder} is a file, not a folder" if folder.is_file()
                         else f"{folder} is not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise UsageError(f"cannot make the folder {folder}: {error.strerror}") from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise UsageError(f"cannot write in {folder}: permission denied")
    return folder


def folder_to_make(folder: Path) -> Path:
    """``folder`` checked as :func:`writable_folder` checks it, but left for the command to make
    once its arguments are accepted: a refused command leaves no folder."""
    try:
        nearest = next(path for path in (folder, *folder.parents) if path.exists())
    except OSError as error:  # a name longer than the system takes
        raise UsageError(f"cannot make the folder {folder}: {error.strerror}") from None
    if nearest == folder:
        return writable_folder(folder)
    if not nearest.is_dir():
        raise UsageError(f"cannot make the folder {folder}: {nearest} is a file")
    if not os.access(nearest, os.W_OK | os.X_OK):
        raise UsageError(f"cannot make the folder {folder}: cannot write in {nearest}")
    return folder


def read(load: Callable[[], Any], source: Path) -> Any:
    """What ``load`` reads from ``source``, with its failure in one line (a game played again
    from a run's folder may meet a player's own bug, or its fouls: status 1)."""
    from mjsim.players.driver import PlayerError, TooManyFouls

    try:
        return load()
    except (PlayerError, TooManyFouls) as error:
        raise RunStopped(" | ".join(str(error).splitlines())) from None
    except OSError as error:  # the name clipped: one too long for the system may be pages
        raise UsageError(f"cannot read {clipped(str(source), 60)}: {error.strerror}") from None
    except ValueError as error:
        raise UsageError(f"{source}: {error}") from None


def seed_in_a_name(seed: str) -> str:
    """``seed`` as a part of a default file or folder name (:data:`SEED_IN_A_NAME`): what a
    name cannot hold replaced by ``_`` (the seed names walls, not a place).

    >>> seed_in_a_name("a/b"), seed_in_a_name("s" * 300)
    ('a_b', 'sssssssssssssssssssssssssssssss-2955c732')
    """
    name = NOT_IN_A_NAME.sub("_", seed)
    if len(name) <= SEED_IN_A_NAME:
        return name
    digest = hashlib.sha256(seed.encode("utf-8", "surrogatepass")).hexdigest()[:8]
    return f"{name[:SEED_IN_A_NAME - 9]}-{digest}"
