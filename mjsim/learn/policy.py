"""A learned policy at the table: a linear score of the observation planes for each action,
the best-scoring legal action played.

The weights live in an ``npz`` file (:func:`save`): ``coef`` (k x 680, one row per action
scored, over the flattened 20 x 34 planes), ``intercept`` (k) and ``actions`` (the k action
numbers). A legal action the file does not score is played only when no scored one is legal;
ties go to the lower action number. The scores are worked out in ``float64`` and rounded to
:data:`~mjsim.learn.network.EXACT_GRID`, so that a tie is one on every machine, whatever the
roundings of its BLAS kernel. As a player spec:
``mjsim.learn.policy:LinearPolicy?weights=path/to/weights.npz``.

>>> import tempfile, numpy as np
>>> path = tempfile.mkdtemp() + "/w.npz"
>>> save(path, np.zeros((1, 680)), np.ones(1), [68])  # always win when one may
>>> from mjsim.game.rules import Rules
>>> from mjsim.players import view_of
>>> game = Rules(seed=b"doc")
>>> LinearPolicy(weights=path).act(view_of(game, 0)) in game.legal(0)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

from mjsim.game.moves import Move
from mjsim.learn.actions import N_ACTIONS, move_of
from mjsim.learn.network import EXACT_GRID
from mjsim.learn.planes import N_PLANES, WIDTH, encode, legal_mask
from mjsim.players.view import View

__all__ = ["LinearPolicy", "save"]

_FEATURES = N_PLANES * WIDTH
_UNSCORED = -1e30  # below every score, above an illegal action's -inf


def save(path: str | Path, coef: np.ndarray, intercept: np.ndarray,
         actions: Sequence[int] | np.ndarray) -> None:
    """Write a linear policy's weights. Raises ``ValueError`` when the shapes disagree or an
    action is outside 0-74."""
    coef, intercept = np.asarray(coef, np.float32), np.asarray(intercept, np.float32)
    numbers = np.asarray(actions, np.int64)
    if coef.shape != (len(numbers), _FEATURES) or intercept.shape != (len(numbers),):
        raise ValueError(f"coef is k x {_FEATURES} and intercept k, for k actions: not "
                         f"{coef.shape}, {intercept.shape} for {len(numbers)}")
    if ((numbers < 0) | (numbers >= N_ACTIONS)).any():
        raise ValueError(f"actions are 0-{N_ACTIONS - 1}")
    np.savez(path, coef=coef, intercept=intercept, actions=numbers)


class LinearPolicy:
    """The policy whose weights are in the file ``weights``; ``name`` names it in tables."""

    def __init__(self, weights: str, name: str = "linear") -> None:
        with np.load(weights) as data:
            coef, intercept, actions = data["coef"], data["intercept"], data["actions"]
        # One matrix over every action: unscored ones get a constant below every score.
        self.coef = np.zeros((N_ACTIONS, _FEATURES), np.float64)
        self.intercept = np.full(N_ACTIONS, _UNSCORED, np.float64)
        self.coef[actions], self.intercept[actions] = coef, intercept
        self.name = name

    def act(self, view: View) -> Move | None:
        if not view.legal:
            return None
        scores = np.round((self.coef @ encode(view).ravel() + self.intercept) / EXACT_GRID)
        scores[legal_mask(view) == 0] = -np.inf
        return move_of(int(np.argmax(scores)), view)
