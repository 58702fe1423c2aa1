"""``mjsim replay``: step through a game log or a run's game, or write its replay page."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from mjsim.errors import counted, printable
from mjsim.ui.commands.base import (
    UsageError,
    add_command,
    given_path,
    new_file,
    overwrites,
    read,
)

if TYPE_CHECKING:
    from mjsim.ui.commands.base import Commands


def add(commands: Commands) -> None:
    parser = add_command(
        commands, "replay", cmd_replay,
        help="step through a saved game or a tournament's game, move by move",
        description="At a terminal, step through the game (Enter next, b back, ] and [ next "
                    "and previous hand, h N hand N, a every move, q quit); into a pipe, print "
                    "every move. A log cut short replays what it holds. A run folder lists "
                    "its games; --game ID plays one again from its seed and lineup.",
        epilog="examples: mjsim replay mjsim-game-42.jsonl --all\n"
               "          mjsim replay mjsim-game-42.jsonl --html game-42.html --force\n"
               "          mjsim replay runs/table-mjsim-10 --game 3")
    parser.add_argument("log", type=given_path, metavar="LOG|RUN",
                        help="a game log, or a run folder")
    parser.add_argument("--game", type=int, metavar="ID",
                        help="the game of the run to play again (the run folder lists them)")
    parser.add_argument("--html", type=given_path, metavar="FILE",
                        help="write one self-contained page that steps through the game")
    parser.add_argument("--all", action="store_true", help="print every move, even at a terminal")
    parser.add_argument("--force", action="store_true", help="overwrite the --html file")
    parser.add_argument("--trust", action="store_true",
                        help="play a game of a run made elsewhere even if its players run code")


def cmd_replay(args: argparse.Namespace) -> str:
    from mjsim.ui import replay

    source = Path(args.log)
    if args.force and not args.html:  # each would be ignored
        raise UsageError("--force overwrites the --html file: give --html FILE, or leave "
                         "--force out")
    if args.all and (args.html or (args.game is None and source.is_dir())):
        raise UsageError("--all prints every move of a game at a terminal: leave it out with "
                         "--html or a run's listing")
    if args.trust and args.game is None:
        raise UsageError("--trust plays again a game of a run made elsewhere: give --game ID, "
                         "or leave --trust out")
    clash = overwrites(Path(args.html), source, "replayed") if args.html else None
    if clash is not None:  # refused before the game is read, which may play it again
        raise UsageError(clash)
    if args.game is not None or source.is_dir():
        if not (source / "manifest.json").is_file():
            raise UsageError(f"{source} is not a run folder (it holds no manifest.json)")
        if args.game is None and args.html:  # the listing was printed, and no page written
            raise UsageError(f"{source} is a run folder: --html writes one game's page, so "
                             "give --game ID")
        if args.game is None:
            games = read(lambda: replay.run_games(source), source)
            return "\n".join([f"{source}: {counted(len(games), 'game')}; replay one with --game ID",
                              *(f"  {index:>4}  seed {printable(seed)}  lineup "
                                f"{printable(lineup)}"
                                for index, (seed, lineup) in enumerate(games))])
        shown = read(lambda: replay.regenerate(source, args.game, trust=args.trust), source)
    else:
        shown = read(lambda: replay.load(source), source)
    if args.html:
        from mjsim.ui.html import write_page

        with new_file(Path(args.html), args.force, "--html") as page:
            write_page(shown, page)
        return f"replay page: {args.html} (open it in a browser; arrow keys step)"
    if sys.stdin.isatty() and sys.stdout.isatty() and not args.all:
        replay.step(shown, input, print)
        return ""
    return "\n".join(replay.summary(shown))
