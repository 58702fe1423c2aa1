"""Running many games: batches of (seed, lineup) tasks over joblib, written as they finish.

Each game is a pure function of (seed, lineup, ruleset), and the tables are sorted when they are
loaded, so the results do not depend on ``n_jobs``, the backend, or the order batches finish in.
``backend="dask"`` runs the same batches on a Dask distributed cluster (``pip install .[dask]``)
through joblib's Dask backend.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import warnings
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, TypedDict

from joblib import Parallel, delayed, parallel_config

import mjsim
from mjsim.analysis import shanten
from mjsim.errors import whole
from mjsim.game.settings import Limits, Settings, settings_of
from mjsim.players.driver import PlayerError, TooManyFouls
from mjsim.tiles.hand import Hand
from mjsim.tournament.lineups import Lineup, Roster
from mjsim.tournament.records import (
    GameRecords,
    Streak,
    add_streaks,
    check_streaks,
    lineup_key,
    play_games,
)
from mjsim.tournament.store import RunFolder, Tables, encode_batch, git_hash, origin

Task = tuple[str, Lineup]
Played = tuple[int, dict[str, bytes], dict[str, Streak]]
"""A played batch: its number, its encoded tables, each entry's streak of fouls."""
Failure = PlayerError | TooManyFouls
"""What stops a run: a player that raised, or fouls in a row."""
BACKENDS = ("loky", "dask", "sequential")
MAX_PENALTY = 10_000
"""The most a foul may cost each other seat in a run: a thousand times the default, more than
any hand scores, and small enough that a run's points stay exact in the tables' 64-bit
integers."""
WALLS_TOGETHER = 8
"""The most batches a worker plays at once for a player deciding in batches: a learned seat's
forward pass costs about 115 µs a view at 16 views against 133 at 4."""


class RunOptions(TypedDict, total=False):
    """The options of :func:`run` that an experiment passes through as keywords: the workers',
    and the games' :class:`~mjsim.game.settings.Settings`, whole or in their keyword forms."""

    n_jobs: int
    backend: str
    scheduler: str | None
    quiet: bool
    settings: Settings
    ruleset: str
    table: str
    penalty: int
    max_fouls: int
    limits: Limits


def run_settings(options: RunOptions) -> Settings:
    """The settings ``options`` give, parsed: :func:`~mjsim.game.settings.settings_of` of their
    ``settings`` or keyword forms (``ValueError`` for a bad one, or for both given)."""
    return settings_of(options.get("settings"), ruleset=options.get("ruleset"),
                       table=options.get("table"), penalty=options.get("penalty"),
                       max_fouls=options.get("max_fouls"), limits=options.get("limits"))


def bounded(settings: Settings) -> Settings:
    """``settings``, or a ``ValueError`` naming a penalty above :data:`MAX_PENALTY` (which a
    game's :class:`~mjsim.game.settings.Settings` take, but a run does not)."""
    whole(settings.penalty, "penalty", 0, MAX_PENALTY)
    return settings


def play_batch(batch: int, tasks: Sequence[Task], settings: Settings,
               definitions: dict[str, str], shadows: tuple[tuple[str, str], ...],
               programs: str | None) -> Played:
    """Play the games of one batch in order, under the run's ``settings`` with its ``shadows``
    (:func:`~mjsim.tournament.records.play_game`'s), and encode its tables
    (:func:`encode_batch`): this is what a worker runs, rebuilding the players from their
    specs. A program seat of game g
    runs in ``programs``/bBATCH-gG/seatN. Fouls in a row are counted across the batch's games
    (:class:`~mjsim.tournament.records.Streak`, raising ``TooManyFouls`` at ``max_fouls``), and
    each entry's streak over the batch is returned, for the run to count across batches."""
    workdirs = _workdirs(programs, batch, len(tasks))
    try:
        return _tallied(batch, play_games(tasks, roster=Roster(definitions), workdirs=workdirs,
                                          shadows=shadows, settings=settings),
                        workdirs, settings.max_fouls)
    except PlayerError as error:  # placed in the run, for the one line the user reads
        seed, lineup = tasks[error.game]
        raise PlayerError(f"{error.message}, on wall {seed!r} (lineup "
                          f"{lineup_key(lineup)})", error.detail, error.seat, batch,
                          error.game) from None


def play_batches(numbers: Sequence[int], batches: Sequence[Sequence[Task]], settings: Settings,
                 definitions: dict[str, str], shadows: tuple[tuple[str, str], ...],
                 programs: str | None) -> list[tuple[int, Played | Failure]]:
    """Several batches in one worker, their games played at once
    (:func:`~mjsim.tournament.records.play_games`), so that a player deciding in batches (the
    learned player) decides the views of all their walls in one call; each batch's tables and
    streak are :func:`play_batch`'s, and a batch with too many fouls in a row fails alone. When
    a player raises, the batches are played again one by one, so that each failure is its own
    batch's, as a run of one batch a worker reports it. One batch is :func:`play_batch`'s
    alone, which stops at the game whose fouls are too many in a row."""
    if len(numbers) == 1:
        return [_played_or_failed(numbers[0], batches[0], settings, definitions, shadows,
                                  programs)]
    workdirs = [_workdirs(programs, number, len(tasks))
                for number, tasks in zip(numbers, batches, strict=True)]
    try:
        played = list(play_games([task for tasks in batches for task in tasks],
                                 roster=Roster(definitions),
                                 workdirs=[folder for folders in workdirs for folder in folders],
                                 shadows=shadows, settings=settings))
    except PlayerError:
        return [_played_or_failed(number, tasks, settings, definitions, shadows, programs)
                for number, tasks in zip(numbers, batches)]
    results: list[tuple[int, Played | Failure]] = []
    start = 0
    for number, folders in zip(numbers, workdirs):
        games = played[start:start + len(folders)]
        start += len(folders)
        try:
            results.append((number, _tallied(number, games, folders, settings.max_fouls)))
        except TooManyFouls as error:
            results.append((number, error))
    return results


def _workdirs(programs: str | None, batch: int, games: int) -> list[Path | None]:
    return [None if programs is None else Path(programs) / f"b{batch:06d}-g{game}"
            for game in range(games)]


def _tallied(batch: int, played: Iterable[GameRecords], workdirs: Sequence[Path | None],
             max_fouls: int) -> Played:
    """The batch's played games' tables, encoded, and each entry's streak over them, checked
    game by game (``TooManyFouls`` at ``max_fouls``)."""
    records = GameRecords()
    streaks: dict[str, Streak] = {}
    for workdir, game in zip(workdirs, played):
        streaks = add_streaks(streaks, Streak.of_game(game, workdir))
        check_streaks(streaks, max_fouls)
        records.extend(game)
    return batch, encode_batch(records), streaks


class _FoulsInARow:
    """Each entry's fouls in a row across the batches of a run, in the order of the batches
    (whatever order they finish in): a batch's streak is added once every batch before it has
    been. A batch written before this call breaks the count (its streaks are not kept)."""

    def __init__(self, pending: Sequence[int], max_fouls: int) -> None:
        self.order, self.max_fouls = list(pending), max_fouls
        self.waiting: dict[int, dict[str, Streak]] = {}
        self.streaks: dict[str, Streak] = {}
        self.next = 0  # the position in ``order`` of the next batch to add

    def add(self, batch: int, streaks: dict[str, Streak]) -> None:
        """Count batch ``batch``'s streaks; raises ``TooManyFouls`` at ``max_fouls`` in a row."""
        self.waiting[batch] = streaks
        while self.next < len(self.order) and self.order[self.next] in self.waiting:
            batch = self.order[self.next]
            follows = self.next > 0 and self.order[self.next - 1] == batch - 1
            self.streaks = add_streaks(self.streaks if follows else {}, self.waiting.pop(batch))
            self.next += 1
            check_streaks(self.streaks, self.max_fouls)


def _kept(folder: RunFolder, batches: Sequence[Sequence[Task]], error: PlayerError) -> PlayerError:
    """``error`` with its traceback written to the run folder's ``errors/`` and the one line
    naming the game (its ID for ``mjsim replay RUN --game ID``) and that file."""
    game = sum(len(batch) for batch in batches[:error.batch]) + error.game
    path = folder.path / "errors" / f"game{game}-seat{error.seat}.txt"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"{error.message}\n\n{error.detail}")
    return PlayerError(f"game {game}: {error.message}; its traceback is in {path}",
                       error.detail, error.seat, error.batch, error.game)


def run(batches: Sequence[Sequence[Task]], out: str | Path, *, settings: Settings | None = None,
        ruleset: str | None = None, n_jobs: int = 1, backend: str = "loky",
        scheduler: str | None = None, limit: int | None = None, quiet: bool = False,
        kind: str = "games", arguments: dict[str, Any] | None = None,
        roster: Roster | None = None, table: str | None = None, penalty: int | None = None,
        max_fouls: int | None = None, limits: Limits | None = None,
        shadows: Mapping[str, str] | None = None) -> Tables:
    """Play batches of (seed, lineup) games into the run folder ``out``; return its tables (each
    read from disk when first asked for). Lineups name players by spec, or by the names ``roster``
    defines. The games' ``settings`` (:class:`~mjsim.game.settings.Settings`) come whole or as
    their keywords (not both), parsed once here: ``table`` is ``"mcr"`` (sixteen hands a game)
    or ``"botzone"`` (Botzone's table, one hand a game); a foul costs ``penalty`` to each other
    seat, and ``max_fouls`` in a row by one entry (across games and walls, in the order played)
    stop the run; ``limits`` hold for each program seat whose spec sets none of its own. A
    program seat keeps its working folder, with its stderr, under ``out``/programs. ``shadows``
    maps a challenger entry to
    its baseline's: a seat it plays also asks the baseline on each view and the seats table counts
    where they differ (``decisions``, ``changed``; :class:`~mjsim.players.compare.Shadowed`).

    ``limit`` plays only the first ``limit`` batches (a sequential test extends a run wall by
    wall). A folder that already holds this run (same batches and ruleset) is resumed: only the
    batches not yet written are played. Raises ``ValueError`` for a folder that holds a
    different run, an unknown backend, a player that cannot be built, or a Dask backend without
    a reachable scheduler; lets :class:`~mjsim.players.driver.TooManyFouls` through (the
    batches written before it stay, and the run resumes once the player is fixed), and
    :class:`~mjsim.players.driver.PlayerError` for a player that raised, naming its game and
    the file under ``out``/errors that keeps its traceback.
    """
    if backend not in BACKENDS:
        raise ValueError(f"no backend {backend!r}; the backends are {', '.join(BACKENDS)}")
    n_jobs = whole(n_jobs, "n_jobs")
    if n_jobs == 0:  # joblib's -1 is a worker a core, -2 all cores but one
        raise ValueError("n_jobs is a number of workers (-1: one a core), not 0")
    if scheduler is not None and backend != "dask":  # it would be ignored
        raise ValueError(f"scheduler is a Dask scheduler's address, for backend 'dask' only, "
                         f"not {scheduler!r} with backend {backend!r}")
    # Parsed once, here, and handed down to every game, and recorded in the manifest.
    settings = bounded(settings_of(settings, ruleset=ruleset, table=table, penalty=penalty,
                                   max_fouls=max_fouls, limits=limits))
    roster = Roster.of(roster)
    entries = sorted({entry for batch in batches for _, lineup in batch for entry in lineup})
    pairs = tuple(sorted((roster.entry(challenger), roster.entry(baseline))
                         for challenger, baseline in (shadows or {}).items()))
    roster.check([*entries, *(baseline for _, baseline in pairs)], settings.limits)
    folder = RunFolder(out)
    # The executor first: a Dask scheduler out of reach is refused before the folder is made.
    with _executor(backend, scheduler), folder.held():  # one run at a time writes it
        listed = [[[seed, lineup_key(lineup)] for seed, lineup in batch] for batch in batches]
        folder.start({
            "kind": kind, **settings.manifest(), "definitions": roster.definitions,
            "batches": listed,
            "version": mjsim.__version__, "git": git_hash(), "arguments": arguments or {},
            "players": roster.described(entries), "origin": origin(folder.path),
            **({"shadows": [list(pair) for pair in pairs]} if pairs else {}),
        })
        programs = (str(folder.path.resolve() / "programs") if roster.runs_programs(entries)
                    else None)
        wanted = len(batches) if limit is None else min(limit, len(batches))
        # A damaged batch is played again: its games are a function of its seeds, so nothing
        # is lost.
        intact = folder.done() - folder.damaged(listed[:wanted]).keys()
        pending = sorted(set(range(wanted)) - intact)
        with _progress(quiet, wanted, wanted - len(pending)) as advance:
            if pending:
                _loky_race_quiet()
                size = _together(pending, n_jobs, any(map(roster.decides_in_batches, entries)))
                chunks = [pending[at:at + size] for at in range(0, len(pending), size)]
                # A worker beyond the chunks would only start, cost memory and wait.
                jobs = -1 if backend == "dask" else min(n_jobs, len(chunks))
                results = Parallel(n_jobs=jobs, return_as="generator_unordered")(
                    delayed(play_batches)(chunk, [batches[batch] for batch in chunk],
                                          settings, roster.definitions, pairs, programs)
                    for chunk in chunks)
                fouls = _FoulsInARow(pending, settings.max_fouls)

                def written(batch: int, files: dict[str, bytes],
                            streaks: dict[str, Streak]) -> None:
                    folder.write_encoded(batch, files)
                    advance()
                    fouls.add(batch, streaks)

                try:
                    with _stopped_early_quietly(results):
                        _gather((done for chunk in results for done in chunk), pending,
                                written)
                except PlayerError as error:
                    raise _kept(folder, batches, error) from None
    return folder.tables(played=len(pending))


@contextlib.contextmanager
def _stopped_early_quietly(results: Generator[Any, None, None]) -> Iterator[None]:
    """Closes ``results``, which stops the batches still running, without joblib's warning
    that a generator closed early cancelled tasks: a run stops early on purpose (a player that
    raised, fouls, Ctrl-C, a full disk), says why in one line, and plays those batches again
    when resumed."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", category=UserWarning, module=r"joblib\.",
                                message=r".*You could benefit from adjusting the input task")
        try:
            yield
        finally:
            results.close()


def _loky_race_quiet() -> None:
    """Install (once) a ``threading.excepthook`` that says nothing of loky's executor manager
    losing the race with its pool's shutting down mid-task: on Ctrl-C with two jobs, one time
    in four, its thread printed a traceback ending ``KeyError: 5`` (from
    ``add_call_item_to_queue``, the task cancelled under it) beside the run's one line. Any
    other exception in any thread is handed to the hook it replaced."""
    if not isinstance(threading.excepthook, _LokyRaceQuiet):
        threading.excepthook = _LokyRaceQuiet(threading.excepthook)


class _LokyRaceQuiet:
    """The hook :func:`_loky_race_quiet` installs."""

    def __init__(self, previous: Callable[[threading.ExceptHookArgs], object]) -> None:
        self.previous = previous

    def __call__(self, args: threading.ExceptHookArgs) -> None:
        if not (args.exc_type is KeyError and type(args.thread).__module__.startswith(
                "joblib.externals.loky.")):
            self.previous(args)


def _together(pending: Sequence[int], n_jobs: int, batching: bool) -> int:
    """How many batches (walls) a worker plays at once: :data:`WALLS_TOGETHER` when a player
    decides in batches (more views a forward pass), fewer when that would leave a worker idle;
    otherwise one, so that fouls in a row stop a batch at the game they happen in."""
    if not batching:
        return 1
    workers = n_jobs if n_jobs > 0 else os.cpu_count() or 1
    return max(1, min(WALLS_TOGETHER, -(-len(pending) // workers)))


def _played_or_failed(batch: int, *arguments: Any) -> tuple[int, Played | Failure]:
    """The batch and what :func:`play_batch` gave for it, its exception returned rather than
    raised: the run says which batch failed first in its order, not in the order workers end."""
    try:
        return batch, play_batch(batch, *arguments)
    except (PlayerError, TooManyFouls) as error:  # handed back to the run, which raises it
        return batch, error


def _gather(results: Iterable[tuple[int, Played | Failure]], pending: Sequence[int],
            written: Callable[[int, dict[str, bytes], dict[str, Streak]], None]) -> None:
    """Hand each played batch of ``results`` (in any order) to ``written``; when batches fail
    (or ``written`` counts too many fouls at one), raise the failure of the lowest once every
    batch below it is in, so that the error a stopped run reports depends on its batches
    alone."""
    unfinished, failed = set(pending), dict[int, Failure]()
    for batch, result in results:
        unfinished.discard(batch)
        if isinstance(result, (PlayerError, TooManyFouls)):
            failed[batch] = result
        else:
            try:
                written(*result)
            except TooManyFouls as error:
                failed[batch] = error
        if failed and all(other > min(failed) for other in unfinished):
            break
    if failed:
        raise failed[min(failed)]


def start_workers(n_jobs: int) -> None:
    """Start the ``n_jobs`` loky workers of a run about to be made, each loading the game and
    building the tables its first game would, and return once their processes exist. A command
    calls this before it loads its statistics and plots (two seconds on one core), so that the
    workers' start-up (half a second each, and loky's own) runs on the idle core meanwhile
    instead of after; the run reuses the workers, which loky keeps alive between calls.

    The workers ignore Ctrl-C, which a terminal sends to them too: the command hears it, says
    so in one line and stops them (else a worker still importing would print its own
    traceback). A process inherits an ignored signal, and Python leaves it ignored."""
    if n_jobs < 2:
        return
    _loky_race_quiet()
    with _ctrl_c_ignored(), parallel_config(backend="loky"):
        # The first tasks are sent, and so the processes made, before this returns.
        warming = Parallel(n_jobs=n_jobs, return_as="generator_unordered")(
            delayed(warm_up)() for _ in range(n_jobs))
    threading.Thread(target=_finish, args=(warming,), name="mjsim-start-workers",
                     daemon=True).start()


@contextlib.contextmanager
def _ctrl_c_ignored() -> Iterator[None]:
    """SIGINT ignored meanwhile, for the processes made meanwhile (for a few milliseconds: a
    Ctrl-C then is lost). Only the main thread may set it; elsewhere, nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _finish(warming: Iterator[None]) -> None:
    # Only a head start: a run that stops at once shuts the pool down under it, and says why.
    with contextlib.suppress(Exception):
        for _ in warming:
            pass


def warm_up() -> None:
    """What a worker runs first: the tables every game reads, built once in its process."""
    shanten.shanten(Hand.parse("123456789m 1234p").counts)


@contextlib.contextmanager
def _executor(backend: str, scheduler: str | None) -> Iterator[None]:
    if backend == "sequential":
        with parallel_config(backend="sequential"):
            yield
        return
    if backend == "loky":
        with parallel_config(backend="loky"):
            yield
        return
    if not scheduler:
        raise ValueError("the dask backend needs --scheduler ADDRESS (e.g. tcp://host:8786)")
    try:
        from distributed import Client
    except ImportError as error:
        raise ValueError("the dask backend needs the dask extra: pip install .[dask]") from error
    try:
        # distributed does not annotate Client (its constructor and close), hence the ignores.
        client = Client(scheduler, timeout="10s")  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError) as error:
        raise ValueError(f"cannot reach the Dask scheduler at {scheduler!r}: {error}") from None
    try:
        with parallel_config(backend="dask"):
            yield
    finally:
        client.close()  # type: ignore[no-untyped-call]  # unannotated in distributed


@contextlib.contextmanager
def _progress(quiet: bool, total: int, done: int) -> Iterator[Callable[[], None]]:
    """A progress bar on stderr when it is a terminal; nothing when quiet or when it is not.
    Yields the function that advances it by a batch."""
    if quiet or not sys.stderr.isatty():
        yield lambda: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    # On stderr, the terminal asked: rich's own console is stdout, so a run whose results
    # were redirected (> file, | tee) showed no bar.
    with Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("batches", total=total, completed=done)
        yield lambda: bar.advance(task)
