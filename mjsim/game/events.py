"""The engine's events as types: one TypedDict per ``kind``, and their union :data:`Event`.

An event (``Rules.take_outcomes()``) stays the JSON-safe dict it always was (game logs,
players' hooks and ``==`` are unchanged), while mypy checks the keys a reader takes once it
has narrowed an :data:`Event` on its ``kind``. ``from`` is a Python keyword, so the types that
hold it are written in TypedDict's functional form. ``actor`` is ``"sys"`` or a seat 0-3.

>>> sorted(BY_KIND)[:4]
['chow', 'claim', 'deal', 'discard']
"""

# No `from __future__ import annotations`: a class-form TypedDict must see NotRequired itself.
from collections.abc import Sequence
from typing import Literal, NotRequired, TypedDict, final

from mjsim.game.results import Fan

__all__ = ["BY_KIND", "ClaimEvent", "DealEvent", "DiscardEvent", "DrewEvent", "EndEvent",
           "Event", "ExhaustedEvent", "FlowerEvent", "FoulEvent", "KongEvent", "MeldEvent",
           "PassEvent", "PromoteEvent", "SettleEvent", "WinEvent"]


@final
class DealEvent(TypedDict):
    """A hand dealt: each seat's thirteen playing tiles (the dealer's fourteenth is its drew
    event), and on Botzone's table the tiles left in each part of the wall."""

    actor: Literal["sys"]
    kind: Literal["deal"]
    hand_no: int
    dealer: int
    prevalent: int
    hands: Sequence[list[int] | None]  # None: a hand the seat reading does not see
    parts: NotRequired[list[int]]


FlowerEvent = TypedDict("FlowerEvent", {
    "actor": int,
    "kind": Literal["flower"],
    "tile": int,
    "from": Literal["deal", "wall", "back"],  # dealt, or drawn from the front or the back
})
"""A bonus tile set aside."""

DrewEvent = TypedDict("DrewEvent", {
    "actor": int,
    "kind": Literal["drew"],
    "tile": int | None,       # None: another seat's draw, as a seat sees it
    "from": Literal["wall", "back"],
})
"""A playing tile drawn (from the back: a replacement)."""


@final
class DiscardEvent(TypedDict):
    actor: int
    kind: Literal["discard"]
    tile: int


@final
class PassEvent(TypedDict):
    """A seat's pass on an open window."""

    actor: int
    kind: Literal["pass"]


@final
class ClaimEvent(TypedDict):
    """A seat's answer to a window that claims its tile (``claim``: win, pung, kong or
    chow; ``tiles``, a chow's three)."""

    actor: int
    kind: Literal["claim"]
    claim: Literal["win", "chow", "pung", "kong"]
    tile: int
    tiles: NotRequired[list[int]]


MeldEvent = TypedDict("MeldEvent", {
    "actor": int,
    "kind": Literal["chow", "pung", "kong"],
    "tile": int,
    "tiles": list[int],
    "from": int,              # the seat whose discard was claimed
})
"""A claimed meld exposed."""


@final
class KongEvent(TypedDict):
    """A kong declared on one's turn: ``concealed``, or ``promoted`` from an exposed pung."""

    actor: int
    kind: Literal["kong"]
    tile: int | None          # None: another seat's concealed kong, as a seat sees it
    how: Literal["concealed", "promoted"]


@final
class PromoteEvent(TypedDict):
    """A promoted kong announced, before the window that may rob it."""

    actor: int
    kind: Literal["promote"]
    tile: int


WinEvent = TypedDict("WinEvent", {
    "actor": int,
    "kind": Literal["win"],
    "tile": int,
    "by": Literal["self", "discard", "rob"],
    "from": int | None,       # the seat that dealt in (None for a self-drawn win)
    "total": int,
    "points": int,
    "fans": list[Fan],
})
"""A hand won."""


@final
class FoulEvent(TypedDict):
    """A seat that could not answer properly: why, and what it answered (None for nothing)."""

    actor: int
    kind: Literal["foul"]
    reason: str
    answer: str | None


@final
class ExhaustedEvent(TypedDict):
    actor: Literal["sys"]
    kind: Literal["exhausted"]


@final
class SettleEvent(TypedDict):
    """A hand settled: what each seat gains, and the totals after it."""

    actor: Literal["sys"]
    kind: Literal["settle"]
    deltas: list[int]
    totals: list[int]


@final
class EndEvent(TypedDict):
    actor: Literal["sys"]
    kind: Literal["end"]
    totals: list[int]
    places: list[float]


Event = (DealEvent | FlowerEvent | DrewEvent | DiscardEvent | PassEvent | ClaimEvent
         | MeldEvent | KongEvent | PromoteEvent | WinEvent | FoulEvent | ExhaustedEvent
         | SettleEvent | EndEvent)
"""Any event; narrow it on ``kind`` (a ``kong`` is a :class:`KongEvent` when it has ``how``,
else a claimed :data:`MeldEvent`)."""

BY_KIND: dict[str, tuple[type, ...]] = {
    "deal": (DealEvent,), "flower": (FlowerEvent,), "drew": (DrewEvent,),
    "discard": (DiscardEvent,), "pass": (PassEvent,), "claim": (ClaimEvent,),
    "chow": (MeldEvent,), "pung": (MeldEvent,), "kong": (MeldEvent, KongEvent),
    "promote": (PromoteEvent,), "win": (WinEvent,), "foul": (FoulEvent,),
    "exhausted": (ExhaustedEvent,), "settle": (SettleEvent,), "end": (EndEvent,)}
"""The types an event of each kind may be (a kong: claimed, or declared on one's turn)."""
