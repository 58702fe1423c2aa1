"""What keeps a long run's memory flat: the bootstrap of the standings draws its resamples a
block at a time, and gives the very counts the one-call draw gives."""

import numpy as np
import pytest
from numpy.random import default_rng

from mjsim.tournament import rankings


@pytest.mark.parametrize("seeds", [1, 7, 300, 5000])
def test_the_resample_counts_drawn_in_blocks_are_those_drawn_at_once(seeds, monkeypatch):
    draws = default_rng(rankings.BOOTSTRAP_SEED).integers(
        0, seeds, size=(rankings.RESAMPLES, seeds))
    expected = np.zeros((rankings.RESAMPLES, seeds))
    for row, drawn in enumerate(draws):
        expected[row] = np.bincount(drawn, minlength=seeds)
    monkeypatch.setattr(rankings, "_DRAW_BLOCK", 3 * seeds + 1)  # blocks of three resamples
    assert np.array_equal(rankings._resample_counts(seeds), expected)
    monkeypatch.undo()
    assert np.array_equal(rankings._resample_counts(seeds), expected)
    assert (expected.sum(axis=1) == seeds).all()
