"""The golden table of scored hands (``tests/data/scored.jsonl``), and how its rows read."""

from __future__ import annotations

import json

from mjsim.scoring.scorer import WinContext
from mjsim.tiles.hand import Hand
from mjsim.tiles.notation import parse
from tests.helpers import DATA

SCORED_ROWS = [json.loads(line) for line in
        (DATA / "scored.jsonl").read_text().splitlines() if line]
WINDS = "ESWN"


def win_of(row: dict) -> tuple[Hand, WinContext]:
    """The hand of a golden row (winning tile added) and its context."""
    win = parse(row["win"])[0]
    hand = Hand.parse(row["hand"])
    hand.add(win)
    ctx = WinContext(win, row["how"] == "self-drawn", WINDS.index(row["seat"]),
                     WINDS.index(row["prevalent"]), last_copy=row.get("last_copy", False),
                     wall_last=row.get("wall_last", False),
                     replacement=row.get("replacement", False), robbing=row.get("robbing", False))
    return hand, ctx
