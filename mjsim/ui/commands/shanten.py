"""``mjsim shanten``: the shanten of every form, acceptance or ranked discards, and the legal
distance."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

from mjsim.errors import counted
from mjsim.tiles.tokens import print_tiles
from mjsim.ui.commands.base import (
    WINDS,
    UsageError,
    add_command,
    add_ruleset,
    add_winds,
    parse_hand,
)

if TYPE_CHECKING:
    from mjsim.analysis.shanten import Discard
    from mjsim.tiles.hand import Hand
    from mjsim.ui.commands.base import Commands

FORM_LABELS = {
    "regular": "regular (sets and a pair)",
    "seven_pairs": "seven pairs",
    "thirteen_orphans": "thirteen orphans",
    "honors_knitted": "honours and knitted tiles",
    "knitted_straight": "knitted straight",
}


def add(commands: Commands) -> None:
    parser = add_command(
        commands, "shanten", cmd_shanten,
        help="shanten of every form, acceptance, and ranked discards",
        description="The shanten of each form (-1 complete, 0 ready), the tiles that help a "
                    "13-tile hand, or the discards of a 14-tile hand ranked by shanten then "
                    "copies accepted; beside them the legal distance, the draws to a win worth "
                    "8 points for the seat, round and way of winning given.",
        epilog='examples: mjsim shanten "123456789m 1234p E"\n'
               '          mjsim shanten "pung(EEE) pung(SSS) 234m 78s 99p" --seat W '
               '--prevalent W\n'
               '          mjsim shanten "19m 19p 19s ESWNRGB" --json')
    parser.add_argument("hand", help="a hand string, e.g. \"19m 55p pung(EEE) 234s\"")
    add_winds(parser)
    parser.add_argument("--self-drawn", action="store_true",
                        help="the legal distance to a self-drawn win (default: on a discard)")
    add_ruleset(parser)
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")


def _describe(value: int) -> str:
    return {-1: "complete", 0: "ready"}.get(value, f"{value} away from ready")


def cmd_shanten(args: argparse.Namespace) -> str:
    from mjsim.analysis import shanten as analysis
    hand = parse_hand(args.hand)
    melds = len(hand.melds)
    counts = hand.counts
    size = hand.concealed_count
    if melds > 4:
        raise UsageError(f"a hand has at most 4 melds, not {melds}")
    if size not in (13 - 3 * melds, 14 - 3 * melds):
        raise UsageError(f"with {counted(melds, 'meld')} a hand holds {13 - 3 * melds} or "
                         f"{14 - 3 * melds} concealed tiles, not {size}")
    ask = _win_asked(args)
    if args.json:
        return _shanten_json(hand, ask)
    lines = [f"hand: {hand}"]
    by_form = analysis.forms(counts, melds)
    width = max(len(label) for label in FORM_LABELS.values())
    for form, value in by_form.items():
        shown = "-" if value is None else str(value)
        lines.append(f"  {FORM_LABELS[form]:<{width}}  {shown:>2}")
    overall = analysis.shanten(counts, melds)
    lines.append(f"shanten: {overall} ({_describe(overall)})")
    # Beside the shanten, the distance to a win worth eight (as asked: the winds, by discard or
    # self-drawn): the one that decides whether a ready hand can win at all.
    from mjsim.analysis import legal
    far = legal.legal_distance(counts, hand.melds, **ask)
    shown = f"at least {far}" if far > legal.LIMIT else str(far)
    how = "self-drawn" if args.self_drawn else "on a discard"
    lines.append(f"legal distance: {shown} (counted as the shanten, to a win worth 8 {how}; "
                 f"seat {WINDS[args.seat]}, prevalent {WINDS[args.prevalent]})")
    if size == 13 - 3 * melds:
        accepted = analysis.acceptance(counts, melds)
        label = "waits" if overall == 0 else "acceptance"
        lines.append(f"{label}: {_kinds_with_copies(accepted)}")
    else:  # complete too: a complete hand may be no legal win, and --json lists them always
        lines.append("discards, best first (shanten after, then copies accepted):")
        after = {row.tile: row.distance
                 for row in legal.legal_discards(counts, hand.melds, **ask)}
        for d in _ranked_discards(hand):
            beyond = "+" if after[d.tile] > legal.LIMIT else " "  # 4+: at least 4
            copies = "copy  " if d.copies == 1 else "copies"
            lines.append(f"  {print_tiles([d.tile]):<3} {d.shanten:>2}  {d.copies:>3} {copies}  "
                         f"legal {after[d.tile]}{beyond}  {print_tiles(d.kinds)}")
    return "\n".join(lines)


def _ranked_discards(hand: Hand) -> list[Discard]:
    """The discards of a 14-tile hand, best first: the shanten after, then the copies accepted
    (the text and the JSON in one order)."""
    from mjsim.analysis import shanten as analysis

    return sorted(analysis.discards(hand.counts, len(hand.melds)),
                  key=lambda d: (d.shanten, -d.copies))


def _win_asked(args: argparse.Namespace) -> dict[str, Any]:
    """The win the legal distance is measured to, as :mod:`mjsim.analysis.legal` takes it."""
    return {"seat_wind": args.seat, "prevalent_wind": args.prevalent,
            "self_drawn": args.self_drawn, "ruleset": args.ruleset}


def _shanten_json(hand: Hand, ask: dict[str, Any]) -> str:
    """What ``cmd_shanten`` prints, as JSON: the forms, the shanten, the legal distance (to the
    win ``ask`` describes; above ``legal_limit`` it reads "at least"), and the waits or
    acceptance of 13 tiles or the discards of 14 (shanten after, copies accepted, the legal
    distance after)."""
    from mjsim.analysis import legal
    from mjsim.analysis import shanten as analysis

    counts, melds = hand.counts, len(hand.melds)
    result: dict[str, Any] = {"hand": str(hand), "forms": analysis.forms(counts, melds),
                              "shanten": analysis.shanten(counts, melds),
                              "legal_distance": legal.legal_distance(counts, hand.melds, **ask),
                              "legal_limit": legal.LIMIT,
                              "seat": WINDS[ask["seat_wind"]],
                              "prevalent": WINDS[ask["prevalent_wind"]],
                              "self_drawn": ask["self_drawn"], "ruleset": ask["ruleset"]}
    if hand.concealed_count == 13 - 3 * melds:
        result["acceptance"] = [{"tile": print_tiles([kind]), "copies": copies}
                                for kind, copies in analysis.acceptance(counts, melds)]
    else:
        after = {row.tile: row.distance
                 for row in legal.legal_discards(counts, hand.melds, **ask)}
        result["discards"] = [{"tile": print_tiles([d.tile]), "shanten": d.shanten,
                               "copies": d.copies, "kinds": print_tiles(d.kinds),
                               "legal_distance": after[d.tile]}
                              for d in _ranked_discards(hand)]
    return json.dumps(result, indent=2)


def _kinds_with_copies(accepted: list[tuple[int, int]]) -> str:
    total = sum(copies for _, copies in accepted)
    kinds = print_tiles([kind for kind, _ in accepted]) or "none"
    return f"{kinds} ({counted(len(accepted), 'kind')}, {counted(total, 'copy', 'copies')})"
