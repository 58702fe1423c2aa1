"""What keeps a long run's memory flat: the bootstrap of the standings sums its resamples a
block at a time, and gives the very sums the counts of a one-call draw give."""

import numpy as np
import pytest
from numpy.random import default_rng

from mjsim.tournament import rankings


@pytest.mark.parametrize("seeds", [1, 7, 300, 5000])
def test_the_resampled_sums_drawn_in_blocks_are_those_of_one_draw(seeds, monkeypatch):
    draws = default_rng(rankings.BOOTSTRAP_SEED).integers(
        0, seeds, size=(rankings.RESAMPLES, seeds))
    counts = np.zeros((rankings.RESAMPLES, seeds))
    for row, drawn in enumerate(draws):
        counts[row] = np.bincount(drawn, minlength=seeds)
    values = default_rng(1).integers(-40, 40, size=(seeds, 3)).astype(float) / 2
    expected = counts @ values
    monkeypatch.setattr(rankings, "_DRAW_BLOCK", 3 * seeds + 1)  # blocks of three resamples
    assert np.array_equal(rankings._resampled_sums(values), expected)
    monkeypatch.undo()
    assert np.array_equal(rankings._resampled_sums(values), expected)
    ones = rankings._resampled_sums(np.ones((seeds, 1)))
    assert (ones == seeds).all()  # each resample draws as many seeds as there are
