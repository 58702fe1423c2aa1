"""The ``mjsim`` command line.

Every command has ``--help`` with an example. Bad input prints one line naming the problem and
exits with status 2; no traceback reaches a person.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from mjsim import shanten as analysis
from mjsim.errors import NotationError
from mjsim.hand import Hand
from mjsim.notation import print_tiles

FORM_LABELS = {
    "regular": "regular (sets and a pair)",
    "seven_pairs": "seven pairs",
    "thirteen_orphans": "thirteen orphans",
    "honors_knitted": "honours and knitted tiles",
    "knitted_straight": "knitted straight",
}


class UsageError(Exception):
    """Input a person typed that cannot be used; its message is printed as one line."""


def _parse_hand(text: str) -> Hand:
    try:
        return Hand.parse(text)
    except NotationError as error:
        raise UsageError(str(error)) from None


def _describe(value: int) -> str:
    return {-1: "complete", 0: "ready"}.get(value, f"{value} away from ready")


def cmd_shanten(args: argparse.Namespace) -> str:
    hand = _parse_hand(args.hand)
    melds = len(hand.melds)
    counts = hand.counts
    size = hand.concealed_count
    if size not in (13 - 3 * melds, 14 - 3 * melds):
        raise UsageError(f"with {melds} meld(s) a hand holds {13 - 3 * melds} or "
                         f"{14 - 3 * melds} concealed tiles, not {size}")
    lines = [f"hand: {hand}"]
    by_form = analysis.forms(counts, melds)
    width = max(len(label) for label in FORM_LABELS.values())
    for form, value in by_form.items():
        shown = "-" if value is None else str(value)
        lines.append(f"  {FORM_LABELS[form]:<{width}}  {shown:>2}")
    overall = analysis.shanten(counts, melds)
    lines.append(f"shanten: {overall} ({_describe(overall)})")
    if size == 13 - 3 * melds:
        accepted = analysis.acceptance(counts, melds)
        label = "waits" if overall == 0 else "acceptance"
        lines.append(f"{label}: {_kinds_with_copies(accepted)}")
    elif overall >= 0:
        lines.append("discards, best first (shanten after, then copies accepted):")
        ranked = sorted(analysis.discards(counts, melds), key=lambda d: (d.shanten, -d.copies))
        for d in ranked:
            lines.append(f"  {print_tiles([d.tile]):<3} {d.shanten:>2}  {d.copies:>3} copies  "
                         f"{print_tiles(d.kinds)}")
    return "\n".join(lines)


def _kinds_with_copies(accepted: list[tuple[int, int]]) -> str:
    total = sum(copies for _, copies in accepted)
    kinds = print_tiles([kind for kind, _ in accepted]) or "none"
    noun = "kind" if len(accepted) == 1 else "kinds"
    return f"{kinds} ({len(accepted)} {noun}, {total} copies)"


class _OneLineParser(argparse.ArgumentParser):
    """Reports a bad argument in one line (``--help`` shows the usage) and exits 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _OneLineParser(
        prog="mjsim", description="Chinese Official Mahjong: analyse, score and simulate.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    shanten = commands.add_parser(
        "shanten", help="shanten of every form, acceptance, and ranked discards",
        description="The shanten of each form (-1 complete, 0 ready), the tiles that help a "
                    "13-tile hand, or the discards of a 14-tile hand ranked by shanten then "
                    "copies accepted.",
        epilog='example: mjsim shanten "123456789m 1234p E"',
        formatter_class=argparse.RawDescriptionHelpFormatter)
    shanten.add_argument("hand", help="a hand string, e.g. \"19m 55p pung(EEE) 234s\"")
    shanten.set_defaults(run=cmd_shanten)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; returns the exit status (0 done, 2 bad input)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        print(args.run(args))
    except UsageError as error:
        print(f"mjsim {args.command}: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
