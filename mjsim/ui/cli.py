"""The ``mjsim`` command line: the commands' registry, ``main`` and what every command's
failures print.

Every command has ``--help`` with an example. Bad input prints one line naming the problem and
exits with status 2; no traceback reaches a person. A command is one module of
:mod:`mjsim.ui.commands` (its parser and its ``cmd_NAME``), listed in :data:`COMMANDS`.

Each command imports the layers it uses when it runs, so that ``mjsim --help`` and a mistyped
argument answer at once instead of loading numpy, the shanten tables, the engine and pandas.
"""

from __future__ import annotations

import argparse
import errno
import io
import os
import re
import sys
from collections.abc import Sequence
from typing import NoReturn

from mjsim.errors import clipped, printable
from mjsim.ui.commands import (
    botzone,
    dataset,
    export,
    import_,
    ladder,
    play,
    price,
    replay,
    resume,
    review,
    score,
    shanten,
    table,
    train,
)
from mjsim.ui.commands.base import Interrupted, OneLineParser, RunStopped, UsageError

__all__ = ["COMMANDS", "INTERRUPTED", "RunStopped", "UsageError", "build_parser", "main",
           "program"]

INTERRUPTED = 130
"""The exit status of a command stopped by Ctrl-C (128 + SIGINT, as a shell reports it)."""

COMMANDS = (shanten, score, play, replay, review, ladder, price, table, resume, botzone, dataset,
            import_, export, train)
"""The commands' modules, in the order ``mjsim --help`` lists them; each adds its sub-parser."""


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog="mjsim", description="Chinese Official Mahjong: analyse, score and simulate.")
    parser.add_argument("--version", action="version", version=f"mjsim {_version()}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in COMMANDS:
        command.add(commands)
    return parser


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("mjsim")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown"


_DASHED_TILES = re.compile(r"^-[0-9]+[mpsz]")


def _single_dash(word: str) -> bool:
    """Whether ``word`` looks like a one-dash option, which no command has (-h aside); a
    negative number is a value."""
    if not word.startswith("-") or word.startswith("--") or word in ("-", "-h"):
        return False
    try:
        float(word)
    except ValueError:
        return True
    return False


def program(argv: Sequence[str] | None = None) -> NoReturn:
    """The ``mjsim`` program: exits with :func:`main`'s status, except that after a Ctrl-C
    (status 130) it ends as an interrupted program should, by SIGINT, once Python has shut down
    cleanly. A shell reports that as 130 too, but it also stops a loop of commands, which a
    plain status 130 would not: a shell goes on unless its child died of the signal."""
    status = main(argv)
    if status != INTERRUPTED:
        sys.exit(status)
    # CPython ends by SIGINT after a KeyboardInterrupt left unhandled; its one line is printed
    sys.excepthook = _silent
    raise KeyboardInterrupt


def _silent(*_: object) -> None:
    """No traceback for the interrupt that :func:`program` re-raises to end the process."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; returns the exit status (0 done, 1 a run stopped, 2 bad input, 130
    interrupted). :func:`program` is the command line's entry, which ends an interrupted
    command by SIGINT."""
    _closed_streams()
    try:
        return _command(argv)
    except KeyboardInterrupt:  # before the command began: its parser was being built
        print("mjsim: interrupted", file=sys.stderr)
        return INTERRUPTED
    except BrokenPipeError:  # --help into a reader that stopped reading: no error
        _drop_stdout()
        return 0
    except OSError as error:  # --help or --version into a full or closed stdout
        _drop_stdout()
        print(f"mjsim: stopped: {error.strerror or error}", file=sys.stderr)
        return 1


class _ClosedOutput(io.TextIOBase):
    """Standard output that the shell closed (``>&-``): Python makes it None, which print()
    writes nothing to and a command's ``.write`` met as an AttributeError traceback. A write
    fails as the system's write to a closed descriptor does: one line, status 1."""

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, "standard output is closed")


def _closed_streams() -> None:
    """The standard streams that the shell closed (``<&-``, ``>&-``, ``2>&-``), which Python
    makes None, replaced: input reads as at its end (a game ends, a judge gets no request),
    output as :class:`_ClosedOutput`, and the errors go nowhere (print(file=None) wrote them on
    standard output, and a run met None.isatty() before its first game)."""
    for descriptor in range(3):
        _kept_open(descriptor)
    if sys.stdin is None:
        sys.stdin = open(os.devnull)  # noqa: SIM115 - the process's own, until it ends
    if sys.stdout is None:
        sys.stdout = _ClosedOutput()
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w")  # noqa: SIM115 - the process's own, until it ends


def _kept_open(descriptor: int) -> None:
    """A standard descriptor the shell closed, opened on the null device: else the first file
    the command opens takes its number, and a worker or a program seat started then writes its
    output into that file."""
    try:
        os.fstat(descriptor)
    except OSError:
        null = os.open(os.devnull, os.O_RDWR)
        if null != descriptor:
            os.dup2(null, descriptor)
            os.close(null)


def _command(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    arguments = sys.argv[1:] if argv is None else list(argv)
    options = arguments[:arguments.index("--")] if "--" in arguments else arguments
    stray = next((word for word in options if _single_dash(word)), None)
    if stray is not None:  # argparse would name a missing argument instead
        _named_by(parser, options[:options.index(stray)]).error(f"{stray!r} is not an option: " + (
            f"write tiles without a dash, as {stray[1:]!r}" if _DASHED_TILES.match(stray)
            else "mjsim's options are --words, and a value that starts with - follows --"))
    args, unknown = parser.parse_known_args(arguments)
    if unknown:  # argparse said "mjsim: unrecognized ..." of the command's own arguments too
        before = arguments[:arguments.index(args.command)]  # mjsim's own, before the command
        named = parser if unknown[0] in before else args.command_parser
        named.error(f"unrecognized arguments: {' '.join(unknown)}")
    if hasattr(args, "check"):  # what argparse cannot say alone: still one line, status 2
        args.check(args)
    try:
        output = args.run(args)
        if output:
            print(output, flush=True)
    except UsageError as error:  # its words may quote a file's: escaped, it stays one line
        print(f"mjsim {args.command}: {printable(error)}", file=sys.stderr)
        return 2
    except RunStopped as error:
        print(f"mjsim {args.command}: {printable(error)}", file=sys.stderr)
        return 1
    except KeyboardInterrupt as stop:
        kept = f"; {stop.kept}" if isinstance(stop, Interrupted) else _resumes(args)
        print(f"mjsim {args.command}: interrupted{kept}", file=sys.stderr)
        return INTERRUPTED
    except BrokenPipeError:  # a reader such as head stopped reading: that is no error
        _drop_stdout()
        return 0
    except OSError as error:  # the system's refusal mid-command: a full disk or stdout
        _drop_stdout()
        if error.errno == errno.ENAMETOOLONG:  # a path typed (or made of one): bad input
            path = "a path" if error.filename is None else clipped(printable(error.filename), 60)
            print(f"mjsim {args.command}: cannot use {path}: {error.strerror}", file=sys.stderr)
            return 2
        named = f": {error.filename}" if error.filename else ""
        print(f"mjsim {args.command}: stopped: {error.strerror or error}{named}{_resumes(args)}",
              file=sys.stderr)
        return 1
    return 0


def _named_by(parser: argparse.ArgumentParser, before: Sequence[str]) -> argparse.ArgumentParser:
    """The parser whose refusal names a word: the command's once its name comes ``before`` it
    (mjsim's own words are options alone, so the first command name is the command)."""
    commands = next(action.choices for action in parser._actions
                    if isinstance(action, argparse._SubParsersAction))
    return next((commands[word] for word in before if word in commands), parser)


def _resumes(args: argparse.Namespace) -> str:
    """How a run folder's command (runs.add_parallel_options marks it) goes on after a stop."""
    # runs.out says when not the same command (a fresh seed's run: once it is written)
    command = getattr(args, "resumed_by", lambda: None)() or "the same command"
    return (f"; what was written stays: run {command} to resume"
            if getattr(args, "resumable", False) else "")


def _drop_stdout() -> None:
    """Standard output sent to the null device, so that the interpreter's last flush of what
    could not be written fails quietly."""
    try:
        stdout = sys.stdout.fileno()
    except (OSError, ValueError):  # not the system's file (a test's capture): nothing to drop
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, stdout)


if __name__ == "__main__":
    program()
