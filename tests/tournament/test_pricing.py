import math

import numpy as np
import pandas as pd
import pytest

from mjsim.tournament.pricing import (
    DIFFERENCE_COLUMNS,
    bh_adjust,
    control_check,
    estimate,
    joined_differences,
    paired_differences,
)


def zero_sum(points):
    return points - points.mean()


def synthetic_seats(rng, seeds, effect, seat_noise=20.0, seed_noise=30.0):
    """Control and challenger games for one challenger, with a known effect per game.

    Each seed has a shared component (the walls) so pairing removes most of the variance, and,
    as in real games, the four seats of every game sum to zero.
    """
    rows = []
    for s in range(seeds):
        walls = rng.normal(0, seed_noise, size=4)
        control = zero_sum(walls + rng.normal(0, seat_noise, size=4))
        for seat in range(4):
            rows.append((f"s{s}", "B,B,B,B", seat, "B", control[seat]))
        for seat in range(4):
            lineup = ",".join("C" if i == seat else "B" for i in range(4))
            points = walls + rng.normal(0, seat_noise, size=4)
            points[seat] += effect * 4 / 3  # the others pay for it: the game stays zero-sum
            points = zero_sum(points)
            for other in range(4):
                rows.append((f"s{s}", lineup, other, "C" if other == seat else "B",
                             points[other]))
    return pd.DataFrame(rows, columns=["seed", "lineup", "seat", "variant", "points"])


def test_paired_differences_are_the_challengers_points_beside_its_control():
    seats = synthetic_seats(np.random.default_rng(1), seeds=3, effect=5.0)
    diffs = paired_differences(seats, "B")
    assert len(diffs) == 12 and set(diffs["challenger"]) == {"C"}
    row = diffs.iloc[0]
    control = seats[(seats.seed == row.seed) & (seats.lineup == "B,B,B,B")
                    & (seats.seat == row.seat)]
    assert row["control"] == control.points.item() and row["diff"] == row["points"]


def test_a_part_without_challenger_games_adds_no_differences():
    """A batch of control games only (or no batch at all) has no differences, with the columns
    the rest have, and joined with the others leaves the whole table's differences as they are,
    dtypes included (an empty part's object columns had turned every column to object)."""
    seats = synthetic_seats(np.random.default_rng(8), seeds=3, effect=2.0)
    controls = seats[seats.lineup == "B,B,B,B"]
    empty = paired_differences(controls, "B")
    assert empty.empty and list(empty.columns) == DIFFERENCE_COLUMNS
    assert list(joined_differences([]).columns) == DIFFERENCE_COLUMNS
    assert joined_differences([empty]).empty
    whole = paired_differences(seats, "B")
    parts = [paired_differences(seats[seats.seed == seed], "B") for seed in ("s2", "s0", "s1")]
    pd.testing.assert_frame_equal(joined_differences([empty, *parts, empty]), whole)


def test_a_control_game_changes_no_estimate():
    """The control's seats sum to zero, so pricing without it (the health check plays it on a
    few walls only) gives the same estimate as subtracting it seat by seat."""
    seats = synthetic_seats(np.random.default_rng(2), seeds=6, effect=3.0)
    without = seats[~((seats.lineup == "B,B,B,B") & (seats.seed != "s0"))]
    diffs = paired_differences(without, "B")
    assert diffs["control"].notna().sum() == 4 and diffs["control"].isna().sum() == 20
    full = paired_differences(seats, "B")
    subtracted = full.assign(diff=full["points"] - full["control"])
    for kept in (estimate(diffs, "C", "B"), estimate(full, "C", "B")):
        assert kept.mean == pytest.approx(estimate(subtracted, "C", "B").mean)
        assert kept.se == pytest.approx(estimate(subtracted, "C", "B").se)
    assert control_check(seats, "B")[0] == 6 and control_check(seats, "B")[1] < 1e-9
    assert control_check(without, "B")[0] == 1
    broken = seats.copy()
    broken.loc[(broken.lineup == "B,B,B,B") & (broken.seed == "s1") & (broken.seat == 0),
               "points"] += 7
    assert control_check(broken, "B")[1] == pytest.approx(7)
    assert np.isnan(control_check(seats[seats.lineup != "B,B,B,B"], "B")[1])


def test_an_estimate_needs_two_seeds_and_takes_two():
    """One seed has no standard error: refused, naming the challenger; two are enough."""
    diffs = paired_differences(synthetic_seats(np.random.default_rng(9), 2, 4.0), "B")
    assert estimate(diffs, "C", "B").seeds == 2
    with pytest.raises(ValueError, match="'C' needs at least two seeds to estimate, has 1"):
        estimate(diffs[diffs.seed == "s0"], "C", "B")
    with pytest.raises(ValueError, match="'D' needs at least two seeds to estimate, has 0"):
        estimate(diffs, "D", "B")


def test_the_estimate_is_the_t_interval_of_the_per_seed_means():
    """Three seeds whose games' differences average 2, -1 and 5: mean 2, SD 3 (n - 1 in the
    divisor), SE sqrt(3), and the t interval on 2 degrees of freedom (t = 4.3027)."""
    diffs = pd.DataFrame({"seed": ["a", "a", "b", "b", "c", "c"], "seat": [0, 1] * 3,
                          "challenger": "C", "points": 0.0, "control": math.nan,
                          "diff": [1.0, 3.0, -2.0, 0.0, 4.0, 6.0]})
    est = estimate(diffs, "C", "B")
    assert (est.seeds, est.pairs) == (3, 6)
    assert (est.mean, est.sd, est.se) == pytest.approx((2.0, 3.0, math.sqrt(3)))
    half = 4.302653 * math.sqrt(3)
    assert (est.low, est.high) == pytest.approx((2 - half, 2 + half), abs=1e-5)
    assert est.p == pytest.approx(0.367544, abs=1e-6)
    price = estimate(diffs.assign(diff=0.0), "C", "B", sign=-1)
    assert math.copysign(1.0, price.mean) == 1.0  # a price of exactly 0 is +0.0, never -0.0


def test_identical_challenger_gives_zero():
    seats = synthetic_seats(np.random.default_rng(3), seeds=4, effect=0.0)
    diffs = paired_differences(seats, "B")
    diffs["points"] = diffs["control"]
    diffs["diff"] = 0.0
    est = estimate(diffs, "C", "B")
    assert est.mean == 0 and est.se == 0 and est.p == 1.0 and est.low == est.high == 0


def test_interval_covers_the_true_effect_at_about_the_nominal_rate():
    rng = np.random.default_rng(4)
    effect = 8.0
    covered = 0
    runs = 200
    for _ in range(runs):
        est = estimate(paired_differences(synthetic_seats(rng, 12, effect), "B"), "C", "B")
        covered += est.low <= effect <= est.high
    assert 0.90 <= covered / runs <= 0.99


def test_pairing_reduces_variance():
    rng = np.random.default_rng(5)
    est = estimate(paired_differences(synthetic_seats(rng, 40, 16.0), "B"), "C", "B")
    assert est.variance_reduction > 1.5
    assert est.variance_reduction == pytest.approx((est.unpaired_se / est.se) ** 2)
    assert est.unpaired_se > est.se
    assert est.p < 0.05 and est.seeds == 40 and est.pairs == 160


def test_bh_matches_a_hand_computed_case():
    # sorted p 0.005 0.01 0.03 0.04 0.2 (m=5): p*m/rank = 0.025 0.025 0.05 0.05 0.2
    assert bh_adjust([0.04, 0.005, 0.2, 0.01, 0.03]).round(6).tolist() == \
        [0.05, 0.025, 0.2, 0.025, 0.05]
    assert bh_adjust([]).size == 0


def test_an_ideas_price_is_signed_as_the_tables_are():
    """sign=-1 prices the idea the challenger lacks: the challenger loses 8 a game, so the idea
    adds 8, and the interval and SD turn with it."""
    diffs = paired_differences(synthetic_seats(np.random.default_rng(7), 30, -8.0), "B")
    gain, price = estimate(diffs, "C", "B"), estimate(diffs, "C", "B", sign=-1)
    assert price.mean == pytest.approx(-gain.mean) and price.mean > 0
    assert (price.low, price.high) == pytest.approx((-gain.high, -gain.low))
    assert price.sd == pytest.approx(gain.sd) == pytest.approx(gain.se * np.sqrt(30))
    assert price.p == gain.p and price.sign == -1
    with pytest.raises(ValueError, match="sign is 1 or -1"):
        estimate(diffs, "C", "B", sign=2)


def test_the_printed_table_says_whether_the_health_check_held():
    from mjsim.tournament.text import _health_words

    rows = pd.DataFrame({"baseline": ["1", "2", "2"], "controls": [1, 3, 3],
                         "control_sum": [0.0, 0.0, 0.0]})
    held = ("health check: every control game summed to 0 (1 game of rung 1, 3 games of rung "
            "2), as the estimates require of a field of baselines")
    assert _health_words(rows) == [held]
    rows.loc[rows["baseline"] == "2", "control_sum"] = 30.0
    failed = ("health check FAILED: a control game of rung 2 summed to 30, not 0; the prices "
              "take a field of baselines to sum to zero")
    assert _health_words(rows) == [failed]


def test_the_detects_note_comes_only_with_a_figure_to_explain(tmp_path):
    # A run of 2 walls read as a sequential look has no interval and so no `detects` ("-" in
    # every row), yet the note under the table explained the column.
    from mjsim.tournament import price
    from mjsim.tournament.text import format_estimates

    options = {"walls": 2, "table": "botzone", "backend": "sequential", "quiet": True}
    stopped = price(["claims"], tmp_path / "stopped", until_decided=True, **options)
    assert "too few walls" in format_estimates(stopped.estimates)
    assert "detects:" not in format_estimates(stopped.estimates)
    fixed = price(["claims"], tmp_path / "fixed", **options)
    assert "±" in format_estimates(fixed.estimates)
    assert "detects: the smallest effect" in format_estimates(fixed.estimates)


def test_the_sign_flip_note_says_an_idea_that_changed_every_wall_gets_none(tmp_path):
    # Was: "*: changed moves on fewer than 10 walls", under a table where ideas that changed
    # moves on all of a run's 8 walls had no `*`, as the rule (with_sign_flip) has it.
    from mjsim.tournament import price
    from mjsim.tournament.estimates import Column
    from mjsim.tournament.signflip import FEW, METHOD
    from mjsim.tournament.text import format_estimates

    options = {"walls": 2, "table": "botzone", "backend": "sequential", "quiet": True}
    estimates = price(["claims"], tmp_path, **options).estimates
    estimates[Column.METHOD] = METHOD  # as a row of 1 changed wall in 2 is
    note = format_estimates(estimates).split("\n*: ", 1)[1]
    assert " ".join(note.split()).startswith(
        f"changed moves on fewer than {FEW} walls, not on every one: ")


def test_a_price_or_interval_end_that_rounds_to_zero_reads_plus_zero(tmp_path):
    # A price of -0.0004 points a hand (one point lost over 40 walls of sixteen-hand games) and
    # an interval end as small printed "-0.000", a sign the three decimals cannot show.
    from mjsim.tournament import price
    from mjsim.tournament.estimates import Column
    from mjsim.tournament.text import format_estimates

    options = {"walls": 2, "table": "botzone", "backend": "sequential", "quiet": True}
    estimates = price(["claims"], tmp_path, **options).estimates
    estimates[[Column.VALUE_HAND, Column.LOW_HAND, Column.HIGH_HAND]] = [-4e-4, -3e-4, 0.25]
    row = format_estimates(estimates).splitlines()[1]
    assert "-0.000" not in row
    assert row.split()[1:5] == ["+0.000", "[", "+0.000,", "+0.250]"]
