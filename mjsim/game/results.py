"""A hand's result as a type: :data:`HandResult`, a row of ``Rules.history``.

It is a TypedDict, so a row stays the JSON-safe dict it always was (a player's ``end_hand``
still gets a dict, and ``==`` compares rows as before), while mypy checks every key a reader
takes. ``from`` is a Python keyword, so the types that hold it are written in TypedDict's
functional form.

>>> KEYS[:5]
('hand_no', 'dealer', 'prevalent', 'wall_left', 'result')
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

__all__ = ["KEYS", "Fan", "FoulRecord", "HandResult", "Outcome"]

Fan = list[Any]
"""One scoring element of a win: [number, name, points, count]."""


class FoulRecord(TypedDict):
    """Who fouled a hand, why (``reason``) and what it answered (None for nothing)."""

    seat: int
    reason: str
    answer: str | None


Outcome = TypedDict("Outcome", {
    "result": str,            # score, draw or foul
    "winner": int | None,
    "by": str,                # self, discard, rob, exhausted or foul
    "from": int | None,       # the seat that dealt in (a discard or a robbed kong)
    "tile": int | None,       # the winning tile
    "total": int,             # the win's points without flowers (0 for no win)
    "points": int,            # with flowers: what is settled
    "fans": list[Fan],
    "deltas": list[int],      # what each seat gains
    "foul": NotRequired[FoulRecord],
})
"""How a hand ended: the part of its :data:`HandResult` the end itself decides."""

HandResult = TypedDict("HandResult", {
    "hand_no": int,
    "dealer": int,
    "prevalent": int,
    "wall_left": int,         # the tiles left in the wall as it ended
    "result": str,
    "winner": int | None,
    "by": str,
    "from": int | None,
    "tile": int | None,
    "total": int,
    "points": int,
    "fans": list[Fan],
    "deltas": list[int],
    "foul": NotRequired[FoulRecord],
    "totals": list[int],      # each seat's total after the hand
})
"""A finished hand, as ``Rules.history`` records it (the fields of :data:`Outcome`, where and
when it was played, and the totals after it)."""

KEYS = tuple(HandResult.__annotations__)

