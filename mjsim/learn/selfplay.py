"""A self-play step: REINFORCE fine-tuning of a model file's network on
:class:`~mjsim.learn.vector.VectorGames`, the network at all four seats, settlement points the
reward (PyTorch, like :mod:`mjsim.learn.training`).

``self_play(model, out, updates=..., games=...)`` makes ``updates`` updates. Update ``u`` plays
``games`` one-hand games from the walls of ``f"self-play-{seed}-{u}"``, every action drawn from the
network's masked softmax by a generator seeded from ``(seed, u)``, each game to its end; then
one Adam step on ``-mean(log p(action) * points / 100 + entropy * H)`` over every decision, a
decision's points being what its seat got in that hand and ``H`` the entropy of its policy (the
usual bonus that keeps the policy from collapsing early). The four seats' points sum to zero, so
the field is the baseline. A hand drawn gives every seat 0: a start that never wins (a random
network) learns from the entropy alone. The run is a function of the model, the settings and the
seed.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
import torch

from mjsim.learn import network
from mjsim.learn.training import Net, export
from mjsim.learn.vector import VectorGames

__all__ = ["SelfPlayed", "self_play"]

_SCALE = 100.0  # points of a hand to a reward of about 1


@dataclass(frozen=True)
class SelfPlayed:
    """What :func:`self_play` did: the updates, the decisions trained on, the hands played
    and the mean reward a decision (the last update's)."""

    updates: int
    decisions: int
    hands: int
    last_reward: float


def _net_of(model: network.Network) -> Net:
    """A PyTorch network holding ``model``'s weights (the inverse of :func:`export`); refuses
    one that reads the road planes, which the vectorised games do not compute."""
    if model.roads:
        raise ValueError("self-play cannot tune a model that reads the road planes (the "
                         "vectorised games give the planes alone)")
    net = Net(model.channels, model.blocks)
    w = {name: torch.from_numpy(value.copy()) for name, value in model.weights.items()}
    state = {"stem.weight": w["stem.conv"], "stem_bias": w["stem.bias"],
             "numbers.weight": w["stem.numbers"], "numbers.bias": w["stem.numbers_bias"],
             "kinds.weight": w["head.kinds"][:, :, None], "kinds.bias": w["head.kinds_bias"],
             "others.weight": w["head.others"], "others.bias": w["head.others_bias"]}
    for index in range(2 * model.blocks):
        name = f"block{index // 2}.{'ab'[index % 2]}"
        state[f"convs.{index}.weight"] = w[name]
        state[f"convs.{index}.bias"] = w[f"{name}_bias"]
    net.load_state_dict(state)
    return net


def _forward(net: Net, planes: np.ndarray, masks: np.ndarray) -> torch.Tensor:
    kinds, numbers = network.features(planes)
    return net(torch.from_numpy(kinds), torch.from_numpy(numbers),  # type: ignore[no-any-return]
               torch.from_numpy(masks.copy()))


def _rollout(net: Net, games: int, seed: str, generator: torch.Generator
             ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Every game of a :class:`VectorGames` played once to its end: the planes, masks and
    actions of its decisions and each decision's points."""
    vector = VectorGames(games, seed=seed, hands=1)
    observations, masks, seats = vector.reset()
    ended = np.zeros(games, bool)
    points = np.zeros((games, 4), np.int64)
    kept: list[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]] = []
    while not ended.all():
        with torch.no_grad():
            probs = torch.softmax(_forward(net, observations, masks), dim=1)
        actions = torch.multinomial(probs, 1, generator=generator)[:, 0].numpy()
        live = np.flatnonzero(~ended)
        kept.append((observations[live].copy(), masks[live].copy(), actions[live].copy(),
                     live, seats[live].astype(np.int64)))
        observations, masks, seats, rewards, dones = vector.step(actions)
        points[~ended] += rewards[~ended]
        ended |= dones
    planes, legal, taken, rows, seat = (np.concatenate(part) for part in zip(*kept))
    return planes, legal, taken, points[rows, seat].astype(np.float32)


def self_play(model: str | Path, out: str | Path, *, updates: int = 10, games: int = 16,
              lr: float = 1e-4, entropy: float = 0.01, seed: int = 0,
              threads: int = 1) -> SelfPlayed:
    """Fine-tune the network of the model file ``model`` by self-play (see the module) and
    write the result to the model file ``out``. Raises ``ValueError`` in one line for a bad
    model file or settings."""
    if min(updates, games) < 1 or not lr > 0 or entropy < 0:
        raise ValueError(f"updates and games are at least 1, lr above 0 and entropy at least "
                         f"0, not {updates}, {games}, {lr} and {entropy}")
    start = network.load(model)
    torch.set_num_threads(threads)
    torch.use_deterministic_algorithms(True)
    net = _net_of(start)
    optimiser = torch.optim.Adam(net.parameters(), lr=lr)
    decisions, reward = 0, float("nan")
    for update in range(updates):
        generator = torch.Generator().manual_seed(seed * 1_000_003 + update)
        planes, masks, actions, points = _rollout(net, games, f"self-play-{seed}-{update}",
                                                  generator)
        logp = torch.log_softmax(_forward(net, planes, masks), dim=1)
        chosen = logp.gather(1, torch.from_numpy(actions.astype(np.int64))[:, None])[:, 0]
        finite = logp.masked_fill(torch.from_numpy(masks == 0), 0.0)  # no 0 * -inf
        spread = -(logp.exp() * finite).sum(dim=1)
        loss = -(chosen * torch.from_numpy(points / _SCALE) + entropy * spread).mean()
        optimiser.zero_grad()
        loss.backward()  # type: ignore[no-untyped-call]
        optimiser.step()
        decisions += len(actions)
        reward = float(points.mean())
    meta = {**start.meta, "self_play": {"from": str(model), "updates": updates, "games": games,
                                        "lr": lr, "entropy": entropy,
                                        "seed": seed}}
    network.save(out, export(net), meta)
    return SelfPlayed(updates, decisions, updates * games, reward)
