"""The learned player's choice is the same in every batch and on every machine: a view whose
best two scores are close is decided by the network in float64, not by float32's roundings,
which depend on the BLAS kernel and on the views computed beside it."""

import numpy as np
import pytest

from mjsim.learn import network
from mjsim.learn.actions import WIN_ACTION
from mjsim.learn.player import Learned
from tests.learn.games import encoded


@pytest.fixture(scope="module")
def observed():
    return encoded(["choice-a", "choice-b"])


def _scores(weights, planes, masks, dtype):
    return network.Network(weights, {}, dtype).logits(planes, masks).astype(np.float64)


@pytest.fixture(scope="module")
def near_tie(observed):
    """Weights with one action's bias moved so that, in one view, it and the best other action
    swap places between float32's roundings and float64's: (weights, the view's row, the
    float64 choice, the float32 one)."""
    planes, masks = observed
    weights = {name: value * 3 for name, value in network.initial(16, 2, seed=4).items()}
    s32 = _scores(weights, planes, masks, np.float32)
    s64 = _scores(weights, planes, masks, np.float64)
    best, shift = None, 0.0
    for row in range(len(planes)):
        legal = np.flatnonzero(masks[row])
        for b in legal[legal >= WIN_ACTION]:  # an action with a bias of its own
            a = max((k for k in legal if k != b), key=lambda k: s64[row, k], default=None)
            if a is None:
                continue
            d32, d64 = s32[row, a] - s32[row, b], s64[row, a] - s64[row, b]
            ulps = abs(d32 - d64) / np.spacing(np.float32(abs(s64[row, legal]).max()))
            if best is None or ulps > best[0]:
                best, shift = (ulps, row, b), (d32 + d64) / 2
    _, row, b = best
    weights["head.others_bias"][b - WIN_ACTION] += shift
    f32 = int(_scores(weights, planes, masks, np.float32)[row].argmax())
    f64 = int(_scores(weights, planes, masks, np.float64)[row].argmax())
    assert f32 != f64  # the two roundings disagree: the tie is made
    return weights, row, f64, f32


def test_a_close_view_is_decided_in_float64_alone_and_in_a_batch(observed, near_tie):
    planes, masks = observed
    weights, row, exact, _ = near_tie
    net = network.Network(weights, {})
    assert net.best_actions(planes, masks)[row] == exact
    assert net.best_actions(planes[row:row + 1], masks[row:row + 1])[0] == exact
    assert net.best_actions(planes[row:row + 3], masks[row:row + 3])[0] == exact


def test_the_learned_seat_chooses_as_float64_does(observed, near_tie, tmp_path):
    planes, masks = observed
    weights, row, exact, rounded = near_tie
    path = tmp_path / "near.npz"
    network.save(path, weights, {})
    chosen = Learned(model=str(path)).choose(planes, masks)
    assert chosen[row] == exact != rounded


def test_only_close_views_are_worked_out_again(observed, monkeypatch):
    planes, masks = observed
    net = network.Network({name: value * 3 for name, value in
                           network.initial(16, 2, seed=4).items()}, {})
    scores = net.logits(planes, masks)
    scale = np.maximum(np.abs(np.where(masks == 1, scores, 0)).max(axis=1), 1)
    top = np.sort(scores, axis=1)[:, -2:]
    close = {row for row in range(len(planes))
             if top[row, 1] - network.EXACT_MARGIN * scale[row] < top[row, 0]}
    asked = []
    exact_best = network.Network._exact_best
    monkeypatch.setattr(network.Network, "_exact_best",
                        lambda self, *rows: asked.append(rows) or exact_best(self, *rows))
    best = net.best_actions(planes, masks)
    assert len(asked) == len(close) < len(planes) // 10
    clear = [row for row in range(len(planes)) if row not in close]
    assert (best[clear] == scores[clear].argmax(axis=1)).all()
