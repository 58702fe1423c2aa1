"""The sequential test and the interval that stays valid however the run was stopped.

Both read the per-seed means of a price (points per hand, positive when the idea adds), one per
wall in the order the walls were played.

- :func:`t_sprt`: two one-sided t-SPRTs, one per side: "+" weighs a price of ``+delta`` against
  0, "-" weighs ``-delta`` against 0. Each log likelihood ratio profiles the unknown variance out
  under each hypothesis (``n/2 * log(sum x^2 / sum (x -+ delta)^2)``, the likelihood ratio of
  the normal model with the variance at its maximum under each mean), against Wald's bounds
  with ``alpha`` split between the sides. The first side to reach its upper bound gives "adds at
  least delta" or "costs at least delta"; both sides at their lower bound give "within +-delta of
  zero". Nothing is decided before :data:`MIN_SEEDS` seeds: a variance from fewer is too unsteady
  (with 10 the false alarms reach 5.3% when delta is half the SD; with 20, 3.8%).
- :func:`confidence_sequence`: Lai's (1976) t-mixture confidence sequence for a normal mean of
  unknown variance, valid at every number of seeds at once (so at any stopping rule), with the
  always-valid p-value of H0: 0 that goes with it.

- :func:`bias_adjusted`: the estimate at a sequential stop is biased (a run that happens to run
  high decides early, at a few walls, and stays high); Whitehead's (1986) correction solves
  ``t + b(t) = the mean at the stop`` for ``t``, with the bias ``b`` of the stopping rule
  simulated at the stream's own SD (a grid of true means, the same random numbers at each).

A stream whose values are all equal (zero variance: an idea that never changed a result) gives
these tests no evidence at all; they hold, say so in ``note``, and never compute a logarithm of
zero.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import numpy as np
from scipy import optimize

ALPHA = 0.05
"""False alarms: the chance of "adds" or "costs" when the price is 0 (split between the sides)."""
BETA = 0.05
"""Misses: the chance of not saying "adds" when the price is +delta (and likewise for costs)."""
MIN_SEEDS = 20
"""The sequential test decides nothing before this many seeds."""
METHOD = "confidence sequence (Lai's t-mixture, valid at any stopping time)"

VERDICTS = ("adds", "costs", "within", "undecided")


def verdict_words(decision: str, delta: float) -> str:
    """What a decision means, in the units of ``delta`` (points a hand).

    >>> verdict_words("within", 0.5)
    'within ±0.50 of zero'
    """
    return {"adds": f"adds at least {delta:.2f}", "costs": f"costs at least {delta:.2f}",
            "within": f"within ±{delta:.2f} of zero",
            "undecided": "undecided at the cap"}[decision]


@dataclass(frozen=True)
class Sequential:
    """The state of the two one-sided t-SPRTs after the seeds they read.

    ``decision`` is one of :data:`VERDICTS`; ``seeds`` is where it was taken (all seeds read when
    undecided); ``plus`` and ``minus`` are each side's log likelihood ratio after each seed, up to
    ``seeds``; a side that accepted 0 keeps its ratio from then on. ``note`` says why the test
    could not weigh the data (all seeds equal), else is empty.
    """

    decision: str
    seeds: int
    delta: float
    upper: float
    lower: float
    plus: tuple[float, ...]
    minus: tuple[float, ...]
    note: str = ""

    @property
    def words(self) -> str:
        return verdict_words(self.decision, self.delta)


def bounds(alpha: float = ALPHA, beta: float = BETA) -> tuple[float, float]:
    """Wald's bounds on each side's log likelihood ratio, ``alpha`` split between the sides.

    >>> [round(b, 3) for b in bounds()]
    [3.638, -2.97]
    """
    return math.log((1 - beta) / (alpha / 2)), math.log(beta / (1 - alpha / 2))


def log_ratios(values: np.ndarray, delta: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each side's log likelihood ratio after each seed, for streams in the rows of ``values``,
    and whether the stream had any spread yet (where not, the ratios are 0)."""
    values = np.atleast_2d(np.asarray(values, dtype=float))
    n = np.arange(1, values.shape[1] + 1)
    spread = _spread(values)
    null = np.cumsum(values * values, axis=1)
    sides = []
    for sign in (1.0, -1.0):
        alternative = np.cumsum((values - sign * delta) ** 2, axis=1)
        with np.errstate(divide="ignore", invalid="ignore"):
            ratio = 0.5 * n * (np.log(null) - np.log(alternative))
        sides.append(np.where(spread, ratio, 0.0))
    return sides[0], sides[1], spread


def _first(hit: np.ndarray) -> np.ndarray:
    """The first column where each row is true, or the row length when never."""
    first: np.ndarray = np.where(hit.any(axis=1), hit.argmax(axis=1), hit.shape[1])
    return first


def decide(values: np.ndarray, delta: float, alpha: float = ALPHA,
           beta: float = BETA) -> tuple[np.ndarray, np.ndarray]:
    """The decision (index into :data:`VERDICTS`) and the seeds read, for each stream in the
    rows of ``values``: the vectorised core of :func:`t_sprt`, for simulations."""
    if delta <= 0:
        raise ValueError(f"delta is a positive difference, not {delta}")
    values = np.atleast_2d(np.asarray(values, dtype=float))
    length = values.shape[1]
    upper, lower = bounds(alpha, beta)
    plus, minus, spread = log_ratios(values, delta)
    ready = spread & (np.arange(1, length + 1) >= MIN_SEEDS)
    effect, zero = [], []
    for ratio in (plus, minus):
        up, down = _first(ready & (ratio >= upper)), _first(ready & (ratio <= lower))
        effect.append(np.where(up < down, up, length))     # accepts +-delta (before any 0)
        zero.append(np.where(down < up, down, length))     # accepts 0 on this side
    first_effect = np.minimum(effect[0], effect[1])
    both_zero = np.where((zero[0] < length) & (zero[1] < length),
                         np.maximum(zero[0], zero[1]), length)
    decision = np.where(first_effect < length, np.where(effect[0] <= effect[1], 0, 1),
                        np.where(both_zero < length, 2, 3))
    seeds = np.where(first_effect < length, first_effect + 1,
                     np.where(both_zero < length, both_zero + 1, length))
    return decision, seeds


def t_sprt(seed_means: Sequence[float], delta: float, alpha: float = ALPHA,
           beta: float = BETA) -> Sequential:
    """The two one-sided t-SPRTs over ``seed_means`` (read in order; the first decision stops
    them, so the seeds after it do not matter). ``delta`` is in the units of the means."""
    values = np.asarray(seed_means, dtype=float)
    upper, lower = bounds(alpha, beta)
    if values.size == 0:
        return Sequential("undecided", 0, delta, upper, lower, (), (), "no seeds yet")
    codes, read = decide(values, delta, alpha, beta)
    seeds = int(read[0])
    plus, minus, spread = (a[0, :seeds] for a in log_ratios(values, delta))
    plus, minus = _frozen(plus, lower, upper), _frozen(minus, lower, upper)
    note = ""
    if not spread[-1]:
        note = (f"all {seeds} seeds gave the same difference ({values[0]:+.3f} a hand): "
                "no spread to weigh it with")
    return Sequential(VERDICTS[int(codes[0])], seeds, delta, upper, lower,
                      tuple(plus.tolist()), tuple(minus.tolist()), note)


def _frozen(ratio: np.ndarray, lower: float, upper: float) -> np.ndarray:
    """A side's ratio held at the value where it accepted 0 (that side has stopped)."""
    ready = np.arange(1, len(ratio) + 1) >= MIN_SEEDS
    stops = np.flatnonzero(ready & ((ratio <= lower) | (ratio >= upper)))
    if stops.size:
        ratio = ratio.copy()
        ratio[stops[0]:] = ratio[stops[0]]
    return ratio


def mixture_precision(seeds: int = 2 * MIN_SEEDS, alpha: float = ALPHA) -> float:
    """The mixture's precision that makes the confidence sequence narrowest near ``seeds``.

    The default, 40 seeds, keeps it within 1.6-1.8 times the fixed-walls t interval's width
    from 20 to 2,000 seeds (tuned at 500 it is unbounded at 20 and 1.55 times at 500).
    """
    target = max(seeds, 2)
    result = optimize.minimize_scalar(
        lambda log_c: (target + math.exp(log_c))
        * (2 * math.log(1 / alpha) + math.log1p(target / math.exp(log_c))),
        bounds=(-5.0, math.log(10.0 * target)), method="bounded")
    return math.exp(float(result.x))


def confidence_sequence(values: Sequence[float] | np.ndarray, alpha: float = ALPHA,
                        precision: float | None = None) -> tuple[np.ndarray, np.ndarray]:
    """The lower and upper ends after each seed of a ``1 - alpha`` confidence sequence for the
    mean of ``values`` (rows of streams, or one stream).

    The mixture over the standardised mean (prior precision ``precision``, by default
    :func:`mixture_precision`'s) of the scale-invariant likelihood ratio is a test martingale under
    the true mean (Lai 1976), so by Ville's inequality the chance it ever exceeds ``1/alpha`` is at
    most ``alpha``: the set of means where it has not is covered at every seed at once. The ends
    are infinite while the data cannot exclude any mean, and NaN while all values are equal (no
    spread: the normal model has nothing to say).
    """
    values = np.atleast_2d(np.asarray(values, dtype=float))
    n = np.arange(1, values.shape[1] + 1, dtype=float)
    c = mixture_precision(alpha=alpha) if precision is None else precision
    mean = np.cumsum(values, axis=1) / n
    spread = np.maximum(np.cumsum(values * values, axis=1) - n * mean * mean, 0.0)
    k = np.exp((2 * math.log(1 / alpha) + np.log((n + c) / c)) / n)
    a = k * n * n / (n + c) - (k - 1) * n
    with np.errstate(divide="ignore", invalid="ignore"):
        half = np.where(a > 0, np.sqrt((k - 1) * spread / a), np.inf)
    half = np.where(_spread(values), half, np.nan)
    return mean - half, mean + half


def _spread(values: np.ndarray) -> np.ndarray:
    """Whether each stream has held two different values yet, after each seed (exactly)."""
    return np.maximum.accumulate(values, axis=1) > np.minimum.accumulate(values, axis=1)


def always_valid_p(values: Sequence[float] | np.ndarray, precision: float | None = None,
                   null: float = 0.0) -> float:
    """The anytime-valid p-value of H0: mean ``null`` after all ``values``: one over the
    mixture martingale after the last value, capped at 1. It is valid under any stopping rule
    (by Ville's inequality the martingale reaches 1/alpha at any time with chance at most
    alpha), and it is below alpha exactly when :func:`confidence_sequence` after the last
    value excludes ``null``: the p printed beside that interval agrees with it. (One over the
    largest the martingale has been is valid too, but it can be below 0.05 beside a sequence
    that holds 0 again, once the evidence has faded.)"""
    x = np.asarray(values, dtype=float) - null
    if x.size < 2:
        return 1.0
    n = np.arange(1, x.size + 1, dtype=float)
    c = mixture_precision() if precision is None else precision
    total = np.cumsum(x * x)
    sums = np.cumsum(x)
    rest = total - sums * sums / (n + c)
    with np.errstate(divide="ignore", invalid="ignore"):
        log_m = 0.5 * np.log(c / (n + c)) + 0.5 * n * (np.log(total) - np.log(rest))
    log_m = np.where((total > 0) & (rest > 0), log_m, 0.0)  # no spread: no evidence
    return float(min(1.0, math.exp(-max(0.0, float(log_m[-1])))))


BIAS_STREAMS = 1000
"""Streams simulated at each true mean for the bias at a stop: 500 and their mirror images (so
the bias at -t is minus that at +t), from a fixed seed."""
BIAS_GRID = 65
"""True means, from -4 to +4 delta (steps of delta/8), the bias is simulated at."""


def stopped_means(values: np.ndarray, delta: float, cap: int, stage: int) -> np.ndarray:
    """The estimate each stream in the rows of ``values`` reports when the run stops: walls
    are added ``stage`` at a time up to ``cap`` until :func:`t_sprt` decides, and the estimate
    is the mean of every wall played (up to the end of the stage it decided in)."""
    values = np.atleast_2d(np.asarray(values, dtype=float))[:, :cap]
    _, read = decide(values, delta)
    played = np.minimum(values.shape[1], stage * np.ceil(read / stage)).astype(int)
    sums = np.cumsum(values, axis=1)
    stopped: np.ndarray = sums[np.arange(len(values)), played - 1] / played
    return stopped


BIAS_BLOCK = 1000
"""Walls the bias simulation holds at a time (whole stages): a stream that has decided is not
simulated on, so its memory is :data:`BIAS_STREAMS` times this and its time follows the walls
the test takes, not the cap (holding every stream to the cap at once, a cap of 20,000 walls took
160 s and 1.4 GB, and the largest cap a run takes, 2,000,000, would have needed 140 GB)."""


def _noise(cap: int, block: int) -> Iterator[np.ndarray]:
    """The bias simulation's standard normal streams, ``block`` walls at a time up to ``cap``:
    the same numbers at every call (common random numbers across the grid), half of them the
    mirror images of the other half."""
    rng = np.random.default_rng(1986)
    for start in range(0, cap, block):
        half = rng.standard_normal((BIAS_STREAMS // 2, min(block, cap - start)))
        yield np.vstack([half, -half])


def mean_at_stop(mean: float, theta: float, cap: int, stage: int) -> float:
    """The estimate a run reports when it stops (:func:`stopped_means`), averaged over
    :data:`BIAS_STREAMS` simulated streams of SD 1 and mean ``mean``, for a test of ``theta``
    SDs. The walls are simulated :data:`BIAS_BLOCK` at a time, each stream's sums carried over
    from block to block and a stream dropped once it has decided; each side's first crossings
    are :func:`decide`'s, so the result is the one of :func:`stopped_means` on whole streams."""
    upper, lower = bounds()
    block = stage * max(1, BIAS_BLOCK // stage)  # a stop's last stage ends inside its block
    never = cap  # a column index past every wall
    sums, squares = np.zeros(BIAS_STREAMS), np.zeros(BIAS_STREAMS)
    up, down = np.full((2, BIAS_STREAMS), never), np.full((2, BIAS_STREAMS), never)
    stopped = np.full(BIAS_STREAMS, math.nan)
    start = 0
    for noise in _noise(cap, block):
        live = np.flatnonzero(np.isnan(stopped))
        if not live.size:
            break
        x = noise[live] + mean
        width = x.shape[1]
        n = np.arange(start + 1, start + width + 1, dtype=float)
        running = sums[live, None] + np.cumsum(x, axis=1)
        squared = squares[live, None] + np.cumsum(x * x, axis=1)
        ready = n >= MIN_SEEDS
        for side, sign in enumerate((1.0, -1.0)):
            alternative = squared - 2 * sign * theta * running + n * theta * theta
            ratio = 0.5 * n * (np.log(squared) - np.log(alternative))
            unresolved = (up[side, live] == never) & (down[side, live] == never)
            for crossings, hit in ((up, ratio >= upper), (down, ratio <= lower)):
                first = _first(ready & hit)
                found = unresolved & (first < width)
                crossings[side, live[found]] = start + first[found]
        effect = np.where(up[:, live] < down[:, live], up[:, live], never).min(axis=0)
        zero = np.where(down[:, live] < up[:, live], down[:, live], never)
        both_zero = np.where((zero < never).all(axis=0), zero.max(axis=0), never)
        read = np.minimum(effect, both_zero) + 1  # the seeds the test read, where it decided
        decided = read <= never
        played = np.minimum(cap, stage * np.ceil(read[decided] / stage)).astype(int)
        stopped[live[decided]] = running[decided, played - 1 - start] / played
        sums[live], squares[live] = running[:, -1], squared[:, -1]
        start += width
    undecided = np.isnan(stopped)
    stopped[undecided] = sums[undecided] / cap
    return float(stopped.mean())


@functools.lru_cache(maxsize=64)
def _expected_at_stop(theta: float, cap: int, stage: int) -> tuple[np.ndarray, np.ndarray]:
    """True means (in SDs, for a test of ``theta`` SDs) and the mean estimate at the stop at
    each (:func:`mean_at_stop`), from the same standard normal streams; made non-decreasing
    against Monte Carlo wobble."""
    grid = np.linspace(-4 * theta, 4 * theta, BIAS_GRID)
    expected = np.array([mean_at_stop(float(mean), theta, cap, stage) for mean in grid])
    return grid, np.maximum.accumulate(expected)


def bias_adjusted(values: Sequence[float] | np.ndarray, delta: float, cap: int, stage: int,
                  sd: float | None = None) -> tuple[float, float]:
    """The bias-adjusted estimate of a run stopped by :func:`t_sprt` (walls added ``stage`` at
    a time up to ``cap``), and the bias of the plain mean there: Whitehead's ``t`` with
    ``t + b(t)`` equal to the mean of ``values``, ``b`` simulated at per-seed SD ``sd`` (by
    default the values' own). Beyond four ``delta`` the bias is taken as at four. NaN for both
    without spread.
    """
    x = np.asarray(values, dtype=float)
    scale = float(x.std(ddof=1)) if sd is None and x.size > 1 else (sd or math.nan)
    if not scale > 0:
        return math.nan, math.nan
    grid, expected = _expected_at_stop(round(delta / scale, 4), cap, stage)
    observed = float(x.mean()) / scale
    if observed <= expected[0] or observed >= expected[-1]:
        end = 0 if observed <= expected[0] else -1
        bias = float(expected[end] - grid[end]) * scale
    else:
        bias = float(x.mean()) - float(np.interp(observed, expected, grid)) * scale
    return float(x.mean()) - bias, bias
