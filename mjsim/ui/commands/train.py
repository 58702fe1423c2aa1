"""``mjsim train``: a network fitted to datasets (the work is :mod:`mjsim.learn.training`)."""

from __future__ import annotations

import argparse
import time
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mjsim.errors import counted, span
from mjsim.learn.settings import (  # torch-free: the bounds --help shows and checks before torch
    BOUNDS,
    MAX_LR,
    MAX_MEMORY,
    MAX_SEED,
    MAX_THREADS,
    SELF_PLAY_BOUNDS,
    Settings,
    check_self_play,
    check_split,
    check_threads,
)
from mjsim.ui.commands.base import (
    Interrupted,
    RunStopped,
    UsageError,
    add_command,
    check_bounds,
    given_path,
    resolved,
)

if TYPE_CHECKING:
    from mjsim.ui.commands.base import Commands

DEFAULTS: dict[str, Any] = asdict(Settings())
"""Fitting's settings and their defaults (:class:`mjsim.learn.settings.Settings`)."""


SELF_PLAY: dict[str, Any] = {"updates": 10, "games": 16, "lr": 1e-4, "entropy": 0.01,
                             "seed": 0, "every": 10}
""":func:`mjsim.learn.selfplay.self_play`'s defaults (``--self-play``; a test holds them equal)."""

SPLIT = {key: DEFAULTS[key] for key in ("seed", "held_out")}
"""``--evaluate``'s settings: the split of the walls it remakes."""


_MODES = {"fit": ({*DEFAULTS}, "fitting datasets"),
          "self_play": ({*SELF_PLAY, "start"}, "self-play"),
          "evaluate": ({*SPLIT}, "--evaluate")}
"""Each way the command runs: the settings it reads, and its name in a refusal."""


def cmd_train(args: argparse.Namespace) -> str:
    mode = "self_play" if args.self_play else "evaluate" if args.evaluate else "fit"
    if (mode == "self_play") != (args.data is None) or (args.self_play and args.evaluate):
        raise UsageError("give --data DIR... to fit datasets (or --evaluate a model on them), or "
                         "--self-play --from MODEL to fine-tune a model by self-play")
    if (args.out is None) != (mode == "evaluate"):
        raise UsageError("--evaluate writes no model: give it no --out" if args.out else
                         "give --out MODEL: the model file to write")
    settings, name = _MODES[mode]
    unused = sorted(key for key in {*DEFAULTS, *SELF_PLAY, "start"} - settings
                    if getattr(args, key) not in (None, False))
    if unused:
        flag = {"start": "from"}.get(unused[0], unused[0]).replace("_", "-")
        raise UsageError(f"--{flag} is no setting of {name}")
    _check(mode, args)
    try:
        from mjsim.learn import training  # its ImportError names the extra to install
    except ImportError as error:
        raise UsageError(str(error)) from None
    started = time.process_time()  # what the run cost, printed; nothing learned depends on it
    try:
        said = {"fit": _fit, "self_play": _self_play, "evaluate": _evaluate}[mode](args, training)
    except ValueError as error:
        raise UsageError(str(error)) from None
    except training.Diverged as error:  # each setting was fine alone: the run itself failed
        raise RunStopped(str(error)) from None
    except KeyboardInterrupt:
        if args.out is None:  # --evaluate keeps nothing
            raise
        raise Interrupted(_kept(args, training.CHECKPOINT)) from None
    seconds = f"{time.process_time() - started:.0f} s of CPU"
    return f"{said}; {seconds}: {args.out}" if args.out else f"{said}\n({seconds})"


def _kept(args: argparse.Namespace, suffix: str) -> str:
    """What a stopped run leaves: its checkpoint (the file beside ``--out`` named with
    ``suffix``), if it wrote one."""
    checkpoint = f"{args.out}{suffix}"
    unit = "updates" if args.self_play else "steps"
    if not Path(checkpoint).is_file():
        return (f"no checkpoint yet (one is written every --every {unit}): the same command "
                "starts afresh")
    return f"the last checkpoint stays in {checkpoint}: the same command resumes from it"


def _check(mode: str, args: argparse.Namespace) -> None:
    """Refuses settings no run of ``mode`` can use by the API's own checks, before torch loads
    (seconds): the whole numbers' bounds named as options (``every`` is fitting's and
    self-play's), then fitting's memory, rate, share and seed, self-play's, or the split an
    evaluation remakes, and the threads."""
    check_bounds(args, BOUNDS | SELF_PLAY_BOUNDS)
    try:
        if mode == "fit":
            Settings(**_given(args, DEFAULTS)).check()
        elif mode == "self_play":
            check_self_play(**_given(args, SELF_PLAY))
        else:
            check_split(**_given(args, SPLIT))
        check_threads(args.threads)
    except ValueError as error:
        raise UsageError(_as_option(str(error))) from None


def _as_option(refusal: str) -> str:
    """An API refusal that names its keyword (``held_out is between 0 and 1``) naming the
    option typed instead (``--held-out``): held_out is no option."""
    key, _, rest = refusal.partition(" ")
    named = key in {*DEFAULTS, *SELF_PLAY, "threads"}
    return f"--{key.replace('_', '-')} {rest}" if named else refusal


def _given(args: argparse.Namespace, defaults: dict[str, Any]) -> dict[str, Any]:
    """The settings of ``defaults``' names, as given or defaulted."""
    return {key: default if getattr(args, key) is None else getattr(args, key)
            for key, default in defaults.items()}


def _fit(args: argparse.Namespace, training: Any) -> str:
    settings = Settings(**_given(args, DEFAULTS))
    for folder in args.data:  # the model (or its checkpoint) written over a shard or manifest
        if resolved(Path(folder)) in resolved(Path(args.out)).parents:
            raise ValueError(f"{args.out} is inside {folder}, which is read as a dataset: "
                             "write it elsewhere")
    started = time.process_time()
    with training.progress_bar(settings.steps, args.quiet) as progress:
        trained = training.train(args.data, args.out, settings, threads=args.threads,
                                 progress=progress)
    seconds = time.process_time() - started
    taken = (trained.steps - trained.resumed_at) * settings.batch
    agreed = trained.agreement
    kinds = ", ".join(f"{kind} {agreed[kind]['agreement']:.1%}" + (
        f" ({agreed[kind]['tied']:.1%} within ties)" if "tied" in agreed else "")
        for kind in training.KINDS if agreed[kind]["agreement"] is not None)
    resumed = f", resumed at step {trained.resumed_at}" if trained.resumed_at else ""
    speed = f", {taken / seconds:,.0f} samples/s" if taken and seconds > 0 else ""
    walls = trained.walls - trained.held_walls
    return (f"{counted(trained.steps, 'step')} on {counted(trained.rows, 'row')} of "
            f"{counted(walls, 'wall')}{resumed}; held out {counted(trained.held_walls, 'wall')}, "
            f"agreement {agreed['all']:.1%} ({kinds}){speed}")


def _self_play(args: argparse.Namespace, training: Any) -> str:
    if args.start is None:
        raise ValueError("--self-play needs --from MODEL: the model to start from")
    from mjsim.learn import selfplay

    settings = _given(args, SELF_PLAY)
    with training.progress_bar(settings["updates"], args.quiet,
                               "mean reward {0:+.2f} points a decision") as progress:
        done = selfplay.self_play(args.start, args.out, **settings, threads=args.threads,
                                  progress=progress)
    resumed = f", resumed at update {done.resumed_at}" if done.resumed_at else ""
    played = (f"{counted(done.hands, 'hand')}, {counted(done.decisions, 'decision')} trained "
              f"on; the last update's mean reward {done.last_reward:+.2f} points a decision"
              if done.hands else "none left to play")
    return (f"{counted(done.updates, 'self-play update')} of "
            f"{counted(settings['games'], 'one-hand game')} from {args.start}{resumed}: {played}")


def _evaluate(args: argparse.Namespace, training: Any) -> str:
    agreed, walls = training.evaluate(args.evaluate, args.data, **_given(args, SPLIT))
    tied = "tied" in agreed
    head = f"{'decision':<10}{'rows':>9}{'agrees':>9}" + (
        f"{'within ties':>13}{'tied > 1':>10}{'ceiling':>9}" if tied else "")

    def row(kind: str, shares: dict[str, Any], rows: int) -> str:
        line = f"{kind:<10}{rows:>9,}{_share(shares['agreement']):>9}"
        if tied:
            line += "".join(f"{_share(shares[name]):>{width}}"
                            for name, width in (("tied", 13), ("several", 10), ("ceiling", 9)))
        return line

    lines = [row(kind, agreed[kind], agreed[kind]["rows"]) for kind in training.KINDS]
    lines.append(row("all", {**agreed, "agreement": agreed["all"]}, agreed["rows"]))
    title = (f"{args.evaluate} on the {counted(walls, 'wall')} held out of "
             f"{', '.join(args.data)}: the "
             "moves taken (agrees), among the tied best (within ties), the share with more "
             "than one tied (tied > 1) and the exact agreement of a pick among the ties "
             "(ceiling)")
    return "\n".join([title, head, *lines])


def _share(value: float | None) -> str:
    return "-" if value is None else f"{value:.1%}"


def add(commands: Commands) -> None:
    train = add_command(
        commands, "train", cmd_train,
        help="fit a residual network to datasets, or fine-tune one by self-play (needs "
             "mjsim[learn])",
        description="Fit the learned player's network to the decisions of mjsim dataset "
                    "folders, walls held out by a keyed hash; or, with --self-play, fine-tune a "
                    "model by REINFORCE with the model at all four seats. Seeded and "
                    "deterministic on the CPU. A checkpoint beside --out is written every "
                    "--every steps (updates), and the same command resumes from it. Seat the "
                    "result as learned?model=MODEL. --channels, --blocks and --batch together "
                    f"may ask for at most {MAX_MEMORY // 2**30} GiB (by "
                    "mjsim.learn.settings.memory); a value out of range is refused before "
                    "PyTorch loads.",
        epilog="examples: mjsim train --data data/rung3 data/imported --out tiny.npz "
               "--channels 8 --blocks 1 --steps 20 --batch 32 --held-out 0.6\n"
               "          mjsim train --self-play --from tiny.npz --out tuned.npz --updates 2\n"
               "          mjsim train --data data/rung3 data/imported --evaluate tiny.npz "
               "--held-out 0.6")
    train.add_argument("--data", nargs="+", type=given_path, metavar="DIR",
                       help="dataset folders (mjsim dataset --out)")
    train.add_argument("--out", type=given_path, metavar="MODEL", help="the model file to write")
    train.add_argument("--self-play", action="store_true",
                       help="fine-tune --from MODEL by self-play instead (REINFORCE on "
                            "settlement points)")
    train.add_argument("--from", dest="start", type=given_path, metavar="MODEL",
                       help="with --self-play: the model to start from")
    train.add_argument("--evaluate", type=given_path, metavar="MODEL",
                       help="instead, the held-out agreement of MODEL on the --data, by kind "
                            "(and within the ties the data record)")
    both = {"lr": (float, "Adam's learning rate"),
            "seed": (int, "the seed: of the weights, order and split, or the walls and draws"),
            "every": (int, "steps (self-play: updates) between checkpoints")}
    numbers = {"channels": (int, "channels of each layer"),
               "blocks": (int, "residual blocks"), "batch": (int, "rows a step"),
               "steps": (int, "optimiser steps in all"),
               "held_out": (float, "the share of walls held out")}
    playing = {"updates": (int, "self-play updates, one optimiser step each"),
               "games": (int, "one-hand games a self-play update"),
               "entropy": (float, "the self-play entropy bonus")}
    ranges = {key: span(*bounds) for key, bounds in (BOUNDS | SELF_PLAY_BOUNDS).items()} | {
        "lr": f"above 0 and at most {MAX_LR:g}", "seed": span(0, MAX_SEED),
        "held_out": "between 0 and 1", "entropy": "at least 0"}
    for key, (kind, words) in (both | numbers | playing).items():
        default = str(DEFAULTS.get(key, SELF_PLAY.get(key)))
        if key in DEFAULTS and SELF_PLAY.get(key, DEFAULTS[key]) != DEFAULTS[key]:
            default += f"; self-play {SELF_PLAY[key]}"
        train.add_argument(f"--{key.replace('_', '-')}", type=kind, default=None,
                           help=f"{words} ({ranges[key]}; default {default})")
    flags = {"roads": "read the road planes too (datasets made with --roads)",
             "ties": "fit the actions the chooser ranked equal best, not the one it took (a "
                     "rung's tie-break is a hash)",
             "pooling": "pool each block's input over the kinds (the mean and max of each "
                        "channel), so a kind's score can see the others",
             "quiet": "no progress bar"}
    for flag, words in flags.items():
        train.add_argument(f"--{flag}", action="store_true", help=words)
    train.add_argument("--threads", type=int, default=1,
                       help=f"PyTorch's threads ({span(1, MAX_THREADS)}; default 1)")
