"""For learning bots: the action numbering, observations as arrays, a PettingZoo environment,
a vectorised engine and self-play datasets.

Imports :mod:`mjsim.players` and the layers below it. The main names are exported lazily (PEP
562), as :mod:`mjsim`'s are: ``import mjsim.learn.settings`` (what ``mjsim train --help``
shows) loads neither numpy nor the engine. The environment needs PettingZoo and Gymnasium
(``pip install mjsim[learn]``), loaded only when :func:`env` is called.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mjsim.lazy import lazy_exports

if TYPE_CHECKING:
    from pettingzoo import AECEnv

    from mjsim.learn.actions import N_ACTIONS, action_of, move_of
    from mjsim.learn.planes import PLANES, encode, encode_batch, legal_mask
    from mjsim.learn.vector import VectorGames

# Each public name, and the module it is loaded from on first use.
_EXPORTS = {
    "N_ACTIONS": "mjsim.learn.actions", "action_of": "mjsim.learn.actions",
    "move_of": "mjsim.learn.actions",
    "PLANES": "mjsim.learn.planes", "encode": "mjsim.learn.planes",
    "encode_batch": "mjsim.learn.planes", "legal_mask": "mjsim.learn.planes",
    "VectorGames": "mjsim.learn.vector",
}

__all__ = ["N_ACTIONS", "PLANES", "VectorGames", "action_of", "encode", "encode_batch", "env",
           "legal_mask", "move_of"]

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS, __all__)


def env(**options: Any) -> AECEnv[str, dict[str, Any], int]:
    """The PettingZoo AEC environment (:class:`mjsim.learn.environment.MahjongEnv`), wrapped
    as PettingZoo's own environments are; ``options`` go to it."""
    from mjsim.learn.environment import wrapped

    return wrapped(**options)
