"""What a training run (:mod:`mjsim.learn.training`) and a self-play run
(:mod:`mjsim.learn.selfplay`) may be given, and the checks of it, without torch: ``mjsim train``
shows these bounds in ``--help`` and refuses a value outside them before torch loads (seconds),
by the checks the two modules run (and name as their own). It loads neither torch nor numpy
(nor the engine) until a run's memory is estimated: ``mjsim --help`` imports it.

>>> Settings(channels=2048).check()
Traceback (most recent call last):
ValueError: channels is a whole number from 1 to 1024, not 2048
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from mjsim.errors import whole

__all__ = ["BOUNDS", "MAX_GAMES", "MAX_LR", "MAX_MEMORY", "MAX_SEED", "MAX_THREADS",
           "SELF_PLAY_BOUNDS", "Settings", "check_lr", "check_seed", "check_self_play",
           "check_split", "check_threads", "memory"]

MAX_LR = 1.0
"""The largest learning rate a run takes: Adam moves each weight by about ``lr`` a step, so more
learns nothing, and PyTorch overflows (a traceback) from about 1e37; infinity and NaN are no
rate at all."""
MAX_SEED = 2**32 - 1
"""The largest seed a run takes: PyTorch's and numpy's generators take 64 bits and self-play
multiplies the seed by about a million (numpy refuses a negative one, naming no setting)."""
MAX_THREADS = 256
"""The most threads a run takes: PyTorch kills the process when asked for far more (100000
segfaults), and threads beyond a machine's cores only slow a run down."""
BOUNDS: dict[str, tuple[int, int | None]] = {
    "channels": (1, 1024), "blocks": (0, 64), "batch": (1, 8192), "steps": (1, None),
    "every": (1, None)}
"""The whole-number settings' least and most (``mjsim train`` checks its options of the same
names by them, and shows them in ``--help``): beyond the most, a network or a step needs more
memory than a machine has (100,000 channels asked torch for 120 GB). :data:`MAX_MEMORY` bounds
them together."""
MAX_MEMORY = 16 * 2**30
"""The most memory a run's settings may ask for, by :func:`memory`'s estimate: each of
:data:`BOUNDS`' most is within it alone, but together they would ask for some 300 GiB, and torch
fails (or the machine swaps) only once it allocates."""
MAX_GAMES = 256
"""The most games a self-play update plays: it keeps every decision of them for one step (about
106 a one-hand game, measured 2026-12-07 with a random network), so 256 games are some 27,000
rows, which a 128-channel, 6-block network trains on in about 14 GiB by :func:`memory`, within
:data:`MAX_MEMORY`; more, and torch fails (or the machine swaps) only once it allocates."""
SELF_PLAY_BOUNDS: dict[str, tuple[int, int | None]] = {
    "updates": (1, None), "games": (1, MAX_GAMES), "every": BOUNDS["every"]}
"""Self-play's whole-number settings' least and most (``mjsim train --self-play`` checks its
options of the same names by them), as :data:`BOUNDS` are fitting's."""


@dataclass(frozen=True)
class Settings:
    """What a training run is made of; a checkpoint resumes only the same settings."""

    channels: int = 64
    blocks: int = 4
    batch: int = 256
    steps: int = 2000
    lr: float = 2e-3
    seed: int = 0
    held_out: float = 0.1
    every: int = 200
    roads: bool = False
    ties: bool = False
    pooling: bool = False

    def check(self) -> None:
        """Raises ``ValueError`` in one line for settings no run can use (a count outside
        :data:`BOUNDS`, or counts that together need more than :data:`MAX_MEMORY`), and
        ``TypeError`` naming a count that is no whole number; before torch allocates anything."""
        from mjsim.learn.roads import ROADS  # the engine's: loaded by a check, not by --help

        for key, (least, most) in BOUNDS.items():
            whole(getattr(self, key), key, least, most)
        needed = memory(self.channels, self.blocks, self.batch, ROADS if self.roads else 0,
                        self.pooling)
        if needed > MAX_MEMORY:
            raise ValueError(f"a network of {self.channels} channels and {self.blocks} blocks "
                             f"at a batch of {self.batch} rows needs about "
                             f"{needed / 2**30:,.0f} GiB to train, more than the "
                             f"{MAX_MEMORY // 2**30} GiB a run may take: give fewer channels "
                             "or blocks, or a smaller batch")
        check_split(self.seed, self.held_out)
        check_lr(self.lr)


def memory(channels: int, blocks: int, batch: int, roads: int = 0, pooling: bool = False
           ) -> int:
    """About the bytes a training step of a network of ``channels`` and ``blocks`` (reading
    ``roads`` road planes, pooling when ``pooling``) takes at ``batch`` rows: the activations
    kept for the backward pass, measured (2026-12-07, CPU, one thread) at about four float32
    tensors of batch x channels x 34 a block (five with pooling) and eight more, and each weight
    four times (itself, its gradient and Adam's two moments).

    >>> round(memory(64, 4, 256) / 2**20)  # the defaults, in MiB
    53
    """
    from mjsim.learn import network  # numpy's: loaded by an estimate, not by --help
    from mjsim.learn.planes import WIDTH

    weights = sum(math.prod(shape)
                  for shape in network.shapes(channels, blocks, roads, pooling).values())
    tensors = (5 if pooling else 4) * blocks + 8
    return 4 * (batch * channels * WIDTH * tensors + 4 * weights)


def check_seed(seed: int) -> None:
    """Raises ``ValueError`` in one line for a seed outside 0 to :data:`MAX_SEED`."""
    if not 0 <= seed <= MAX_SEED:
        raise ValueError(f"seed is 0 to {MAX_SEED}, not {seed}")


def check_split(seed: int, held_out: float) -> None:
    """Raises ``ValueError`` in one line for a split of walls no training run makes (which
    :func:`mjsim.learn.training.evaluate` would remake): a seed outside 0 to :data:`MAX_SEED`,
    or a share held out that is not between 0 and 1."""
    check_seed(seed)
    if not 0 < held_out < 1:
        raise ValueError(f"held_out is between 0 and 1, not {held_out}")


def check_lr(lr: float) -> None:
    """Raises ``ValueError`` in one line for a learning rate no run takes (nan, inf, 0 or
    less, or past :data:`MAX_LR`), naming it alone."""
    if not 0 < lr <= MAX_LR:
        raise ValueError(f"lr is a number above 0 and at most {MAX_LR:g}, not {lr}")


def check_threads(threads: int) -> None:
    """Raises ``ValueError`` in one line for a count of threads outside 1 to
    :data:`MAX_THREADS`."""
    if not 1 <= threads <= MAX_THREADS:
        raise ValueError(f"threads are 1 to {MAX_THREADS}, not {threads}")


def check_self_play(*, updates: int, games: int, lr: float, entropy: float, seed: int,
                    every: int) -> None:
    """Raises ``ValueError`` in one line for self-play settings no run can use (a count outside
    :data:`SELF_PLAY_BOUNDS` is one), and ``TypeError`` for a count that is no whole number."""
    for key, value in (("updates", updates), ("games", games), ("every", every)):
        least, most = SELF_PLAY_BOUNDS[key]
        whole(value, key, least, most)
    check_lr(lr)
    if not 0 <= entropy < math.inf:
        raise ValueError(f"entropy is a finite number at least 0, not {entropy}")
    check_seed(seed)
