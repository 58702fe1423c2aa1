"""Player moves: a small frozen value, and the shared instances the engine hands out.

A move is one of six kinds (docs/architecture.md#the-data):

- in the discard phase: ``Move('discard', tile=k)``, ``Move('kong', tile=k)`` (concealed or
  promoted, whichever the hand allows) and ``Move('win')``;
- in a window after a discard: ``Move('pass')``, ``Move('chow', tiles=(a, b, c))`` (the whole
  chow, discard included, stored ascending), ``Move('pung')``, ``Move('kong')`` and
  ``Move('win')``; after a promoted kong only ``Move('win')`` (robbing) and ``Move('pass')``.

Equal moves compare equal and hash alike; ``repr`` reads back as code; ``to_dict`` and
``from_dict`` give the JSON form used in game logs.

>>> Move('discard', tile=5)
Move('discard', tile=5)
>>> Move('chow', tiles=[6, 4, 5]) == CHOWS[4]
True
>>> Move.from_dict(Move('pung').to_dict()) is not None
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from mjsim.errors import clipped, whole
from mjsim.tiles.kinds import N_PLAYING, N_SUITED
from mjsim.tiles.meld import Meld

MOVE_KINDS: tuple[str, ...] = ("discard", "kong", "win", "pass", "chow", "pung")


@dataclass(frozen=True, slots=True)
class Move:
    """A move: its ``kind``, the ``tile`` it names (discard, kong on one's turn) or the ``tiles``
    of a chow. Raises ``ValueError`` for an unknown kind and ``TypeError`` naming ``tile`` or
    ``tiles`` when it is not an int or they not ints (numpy integers become ints); whether the
    move is legal is for the rules to say.
    """

    kind: str
    tile: int | None = None
    tiles: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if self.kind not in MOVE_KINDS:
            raise ValueError(f"no move kind {self.kind!r}; the kinds are {', '.join(MOVE_KINDS)}")
        # Plain ints, so moves and the events they cause stay JSON-safe.
        if self.tile is not None:
            object.__setattr__(self, "tile", whole(self.tile, "tile"))
        if self.tiles is not None:
            if isinstance(self.tiles, (str, bytes)) or not isinstance(self.tiles, Iterable):
                raise TypeError(f"tiles are a chow's kinds (ints), not {self.tiles!r}")
            object.__setattr__(self, "tiles", tuple(sorted(
                whole(tile, f"tiles[{index}]") for index, tile in enumerate(self.tiles))))

    def __repr__(self) -> str:
        extras = "".join(f", {name}={value!r}" for name, value in
                         (("tile", self.tile), ("tiles", self.tiles)) if value is not None)
        return f"Move({self.kind!r}{extras})"

    def to_dict(self) -> dict[str, Any]:
        """The JSON-safe form: ``kind``, and ``tile`` or ``tiles`` when set.

        >>> CHOWS[0].to_dict()
        {'kind': 'chow', 'tiles': [0, 1, 2]}
        """
        out: dict[str, Any] = {"kind": self.kind}
        if self.tile is not None:
            out["tile"] = self.tile
        if self.tiles is not None:
            out["tiles"] = list(self.tiles)
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Move:
        """The move a :meth:`to_dict` form describes; raises ``TypeError`` or ``ValueError``
        naming what it lacks or holds wrong."""
        if not isinstance(data, Mapping):
            raise TypeError(f"a move's form is a dict, not {type(data).__name__}")
        if "kind" not in data:
            raise ValueError(f"a move's form names its kind: {clipped(repr(data), 60)}")
        return cls(data["kind"], data.get("tile"), data.get("tiles"))  # tiles made a tuple


def claimed_meld(move: Move, tile: int, source: int) -> Meld:
    """The meld that ``move`` (a chow, pung or kong in a window) makes of ``tile``, the discard
    of seat ``source``.

    >>> claimed_meld(CHOWS[3], 4, 2)
    Meld('chow', (3, 4, 5), claimed=4, source=2)
    """
    if not isinstance(move, Move):  # was "'str' object has no attribute 'kind'"
        raise TypeError(f"a move is a Move, not {type(move).__name__}")
    if move.kind == "chow" and move.tiles is not None:
        return Meld("chow", move.tiles, claimed=tile, source=source)
    if move.kind == "kong":
        return Meld.kong(tile, claimed=tile, source=source)
    if move.kind == "pung":
        return Meld.pung(tile, claimed=tile, source=source)
    raise ValueError(f"{move!r} makes no meld of a discard")


# Shared instances: the engine lists these, so building legal moves allocates nothing.
DISCARDS: tuple[Move, ...] = tuple(Move("discard", tile=k) for k in range(N_PLAYING))
KONGS: tuple[Move, ...] = tuple(Move("kong", tile=k) for k in range(N_PLAYING))
CHOWS: dict[int, Move] = {first: Move("chow", tiles=(first, first + 1, first + 2))
                          for first in range(N_SUITED) if first % 9 <= 6}
"""The chow moves by their lowest kind."""
PASS = Move("pass")
WIN = Move("win")
PUNG = Move("pung")
KONG = Move("kong")
"""A kong claimed on a discard (a kong on one's own turn names its tile: ``KONGS[k]``)."""
