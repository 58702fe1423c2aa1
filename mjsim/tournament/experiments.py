"""The experiments: price ideas, climb the ladder, seat a table; each writes a run folder.

- :func:`price`: each idea X at a rung r is priced by the paired challenger design, with "r-X"
  (the rung with X switched off) challenging a field of "r"; the price is the points X adds.
- :func:`ladder`: each rung step (rung r challenging a field of rung r-1), every idea at rung 3,
  and the standings of a table of rungs with its seats rotated.
- :func:`table`: the standings of one lineup with its seats rotated.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Unpack

import numpy as np
import pandas as pd
from scipy import stats

from mjsim.game.settlement import HANDS
from mjsim.players import Rung
from mjsim.players.rungs import IDEAS, check_ideas
from mjsim.tournament import pricing
from mjsim.tournament.records import Lineup, lineup_key, parse_lineup
from mjsim.tournament.runner import RunOptions, run
from mjsim.tournament.schedule import challenger_games, per_wall, rotations, wall_index, wall_seeds

LADDER_TABLE: Lineup = ("1", "2", "3", "3")
"""The lineup whose rotated games give the ladder's standings."""
STAGE = 10
"""Walls added per step of a sequential test."""


@dataclass
class Report:
    """What an experiment found, and where it wrote it."""

    out: Path
    estimates: pd.DataFrame = field(default_factory=pd.DataFrame)
    standings: pd.DataFrame = field(default_factory=pd.DataFrame)
    sequential: dict[str, pricing.Sequential] = field(default_factory=dict)
    tables: Mapping[str, pd.DataFrame] = field(default_factory=dict)


def idea_variant(level: int, idea: str) -> str:
    return f"{level}-{idea}"


def chosen_ideas(ideas: Iterable[str]) -> list[str]:
    """The ideas to price: at least one, each one of ``IDEAS``, none twice (else ValueError)."""
    chosen = list(ideas)
    check_ideas(chosen)
    if len(set(chosen)) != len(chosen) or not chosen:
        raise ValueError(f"name each idea once, and at least one: {chosen}")
    return chosen


def price(ideas: Iterable[str], out: str | Path, *, level: int = 3, walls: int = 20,
          seed: str = "mjsim", until_decided: bool = False, delta: float = 0.5,
          **run_options: Unpack[RunOptions]) -> Report:
    """Price each idea at ``level``: the points per game and per hand it adds, with intervals.

    With ``until_decided``, walls are added ``STAGE`` at a time (``walls`` is then the cap)
    until a sequential test (H0: 0 against H1: ``delta`` points per hand either way) decides
    every idea.
    """
    chosen = chosen_ideas(ideas)
    baseline = str(level)
    challengers = [str(Rung.parse(idea_variant(level, idea))) for idea in chosen]
    lineups = challenger_games(baseline, challengers)
    batches = per_wall(wall_seeds(seed, walls), lineups)
    arguments = {"ideas": chosen, "level": level, "walls": walls, "seed": seed,
                 "until_decided": until_decided, "delta": delta}
    report = Report(Path(out))
    limit = min(STAGE, walls) if until_decided else walls
    while True:
        report.tables = run(batches, out, limit=limit, kind="price", arguments=arguments,
                            **run_options)
        diffs = pricing.paired_differences(report.tables["seats"], baseline)
        rows = [_idea_row(diffs, idea, challenger, baseline)
                for idea, challenger in zip(chosen, challengers)]
        report.estimates = _with_bh(pd.DataFrame(rows))
        if not until_decided:
            break
        report.sequential = {
            idea: pricing.gsprt(seed_means(diffs, challenger), delta * HANDS)
            for idea, challenger in zip(chosen, challengers)}
        if all(s.decision for s in report.sequential.values()) or limit >= walls:
            break
        limit = min(limit + STAGE, walls)
    if until_decided:
        report.estimates["decision"] = [report.sequential[i].decision for i in chosen]
    return _written(report)


def ladder(out: str | Path, *, walls: int = 20, seed: str = "mjsim",
           **run_options: Unpack[RunOptions]) -> Report:
    """Each rung step, every idea at rung 3, and the standings of rungs 1, 2, 3, 3 rotated."""
    idea_challengers = [idea_variant(3, idea) for idea in IDEAS]
    lineups = (challenger_games("1", ["2"]) + challenger_games("2", ["3"])
               + challenger_games("3", idea_challengers) + rotations(LADDER_TABLE))
    batches = per_wall(wall_seeds(seed, walls), lineups)
    arguments = {"walls": walls, "seed": seed}
    tables = run(batches, out, kind="ladder", arguments=arguments, **run_options)
    seats = tables["seats"]
    rows = []
    for lower, upper in (("1", "2"), ("2", "3")):
        row = _row(pricing.estimate(pricing.paired_differences(seats, lower), upper, lower),
                   sign=1)
        rows.append({"kind": "step", "name": f"rung {upper} over rung {lower}", **row})
    diffs = pricing.paired_differences(seats, "3")
    rows.extend({"kind": "idea", **_idea_row(diffs, idea, challenger, "3")}
                for idea, challenger in zip(IDEAS, idea_challengers))
    rotated = {lineup_key(lineup) for lineup in rotations(LADDER_TABLE)}
    return _written(Report(Path(out), estimates=_with_bh(pd.DataFrame(rows)),
                           standings=standings(seats[seats["lineup"].isin(rotated)]),
                           tables=tables))


def table(lineup: str | Sequence[str], out: str | Path, *, walls: int = 20,
          seed: str = "mjsim", **run_options: Unpack[RunOptions]) -> Report:
    """Play ``lineup`` with its seats rotated on each wall, and report its standings."""
    variants = parse_lineup(lineup)
    batches = per_wall(wall_seeds(seed, walls), rotations(variants))
    arguments = {"lineup": list(variants), "walls": walls, "seed": seed}
    tables = run(batches, out, kind="table", arguments=arguments, **run_options)
    return _written(Report(Path(out), standings=standings(tables["seats"]), tables=tables))


def standings(seats: pd.DataFrame) -> pd.DataFrame:
    """Per variant: mean points per game, mean place and first-place rate, each with a 95%
    interval clustered by seed (a seed's games share their walls)."""
    seats = seats.assign(first=(seats["place"] == 1).astype(float))
    rows = []
    for variant, group in seats.groupby("variant", sort=True):
        row: dict[str, Any] = {"variant": variant, "games": len(group),
                               "seeds": group["seed"].nunique()}
        for column, label in (("points", "points"), ("place", "place"), ("first", "first_rate")):
            per_seed = group.groupby("seed")[column].mean()
            mean, low, high = _mean_interval(per_seed.to_numpy(dtype=float))
            row.update({label: mean, f"{label}_low": low, f"{label}_high": high})
        rows.append(row)
    return pd.DataFrame(rows).sort_values("points", ascending=False, ignore_index=True)


def _written(report: Report) -> Report:
    """Save the summary CSVs beside the tables (figures: ``mjsim.ui.plots.save_report``)."""
    if not report.estimates.empty:
        report.estimates.to_csv(report.out / "summary.csv", index=False)
    if not report.standings.empty:
        report.standings.to_csv(report.out / "standings.csv", index=False)
    return report


def _mean_interval(values: np.ndarray) -> tuple[float, float, float]:
    mean = float(values.mean())
    if len(values) < 2:
        return mean, math.nan, math.nan
    se = float(values.std(ddof=1) / math.sqrt(len(values)))
    half = float(stats.t.ppf(0.5 + pricing.CONFIDENCE / 2, len(values) - 1)) * se
    return mean, mean - half, mean + half


def seed_means(diffs: pd.DataFrame, challenger: str) -> list[float]:
    """Per-seed mean differences in the order the walls were played."""
    rows = diffs[diffs["challenger"] == challenger]
    means = rows.groupby("seed", sort=False)["diff"].mean()
    order = sorted(means.index, key=wall_index)
    return [float(means[seed]) for seed in order]


def _idea_row(diffs: pd.DataFrame, idea: str, challenger: str, baseline: str) -> dict[str, Any]:
    # The challenger plays without the idea, so the idea's price is minus its estimate.
    return {"name": idea, **_row(pricing.estimate(diffs, challenger, baseline), sign=-1)}


def _row(estimate: pricing.Estimate, sign: int) -> dict[str, Any]:
    # Adding 0.0 turns the -0.0 of a price exactly zero into 0.0.
    low, high = sorted((sign * estimate.low + 0.0, sign * estimate.high + 0.0))
    return {
        "challenger": estimate.challenger, "baseline": estimate.baseline,
        "seeds": estimate.seeds, "pairs": estimate.pairs,
        "value_game": sign * estimate.mean + 0.0, "low_game": low, "high_game": high,
        "se_game": estimate.se, "value_hand": sign * estimate.mean / HANDS + 0.0,
        "low_hand": low / HANDS, "high_hand": high / HANDS, "p": estimate.p,
        "unpaired_se_game": estimate.unpaired_se,
        "variance_reduction": estimate.variance_reduction,
    }


def _with_bh(frame: pd.DataFrame) -> pd.DataFrame:
    frame["p_bh"] = pricing.bh_adjust(frame["p"].to_numpy())
    return frame
