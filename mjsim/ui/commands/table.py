"""``mjsim table``: one lineup played with seats rotated (or in the competition format), and
its standings."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from mjsim.ui.commands.base import UsageError, add_command
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
        commands, "table", cmd_table,
        help="play one lineup with seats rotated and print its standings",
        epilog='examples: mjsim table "3,3,2,1" --walls 10\n'
               "          mjsim table 3,2,1,3-planning --format competition --walls 4\n"
               "          mjsim table 3,3,3,mine --table botzone --walls 2 \\\n"
               "              --player mine='botzone:mjsim botzone --level 2 --keep-running'\n"
               "          mjsim table lineup.toml --walls 3")
    parser.add_argument("lineup", help="four player specs or names, comma-separated (e.g. "
                                       "3,3,2,1), or a TOML lineup file, its name ending .toml")
    parser.add_argument("--format", choices=("rotated", "competition"), default="rotated",
                        help="rotated: the seats rotated four ways on each wall (default); "
                             "competition: four different players in all 24 seatings of each "
                             "wall, matches of 4 walls scored by rank points 4/3/2/1, as "
                             "Botzone's duplicate contests")
    add_experiment_options(parser, walls=10, walls_said="10; with --format competition 4, a match")
    parser.set_defaults(walls=None)  # 10, or a match of 4 walls with --format competition


def cmd_table(args: argparse.Namespace) -> str:
    if args.walls is None:  # a match of the competition format is four walls
        args.walls = 4 if args.format == "competition" else 10
    options = run_options(args)  # first: it starts the workers
    from mjsim.tournament import read_lineup_file, table

    lineup: str | tuple[str, ...] = args.lineup
    if args.lineup.endswith(".toml"):
        try:
            lineup, roster = read_lineup_file(args.lineup)
        except ValueError as error:
            raise UsageError(str(error)) from None
        refuse_unplayed(options["roster"], lineup, f"in {args.lineup}")
        for name, spec in options["roster"].definitions.items():  # --player's, each checked
            try:
                roster.define(name, spec)
            except ValueError as error:  # the file's spec and --player's differ
                raise UsageError(f"{error}: in {args.lineup} and by --player") from None
        options["roster"] = roster
    else:
        refuse_unplayed(options["roster"], args.lineup.split(","), "in the lineup")
    return experiment(lambda: table(lineup, out(args, "table"), schedule=args.format,
                                    **options))
