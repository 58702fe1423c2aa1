"""The statistics of pricing: paired differences, clustered errors, BH, and a sequential test.

The design (design.md §4): for each wall seed, one control game with four seats at the baseline
variant, and for each challenger variant one game per seat with that seat at the challenger and
the other three at the baseline. The paired difference ``d(s, k)`` is seat k's points in the
challenger game minus its points in the control game on seed s. The four seats of a seed share
its walls, so their differences are correlated: the standard error treats each seed as a cluster
(the mean of its seats), and the t interval has one degree of freedom fewer than the seeds.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass

import numpy as np
import pandas as pd
from scipy import stats

from mjsim.game.settlement import HANDS

CONFIDENCE = 0.95
MIN_SEEDS = 10
"""The sequential test decides nothing before this many seeds."""


@dataclass(frozen=True)
class Estimate:
    """A paired estimate of how many points per game a challenger gains over the baseline."""

    challenger: str
    baseline: str
    seeds: int
    pairs: int
    mean: float                 # points per game
    se: float                   # clustered by seed
    low: float                  # 95% t interval
    high: float
    p: float                    # two-sided, H0: no difference
    unpaired_se: float          # as if challenger and control seats came from other walls
    variance_reduction: float   # (unpaired_se / se) ** 2: how much pairing saved

    @property
    def per_hand(self) -> tuple[float, float, float, float]:
        """The mean, standard error and interval per hand (a game is sixteen hands)."""
        return (self.mean / HANDS, self.se / HANDS, self.low / HANDS, self.high / HANDS)

    def as_row(self) -> dict[str, float | int | str]:
        mean, se, low, high = self.per_hand
        return {**asdict(self), "mean_hand": mean, "se_hand": se, "low_hand": low,
                "high_hand": high}


def paired_differences(seats: pd.DataFrame, baseline: str) -> pd.DataFrame:
    """The paired differences of every challenger game against its seed's control game.

    ``seats`` is the per-seat-per-game table (columns ``seed``, ``lineup``, ``seat``,
    ``variant``, ``points``). A control game has every seat at ``baseline``; a challenger game has
    exactly one seat at another variant. Returns one row per challenger game: ``seed``, ``seat``,
    ``challenger``, ``points``, ``control``, ``diff``. Raises ``ValueError`` when a challenger
    game has no control game on its seed.
    """
    is_base = seats["variant"] == baseline
    off_seats = (~is_base).groupby([seats["seed"], seats["lineup"]]).transform("sum")
    control = seats[off_seats == 0].set_index(["seed", "seat"])["points"]
    challenger = seats[(off_seats == 1) & ~is_base]
    if challenger.empty:
        return pd.DataFrame(columns=["seed", "seat", "challenger", "points", "control", "diff"])
    keys = pd.MultiIndex.from_arrays([challenger["seed"], challenger["seat"]])
    missing = ~keys.isin(control.index)
    if missing.any():
        seed = challenger["seed"].iloc[int(np.argmax(missing))]
        raise ValueError(f"seed {seed!r} has a challenger game but no control game")
    out = pd.DataFrame({
        "seed": challenger["seed"].to_numpy(),
        "seat": challenger["seat"].to_numpy(),
        "challenger": challenger["variant"].to_numpy(),
        "points": challenger["points"].to_numpy(),
        "control": control.loc[keys].to_numpy(),
    })
    out["diff"] = out["points"] - out["control"]
    return out.sort_values(["challenger", "seed", "seat"], ignore_index=True)


def estimate(diffs: pd.DataFrame, challenger: str, baseline: str) -> Estimate:
    """The paired estimate for one challenger from :func:`paired_differences` rows.

    Raises ``ValueError`` with fewer than two seeds (no standard error exists).
    """
    rows = diffs[diffs["challenger"] == challenger]
    by_seed = rows.groupby("seed")
    seed_diff = by_seed["diff"].mean()
    n = len(seed_diff)
    if n < 2:
        raise ValueError(f"{challenger!r} needs at least two seeds to estimate, has {n}")
    mean = float(seed_diff.mean())
    se = float(seed_diff.std(ddof=1) / math.sqrt(n))
    low, high, p = _t_interval(mean, se, n - 1)
    # Unpaired: what comparing the challenger's seats with baseline seats of other walls would
    # give, the two samples independent. (Not per-seed means: a control game's four seats sum to
    # zero, so their mean has no variance to compare.)
    pairs = len(rows)
    unpaired_se = math.sqrt(rows["points"].var(ddof=1) / pairs
                            + rows["control"].var(ddof=1) / pairs)
    reduction = (unpaired_se / se) ** 2 if se > 0 else math.inf
    return Estimate(challenger, baseline, n, pairs, mean, se, low, high, p, unpaired_se,
                    reduction)


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


@dataclass(frozen=True)
class Sequential:
    """The state of a two-sided sequential probability ratio test on per-seed means.

    ``decision`` is ``"H1"`` (a difference of at least ``delta``), ``"H0"`` (none), or ``None``
    while undecided; ``trace`` holds the larger of the two log likelihood ratios after each seed.
    """

    decision: str | None
    seeds: int
    log_ratio: float
    upper: float
    lower: float
    trace: tuple[float, ...]


def gsprt(seed_means: Sequence[float], delta: float, alpha: float = 0.05,
          beta: float = 0.05) -> Sequential:
    """Wald's SPRT of H0: mean 0 against H1: mean +delta or -delta, Gaussian, variance estimated.

    The variance is the running sample variance of the per-seed means (a generalised SPRT);
    each sign of H1 has its own log likelihood ratio, and the test decides H1 when either crosses
    log((1-beta)/(alpha/2)) (alpha is split between the two signs), H0 when both fall below
    log(beta/(1-alpha)). No decision is taken before ``MIN_SEEDS`` seeds, since a variance from
    a handful of seeds is too unsteady to trust. Seeds are read in order and the first decision
    stops the test, so the outcome does not depend on the seeds after it.
    """
    if delta <= 0:
        raise ValueError(f"delta is a positive difference, not {delta}")
    upper = math.log((1 - beta) / (alpha / 2))
    lower = math.log(beta / (1 - alpha))
    values = np.asarray(seed_means, dtype=float)
    trace: list[float] = []
    for n in range(1, len(values) + 1):
        if n < 2:
            trace.append(0.0)  # one seed has no variance
            continue
        seen = values[:n]
        variance = max(float(seen.var(ddof=1)), 1e-12)
        total = float(seen.sum())
        plus = (delta * total - n * delta * delta / 2) / variance
        minus = (-delta * total - n * delta * delta / 2) / variance
        log_ratio = max(plus, minus)
        trace.append(log_ratio)
        if n < MIN_SEEDS:
            continue
        if log_ratio >= upper:
            return Sequential("H1", n, log_ratio, upper, lower, tuple(trace))
        if plus <= lower and minus <= lower:
            return Sequential("H0", n, log_ratio, upper, lower, tuple(trace))
    last = trace[-1] if trace else 0.0
    return Sequential(None, len(values), last, upper, lower, tuple(trace))
