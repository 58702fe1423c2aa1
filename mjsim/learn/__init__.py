"""For learning bots: the action numbering, observations as arrays, a PettingZoo environment,
a vectorised engine and self-play datasets.

Imports :mod:`mjsim.players` and the layers below it. The environment needs PettingZoo and
Gymnasium (``pip install mjsim[learn]``), loaded only when :func:`env` is called.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mjsim.learn.actions import N_ACTIONS, action_of, move_of
from mjsim.learn.planes import PLANES, encode, encode_batch, legal_mask
from mjsim.learn.vector import VectorGames

if TYPE_CHECKING:
    from pettingzoo import AECEnv

__all__ = ["N_ACTIONS", "PLANES", "VectorGames", "action_of", "encode", "encode_batch", "env",
           "legal_mask", "move_of"]


def env(**options: Any) -> AECEnv[str, dict[str, Any], int]:
    """The PettingZoo AEC environment (:class:`mjsim.learn.environment.MahjongEnv`), wrapped
    as PettingZoo's own environments are; ``options`` go to it."""
    from mjsim.learn.environment import wrapped

    return wrapped(**options)
