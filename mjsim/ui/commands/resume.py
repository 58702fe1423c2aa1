"""``mjsim resume``: an interrupted run continued from its folder alone."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from mjsim.ui.commands.base import UsageError, add_command, given_path, writable_folder
from mjsim.ui.commands.runs import add_parallel_options, experiment, parallel, utf8_named

if TYPE_CHECKING:
    from mjsim.ui.commands.base import Commands


def add(commands: Commands) -> None:
    parser = add_command(
        commands, "resume", cmd_resume,
        help="continue an interrupted run from its folder alone",
        description="Continue the run in RUN with the experiment, players, ruleset and table "
                    "its manifest records. A run made on another machine or in another folder "
                    "is resumed only with --trust when its players run code (a file, module, "
                    "plugin or program): the refusal names them.",
        epilog="example: mjsim resume runs/table-mjsim-10 --jobs 2")
    parser.add_argument("folder", type=given_path, metavar="RUN", help="a run folder")
    parser.add_argument("--trust", action="store_true",
                        help="run the code a run made elsewhere names")
    add_parallel_options(parser)


def cmd_resume(args: argparse.Namespace) -> str:
    from mjsim.tournament import resume

    options = parallel(args)
    if not (Path(args.folder) / "manifest.json").is_file():
        raise UsageError(f"{args.folder} is not a run folder (it holds no manifest.json)")
    writable_folder(utf8_named(Path(args.folder)))
    return experiment(lambda: resume(args.folder, trust=args.trust, **options))
