"""``mjsim ladder``: each rung step and each idea of the top rung priced, and the standings."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from mjsim.ui.commands.base import add_command
from mjsim.ui.commands.runs import (
    add_experiment_options,
    experiment,
    out,
    refuse_unplayed,
    run_options,
)

if TYPE_CHECKING:
    from mjsim.ui.commands.base import Commands


def add(commands: Commands) -> None:
    parser = add_command(
        commands, "ladder", cmd_ladder,
        help="price each rung step and each idea, and the standings of the rungs",
        description="Each rung step (rung r challenging a field of rung r-1) and each idea of "
                    "the top rung priced by paired games, and the standings of the top four "
                    "rungs (of three, the top one twice) with seats rotated. Writes tables, "
                    "summary.csv and figures to --out.",
        epilog="examples: mjsim ladder --walls 4 --jobs 2 --out runs/ladder-4\n"
               "          mjsim ladder --rungs 2,3,bots/mine.py:Mine --walls 2")
    parser.add_argument("--rungs", default="1,2,3,4", metavar="SPEC,SPEC,...",
                        help="the ladder, lowest first: player specs or --player names "
                             "(default 1,2,3,4)")
    add_experiment_options(parser, walls=40)


def cmd_ladder(args: argparse.Namespace) -> str:
    options = run_options(args)  # first: it starts the workers
    from mjsim.tournament import ladder

    rungs = [part.strip() for part in args.rungs.split(",")]
    refuse_unplayed(options["roster"], rungs, "in --rungs")
    return experiment(lambda: ladder(out(args, "ladder"), rungs=rungs, **options))
