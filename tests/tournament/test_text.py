"""The estimates table as printed, from an estimates table made of synthetic seats (no games):
each figure is computed here from the seats, and each note checked for what it says."""

import math

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from mjsim.tournament.estimates import Priced, PricedSeats, estimates
from mjsim.tournament.sequential import always_valid_p, confidence_sequence
from mjsim.tournament.text import format_estimates

HANDS = 8
SEEDS = 12


def zero_sum(points):
    """Whole points summing to zero, as a game's seats do."""
    whole = np.round(points - points.mean())
    whole[-1] = -whole[:-1].sum()
    return whole


def price_seats(effect, changed_on, rng):
    """A price run's seats on ``SEEDS`` walls: a control game of four "B" on each and the four
    games with "C" (the baseline without the idea) in one seat, "C" losing ``effect`` points a
    game; "C" changes a move on the walls in ``changed_on`` (50 decisions a game)."""
    rows = []
    for number in range(SEEDS):
        seed, walls = f"mjsim-{number}", rng.normal(0, 30, 4)
        control = zero_sum(walls)
        rows += [(seed, "B,B,B,B", seat, "B", control[seat], 0, 0) for seat in range(4)]
        for seat in range(4):
            points = walls + rng.normal(0, 20, 4)
            points[seat] -= effect
            points = zero_sum(points)
            lineup = ",".join("C" if other == seat else "B" for other in range(4))
            rows += [(seed, lineup, other, "C" if other == seat else "B", points[other],
                      50 if other == seat else 0,
                      int(other == seat and number in changed_on)) for other in range(4)]
    return pd.DataFrame(rows, columns=["seed", "lineup", "seat", "variant", "points",
                                       "decisions", "changed"])


def idea_per_wall(seats):
    """The idea's price on each wall, per hand, in the order the walls were played (what B
    gains over C: C's mean points over its four games, negated)."""
    means = seats[seats["variant"] == "C"].groupby("seed")["points"].mean()
    order = sorted(means.index, key=lambda seed: int(seed.split("-")[1]))
    return -means[order].to_numpy() / HANDS


def printed(seats, **options):
    table = estimates(PricedSeats.of_frames([seats], ["B"]), [Priced("claims", "C", "B")],
                      HANDS, 0.5, **options)
    return table, format_estimates(table)


def joined(text):
    """The notes joined back into one line each (they are wrapped at 100 columns)."""
    return " ".join(text.split())


def test_a_price_prints_its_value_interval_and_notes_as_computed_from_the_walls():
    seats = price_seats(40.0, changed_on=range(SEEDS), rng=np.random.default_rng(1))
    table, text = printed(seats)
    lines = text.splitlines()
    assert lines[0].split() == ["points/hand", "95%", "interval", "p", "p", "(BH)", "walls",
                                "pairing", "detects"]
    # The idea's price: what B gains over C, a game's mean per wall, per hand.
    per_wall = idea_per_wall(seats)
    mean, se = per_wall.mean(), per_wall.std(ddof=1) / math.sqrt(SEEDS)
    half = stats.t.ppf(0.975, SEEDS - 1) * se
    p = 2 * stats.t.sf(abs(mean) / se, SEEDS - 1)
    cells = lines[1].split()
    assert cells[:2] == ["claims", f"{mean:+.3f}"]
    assert f"[{f'{mean - half:+.3f}':>7}, {f'{mean + half:+.3f}':>7}]" in lines[1]
    assert cells[-5] == cells[-4] == (f"{p:.3f}" if p >= 0.001 else "<0.001")
    assert cells[-3] == str(SEEDS) and cells[-1].startswith("±")
    notes = joined(text)
    assert "points/hand: what the idea adds (a rung step: what the higher rung gains)" in notes
    assert ("health check: every control game summed to 0 (12 games of B), as the estimates "
            "require of a field of baselines") in notes
    assert "claims: changed 48 of 2,400 decisions (2.0%), on 12 of 12 seeds" in notes
    walls = int(table["walls_for_delta"].iloc[0])
    assert f"walls to find 0.50 points a hand so: claims: {walls:,}" in notes
    assert "95% CS" not in text and "sequential" not in notes and "*:" not in notes
    assert "for an interval" not in notes and "no spread" not in notes


def test_an_idea_that_never_changed_a_move_prints_no_interval_and_says_why():
    seats = price_seats(0.0, changed_on=(), rng=np.random.default_rng(2))
    seats.loc[seats["variant"] == "C", "points"] = 0.0  # no move changed: no result either
    seats.loc[seats["lineup"] != "B,B,B,B", "points"] = 0.0
    _, text = printed(seats)
    row = text.splitlines()[1]
    assert "never changed a move" in row and row.split()[-1] == "-"
    notes = joined(text)
    assert "claims: never changed a move in 2,400 decisions" in notes
    assert "detects:" not in notes and "walls to find" not in notes


def test_a_run_read_before_it_stopped_prints_its_confidence_sequence_and_its_looks():
    seats = price_seats(40.0, changed_on=range(SEEDS), rng=np.random.default_rng(3))
    table, text = printed(seats, looks=(5, 8))
    assert text.splitlines()[0].split()[1:3] == ["95%", "CS"]
    per_wall = idea_per_wall(seats)
    lows, highs = confidence_sequence(per_wall)
    low, high = lows[0, -1], highs[0, -1]
    assert (table["low_hand"].iloc[0], table["high_hand"].iloc[0]) == pytest.approx((low, high))
    assert table["p"].iloc[0] == pytest.approx(always_valid_p(per_wall))
    assert f"[{f'{low:+.3f}':>7}, {f'{high:+.3f}':>7}]" in text.splitlines()[1]
    notes = joined(text)
    assert "a sequential look: this run was read at 5, 8 walls before it was extended" in notes
    assert ("95% CS: a confidence sequence (Lai's t-mixture, valid at any stopping time); p is "
            "anytime-valid too") in notes


def test_too_few_walls_for_an_interval_is_said_in_the_row_and_under_it():
    seats = price_seats(40.0, changed_on=range(SEEDS), rng=np.random.default_rng(4))
    few = seats[seats["seed"].isin(["mjsim-0", "mjsim-1", "mjsim-2"])]
    _, text = printed(few, looks=(2,))  # a sequence from 3 walls excludes no price
    assert "too few walls" in text.splitlines()[1]
    assert "claims: too few walls for an interval" in joined(text)


@pytest.mark.parametrize("control_sum", [0.0, 12.0])
def test_the_health_check_under_the_table_says_whether_the_controls_summed_to_zero(
        control_sum):
    seats = price_seats(40.0, changed_on=range(SEEDS), rng=np.random.default_rng(5))
    broken = (seats["lineup"] == "B,B,B,B") & (seats["seed"] == "mjsim-3") & (seats["seat"] == 0)
    seats.loc[broken, "points"] += control_sum
    notes = joined(printed(seats)[1])
    failed = ("health check FAILED: a control game of B summed to 12, not 0; the prices take a "
              "field of baselines to sum to zero")
    assert (failed in notes) == (control_sum != 0)
    assert ("health check: every control game summed to 0" in notes) == (control_sum == 0)


def test_an_idea_whose_walls_all_gave_the_same_difference_prints_no_interval_and_says_why():
    seats = price_seats(0.0, changed_on=range(SEEDS), rng=np.random.default_rng(6))
    seats.loc[seats["lineup"] != "B,B,B,B", "points"] = 0.0  # moves changed, results never
    _, text = printed(seats)
    row = text.splitlines()[1]
    assert "no spread over walls" in row and row.split()[-1] == "-"
    notes = joined(text)
    assert ("claims: every wall gave the same difference (+0.000 a hand): no spread to scale an "
            "interval by, nor to plan walls from") in notes
    assert "claims: changed 48 of 2,400 decisions (2.0%), on 12 of 12 seeds" in notes
    assert "detects:" not in notes and "walls to find" not in notes
