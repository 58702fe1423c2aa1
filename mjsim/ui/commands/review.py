"""``mjsim review``: each decision of a seat where a rung would have played otherwise."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from mjsim.ui.commands.base import LEVELS, add_command, given_path, read

if TYPE_CHECKING:
    from mjsim.ui.commands.base import Commands


def add(commands: Commands) -> None:
    parser = add_command(
        commands, "review", cmd_review,
        help="mark each decision of a seat where rung 3 would play otherwise",
        description="Replays a game log and, at each decision of SEAT that had a choice, asks "
                    "rung 3 (or --level) what it would play; where it differs, shows both "
                    "options' shanten, legal distance, acceptance and the points of their waits; "
                    "then how often it agreed.",
        epilog="example: mjsim review mjsim-game-42.jsonl --seat 0")
    parser.add_argument("log", type=given_path, help="a game log")
    parser.add_argument("--seat", type=int, choices=(0, 1, 2, 3), default=0,
                        help="the seat to review (default 0)")
    parser.add_argument("--level", type=int, choices=LEVELS, default=3,
                        help="the rung to review against (default 3; 4 for a strong player's "
                             "imported game)")


def cmd_review(args: argparse.Namespace) -> str:
    from mjsim.game import gamelog
    from mjsim.ui.review import review

    source = Path(args.log)

    def load() -> gamelog.LogRead:
        with gamelog.open_log(source) as stream:
            return gamelog.read_partial(stream)

    log = read(load, source)
    # A header naming a ruleset this version lacks is refused as the game starts.
    text: str = read(lambda: "\n".join(review(log.header, log.moves, args.seat,
                                              stopped=log.stopped, level=args.level)), source)
    return text
