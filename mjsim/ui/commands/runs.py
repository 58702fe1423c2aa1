"""What the commands that make a run folder share (``ladder``, ``price``, ``table``,
``resume``): their options, the options checked and handed to the experiment, and what is
printed at the end."""

from __future__ import annotations

import argparse
import hashlib
import os
import secrets
import shlex
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mjsim.errors import printable
from mjsim.ui.commands.base import (
    RunStopped,
    UsageError,
    add_ruleset,
    folder_to_make,
    given_path,
    seed_in_a_name,
)

if TYPE_CHECKING:
    from mjsim.game.settings import Limits
    from mjsim.tournament import Report, Roster



def add_experiment_options(parser: argparse.ArgumentParser, walls: int,
                           walls_said: str | None = None) -> None:
    """The options of a command that makes a run folder; ``walls_said`` is the help's word for
    a default of ``--walls`` that depends on other options."""
    parser.add_argument("--walls", type=int, default=walls,
                        help=f"wall seeds (default {walls_said or walls})")
    seeds = parser.add_mutually_exclusive_group()
    seeds.add_argument("--seed", default="mjsim", help="the run's seed (default mjsim)")
    seeds.add_argument("--fresh-seed", action="store_true",
                       help="a seed drawn at random, kept only in the run folder's manifest: "
                            "one a program seat cannot guess (see README)")
    parser.add_argument("--out", type=given_path,
                        help="the run folder (default runs/<command>-<seed>-<walls>, or "
                             "runs/<command>-fresh-<its hash>-<walls>); an unfinished run in "
                             "it is resumed")
    add_ruleset(parser)
    parser.add_argument("--table", choices=("mcr", "botzone"), default="mcr",
                        help="mcr: sixteen-hand games (default); botzone: Botzone's table, "
                             "one hand a game")
    parser.add_argument("--penalty", type=int, default=10,
                        help="what a foul costs, to each other seat (default 10)")
    parser.add_argument("--max-fouls", type=int, default=3,
                        help="fouls in a row by one player, across games, that stop the run "
                             "(default 3)")
    # The defaults are mjsim.game.settings' (a test holds them), written out so that --help
    # imports no layer.
    for name, unit, what, default in (
            ("time", "SECONDS", "seconds an answer", "6, Botzone's for Python"),
            ("memory", "MIB", "MiB of address space a process", "256, Botzone's"),
            ("cpu", "SECONDS", "seconds of CPU a process", "60")):
        parser.add_argument(f"--{name}-limit", metavar=unit,
                            help=f"what a program seat may take, {what} "
                                 f"(default: the spec's own, else {default}; see README)")
    parser.add_argument("--sandbox", action="store_true", default=None,
                        help="run every program seat in a sandbox that hides the run folder "
                             "and mjsim's processes from it (needs bubblewrap; see README)")
    parser.add_argument("--player", action="append", default=[], metavar="NAME=SPEC",
                        help="name a player spec (one holding spaces or commas, such as a "
                             "program's command line) to use NAME in a lineup; repeatable")
    add_parallel_options(parser)


def add_parallel_options(parser: argparse.ArgumentParser) -> None:
    """The workers' options, and the mark of a command whose run the same command resumes
    (interrupted, ``mjsim`` says so)."""
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--backend", choices=("loky", "dask", "sequential"), default="loky")
    parser.add_argument("--scheduler", help="a Dask scheduler address, with --backend dask")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.set_defaults(resumable=True)


def max_jobs() -> int:
    """The most worker processes a run may ask for: games use a core each, so workers beyond the
    cores only cost memory (a loky worker holds about 100 MB); four a core leaves room for
    workers that wait on a program seat's answers."""
    return 4 * (os.cpu_count() or 1)


def parallel(args: argparse.Namespace) -> dict[str, Any]:
    if not 1 <= args.jobs <= max_jobs():
        raise UsageError(f"--jobs is from 1 to {max_jobs()} (four a core), not {args.jobs}")
    if args.scheduler is not None and args.backend != "dask":
        raise UsageError("--scheduler is a Dask scheduler's address: it needs --backend dask")
    if args.backend == "dask" and not args.scheduler:  # refused here, before a folder is made
        raise UsageError("the dask backend needs --scheduler ADDRESS (e.g. tcp://host:8786)")
    return {"n_jobs": args.jobs, "backend": args.backend, "scheduler": args.scheduler,
            "quiet": args.quiet}


def run_options(args: argparse.Namespace) -> dict[str, Any]:
    """The experiment's keyword arguments, checked; starts the workers (call it first)."""
    # here, so that --help loads no layer
    from mjsim.tournament.runner import MAX_PENALTY
    from mjsim.tournament.schedule import MAX_WALLS

    if not 2 <= args.walls <= MAX_WALLS:
        raise UsageError(f"--walls is from 2 (an interval needs two) to {MAX_WALLS:,}, "
                         f"not {args.walls}")
    if not 0 <= args.penalty <= MAX_PENALTY:
        raise UsageError(f"--penalty is from 0 to {MAX_PENALTY:,}, not {args.penalty}")
    if args.max_fouls < 1:
        raise UsageError(f"--max-fouls is at least 1, not {args.max_fouls}")
    if args.fresh_seed:
        args.seed = secrets.token_hex(16)  # 128 bits: past trying every seed
    options = {**parallel(args), "ruleset": args.ruleset, "table": args.table,
               "penalty": args.penalty, "max_fouls": args.max_fouls, "limits": _limits(args),
               "walls": args.walls, "seed": args.seed, "roster": roster_of(args.player)}
    if args.backend == "loky":  # the arguments are good: the workers start while we load
        from mjsim.tournament.runner import start_workers

        start_workers(min(args.jobs, args.walls))  # a worker plays a wall at a time
    return options


def _limits(args: argparse.Namespace) -> Limits:
    """The program seats' limits the options set (the others: their defaults)."""
    from mjsim.game.settings import Limits

    limits = Limits()
    for name in limits.options():
        value = getattr(args, name)
        try:
            limits = limits.overridden({name: value} if value is not None else {})
        except ValueError as error:
            raise UsageError(f"--{name.replace('_', '-')}: {error}") from None
    return limits


def roster_of(definitions: Sequence[str]) -> Roster:
    """The roster the ``--player NAME=SPEC`` options define."""
    from mjsim.tournament import Roster

    roster = Roster()
    for definition in definitions:
        name, equals, spec = definition.partition("=")
        if not equals:
            raise UsageError(f"--player takes NAME=SPEC, not {definition!r}")
        try:
            roster.define(name.strip(), spec)
        except ValueError as error:
            raise UsageError(str(error)) from None
    return roster


def refuse_unplayed(roster: Roster, entries: Iterable[str], where: str) -> None:
    """Refuses a ``--player`` name of ``roster`` that none of ``entries`` plays (as itself or
    with ideas off): a run whose lineup left it out (a typo, a seat forgotten) was played
    without it, and said nothing."""
    played = {entry.strip().split("-")[0] for entry in entries}
    for name in roster.definitions:
        if name not in played:
            raise UsageError(f"--player names {name!r}, which nothing plays: name it {where}")


def out(args: argparse.Namespace, name: str) -> Path:
    """The run folder: ``--out``, or one named by the command, the seed (what a name cannot
    hold replaced by ``_``: the seed names the run's walls, not a place) and the walls. Checked
    here, but made by the run once its arguments are accepted: a refused run leaves no folder."""
    seed = f"fresh-{_hashed(args.seed)}" if args.fresh_seed else seed_in_a_name(args.seed)
    folder = Path(args.out or f"runs/{name}-{seed}-{args.walls}")
    if args.fresh_seed:  # the same command would draw another seed: another run
        args.resumed_by = resumed_by(folder)
    return folder_to_make(utf8_named(folder))


def utf8_named(folder: Path) -> Path:
    """``folder``, refused in one line unless its name is UTF-8 text (bytes that are not reach
    Python as surrogate escapes): the run's tables are written by pyarrow, which takes no other
    name, and the refusal was its "'utf-8' codec can't encode character '\\udcff'", once the
    folder and the manifest were made."""
    try:
        str(folder).encode("utf-8")
    except UnicodeEncodeError:
        raise UsageError(f"{printable(folder)}: a run folder's name is UTF-8 text (its tables' "
                         "writer takes no other): give another") from None
    return folder


def resumed_by(folder: Path) -> Callable[[], str | None]:
    """What resumes a fresh seed's run in ``folder``, once its manifest is written (before, a
    stop leaves nothing to resume, and ``mjsim resume`` would call it no run folder)."""
    from mjsim.tournament.store import MANIFEST

    manifest = folder / MANIFEST
    return lambda: shlex.join(["mjsim", "resume", str(folder)]) if manifest.is_file() else None


def _hashed(seed: str) -> str:
    """A fresh seed's mark in a folder's name: its hash, not itself, as a program seat in a
    sandbox sees the names of the folders above its own."""
    return hashlib.sha256(seed.encode()).hexdigest()[:8]


def finish(report: Report) -> str:
    """The run's prices and standings (already written as CSV), after its figures: a figure
    that fails is reported in one line on stderr and keeps none of the rest from being shown."""
    from mjsim.tournament.text import format_competition, format_estimates, format_standings
    from mjsim.ui import plots

    try:
        plots.save_report(report)
    except Exception as error:  # noqa: BLE001 - the tables and standings stand without it
        problem = str(error).splitlines()[0] if str(error) else ""
        print(f"mjsim: the figures in {report.out} were not drawn ({type(error).__name__}: "
              f"{problem}); the tables and standings are written", file=sys.stderr)
    parts = []
    if not report.estimates.empty:
        parts.append(format_estimates(report.estimates))
    if not report.standings.empty:
        parts.append(format_standings(report.standings, report.contrasts))
    if not report.competition.empty:
        parts.append(format_competition(report.competition))
    finished = " (finished before: nothing was left to play)" if not report.played else ""
    parts.append(f"results: {report.out}{finished}")
    return "\n\n".join(parts)


def experiment(run: Callable[[], Report]) -> str:
    """What ``run`` reports, printed (:func:`finish`), with its refusals and a player's
    failures in one line."""
    from mjsim.players.driver import PlayerError, TooManyFouls

    try:
        report = run()
    except ValueError as error:  # the experiments raise ValueError for what a person typed
        raise UsageError(str(error)) from None
    except TooManyFouls as error:  # a player the user brought keeps failing: say how, once
        raise RunStopped("stopped: " + " | ".join(str(error).splitlines())) from None
    except PlayerError as error:  # a player's own bug: one line, its traceback kept
        raise RunStopped(f"stopped: {error}") from None
    return finish(report)
