"""The experiments: price ideas, climb the ladder, seat a table; each writes a run folder.

- :func:`price`: each idea X of a baseline player B (rung 3 by default, or any player that
  declares ideas) is priced by the paired challenger design, with "B-X" (B with X switched off)
  challenging a field of B; the price is the points X adds.
- :func:`ladder`: each step of a ladder of players (rung r challenging a field of rung r-1; the
  built-in rungs 1, 2, 3, 4 by default), every idea of the top rung, and the standings of a table
  of rungs with its seats rotated.
- :func:`table`: the standings of one lineup with its seats rotated, or in the competition
  format (each match 4 walls x 24 seatings, scored by rank points 4/3/2/1).
- :func:`resume`: a run continued from its manifest alone.

Every player is named by a spec or by a name the ``roster`` defines (:mod:`.lineups`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import Any, Unpack

import pandas as pd

from mjsim.errors import clipped, run_seed, whole
from mjsim.game.settings import Settings
from mjsim.game.settlement import HANDS
from mjsim.players.rungs import LEVELS
from mjsim.players.specs import spec_file
from mjsim.tournament import power, sequential, triggers
from mjsim.tournament.estimates import Priced, Stopping, estimates, per_hand_means, priced_seats
from mjsim.tournament.lineups import Lineup, Roster, as_lineup, rung_label, text_entry
from mjsim.tournament.rankings import (
    MATCH_WALLS,
    WALL_COLUMNS,
    WallSums,
    competition,
    contrasts,
    standings,
)
from mjsim.tournament.records import lineup_key
from mjsim.tournament.runner import RunOptions, bounded, run, run_settings
from mjsim.tournament.schedule import (
    CONTROL_EVERY,
    challenger_games,
    control_game,
    per_wall,
    priced_walls,
    rotations,
    run_walls,
    seatings,
    wall_seeds,
)
from mjsim.tournament.sequential import Sequential
from mjsim.tournament.store import MANIFEST, RunFolder, origin

RUNGS: tuple[str, ...] = ("1", "2", "3", "4")
"""The built-in ladder."""
DELTA = 0.5
"""Points a hand: the effect the sequential test looks for, and that tables plan walls for."""
STAGE = 10
"""Walls added per step of a sequential test."""


@dataclass
class Report:
    """What an experiment found, and where it wrote it."""

    out: Path
    estimates: pd.DataFrame = field(default_factory=pd.DataFrame)
    standings: pd.DataFrame = field(default_factory=pd.DataFrame)
    contrasts: pd.DataFrame = field(default_factory=pd.DataFrame)
    sequential: dict[str, Sequential] = field(default_factory=dict)
    competition: pd.DataFrame = field(default_factory=pd.DataFrame)
    tables: Mapping[str, pd.DataFrame] = field(default_factory=dict)
    played: int = 0
    """The walls this call played: 0 when the folder held every one it needed (a finished run
    asked again, or resumed)."""


def chosen_ideas(ideas: Iterable[str], baseline: str, roster: Roster) -> list[str]:
    """The ideas to price: at least one, none twice, each one the baseline has switched on
    (else ``ValueError`` naming it and the ideas there are)."""
    chosen = list(ideas)
    if len(set(chosen)) != len(chosen) or not chosen:
        raise ValueError(f"name each idea once, and at least one: {chosen}")
    declared = roster.ideas(baseline)
    for idea in chosen:
        if idea not in declared:
            ideas = (f"its ideas are {', '.join(declared)}" if declared
                     else "it has no ideas to switch off")
            raise ValueError(f"{baseline} has no idea {idea!r}; {ideas}")
    return chosen


def price(ideas: Iterable[str], out: str | Path, *, baseline: str | None = None,
          level: int = 3, roster: Roster | None = None, walls: int | None = None,
          seed: str = "mjsim", until_decided: bool = False, delta: float = DELTA,
          sd: float = power.PILOT_SD, **run_options: Unpack[RunOptions]) -> Report:
    """Price each idea of ``baseline`` (a spec or a name ``roster`` defines; by default rung
    ``level``): the points per game and per hand it adds, with intervals.

    ``walls`` defaults to 20. With ``until_decided``, walls are added ``STAGE`` at a time up to
    ``walls`` (by default the cap :func:`.power.plan` gives for ``delta`` at per-seed SD ``sd``)
    until the sequential test (:func:`.sequential.t_sprt`, ``delta`` points a hand) decides
    every idea; the intervals and p-values are then the ones valid under that stopping.
    """
    roster = Roster.of(roster)
    level = whole(level, "level (a rung)", min(LEVELS), max(LEVELS))
    baseline = roster.entry(str(level) if baseline is None else text_entry(
        baseline, "baseline is a player spec or name (text)"))
    chosen = chosen_ideas(ideas, baseline, roster)
    if walls is None:
        walls = power.plan(delta, sd, STAGE).cap if until_decided else 20
    walls, seed = run_walls(walls), run_seed(seed)
    challengers = [roster.with_off(baseline, idea) for idea in chosen]
    every = control_every(out)
    batches = priced_walls(wall_seeds(seed, walls),
                           [(control_game(baseline), challenger_games(baseline, challengers))],
                           every)
    arguments = {"ideas": chosen, "baseline": baseline, "walls": walls, "seed": seed,
                 "until_decided": until_decided, "delta": delta, "sd": sd,
                 "control_every": every}
    hands = hands_per_game(run_options)
    rows = [Priced(idea, challenger, baseline) for idea, challenger in zip(chosen, challengers)]
    report = Report(Path(out))
    limit = min(STAGE, walls) if until_decided else walls
    while True:
        tables = run(batches, out, limit=limit, kind="price", arguments=arguments,
                     roster=roster, shadows=triggers.shadows(baseline, challengers),
                     **run_options)
        report.tables, report.played = tables, report.played + tables.played
        seats = priced_seats(out, [baseline])
        if not until_decided:
            break
        means = per_hand_means(seats, rows, hands)
        report.sequential = {idea: sequential.t_sprt(means[idea], delta) for idea in chosen}
        if all(s.decision != "undecided" for s in report.sequential.values()) or limit >= walls:
            break
        limit = min(limit + STAGE, walls)
    stopping = (Stopping(report.sequential, power.plan(delta, sd, STAGE), walls, STAGE)
                if until_decided else None)
    report.estimates = estimates(seats, rows, hands, delta, looks=_looks(out),
                                 stopping=stopping)
    return _written(report)


def ladder(out: str | Path, *, rungs: Sequence[str] = RUNGS, roster: Roster | None = None,
           walls: int = 20, seed: str = "mjsim", **run_options: Unpack[RunOptions]) -> Report:
    """Each step of the ladder ``rungs`` (each a spec or a name ``roster`` defines, lowest
    first: the built-in rungs 1, 2, 3, 4 by default), every idea the top rung has switched on, and
    the standings of a table of rungs (:func:`ladder_table`) with its seats rotated."""
    walls, seed = run_walls(walls), run_seed(seed)
    roster = Roster.of(roster)
    if isinstance(rungs, str | bytes) or not isinstance(rungs, Iterable):  # "12" is no ladder
        raise TypeError(f"rungs is a sequence of player specs or names, not "
                        f"{clipped(repr(rungs), 40)}")
    steps = [roster.entry(text_entry(rung, "rungs holds specs or names (text)"))
             for rung in rungs]
    if len(steps) < 2 or len(set(steps)) != len(steps):
        raise ValueError(f"a ladder is two or more distinct rungs, lowest first: {list(rungs)}")
    top = steps[-1]
    ideas = roster.ideas(top)
    idea_challengers = [roster.with_off(top, idea) for idea in ideas]
    seated = ladder_table(steps)
    groups = [(control_game(lower), challenger_games(lower, [upper]))
              for lower, upper in pairwise(steps)]
    if ideas:
        groups.append((control_game(top), challenger_games(top, idea_challengers)))
    every = control_every(out)
    batches = priced_walls(wall_seeds(seed, walls), groups, every, rest=rotations(seated))
    arguments = {"rungs": steps, "walls": walls, "seed": seed, "control_every": every}
    tables = run(batches, out, kind="ladder", arguments=arguments, roster=roster,
                 shadows=triggers.shadows(top, idea_challengers), **run_options)
    seats = priced_seats(out, steps)  # each step's lower rung, and the top's ideas
    rows = [Priced(f"{rung_label(upper)} over {rung_label(lower)}", upper, lower, sign=1,
                   kind="step") for lower, upper in pairwise(steps)]
    rows += [Priced(idea, challenger, top, kind="idea")
             for idea, challenger in zip(ideas, idea_challengers)]
    # A finished ladder extended has looks: its intervals must hold however it stopped.
    found = estimates(seats, rows, hands_per_game(run_options), DELTA, looks=_looks(out))
    rotated = [lineup_key(lineup) for lineup in rotations(seated)]
    return _written(_with_standings(Report(Path(out), estimates=found, tables=tables,
                                           played=tables.played), wall_sums(out, rotated)))


def _looks(out: str | Path) -> list[int]:
    """The walls the run in ``out`` was read at before it was extended (none for a run played
    once)."""
    looks: list[int] = (RunFolder(out).manifest() or {}).get("looks", [])
    return looks


def control_every(out: str | Path) -> int:
    """Walls between the health check's control games for the run in ``out``: as its manifest
    says, 1 for a folder made when every wall had one (before they became a health check), and
    :data:`.schedule.CONTROL_EVERY` for a new run, so a run resumes or extends as it began."""
    manifest = RunFolder(out).manifest()
    if manifest is None:
        return CONTROL_EVERY
    return int(manifest.get("arguments", {}).get("control_every", 1))


def ladder_table(rungs: Sequence[str]) -> Lineup:
    """The four rungs whose rotated games give a ladder's standings: the top rung twice for
    three rungs (1, 2, 3, 3), each twice for two, the top four of a longer ladder.

    >>> ladder_table(["1", "2", "3"]), ladder_table(["a", "b"])
    (('1', '2', '3', '3'), ('a', 'a', 'b', 'b'))
    """
    if len(rungs) == 2:
        return as_lineup((rungs[0], rungs[0], rungs[1], rungs[1]))
    if len(rungs) == 3:
        return as_lineup((*rungs, rungs[-1]))
    return as_lineup(rungs[-4:])


FORMATS = ("rotated", "competition")
"""How :func:`table` seats a lineup on each wall: its four rotations, or all 24 seatings."""


def table(lineup: str | Sequence[str], out: str | Path, *, roster: Roster | None = None,
          walls: int = 20, seed: str = "mjsim", schedule: str = "rotated",
          **run_options: Unpack[RunOptions]) -> Report:
    """Play ``lineup`` (specs, or names ``roster`` defines) on each wall, and report its
    standings. ``schedule`` "rotated" plays its seats rotated four ways; "competition" plays four
    different players in all 24 seatings, in matches of :data:`.rankings.MATCH_WALLS` walls
    (``walls`` a multiple of it), and adds their standings by rank points
    (:func:`.rankings.competition`) as ``report.competition``."""
    if schedule not in FORMATS:
        raise ValueError(f"no format {schedule!r}; the formats are {', '.join(FORMATS)}")
    walls, seed = run_walls(walls), run_seed(seed)
    roster = Roster.of(roster)
    entries = roster.lineup(lineup)
    if schedule == "competition" and walls % MATCH_WALLS:
        raise ValueError(f"the competition format plays matches of {MATCH_WALLS} walls: "
                         f"--walls is a multiple of {MATCH_WALLS}, not {walls}")
    lineups = seatings(entries) if schedule == "competition" else rotations(entries)
    batches = per_wall(wall_seeds(seed, walls), lineups)
    arguments = {"lineup": list(entries), "walls": walls, "seed": seed, "schedule": schedule}
    tables = run(batches, out, kind="table", arguments=arguments, roster=roster, **run_options)
    sums = wall_sums(out)
    report = _with_standings(Report(Path(out), tables=tables, played=tables.played), sums)
    if schedule == "competition":
        report.competition = competition(sums)
    return _written(report)


def wall_sums(out: str | Path, lineups: Sequence[str] | None = None) -> WallSums:
    """The per-wall sums of the standings of the run in ``out`` (of its games of ``lineups``,
    lineup keys, if given), read a few batches at a time: a long run's analysis holds those
    sums, never its seats table."""
    frames = RunFolder(out).scan("seats", WALL_COLUMNS)
    return WallSums.of_frames(frames if lineups is None else
                              (frame[frame["lineup"].isin(lineups)] for frame in frames))


def refuse_untrusted(path: Path, manifest: dict[str, Any], roster: Roster,
                     entries: Sequence[str], trust: bool, doing: str) -> None:
    """Raise ``ValueError`` when ``entries`` would run code (a file, module, plugin or
    program) named by a run folder made elsewhere, unless ``trust``: a folder copied from
    someone else is data, and running what it names is the user's choice."""
    code = roster.runs_code(entries)
    if code and not trust and manifest.get("origin") != origin(path):
        made = manifest.get("origin") or {}
        specs = ", ".join(roster.spec(entry) for entry in code)
        raise ValueError(f"{path} was made elsewhere ({made.get('host', '?')}:"
                         f"{made.get('folder', '?')}); {doing} would run {specs}; pass "
                         "--trust to run them")


def resume(out: str | Path, *, trust: bool = False, **run_options: Unpack[RunOptions]) -> Report:
    """Continue the run in ``out`` from its manifest alone, with the same experiment, players,
    ruleset and table.

    A run whose players run code (a file, a module, a plugin, a program) is resumed only on the
    machine and in the folder it was made in, unless ``trust``: a folder made elsewhere could
    name anything. Raises ``ValueError`` saying which specs it would run, or when ``out`` holds
    no run.
    """
    folder = RunFolder(out)
    manifest = folder.manifest()
    if manifest is None:
        raise ValueError(f"{out} holds no run (no {MANIFEST})")
    problem = _unresumable(manifest)
    if problem:
        raise ValueError(f"{out} holds no run that resumes: its {MANIFEST} {problem}")
    roster = Roster(manifest.get("definitions", {}))
    arguments = dict(manifest["arguments"])
    # The experiment loads the players its arguments name before it reads a batch: every spec
    # the manifest names, anywhere, is checked before any is loaded.
    entries = sorted({entry for batch in manifest["batches"] for _, lineup in batch
                      for entry in lineup.split(",")} | _argument_entries(arguments))
    refuse_untrusted(folder.path, manifest, roster, entries, trust, "resuming it")
    _refuse_files_elsewhere(manifest, roster, entries)
    arguments.pop("control_every", None)  # read again from the manifest by the experiment
    options: RunOptions = {**run_options, "settings": Settings.from_manifest(manifest)}
    kind = manifest["kind"]
    if kind == "price":
        return price(arguments.pop("ideas"), out, roster=roster, **arguments, **options)
    if kind == "ladder":
        return ladder(out, roster=roster, **arguments, **options)
    if kind == "table":
        return table(arguments.pop("lineup"), out, roster=roster, **arguments, **options)
    raise ValueError(f"{out} holds a run of kind {kind!r}, which only its own code resumes")


def _refuse_files_elsewhere(manifest: dict[str, Any], roster: Roster,
                            entries: Sequence[str]) -> None:
    """Raise ``ValueError`` for a player file named relative to the folder the run was started
    in (``bots/mine.py:Mine``) that is not found from here: it said "no file bots/mine.py",
    not why. The folder is named when the manifest records the file's absolute path."""
    players = manifest.get("players")
    for entry in entries:
        source = spec_file(roster.parsed(entry))
        if source is None or Path(source).is_absolute() or Path(source).is_file():
            continue
        described = players.get(entry) if isinstance(players, dict) else None
        started = _started_in(described.get("file") if isinstance(described, dict) else None,
                              source)
        if started == Path.cwd().resolve():  # started here: the file is gone, as said later
            continue
        named = "that folder" if started is None else str(started)
        raise ValueError(f"player {roster.spec(entry)} names its file {source} relative to the "
                         f"folder the run was started in, and {Path.cwd()} holds none: resume "
                         f"the run from {named}")


def _started_in(recorded: object, source: str) -> Path | None:
    """The folder a run was started in, read off a player file's ``source`` as written and the
    absolute path its manifest ``recorded`` for it; None when they do not tell."""
    written = Path(source).parts  # "./x.py" is ("x.py",)
    if not isinstance(recorded, str) or ".." in written:
        return None
    absolute = Path(recorded).parts
    if len(absolute) <= len(written) or absolute[-len(written):] != written:
        return None
    return Path(*absolute[:-len(written)])


def _argument_entries(arguments: dict[str, Any]) -> set[str]:
    """The lineup entries a run's recorded arguments name: its lineup, rungs and baseline."""
    lineup, baseline = arguments.get("lineup", []), arguments.get("baseline")
    named = [*(lineup.split(",") if isinstance(lineup, str) else lineup),
             *arguments.get("rungs", []), *([] if baseline is None else [baseline])]
    return {entry.strip() for entry in named}


_ARGUMENTS: dict[str, tuple[type, ...]] = {
    "ideas": (list,), "baseline": (str, type(None)), "walls": (int,), "seed": (str,),
    "until_decided": (bool,), "delta": (int, float), "sd": (int, float),
    "control_every": (int,), "rungs": (list,), "lineup": (list, str), "schedule": (str,),
    "level": (int,)}
"""The type of each argument a run's manifest records, as its experiment takes it."""
_KIND_ARGUMENTS = {
    "price": {"ideas", "baseline", "level", "walls", "seed", "until_decided", "delta", "sd",
              "control_every"},
    "ladder": {"rungs", "walls", "seed", "control_every"},
    "table": {"lineup", "walls", "seed", "schedule"}}
_REQUIRED = {"price": {"ideas"}, "ladder": set(), "table": {"lineup"}}


def _unresumable(manifest: Any) -> str:
    """What keeps a manifest from naming a run :func:`resume` can continue, in words (empty
    if nothing): a dataset's manifest, or one edited or damaged by hand."""
    if not isinstance(manifest, dict):
        return "is not a JSON object"
    if "shards" in manifest and "batches" not in manifest:
        return "is a dataset's (mjsim dataset resumes it)"
    kind = manifest.get("kind")
    if not isinstance(kind, str):  # a kind missing says so alone, not "but None"
        named = "" if kind is None else f", but {clipped(repr(kind), 40)}"
        return f"names no experiment (price, ladder or table){named}"
    if kind not in _KIND_ARGUMENTS:
        return f"is of a run of kind {kind!r}, which only its own code resumes"
    batches = manifest.get("batches")
    if not (isinstance(batches, list) and all(
            isinstance(batch, list) and all(_is_game(game) for game in batch)
            for batch in batches)):
        return "has no list of batches of [seed, lineup] games"
    arguments = manifest.get("arguments")
    if not isinstance(arguments, dict) or not _REQUIRED[kind] <= set(arguments):
        return f"records no arguments a {kind} run takes"
    for name, value in arguments.items():
        if name not in _KIND_ARGUMENTS[kind] or not _is(value, _ARGUMENTS[name]):
            return f"records an argument {name}={value!r} that a {kind} run does not take"
    try:  # the bounds the command line and the Python API hold a run to
        run_walls(arguments.get("walls", 1))
    except ValueError as error:
        return f"records arguments out of bounds ({error})"
    if "walls" in arguments and len(batches) != arguments["walls"]:  # a batch is a wall
        return (f"lists {len(batches)} walls' batches, where its arguments ask for "
                f"{arguments['walls']}")
    looks = manifest.get("looks", [])
    if not (isinstance(looks, list) and all(
            isinstance(look, int) and not isinstance(look, bool) and 0 < look < len(batches)
            for look in looks)):  # the sizes at which it was read before it was extended
        return f"records the looks {clipped(repr(looks), 40)}"
    return settings_problem(manifest)


def settings_problem(manifest: dict[str, Any]) -> str:
    """What is wrong with a manifest's ruleset, table, definitions and foul settings, in words
    (empty if nothing): what a game of the run played again (resumed, or replayed) reads."""
    for name, types in (("ruleset", (str,)), ("table", (str,)), ("penalty", (int,)),
                        ("max_fouls", (int,)), ("limits", (dict,)), ("definitions", (dict,)),
                        ("origin", (dict,))):
        if (name in manifest or name == "ruleset") and not _is(manifest.get(name), types):
            return f"records the {name} {manifest.get(name)!r}"
    try:
        bounded(Settings.from_manifest(manifest))
    except ValueError as error:  # a limit it does not know, a bad value or one out of bounds
        return f"records settings a run cannot take ({str(error).splitlines()[0]})"
    definitions = manifest.get("definitions", {})
    if not all(isinstance(key, str) and isinstance(spec, str)
               for key, spec in definitions.items()):
        return "defines players by something other than names and specs"
    return ""


def _is_game(game: Any) -> bool:
    return (isinstance(game, list) and len(game) == 2  # a seed and a lineup
            and all(isinstance(part, str) for part in game))


def _is(value: Any, types: tuple[type, ...]) -> bool:
    """``value`` is one of ``types`` (a bool is no number here), lists holding strings."""
    if isinstance(value, bool) and bool not in types:
        return False
    if isinstance(value, list):
        return list in types and all(isinstance(item, str) for item in value)
    return isinstance(value, types)


def hands_per_game(run_options: RunOptions) -> int:
    """Hands a game of the run's table holds: sixteen, or one on Botzone's."""
    return 1 if run_settings(run_options).table == "botzone" else HANDS


def _with_standings(report: Report, sums: WallSums) -> Report:
    """The report with the standings of the rotated games summed in ``sums``, and their
    contrasts."""
    report.standings = standings(sums)
    report.contrasts = contrasts(sums, order=list(report.standings["variant"]))
    return report


def _written(report: Report) -> Report:
    """Save the summary CSVs beside the tables (figures: ``mjsim.ui.plots.save_report``)."""
    if not report.estimates.empty:
        report.estimates.to_csv(report.out / "summary.csv", index=False)
    if not report.competition.empty:
        report.competition.to_csv(report.out / "competition.csv", index=False)
    if not report.standings.empty:
        report.standings.to_csv(report.out / "standings.csv", index=False)
        report.contrasts.to_csv(report.out / "contrasts.csv", index=False)
    return report
