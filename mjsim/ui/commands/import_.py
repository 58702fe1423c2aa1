"""``mjsim import``: the field's games replayed and checked, the agreed ones written (the work
is :mod:`mjsim.ui.importing`'s)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from mjsim.ui.commands.base import UsageError, add_command, given_path
from mjsim.ui.importing import FORMS

if TYPE_CHECKING:
    from mjsim.ui.commands.base import Commands


def add(commands: Commands) -> None:
    parser = add_command(
        commands, "import", cmd_import,
        help="import the field's games: replay and check each, write the agreed",
        description="Reads each game of FILE... (the IJCAI contest's text, or Botzone match "
                    "logs), replays it on Botzone's table (an MCR hand mjsim exported: on the "
                    "MCR table) checking every action, each win's "
                    "fan total (gb-mahjong) and the Score line, and prints one line for each "
                    "game refused as malformed or disagreeing, then the counts. With --out, "
                    "the agreed games are written as mjsim game logs and run tables "
                    "(docs/formats.md).",
        epilog="examples: mjsim import games.txt --format contest-text --out imported\n"
               "          mjsim import matches.jsonl --format botzone-log --json")
    parser.add_argument("files", nargs="+", type=given_path, metavar="FILE",
                        help="the files to import")
    parser.add_argument("--format", required=True, choices=FORMS, help="the files' format")
    parser.add_argument("--out", type=given_path,
                        help="the folder for the agreed games and their tables; it replaces an "
                             "earlier import only with --force")
    parser.add_argument("--force", action="store_true",
                        help="replace the earlier import in --out")
    parser.add_argument("--json", action="store_true", help="print the counts as JSON")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def cmd_import(args: argparse.Namespace) -> str:
    from mjsim.ui import importing

    try:
        return importing.cmd_import(args)
    except importing.BadInput as error:
        raise UsageError(str(error)) from None
