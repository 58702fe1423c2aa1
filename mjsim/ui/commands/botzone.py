"""``mjsim botzone``: a rung or one's own player answering a Botzone judge on stdin."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from mjsim.ui.commands.base import LEVELS, RunStopped, UsageError, add_command, add_ruleset

if TYPE_CHECKING:
    from mjsim.ui.commands.base import Commands

BOTZONE_TRACEBACK = "mjsim-botzone-traceback.txt"
"""Where ``mjsim botzone`` keeps the traceback of a player that raised (in its own folder)."""


def add(commands: Commands) -> None:
    parser = add_command(
        commands, "botzone", cmd_botzone,
        help="answer a Botzone judge's requests on stdin as a rung or your player",
        description="A Botzone Chinese Standard Mahjong bot: reads the judge's requests on "
                    "stdin and prints its answers, JSON by default. Upload it to Botzone, or "
                    "seat it in mjsim as botzone:'mjsim botzone ...'. Nothing but answers goes "
                    "to stdout.",
        epilog="examples: mjsim botzone --level 3 --keep-running\n"
               "          mjsim botzone --player bots/mine.py:Mine --simple-io")
    who = parser.add_mutually_exclusive_group()
    who.add_argument("--level", type=int, choices=LEVELS, default=3,
                     help="the rung that answers (default 3)")
    who.add_argument("--player", metavar="SPEC", help="a player spec that answers instead")
    parser.add_argument("--simple-io", action="store_true",
                        help="Botzone's simple IO (default: JSON)")
    parser.add_argument("--keep-running", action="store_true",
                        help="stay up between turns (prints >>>BOTZONE_REQUEST_KEEP_RUNNING<<<)")
    add_ruleset(parser, "gb-mahjong", "how wins are scored (default gb-mahjong, as Botzone's "
                                      "judge)")
    parser.add_argument("--table", choices=("botzone", "mcr"), default="botzone",
                        help="whose limits near the wall's end: Botzone's judge's (default), "
                             "or mjsim's own table, to sit there as a botzone: seat")


def cmd_botzone(args: argparse.Namespace) -> str:
    from mjsim.players import Foul
    from mjsim.players.botzone.bot import serve
    from mjsim.players.driver import PlayerError
    from mjsim.players.specs import load_player

    flag, spec = ("--level", str(args.level)) if args.player is None else ("--player", args.player)
    try:
        player = load_player(spec)
    except ValueError as error:  # named as given: the spec's reader names the part it read
        raise UsageError(f"{flag} {spec!r}: {error}") from None
    try:
        serve(player, sys.stdin, sys.stdout, simple_io=args.simple_io,
              keep_running=args.keep_running, ruleset=args.ruleset, table=args.table)
    except (ValueError, Foul) as problem:  # a request it cannot read, or a player's failure
        raise RunStopped(str(problem)) from None
    except PlayerError as error:  # its author reads the traceback in a file, the judge one line
        raise RunStopped(f"{error}; {_keep_traceback(error.detail)}") from None
    return ""


def _keep_traceback(detail: str) -> str:
    try:
        Path(BOTZONE_TRACEBACK).write_text(detail)
    except OSError as error:
        return f"its traceback could not be kept ({error.strerror})"
    return f"its traceback is in {Path(BOTZONE_TRACEBACK).resolve()}"
