"""The learned player: the network of a model file (:mod:`mjsim.learn.network`) at a seat,
playing its best-scoring legal action, in numpy alone.

Its spec is ``learned?model=FILE`` (an entry point of group ``mjsim.players`` that mjsim itself
installs); ``learned`` alone seats the model shipped in the package, when there is one. Ideas
it can switch off, as a rung's: ``claims`` (``learned-claims``: never pung, chow or kong a
discard; it still wins on one) and ``kongs`` (never declare a kong). :meth:`Learned.act_batch`
decides many views in one forward pass, and :meth:`Learned.choose` every game of a
:class:`~mjsim.learn.vector.VectorGames` from its arrays. A model that reads the road planes
(:mod:`mjsim.learn.roads`) has them computed from each view.

>>> import tempfile
>>> from mjsim.learn import network
>>> from mjsim.game.rules import Rules
>>> from mjsim.players import view_of
>>> path = tempfile.mkdtemp() + "/tiny.npz"
>>> network.save(path, network.initial(channels=4, blocks=1, seed=0), {})
>>> seat, games = Learned(model=path), [Rules(seed=seed) for seed in (b"a", b"b")]
>>> moves = seat.act_batch([view_of(game, 0) for game in games])
>>> all(move in game.legal(0) for move, game in zip(moves, games))
True
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from mjsim.errors import PlayerOptionError
from mjsim.game.moves import Move
from mjsim.learn import network
from mjsim.learn.actions import CHOW, CLAIM_KONG, N_ACTIONS, PUNG_ACTION, TURN_KONG, move_of
from mjsim.learn.planes import PLANES, WIDTH, encode_batch
from mjsim.learn.roads import ROADS, roads_batch
from mjsim.players.view import View

__all__ = ["SHIPPED", "Learned"]

SHIPPED = Path(__file__).with_name("models") / "learned.npz"
"""The model ``learned`` seats without ``?model=`` (absent when none is shipped)."""
_CLAIMS = [PUNG_ACTION, CLAIM_KONG, CHOW, CHOW + 1, CHOW + 2]
_KONGS = [*range(TURN_KONG, TURN_KONG + WIDTH), CLAIM_KONG]


class Learned:
    """The network in ``model`` (default the shipped one) at a seat, with the ideas ``off``
    switched off. Raises ``ValueError`` in one line when there is no such model file, or it
    is none this mjsim reads."""

    ideas = ("claims", "kongs")
    file_option = "model"
    """The option naming a file, read from the folder the spec is read in: a run's manifest
    records where it was, and a resume elsewhere names that folder."""

    def __init__(self, model: str | None = None, off: frozenset[str] = frozenset()) -> None:
        if model is None and not SHIPPED.exists():
            raise PlayerOptionError("no model is shipped with this mjsim: give "
                                    "learned?model=FILE")
        if model is not None and not model.strip():  # Path("") would be the folder here
            raise PlayerOptionError("learned?model= names no file: give learned?model=FILE")
        path = SHIPPED if model is None else Path(model)
        try:
            self.network = _network(path)
        except ValueError as error:  # a file that is no model, named in one line
            raise PlayerOptionError(str(error)) from None
        self.name = "-".join(("learned", *sorted(off)))
        # Seats of one model and ideas decide alike: one forward pass decides for them all.
        self.batch_key = ("learned", str(path.resolve()), tuple(sorted(off)))
        banned = [*(_CLAIMS if "claims" in off else ()), *(_KONGS if "kongs" in off else ())]
        self.allowed = np.ones(N_ACTIONS, np.int8)
        self.allowed[banned] = 0
        self._arrays: dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}

    def _encoded(self, views: Sequence[View]
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
        """The planes, masks and (for a model that reads them) road planes of ``views``, in
        arrays kept from one decision to the next, one set for each number of views."""
        n = len(views)
        if n not in self._arrays:
            self._arrays[n] = (np.zeros((n, *PLANES), np.uint8), np.zeros((n, N_ACTIONS), np.int8),
                               np.zeros((n, ROADS, WIDTH), np.uint8))
        planes, masks, roads = self._arrays[n]
        encode_batch(views, planes, masks)
        if not self.network.roads:
            return planes, masks, None
        roads_batch(list(views), roads)
        return planes, masks, roads

    def act(self, view: View) -> Move | None:
        legal = view.legal
        if len(legal) < 2:  # one legal move needs no forward pass
            return legal[0] if legal else None
        return move_of(self.choose(*self._encoded([view]))[0], view)

    def act_batch(self, views: Sequence[View]) -> list[Move | None]:
        """A move for each of ``views``, in one forward pass."""
        chosen = self.choose(*self._encoded(views))
        return [move_of(int(action), view) if view.legal else None
                for action, view in zip(chosen, views)]

    def choose(self, planes: np.ndarray, masks: np.ndarray,
               roads: np.ndarray | None = None) -> np.ndarray:
        """The best action of each row of encoded planes and legal masks (and road planes, for
        a model that reads them), among those its ideas allow (a row with no such action keeps
        its legal ones: pass is never banned)."""
        allowed = masks * self.allowed
        empty = allowed.sum(axis=1) == 0
        allowed[empty] = masks[empty]
        return self.network.best_actions(planes, allowed, roads)


def _network(path: Path) -> network.Network:
    """The network of the model file ``path``, its weights read once for the process while the
    file is unchanged (a table seats a model afresh in every game); each seat gets a network of
    its own, whose working arrays no other seat touches."""
    try:
        stat = path.stat()
    except OSError:
        return network.load(path)  # refused in one line
    shared = _loaded(str(path.resolve()), stat.st_mtime_ns, stat.st_size, str(path))
    return network.Network(shared.weights, shared.meta)


@functools.lru_cache(maxsize=8)
def _loaded(path: str, modified: int, size: int, given: str) -> network.Network:
    """The network of the file ``path`` as it was when ``modified`` and of ``size``; a refusal
    names it as ``given``, as a person typed it."""
    return network.load(given)
