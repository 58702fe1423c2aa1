import numpy as np
import pandas as pd
import pytest

from mjsim.game.settlement import HANDS
from mjsim.tournament.pricing import MIN_SEEDS, bh_adjust, estimate, gsprt, paired_differences


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


def test_paired_differences_pair_each_seat_with_its_control():
    seats = synthetic_seats(np.random.default_rng(1), seeds=3, effect=5.0)
    diffs = paired_differences(seats, "B")
    assert len(diffs) == 12 and set(diffs["challenger"]) == {"C"}
    row = diffs.iloc[0]
    control = seats[(seats.seed == row.seed) & (seats.lineup == "B,B,B,B")
                    & (seats.seat == row.seat)]
    assert row["control"] == control.points.item()
    assert row["diff"] == row["points"] - row["control"]


def test_missing_control_is_refused():
    seats = synthetic_seats(np.random.default_rng(2), seeds=2, effect=0.0)
    seats = seats[~((seats.seed == "s1") & (seats.lineup == "B,B,B,B"))]
    with pytest.raises(ValueError, match="'s1' has a challenger game but no control"):
        paired_differences(seats, "B")


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


def test_pairing_reduces_variance_and_per_hand_divides_by_sixteen():
    rng = np.random.default_rng(5)
    est = estimate(paired_differences(synthetic_seats(rng, 40, 16.0), "B"), "C", "B")
    assert est.variance_reduction > 1.5
    assert est.unpaired_se > est.se
    mean, se, _low, _high = est.per_hand
    assert mean == pytest.approx(est.mean / HANDS) and se == pytest.approx(est.se / HANDS)
    assert est.p < 0.05 and est.seeds == 40 and est.pairs == 160


def test_bh_matches_a_hand_computed_case():
    # sorted p 0.005 0.01 0.03 0.04 0.2 (m=5): p*m/rank = 0.025 0.025 0.05 0.05 0.2
    assert bh_adjust([0.04, 0.005, 0.2, 0.01, 0.03]).round(6).tolist() == \
        [0.05, 0.025, 0.2, 0.025, 0.05]
    assert bh_adjust([]).size == 0


def test_gsprt_decides_h1_under_a_shift_and_h0_under_none():
    rng = np.random.default_rng(6)
    delta = 8.0   # points per game (0.5 per hand)
    decisions = {"H1": 0, "H0": 0, None: 0}
    wrong_h0 = 0
    for _ in range(100):
        shifted = gsprt(rng.normal(delta, 12.0, size=400), delta)
        decisions[shifted.decision] += 1
        null = gsprt(rng.normal(0.0, 12.0, size=400), delta)
        wrong_h0 += null.decision == "H1"
    assert decisions["H1"] >= 90
    assert wrong_h0 <= 12
    negatives = [gsprt(rng.normal(-delta, 12.0, size=400), delta) for _ in range(20)]
    assert sum(result.decision == "H1" for result in negatives) >= 17
    assert all(r.trace[-1] >= r.upper for r in negatives if r.decision == "H1")


def test_gsprt_stops_at_its_first_decision():
    values = [10.0, 12.0, 9.0, 11.0, 10.5] * 3 + [-50.0] * 20
    result = gsprt(values, 8.0)
    assert result.decision == "H1" and result.seeds == MIN_SEEDS
    assert len(result.trace) == result.seeds
    with pytest.raises(ValueError):
        gsprt(values, 0.0)
