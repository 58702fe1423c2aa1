"""``mjsim score``: a winning hand scored element by element."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING

from mjsim.tiles.kinds import N_KINDS, N_PLAYING
from mjsim.tiles.tokens import print_tiles
from mjsim.ui.commands.base import (
    UsageError,
    add_command,
    add_ruleset,
    add_winds,
    check_bounds,
    parse_hand,
    tile,
)

if TYPE_CHECKING:
    from mjsim.ui.commands.base import Commands


def add(commands: Commands) -> None:
    parser = add_command(
        commands, "score", cmd_score, help="score a winning hand, element by element",
        description="Score a complete hand; its concealed tiles include the winning tile.",
        epilog='examples: mjsim score "123m 456m 789m 123p 55p" --win 5p --self --seat S\n'
               '          mjsim score "123m 456m 789m 123p 55p" --win 5p --initial --json')
    parser.add_argument("hand", help="the complete hand, melds and flowers included")
    parser.add_argument("--win", type=tile, required=True, help="the winning tile, e.g. 5p")
    parser.add_argument("--self", dest="self_drawn", action="store_true",
                        help="self-drawn (default: won on a discard)")
    add_winds(parser, "the winner's")
    parser.add_argument("--flowers", type=int, help="bonus tiles (default: those in the hand)")
    parser.add_argument("--last-copy", action="store_true", help="the last copy of its kind")
    parser.add_argument("--wall-last", action="store_true", help="the last tile of the wall")
    parser.add_argument("--replacement", action="store_true", help="a kong's replacement tile")
    parser.add_argument("--robbing", action="store_true", help="robbing a promoted kong")
    parser.add_argument("--initial", action="store_true",
                        help="the dealer's dealt tiles, complete (implies --self; no wait "
                             "element)")
    add_ruleset(parser)
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")


def cmd_score(args: argparse.Namespace) -> str:
    from mjsim.scoring import MIN_POINTS, WinContext, score

    check_bounds(args, {"flowers": (0, N_KINDS - N_PLAYING)})  # one of each bonus tile at most
    hand = parse_hand(args.hand)
    flowers = len(hand.flowers) if args.flowers is None else args.flowers
    if hand.flowers and flowers == 0:  # the scorer reads no flowers as "the hand's": say no
        raise UsageError(f"--flowers 0 disagrees with the hand, which shows "
                         f"{len(hand.flowers)}")
    try:
        # A win on the dealt tiles is self-drawn by definition: --initial says so alone.
        self_drawn = args.self_drawn or args.initial
        ctx = WinContext(args.win, self_drawn, args.seat, args.prevalent, flowers=flowers,
                         last_copy=args.last_copy, wall_last=args.wall_last,
                         replacement=args.replacement, robbing=args.robbing,
                         initial=args.initial)
        scored = score(hand, ctx, args.ruleset)
    except ValueError as error:  # an impossible context or a hand that is not complete
        raise UsageError(str(error)) from None
    if args.json:
        return json.dumps({"hand": str(hand), "win": print_tiles([args.win]),
                           "ruleset": args.ruleset, "grouping": list(scored.grouping),
                           "fans": [{"number": n, "name": name, "points": p, "count": c}
                                    for n, name, p, c in scored.fans],
                           "total": scored.total, "flowers": scored.flowers,
                           "total_with_flowers": scored.total_with_flowers,
                           "legal": scored.total >= MIN_POINTS}, indent=2)
    # Below the minimum the breakdown's last line says so: the verdict is said once.
    return scored.explain() + ("\na legal win" if scored.total >= MIN_POINTS else "")
