"""``mjsim dataset``: every decision of self-play games, or of imported games, as npz shards."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mjsim.errors import counted
from mjsim.ui.commands.base import (
    Interrupted,
    RunStopped,
    UsageError,
    add_command,
    add_ruleset,
    check_bounds,
    folder_to_make,
    given_path,
)

if TYPE_CHECKING:
    from mjsim.ui.commands.base import Commands


def add(commands: Commands) -> None:
    parser = add_command(
        commands, "dataset", cmd_dataset,
        help="write every decision of self-play games as arrays (npz shards)",
        epilog="examples: mjsim dataset --players 3,3,3,3 --walls 2 --hands 4 --out data/rung3\n"
               "          mjsim dataset --from-games imported --out data/imported")
    parser.add_argument("--players", help="four player specs, comma-separated")
    parser.add_argument("--walls", type=int, help="games, one a wall seed")
    parser.add_argument("--from-games", type=given_path, metavar="DIR",
                        help="instead, every move of the game logs in DIR (an mjsim import's "
                             "--out): the recorded players' choices")
    parser.add_argument("--out", required=True, type=given_path,
                        help="the folder; a dataset in it is resumed")
    parser.add_argument("--seed", help="the walls' seed (default mjsim)")
    parser.add_argument("--hands", type=int, help="hands a game (default 16)")
    parser.add_argument("--roads", action="store_true",
                        help="add the road planes (mjsim.learn.roads) for mjsim train --roads")
    parser.add_argument("--label", metavar="SPEC",
                        help="label every decision with this player's choice from the same "
                             "view (e.g. 4) while the players play on")
    parser.add_argument("--shard-walls", type=int, default=10, help="walls a shard (default 10)")
    add_ruleset(parser, None, "how played games' wins are scored (default green-book)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


PLAYED: dict[str, Any] = {"players": None, "walls": None, "seed": "mjsim", "hands": 16,
                          "label": None, "ruleset": "green-book"}
"""The settings of games played for the dataset, and their defaults: an imported game's log
holds its own, so they are refused with ``--from-games`` rather than ignored."""


def cmd_dataset(args: argparse.Namespace) -> str:
    from mjsim.learn import dataset

    check_bounds(args, {"walls": (1, dataset.MAX_WALLS), "hands": (1, 16),
                        "shard_walls": (1, None)})
    from mjsim.players.driver import PlayerError, TooManyFouls

    try:
        if args.from_games is not None:
            mixed = next((key for key in PLAYED if getattr(args, key) is not None), None)
            if mixed is not None:
                raise ValueError(f"--{mixed} is no setting of --from-games: the game logs "
                                 "hold their own")
            manifest = dataset.write_games(folder_to_make(Path(args.out)), args.from_games,
                                           shard_walls=args.shard_walls, quiet=args.quiet,
                                           roads=args.roads)
            return dataset_written(manifest, args.out)
        if args.players is None or args.walls is None:
            raise ValueError("give --players and --walls, or --from-games DIR")
        players = [spec.strip() for spec in args.players.split(",")]
        seed = PLAYED["seed"] if args.seed is None else args.seed
        hands = PLAYED["hands"] if args.hands is None else args.hands
        ruleset = PLAYED["ruleset"] if args.ruleset is None else args.ruleset
        manifest = dataset.write(folder_to_make(Path(args.out)), players, args.walls,
                                 seed=seed, hands=hands, ruleset=ruleset,
                                 shard_walls=args.shard_walls, quiet=args.quiet,
                                 roads=args.roads, label=args.label)
    except ValueError as error:
        raise UsageError(str(error)) from None
    except (PlayerError, TooManyFouls) as error:  # the shards written before stay
        raise RunStopped(f"stopped: {' | '.join(str(error).splitlines())}; the shards of the "
                         "walls before stay, and the same command resumes once the player is "
                         "fixed") from None
    except KeyboardInterrupt:
        raise Interrupted(_kept(args.out)) from None
    return dataset_written(manifest, args.out)


def _kept(out: str) -> str:
    """What a stopped run leaves in ``out``: the whole shards its manifest lists."""
    from mjsim.learn import dataset

    try:
        manifest = dataset.read_manifest(out)
    except (FileNotFoundError, ValueError):  # stopped before its first shard was whole
        return f"no shard was whole yet: the same command starts {out} afresh"
    shards, walls, rows = len(manifest["shards"]), manifest["walls"], manifest["rows"]
    return (f"{counted(shards, 'whole shard')} of {counted(walls, 'wall')} "
            f"({counted(rows, 'decision')}) stay in {out}: the same command resumes after them")


def dataset_written(manifest: dict[str, Any], out: str) -> str:
    """The line that says what a dataset holds: its decisions and shards, and its folder."""
    rows, shards = manifest["rows"], len(manifest["shards"])
    return f"{counted(rows, 'decision')}, {counted(shards, 'shard')}: {out}"
