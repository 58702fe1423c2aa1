"""Each rung is stronger than the one below, by a margin outside its 95% interval, on paired walls
(docs/architecture.md#pricing-the-statistics)."""

import math
import statistics

import pytest
from scipy import stats

from mjsim.players import Rung
from mjsim.players.driver import play
from mjsim.tournament import run
from mjsim.tournament.pricing import estimate, paired_differences
from mjsim.tournament.schedule import challenger_games, per_wall, wall_seeds


def paired_margin(challenger, baseline, seeds, hands):
    """Points per hand the challenger gains over the baseline seat by seat on the same walls
    (docs/architecture.md#pricing-the-statistics), with the half-width of its 95% interval
    (seeds clustered)."""
    per_seed = []
    for number in range(seeds):
        seed = b"strength-%d" % number
        control = play(seed, [baseline] * 4, last_hand=hands).totals
        gains = []
        for seat in range(4):
            lineup = [baseline] * 4
            lineup[seat] = challenger
            gains.append(play(seed, lineup, last_hand=hands).totals[seat] - control[seat])
        per_seed.append(statistics.mean(gains) / hands)
    half = stats.t.ppf(0.975, seeds - 1) * statistics.stdev(per_seed) / math.sqrt(seeds)
    return statistics.mean(per_seed), half


def test_rung_2_beats_rung_1_by_a_margin_outside_its_interval():
    margin, half = paired_margin(Rung(2), Rung(1), seeds=40, hands=2)
    assert margin - half > 0, (margin, half)


@pytest.mark.slow
def test_rung_3_beats_rung_2_by_a_margin_outside_its_interval(tmp_path):
    """Rung 3's edge is under half a point a hand, so it takes the ladder's own design and seeds
    to decide: rung 3 challenging a field of rung 2 on 1,000 walls, the games `mjsim ladder
    --walls 1000` plays for that step (80,000 hands: about 25 s on 2 quiet cores, more on a busy
    machine). Marked slow: ``pytest -m "not slow"`` leaves it out of the quick loop."""
    batches = per_wall(wall_seeds("mjsim", 1000), challenger_games("2", ["3"]))
    seats = run(batches, tmp_path, n_jobs=2, quiet=True)["seats"]
    est = estimate(paired_differences(seats, "2"), "3", "2")
    assert est.low > 0, (est.mean, est.low, est.high)
