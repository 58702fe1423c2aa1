"""``mjsim train``: a network fitted to datasets (the work is :mod:`mjsim.learn.training`)."""

from __future__ import annotations

import argparse
import time
from typing import TYPE_CHECKING, Any

from mjsim.ui.commands.base import UsageError, add_command

if TYPE_CHECKING:
    from mjsim.ui.commands.base import Commands

DEFAULTS: dict[str, Any] = {"channels": 64, "blocks": 4, "batch": 256, "steps": 2000,
                            "lr": 2e-3, "seed": 0, "held_out": 0.1, "every": 200, "roads": False,
                            "ties": False}
""":class:`mjsim.learn.training.Settings`' defaults, written here so ``--help`` loads no torch
(a test holds the two equal)."""


def cmd_train(args: argparse.Namespace) -> str:
    try:
        from mjsim.learn import training
    except ImportError as error:
        raise UsageError(str(error)) from None
    settings = training.Settings(**{key: getattr(args, key) for key in DEFAULTS})
    started = time.process_time()  # what the run cost, printed; nothing learned depends on it
    try:
        with training.progress_bar(settings.steps, args.quiet) as progress:
            trained = training.train(args.data, args.out, settings, threads=args.threads,
                                     progress=progress)
    except ValueError as error:
        raise UsageError(str(error)) from None
    seconds = time.process_time() - started
    taken = (trained.steps - trained.resumed_at) * settings.batch
    agreed = trained.agreement
    kinds = ", ".join(f"{kind} {agreed[kind]['agreement']:.1%}" + (
        f" ({agreed[kind]['tied']:.1%} within ties)" if "tied" in agreed else "")
        for kind in training.KINDS if agreed[kind]["agreement"] is not None)
    resumed = f", resumed at step {trained.resumed_at}" if trained.resumed_at else ""
    speed = f", {taken / seconds:,.0f} samples/s" if taken and seconds > 0 else ""
    walls = trained.walls - trained.held_walls
    return (f"{trained.steps} steps on {trained.rows:,} rows of {walls} walls{resumed}; held "
            f"out {trained.held_walls} walls, agreement "
            f"{agreed['all']:.1%} ({kinds}); {seconds:.0f} s of CPU{speed}: {args.out}")


def add(commands: Commands) -> None:
    train = add_command(
        commands, "train", cmd_train,
        help="fit a residual network to datasets (needs mjsim[learn])",
        description="Fit the learned player's network to the decisions of mjsim dataset "
                    "folders, walls held out by a keyed hash; seeded and deterministic on the "
                    "CPU. A checkpoint beside --out is written every --every steps, and the "
                    "same command resumes from it. Seat the result as learned?model=MODEL.",
        epilog="example: mjsim train --data data/rung3 data/imported --out tiny.npz "
               "--channels 8 --blocks 1 --steps 20 --batch 32 --held-out 0.6")
    train.add_argument("--data", nargs="+", required=True, metavar="DIR",
                       help="dataset folders (mjsim dataset --out)")
    train.add_argument("--out", required=True, metavar="MODEL", help="the model file to write")
    numbers = {"channels": (int, "channels of each layer"),
               "blocks": (int, "residual blocks"), "batch": (int, "rows a step"),
               "steps": (int, "optimiser steps in all"), "lr": (float, "Adam's learning rate"),
               "seed": (int, "the seed of the weights, the order and the split"),
               "held_out": (float, "the share of walls held out"),
               "every": (int, "steps between checkpoints and held-out readings")}
    for key, (kind, words) in numbers.items():
        train.add_argument(f"--{key.replace('_', '-')}", type=kind, default=DEFAULTS[key],
                           help=f"{words} (default {DEFAULTS[key]})")
    train.add_argument("--roads", action="store_true",
                       help="read the road planes too (datasets made with --roads)")
    train.add_argument("--ties", action="store_true",
                       help="fit the actions the chooser ranked equal best, not the one it "
                            "took (a rung's tie-break is a hash)")
    train.add_argument("--threads", type=int, default=1, help="PyTorch's threads (default 1)")
    train.add_argument("--quiet", action="store_true", help="no progress bar")
