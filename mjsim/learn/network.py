"""The learned player's network in numpy: a residual network over the planes of
:mod:`mjsim.learn.planes`, its weights read from an ``npz`` file. Playing needs numpy alone; the
same network in PyTorch, for training, is :mod:`mjsim.learn.training`.

The network reads the 34 columns as a sequence of kinds with channels:

1. **Input.** Planes 0-18 scaled to 0-1 (each cell by its largest value, :data:`HIGH`) go
   through a convolution of width 3 over the kinds; plane 19 (the numbers: wall, hand, melds,
   the phase) through a linear layer whose output is added at every kind; and a learned bias per
   channel and kind tells the kinds apart (a suit's ends, the honours), which the convolutions
   alone cannot.
2. **Blocks.** ``blocks`` residual blocks: ``x + conv(relu(conv(relu(x))))``, each convolution of
   width 3 over the kinds with ``channels`` channels in and out.
3. **Heads.** A 1 x 1 convolution gives two scores at each kind, its discard (actions 0-33) and
   its kong (34-67); a linear layer over all of ``relu(x)`` gives the seven others (68-74).

Illegal actions get ``-inf`` and a softmax over the rest gives the policy.

A network may also read the road planes of :mod:`mjsim.learn.roads` (``roads=True``): their
four planes of kinds join the input convolution's 19, and their numbers plane joins plane 19
at the linear layer. Its file is of format 2, which an mjsim that reads only format 1 refuses.

The ``npz`` file holds each weight by name (:data:`SHAPES`), ``format`` (:data:`FORMAT`, an int;
a file of a newer one is refused) and ``meta``, a JSON text of what training recorded.

>>> import numpy as np
>>> weights = initial(channels=4, blocks=1, seed=0)
>>> net = Network(weights, {})
>>> planes, masks = np.zeros((2, 20, 34), np.uint8), np.ones((2, 75), np.int8)
>>> net.logits(planes, masks).shape
(2, 75)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np

from mjsim.learn.actions import N_ACTIONS, WIN_ACTION
from mjsim.learn.planes import HIGH, NUMBERS, WIDTH
from mjsim.learn.roads import HIGH as ROAD_HIGH
from mjsim.learn.roads import NUMBERS as ROAD_NUMBERS

__all__ = ["FORMAT", "Network", "features", "format_of", "initial", "load", "save", "shapes"]

FORMAT = 2
"""The newest version of the model file this mjsim reads; a file is written with the oldest
version that reads it (1 without the road planes, 2 with them)."""
KINDS_IN = NUMBERS  # planes read per kind by the input convolution: 0-18
ROAD_KINDS = ROAD_NUMBERS  # the road planes of kinds: 0-3
OTHERS = N_ACTIONS - WIN_ACTION  # the actions that are no kind's: win, pass, pung, ...
_SCALE = (1.0 / np.maximum(HIGH, 1)).astype(np.float32)
_ROAD_SCALE = (1.0 / np.maximum(ROAD_HIGH, 1)).astype(np.float32)


def shapes(channels: int, blocks: int, roads: bool = False) -> dict[str, tuple[int, ...]]:
    """Each weight's name and shape for a network of ``channels`` and ``blocks`` (reading the
    road planes too when ``roads``)."""
    c = channels
    out: dict[str, tuple[int, ...]] = {
        "stem.conv": (c, KINDS_IN + ROAD_KINDS * roads, 3), "stem.bias": (c, WIDTH),
        "stem.numbers": (c, WIDTH * (1 + roads)), "stem.numbers_bias": (c,)}
    for block in range(blocks):
        for half in ("a", "b"):
            out[f"block{block}.{half}"] = (c, c, 3)
            out[f"block{block}.{half}_bias"] = (c,)
    out |= {"head.kinds": (2, c), "head.kinds_bias": (2,),
            "head.others": (OTHERS, c * WIDTH), "head.others_bias": (OTHERS,)}
    return out


def initial(channels: int, blocks: int, seed: int, roads: bool = False
            ) -> dict[str, np.ndarray]:
    """Weights drawn for a new network (the tests' and a doctest's; training draws its own)."""
    rng = np.random.default_rng(seed)
    return {name: (rng.standard_normal(shape) * 0.1).astype(np.float32)
            for name, shape in shapes(channels, blocks, roads).items()}


def features(planes: np.ndarray, roads: np.ndarray | None = None
             ) -> tuple[np.ndarray, np.ndarray]:
    """N x 20 x 34 ``uint8`` planes (and N x 5 x 34 road planes, when given) as the network's
    inputs, scaled to 0-1, ``float32``: the planes of kinds (N x 19 x 34, or N x 23 x 34) and
    the numbers (N x 34, or N x 68)."""
    scaled = planes.astype(np.float32) * _SCALE
    if roads is None:
        return scaled[:, :KINDS_IN], scaled[:, NUMBERS]
    road = roads.astype(np.float32) * _ROAD_SCALE
    return (np.concatenate([scaled[:, :KINDS_IN], road[:, :ROAD_KINDS]], axis=1),
            np.concatenate([scaled[:, NUMBERS], road[:, ROAD_NUMBERS]], axis=1))


class _Workspace:
    """The arrays one forward pass of ``n`` rows writes, kept from one pass to the next so that
    a seat deciding one view at a time allocates nothing but its scores. A shifted input is
    N x 3C x 34: x shifted a kind right, as it is, and a kind left; its two padding columns are
    never written, so they stay zero."""

    def __init__(self, n: int, channels: int, kinds_in: int) -> None:
        self.n = n
        self.scaled = np.empty((n, KINDS_IN + 1, WIDTH), np.float32)
        self.road = np.empty((n, ROAD_NUMBERS + 1, WIDTH), np.float32)
        self.stem = np.zeros((n, 3 * kinds_in, WIDTH), np.float32)
        self.shifted = np.zeros((n, 3 * channels, WIDTH), np.float32)
        self.x = np.empty((n, channels, WIDTH), np.float32)
        self.inner = np.empty((n, channels, WIDTH), np.float32)
        self.numbers = np.empty((n, channels), np.float32)


def _conv(shifted: np.ndarray, x: np.ndarray | None, flat: np.ndarray, bias: np.ndarray,
          out: np.ndarray) -> np.ndarray:
    """A width-3 convolution over the kinds, zero-padded (PyTorch's ``Conv1d(padding=1)``),
    into ``out``: ``flat`` is the O x C x 3 kernel as O x 3C (:func:`_flat`), one matrix product
    over ``shifted``, whose middle third holds the input (``relu(x)`` is written there when ``x``
    is given)."""
    c = shifted.shape[1] // 3
    middle = shifted[:, c:2 * c]
    if x is not None:
        np.maximum(x, 0, out=middle)
    shifted[:, :c, 1:] = middle[:, :, :-1]
    shifted[:, 2 * c:, :-1] = middle[:, :, 1:]
    np.matmul(flat, shifted, out=out)
    out += bias[:, None]
    return out


def _flat(kernel: np.ndarray) -> np.ndarray:
    """An O x C x 3 kernel as O x 3C, its columns in the order :func:`_conv` shifts x."""
    return np.ascontiguousarray(kernel.transpose(0, 2, 1).reshape(len(kernel), -1))


class Network:
    """The network of ``weights`` (by the names of :func:`shapes`); ``meta`` is what its file
    recorded; ``roads`` whether it reads the road planes. Raises ``ValueError`` when the weights
    are not one network's."""

    def __init__(self, weights: Mapping[str, np.ndarray], meta: dict[str, Any]) -> None:
        channels, blocks, roads = _shape_of(weights)
        expected = shapes(channels, blocks, roads)
        if set(weights) != set(expected) or any(
                weights[name].shape != shape for name, shape in expected.items()):
            raise ValueError("the weights are not those of a network of "
                             f"{channels} channels and {blocks} blocks")
        self.weights = {name: np.ascontiguousarray(weights[name], np.float32)
                        for name in expected}
        self.channels, self.blocks, self.roads, self.meta = channels, blocks, roads, meta
        self._flat = {name: _flat(w) for name, w in self.weights.items() if w.ndim == 3}
        self._space: _Workspace | None = None

    def logits(self, planes: np.ndarray, masks: np.ndarray,
               roads: np.ndarray | None = None) -> np.ndarray:
        """The N x 75 scores of N observations, ``-inf`` where ``masks`` is 0; ``roads`` are
        their road planes, which a network that reads them needs (``ValueError`` without)."""
        if self.roads and roads is None:
            raise ValueError("this model reads the road planes (mjsim.learn.roads): give them")
        w, flat, n = self.weights, self._flat, len(planes)
        kinds_in = KINDS_IN + ROAD_KINDS * self.roads
        if self._space is None or self._space.n != n:  # one size kept: a seat's is always 1
            self._space = _Workspace(n, self.channels, kinds_in)
        space = self._space
        np.multiply(planes, _SCALE, out=space.scaled)
        space.stem[:, kinds_in:kinds_in + KINDS_IN] = space.scaled[:, :KINDS_IN]
        numbers = w["stem.numbers"]
        np.matmul(space.scaled[:, NUMBERS], numbers[:, :WIDTH].T, out=space.numbers)
        if self.roads and roads is not None:  # (a network that reads them was given them)
            np.multiply(roads, _ROAD_SCALE, out=space.road)
            space.stem[:, kinds_in + KINDS_IN:2 * kinds_in] = space.road[:, :ROAD_KINDS]
            space.numbers += space.road[:, ROAD_NUMBERS] @ numbers[:, WIDTH:].T
        x = _conv(space.stem, None, flat["stem.conv"], w["stem.numbers_bias"], space.x)
        x += w["stem.bias"]
        x += space.numbers[:, :, None]
        for block in range(self.blocks):
            inner = _conv(space.shifted, x, flat[f"block{block}.a"],
                          w[f"block{block}.a_bias"], space.inner)
            x += _conv(space.shifted, inner, flat[f"block{block}.b"],
                       w[f"block{block}.b_bias"], space.inner)
        np.maximum(x, 0, out=x)
        scores = np.empty((n, N_ACTIONS), np.float32)
        np.matmul(w["head.kinds"], x, out=scores[:, :2 * WIDTH].reshape(n, 2, WIDTH))
        scores[:, :2 * WIDTH].reshape(n, 2, WIDTH)[:] += w["head.kinds_bias"][:, None]
        np.matmul(x.reshape(n, -1), w["head.others"].T, out=scores[:, 2 * WIDTH:])
        scores[:, 2 * WIDTH:] += w["head.others_bias"]
        scores[masks == 0] = -np.inf
        return scores


def _shape_of(weights: Mapping[str, np.ndarray]) -> tuple[int, int, bool]:
    if "stem.conv" not in weights or weights["stem.conv"].ndim != 3:
        raise ValueError("the weights are not a network's: no stem.conv")
    blocks = sum(1 for name in weights if name.endswith(".a") and name.startswith("block"))
    conv = weights["stem.conv"].shape
    return int(conv[0]), blocks, conv[1] == KINDS_IN + ROAD_KINDS


def save(path: str | Path, weights: Mapping[str, np.ndarray], meta: dict[str, Any]) -> None:
    """Write ``weights`` and ``meta`` (JSON-safe) as a model file of the oldest format that
    reads it (see :data:`FORMAT`)."""
    net = Network(weights, meta)  # refuses weights that are no network's
    with Path(path).open("wb") as stream:  # a path without .npz is kept as given
        np.savez(stream, format=np.int64(2 if net.roads else 1), meta=np.array(json.dumps(meta)),
                 **{name: np.asarray(value, np.float32)  # type: ignore[arg-type]  # numpy stubs
                    for name, value in weights.items()})


def format_of(path: str | Path) -> int:
    """The format version a model file was written in (1 or 2: see :data:`FORMAT`)."""
    with np.load(path, allow_pickle=False) as data:
        return int(data["format"])


def load(path: str | Path) -> Network:
    """The network in the model file ``path``. Raises ``ValueError`` in one line for a file
    that is missing, not a model file, or of a newer format than this mjsim reads."""
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {name: data[name] for name in data.files}
    except FileNotFoundError:
        raise ValueError(f"no model file {path}") from None
    except (OSError, ValueError) as error:
        raise ValueError(f"{path} is not a model file ({error})") from None
    if "format" not in arrays or "meta" not in arrays:
        raise ValueError(f"{path} is not a model file (no format or meta)")
    version = int(arrays.pop("format"))
    if version > FORMAT:
        raise ValueError(f"{path} is a model of format {version}; this mjsim reads format "
                         f"{FORMAT} and older: upgrade mjsim")
    meta = json.loads(str(arrays.pop("meta")))
    try:
        return Network(arrays, meta)
    except ValueError as error:
        raise ValueError(f"{path}: {error}") from None
