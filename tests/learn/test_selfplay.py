"""The self-play step: it runs, changes the weights, and the same seed gives the same ones."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("torch")

from mjsim.learn import network
from mjsim.learn.selfplay import self_play


def _weights(path: Path) -> dict[str, np.ndarray]:
    return network.load(path).weights


def test_self_play_changes_the_weights_deterministically(tmp_path: Path) -> None:
    start = tmp_path / "start.npz"
    network.save(start, network.initial(channels=4, blocks=1, seed=0), {})
    done = [self_play(start, tmp_path / f"{name}.npz", updates=2, games=2, lr=1e-2, seed=seed)
            for name, seed in (("a", 1), ("b", 1), ("c", 2))]
    a, b, c = (_weights(tmp_path / f"{name}.npz") for name in "abc")
    before = _weights(start)
    assert done[0] == done[1] and done[0].decisions > 0 and done[0].hands == 4
    assert all(np.array_equal(a[name], b[name]) for name in a)
    assert any(not np.array_equal(a[name], before[name]) for name in a)
    assert any(not np.array_equal(a[name], c[name]) for name in a)
    assert network.load(tmp_path / "a.npz").meta["self_play"]["updates"] == 2


def test_self_play_refuses_bad_settings(tmp_path: Path) -> None:
    start = tmp_path / "start.npz"
    network.save(start, network.initial(channels=4, blocks=1, seed=0), {})
    with pytest.raises(ValueError, match="at least 1"):
        self_play(start, tmp_path / "out.npz", updates=0)
