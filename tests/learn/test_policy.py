"""The linear policy: the best-scoring legal action, ties to the lower action number."""

import numpy as np

from mjsim.game.rules import Rules
from mjsim.learn.actions import move_of
from mjsim.learn.planes import encode, legal_mask
from mjsim.learn.policy import LinearPolicy, save
from mjsim.players import view_of


def test_a_linear_policy_ties_on_every_machine(tmp_path):
    # Two legal actions whose scores are equal, but summed so that float32 roundings tell them
    # apart (1e8 + 0.1 - 1e8 in one order, 0.1 + 1e8 - 1e8 in the other): the lower is played,
    # as the module promises, whatever the order a BLAS kernel adds the terms in.
    game = Rules(seed=b"tie")
    view = view_of(game, game.waiting_on()[0])
    features = encode(view).ravel().astype(np.float64)
    held = np.flatnonzero(features == 1)[:3]  # three features of the same value, in order
    legal = np.flatnonzero(legal_mask(view))[:2]
    coef = np.zeros((2, features.size))
    coef[0, held] = [1e8, -1e8, 0.1]
    coef[1, held] = [0.1, 1e8, -1e8]
    save(tmp_path / "tie.npz", coef, np.zeros(2), legal[::-1])  # the higher action first
    assert LinearPolicy(weights=str(tmp_path / "tie.npz")).act(view) == move_of(int(legal[0]), view)
