"""Power and planning: the walls a fixed run needs, and the sequential test's expected walls."""

import math

import numpy as np
import pytest
from scipy import stats

from mjsim.tournament.power import PILOT_SD, detectable, format_plan, plan, walls_needed
from mjsim.tournament.sequential import decide


def test_walls_needed_give_eighty_percent_power_by_simulation():
    """A two-sided t test at alpha 0.05 over the walls planned finds delta in 80% of 4,000
    simulated runs (within 2 Monte Carlo errors, 1.3 points)."""
    delta, sd = 0.5, 3.0
    walls = walls_needed(delta, sd)
    rng = np.random.default_rng(31)
    means = rng.normal(delta, sd, (4000, walls))
    t = means.mean(axis=1) / (means.std(axis=1, ddof=1) / math.sqrt(walls))
    found = (np.abs(t) > stats.t.ppf(0.975, walls - 1)).mean()
    assert abs(found - 0.8) <= 2 * math.sqrt(0.8 * 0.2 / 4000)
    assert detectable(sd, walls) <= delta < detectable(sd, walls - 1)
    assert math.isnan(detectable(sd, 1))
    with pytest.raises(ValueError, match="positive"):
        walls_needed(0.0, sd)


def test_the_plan_matches_the_test_it_plans_for():
    """The expected walls agree with a fresh simulation of the test (another seed), the slowest
    case is half delta, and the cap is a whole number of stages above every expectation."""
    result = plan(0.5, PILOT_SD)
    rng = np.random.default_rng(41)
    for mean, expected in ((0.0, result.expected_zero), (0.5, result.expected_delta)):
        _, seeds = decide(rng.normal(mean, PILOT_SD, (1000, 3000)), 0.5)
        assert seeds.mean() == pytest.approx(expected, rel=0.08)
    assert result.expected_half > max(result.expected_zero, result.expected_delta)
    assert result.cap % 10 == 0 and result.cap >= result.expected_half
    assert plan(0.25, PILOT_SD).expected_zero == pytest.approx(4 * result.expected_zero, rel=0.1)


def test_the_plan_reads_as_walls_and_games():
    text = format_plan(plan(0.5), games_per_wall=9)
    # 285 walls of 9 games, and a control game on walls 0, 10, ..., 280: 29 of them.
    assert "285 walls (2,594 games)" in text and "nothing has been played" in text
    assert "if it is ±0.50, " in text and "if ±0.250 (the slowest)" in text
    # Half an effect of 0.01 read "±0.01" (rounded to the effect's own two decimals).
    assert "if ±0.005 (the slowest)" in format_plan(plan(0.01, 1.0), games_per_wall=9)
    with pytest.raises(ValueError, match="positive"):
        plan(-1.0)


def test_an_sd_of_zero_detects_nothing_and_plans_no_walls():
    # Walls that all gave the same difference say nothing of the spread of the next walls.
    assert math.isnan(detectable(0.0, 30))
    with pytest.raises(ValueError, match="positive per-seed SD"):
        walls_needed(0.5, 0.0)


@pytest.mark.parametrize("fixed", [1, 2, 3, 9, 10, 11, 20, 21, 285])
def test_the_plan_counts_the_games_the_schedule_plays(fixed):
    """Each walls' count of games is what priced_walls schedules for that many walls (one
    challenger game a wall here, and a control game on walls 0, 10, 20, ...): --plan 20 once
    said 3 walls were 12 games, and 0.5 that 285 were 1,168."""
    from dataclasses import replace

    from mjsim.tournament.schedule import priced_walls

    batches = priced_walls([f"w-{i}" for i in range(fixed)], [(("b",) * 4, [("c", "b", "b", "b")])])
    text = format_plan(replace(plan(0.5), fixed=fixed), games_per_wall=1)
    said = f"{fixed} wall{'s' * (fixed != 1)} ({sum(map(len, batches)):,} games)"
    assert f"a fixed run (--walls): {said} for 80% power" in text


def test_detectable_is_the_textbook_sum_of_t_quantiles_over_root_n():
    """(t_0.975 + t_0.8) * sd / sqrt(n), from the printed t table: 12.706 and 1.376 at one
    degree of freedom, 2.262 and 0.883 at nine."""
    assert detectable(1.0, 2) == pytest.approx((12.706 + 1.376) / math.sqrt(2), rel=1e-3)
    assert detectable(2.0, 10) == pytest.approx((2.262 + 0.883) * 2 / math.sqrt(10), rel=1e-3)
    assert detectable(1.0, 10, alpha=0.01) == pytest.approx((3.250 + 0.883) / math.sqrt(10),
                                                           rel=1e-3)
    assert detectable(1.0, 10, power=0.9) == pytest.approx((2.262 + 1.383) / math.sqrt(10),
                                                          rel=1e-3)
    for sd in (math.inf, math.nan, -1.0):
        assert math.isnan(detectable(sd, 10))


def test_walls_needed_is_two_at_the_least_and_refuses_an_sd_that_is_no_number():
    # detectable(1.0, 2) is 9.96: an effect of 100 needs only the two walls an SD needs.
    assert walls_needed(100.0, 1.0) == 2
    assert walls_needed(9.9, 1.0) == 3 and walls_needed(10.0, 1.0) == 2
    for sd in (math.inf, math.nan, -1.0):
        with pytest.raises(ValueError, match="positive per-seed SD"):
            walls_needed(0.5, sd)
    with pytest.raises(ValueError, match="effect to plan for is positive"):
        walls_needed(math.nan, 1.0)


def test_nine_runs_in_ten_decide_by_the_cap_in_a_fresh_simulation():
    """The cap is the walls by which 9 in 10 runs decide at a price of 0 and of delta: in 1,000
    fresh runs (another seed) each share is at least 90% less two Monte Carlo errors, and the
    cap is a whole number of the stages given."""
    result = plan(0.5, PILOT_SD, stage=7)
    assert result.cap % 7 == 0
    rng = np.random.default_rng(43)
    for mean in (0.0, 0.5):
        decision, _ = decide(rng.normal(mean, PILOT_SD, (1000, result.cap)), 0.5)
        assert (decision != 3).mean() >= 0.9 - 2 * math.sqrt(0.9 * 0.1 / 1000)


@pytest.mark.parametrize("delta, sd", [(0.5, 0.0), (math.nan, 3.0), (math.inf, 3.0),
                                       (0.5, math.nan), (0.5, math.inf)])
def test_a_plan_refuses_an_effect_or_sd_that_is_not_a_positive_finite_number(delta, sd):
    # NaN and infinity once fell through to "cannot convert float NaN to integer".
    with pytest.raises(ValueError, match="^plan for a positive, finite effect and SD, not "):
        plan(delta, sd)
