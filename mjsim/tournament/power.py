"""Power before and after a run: the smallest effect a run can detect, the walls an effect needs,
and the walls the sequential test is expected to take.

Every figure is in the units of the per-seed SD given (points a hand): the SD of a wall's mean
price over its four seat-swapped games.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy import stats

from mjsim.errors import counted
from mjsim.tournament import sequential
from mjsim.tournament.schedule import CONTROL_EVERY, control_walls

PILOT_SD = 3.0
"""Points a hand: the per-seed SD to plan with before any game is played. The largest of rung 3's
steps and ideas at 1,000 walls (claims 3.0, shanten 2.9, planning 2.5, rung 3 over rung 2 2.4,
defence 0.5); a player of one's own may differ, so pass the SD a pilot run printed."""
POWER = 0.8
ALPHA = 0.05
SIMULATED = 1000
"""Sequences simulated for the expected walls of the sequential test (a fixed seed)."""
SLOWEST = 0.15
"""The smallest delta/SD simulated; below it the walls scale as (delta/SD)^-2, as they do in the
test's Brownian limit (within 3% from 0.15 to 0.075)."""


def detectable(sd: float, seeds: int, alpha: float = ALPHA, power: float = POWER) -> float:
    """The smallest effect a two-sided t test at ``alpha`` finds with ``power`` from ``seeds``
    seeds of per-seed SD ``sd`` (NaN below two seeds, and for an SD of 0: walls that all gave
    the same difference say nothing of the spread of walls to come).

    >>> round(detectable(3.0, 40), 2)
    1.36
    """
    if seeds < 2 or not math.isfinite(sd) or not sd > 0:
        return math.nan
    df = seeds - 1
    return float((stats.t.ppf(1 - alpha / 2, df) + stats.t.ppf(power, df)) * sd
                 / math.sqrt(seeds))


def walls_needed(delta: float, sd: float, alpha: float = ALPHA, power: float = POWER) -> int:
    """The fewest walls whose two-sided t test at ``alpha`` finds ``delta`` with ``power`` at
    per-seed SD ``sd``; ``ValueError`` unless both are positive (an SD of 0 plans nothing).

    >>> walls_needed(0.5, 3.0)
    285
    """
    if not delta > 0:
        raise ValueError(f"an effect to plan for is positive, not {delta}")
    if not sd > 0 or not math.isfinite(sd):
        raise ValueError(f"walls are planned from a positive per-seed SD, not {sd}")
    z = stats.norm.ppf(1 - alpha / 2) + stats.norm.ppf(power)
    seeds = max(2, math.floor(float(z * sd / delta) ** 2))
    while detectable(sd, seeds, alpha, power) > delta:
        seeds += 1
    return seeds


@dataclass(frozen=True)
class Plan:
    """What pricing an effect of ``delta`` a hand takes at per-seed SD ``sd``: the walls of a
    fixed run at 80% power, and the sequential test's expected walls (simulated) when the price
    is 0, half of ``delta`` (its slowest) and ``delta``, with the cap that 9 in 10 runs decide
    by when the price is 0 or ``delta``."""

    delta: float
    sd: float
    fixed: int
    expected_zero: float
    expected_half: float
    expected_delta: float
    cap: int


def plan(delta: float, sd: float = PILOT_SD, stage: int = 10) -> Plan:
    """The walls pricing ``delta`` takes (see :class:`Plan`); the cap is a multiple of
    ``stage`` (walls are added that many at a time) and at least every expected size."""
    if not (0 < delta < math.inf and 0 < sd < math.inf):  # NaN fails every comparison
        raise ValueError(f"plan for a positive, finite effect and SD, not delta {delta} and "
                         f"SD {sd}")
    theta = max(delta / sd, SLOWEST)
    scale = (theta * sd / delta) ** 2
    length = max(4 * sequential.MIN_SEEDS, math.ceil(40 / theta**2))
    noise = np.random.default_rng(2024).standard_normal((SIMULATED, length))
    read = {mean: scale * sequential.decide(noise + mean, theta)[1]
            for mean in (0.0, theta / 2, theta)}
    expected = {mean: float(seeds.mean()) for mean, seeds in read.items()}
    tail = max(float(np.quantile(read[0.0], 0.9)), float(np.quantile(read[theta], 0.9)),
               max(expected.values()))
    return Plan(delta, sd, walls_needed(delta, sd), expected[0.0], expected[theta / 2],
                expected[theta], stage * math.ceil(tail / stage))


def format_plan(result: Plan, games_per_wall: int, every: int = CONTROL_EVERY) -> str:
    """The plan as the lines ``mjsim price --plan`` prints, for runs of ``games_per_wall``
    challenger games a wall and a control game on the walls :func:`.schedule.has_control`
    picks (the first, and every ``every`` after it). An expected number of walls is rounded,
    and its games are those that many walls play."""
    def walls(count: float) -> str:
        played = round(count)
        games = played * games_per_wall + control_walls(played, every)
        return f"{counted(played, 'wall')} ({counted(games, 'game')})"
    return "\n".join([
        (f"to price an effect of {result.delta:.2f} points a hand at a per-seed SD of "
         f"{result.sd:.2f}, where a wall plays {counted(games_per_wall, 'game')}"),
        f"(and the first wall and every {every}th after it a control game too):",
        f"  a fixed run (--walls): {walls(result.fixed)} for 80% power at alpha 0.05, two-sided",
        (f"  --until-decided (alpha 0.05, beta 0.05), expected: {walls(result.expected_zero)} "
         "if the price is 0,"),
        (f"    {walls(result.expected_delta)} if it is ±{result.delta:.2f}, "
         f"{walls(result.expected_half)} if ±{result.delta / 2:.3f} (the slowest)"),
        f"  its default cap: {walls(result.cap)}; nothing has been played",
    ])
