"""The exact sign-flip interval: its coverage against nominal by simulation, and what it says
when a price rests on one or a few seeds.

Each rate is over 2,000 simulated sets of per-seed values (numpy's seeded Generator): its Monte
Carlo standard error at 95% is 0.49 points, and the bounds are two of them.
"""

import math

import numpy as np
import pandas as pd
import pytest

from mjsim.tournament.signflip import MOST_NONZERO, sign_flip

RUNS = 2000


def mc_se(rate):
    return math.sqrt(rate * (1 - rate) / RUNS)


def test_coverage_is_exactly_nominal_for_symmetric_values():
    """Ten heavy-tailed values symmetric about 1.5: the interval's coverage is 1 - 2k/2^10 with
    k = floor(0.025 * 2^10) = 25, i.e. 95.12%, whatever the distribution."""
    rng = np.random.default_rng(20)
    nominal = 1 - 2 * 25 / 2**10
    centre = 1.5
    covered = 0
    for _ in range(RUNS):
        low, high, _ = sign_flip(centre + rng.standard_t(2, 10))
        covered += low <= centre <= high
    assert abs(covered / RUNS - nominal) <= 2 * mc_se(nominal)


def test_a_price_of_zero_resting_on_few_seeds_keeps_its_false_alarms():
    """Twenty walls on which an idea changes moves one time in five (a changed wall's value is
    symmetric about 0, the others exactly 0): the interval holds 0 at least 95% of the time less
    two Monte Carlo errors, and p < 0.05 at most 5% plus two."""
    rng = np.random.default_rng(21)
    covered = alarms = runs = 0
    while runs < RUNS:
        values = np.where(rng.random(20) < 0.2, rng.normal(0, 3, 20), 0.0)
        if not values.any() or np.count_nonzero(values) > MOST_NONZERO:
            continue  # no trigger: the table says so in words
        runs += 1
        low, high, p = sign_flip(values)
        covered += low <= 0 <= high
        alarms += p < 0.05
    assert covered / RUNS >= 0.95 - 2 * mc_se(0.95)
    assert alarms / RUNS <= 0.05 + 2 * mc_se(0.05)


def test_one_changed_seed_says_nothing_about_the_sign():
    """The t test gives p = 0.33 whatever the one changed seed's size; the sign-flip gives 1,
    and an interval from 0 to what that seed could add spread over the walls."""
    for size in (0.1, 40.0):
        low, high, p = sign_flip([0.0] * 19 + [size])
        assert p == 1.0 and low == 0.0 and 0 < high <= size
        assert sign_flip([0.0] * 19 + [-size])[:2] == (-high, -low)


def test_enumeration_matches_the_brute_force_over_all_subsets():
    values = np.array([0.0, 1.0, -2.0, 0.0, 3.5, 0.5, 0.0])
    subsets = [(mask >> np.arange(7)) & 1 for mask in range(1, 2**7)]
    means = np.sort([values[s == 1].mean() for s in subsets])
    k = math.floor(0.025 * 2**7)  # 3
    low, high, p = sign_flip(values)
    assert (low, high) == pytest.approx((means[k - 1], means[-k]))
    signs = [1 - 2 * ((mask >> np.arange(7)) & 1) for mask in range(2**7)]
    flipped = np.abs([(s * values).sum() for s in signs])
    assert p == pytest.approx(np.mean(flipped >= abs(values.sum()) - 1e-12))


def test_too_few_seeds_give_infinite_ends_and_too_many_are_refused():
    low, high, _ = sign_flip([1.0, 2.0, 3.0, 4.0, 5.0])
    assert (low, high) == (-math.inf, math.inf)   # 2^-5 > 0.025: nothing can be excluded
    with pytest.raises(ValueError, match="more than the 14"):
        sign_flip(np.arange(1.0, 16.0))
    with pytest.raises(ValueError, match="at least one value"):
        sign_flip([])


def test_a_price_run_uses_it_only_for_an_idea_that_changed_few_walls():
    from mjsim.tournament.estimates import with_sign_flip

    sparse = [0.0] * 17 + [2.0, -0.5, 1.5]
    dense = list(np.random.default_rng(3).normal(0.4, 1.0, 20))
    frame = pd.DataFrame({"name": ["rare", "often"], "seeds": [20, 20],
                          "seeds_changed": [3, 20], "low_hand": [-0.1, 0.0],
                          "high_hand": [0.4, 0.9], "p": [0.2, 0.04],
                          "low_game": [-1.6, 0.0], "high_game": [6.4, 14.4]})
    out = with_sign_flip(frame.copy(), {"rare": sparse, "often": dense}, hands=16).set_index("name")
    low, high, p = sign_flip(sparse)
    rare, often = out.loc["rare"], out.loc["often"]
    assert rare["method"] == "sign-flip" and often["method"] == "t"
    assert (rare["sf_low_hand"], rare["sf_high_hand"], rare["sf_p"]) == (low, high, p)
    assert rare["low_hand"] == min(low, -0.1) and rare["high_hand"] == max(high, 0.4)
    assert rare["p"] == max(p, 0.2) and rare["low_game"] == rare["low_hand"] * 16
    assert (rare["t_low_hand"], rare["t_high_hand"], rare["t_p"]) == (-0.1, 0.4, 0.2)
    assert (often["low_hand"], often["high_hand"], often["p"]) == (0.0, 0.9, 0.04)
    assert np.isnan(often["sf_p"])


def test_a_run_read_before_it_stopped_keeps_its_sequence_and_the_readme_says_so():
    """The rule "fewer than 10 changed walls: *" is a fixed run's: a sign-flip interval holds
    only at a number of walls fixed in advance. The README's rule said so nowhere."""
    from pathlib import Path

    from mjsim.tournament.estimates import with_sign_flip

    sparse = [0.0] * 17 + [2.0, -0.5, 1.5]
    frame = pd.DataFrame({"name": ["rare"], "seeds": [20], "seeds_changed": [3],
                          "low_hand": [-0.4], "high_hand": [0.6], "p": [0.5],
                          "interval": ["confidence sequence (...)"]})
    out = with_sign_flip(frame.copy(), {"rare": sparse}, hands=16).iloc[0]
    assert out["method"] == "confidence sequence" and (out["low_hand"], out["p"]) == (-0.4, 0.5)
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    rule = " ".join(readme.split("**Few triggers.**", 1)[1].split("**The null check.**")[0]
                    .split())
    assert "by `--until-decided` or extended, keeps its confidence sequence and gets no `*`" in rule


def test_the_edges_of_what_it_takes_and_a_sum_of_zero():
    # One value: both signs reach its size, so p is 1 and nothing is excluded.
    assert sign_flip([3.0]) == (-math.inf, math.inf, 1.0)
    # Exactly MOST_NONZERO values other than 0 are taken: only all + and all - reach the sum.
    assert sign_flip(np.arange(1.0, MOST_NONZERO + 1))[2] == 2 / 2**MOST_NONZERO
    # A sum of 0 (or no value other than 0) is matched by every flip: p is 1.
    assert sign_flip([1.0, -1.0])[2] == 1.0 and sign_flip([0.0] * 5)[2] == 1.0


def test_sixty_or_more_seeds_cut_alpha_over_two_from_each_end():
    """Three values other than 0 among a hundred: the subset means, weighted by how many of
    the 97 zeros a subset holds (binomial), with 2.5% of the weight beyond each end."""
    from itertools import product

    from scipy import stats

    others, zeros = [1.0, 2.0, 3.0], 97
    pieces = []
    for chosen in product([0, 1], repeat=3):
        total = sum(v for v, c in zip(others, chosen) if c)
        for j in range(zeros + 1):
            if sum(chosen) + j:
                pieces.append((total / (sum(chosen) + j), stats.binom.pmf(j, zeros, 0.5) / 8))
    pieces.sort()
    weights = np.cumsum([w for _, w in pieces])
    low = pieces[int(np.argmax(weights >= 0.025 * (1 - 1e-9)))][0]
    high_weights = np.cumsum([w for _, w in reversed(pieces)])
    high = pieces[::-1][int(np.argmax(high_weights >= 0.025 * (1 - 1e-9)))][0]
    got = sign_flip([0.0] * zeros + others)
    assert got[:2] == pytest.approx((low, high))
    assert got[2] == 2 / 8  # |±1 ±2 ±3| reaches 6 only all + or all -
    # 2^n overflows a float past 1,023 seeds; a run of 2,000 walls is still priced.
    low, high, p = sign_flip([0.0] * 1997 + others)
    assert low <= 0.0 < high and p == 2 / 8


def test_six_seeds_exclude_only_beyond_the_extreme_subset_means():
    """n = 6: k = floor(0.025 * 64) = 1, so the interval runs from the smallest subset mean
    to the largest (the weights reach alpha/2 exactly at the first of 64)."""
    assert sign_flip([1.0, 2.0, 3.0, 4.0, 5.0, 6.0])[:2] == (1.0, 6.0)
