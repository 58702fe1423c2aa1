"""``mjsim play``: one seat of a game at the keyboard against three bots, logged."""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from mjsim.errors import counted
from mjsim.ui.commands.base import (
    LEVELS,
    Interrupted,
    add_command,
    add_ruleset,
    given_path,
    new_file,
    seed_in_a_name,
)

if TYPE_CHECKING:
    from mjsim.ui.commands.base import Commands


def add(commands: Commands) -> None:
    parser = add_command(
        commands, "play", cmd_play,
        help="play one seat of a game against three bots at the keyboard",
        description="A sixteen-hand game at the keyboard against three bots. Type help at the "
                    "prompt for the moves. The game is logged, so it can be replayed.",
        epilog="example: mjsim play --level 3 --seat 0 --seed 42")
    parser.add_argument("--level", type=int, choices=LEVELS, default=3, help="the bots' rung")
    parser.add_argument("--seat", type=int, choices=(0, 1, 2, 3), default=0, help="your seat")
    parser.add_argument("--seed", default="mjsim", help="the game's seed (default mjsim)")
    add_ruleset(parser)
    parser.add_argument("--log", type=given_path,
                        help="where to save the game (default mjsim-game-SEED.jsonl)")
    parser.add_argument("--force", action="store_true", help="overwrite the log if it exists")


def cmd_play(args: argparse.Namespace) -> str:
    from mjsim.ui.terminal import line_editing, play

    # A terminal that cannot show '·' or the table's lines (PYTHONIOENCODING=ascii, say) shows
    # '?' for them, and what it cannot read of an entry is refused as any odd entry is: both
    # were a UnicodeError traceback at the first screen.
    for stream, errors in ((sys.stdout, "replace"), (sys.stdin, "surrogateescape")):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors=errors)
    log_path = Path(args.log or f"mjsim-game-{seed_in_a_name(args.seed)}.jsonl")
    with new_file(log_path, args.force, "--log") as log:
        if sys.stdin.isatty():
            line_editing()
        try:
            game = play(level=args.level, seat=args.seat, seed=args.seed, ruleset=args.ruleset,
                        log=log)
        except KeyboardInterrupt:  # each move was flushed as played: the log replays as it is
            raise Interrupted(f"the game so far is in {log_path} (mjsim replay {log_path})"
                              ) from None
    return f"game log: {log_path} ({counted(game.moves, 'move')}; mjsim replay {log_path})"
