"""A self-play step: REINFORCE fine-tuning of a model file's network on
:class:`~mjsim.learn.vector.VectorGames`, the network at all four seats, settlement points the
reward (PyTorch, like :mod:`mjsim.learn.training`; ``mjsim train --self-play`` runs it).

``self_play(model, out, updates=..., games=...)`` makes ``updates`` updates. Update ``u`` plays
``games`` one-hand games from the walls of ``f"self-play-{seed}-{u}"``, every action with a choice
drawn from the network's masked softmax by a generator seeded from ``(seed, u)``, each game to
its end; then one Adam step on ``-mean(log p(action) * points / 100 + entropy * H)`` over every
decision with two or more legal actions, a decision's points being what its seat got in that
hand and ``H`` the entropy of its policy (the usual bonus that keeps the policy from collapsing
early). The four seats' points sum to zero, so the field is the baseline. A hand drawn gives
every seat 0: a start that never wins (a random network) learns from the entropy alone. A model
that reads the road planes (:mod:`mjsim.learn.roads`) has them computed from each game's view.

Every ``every`` updates it writes ``OUT.checkpoint`` (the weights, the optimiser's state and the
update reached) and the same call resumes from it, ending with the weights an uninterrupted run
ends with: the run is a function of the model file, the settings and the seed. Update ``u``
does not depend on how many follow, so a larger ``updates`` extends a run, and one as large as
its checkpoint's writes the model of that many.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import torch

from mjsim.learn import network
from mjsim.learn.planes import WIDTH
from mjsim.learn.roads import ROADS, roads_batch
from mjsim.learn.settings import MAX_GAMES, check_self_play
from mjsim.learn.settings import SELF_PLAY_BOUNDS as BOUNDS  # re-exported: torch-free there
from mjsim.learn.training import (
    CHECKPOINT,
    Net,
    check_loss,
    deterministic,
    imported,
    resume,
    save_checkpoint,
    save_model,
    writable,
)
from mjsim.learn.vector import VectorGames

__all__ = ["BOUNDS", "MAX_GAMES", "SelfPlayed", "self_play"]

_SCALE = 100.0  # points of a hand to a reward of about 1

Progress = Callable[[int, float], None]  # (updates done, the last update's mean reward)


@dataclass(frozen=True)
class SelfPlayed:
    """What :func:`self_play` did: the updates in all, the update it resumed at, the decisions
    trained on and the hands played by this call, and the last update's mean reward a decision
    (in points)."""

    updates: int
    resumed_at: int
    decisions: int
    hands: int
    last_reward: float


def _forward(net: Net, planes: np.ndarray, masks: np.ndarray,
             roads: np.ndarray | None) -> torch.Tensor:
    kinds, numbers = network.features(planes, roads)
    return net(torch.from_numpy(kinds), torch.from_numpy(numbers),  # type: ignore[no-any-return]
               torch.from_numpy(masks.copy()))


@dataclass
class _Played:
    """The decisions with a choice of one update's games: their inputs, the actions drawn and
    the points each deciding seat got in its hand."""

    planes: np.ndarray
    masks: np.ndarray
    roads: np.ndarray | None
    actions: np.ndarray
    points: np.ndarray


def _rollout(net: Net, games: int, seed: str, generator: torch.Generator) -> _Played:
    """Every game of a :class:`VectorGames` played once to its end (a row whose game has ended
    plays the first legal action of the next wall's, which is not kept)."""
    vector = VectorGames(games, seed=seed, hands=1)
    observations, masks, seats = vector.reset()
    ended = np.zeros(games, bool)
    points = np.zeros((games, 4), np.int64)
    kept: list[tuple[np.ndarray, ...]] = []
    road_parts: list[np.ndarray] = []  # a model that reads the road planes: theirs
    while not ended.all():
        actions = masks.argmax(axis=1)
        rows = np.flatnonzero(~ended & (masks.sum(axis=1) > 1))
        if len(rows):
            part_roads = None
            if net.roads:
                part_roads = np.empty((len(rows), ROADS, WIDTH), np.uint8)
                roads_batch([vector.views[row] for row in rows], part_roads)
                part_roads = part_roads[:, :net.roads]  # a model of the first five reads those
                road_parts.append(part_roads)
            planes, legal = observations[rows].copy(), masks[rows].copy()
            with torch.no_grad():
                probs = torch.softmax(_forward(net, planes, legal, part_roads), dim=1)
            drawn = torch.multinomial(probs, 1, generator=generator)[:, 0].numpy()
            actions[rows] = drawn
            kept.append((planes, legal, drawn, rows, seats[rows].astype(np.int64)))
        observations, masks, seats, rewards, dones = vector.step(actions)
        points[~ended] += rewards[~ended]
        ended |= dones
    planes, legal, drawn, rows, seat = (np.concatenate(part) for part in zip(*kept))
    return _Played(planes, legal, np.concatenate(road_parts) if road_parts else None, drawn,
                   points[rows, seat].astype(np.float32))


def _update(net: Net, optimiser: torch.optim.Optimizer, played: _Played, entropy: float,
            update: int) -> None:
    """One Adam step of REINFORCE with the entropy bonus over the decisions of ``played``
    (update number ``update``: :class:`~mjsim.learn.training.Diverged` names it)."""
    logp = torch.log_softmax(_forward(net, played.planes, played.masks, played.roads), dim=1)
    chosen = logp.gather(1, torch.from_numpy(played.actions.astype(np.int64))[:, None])[:, 0]
    finite = logp.masked_fill(torch.from_numpy(played.masks == 0), 0.0)  # no 0 * -inf
    spread = -(logp.exp() * finite).sum(dim=1)
    loss = -(chosen * torch.from_numpy(played.points / _SCALE) + entropy * spread).mean()
    check_loss(loss.item(), update, "update")
    optimiser.zero_grad()
    loss.backward()  # type: ignore[no-untyped-call]
    optimiser.step()


def self_play(model: str | Path, out: str | Path, *, updates: int = 10, games: int = 16,
              lr: float = 1e-4, entropy: float = 0.01, seed: int = 0, every: int = 10,
              threads: int = 1, progress: Progress | None = None) -> SelfPlayed:
    """Fine-tune the network of the model file ``model`` by self-play (see the module) and
    write the result to the model file ``out``, resuming from ``out``'s checkpoint. Raises
    ``ValueError`` in one line for a bad model file or settings, an ``out`` that cannot be
    written or is ``model`` itself, or a checkpoint of another run, before anything runs (a
    count outside :data:`BOUNDS` is one: :func:`mjsim.learn.settings.check_self_play`), and
    ``TypeError`` for a count that is no whole number."""
    check_self_play(updates=updates, games=games, lr=lr, entropy=entropy, seed=seed,
                    every=every)
    start = network.load(model)
    if Path(out).exists() and Path(out).samefile(model):  # a hard link too
        raise ValueError(f"{out} is the model self-play starts from, which writing it would "
                         "destroy (and the checkpoint beside it would no longer resume): give "
                         "another out")
    settings = {"updates": updates, "games": games, "lr": lr, "entropy": entropy, "seed": seed,
                "every": every}
    # What the updates depend on: not how many there are, nor the checkpoints' spacing.
    identity = {"self_play": {key: value for key, value in settings.items()
                              if key not in ("updates", "every")},
                "from": hashlib.sha256(Path(model).read_bytes()).hexdigest()}
    deterministic(threads)
    writable(out)
    net = imported(start)
    optimiser = torch.optim.Adam(net.parameters(), lr=lr)
    parts = {"net": net, "optimiser": optimiser}
    checkpoint = Path(f"{out}{CHECKPOINT}")
    begun = resume(checkpoint, identity, parts)
    if begun > updates:
        raise ValueError(f"{checkpoint} is at update {begun}, past {updates}: give {begun} "
                         "updates or more, or another out")
    decisions, reward = 0, float("nan")
    for update in range(begun, updates):
        generator = torch.Generator().manual_seed(seed * 1_000_003 + update)
        played = _rollout(net, games, f"self-play-{seed}-{update}", generator)
        _update(net, optimiser, played, entropy, update + 1)
        decisions += len(played.actions)
        reward = float(played.points.mean())
        if (update + 1) % every == 0 or update + 1 == updates:
            save_checkpoint(checkpoint, identity, update + 1, parts)
        if progress is not None:
            progress(update + 1, reward)
    meta = {**start.meta, "self_play": {"from": str(model), **settings}}
    save_model(out, net, meta)
    return SelfPlayed(updates, begun, decisions, (updates - begun) * games, reward)
