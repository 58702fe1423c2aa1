"""The experiments: price ideas, climb the ladder, seat a table; each writes a run folder.

- :func:`price`: each idea X of a baseline player B (rung 3 by default, or any player that
  declares ideas) is priced by the paired challenger design, with "B-X" (B with X switched off)
  challenging a field of B; the price is the points X adds.
- :func:`ladder`: each step of a ladder of players (rung r challenging a field of rung r-1; the
  built-in rungs 1, 2, 3, 4 by default), every idea of the top rung, and the standings of a table
  of rungs with its seats rotated.
- :func:`table`: the standings of one lineup with its seats rotated.
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

from mjsim.game.settlement import HANDS
from mjsim.tournament import power, pricing, sequential, triggers
from mjsim.tournament.lineups import Lineup, Roster, as_lineup
from mjsim.tournament.rankings import contrasts, standings
from mjsim.tournament.records import lineup_key
from mjsim.tournament.runner import RunOptions, run
from mjsim.tournament.schedule import challenger_games, per_wall, rotations, wall_index, wall_seeds
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
    lineups = challenger_games(baseline, challengers)
    batches = per_wall(wall_seeds(seed, walls), lineups)
    arguments = {"ideas": chosen, "baseline": baseline, "walls": walls, "seed": seed,
                 "until_decided": until_decided, "delta": delta, "sd": sd}
    hands = hands_per_game(run_options)
    report = Report(Path(out))
    limit = min(STAGE, walls) if until_decided else walls
    while True:
        report.tables = run(batches, out, limit=limit, kind="price", arguments=arguments,
                            roster=roster, shadows=triggers.shadows(baseline, challengers),
                            **run_options)
        diffs = pricing.paired_differences(report.tables["seats"], baseline)
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
                                    power.plan(delta, sd, STAGE), walls)
    report.estimates = _with_bh(report.estimates)
    report.estimates = triggers.with_triggers(report.estimates, report.tables["seats"])
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
             cap: int) -> pd.DataFrame:
    """Each idea's sequential decision beside its row, with the cap and the walls the test was
    expected to take at the SD planned with."""
    frame = estimates.assign(cap=cap, planned_sd_hand=planned.sd,
                             expected_zero=planned.expected_zero,
                             expected_delta=planned.expected_delta)
    frame["decision"] = [tests[name].decision for name in frame["name"]]
    frame["verdict"] = [tests[name].words for name in frame["name"]]
    frame["decided_at"] = [tests[name].seeds for name in frame["name"]]
    frame["note"] = [tests[name].note for name in frame["name"]]
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
    lineups = [*(game for lower, upper in pairwise(steps)
                 for game in challenger_games(lower, [upper])),
               *(challenger_games(top, idea_challengers) if ideas else []), *rotations(seated)]
    batches = per_wall(wall_seeds(seed, walls), list(dict.fromkeys(lineups)))
    arguments = {"rungs": steps, "walls": walls, "seed": seed}
    tables = run(batches, out, kind="ladder", arguments=arguments, roster=roster,
                 shadows=triggers.shadows(top, idea_challengers), **run_options)
    seats = tables["seats"]
    hands = hands_per_game(run_options)
    rows, means = [], {}
    for lower, upper in pairwise(steps):
        step_diffs = pricing.paired_differences(seats, lower)
        estimate = pricing.estimate(step_diffs, upper, lower)
        name = f"{_label(upper)} over {_label(lower)}"
        rows.append({"kind": "step", "name": name, **_row(estimate, hands, DELTA)})
        means[name] = [m / hands for m in seed_means(step_diffs, upper)]
    diffs = pricing.paired_differences(seats, top)
    rows.extend({"kind": "idea", **_idea_row(diffs, idea, challenger, top, hands, DELTA)}
                for idea, challenger in zip(ideas, idea_challengers))
    means.update({idea: [m / hands for m in seed_means(diffs, challenger, sign=-1)]
                  for idea, challenger in zip(ideas, idea_challengers)})
    estimates = pd.DataFrame(rows)
    looks = (RunFolder(out).manifest() or {}).get("looks", [])
    if looks:  # a finished ladder extended: its intervals must hold however it stopped
        estimates = _stopped(estimates, means, looks)
    rotated = {lineup_key(lineup) for lineup in rotations(seated)}
    estimates = triggers.with_triggers(_with_bh(estimates), seats)
    return _written(_with_standings(Report(Path(out), estimates=estimates, tables=tables),
                                    seats[seats["lineup"].isin(rotated)]))


def _label(entry: str) -> str:
    """How a step names a rung: "rung 3" for a built-in one, else the entry."""
    return f"rung {entry}" if entry.isdigit() else entry


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


def table(lineup: str | Sequence[str], out: str | Path, *, roster: Roster | None = None,
          walls: int = 20, seed: str = "mjsim", **run_options: Unpack[RunOptions]) -> Report:
    """Play ``lineup`` (specs, or names ``roster`` defines) with its seats rotated on each
    wall, and report its standings."""
    roster = roster or Roster()
    entries = roster.lineup(lineup)
    batches = per_wall(wall_seeds(seed, walls), rotations(entries))
    arguments = {"lineup": list(entries), "walls": walls, "seed": seed}
    tables = run(batches, out, kind="table", arguments=arguments, roster=roster, **run_options)
    return _written(_with_standings(Report(Path(out), tables=tables), tables["seats"]))


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
    roster = Roster(manifest.get("definitions", {}))
    entries = sorted({entry for batch in manifest["batches"] for _, lineup in batch
                      for entry in lineup.split(",")})
    code = roster.runs_code(entries)
    if code and not trust and manifest.get("origin") != origin(folder.path):
        made = manifest.get("origin") or {}
        specs = ", ".join(roster.spec(entry) for entry in code)
        raise ValueError(f"{out} was made elsewhere ({made.get('host', '?')}:"
                         f"{made.get('folder', '?')}); resuming it would run {specs}; pass "
                         "--trust to run them")
    arguments = dict(manifest["arguments"])
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


def hands_per_game(run_options: RunOptions) -> int:
    """Hands a game of the run's table holds: sixteen, or one on Botzone's."""
    return 1 if run_options.get("table", "mcr") == "botzone" else HANDS


def _with_standings(report: Report, seats: pd.DataFrame) -> Report:
    """The report with the standings of the rotated games ``seats`` and their contrasts."""
    report.standings = standings(seats)
    report.contrasts = contrasts(seats, order=list(report.standings["variant"]))
    return report


def _written(report: Report) -> Report:
    """Save the summary CSVs beside the tables (figures: ``mjsim.ui.plots.save_report``)."""
    if not report.estimates.empty:
        report.estimates.to_csv(report.out / "summary.csv", index=False)
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


def _with_bh(frame: pd.DataFrame) -> pd.DataFrame:
    frame["p_bh"] = pricing.bh_adjust(frame["p"].to_numpy())
    return frame
