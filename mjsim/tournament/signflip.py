"""The exact sign-flip interval and p-value, for a price that rests on a few seeds.

An idea that changed moves on few seeds has a per-seed price of exactly 0 on the others (their
games are the baseline's), so its t interval leans on an SD drawn from a handful of values: one
changed seed gives p = 0.33 whatever its size. The sign-flip (randomisation) test needs no SD:
if the per-seed values are symmetric about the price, flipping the signs of their deviations
leaves their distribution unchanged. Inverted, it is Hartigan's (1969) interval: the means of
the 2^n - 1 non-empty subsets of the seeds split the line into 2^n pieces, each holding the
price with chance 2^-n, so the subset means k-th from either end bound a
``1 - 2k / 2^n`` interval. It is computed exactly: the seeds at exactly 0 enter only through
how many of them a subset holds (a binomial count), so only the ``2^m`` subsets of the ``m``
others are enumerated (``m`` at most :data:`MOST_NONZERO`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from scipy import stats

ALPHA = 0.05
MOST_NONZERO = 14
"""Seeds other than 0 the exact enumeration takes (2^14 subsets of them)."""
FEW = 10
"""An idea that changed moves on fewer walls than this, and not on all of them, gets the
sign-flip interval beside its t interval: its price rests on those walls, so the t interval's SD
comes from fewer values than its degrees of freedom say."""
METHOD = "sign-flip"
"""The ``method`` of a row whose interval joins the exact sign-flip one to the t interval."""


def sign_flip(values: Sequence[float] | np.ndarray,
              alpha: float = ALPHA) -> tuple[float, float, float]:
    """The exact ``1 - alpha`` sign-flip interval for the centre of ``values`` (independent and
    symmetric about it) and the two-sided sign-flip p-value of a centre of 0.

    An end is infinite when too few seeds vary to exclude anything (fewer than 6 seeds in all:
    2^-5 is more than alpha/2). Raises ``ValueError`` with more than :data:`MOST_NONZERO`
    values other than 0, or fewer than one value.

    >>> low, high, p = sign_flip([0.0] * 19 + [4.0])
    >>> low, round(high, 3), p
    (0.0, 0.571, 1.0)
    """
    x = np.asarray(values, dtype=float)
    if x.size < 1:
        raise ValueError("a sign-flip interval needs at least one value")
    nonzero = x[x != 0]
    m, zeros = nonzero.size, x.size - nonzero.size
    if m > MOST_NONZERO:
        raise ValueError(f"{m} values other than 0 are more than the {MOST_NONZERO} the exact "
                         "sign-flip enumerates; the t interval suits them")
    chosen = (np.arange(2**m)[:, None] >> np.arange(m)) & 1  # every subset of the non-zeros
    sums, counts = chosen @ nonzero, chosen.sum(axis=1)
    # A subset holds j of the zeros with chance binom(zeros, 1/2): a subset mean and its weight.
    j = np.arange(zeros + 1)
    size = counts[:, None] + j[None, :]
    weight = np.broadcast_to(stats.binom.pmf(j, zeros, 0.5) / 2**m, size.shape)
    kept = size > 0
    means = (np.broadcast_to(sums[:, None], size.shape)[kept] / size[kept])
    weights = weight[kept]
    order = np.argsort(means, kind="stable")
    means, weights = means[order], weights[order]
    n = x.size
    tail = math.floor(alpha / 2 * 2**n) / 2**n if n < 60 else alpha / 2
    low, high = -math.inf, math.inf
    if tail > 0:
        rising = np.cumsum(weights)
        falling = np.cumsum(weights[::-1])
        low = float(means[np.searchsorted(rising, tail * (1 - 1e-9))])
        high = float(means[::-1][np.searchsorted(falling, tail * (1 - 1e-9))])
    total = float(nonzero.sum())
    flipped = np.abs(total - 2 * sums)  # |the sum| with the chosen subset's signs flipped
    p = float(np.mean(flipped >= abs(total) * (1 - 1e-12))) if m else 1.0
    return low, high, p
