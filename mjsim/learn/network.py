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
   With ``pooling``, each block's first convolution also gets, at every kind, a linear map of
   its input pooled over the kinds (the mean and the max of each channel), as KataGo's global
   pooling does on a board: a kind's score can then weigh the kind against the best of the
   others (the discard that keeps the most copies, the most isolated tile), which convolutions
   of width 3 and a per-kind head cannot see across a hand.
3. **Heads.** A 1 x 1 convolution gives two scores at each kind, its discard (actions 0-33) and
   its kong (34-67); a linear layer over all of ``relu(x)`` gives the seven others (68-74).

Illegal actions get ``-inf`` and a softmax over the rest gives the policy.

**The same choice on every machine and in every batch** (:meth:`Network.best_actions`). The
scores are worked out in ``float32`` matrix products, whose roundings depend on the BLAS kernel
the processor gets and on how many views go through at once: measured on the shipped model,
scores differ by up to about 2^-19 of the row's largest score between kernels and batch sizes
(4e-4 at scores near 470). So the best action is taken from them only when it leads the next by
more than :data:`EXACT_MARGIN` of that scale (128 times the difference seen); a closer row (about
1 in 400 decisions) is worked out again alone in ``float64``, its scores rounded to
:data:`EXACT_GRID` and the lowest action of the best kept, which no kernel's roundings can turn
(theirs are some 10^-13 of the scale). So a seat's games do not depend on the batches a run's
workers happen to form, nor on the machine, but for two actions of one view scoring within about
10^-12 of each other on either side of a step of the grid.

A network may also read the road planes of :mod:`mjsim.learn.roads` (``roads``: how many it
was made for, :data:`~mjsim.learn.roads.ROADS`, or :data:`~mjsim.learn.roads.FIRST_ROADS` for a
network trained on datasets written before plane 5): their planes of kinds
(:data:`ROAD_KINDS`) join the input convolution's 19, and their numbers plane joins plane 19 at
the linear layer. A file of the first road planes is of format 2, which an mjsim that reads only
format 1 refuses; of ``pooling``, format 3; of all six road planes, format 4.

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
import zipfile
import zlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np

from mjsim.errors import counted
from mjsim.files import written_whole
from mjsim.learn import roads as road_planes
from mjsim.learn.actions import N_ACTIONS, WIN_ACTION
from mjsim.learn.planes import HIGH, NUMBERS, WIDTH

__all__ = ["EXACT_GRID", "EXACT_MARGIN", "FORMAT", "Network", "features", "format_of", "initial",
           "load", "read_npz", "save", "shapes"]

FORMAT = 4
"""The newest version of the model file this mjsim reads; a file is written with the oldest
version that reads it (1 without the road planes, 2 with the first five, 3 with pooling, 4 with
all six)."""
KINDS_IN = NUMBERS  # planes read per kind by the input convolution: 0-18
ROAD_KINDS = (road_planes.LEGAL, road_planes.SHANTEN, road_planes.COPIES,
              road_planes.LEGAL_COPIES, road_planes.TARGET_COPIES)
"""The road planes of kinds, in the order a network reads them: a network of ``roads`` planes
reads the first ``roads - 1`` (the other is the numbers plane)."""
_ROAD_COUNTS = (0, road_planes.FIRST_ROADS, road_planes.ROADS)
OTHERS = N_ACTIONS - WIN_ACTION  # the actions that are no kind's: win, pass, pung, ...
EXACT_MARGIN = 2.0 ** -12
"""How far, as a share of a row's largest score (at least 1), the best ``float32`` score must
lead the next for :meth:`Network.best_actions` to take it without working the row out again."""
EXACT_GRID = 2.0 ** -20
"""The step the ``float64`` scores of a close row are rounded to before the best is taken."""
_SCALE = (1.0 / np.maximum(HIGH, 1)).astype(np.float32)
_ROAD_SCALE = (1.0 / np.maximum(road_planes.HIGH, 1)).astype(np.float32)


def _road_kinds(roads: int) -> int:
    """How many road planes of kinds a network of ``roads`` road planes reads (``ValueError``
    for a number no network is made for)."""
    if roads not in _ROAD_COUNTS:
        raise ValueError(f"a network reads 0, {road_planes.FIRST_ROADS} or {road_planes.ROADS} "
                         f"road planes, not {roads}")
    return max(roads - 1, 0)


def shapes(channels: int, blocks: int, roads: int = 0, pooling: bool = False
           ) -> dict[str, tuple[int, ...]]:
    """Each weight's name and shape for a network of ``channels`` and ``blocks`` (reading
    ``roads`` road planes, pooling in each block when ``pooling``)."""
    c = channels
    out: dict[str, tuple[int, ...]] = {
        "stem.conv": (c, KINDS_IN + _road_kinds(roads), 3), "stem.bias": (c, WIDTH),
        "stem.numbers": (c, WIDTH * (1 + bool(roads))), "stem.numbers_bias": (c,)}
    for block in range(blocks):
        for half in ("a", "b"):
            out[f"block{block}.{half}"] = (c, c, 3)
            out[f"block{block}.{half}_bias"] = (c,)
        if pooling:  # the mean and the max of each channel, to every kind's channels
            out[f"block{block}.pool"] = (c, 2 * c)
    out |= {"head.kinds": (2, c), "head.kinds_bias": (2,),
            "head.others": (OTHERS, c * WIDTH), "head.others_bias": (OTHERS,)}
    return out


def initial(channels: int, blocks: int, seed: int, roads: int = 0, pooling: bool = False
            ) -> dict[str, np.ndarray]:
    """Weights drawn for a new network (the tests' and a doctest's; training draws its own)."""
    rng = np.random.default_rng(seed)
    return {name: (rng.standard_normal(shape) * 0.1).astype(np.float32)
            for name, shape in shapes(channels, blocks, roads, pooling).items()}


def features(planes: np.ndarray, roads: np.ndarray | None = None
             ) -> tuple[np.ndarray, np.ndarray]:
    """N x 20 x 34 ``uint8`` planes (and N x R x 34 road planes, when given: R is the number a
    network reads) as the network's inputs, scaled to 0-1, ``float32``: the planes of kinds (N x
    19 x 34, or N x 19 + R - 1 x 34) and the numbers (N x 34, or N x 68)."""
    scaled = planes.astype(np.float32) * _SCALE
    if roads is None:
        return scaled[:, :KINDS_IN], scaled[:, NUMBERS]
    count = roads.shape[1]
    road = roads.astype(np.float32) * _ROAD_SCALE[:count]
    kinds = list(ROAD_KINDS[:_road_kinds(count)])
    return (np.concatenate([scaled[:, :KINDS_IN], road[:, kinds]], axis=1),
            np.concatenate([scaled[:, NUMBERS], road[:, road_planes.NUMBERS]], axis=1))


_CHUNK = 256
"""Views a forward pass takes at once; a larger batch goes through in chunks, so that the arrays
it keeps stay small (a view's are about 60 KB for 64 channels)."""
_SIZES_KEPT = 8  # batch sizes whose arrays are kept (a seat at a table sees a handful)


def _windows(padded: np.ndarray) -> np.ndarray:
    """The N x 34 x 3C view of ``padded`` (N x 36 x C, a zero kind at each end): row k of a
    view holds kinds k-1, k and k+1 side by side, a convolution's window (no copy: the rows
    overlap in memory)."""
    n, kinds, c = padded.shape
    step = padded.strides[2]
    return np.lib.stride_tricks.as_strided(
        padded, shape=(n, WIDTH, 3 * c), strides=(kinds * c * step, c * step, step),
        writeable=False)


class _Workspace:
    """The arrays a forward pass of ``n`` views writes, kept from one pass to the next so that
    a seat allocates nothing but its scores. The activations are laid out kinds-major (N x 34 x
    C), so that a width-3 convolution of every view at once is one matrix product: a padded copy
    of its input (N x 36 x C, relu applied as it is written), its windows copied row by row into
    ``columns`` (N·34 x 3C+1, whose last column stays 1 to add the bias), times the kernel as a
    3C+1 x C matrix."""

    def __init__(self, n: int, channels: int, kinds_in: int, roads: int,
                 dtype: type[np.floating[Any]]) -> None:
        numbers = WIDTH * (1 + bool(roads))
        self.scaled = np.empty((n, KINDS_IN + 1, WIDTH), dtype)
        self.road = np.empty((n, roads, WIDTH), dtype)
        self.stem_padded = np.zeros((n, WIDTH + 2, kinds_in), dtype)
        taps = 3 * kinds_in
        self.stem_columns = np.ones((n * WIDTH, taps + numbers + 1), dtype)
        self.stem_view = self.stem_columns.reshape(n, WIDTH, -1)
        self.stem_windows = _windows(self.stem_padded)
        self.padded = np.zeros((n, WIDTH + 2, channels), dtype)
        self.columns = np.ones((n * WIDTH, 3 * channels + 1), dtype)
        self.columns_view = self.columns.reshape(n, WIDTH, -1)
        self.windows = _windows(self.padded)
        self.x = np.empty((n * WIDTH, channels), dtype)
        self.inner = np.empty((n * WIDTH, channels), dtype)
        self.kinds = np.empty((n * WIDTH, 2), dtype)
        self.pooled = np.empty((n, 2 * channels), dtype)
        self.pooling = np.empty((n, channels), dtype)


def _matrix(kernel: np.ndarray, bias: np.ndarray) -> np.ndarray:
    """An O x C x 3 kernel and its O biases as the 3C+1 x O matrix a window row multiplies:
    row t·C + c is tap t of channel c, the last row the bias."""
    out, channels, taps = kernel.shape
    return np.ascontiguousarray(np.concatenate(
        [kernel.transpose(2, 1, 0).reshape(taps * channels, out), bias[None, :]]))


class Network:
    """The network of ``weights`` (by the names of :func:`shapes`); ``meta`` is what its file
    recorded; ``roads`` how many road planes it reads, ``pooling`` whether its blocks pool;
    ``dtype`` the floats it works in (``float32``; :meth:`best_actions` makes a ``float64``
    twin for the rows it works out again). Raises ``ValueError`` when the weights are not one
    network's."""

    def __init__(self, weights: Mapping[str, np.ndarray], meta: dict[str, Any],
                 dtype: type[np.floating[Any]] = np.float32) -> None:
        channels, blocks, roads, pooling = _shape_of(weights)
        expected = shapes(channels, blocks, roads, pooling)
        if set(weights) != set(expected) or any(
                weights[name].shape != shape for name, shape in expected.items()):
            raise ValueError("the weights are not those of a network of "
                             f"{counted(channels, 'channel')} and {counted(blocks, 'block')}")
        for name in expected:  # a seat would play the argmax of NaN, self-play draw from it
            real = weights[name].dtype.kind == "f"
            if not real or not np.isfinite(weights[name]).all():
                held = "infinite or NaN values" if real else weights[name].dtype
                raise ValueError(f"the weights are not a network's: {name} holds {held}, where "
                                 "a weight is a finite real number")
        self.dtype = dtype
        self.weights = w = {name: np.ascontiguousarray(weights[name], dtype)
                            for name in expected}
        self._scale, self._road_scale = _SCALE.astype(dtype), _ROAD_SCALE.astype(dtype)
        self.channels, self.blocks, self.roads, self.meta = channels, blocks, roads, meta
        self.pooling = pooling
        self._road_kinds = np.array(ROAD_KINDS[:_road_kinds(roads)], np.intp)
        self._kinds_in = KINDS_IN + len(self._road_kinds)
        # The weights as the matrices of the kinds-major layout (see _Workspace). The stem's
        # rows: its taps, then the numbers (read at every kind), then their bias.
        stem = _matrix(w["stem.conv"], w["stem.numbers_bias"])
        self._stem = np.ascontiguousarray(np.concatenate(
            [stem[:-1], w["stem.numbers"].T, stem[-1:]]))
        self._stem_bias = np.ascontiguousarray(w["stem.bias"].T)  # 34 x C
        self._convs = [_matrix(w[f"block{block}.{half}"], w[f"block{block}.{half}_bias"])
                       for block in range(blocks) for half in "ab"]
        self._pools = [np.ascontiguousarray(w[f"block{block}.pool"].T)  # 2C x C
                       for block in range(blocks)] if pooling else []
        self._kinds = np.ascontiguousarray(w["head.kinds"].T)  # C x 2
        # head.others reads relu(x) flattened channel-major (C x 34): reordered kinds-major.
        self._others = np.ascontiguousarray(w["head.others"].reshape(
            OTHERS, channels, WIDTH).transpose(2, 1, 0).reshape(WIDTH * channels, OTHERS))
        self._spaces: dict[int, _Workspace] = {}
        self._exact: Network | None = None  # the float64 twin, made when first needed

    def _space(self, n: int) -> _Workspace:
        space = self._spaces.get(n)
        if space is None:
            if len(self._spaces) >= _SIZES_KEPT:
                self._spaces.clear()
            space = self._spaces[n] = _Workspace(n, self.channels, self._kinds_in,
                                                 self.roads, self.dtype)
        return space

    def logits(self, planes: np.ndarray, masks: np.ndarray,
               roads: np.ndarray | None = None) -> np.ndarray:
        """The N x 75 scores of N observations, ``-inf`` where ``masks`` is 0; ``roads`` are
        their road planes (all six, or as many as the network reads), which a network that reads
        them needs (``ValueError`` without)."""
        scores = self._unmasked(planes, roads)
        scores[masks == 0] = -np.inf
        return scores

    def best_actions(self, planes: np.ndarray, masks: np.ndarray,
                     roads: np.ndarray | None = None) -> np.ndarray:
        """The best-scoring action of each row (``logits``' arguments), the same whatever the
        batch and the machine (see the module's notes): a row whose best two scores are within
        :data:`EXACT_MARGIN` of its scale (its largest legal score in size, at least 1) is
        worked out again alone in ``float64``."""
        scores = self._unmasked(planes, roads)
        illegal = masks == 0
        scores[illegal] = np.inf
        low = scores.min(axis=1)  # the lowest legal score
        scores[illegal] = -np.inf
        best: np.ndarray = scores.argmax(axis=1)
        second, lead = np.partition(scores, -2, axis=1)[:, -2:].T
        margin = EXACT_MARGIN * np.maximum(np.maximum(lead, -low), 1)
        close = lead - margin < second  # never with one legal action: -inf is no score
        if close.any():
            for row in np.flatnonzero(close):
                best[row] = self._exact_best(planes[row:row + 1], masks[row:row + 1],
                                             None if roads is None else roads[row:row + 1])
        return best

    def _exact_best(self, planes: np.ndarray, masks: np.ndarray,
                    roads: np.ndarray | None) -> int:
        """The best action of one view in ``float64``, its scores rounded to
        :data:`EXACT_GRID` (the lowest action of the best)."""
        if self._exact is None:
            self._exact = Network(self.weights, self.meta, np.float64)
        scores = self._exact.logits(planes, masks, roads)[0]
        return int(np.round(scores / EXACT_GRID).argmax())

    def _unmasked(self, planes: np.ndarray, roads: np.ndarray | None) -> np.ndarray:
        """The N x 75 scores of N observations, before any mask (``logits``' arguments)."""
        if self.roads and roads is None:
            raise ValueError("this model reads the road planes (mjsim.learn.roads): give them")
        n = len(planes)
        scores = np.empty((n, N_ACTIONS), self.dtype)
        for first in range(0, n, _CHUNK):
            rows = slice(first, first + _CHUNK)
            self._scores(planes[rows],
                         None if roads is None or not self.roads else roads[rows, :self.roads],
                         scores[rows])
        return scores

    def _scores(self, planes: np.ndarray, roads: np.ndarray | None, out: np.ndarray) -> None:
        """The scores of up to :data:`_CHUNK` views into ``out``, before the mask."""
        n, c = len(planes), self.channels
        space = self._space(n)
        np.multiply(planes, self._scale, out=space.scaled)
        inputs = space.stem_padded[:, 1:-1]
        inputs[:, :, :KINDS_IN] = space.scaled[:, :KINDS_IN].transpose(0, 2, 1)
        taps = 3 * self._kinds_in
        stem = space.stem_view
        stem[:, :, taps:taps + WIDTH] = space.scaled[:, NUMBERS, None, :]
        if roads is not None:
            np.multiply(roads, self._road_scale[:self.roads], out=space.road)
            inputs[:, :, KINDS_IN:] = space.road[:, self._road_kinds].transpose(0, 2, 1)
            stem[:, :, taps + WIDTH:taps + 2 * WIDTH] = space.road[:, road_planes.NUMBERS,
                                                                   None, :]
        stem[:, :, :taps] = space.stem_windows
        x = np.matmul(space.stem_columns, self._stem, out=space.x)  # n·34 x C
        x.reshape(n, WIDTH, c)[:] += self._stem_bias
        padded, columns = space.padded[:, 1:-1], space.columns_view[:, :, :3 * c]
        for index, kernel in enumerate(self._convs):  # x + b(relu(a(relu(x)))), block by block
            np.maximum((space.inner if index % 2 else x).reshape(n, WIDTH, c), 0, out=padded)
            np.copyto(columns, space.windows)
            np.matmul(space.columns, kernel, out=space.inner)
            if index % 2:
                x += space.inner
            elif self._pools:  # the block's input pooled over the kinds, added at every kind
                np.mean(padded, axis=1, out=space.pooled[:, :c])
                np.max(padded, axis=1, out=space.pooled[:, c:])
                np.matmul(space.pooled, self._pools[index // 2], out=space.pooling)
                space.inner.reshape(n, WIDTH, c)[:] += space.pooling[:, None]
        np.maximum(x, 0, out=x)
        w = self.weights
        np.matmul(x, self._kinds, out=space.kinds)
        np.add(space.kinds.reshape(n, WIDTH, 2).transpose(0, 2, 1),
               w["head.kinds_bias"][:, None], out=out[:, :2 * WIDTH].reshape(n, 2, WIDTH))
        np.matmul(x.reshape(n, WIDTH * c), self._others, out=out[:, 2 * WIDTH:])
        out[:, 2 * WIDTH:] += w["head.others_bias"]


def _shape_of(weights: Mapping[str, np.ndarray]) -> tuple[int, int, int, bool]:
    if "stem.conv" not in weights or weights["stem.conv"].ndim != 3:
        raise ValueError("the weights are not a network's: no stem.conv")
    blocks = sum(1 for name in weights if name.endswith(".a") and name.startswith("block"))
    conv = weights["stem.conv"].shape
    kinds = {_road_kinds(count): count for count in _ROAD_COUNTS}
    if conv[1] - KINDS_IN not in kinds:
        raise ValueError(f"the weights are not a network's: stem.conv reads {conv[1]} planes")
    return int(conv[0]), blocks, kinds[conv[1] - KINDS_IN], "block0.pool" in weights


def save(path: str | Path, weights: Mapping[str, np.ndarray], meta: dict[str, Any]) -> None:
    """Write ``weights`` and ``meta`` (JSON-safe) as a model file of the oldest format that
    reads it (see :data:`FORMAT`), making its folder if it is not there."""
    net = Network(weights, meta)  # refuses weights that are no network's
    version = 4 if net.roads == road_planes.ROADS else 3 if net.pooling else 2 if net.roads else 1
    # Written whole: a run stopped while writing leaves the file there before (a model it
    # had trained), not one cut short. A stream, not a path: a path without .npz is kept.
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    with written_whole(path) as temporary, temporary.open("wb") as stream:
        np.savez(stream, format=np.int64(version), meta=np.array(json.dumps(meta)),
                 **{name: np.asarray(value, np.float32)  # type: ignore[arg-type]  # stubs
                    for name, value in weights.items()})


def read_npz(path: str | Path, what: str) -> dict[str, np.ndarray]:
    """Every array of the ``npz`` archive ``path`` (a model file, a dataset's shard), read
    without pickles, its damage told in one line that names the file (numpy's own errors name
    none, and one advises unpickling). Raises ``ValueError`` naming ``path`` and ``what`` it
    should be (e.g. "model file") when it is missing, unreadable, empty, cut short or damaged,
    not an archive, or holds Python objects."""
    try:
        loaded = np.load(path, allow_pickle=False)
        if isinstance(loaded, np.lib.npyio.NpzFile):  # else a bare .npy array
            with loaded:
                return {name: loaded[name] for name in loaded.files}
    except FileNotFoundError:
        raise ValueError(f"no {what} {path}") from None
    except IsADirectoryError:
        raise ValueError(f"{path} is a folder, not a {what}") from None
    except OSError as error:
        raise ValueError(f"cannot read {path}: {error.strerror}") from None
    except EOFError:
        raise ValueError(f"{path} is no {what}: it is empty") from None
    except (zipfile.BadZipFile, zlib.error):
        raise ValueError(f"{path} is no {what}: it is cut short or damaged") from None
    except ValueError:  # numpy's words: a file of another kind, or of pickled objects
        raise ValueError(f"{path} is no {what}: not an npz archive of plain arrays") from None
    raise ValueError(f"{path} is no {what}: one array, not an npz archive")


def format_of(path: str | Path) -> int:
    """The format version a model file was written in (1 to 4: see :data:`FORMAT`)."""
    return _version(path, read_npz(path, "model file"))


def _version(path: str | Path, arrays: dict[str, np.ndarray]) -> int:
    version = arrays.get("format")
    # a whole number from 1: int() would read 1.7 as 1, and -3 as a format older than any
    if version is None or version.shape != () or version.dtype.kind not in "iu" or version < 1:
        raise ValueError(f"{path} is no model file: no format version")
    return int(version)


def load(path: str | Path) -> Network:
    """The network in the model file ``path``. Raises ``ValueError`` in one line for a file
    that is missing, not a model file, or of a newer format than this mjsim reads."""
    arrays = read_npz(path, "model file")
    version = _version(path, arrays)
    if version > FORMAT:
        raise ValueError(f"{path} is a model of format {version}; this mjsim reads format "
                         f"{FORMAT} and older: upgrade mjsim")
    try:
        meta = json.loads(str(arrays.pop("meta")))
    except (KeyError, ValueError, RecursionError):  # json's: a ValueError, or nesting too deep
        meta = None
    if not isinstance(meta, dict):  # what training records is an object (self-play adds to it)
        raise ValueError(f"{path} is no model file: no readable meta")  # noqa: TRY004 - a damaged file
    del arrays["format"]
    try:
        return Network(arrays, meta)
    except ValueError as error:
        raise ValueError(f"{path}: {error}") from None
