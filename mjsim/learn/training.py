"""Training the network of :mod:`mjsim.learn.network` on datasets (``mjsim train``): PyTorch on
the CPU, seeded and deterministic, resumable from its checkpoint.

``train(folders, out, settings)`` reads every row of the ``mjsim dataset`` folders, holds out
the walls whose keyed hash falls below ``held_out`` (a wall is its seed, ``f"{seed}-{n}"``, so
the same wall in two folders falls on the same side and no wall is in both), and fits the
masked softmax to the actions taken by Adam, ``batch`` rows a step for ``steps`` steps, the
learning rate falling on a cosine to a tenth. Rows with one legal action teach nothing and are
left out. Step ``s`` takes rows ``s * batch ...`` of its epoch's order, a permutation drawn from
``(seed, epoch)``, so where a run stopped does not change what it learns: every ``every`` steps
it writes a checkpoint (``OUT.checkpoint``: the weights, the optimiser's state and the step),
and the same call resumes from it, ending with the weights an uninterrupted run ends with
(PyTorch's deterministic algorithms, ``threads`` threads). At the end it writes the model file
``out`` (:func:`mjsim.learn.network.save`) with the held-out agreement by decision kind.

With ``ties`` the loss is that of the set of actions the dataset's chooser ranked equal best
(its ``best`` column: a rung breaks its last tie by a hash of the view, which no network can
learn), ``-log`` of their summed probability, rather than of the one it took. When the data
records ties, the held-out agreement is also read as "within the ties" (``tied``).

With ``roads`` the network also reads the road planes of :mod:`mjsim.learn.roads`, which the
datasets must hold (``mjsim dataset --roads``): as many as each of them holds (datasets
written before plane 5 hold five). With ``pooling`` each block pools its input over
the kinds (:mod:`mjsim.learn.network` says how).

A decision's kind is the first that applies: **win** (a win is legal), **kong** (a kong is),
**claim** (a discard or kong window is open) and **discard**.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np

try:
    import torch
    from torch import nn
except ModuleNotFoundError as missing:  # an optional extra: say which, in one line
    raise ImportError(f"training needs PyTorch (no module {missing.name!r}): pip install "
                      '"mjsim[learn]" (or ".[learn]" in a checkout)') from None

from mjsim.files import written_whole
from mjsim.learn import dataset, network
from mjsim.learn.actions import CLAIM_KONG, PASS_ACTION, TURN_KONG, WIN_ACTION
from mjsim.learn.planes import WIDTH
from mjsim.learn.settings import (  # re-exported: the bounds live where torch is not needed
    BOUNDS,
    MAX_LR,
    MAX_MEMORY,
    MAX_SEED,
    MAX_THREADS,
    Settings,
    check_seed,
    check_split,
    check_threads,
    memory,
)

__all__ = ["BOUNDS", "KINDS", "MAX_LR", "MAX_MEMORY", "MAX_SEED", "MAX_THREADS", "Diverged",
           "Net", "Settings", "agreement", "check_loss", "check_seed", "decision_kinds",
           "deterministic", "evaluate", "export", "imported", "memory", "resume",
           "save_checkpoint", "save_model", "summary", "train", "writable"]

KINDS = ("discard", "claim", "kong", "win")
"""The decision kinds agreement is told by."""
CHECKPOINT = ".checkpoint"
_PEEK = 4096  # held-out rows the progress bar's agreement reads


class Diverged(ArithmeticError):
    """A run whose loss or weights became infinite or NaN (a learning rate too high): it stops
    there and writes no model (its last checkpoint stays)."""


def check_loss(loss: float, step: int, unit: str = "step") -> None:
    """Raises :class:`Diverged` when ``loss``, that of ``step`` (or another ``unit``), is
    infinite or NaN."""
    if not math.isfinite(loss):
        raise Diverged(f"the loss became {loss} at {unit} {step}: no model written (a lower lr "
                       "may train)")


def save_model(out: str | Path, net: Net, meta: dict[str, Any]) -> None:
    """Write ``net`` as the model file ``out``; raises :class:`Diverged` for weights that are
    infinite or NaN, which no seat could play (the last step may make them so)."""
    weights = export(net)
    if not all(np.isfinite(value).all() for value in weights.values()):
        raise Diverged("the weights became infinite or NaN: no model written (a lower lr may "
                       "train)")
    network.save(out, weights, meta)


class Net(nn.Module):
    """The network of :mod:`mjsim.learn.network`, in PyTorch; :func:`export` gives its
    weights by the same names."""

    def __init__(self, channels: int, blocks: int, roads: int = 0,
                 pooling: bool = False) -> None:
        super().__init__()
        c, self.roads, self.pooling = channels, roads, pooling
        shapes = network.shapes(channels, blocks, roads, pooling)
        self.stem = nn.Conv1d(shapes["stem.conv"][1], c, 3, padding=1, bias=False)
        self.stem_bias = nn.Parameter(torch.zeros(c, WIDTH))
        self.numbers = nn.Linear(shapes["stem.numbers"][1], c)
        self.convs = nn.ModuleList(nn.Conv1d(c, c, 3, padding=1) for _ in range(2 * blocks))
        for name, weight in self.convs.named_parameters():  # each block starts as the identity
            if int(name.split(".")[0]) % 2:
                nn.init.zeros_(weight)
        self.pools = nn.ModuleList(nn.Linear(2 * c, c, bias=False)
                                   for _ in range(blocks if pooling else 0))
        self.kinds = nn.Conv1d(c, 2, 1)
        self.others = nn.Linear(c * WIDTH, network.OTHERS)

    def forward(self, kinds: torch.Tensor, numbers: torch.Tensor,
                masks: torch.Tensor) -> torch.Tensor:
        x = self.stem(kinds) + self.stem_bias + self.numbers(numbers)[:, :, None]
        for block, (first, second) in enumerate(zip(self.convs[::2], self.convs[1::2])):
            active = torch.relu(x)
            inner = first(active)
            if self.pooling:  # each channel's mean and max over the kinds, at every kind
                inner = inner + self.pools[block](
                    torch.cat([active.mean(2), active.amax(2)], dim=1))[:, :, None]
            x = x + second(torch.relu(inner))
        x = torch.relu(x)
        scores = torch.cat([self.kinds(x).flatten(1), self.others(x.flatten(1))], dim=1)
        return scores.masked_fill(masks == 0, -math.inf)


def export(net: Net) -> dict[str, np.ndarray]:
    """``net``'s weights by the names of :func:`mjsim.learn.network.shapes`."""
    state = {name: tensor.detach().numpy().astype(np.float32).copy()
             for name, tensor in net.state_dict().items()}
    out = {"stem.conv": state["stem.weight"], "stem.bias": state["stem_bias"],
           "stem.numbers": state["numbers.weight"], "stem.numbers_bias": state["numbers.bias"],
           "head.kinds": state["kinds.weight"][:, :, 0], "head.kinds_bias": state["kinds.bias"],
           "head.others": state["others.weight"], "head.others_bias": state["others.bias"]}
    for index in range(len(net.convs)):
        name = f"block{index // 2}.{'ab'[index % 2]}"
        out[name], out[f"{name}_bias"] = (state[f"convs.{index}.weight"],
                                          state[f"convs.{index}.bias"])
    for block in range(len(net.pools)):
        out[f"block{block}.pool"] = state[f"pools.{block}.weight"]
    return out


def imported(model: network.Network) -> Net:
    """A PyTorch network holding ``model``'s weights: the inverse of :func:`export`."""
    net = Net(model.channels, model.blocks, model.roads, model.pooling)
    w = {name: torch.from_numpy(value.copy()) for name, value in model.weights.items()}
    state = {"stem.weight": w["stem.conv"], "stem_bias": w["stem.bias"],
             "numbers.weight": w["stem.numbers"], "numbers.bias": w["stem.numbers_bias"],
             "kinds.weight": w["head.kinds"][:, :, None], "kinds.bias": w["head.kinds_bias"],
             "others.weight": w["head.others"], "others.bias": w["head.others_bias"]}
    for index in range(2 * model.blocks):
        name = f"block{index // 2}.{'ab'[index % 2]}"
        state[f"convs.{index}.weight"] = w[name]
        state[f"convs.{index}.bias"] = w[f"{name}_bias"]
    for block in range(model.blocks if model.pooling else 0):
        state[f"pools.{block}.weight"] = w[f"block{block}.pool"]
    net.load_state_dict(state)
    return net


def _tensors(planes: np.ndarray, masks: np.ndarray,
             roads: np.ndarray | None = None) -> tuple[torch.Tensor, ...]:
    kinds, numbers = network.features(planes, roads)
    return torch.from_numpy(kinds), torch.from_numpy(numbers), torch.from_numpy(masks)


def decision_kinds(masks: np.ndarray) -> np.ndarray:
    """Each row's decision kind, an index into :data:`KINDS` (the module says which)."""
    kinds = np.zeros(len(masks), np.int8)
    kinds[masks[:, PASS_ACTION] == 1] = KINDS.index("claim")
    kongs = (masks[:, TURN_KONG:TURN_KONG + WIDTH] == 1).any(axis=1) | (masks[:, CLAIM_KONG] == 1)
    kinds[kongs] = KINDS.index("kong")
    kinds[masks[:, WIN_ACTION] == 1] = KINDS.index("win")
    return kinds


@dataclass
class Data:
    """The rows of the datasets with a choice to make, and which are held out."""

    planes: np.ndarray
    masks: np.ndarray
    actions: np.ndarray
    held: np.ndarray  # bool, a held-out row
    wall: np.ndarray  # each row's wall, an index into keys
    keys: np.ndarray  # the walls' seeds
    held_walls: int
    roads: np.ndarray | None = None  # the road planes, when asked for
    best: np.ndarray | None = None  # the actions ranked equal best, when asked for

    def rows(self, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
        """The planes, masks and road planes (or None) of ``rows``."""
        return (self.planes[rows], self.masks[rows],
                None if self.roads is None else self.roads[rows])

    @property
    def walls(self) -> int:
        return len(self.keys)


def read(folders: Sequence[str | Path], seed: int, held_out: float,
         roads: bool = False, ties: bool = False, model: str | Path | None = None) -> Data:
    """Every row with two or more legal actions of the dataset ``folders``, split by wall (with
    their road planes when ``roads``, as many as every folder holds, and their ties when every
    shard records them). Raises ``ValueError`` for a folder given twice, or that holds no
    dataset or no rows, or no road planes or ties when asked for (by the model file ``model``
    when it is given, else by training with --roads), or a split that leaves one side empty."""
    resolved = [Path(folder).resolve() for folder in folders]
    for folder, path in zip(folders, resolved):
        if resolved.count(path) > 1:  # its rows would count twice
            raise ValueError(f"{folder} is given twice: give each dataset once")
    parts: list[dict[str, np.ndarray]] = []
    keys: list[np.ndarray] = []
    for folder in folders:
        try:
            manifest = dataset.read_manifest(folder)
        except FileNotFoundError:
            raise ValueError(f"{folder} holds no dataset: make one with mjsim dataset") from None
        shards = list(dataset.shards(folder))
        if roads and not manifest.get("roads"):
            # The way out depends on who asked for them: training's --roads, or a model's.
            other = (f"evaluate a model trained without --roads ({model} reads road planes)"
                     if model is not None else "train without --roads")
            raise ValueError(f"{folder} holds no road planes: make it with mjsim dataset "
                             f"--roads, or {other}")
        for shard in shards:
            if ties and "best" not in shard:
                raise ValueError(f"{folder} records no ties (a dataset of an older mjsim): "
                                 "make it again, or train without --ties")
            parts.append(shard)
            keys.append(np.char.add(f"{manifest['seed']}-", shard["wall"].astype(str)))
    if not parts or not sum(len(part["action"]) for part in parts):
        raise ValueError(f"no rows in {', '.join(map(str, folders))}")
    recorded = all("best" in part for part in parts)
    names = ("observation", "mask", "action", *(("roads",) if roads else ()),
             *(("best",) if recorded else ()))
    if roads:  # folders written before plane 5 hold five: so many of each folder's are read
        fewest = min(part["roads"].shape[1] for part in parts)
        parts = [{**part, "roads": part["roads"][:, :fewest]} for part in parts]
    joined = {name: np.concatenate([part[name] for part in parts]) for name in names}
    walls = np.concatenate(keys)
    unique, inverse = np.unique(walls, return_inverse=True)
    held_wall = np.array([_hash(seed, str(key)) < held_out for key in unique])
    choice = joined["mask"].sum(axis=1) >= 2
    held = held_wall[inverse]
    if held_wall.all() or not held_wall.any():
        raise ValueError(f"{len(unique)} walls cannot be split {held_out:g} held out: give "
                         "more walls or another --held-out")
    return Data(joined["observation"][choice], joined["mask"][choice],
                joined["action"][choice].astype(np.int64), held[choice],
                inverse[choice].astype(np.int32), unique, int(held_wall.sum()),
                joined["roads"][choice] if roads else None,
                joined["best"][choice] if recorded else None)


def _hash(seed: int, key: str) -> float:
    digest = hashlib.blake2b(key.encode(), key=str(seed).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") / 2**64


def chosen(net: Net, planes: np.ndarray, masks: np.ndarray, roads: np.ndarray | None = None,
           chunk: int = 2048) -> np.ndarray:
    """``net``'s best action of each row."""
    out = np.zeros(len(masks), np.int64)
    with torch.no_grad():
        for start in range(0, len(masks), chunk):
            stop = start + chunk
            scores = net(*_tensors(planes[start:stop], masks[start:stop],
                                   None if roads is None else roads[start:stop]))
            out[start:stop] = scores.argmax(dim=1).numpy()
    return out


def agreement(net: Net, planes: np.ndarray, masks: np.ndarray, actions: np.ndarray,
              roads: np.ndarray | None = None) -> np.ndarray:
    """Whether ``net``'s best action is the one taken, row by row (bool)."""
    agreed: np.ndarray = chosen(net, planes, masks, roads) == actions
    return agreed


def summary(picked: np.ndarray, actions: np.ndarray, masks: np.ndarray,
            best: np.ndarray | None = None) -> dict[str, Any]:
    """How often the actions ``picked`` are those taken, overall and by decision kind; when the
    data records the ties (``best``, N x 75 flags), also how often they are among the tied
    (``tied``), the share of decisions with more than one tied action (``several``), and the
    exact agreement that picking uniformly among the ties would expect (``ceiling``, the mean
    of 1 / ties): what a network that knew the ties but not the hash that breaks them would
    reach."""
    kinds = decision_kinds(masks)
    flags = {"agreement": picked == actions}
    if best is not None:
        tied = best.sum(axis=1)
        flags |= {"tied": best[np.arange(len(picked)), picked] == 1, "several": tied > 1,
                  "ceiling": 1 / np.maximum(tied, 1)}

    def shares(rows: np.ndarray) -> dict[str, float | None]:
        return {name: float(values[rows].mean()) if rows.any() else None
                for name, values in flags.items()}

    everything = shares(np.ones(len(picked), bool))
    out: dict[str, Any] = {"all": everything.pop("agreement"), "rows": len(picked), **everything}
    for k, kind in enumerate(KINDS):
        rows = kinds == k
        out[kind] = {**shares(rows), "rows": int(rows.sum())}
    return out


def evaluate(model: str | Path, folders: Sequence[str | Path], seed: int = 0,
             held_out: float = 0.1) -> tuple[dict[str, Any], int]:
    """The :func:`summary` of the model file ``model``'s moves, read by the numpy network as a
    seat plays them, on the rows of ``folders`` that :func:`train` with ``seed`` and
    ``held_out`` holds out; and the number of walls held out. Raises ``ValueError`` as
    :func:`read` and :func:`mjsim.learn.network.load` do, and for a seed or share no training
    run takes (:func:`~mjsim.learn.settings.check_split`)."""
    check_split(seed, held_out)
    net = network.load(model)
    data = read(folders, seed, held_out, roads=bool(net.roads), model=model)
    if data.roads is not None and data.roads.shape[1] < net.roads:
        raise ValueError(f"{model} reads {net.roads} road planes and the datasets hold "
                         f"{data.roads.shape[1]}: make them again with mjsim dataset --roads")
    held = np.flatnonzero(data.held)
    picked = np.concatenate([net.logits(*data.rows(rows)).argmax(axis=1)
                             for rows in np.array_split(held, max(1, len(held) // 4096))])
    best = None if data.best is None else data.best[held]
    return summary(picked, data.actions[held], data.masks[held], best), data.held_walls


def _order(seed: int, epoch: int, n: int) -> np.ndarray:
    return np.random.default_rng([seed, epoch]).permutation(n)


@dataclass
class Trained:
    """What :func:`train` did: the steps taken in all, the rows trained on, the walls, the
    held-out agreement by kind (``network.meta['held_out']``'s form) and the last batch's
    loss; ``resumed_at`` the step it started from."""

    steps: int
    resumed_at: int
    rows: int
    walls: int
    held_walls: int
    agreement: dict[str, Any]
    loss: float


Progress = Callable[[int, float, float], None]  # (step, loss, held-out agreement so far)


def deterministic(threads: int) -> None:
    """PyTorch set to run deterministically on ``threads`` threads; ``ValueError`` in one line
    for a count outside 1 to :data:`MAX_THREADS`."""
    check_threads(threads)
    torch.set_num_threads(threads)
    torch.use_deterministic_algorithms(True)


def writable(out: str | Path) -> None:
    """Raises ``ValueError`` in one line when the model file ``out`` (and its checkpoint beside
    it) cannot be written: a run checks before it starts, not after its work is done. Folders
    it needs that are not there are made with its first file, as a dataset's and a run's are
    (not here: a run refused later leaves nothing)."""
    path = Path(out)
    if path.is_dir():
        raise ValueError(f"{path} is a folder, not a model file")
    if path.exists() and not path.is_file():  # written beside, then renamed over it
        raise ValueError(f"{path} is no regular file (a device or a pipe), which the model "
                         "would replace: give a file's name")
    if path.exists() and not os.access(path, os.W_OK):
        raise ValueError(f"cannot write {path}: permission denied")
    nearest = next(folder for folder in path.parents if folder.exists())
    if not nearest.is_dir():
        raise ValueError(f"cannot write in {path.parent}: {nearest} is a file")
    try:  # a file made and removed: what the checkpoint and the model are written as
        with tempfile.NamedTemporaryFile(dir=nearest, prefix=f".{path.name}."):
            pass
    except OSError as error:
        raise ValueError(f"cannot write in {nearest}: {error.strerror}") from None


def train(folders: Sequence[str | Path], out: str | Path, settings: Settings, *,
          threads: int = 1, progress: Progress | None = None) -> Trained:
    """Train on the datasets ``folders`` and write the model file ``out``, resuming from
    ``out``'s checkpoint (see the module). Raises ``ValueError`` for unusable settings
    (:meth:`Settings.check`, first) or data, an ``out`` that cannot be written, or a checkpoint
    made with other settings or data, ``TypeError`` for a count that is no whole number, and
    :class:`Diverged` when the loss becomes infinite or NaN."""
    settings.check()
    deterministic(threads)
    writable(out)
    data = read(folders, settings.seed, settings.held_out, settings.roads, settings.ties)
    train_rows = np.flatnonzero(~data.held)
    per_epoch = len(train_rows) // settings.batch
    if per_epoch < 1:
        raise ValueError(f"{len(train_rows)} training rows are fewer than a batch "
                         f"({settings.batch}): give more walls or a smaller --batch")
    identity = {"settings": asdict(settings), "folders": [str(Path(f).resolve()) for f in folders],
                "rows": len(data.actions)}
    torch.manual_seed(settings.seed)
    net = Net(settings.channels, settings.blocks,
              0 if data.roads is None else data.roads.shape[1], settings.pooling)
    optimiser = torch.optim.Adam(net.parameters(), lr=settings.lr)
    schedule = torch.optim.lr_scheduler.LambdaLR(optimiser, lambda step: 0.1 + 0.45 * (
        1 + math.cos(math.pi * min(step, settings.steps) / settings.steps)))
    checkpoint = Path(f"{out}{CHECKPOINT}")
    parts = {"net": net, "optimiser": optimiser, "schedule": schedule}
    start = resume(checkpoint, identity, parts)
    peek = np.flatnonzero(data.held)[:_PEEK]

    def peeked() -> float:  # the held-out agreement the progress bar shows
        planes, masks, roads = data.rows(peek)
        return float(agreement(net, planes, masks, data.actions[peek], roads).mean())

    loss, seen = math.nan, peeked()  # the bar's first figure is the start's, not nan%
    for step in range(start, settings.steps):
        epoch, offset = divmod(step, per_epoch)
        rows = train_rows[_order(settings.seed, epoch, len(train_rows))[
            offset * settings.batch:(offset + 1) * settings.batch]]
        rows.sort()  # the batch's rows in order: reading them is faster, the sum the same
        scores = net(*_tensors(*data.rows(rows)))
        if not settings.ties or data.best is None:
            batch_loss = nn.functional.cross_entropy(scores,
                                                     torch.from_numpy(data.actions[rows]))
        else:  # -log of the probability of the ties, summed
            best = torch.from_numpy(data.best[rows]) == 1
            batch_loss = (torch.logsumexp(scores, dim=1)
                          - torch.logsumexp(scores.masked_fill(~best, -math.inf), dim=1)).mean()
        loss = batch_loss.item()
        check_loss(loss, step + 1)
        optimiser.zero_grad()
        batch_loss.backward()  # type: ignore[no-untyped-call]
        optimiser.step()
        schedule.step()
        if (step + 1) % settings.every == 0 or step + 1 == settings.steps:
            seen = peeked()
            save_checkpoint(checkpoint, identity, step + 1, parts)
        if progress is not None:
            progress(step + 1, loss, seen)
    held = np.flatnonzero(data.held)
    planes, masks, roads = data.rows(held)
    picked = chosen(net, planes, masks, roads)
    agreed = summary(picked, data.actions[held], masks,
                     None if data.best is None else data.best[held])
    meta = {"settings": asdict(settings), "folders": [str(f) for f in folders],
            "train_rows": len(train_rows), "held_out": agreed,
            "walls": data.walls, "held_walls": data.held_walls}
    save_model(out, net, meta)
    return Trained(settings.steps, start, len(train_rows), data.walls, data.held_walls, agreed,
                   loss)


def resume(path: Path, identity: dict[str, Any], parts: dict[str, Any]) -> int:
    """The step the checkpoint at ``path`` reached, each of ``parts`` (a network, an optimiser,
    a schedule: anything with a ``state_dict``) loaded from it, or 0 when there is none;
    refuses one of another run (``identity`` differs)."""
    if not path.exists():
        return 0
    try:
        state = torch.load(path, weights_only=True)
    except Exception as error:  # noqa: BLE001 - torch raises many kinds for a damaged file
        raise ValueError(f"{path} is no checkpoint mjsim train can read ({type(error).__name__})"
                         ": remove it to start afresh") from None
    if state.get("identity") != json.loads(json.dumps(identity)):
        raise ValueError(f"{path} is the checkpoint of another run (other data or settings): "
                         "give another --out, or remove it to start afresh")
    for name, part in parts.items():
        part.load_state_dict(state[name])
    return int(state["step"])


def save_checkpoint(path: Path, identity: dict[str, Any], step: int, parts: dict[str, Any]
                    ) -> None:
    """Write the checkpoint of ``parts`` at ``step`` under a temporary name and rename it: a
    killed run keeps the last whole one."""
    path.parent.mkdir(parents=True, exist_ok=True)  # writable() checked it may be made
    with written_whole(path) as temporary:
        torch.save({"identity": json.loads(json.dumps(identity)), "step": step,
                    **{name: part.state_dict() for name, part in parts.items()}}, temporary)


@contextmanager
def progress_bar(steps: int, quiet: bool, shown: str = "loss {0:.3f}  held-out {1:.1%}"
                 ) -> Iterator[Callable[..., None] | None]:
    """A rich progress bar of the steps, on a terminal unless ``quiet`` (else None): it yields
    ``advance(step, *values)``, the values shown by the format ``shown`` (the loss and the
    held-out agreement unless told)."""
    if quiet or not sys.stderr.isatty():
        yield None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    columns = (TextColumn("train"), BarColumn(), MofNCompleteColumn(),
               TextColumn("{task.fields[said]}"))
    with Progress(*columns, transient=True) as bar:
        task = bar.add_task("train", total=steps, said="")

        def advance(step: int, *values: float) -> None:
            bar.update(task, completed=step, said=shown.format(*values))

        yield advance
