"""The ``mjsim`` command line.

Every command has ``--help`` with an example. Bad input prints one line naming the problem and
exits with status 2; no traceback reaches a person.

Each command imports the layers it uses when it runs, so that ``mjsim --help`` and a mistyped
argument answer at once instead of loading numpy, the shanten tables, the engine and pandas.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import sys
import textwrap
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from mjsim.errors import NotationError
from mjsim.scoring.elements import RULESETS
from mjsim.tiles.kinds import N_PLAYING
from mjsim.tiles.tokens import parse, print_tiles  # the notation's grammar, without Hand

LEVELS = (1, 2, 3, 4)
"""The rungs (:data:`mjsim.players.rungs.LEVELS`, written here so that ``--help`` loads no
player; a test holds the two equal)."""

if TYPE_CHECKING:
    import pandas as pd

    from mjsim.tiles.hand import Hand
    from mjsim.tournament import Report

FORM_LABELS = {
    "regular": "regular (sets and a pair)",
    "seven_pairs": "seven pairs",
    "thirteen_orphans": "thirteen orphans",
    "honors_knitted": "honours and knitted tiles",
    "knitted_straight": "knitted straight",
}


class UsageError(Exception):
    """Input a person typed that cannot be used; its message is printed as one line."""


class RunStopped(Exception):
    """A run stopped by a player that fouls hand after hand (what was written stays, and the
    same command resumes the run once the player is fixed), or a Botzone bot given a request it
    cannot read; printed as one line, status 1."""


def _parse_hand(text: str) -> Hand:
    from mjsim.tiles.hand import Hand

    try:
        return Hand.parse(text)
    except NotationError as error:
        raise UsageError(str(error)) from None


def _describe(value: int) -> str:
    return {-1: "complete", 0: "ready"}.get(value, f"{value} away from ready")


def cmd_shanten(args: argparse.Namespace) -> str:
    from mjsim.analysis import shanten as analysis
    hand = _parse_hand(args.hand)
    melds = len(hand.melds)
    counts = hand.counts
    size = hand.concealed_count
    if size not in (13 - 3 * melds, 14 - 3 * melds):
        raise UsageError(f"with {melds} meld(s) a hand holds {13 - 3 * melds} or "
                         f"{14 - 3 * melds} concealed tiles, not {size}")
    ask = _win_asked(args)
    if args.json:
        return _shanten_json(hand, ask)
    lines = [f"hand: {hand}"]
    by_form = analysis.forms(counts, melds)
    width = max(len(label) for label in FORM_LABELS.values())
    for form, value in by_form.items():
        shown = "-" if value is None else str(value)
        lines.append(f"  {FORM_LABELS[form]:<{width}}  {shown:>2}")
    overall = analysis.shanten(counts, melds)
    lines.append(f"shanten: {overall} ({_describe(overall)})")
    # Beside the shanten, the distance to a win worth eight (as asked: the winds, by discard or
    # self-drawn): the one that decides whether a ready hand can win at all.
    from mjsim.analysis import legal
    far = legal.legal_distance(counts, hand.melds, **ask)
    shown = f"at least {far}" if far > legal.LIMIT else str(far)
    how = "self-drawn" if args.self_drawn else "on a discard"
    lines.append(f"legal distance: {shown} (counted as the shanten, to a win worth 8 {how}; "
                 f"seat {WINDS[args.seat]}, prevalent {WINDS[args.prevalent]})")
    if size == 13 - 3 * melds:
        accepted = analysis.acceptance(counts, melds)
        label = "waits" if overall == 0 else "acceptance"
        lines.append(f"{label}: {_kinds_with_copies(accepted)}")
    elif overall >= 0:
        lines.append("discards, best first (shanten after, then copies accepted):")
        ranked = sorted(analysis.discards(counts, melds), key=lambda d: (d.shanten, -d.copies))
        after = {row.tile: row.distance
                 for row in legal.legal_discards(counts, hand.melds, **ask)}
        for d in ranked:
            beyond = "+" if after[d.tile] > legal.LIMIT else " "  # 4+: at least 4
            lines.append(f"  {print_tiles([d.tile]):<3} {d.shanten:>2}  {d.copies:>3} copies  "
                         f"legal {after[d.tile]}{beyond}  {print_tiles(d.kinds)}")
    return "\n".join(lines)


def _win_asked(args: argparse.Namespace) -> dict[str, Any]:
    """The win the legal distance is measured to, as :mod:`mjsim.analysis.legal` takes it."""
    return {"seat_wind": args.seat, "prevalent_wind": args.prevalent,
            "self_drawn": args.self_drawn, "ruleset": args.ruleset}


def _shanten_json(hand: Hand, ask: dict[str, Any]) -> str:
    """What ``cmd_shanten`` prints, as JSON: the forms, the shanten, the legal distance (to the
    win ``ask`` describes; above ``legal_limit`` it reads "at least"), and the waits or
    acceptance of 13 tiles or the discards of 14 (shanten after, copies accepted, the legal
    distance after)."""
    from mjsim.analysis import legal
    from mjsim.analysis import shanten as analysis

    counts, melds = hand.counts, len(hand.melds)
    result: dict[str, Any] = {"hand": str(hand), "forms": analysis.forms(counts, melds),
                              "shanten": analysis.shanten(counts, melds),
                              "legal_distance": legal.legal_distance(counts, hand.melds, **ask),
                              "legal_limit": legal.LIMIT,
                              "seat": WINDS[ask["seat_wind"]],
                              "prevalent": WINDS[ask["prevalent_wind"]],
                              "self_drawn": ask["self_drawn"], "ruleset": ask["ruleset"]}
    if hand.concealed_count == 13 - 3 * melds:
        result["acceptance"] = [{"tile": print_tiles([kind]), "copies": copies}
                                for kind, copies in analysis.acceptance(counts, melds)]
    else:
        after = {row.tile: row.distance
                 for row in legal.legal_discards(counts, hand.melds, **ask)}
        result["discards"] = [{"tile": print_tiles([d.tile]), "shanten": d.shanten,
                               "copies": d.copies, "kinds": print_tiles(d.kinds),
                               "legal_distance": after[d.tile]}
                              for d in analysis.discards(counts, melds)]
    return json.dumps(result, indent=2)


WINDS = "ESWN"


def _wind(text: str) -> int:
    letter = text.strip().upper()[:1]
    if len(text.strip()) != 1 or letter not in WINDS:
        raise argparse.ArgumentTypeError(f"a wind is one of E S W N, not {text!r}")
    return WINDS.index(letter)


POINTS_RANGE = (0.01, 100.0)
"""The points a hand that ``--delta``, ``--plan`` and ``--sd`` may take: a plan outside it needs
fewer than two walls or more than any run could play."""


def _points(text: str) -> float:
    low, high = POINTS_RANGE
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not low <= value <= high:  # NaN too
        raise argparse.ArgumentTypeError(f"points a hand are a number from {low:g} to "
                                         f"{high:g}, not {text!r}")
    return value


def given_path(text: str) -> str:
    """A path argument as typed; refuses an empty one (``Path("")`` would be the folder here)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("a path, not an empty string")
    return text


def _tile(text: str) -> int:
    try:
        kinds = parse(text)
    except NotationError as error:
        raise argparse.ArgumentTypeError(error.reason) from None
    if len(kinds) != 1 or kinds[0] >= N_PLAYING:
        raise argparse.ArgumentTypeError(f"one playing tile such as 5p or E, not {text!r}")
    return kinds[0]


def cmd_score(args: argparse.Namespace) -> str:
    from mjsim.scoring import MIN_POINTS, WinContext, score

    hand = _parse_hand(args.hand)
    flowers = len(hand.flowers) if args.flowers is None else args.flowers
    try:
        # A win on the dealt tiles is self-drawn by definition: --initial says so alone.
        self_drawn = args.self_drawn or args.initial
        ctx = WinContext(args.win, self_drawn, args.seat, args.prevalent, flowers=flowers,
                         last_copy=args.last_copy, wall_last=args.wall_last,
                         replacement=args.replacement, robbing=args.robbing,
                         initial=args.initial)
        scored = score(hand, ctx, args.ruleset)
    except ValueError as error:  # an impossible context or a hand that is not complete
        raise UsageError(str(error)) from None
    if args.json:
        return json.dumps({"hand": str(hand), "win": print_tiles([args.win]),
                           "ruleset": args.ruleset, "grouping": list(scored.grouping),
                           "fans": [{"number": n, "name": name, "points": p, "count": c}
                                    for n, name, p, c in scored.fans],
                           "total": scored.total, "flowers": flowers,
                           "total_with_flowers": scored.total_with_flowers,
                           "legal": scored.total >= MIN_POINTS}, indent=2)
    # Below the minimum the breakdown's last line says so: the verdict is said once.
    return scored.explain() + ("\na legal win" if scored.total >= MIN_POINTS else "")


def cmd_play(args: argparse.Namespace) -> str:
    from mjsim.ui.terminal import line_editing, play

    log_path = Path(args.log or f"mjsim-game-{args.seed}.jsonl")
    with _new_file(log_path, args.force, "--log") as log:
        if sys.stdin.isatty():
            line_editing()
        game = play(level=args.level, seat=args.seat, seed=args.seed, ruleset=args.ruleset,
                    log=log)
    return f"game log: {log_path} ({game.moves} moves; mjsim replay {log_path})"


def _new_file(path: Path, force: bool, flag: str) -> IO[str]:
    """``path`` (given by ``flag``) opened for writing; one line (status 2) for a file that
    exists (without ``force``), a folder that does not, or a place that cannot be written."""
    if path.exists() and not force:
        raise UsageError(f"{path} exists: pass --force to overwrite it, or {flag} another file")
    if path.is_dir():
        raise UsageError(f"{path} is a folder, not a file")
    try:
        return path.open("w")
    except OSError as error:
        raise UsageError(f"cannot write {path}: {error.strerror}") from None


def cmd_replay(args: argparse.Namespace) -> str:
    from mjsim.ui import replay

    source = Path(args.log)
    if args.game is not None or source.is_dir():
        if not (source / "manifest.json").is_file():
            raise UsageError(f"{source} is not a run folder (it holds no manifest.json)")
        if args.game is None:
            games = _read(lambda: replay.run_games(source), source)
            return "\n".join([f"{source}: {len(games)} games; replay one with --game ID",
                              *(f"  {index:>4}  seed {seed}  lineup {lineup}"
                                for index, (seed, lineup) in enumerate(games))])
        shown = _read(lambda: replay.regenerate(source, args.game, trust=args.trust), source)
    else:
        shown = _read(lambda: replay.load(source), source)
    if args.html:
        from mjsim.ui.html import write_page

        with _new_file(Path(args.html), args.force, "--html") as page:
            write_page(shown, page)
        return f"replay page: {args.html} (open it in a browser; arrow keys step)"
    if sys.stdin.isatty() and sys.stdout.isatty() and not args.all:
        replay.step(shown, input, print)
        return ""
    return "\n".join(replay.summary(shown))


def _read(load: Callable[[], Any], source: Path) -> Any:
    """What ``load`` reads from ``source``, with its failure in one line (a game played again
    from a run's folder may meet a player's own bug, or its fouls: status 1)."""
    from mjsim.players.driver import PlayerError, TooManyFouls

    try:
        return load()
    except (PlayerError, TooManyFouls) as error:
        raise RunStopped(" | ".join(str(error).splitlines())) from None
    except OSError as error:
        raise UsageError(f"cannot read {source}: {error.strerror}") from None
    except ValueError as error:
        raise UsageError(f"{source}: {error}") from None


def cmd_review(args: argparse.Namespace) -> str:
    from mjsim.game import gamelog
    from mjsim.ui.review import review

    source = Path(args.log)

    def load() -> gamelog.LogRead:
        with source.open() as stream:
            return gamelog.read_partial(stream)

    read = _read(load, source)
    # A header naming a ruleset this version lacks is refused as the game starts.
    text: str = _read(lambda: "\n".join(review(read.header, read.moves, args.seat,
                                               stopped=read.stopped, level=args.level)), source)
    return text


def cmd_import(args: argparse.Namespace) -> str:
    from mjsim.ui import importing
    try:
        return importing.cmd_import(args)
    except importing.BadInput as error:
        raise UsageError(str(error)) from None


def cmd_export(args: argparse.Namespace) -> str:
    from mjsim.ui import importing
    try:
        return importing.cmd_export(args)
    except importing.BadInput as error:
        raise UsageError(str(error)) from None


def _kinds_with_copies(accepted: list[tuple[int, int]]) -> str:
    total = sum(copies for _, copies in accepted)
    kinds = print_tiles([kind for kind, _ in accepted]) or "none"
    noun = "kind" if len(accepted) == 1 else "kinds"
    return f"{kinds} ({len(accepted)} {noun}, {total} copies)"


class _OneLineParser(argparse.ArgumentParser):
    """Reports a bad argument in one line (``--help`` shows the usage) and exits 2.

    ``notes``, when given, makes the last lines of the help, and is called only when the help is
    shown: a help that names what a heavy layer holds loads that layer then, not at every start.
    """

    def __init__(self, *args: Any, notes: Callable[[], str] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.notes = notes

    def format_help(self) -> str:
        text = super().format_help()
        return text if self.notes is None else f"{text}\n{self.notes()}\n"

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def _experiment_options(parser: argparse.ArgumentParser, walls: int) -> None:
    parser.add_argument("--walls", type=int, default=walls, help=f"wall seeds (default {walls})")
    parser.add_argument("--seed", default="mjsim", help="the run's seed (default mjsim)")
    parser.add_argument("--out", help="the run folder (default runs/<command>-<seed>-<walls>); "
                                      "an unfinished run in it is resumed")
    parser.add_argument("--ruleset", choices=RULESETS, default="green-book")
    parser.add_argument("--table", choices=("mcr", "botzone"), default="mcr",
                        help="mcr: sixteen-hand games (default); botzone: Botzone's table, "
                             "one hand a game")
    parser.add_argument("--penalty", type=int, default=10,
                        help="what a foul costs, to each other seat (default 10)")
    parser.add_argument("--max-fouls", type=int, default=3,
                        help="fouls in a row by one player, across games, that stop the run "
                             "(default 3)")
    parser.add_argument("--player", action="append", default=[], metavar="NAME=SPEC",
                        help="name a player spec (one holding spaces or commas, such as a "
                             "program's command line) to use NAME in a lineup; repeatable")
    _parallel_options(parser)


def _parallel_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--backend", choices=("loky", "dask", "sequential"), default="loky")
    parser.add_argument("--scheduler", help="a Dask scheduler address, with --backend dask")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def _parallel(args: argparse.Namespace) -> dict[str, Any]:
    if args.jobs < 1:
        raise UsageError(f"--jobs must be at least 1, not {args.jobs}")
    if args.scheduler is not None and args.backend != "dask":
        raise UsageError("--scheduler is a Dask scheduler's address: it needs --backend dask")
    return {"n_jobs": args.jobs, "backend": args.backend, "scheduler": args.scheduler,
            "quiet": args.quiet}


MAX_WALLS = 10_000_000
"""The most walls a run may ask for (ten million walls of sixteen hands: years on one core)."""


def _run_options(args: argparse.Namespace) -> dict[str, Any]:
    if not 2 <= args.walls <= MAX_WALLS:
        raise UsageError(f"--walls is from 2 (an interval needs two) to {MAX_WALLS:,}, "
                         f"not {args.walls}")
    if args.penalty < 0 or args.max_fouls < 1:
        raise UsageError("--penalty is at least 0 and --max-fouls at least 1")
    options = {**_parallel(args), "ruleset": args.ruleset, "table": args.table,
               "penalty": args.penalty, "max_fouls": args.max_fouls, "walls": args.walls,
               "seed": args.seed, "roster": _roster(args.player)}
    if args.backend == "loky":  # the arguments are good: the workers start while we load
        from mjsim.tournament.runner import start_workers

        start_workers(args.jobs)
    return options


def _roster(definitions: Sequence[str]) -> Any:
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


def _out(args: argparse.Namespace, name: str) -> Path:
    return writable_folder(Path(args.out or f"runs/{name}-{args.seed}-{args.walls}"))


def writable_folder(folder: Path) -> Path:
    """``folder``, made if missing; one line (status 2) when it is a file, cannot be made or
    cannot be written."""
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"{folder} is a file, not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise UsageError(f"cannot make the folder {folder}: {error.strerror}") from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise UsageError(f"cannot write in {folder}: permission denied")
    return folder


def _finish(report: Report) -> str:
    """The run's prices and standings (already written as CSV), after its figures: a figure
    that fails is reported in one line on stderr and keeps none of the rest from being shown."""
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
    parts.append(f"results: {report.out}")
    return "\n\n".join(parts)


def _experiment(run: Callable[[], Report]) -> Report:
    from mjsim.players.driver import PlayerError, TooManyFouls

    try:
        return run()
    except ValueError as error:  # the experiments raise ValueError for what a person typed
        raise UsageError(str(error)) from None
    except TooManyFouls as error:  # a player the user brought keeps failing: say how, once
        raise RunStopped("stopped: " + " | ".join(str(error).splitlines())) from None
    except PlayerError as error:  # a player's own bug: one line, its traceback kept
        raise RunStopped(f"stopped: {error}") from None


def cmd_ladder(args: argparse.Namespace) -> str:
    options = _run_options(args)  # first: it starts the workers
    from mjsim.tournament import ladder

    rungs = [part.strip() for part in args.rungs.split(",")]
    return _finish(_experiment(lambda: ladder(_out(args, "ladder"), rungs=rungs, **options)))


def cmd_resume(args: argparse.Namespace) -> str:
    from mjsim.tournament import resume

    options = _parallel(args)
    if not (Path(args.folder) / "manifest.json").is_file():
        raise UsageError(f"{args.folder} is not a run folder (it holds no manifest.json)")
    writable_folder(Path(args.folder))
    return _finish(_experiment(lambda: resume(args.folder, trust=args.trust, **options)))


def _idea_notes() -> str:
    from mjsim.players.rungs import IDEAS

    return f"IDEA is one of {', '.join(IDEAS)}"


def cmd_price(args: argparse.Namespace) -> str:
    from mjsim.tournament import Roster, price
    from mjsim.tournament.experiments import chosen_ideas
    from mjsim.tournament.power import PILOT_SD, format_plan, plan
    from mjsim.tournament.schedule import CONTROL_EVERY, challenger_games

    args.sd = PILOT_SD if args.sd is None else args.sd  # --delta, --sd, --plan: _points
    if args.plan is not None:  # nothing is played
        roster = Roster()
        baseline = roster.entry(args.baseline or str(args.level))
        try:
            ideas = chosen_ideas(args.ideas, baseline, roster)
        except ValueError as error:
            raise UsageError(str(error)) from None
        games = len(challenger_games(baseline, [roster.with_off(baseline, idea)
                                                for idea in ideas])) + 1 / CONTROL_EVERY
        return format_plan(plan(args.plan, args.sd), games)
    if args.walls is None:
        args.walls = plan(args.delta, args.sd).cap if args.until_decided else 20
    if args.null:
        return _null_check(args)
    options = _run_options(args)
    return _finish(_experiment(lambda: price(
        args.ideas, _out(args, "price"), baseline=args.baseline, level=args.level,
        until_decided=args.until_decided, delta=args.delta, sd=args.sd, **options)))


def _check_price(args: argparse.Namespace, parser: argparse.ArgumentParser) -> None:
    if not args.ideas and not args.null:
        parser.error("name an idea to price (or --null, to check the pricing itself)")


def _null_check(args: argparse.Namespace) -> str:
    """``price --null``: the pipeline's calibration on a challenger whose true price is 0."""
    from mjsim.tournament.null import null_check

    options = _run_options(args)
    for unused in ("roster", "walls", "seed"):
        options.pop(unused)
    if args.ideas or args.baseline:
        raise UsageError("--null prices rung --level against itself re-keyed: name no idea "
                         "and no --baseline")
    try:
        check = null_check(_out(args, "null"), level=args.level, replicates=args.replicates,
                           walls=args.walls, seed=args.seed, salt=args.salt, **options)
    except ValueError as error:
        raise UsageError(str(error)) from None
    return "\n".join(_wrapped([check.words]))


def cmd_table(args: argparse.Namespace) -> str:
    if args.walls is None:  # a match of the competition format is four walls
        args.walls = 4 if args.format == "competition" else 10
    options = _run_options(args)  # first: it starts the workers
    from mjsim.tournament import read_lineup_file, table

    lineup: str | tuple[str, ...] = args.lineup
    if args.lineup.endswith(".toml"):
        try:
            lineup, roster = read_lineup_file(args.lineup)
        except ValueError as error:
            raise UsageError(str(error)) from None
        for name, spec in options["roster"].definitions.items():
            roster.define(name, spec)
        options["roster"] = roster
    return _finish(_experiment(lambda: table(lineup, _out(args, "table"),
                                             schedule=args.format, **options)))


def cmd_botzone(args: argparse.Namespace) -> str:
    from mjsim.players import Foul
    from mjsim.players.botzone.bot import serve
    from mjsim.players.driver import PlayerError
    from mjsim.players.specs import load_player

    spec = args.player if args.player is not None else str(args.level)
    try:
        player = load_player(spec)
    except ValueError as error:
        raise UsageError(str(error)) from None
    try:
        serve(player, sys.stdin, sys.stdout, simple_io=args.simple_io,
              keep_running=args.keep_running, ruleset=args.ruleset, table=args.table)
    except (ValueError, Foul) as problem:  # a request it cannot read, or a player's failure
        raise RunStopped(str(problem)) from None
    except PlayerError as error:  # its author reads the traceback in a file, the judge one line
        raise RunStopped(f"{error}; {_keep_traceback(error.detail)}") from None
    return ""


BOTZONE_TRACEBACK = "mjsim-botzone-traceback.txt"
"""Where ``mjsim botzone`` keeps the traceback of a player that raised (in its own folder)."""


def _keep_traceback(detail: str) -> str:
    try:
        Path(BOTZONE_TRACEBACK).write_text(detail)
    except OSError as error:
        return f"its traceback could not be kept ({error.strerror})"
    return f"its traceback is in {Path(BOTZONE_TRACEBACK).resolve()}"


def cmd_dataset(args: argparse.Namespace) -> str:
    from mjsim.learn import dataset

    try:
        if args.from_games is not None:
            manifest = dataset.write_games(writable_folder(Path(args.out)), args.from_games,
                                           shard_walls=args.shard_walls, quiet=args.quiet)
            return _dataset_written(manifest, args.out)
        if args.players is None or args.walls is None:
            raise ValueError("give --players and --walls, or --from-games DIR")
        players = [spec.strip() for spec in args.players.split(",")]
        manifest = dataset.write(writable_folder(Path(args.out)), players, args.walls,
                                 seed=args.seed, hands=args.hands, ruleset=args.ruleset,
                                 shard_walls=args.shard_walls, quiet=args.quiet)
    except ValueError as error:
        raise UsageError(str(error)) from None
    return _dataset_written(manifest, args.out)


def _dataset_written(manifest: dict[str, Any], out: str) -> str:
    rows, shards = manifest["rows"], len(manifest["shards"])
    return (f"{rows} decision{'' if rows == 1 else 's'}, {shards} shard{'' if shards == 1 else 's'}"
            f": {out}")


WIDTH = 100
"""Columns a printed table and its notes fit in."""


def format_estimates(estimates: pd.DataFrame) -> str:
    """Prices and rung steps per hand, with intervals, p-values and the variance pairing saved,
    ending with what the run could detect and the walls its target effect would take."""
    from mjsim.tournament.signflip import FEW

    sequential = "decision" in estimates.columns  # priced with --until-decided
    stopped = "interval" in estimates.columns  # read before it stopped: intervals for that
    counted = "changed" in estimates.columns  # trigger rates: a price run's ideas
    header = ["", "points/hand", "95% CS" if stopped else "95% interval", "p", "p (BH)", "walls",
              "pairing", "detects"]
    rows = [_estimate_cells(row, counted) for _, row in estimates.iterrows()]
    notes = ["points/hand: what the idea adds (a rung step: what the higher rung gains)"]
    notes += [f"{cells[0]}: {cells[2]} for an interval" for cells in rows
              if cells[2].startswith("too few")]
    looks = str(estimates["looks"].iloc[0]) if "looks" in estimates.columns else ""
    if looks not in ("", "nan"):
        notes.append(f"a sequential look: this run was read at {looks} walls before it was "
                     "extended")
    if stopped:
        notes.append(f"95% CS: a {estimates['interval'].iloc[0]}; p is anytime-valid too")
    delta = float(estimates["delta_hand"].iloc[0])
    if sequential:
        notes.extend(_sequential_words(estimates, delta))
    if any(cells[2].endswith("*") for cells in rows):  # a sign-flip interval is shown
        notes.append(f"*: changed moves on fewer than {FEW} walls: the interval spans the exact "
                     "sign-flip interval (randomisation, no SD needed) and the t interval, and "
                     "p is the larger of their p-values")
    if "controls" in estimates.columns:
        notes.extend(_health_words(estimates))
    if counted:
        notes.extend(f"{row.name}: {row.triggers}" for row in estimates.itertuples()
                     if isinstance(row.triggers, str) and row.triggers)
    notes.append("detects: the smallest effect this run finds with 80% power (alpha 0.05, "
                 "two-sided), from its per-seed SD")
    walls = ", ".join(f"{row.name}: {row.walls_for_delta:,}" for row, cells  # none without
                      in zip(estimates.itertuples(), rows) if cells[-1] != "-")  # detects
    if walls:
        notes.append(f"walls to find {delta:.2f} points a hand so: {walls}")
    return "\n".join([*_table(header, rows, "<><>>>>>"), *_wrapped(notes)])


def _estimate_cells(row: pd.Series, counted: bool) -> list[str]:
    """An estimate's row of the table; the interval says so where there is none."""
    from mjsim.tournament.numbers import p_value

    few = row.get("method", "t") == "sign-flip"
    never = counted and row["changed"] == 0  # an idea that changed no move has no interval
    low, high = float(row["low_hand"]), float(row["high_hand"])
    bounded = math.isfinite(low) and math.isfinite(high)
    if never:
        span = "never changed a move"
    elif not bounded:  # too few walls (or changed ones) to exclude any price
        span = "too few changed walls" if few else "too few walls"
    else:
        span = f"[{low:>+7.3f}, {high:>+7.3f}]" + ("*" if few else "")
    # Without an interval the per-seed SD says nothing: no power, no walls to plan.
    detects = f"±{row['detectable_hand']:.2f}" if bounded and not never else "-"
    pairing = float(row["variance_reduction"])
    return [str(row["name"]), f"{row['value_hand']:+.3f}", span, p_value(float(row["p"])),
            p_value(float(row["p_bh"])), str(row["seeds"]),
            f"{pairing:.1f}x" if math.isfinite(pairing) else "-", detects]


def _sequential_words(estimates: pd.DataFrame, delta: float) -> list[str]:
    """What the sequential test decided for each idea, what that means, and the walls it was
    expected to take at each idea's own per-seed SD."""
    first = estimates.iloc[0]
    decided = "; ".join(
        f"{row.name} {row.verdict} (at {row.decided_at} walls)"
        + (f", {row.note}" if isinstance(row.note, str) and row.note else "")  # CSV's empty: NaN
        for row in estimates.itertuples())
    expected = "; ".join(
        f"{name} (SD {sd:.2f}) {zero:,.0f} walls if the price is 0, {at:,.0f} if ±{delta:.2f}"
        for name, sd, zero, at in zip(estimates["name"], estimates["sd_seed_hand"],
                                      estimates["expected_zero"], estimates["expected_delta"])
        if math.isfinite(zero))
    meaning = (f"'adds at least {delta:.2f}' means the walls favour +{delta:.2f} over 0 (said "
               "with chance at most 2.5% when the price is 0 or less, at least 95% when it is "
               "that much or more); 'costs' likewise; the CS says how much")
    adjusted = ", ".join(f"{name} {_cell(value, '+.3f')}" for name, value
                         in zip(estimates["name"], estimates["adjusted_hand"]))
    cap = f"cap {first['cap']:,} walls (planned at a per-seed SD of {first['planned_sd_hand']:.2f})"
    if expected:
        cap += f"; at its own per-seed SD the test expects about: {expected}"
    return [f"sequential test: {decided}", meaning,
            f"bias-adjusted (Whitehead, the stop's bias simulated at each idea's SD): {adjusted}",
            cap]


def _health_words(estimates: pd.DataFrame) -> list[str]:
    """The health check in words: each baseline's control games summed to zero, or which not."""
    from mjsim.tournament.lineups import rung_label

    checks = estimates.groupby("baseline", sort=False)[["controls", "control_sum"]].first()
    failed = [f"health check FAILED: a control game of {rung_label(str(baseline))} summed to "
              f"{row.control_sum:g}, not 0; the prices take a field of baselines to sum to zero"
              for baseline, row in checks.iterrows() if row.controls and row.control_sum != 0]
    counts = ", ".join(f"{int(row.controls)} game{'' if row.controls == 1 else 's'} of "
                       f"{rung_label(str(baseline))}" for baseline, row in checks.iterrows())
    held = (f"health check: every control game summed to 0 ({counts}), as the estimates "
            "require of a field of baselines")
    return failed or [held]


def format_standings(table: pd.DataFrame, contrasts: pd.DataFrame | None = None) -> str:
    """Each variant's points per game, place, first-place rate and rating, each with its 95%
    interval, then (given ``contrasts``) the paired difference of every two variants."""
    from mjsim.tournament.numbers import p_value, percent

    columns = [list(table["variant"]),
               _measure(table, "points", "+.1f"), _measure(table, "place", ".2f"),
               _measure(table, "first_rate", "", percent), _measure(table, "rating", "+.0f"),
               [str(games) for games in table["games"]]]
    header, align = ["variant", "points/game", "place", "first", "rating", "games"], "<>>>>>"
    fouled = "fouls" in table and table["fouls"].any()
    if fouled:
        columns.append([str(fouls) for fouls in table["fouls"]])
        header, align = [*header, "fouls"], align + ">"
    lines = [*_table(header, list(zip(*columns)), align), *_wrapped([
        "[ ]: 95% intervals; place: bootstrap over walls; first: Wilson; rating: Bradley-Terry "
        "on placings, Elo scale" + _no_interval(table)])]
    if fouled:
        lines += _wrapped(_foul_warnings(table))
    if contrasts is not None and not contrasts.empty:
        columns = [[f"{row.variant} over {row.versus}" for row in contrasts.itertuples()],
                   [f"{points:+.1f}" for points in contrasts["points"]],
                   _spans(contrasts["points_low"], contrasts["points_high"], "+.1f"),
                   [p_value(p) for p in contrasts["p_bh"]],
                   [str(seeds) for seeds in contrasts["seeds"]]]
        lines += ["", *_table(["paired contrast", "points/game", "95% interval", "p (BH)",
                               "walls"], list(zip(*columns)), "<>>>>")]
    return "\n".join(lines)


FOUL_WARNING = 0.1
"""The share of its games a variant may foul in before the standings warn of it."""


def _no_interval(table: pd.DataFrame) -> str:
    """Why a standings row shows ``-`` for an interval, if one does: a variant seen on one wall,
    or results that did not vary over the walls (one variant alone sums to zero on each)."""
    missing = table[["points_low", "place_low", "rating_low"]].isna().any(axis=1)
    if not missing.any():
        return ""
    if (table.loc[missing, "seeds"] <= 1).all():
        return "; -: no interval from one wall"
    return "; -: no interval where the walls gave no spread"


def _foul_warnings(table: pd.DataFrame) -> list[str]:
    """A warning for each variant that fouled in more than :data:`FOUL_WARNING` of its games
    (its standing then measures its fouls, not its play)."""
    from mjsim.tournament.numbers import percent

    counts = zip(table["variant"], table["fouled_games"].to_numpy(), table["games"].to_numpy())
    return [f"warning: {variant} fouled in {fouled} of its {games} games "
            f"({percent(fouled / games)}, over {FOUL_WARNING:.0%}): its standing measures its "
            "fouls more than its play"
            for variant, fouled, games in counts if fouled > FOUL_WARNING * games]


def format_competition(table: pd.DataFrame) -> str:
    """The competition format's standings: rank points, their mean a game with its interval,
    total points and matches won, ranked by rank points, ties by total points."""
    header = ["place", "variant", "rank points", "a game", "95% interval", "points",
              "matches won"]
    spans = _spans(table["rank_low"], table["rank_high"], ".3f")
    rows = [[str(row.place), str(row.variant), f"{row.rank_points:g}", f"{row.rank_per_game:.3f}",
             span, f"{row.points:+g}", f"{row.matches_won} of {row.matches}"]
            for row, span in zip(table.itertuples(), spans)]
    note = ("competition format: each match 4 walls x 24 seatings; rank points 4/3/2/1 a game "
            "(seats level on points share), ties by total points; interval over walls")
    return "\n".join([*_table(header, rows, "><>>>>>"), *_wrapped([note])])


def _measure(table: pd.DataFrame, column: str, spec: str,
             shown: Callable[[float], str] | None = None) -> list[str]:
    """A standings column beside its interval (``column``, ``column_low``, ``column_high``),
    each cell "value [low, high]" in ``spec`` (made text by ``shown`` when given), the values
    padded to one width so the intervals line up."""
    values = [_cell(value, spec, shown) for value in table[column]]
    width = max(map(len, values), default=0)
    spans = _spans(table[f"{column}_low"], table[f"{column}_high"], spec, shown)
    return [f"{value:>{width}} {span}" for value, span in zip(values, spans)]


def _table(header: Sequence[str], rows: Sequence[Sequence[str]], align: str) -> list[str]:
    """``header`` and ``rows`` as lines of at most :data:`WIDTH`, each column as wide as its
    widest cell, aligned as ``align`` says for each column (``<`` left, ``>`` right). A first
    cell (a name) too long to fit beside its numbers takes a line of its own above them."""
    widths = [max(map(len, column)) for column in zip(header, *rows)]
    numbers = sum(widths[1:]) + len(widths) - 1
    widths[0] = max(len(header[0]), min(widths[0], WIDTH - numbers))
    lines = []
    for line in (header, *rows):
        if len(line[0]) > widths[0]:
            lines.append(line[0])
            line = ["", *line[1:]]
        lines.append(" ".join(f"{cell:{side}{width}}"
                              for cell, side, width in zip(line, align, widths)).rstrip())
    return lines


def _wrapped(notes: Sequence[str]) -> list[str]:
    """The notes under a table, each wrapped to :data:`WIDTH` with the lines after its first
    indented."""
    return [line for note in notes for line in textwrap.wrap(
        note, WIDTH, subsequent_indent="  ", break_on_hyphens=False)]


def _cell(value: float, spec: str, shown: Callable[[float], str] | None = None) -> str:
    """``value`` in ``spec`` (made text by ``shown`` first when given), a dash for NaN."""
    if math.isnan(value):
        return "-"
    return format(value, spec) if shown is None else format(shown(value), spec)


def _spans(lows: Iterable[float], highs: Iterable[float], spec: str,
           shown: Callable[[float], str] | None = None) -> list[str]:
    """Each ``[low, high]`` of a table's column in ``spec`` (made text by ``shown`` when given),
    the ends padded to one width down the column, or a dash as wide where there is none."""
    pairs = list(zip(lows, highs))
    ends = [(_cell(low, spec, shown), _cell(high, spec, shown)) for low, high in pairs]
    width = max((len(end) for two in ends for end in two), default=0)
    cells = [f"[{low:>{width}}, {high:>{width}}]" for low, high in ends]
    return [f"{'-':^{len(cell)}}" if math.isnan(low) or math.isnan(high) else cell
            for cell, (low, high) in zip(cells, pairs)]


def build_parser() -> argparse.ArgumentParser:
    parser = _OneLineParser(
        prog="mjsim", description="Chinese Official Mahjong: analyse, score and simulate.")
    parser.add_argument("--version", action="version", version=f"mjsim {_version()}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    shanten = commands.add_parser(
        "shanten", help="shanten of every form, acceptance, and ranked discards",
        description="The shanten of each form (-1 complete, 0 ready), the tiles that help a "
                    "13-tile hand, or the discards of a 14-tile hand ranked by shanten then "
                    "copies accepted; beside them the legal distance, the draws to a win worth "
                    "8 points for the seat, round and way of winning given.",
        epilog='examples: mjsim shanten "123456789m 1234p E"\n'
               '          mjsim shanten "pung(EEE) pung(SSS) 234m 78s 99p" --seat W '
               '--prevalent W\n'
               '          mjsim shanten "19m 19p 19s ESWNRGB" --json',
        formatter_class=argparse.RawDescriptionHelpFormatter)
    shanten.add_argument("hand", help="a hand string, e.g. \"19m 55p pung(EEE) 234s\"")
    shanten.add_argument("--seat", type=_wind, default=0, help="the seat wind (E)")
    shanten.add_argument("--prevalent", type=_wind, default=0, help="the prevalent wind (E)")
    shanten.add_argument("--self-drawn", action="store_true",
                         help="the legal distance to a self-drawn win (default: on a discard)")
    shanten.add_argument("--ruleset", choices=RULESETS, default="green-book")
    shanten.add_argument("--json", action="store_true", help="print JSON instead of text")
    shanten.set_defaults(run=cmd_shanten)

    scoring = commands.add_parser(
        "score", help="score a winning hand, element by element",
        description="Score a complete hand; its concealed tiles include the winning tile.",
        epilog='examples: mjsim score "123m 456m 789m 123p 55p" --win 5p --self --seat S\n'
               '          mjsim score "123m 456m 789m 123p 55p" --win 5p --initial --json',
        formatter_class=argparse.RawDescriptionHelpFormatter)
    scoring.add_argument("hand", help="the complete hand, melds and flowers included")
    scoring.add_argument("--win", type=_tile, required=True, help="the winning tile, e.g. 5p")
    scoring.add_argument("--self", dest="self_drawn", action="store_true",
                         help="self-drawn (default: won on a discard)")
    scoring.add_argument("--seat", type=_wind, default=0, help="the winner's seat wind (E)")
    scoring.add_argument("--prevalent", type=_wind, default=0, help="the prevalent wind (E)")
    scoring.add_argument("--flowers", type=int, help="bonus tiles (default: those in the hand)")
    scoring.add_argument("--last-copy", action="store_true", help="the last copy of its kind")
    scoring.add_argument("--wall-last", action="store_true", help="the last tile of the wall")
    scoring.add_argument("--replacement", action="store_true", help="a kong's replacement tile")
    scoring.add_argument("--robbing", action="store_true", help="robbing a promoted kong")
    scoring.add_argument("--initial", action="store_true",
                         help="the dealer's dealt tiles, complete (implies --self; no wait "
                              "element)")
    scoring.add_argument("--ruleset", choices=RULESETS, default="green-book")
    scoring.add_argument("--json", action="store_true", help="print JSON instead of text")
    scoring.set_defaults(run=cmd_score)

    play = commands.add_parser(
        "play", help="play one seat of a game against three bots at the keyboard",
        description="A sixteen-hand game at the keyboard against three bots. Type help at the "
                    "prompt for the moves. The game is logged, so it can be replayed.",
        epilog="example: mjsim play --level 3 --seat 0 --seed 42",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    play.add_argument("--level", type=int, choices=LEVELS, default=3, help="the bots' rung")
    play.add_argument("--seat", type=int, choices=(0, 1, 2, 3), default=0, help="your seat")
    play.add_argument("--seed", default="mjsim", help="the game's seed (default mjsim)")
    play.add_argument("--ruleset", choices=RULESETS, default="green-book")
    play.add_argument("--log", help="where to save the game (default mjsim-game-SEED.jsonl)")
    play.add_argument("--force", action="store_true", help="overwrite the log if it exists")
    play.set_defaults(run=cmd_play)

    replay = commands.add_parser(
        "replay", help="step through a saved game or a tournament's game, move by move",
        description="At a terminal, step through the game (Enter next, b back, ] and [ next "
                    "and previous hand, h N hand N, a every move, q quit); into a pipe, print "
                    "every move. A log cut short replays what it holds. A run folder lists "
                    "its games; --game ID plays one again from its seed and lineup.",
        epilog="examples: mjsim replay mjsim-game-42.jsonl --all\n"
               "          mjsim replay mjsim-game-42.jsonl --html game-42.html --force\n"
               "          mjsim replay runs/table-mjsim-10 --game 3",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    replay.add_argument("log", type=given_path, metavar="LOG|RUN",
                        help="a game log, or a run folder")
    replay.add_argument("--game", type=int, metavar="ID",
                        help="the game of the run to play again (the run folder lists them)")
    replay.add_argument("--html", metavar="FILE",
                        help="write one self-contained page that steps through the game")
    replay.add_argument("--all", action="store_true", help="print every move, even at a terminal")
    replay.add_argument("--force", action="store_true", help="overwrite the --html file")
    replay.add_argument("--trust", action="store_true",
                        help="play a game of a run made elsewhere even if its players run code")
    replay.set_defaults(run=cmd_replay)

    review = commands.add_parser(
        "review", help="mark each decision of a seat where rung 3 would play otherwise",
        description="Replays a game log and, at each decision of SEAT that had a choice, asks "
                    "rung 3 (or --level) what it would play; where it differs, shows both "
                    "options' shanten, acceptance and the points of their waits.",
        epilog="example: mjsim review mjsim-game-42.jsonl --seat 0",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    review.add_argument("log", type=given_path, help="a game log")
    review.add_argument("--seat", type=int, choices=(0, 1, 2, 3), default=0,
                        help="the seat to review (default 0)")
    review.add_argument("--level", type=int, choices=LEVELS, default=3,
                        help="the rung to review against (default 3; 4 for a strong player's "
                             "imported game)")
    review.set_defaults(run=cmd_review)

    ladder = commands.add_parser(
        "ladder", help="price each rung step and each idea, and the standings of the rungs",
        description="Each rung step (rung r challenging a field of rung r-1) and each idea of "
                    "the top rung priced by paired games, and the standings of the top four "
                    "rungs (of three, the top one twice) with seats rotated. Writes tables, "
                    "summary.csv and figures to --out.",
        epilog="examples: mjsim ladder --walls 4 --jobs 2 --out runs/ladder-4\n"
               "          mjsim ladder --rungs 2,3,bots/mine.py:Mine --walls 2",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    ladder.add_argument("--rungs", default="1,2,3,4", metavar="SPEC,SPEC,...",
                        help="the ladder, lowest first: player specs or --player names "
                             "(default 1,2,3,4)")
    _experiment_options(ladder, walls=40)
    ladder.set_defaults(run=cmd_ladder)

    price = commands.add_parser(
        "price", help="what each idea is worth, in points per hand",
        description="Price ideas by the paired challenger design: the player with the idea "
                    "switched off challenges a field of the full player, in every seat of the "
                    "same walls; a control game of the full player every tenth wall checks "
                    "that a field of them sums to zero.",
        epilog="examples: mjsim price defence --until-decided --walls 20\n"
               "          mjsim price planning --plan 0.25 --sd 2.5\n"
               "          mjsim price claims --baseline bots/mine.py:Mine --walls 4",
        formatter_class=argparse.RawDescriptionHelpFormatter, notes=_idea_notes)
    price.add_argument("ideas", nargs="*", metavar="IDEA",
                       help="an idea to price (the rungs' are listed below; a player of "
                            "your own declares its own)")
    price.add_argument("--null", action="store_true",
                       help="price rung --level against itself with its ties re-keyed (a true "
                            "price of 0) on --replicates runs, and print how often the test "
                            "is fooled and the intervals hold 0")
    price.add_argument("--replicates", type=int, default=20, help="runs of --null (20)")
    price.add_argument("--salt", type=int, default=1, help="the re-keying of --null (1)")
    price.add_argument("--level", type=int, choices=LEVELS, default=3,
                       help="the rung whose ideas to price (default 3)")
    price.add_argument("--baseline", metavar="SPEC",
                       help="price the ideas of this player instead of a rung's")
    price.add_argument("--until-decided", action="store_true",
                       help="add walls ten at a time until a sequential t-test decides each "
                            "idea adds at least --delta, costs at least --delta or is within "
                            "±--delta of zero (alpha = beta = 0.05); --walls is the cap, by "
                            "default what --plan prints for --delta")
    price.add_argument("--delta", type=_points, default=0.5,
                       help="the effect the sequential test looks for, points per hand "
                            "(default 0.5)")
    price.add_argument("--plan", type=_points, metavar="DELTA",
                       help="print the walls an effect of DELTA points a hand needs, and play "
                            "nothing")
    price.add_argument("--sd", type=_points,
                       help="the per-seed SD to plan with, points per hand (default 3.0: "
                            "rung 3's largest at 1,000 walls)")
    _experiment_options(price, walls=20)
    price.set_defaults(walls=None)  # 20, or with --until-decided the planned cap
    price.set_defaults(run=cmd_price, check=lambda args: _check_price(args, price))

    table = commands.add_parser(
        "table", help="play one lineup with seats rotated and print its standings",
        epilog='examples: mjsim table "3,3,2,1" --walls 10\n'
               "          mjsim table 3,2,1,3-planning --format competition --walls 4\n"
               "          mjsim table 3,3,3,mine --table botzone --walls 2 \\\n"
               "              --player mine='botzone:mjsim botzone --level 2 --keep-running'\n"
               "          mjsim table lineup.toml --walls 3",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    table.add_argument("lineup", help="four player specs or names, comma-separated (e.g. "
                                      "3,3,2,1), or a TOML lineup file")
    table.add_argument("--format", choices=("rotated", "competition"), default="rotated",
                       help="rotated: the seats rotated four ways on each wall (default); "
                            "competition: four different players in all 24 seatings of each "
                            "wall, matches of 4 walls scored by rank points 4/3/2/1, as "
                            "Botzone's duplicate contests")
    _experiment_options(table, walls=10)
    table.set_defaults(walls=None)  # 10, or a match of 4 walls with --format competition
    table.set_defaults(run=cmd_table)

    resume = commands.add_parser(
        "resume", help="continue an interrupted run from its folder alone",
        description="Continue the run in RUN with the experiment, players, ruleset and table "
                    "its manifest records. A run made on another machine or in another folder "
                    "is resumed only with --trust when its players run code (a file, module, "
                    "plugin or program): the refusal names them.",
        epilog="example: mjsim resume runs/table-mjsim-10 --jobs 2",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    resume.add_argument("folder", type=given_path, metavar="RUN", help="a run folder")
    resume.add_argument("--trust", action="store_true",
                        help="run the code a run made elsewhere names")
    _parallel_options(resume)
    resume.set_defaults(run=cmd_resume)

    botzone = commands.add_parser(
        "botzone", help="answer a Botzone judge's requests on stdin as a rung or your player",
        description="A Botzone Chinese Standard Mahjong bot: reads the judge's requests on "
                    "stdin and prints its answers, JSON by default. Upload it to Botzone, or "
                    "seat it in mjsim as botzone:'mjsim botzone ...'. Nothing but answers goes "
                    "to stdout.",
        epilog="examples: mjsim botzone --level 3 --keep-running\n"
               "          mjsim botzone --player bots/mine.py:Mine --simple-io",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    who = botzone.add_mutually_exclusive_group()
    who.add_argument("--level", type=int, choices=LEVELS, default=3,
                     help="the rung that answers (default 3)")
    who.add_argument("--player", metavar="SPEC", help="a player spec that answers instead")
    botzone.add_argument("--simple-io", action="store_true",
                         help="Botzone's simple IO (default: JSON)")
    botzone.add_argument("--keep-running", action="store_true",
                         help="stay up between turns (prints >>>BOTZONE_REQUEST_KEEP_RUNNING<<<)")
    botzone.add_argument("--ruleset", choices=RULESETS, default="gb-mahjong",
                         help="how wins are scored (default gb-mahjong, as Botzone's judge)")
    botzone.add_argument("--table", choices=("botzone", "mcr"), default="botzone",
                         help="whose limits near the wall's end: Botzone's judge's (default), "
                              "or mjsim's own table, to sit there as a botzone: seat")
    botzone.set_defaults(run=cmd_botzone)

    data = commands.add_parser(
        "dataset", help="write every decision of self-play games as arrays (npz shards)",
        epilog="examples: mjsim dataset --players 3,3,3,3 --walls 2 --hands 4 --out data/rung3\n"
               "          mjsim dataset --from-games imported --out data/imported",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    data.add_argument("--players", help="four player specs, comma-separated")
    data.add_argument("--walls", type=int, help="games, one a wall seed")
    data.add_argument("--from-games", metavar="DIR",
                      help="instead, every move of the game logs in DIR (an mjsim import's "
                           "--out): the recorded players' choices")
    data.add_argument("--out", required=True, help="the folder; a dataset in it is resumed")
    data.add_argument("--seed", default="mjsim", help="the walls' seed (default mjsim)")
    data.add_argument("--hands", type=int, default=16, help="hands a game (default 16)")
    data.add_argument("--shard-walls", type=int, default=10, help="walls a shard (default 10)")
    data.add_argument("--ruleset", choices=RULESETS, default="green-book")
    data.add_argument("--quiet", action="store_true", help="no progress bar")
    data.set_defaults(run=cmd_dataset)

    from mjsim.ui.importing import add_commands
    add_commands(commands, cmd_import, cmd_export, given_path)
    from mjsim.ui.training import add_command
    add_command(commands)
    return parser


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("mjsim")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown"


RUNS = ("ladder", "price", "table", "resume")  # commands whose run the same command resumes
_DASHED_TILES = re.compile(r"^-[0-9]+[mpsz]")


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; returns the exit status (0 done, 1 a run stopped, 2 bad input, 130
    interrupted)."""
    parser = build_parser()
    arguments = sys.argv[1:] if argv is None else list(argv)
    dashed = next((word for word in arguments if _DASHED_TILES.match(word)), None)
    if dashed is not None:  # argparse would take it for an option and say something else
        parser.error(f"{dashed!r} is not an option: write tiles without a dash, as "
                     f"{dashed[1:]!r}")
    args = parser.parse_args(arguments)
    if hasattr(args, "check"):  # what argparse cannot say alone: still one line, status 2
        args.check(args)
    try:
        output = args.run(args)
        if output:
            print(output, flush=True)
    except UsageError as error:
        print(f"mjsim {args.command}: {error}", file=sys.stderr)
        return 2
    except RunStopped as error:
        print(f"mjsim {args.command}: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        again = "; what was written stays: run the same command to resume" if (
            args.command in RUNS) else ""
        print(f"\nmjsim {args.command}: interrupted{again}", file=sys.stderr)
        return 130
    except BrokenPipeError:  # a reader such as head stopped reading: that is no error
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # so the interpreter's last flush fails quietly
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
