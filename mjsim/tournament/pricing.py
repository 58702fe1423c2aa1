"""The statistics of pricing: paired differences, clustered errors and BH (the sequential test
and its interval are in :mod:`.sequential`, power in :mod:`.power`).

The design (docs/architecture.md#pricing-the-statistics): for each wall seed and each challenger
variant, one game per seat with that seat at the challenger and the other three at the baseline. The
observation is the seed's mean of the challenger's points over its four seats: what it gains over a
field of baselines, whose seats sum to zero (a control game of four baselines, played now and then
as a health check, would subtract exactly 0 from it). The four seats of a seed share its walls, so
they are correlated: the standard error treats each seed as a cluster (the mean of its seats), and
the t interval has one degree of freedom fewer than the seeds.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy import stats

CONFIDENCE = 0.95
SEATS_COLUMNS = ("seed", "lineup", "seat", "variant", "points")
"""The columns of the seats table that :func:`paired_differences` and :func:`control_sums` read."""
DIFFERENCE_COLUMNS = ["seed", "seat", "challenger", "points", "control", "diff"]
"""The columns of :func:`paired_differences`."""


@dataclass(frozen=True)
class Estimate:
    """A paired estimate, in points per game, signed as the tables are: with ``sign`` 1 what the
    challenger gains over the baseline (a rung step: what the higher rung gains); with ``sign``
    -1 what the baseline gains over the challenger (an idea's price, the challenger being the
    baseline without it)."""

    challenger: str
    baseline: str
    seeds: int
    pairs: int
    mean: float                 # points per game, signed by ``sign``
    se: float                   # clustered by seed
    low: float                  # 95% t interval
    high: float
    p: float                    # two-sided, H0: no difference
    unpaired_se: float          # the same games each on a wall of its own (:func:`unpaired_se`)
    variance_reduction: float   # (unpaired_se / se) ** 2: what seating it in every seat saved
    sd: float = math.nan        # SD of the per-seed means: what power is planned from
    sign: int = 1


def paired_differences(seats: pd.DataFrame, baseline: str) -> pd.DataFrame:
    """The challenger games of ``seats`` (the per-seat-per-game table: columns ``seed``,
    ``lineup``, ``seat``, ``variant``, ``points``), each against a field of ``baseline``.

    A challenger game has exactly one seat at a variant other than ``baseline``. Returns one
    row per challenger game: ``seed``, ``seat``, ``challenger``, ``points``, ``control`` (that
    seat's points in the seed's control game, all four seats at ``baseline``, where one was
    played, else NaN) and ``diff``, the challenger's points over the field's mean. A field of
    baselines sums to zero, so that mean is 0 and ``diff`` is the challenger's points: the
    paired estimate is the same whether or not a control game was played (subtracting one moves
    each seat's difference but not its seed's mean; :func:`control_check` checks the zero).
    """
    is_base = seats["variant"] == baseline
    off_seats = (~is_base).groupby([seats["seed"], seats["lineup"]]).transform("sum")
    control = seats[off_seats == 0].set_index(["seed", "seat"])["points"]
    challenger = seats[(off_seats == 1) & ~is_base]
    if challenger.empty:
        return pd.DataFrame(columns=DIFFERENCE_COLUMNS)
    keys = pd.MultiIndex.from_arrays([challenger["seed"], challenger["seat"]])
    out = pd.DataFrame({
        "seed": challenger["seed"].to_numpy(),
        "seat": challenger["seat"].to_numpy(),
        "challenger": challenger["variant"].to_numpy(),
        "points": challenger["points"].to_numpy(),
        "control": control.reindex(keys).to_numpy(dtype=float),
    })
    out["diff"] = out["points"].astype(float)
    return joined_differences([out])


def joined_differences(parts: Iterable[pd.DataFrame]) -> pd.DataFrame:
    """The :func:`paired_differences` of parts of a seats table as one frame, in the order
    they are given for the whole table: equal to the whole table's when no seed's games are
    split between two parts (what a run read a few batches at a time gives: a seed's games,
    its control game among them, are one batch). The order is total: a challenger, a seed and
    a seat name one game, the one with the challenger in that seat of a field of the
    baseline."""
    frames = [part for part in parts if not part.empty]
    if not frames:
        return pd.DataFrame(columns=DIFFERENCE_COLUMNS)
    frame = frames[0] if len(frames) == 1 else pd.concat(frames, ignore_index=True)
    return frame.sort_values(["challenger", "seed", "seat"],
                             ignore_index=True)[DIFFERENCE_COLUMNS]


def control_sums(seats: pd.DataFrame, baseline: str) -> pd.Series:
    """The control games of ``baseline`` in ``seats`` (every seat at it), indexed by ``seed``
    and ``lineup``: each one's seats' points summed."""
    control = seats[(seats["variant"] == baseline).groupby(
        [seats["seed"], seats["lineup"]]).transform("all")]
    sums: pd.Series = control.groupby(["seed", "lineup"])["points"].sum()
    return sums


def control_check(seats: pd.DataFrame, baseline: str) -> tuple[int, float]:
    """The health check of a price: the control games of ``baseline`` the run played (every
    seat at it), and the largest their seats' points summed to in absolute value, which is 0
    when a field of baselines sums to zero, as the estimate takes it to (NaN with none)."""
    return health(control_sums(seats, baseline))


def health(sums: pd.Series) -> tuple[int, float]:
    """:func:`control_check` of the control games summed in ``sums`` (:func:`control_sums`, of
    a whole table or of its parts concatenated)."""
    return len(sums), float(sums.abs().max()) if len(sums) else math.nan


def estimate(diffs: pd.DataFrame, challenger: str, baseline: str, sign: int = 1) -> Estimate:
    """The paired estimate for one challenger from :func:`paired_differences` rows, signed by
    ``sign`` (see :class:`Estimate`: -1 prices the idea the challenger plays without).

    Raises ``ValueError`` with fewer than two seeds (no standard error exists).
    """
    if sign not in (1, -1):
        raise ValueError(f"sign is 1 or -1, not {sign}")
    rows = diffs[diffs["challenger"] == challenger]
    by_seed = rows.groupby("seed")
    seed_diff = by_seed["diff"].mean()
    n = len(seed_diff)
    if n < 2:
        raise ValueError(f"{challenger!r} needs at least two seeds to estimate, has {n}")
    # Adding 0.0 turns the -0.0 of a price exactly zero into 0.0.
    mean = sign * float(seed_diff.mean()) + 0.0
    sd = float(seed_diff.std(ddof=1))
    se = sd / math.sqrt(n)
    low, high, p = _t_interval(mean, se, n - 1)
    unpaired = unpaired_se(rows)
    reduction = (unpaired / se) ** 2 if se > 0 else math.inf
    return Estimate(challenger, baseline, n, len(rows), mean, se, low, high, p, unpaired,
                    reduction, sd, sign)


def unpaired_se(games: pd.DataFrame) -> float:
    """The standard error an honest unpaired design would give the same challenger games
    (columns ``seat`` and ``points``): each game on a wall of its own, the challenger in each
    seat as often, and no control game, since a field of baselines sums to zero and the
    challenger's own points already estimate its gain. It is each seat's variance across walls,
    weighted by its games: what the paired design saves against it is the challenger sitting in
    every seat of the same walls (the control game changes nothing: its seats sum to zero)."""
    by_seat = games.groupby("seat")["points"]
    return math.sqrt(float((by_seat.count() * by_seat.var(ddof=1)).sum()) / len(games) ** 2)


def _t_interval(mean: float, se: float, df: int) -> tuple[float, float, float]:
    if se == 0:
        return mean, mean, (1.0 if mean == 0 else 0.0)
    half = float(stats.t.ppf(0.5 + CONFIDENCE / 2, df)) * se
    p = float(2 * stats.t.sf(abs(mean) / se, df))
    return mean - half, mean + half, p


def bh_adjust(pvalues: Sequence[float] | np.ndarray) -> np.ndarray:
    """Benjamini-Hochberg adjusted p-values (false discovery rate), in the order given.

    >>> bh_adjust([0.01, 0.04, 0.03]).round(3).tolist()
    [0.03, 0.04, 0.04]
    """
    values = np.asarray(pvalues, dtype=float)
    if values.size == 0:
        return values
    adjusted: np.ndarray = stats.false_discovery_control(values, method="bh")  # scipy: untyped
    return adjusted
