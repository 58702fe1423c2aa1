"""``mjsim export``: games mjsim played, written in a format of the field (the work is
:mod:`mjsim.ui.importing`'s)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from mjsim.ui.commands.base import UsageError, add_command, given_path
from mjsim.ui.importing import FORMS

if TYPE_CHECKING:
    from mjsim.ui.commands.base import Commands


def add(commands: Commands) -> None:
    parser = add_command(
        commands, "export", cmd_export,
        help="write games mjsim played in a format of the field",
        description="Writes the games of a game log, a folder of logs, an import's --out "
                    "folder or a run folder (its games played again from their seeds) in the "
                    "contest's text or as Botzone match logs (one JSON line a game). A game of "
                    "the MCR table is written as Botzone match logs only, one match a hand, "
                    "its dealer player 0 and its hand number and wall under initdata's "
                    "\"mjsim\" key; the contest text holds games of Botzone's table (--table "
                    "botzone) only. Both formats score under gb-mahjong.",
        epilog="example: mjsim export imported --format contest-text --out games-again.txt")
    parser.add_argument("source", type=given_path, metavar="RUN|LOG",
                        help="a game log, a folder of them, or a run folder")
    parser.add_argument("--format", required=True, choices=FORMS, help="the format to write")
    parser.add_argument("--out", type=given_path,
                        help="the file to write (default: standard output); it replaces an "
                             "existing file only with --force, and only once a game is written")
    parser.add_argument("--force", action="store_true", help="overwrite the --out file")
    parser.add_argument("--trust", action="store_true",
                        help="play the games of a run made elsewhere even if its players run "
                             "code")


def cmd_export(args: argparse.Namespace) -> str:
    from mjsim.ui import importing

    try:
        return importing.cmd_export(args)
    except importing.BadInput as error:
        raise UsageError(str(error)) from None
