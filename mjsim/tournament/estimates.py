"""A run's seats table turned into its estimates table: the one way a price and a ladder both
take (docs/architecture.md#pricing-the-statistics).

1. :func:`priced_seats` reads the seats table a few batches at a time into what the estimates
   need (:class:`PricedSeats`: per baseline, the paired differences and the control games'
   sums; the trigger counts).
2. :func:`estimates` makes one row per :class:`Priced` (an idea's price, a rung step): the
   paired estimate (:func:`.pricing.estimate`) per game and per hand, what the run could
   detect; then, in this order, the interval valid however the run stopped (a run looked at
   before it stopped), the sequential test's decision (a run with ``--until-decided``), the
   trigger counts, the exact sign-flip interval of an idea that changed few walls,
   Benjamini-Hochberg's p-values and the health check.

:class:`Column` names every column the table may hold, in its order; readers look columns up by
it (:mod:`.text` prints the table).

Why the batches add up: each piece of :class:`PricedSeats` is a function of a seed's games
alone, and every game of a seed is in one batch (:func:`.schedule.priced_walls` and
:func:`.schedule.per_wall` make one batch per wall seed, holding its challenger games and, where
one is played, its control game; :func:`.runner.run` writes a batch's games into one file per
table). So the pieces computed frame by frame, concatenated (the differences sorted as for the
whole table), are the whole table's: a million-hand run's analysis holds them, never its seats
table.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

import pandas as pd

from mjsim.tournament import power, pricing, sequential, signflip, triggers
from mjsim.tournament.schedule import wall_index
from mjsim.tournament.sequential import Sequential
from mjsim.tournament.store import RunFolder

__all__ = ["COLUMNS", "Column", "Priced", "PricedSeats", "Stopping", "estimates",
           "per_hand_means", "priced_seats", "seed_means", "with_sign_flip"]

COLUMNS = tuple(dict.fromkeys((*pricing.SEATS_COLUMNS, *triggers.COUNT_COLUMNS)))
"""The columns of the seats table the estimates read."""


class Column(StrEnum):
    """The columns of the estimates table (``report.estimates``, ``summary.csv``), in the order a
    row holds them; a group is there only when the run needs it. Per game or per hand as the
    name ends; signed as :class:`.pricing.Estimate` is."""

    KIND = "kind"  # a ladder's: "step" (a rung step) or "idea"
    NAME = "name"
    ESTIMAND = "estimand"  # what is estimated, in words
    CHALLENGER = "challenger"
    BASELINE = "baseline"
    SEEDS = "seeds"  # the walls
    PAIRS = "pairs"  # the challenger games
    VALUE_GAME = "value_game"
    LOW_GAME = "low_game"  # the 95% interval (none for a run that was looked at early)
    HIGH_GAME = "high_game"
    SE_GAME = "se_game"  # clustered by seed
    VALUE_HAND = "value_hand"
    LOW_HAND = "low_hand"  # the interval shown: t, sign-flip or confidence sequence
    HIGH_HAND = "high_hand"
    P = "p"
    UNPAIRED_SE_GAME = "unpaired_se_game"
    VARIANCE_REDUCTION = "variance_reduction"  # what the pairing saved
    SD_SEED_HAND = "sd_seed_hand"
    DETECTABLE_HAND = "detectable_hand"  # the effect found with 80% power
    DELTA_HAND = "delta_hand"  # the effect the walls are planned for
    WALLS_FOR_DELTA = "walls_for_delta"
    # A run looked at before it stopped: the t interval kept, the confidence sequence shown.
    INTERVAL = "interval"
    LOOKS = "looks"  # the walls it was read at before it was extended
    # A sequential run (--until-decided).
    CAP = "cap"
    PLANNED_SD_HAND = "planned_sd_hand"
    PLANNED_CAP = "planned_cap"  # the cap the plan gives at that SD (CAP differs when given)
    EXPECTED_ZERO = "expected_zero"  # the walls expected at the row's own SD, price 0
    EXPECTED_DELTA = "expected_delta"  # ... and price ±delta
    DECISION = "decision"
    VERDICT = "verdict"  # the decision in words
    DECIDED_AT = "decided_at"
    NOTE = "note"
    ADJUSTED_HAND = "adjusted_hand"  # the estimate adjusted for the stop's bias
    BIAS_HAND = "bias_hand"
    # The trigger counts (:func:`.triggers.with_triggers`): an idea's rows.
    DECISIONS = "decisions"
    CHANGED = "changed"
    TRIGGER_RATE = "trigger_rate"
    SEEDS_CHANGED = "seeds_changed"
    TRIGGERS = "triggers"
    # The t interval beside the sign-flip one (:func:`with_sign_flip`), and which is shown.
    T_LOW_HAND = "t_low_hand"
    T_HIGH_HAND = "t_high_hand"
    T_P = "t_p"
    SF_LOW_HAND = "sf_low_hand"
    SF_HIGH_HAND = "sf_high_hand"
    SF_P = "sf_p"
    METHOD = "method"
    P_BH = "p_bh"  # Benjamini-Hochberg across the rows
    CONTROLS = "controls"  # the health check: the baseline's control games
    CONTROL_SUM = "control_sum"  # the most one's seats summed to (0 when healthy)


@dataclass(frozen=True)
class PricedSeats:
    """A run's seats table as its estimates read it: per baseline, the paired ``differences``
    (:func:`.pricing.paired_differences`) and the ``controls`` (:func:`.pricing.control_sums`),
    and the trigger ``counts`` (:func:`.triggers.trigger_sums`), which
    :func:`.triggers.with_triggers` takes in place of the table."""

    differences: dict[str, pd.DataFrame]
    controls: dict[str, pd.Series]
    counts: pd.DataFrame

    @classmethod
    def of_frames(cls, frames: Iterable[pd.DataFrame], baselines: Sequence[str]) -> PricedSeats:
        """The pieces of ``frames`` (parts of a seats table, none splitting a seed's games)
        for each of ``baselines``, computed a frame at a time and joined."""
        # Per baseline, each frame's differences and control sums.
        pieces: dict[str, tuple[list[pd.DataFrame], list[pd.Series]]] = {
            baseline: ([], []) for baseline in baselines}
        counts: list[pd.DataFrame] = []
        for frame in frames:
            for baseline, (differences, controls) in pieces.items():
                differences.append(pricing.paired_differences(frame, baseline))
                controls.append(pricing.control_sums(frame, baseline))
            counts.append(triggers.trigger_sums(frame))
        return cls({baseline: pricing.joined_differences(differences)
                    for baseline, (differences, _) in pieces.items()},
                   {baseline: _joined(controls) for baseline, (_, controls) in pieces.items()},
                   pd.concat(counts, ignore_index=True) if counts
                   else pd.DataFrame(columns=list(triggers.COUNT_COLUMNS)))

    def health(self, baseline: str) -> tuple[int, float]:
        """The health check of ``baseline`` (:func:`.pricing.control_check`)."""
        return pricing.health(self.controls[baseline])


def priced_seats(out: str | Path, baselines: Sequence[str],
                 batches: int | None = None) -> PricedSeats:
    """The :class:`PricedSeats` of the run in ``out`` for ``baselines``, its seats table read
    ``batches`` batches at a time (by default :data:`.store.SCAN_BATCHES`), only the
    :data:`COLUMNS` the estimates need."""
    return PricedSeats.of_frames(RunFolder(out).scan("seats", COLUMNS, batches), baselines)


def _joined(parts: list[pd.Series]) -> pd.Series:
    kept = [part for part in parts if not part.empty]
    return pd.concat(kept) if kept else pd.Series(dtype=float)


@dataclass(frozen=True)
class Priced:
    """One row of the estimates: ``challenger`` against a field of ``baseline``, named
    ``name``. ``sign`` -1 prices the idea the challenger plays without (what the baseline gains);
    1 is a rung step (what the challenger, the higher rung, gains). A ladder's rows have a
    ``kind``, "step" or "idea"."""

    name: str
    challenger: str
    baseline: str
    sign: int = -1
    kind: str | None = None


@dataclass(frozen=True)
class Stopping:
    """How a sequential run stopped: each row's test (by name), the plan it was capped by, the
    cap in walls and the walls it added at each step."""

    tests: Mapping[str, Sequential]
    planned: power.Plan
    cap: int
    stage: int


def seed_means(diffs: pd.DataFrame, challenger: str, sign: int = 1) -> list[float]:
    """Per-seed mean differences (points a game) in the order the walls were played, signed as
    :func:`.pricing.estimate` signs them (-1: an idea's price)."""
    rows = diffs[diffs["challenger"] == challenger]
    means = rows.groupby("seed", sort=False)["diff"].mean()
    order = sorted(means.index, key=wall_index)
    return [sign * float(means[seed]) + 0.0 for seed in order]


def per_hand_means(seats: PricedSeats, rows: Iterable[Priced],
                   hands: int) -> dict[str, list[float]]:
    """Each row's per-seed means a hand (:func:`seed_means`), by name: what the sequential test,
    the confidence sequence and the sign-flip interval read."""
    return {row.name: [mean / hands for mean in seed_means(seats.differences[row.baseline],
                                                            row.challenger, row.sign)]
            for row in rows}


def estimates(seats: PricedSeats, rows: Sequence[Priced], hands: int, delta: float, *,
              looks: Sequence[int] = (), stopping: Stopping | None = None) -> pd.DataFrame:
    """The estimates table of ``rows`` from ``seats`` (games of ``hands`` hands; ``delta``
    points a hand is the effect to plan walls for). ``looks``: the walls a run extended was read
    at before; ``stopping``: a sequential run's tests. Either makes the intervals and p-values
    those valid however the run stopped."""
    means = per_hand_means(seats, rows, hands)
    frame = pd.DataFrame([_row(seats, row, hands, delta) for row in rows])
    frame[Column.WALLS_FOR_DELTA] = frame[Column.WALLS_FOR_DELTA].astype("Int64")  # NA: no SD
    if looks or stopping is not None:
        frame = _stopped(frame, means, looks)
    if stopping is not None:
        frame = _decided(frame, stopping, means)
    frame = with_sign_flip(triggers.with_triggers(frame, seats.counts), means, hands)
    frame[Column.P_BH] = pricing.bh_adjust(frame[Column.P].to_numpy())
    return _with_health(frame, seats)


def _row(seats: PricedSeats, row: Priced, hands: int, delta: float) -> dict[str, Any]:
    """A row of the table, signed as its estimate is, with what the run could detect (80% power,
    alpha 0.05, from its per-seed SD) and the walls ``delta`` points a hand would take.

    Walls that all gave the same difference (an SD of 0) give no interval, nothing detected and
    no walls (NaN, NA): a t interval of width 0 would claim the price exactly, from walls that
    only show no spread."""
    estimate = pricing.estimate(seats.differences[row.baseline], row.challenger, row.baseline,
                                sign=row.sign)
    sd = estimate.sd / hands
    spread = sd > 0
    low, high = (estimate.low, estimate.high) if spread else (math.nan, math.nan)
    gainer, other = ((estimate.challenger, estimate.baseline) if estimate.sign == 1
                     else (estimate.baseline, estimate.challenger))
    kind: dict[str, Any] = {} if row.kind is None else {Column.KIND: row.kind}
    return {
        **kind, Column.NAME: row.name,
        Column.ESTIMAND: f"points {gainer} gains over {other} in a field of {estimate.baseline}",
        Column.CHALLENGER: estimate.challenger, Column.BASELINE: estimate.baseline,
        Column.SEEDS: estimate.seeds, Column.PAIRS: estimate.pairs,
        Column.VALUE_GAME: estimate.mean, Column.LOW_GAME: low,
        Column.HIGH_GAME: high, Column.SE_GAME: estimate.se,
        Column.VALUE_HAND: estimate.mean / hands, Column.LOW_HAND: low / hands,
        Column.HIGH_HAND: high / hands, Column.P: estimate.p,
        Column.UNPAIRED_SE_GAME: estimate.unpaired_se,
        Column.VARIANCE_REDUCTION: estimate.variance_reduction,
        Column.SD_SEED_HAND: sd, Column.DETECTABLE_HAND: power.detectable(sd, estimate.seeds),
        Column.DELTA_HAND: delta,
        Column.WALLS_FOR_DELTA: power.walls_needed(delta, sd) if spread else pd.NA,
    }


def _stopped(frame: pd.DataFrame, means: Mapping[str, list[float]],
             looks: Sequence[int]) -> pd.DataFrame:
    """The rows of a run that was looked at before it stopped (a sequential test, or a finished
    run extended: ``looks`` are the walls it was read at before): the interval and p-value
    valid however the run stopped take the place of the fixed-walls ones (kept as
    ``t_low_hand``, ``t_high_hand``, ``t_p``)."""
    frame = frame.rename(columns={Column.LOW_HAND: Column.T_LOW_HAND,
                                  Column.HIGH_HAND: Column.T_HIGH_HAND, Column.P: Column.T_P},
                         ).drop(columns=[Column.LOW_GAME, Column.HIGH_GAME])
    ends = [sequential.confidence_sequence(means[name]) for name in frame[Column.NAME]]
    frame[Column.LOW_HAND] = [float(low[0, -1]) for low, _ in ends]
    frame[Column.HIGH_HAND] = [float(high[0, -1]) for _, high in ends]
    frame[Column.P] = [sequential.always_valid_p(means[name]) for name in frame[Column.NAME]]
    frame[Column.INTERVAL] = sequential.METHOD
    frame[Column.LOOKS] = ", ".join(str(walls) for walls in looks)
    return frame


def _decided(frame: pd.DataFrame, stopping: Stopping,
             means: Mapping[str, list[float]]) -> pd.DataFrame:
    """Each row's sequential decision beside it, with the cap, the SD the plan was made at and
    the cap it gives (the cap is another when the run was given one), the
    walls the test was expected to take at the row's own per-seed SD (NaN without spread), and
    the estimate adjusted for the stop's bias (``adjusted_hand``; ``bias_hand`` is how far the
    plain mean runs from it)."""
    planned, tests, names = stopping.planned, stopping.tests, frame[Column.NAME]
    frame = frame.assign(**{Column.CAP: stopping.cap, Column.PLANNED_SD_HAND: planned.sd,
                            Column.PLANNED_CAP: planned.cap})
    own = [power.plan(planned.delta, sd, stopping.stage) if sd > 0 else None
           for sd in frame[Column.SD_SEED_HAND]]
    frame[Column.EXPECTED_ZERO] = [math.nan if p is None else p.expected_zero for p in own]
    frame[Column.EXPECTED_DELTA] = [math.nan if p is None else p.expected_delta for p in own]
    frame[Column.DECISION] = [tests[name].decision for name in names]
    frame[Column.VERDICT] = [tests[name].words for name in names]
    frame[Column.DECIDED_AT] = [tests[name].seeds for name in names]
    frame[Column.NOTE] = [tests[name].note for name in names]
    adjusted = [sequential.bias_adjusted(means[name], planned.delta, stopping.cap,
                                         stopping.stage) for name in names]
    frame[Column.ADJUSTED_HAND] = [value for value, _ in adjusted]
    frame[Column.BIAS_HAND] = [bias for _, bias in adjusted]
    return frame


def with_sign_flip(frame: pd.DataFrame, means: Mapping[str, list[float]],
                   hands: int) -> pd.DataFrame:
    """Each row's ``method``: "t", or "sign-flip" for an idea of a fixed run that changed moves
    on fewer than :data:`.signflip.FEW` walls but not on all of them (its price rests on those
    few; one that changed every wall is priced as any other, and one whose walls all gave 0
    has no interval). Such a row's interval spans the
    exact sign-flip interval (``sf_low_hand``, ``sf_high_hand``, ``sf_p``) and the t interval
    (kept as ``t_low_hand``, ``t_high_hand``, ``t_p``), and p is the larger of theirs. A run
    read before it stopped keeps its confidence sequence (a sign-flip interval holds only at a
    fixed size)."""
    if Column.INTERVAL in frame.columns:
        frame[Column.METHOD] = "confidence sequence"
        return frame
    frame[Column.T_LOW_HAND], frame[Column.T_HIGH_HAND], frame[Column.T_P] = (
        frame[Column.LOW_HAND], frame[Column.HIGH_HAND], frame[Column.P])
    for column in (Column.SF_LOW_HAND, Column.SF_HIGH_HAND, Column.SF_P):
        frame[column] = math.nan
    frame[Column.METHOD] = "t"
    if Column.SEEDS_CHANGED not in frame.columns:
        return frame
    changed = frame[Column.SEEDS_CHANGED]
    for index in frame.index[(changed > 0) & (changed < signflip.FEW)
                             & (changed < frame[Column.SEEDS])]:
        values = means[str(frame.at[index, Column.NAME])]
        if sum(value != 0 for value in values) > signflip.MOST_NONZERO:  # not a zero-sum field
            continue
        if len(set(values)) < 2:  # all 0: the sign-flip's [0, 0] would claim the price exactly
            continue
        low, high, p = signflip.sign_flip(values)
        t_low, t_high, t_p = frame.loc[index, [Column.T_LOW_HAND, Column.T_HIGH_HAND,
                                               Column.T_P]].astype(float)
        low_hand, high_hand = min(low, t_low), max(high, t_high)
        frame.loc[index, [Column.SF_LOW_HAND, Column.SF_HIGH_HAND, Column.SF_P,
                          Column.LOW_HAND, Column.HIGH_HAND, Column.P, Column.LOW_GAME,
                          Column.HIGH_GAME]] = [
            low, high, p, low_hand, high_hand, max(p, t_p), low_hand * hands, high_hand * hands]
        frame.at[index, Column.METHOD] = signflip.METHOD
    return frame


def _with_health(frame: pd.DataFrame, seats: PricedSeats) -> pd.DataFrame:
    """Each row's health check: the control games of its baseline the run played
    (``controls``) and the most one's seats summed to (``control_sum``; 0 when a field of
    baselines sums to zero, as the estimate takes it to)."""
    checks = {baseline: seats.health(baseline)
              for baseline in dict.fromkeys(frame[Column.BASELINE])}
    frame[Column.CONTROLS] = [checks[baseline][0] for baseline in frame[Column.BASELINE]]
    frame[Column.CONTROL_SUM] = [checks[baseline][1] for baseline in frame[Column.BASELINE]]
    return frame
