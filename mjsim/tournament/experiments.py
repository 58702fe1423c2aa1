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

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import Any, Unpack

import pandas as pd

from mjsim.game.settlement import HANDS
from mjsim.tournament import power, pricing, sequential, signflip, triggers
from mjsim.tournament.lineups import Lineup, Roster, as_lineup, rung_label
from mjsim.tournament.priced import PricedSeats, priced_seats
from mjsim.tournament.rankings import (
    MATCH_WALLS,
    WALL_COLUMNS,
    WallSums,
    competition,
    contrasts,
    standings,
)
from mjsim.tournament.records import lineup_key
from mjsim.tournament.runner import RunOptions, run
from mjsim.tournament.schedule import (
    CONTROL_EVERY,
    challenger_games,
    control_game,
    per_wall,
    priced_walls,
    rotations,
    seatings,
    wall_index,
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


def chosen_ideas(ideas: Iterable[str], baseline: str, roster: Roster) -> list[str]:
    """The ideas to price: at least one, none twice, each one the baseline has switched on
    (else ``ValueError`` naming it and the ideas there are)."""
    chosen = list(ideas)
    if len(set(chosen)) != len(chosen) or not chosen:
        raise ValueError(f"name each idea once, and at least one: {chosen}")
    declared = roster.ideas(baseline)
    for idea in chosen:
        if idea not in declared:
            raise ValueError(f"{baseline} has no idea {idea!r}; its ideas are "
                             f"{', '.join(declared) or 'none'}")
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
    roster = roster or Roster()
    baseline = roster.entry(str(level) if baseline is None else baseline)
    chosen = chosen_ideas(ideas, baseline, roster)
    if walls is None:
        walls = power.plan(delta, sd, STAGE).cap if until_decided else 20
    challengers = [roster.with_off(baseline, idea) for idea in chosen]
    every = control_every(out)
    batches = priced_walls(wall_seeds(seed, walls),
                           [(control_game(baseline), challenger_games(baseline, challengers))],
                           every)
    arguments = {"ideas": chosen, "baseline": baseline, "walls": walls, "seed": seed,
                 "until_decided": until_decided, "delta": delta, "sd": sd,
                 "control_every": every}
    hands = hands_per_game(run_options)
    report = Report(Path(out))
    limit = min(STAGE, walls) if until_decided else walls
    while True:
        report.tables = run(batches, out, limit=limit, kind="price", arguments=arguments,
                            roster=roster, shadows=triggers.shadows(baseline, challengers),
                            **run_options)
        seats = priced_seats(out, [baseline])
        diffs = seats.differences[baseline]
        means = {idea: [m / hands for m in seed_means(diffs, challenger, sign=-1)]
                 for idea, challenger in zip(chosen, challengers)}
        if not until_decided:
            break
        report.sequential = {idea: sequential.t_sprt(means[idea], delta) for idea in chosen}
        if all(s.decision != "undecided" for s in report.sequential.values()) or limit >= walls:
            break
        limit = min(limit + STAGE, walls)
    rows = [_idea_row(diffs, idea, challenger, baseline, hands, delta)
            for idea, challenger in zip(chosen, challengers)]
    report.estimates = pd.DataFrame(rows)
    looks = (RunFolder(out).manifest() or {}).get("looks", [])
    if until_decided or looks:
        report.estimates = _stopped(report.estimates, means, looks)
    if until_decided:
        report.estimates = _decided(report.estimates, report.sequential,
                                    power.plan(delta, sd, STAGE), walls, means)
    estimates = with_sign_flip(triggers.with_triggers(report.estimates, seats.counts), means,
                               hands)
    report.estimates = _with_health(_with_bh(estimates), seats)
    return _written(report)


def _stopped(estimates: pd.DataFrame, means: Mapping[str, list[float]],
             looks: Sequence[int]) -> pd.DataFrame:
    """The rows of a run that was looked at before it stopped (a sequential test, or a finished
    run extended: ``looks`` are the walls it was read at before): the interval and p-value
    valid however the run stopped take the place of the fixed-walls ones (kept as
    ``t_low_hand``, ``t_high_hand``, ``t_p``)."""
    frame = estimates.rename(columns={"low_hand": "t_low_hand", "high_hand": "t_high_hand",
                                      "p": "t_p"}).drop(columns=["low_game", "high_game"])
    ends = [sequential.confidence_sequence(means[name]) for name in frame["name"]]
    frame["low_hand"] = [float(low[0, -1]) for low, _ in ends]
    frame["high_hand"] = [float(high[0, -1]) for _, high in ends]
    frame["p"] = [sequential.always_valid_p(means[name]) for name in frame["name"]]
    frame["interval"] = sequential.METHOD
    frame["looks"] = ", ".join(str(walls) for walls in looks)
    return frame


def _decided(estimates: pd.DataFrame, tests: Mapping[str, Sequential], planned: power.Plan,
             cap: int, means: Mapping[str, list[float]]) -> pd.DataFrame:
    """Each idea's sequential decision beside its row, with the cap and the SD it was planned
    at, the walls the test was expected to take at the idea's own per-seed SD (NaN without
    spread), and the estimate adjusted for the stop's bias (``adjusted_hand``; ``bias_hand``
    is how far the plain mean runs from it)."""
    frame = estimates.assign(cap=cap, planned_sd_hand=planned.sd)
    own = [power.plan(planned.delta, sd, STAGE) if sd > 0 else None
           for sd in frame["sd_seed_hand"]]
    frame["expected_zero"] = [math.nan if p is None else p.expected_zero for p in own]
    frame["expected_delta"] = [math.nan if p is None else p.expected_delta for p in own]
    frame["decision"] = [tests[name].decision for name in frame["name"]]
    frame["verdict"] = [tests[name].words for name in frame["name"]]
    frame["decided_at"] = [tests[name].seeds for name in frame["name"]]
    frame["note"] = [tests[name].note for name in frame["name"]]
    adjusted = [sequential.bias_adjusted(means[name], planned.delta, cap, STAGE)
                for name in frame["name"]]
    frame["adjusted_hand"] = [value for value, _ in adjusted]
    frame["bias_hand"] = [bias for _, bias in adjusted]
    return frame


def ladder(out: str | Path, *, rungs: Sequence[str] = RUNGS, roster: Roster | None = None,
           walls: int = 20, seed: str = "mjsim", **run_options: Unpack[RunOptions]) -> Report:
    """Each step of the ladder ``rungs`` (each a spec or a name ``roster`` defines, lowest
    first: the built-in rungs 1, 2, 3, 4 by default), every idea the top rung has switched on, and
    the standings of a table of rungs (:func:`ladder_table`) with its seats rotated."""
    roster = roster or Roster()
    steps = [roster.entry(rung) for rung in rungs]
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
    hands = hands_per_game(run_options)
    rows, means = [], {}
    for lower, upper in pairwise(steps):
        step_diffs = seats.differences[lower]
        estimate = pricing.estimate(step_diffs, upper, lower)
        name = f"{rung_label(upper)} over {rung_label(lower)}"
        rows.append({"kind": "step", "name": name, **_row(estimate, hands, DELTA)})
        means[name] = [m / hands for m in seed_means(step_diffs, upper)]
    diffs = seats.differences[top]
    rows.extend({"kind": "idea", **_idea_row(diffs, idea, challenger, top, hands, DELTA)}
                for idea, challenger in zip(ideas, idea_challengers))
    means.update({idea: [m / hands for m in seed_means(diffs, challenger, sign=-1)]
                  for idea, challenger in zip(ideas, idea_challengers)})
    estimates = pd.DataFrame(rows)
    looks = (RunFolder(out).manifest() or {}).get("looks", [])
    if looks:  # a finished ladder extended: its intervals must hold however it stopped
        estimates = _stopped(estimates, means, looks)
    rotated = [lineup_key(lineup) for lineup in rotations(seated)]
    estimates = with_sign_flip(triggers.with_triggers(estimates, seats.counts), means, hands)
    estimates = _with_health(_with_bh(estimates), seats)
    return _written(_with_standings(Report(Path(out), estimates=estimates, tables=tables),
                                    wall_sums(out, rotated)))


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
    roster = roster or Roster()
    entries = roster.lineup(lineup)
    if schedule == "competition" and walls % MATCH_WALLS:
        raise ValueError(f"the competition format plays matches of {MATCH_WALLS} walls: "
                         f"--walls is a multiple of {MATCH_WALLS}, not {walls}")
    lineups = seatings(entries) if schedule == "competition" else rotations(entries)
    batches = per_wall(wall_seeds(seed, walls), lineups)
    arguments = {"lineup": list(entries), "walls": walls, "seed": seed, "schedule": schedule}
    tables = run(batches, out, kind="table", arguments=arguments, roster=roster, **run_options)
    sums = wall_sums(out)
    report = _with_standings(Report(Path(out), tables=tables), sums)
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
    entries = sorted({entry for batch in manifest["batches"] for _, lineup in batch
                      for entry in lineup.split(",")})
    refuse_untrusted(folder.path, manifest, roster, entries, trust, "resuming it")
    arguments = dict(manifest["arguments"])
    arguments.pop("control_every", None)  # read again from the manifest by the experiment
    options: RunOptions = {**run_options, "ruleset": manifest["ruleset"],
                           "table": manifest.get("table", "mcr")}
    for setting in ("penalty", "max_fouls"):
        if setting in manifest:
            options[setting] = manifest[setting]
    kind = manifest["kind"]
    if kind == "price":
        return price(arguments.pop("ideas"), out, roster=roster, **arguments, **options)
    if kind == "ladder":
        return ladder(out, roster=roster, **arguments, **options)
    if kind == "table":
        return table(arguments.pop("lineup"), out, roster=roster, **arguments, **options)
    raise ValueError(f"{out} holds a run of kind {kind!r}, which only its own code resumes")


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
    if not isinstance(kind, str):
        return f"names no experiment (price, ladder or table), but {kind!r}"
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
    return _settings_problem(manifest)


def _settings_problem(manifest: dict[str, Any]) -> str:
    """What is wrong with a manifest's ruleset, table, definitions and foul settings, if any."""
    for name, types in (("ruleset", (str,)), ("table", (str,)), ("penalty", (int,)),
                        ("max_fouls", (int,)), ("definitions", (dict,)), ("origin", (dict,))):
        if (name in manifest or name == "ruleset") and not _is(manifest.get(name), types):
            return f"records a {name} of {manifest.get(name)!r}"
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
    return 1 if run_options.get("table", "mcr") == "botzone" else HANDS


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


def seed_means(diffs: pd.DataFrame, challenger: str, sign: int = 1) -> list[float]:
    """Per-seed mean differences (points a game) in the order the walls were played, signed as
    :func:`.pricing.estimate` signs them (-1: an idea's price)."""
    rows = diffs[diffs["challenger"] == challenger]
    means = rows.groupby("seed", sort=False)["diff"].mean()
    order = sorted(means.index, key=wall_index)
    return [sign * float(means[seed]) + 0.0 for seed in order]


def _idea_row(diffs: pd.DataFrame, idea: str, challenger: str, baseline: str,
              hands: int, delta: float) -> dict[str, Any]:
    # The challenger plays without the idea, so the idea's price is minus its difference.
    return {"name": idea,
            **_row(pricing.estimate(diffs, challenger, baseline, sign=-1), hands, delta)}


def _row(estimate: pricing.Estimate, hands: int, delta: float) -> dict[str, Any]:
    """A table's row, signed as the estimate is, with what the run could detect (80% power,
    alpha 0.05, from its per-seed SD) and the walls ``delta`` points a hand would take."""
    sd = estimate.sd / hands
    gainer, other = ((estimate.challenger, estimate.baseline) if estimate.sign == 1
                     else (estimate.baseline, estimate.challenger))
    return {
        "estimand": f"points {gainer} gains over {other} in a field of {estimate.baseline}",
        "challenger": estimate.challenger, "baseline": estimate.baseline,
        "seeds": estimate.seeds, "pairs": estimate.pairs,
        "value_game": estimate.mean, "low_game": estimate.low, "high_game": estimate.high,
        "se_game": estimate.se, "value_hand": estimate.mean / hands,
        "low_hand": estimate.low / hands, "high_hand": estimate.high / hands, "p": estimate.p,
        "unpaired_se_game": estimate.unpaired_se,
        "variance_reduction": estimate.variance_reduction,
        "sd_seed_hand": sd, "detectable_hand": power.detectable(sd, estimate.seeds),
        "delta_hand": delta, "walls_for_delta": power.walls_needed(delta, sd),
    }


def with_sign_flip(frame: pd.DataFrame, means: Mapping[str, list[float]],
                 hands: int) -> pd.DataFrame:
    """Each row's ``method``: "t", or "sign-flip" for an idea of a fixed run that changed moves
    on fewer than :data:`.signflip.FEW` walls but not on all of them (its price rests on those
    few; one that changed every wall is priced as any other). Such a row's interval spans the
    exact sign-flip interval (``sf_low_hand``, ``sf_high_hand``, ``sf_p``) and the t interval
    (kept as ``t_low_hand``, ``t_high_hand``, ``t_p``), and p is the larger of theirs. A run
    read before it stopped keeps its confidence sequence (a sign-flip interval holds only at a
    fixed size)."""
    if "interval" in frame.columns:
        frame["method"] = "confidence sequence"
        return frame
    frame["t_low_hand"], frame["t_high_hand"], frame["t_p"] = (
        frame["low_hand"], frame["high_hand"], frame["p"])
    for column in ("sf_low_hand", "sf_high_hand", "sf_p"):
        frame[column] = math.nan
    frame["method"] = "t"
    if "seeds_changed" not in frame.columns:
        return frame
    changed = frame["seeds_changed"]
    for index in frame.index[(changed > 0) & (changed < signflip.FEW)
                             & (changed < frame["seeds"])]:
        values = means[str(frame.at[index, "name"])]
        if sum(value != 0 for value in values) > signflip.MOST_NONZERO:  # not a zero-sum field
            continue
        low, high, p = signflip.sign_flip(values)
        t_low, t_high, t_p = frame.loc[index, ["t_low_hand", "t_high_hand", "t_p"]].astype(float)
        low_hand, high_hand = min(low, t_low), max(high, t_high)
        frame.loc[index, ["sf_low_hand", "sf_high_hand", "sf_p", "low_hand", "high_hand", "p",
                          "low_game", "high_game"]] = [
            low, high, p, low_hand, high_hand, max(p, t_p), low_hand * hands, high_hand * hands]
        frame.at[index, "method"] = signflip.METHOD
    return frame


def _with_health(frame: pd.DataFrame, seats: PricedSeats) -> pd.DataFrame:
    """Each row's health check: the control games of its baseline the run played
    (``controls``) and the most one's seats summed to (``control_sum``; 0 when a field of
    baselines sums to zero, as the estimate takes it to)."""
    checks = {baseline: seats.health(baseline)
              for baseline in dict.fromkeys(frame["baseline"])}
    frame["controls"] = [checks[baseline][0] for baseline in frame["baseline"]]
    frame["control_sum"] = [checks[baseline][1] for baseline in frame["baseline"]]
    return frame


def _with_bh(frame: pd.DataFrame) -> pd.DataFrame:
    frame["p_bh"] = pricing.bh_adjust(frame["p"].to_numpy())
    return frame
