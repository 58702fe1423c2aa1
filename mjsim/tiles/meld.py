"""Declared sets: chows, pungs and kongs, validated when made.

>>> Meld.chow(19)
Meld('chow', (19, 20, 21))
>>> Meld("kong", (13, 13, 13, 13), concealed=True)
Meld('kong', (13, 13, 13, 13), concealed=True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from mjsim.errors import clipped, flag, whole
from mjsim.tiles.kinds import N_PLAYING, N_SUITED, NAMES, Kind, read_kinds

MeldKind = Literal["chow", "pung", "kong"]
MELD_KINDS: tuple[str, ...] = ("chow", "pung", "kong")
_SIZES = {"chow": 3, "pung": 3, "kong": 4}


@dataclass(frozen=True, slots=True)
class Meld:
    """A declared set. ``tiles`` are stored ascending.

    ``concealed`` is only for a kong declared from the hand. ``claimed`` is the kind taken from a
    discard (or added to promote a pung) and ``source`` the seat it came from, when known.

    Raises ``ValueError`` naming the problem when the tiles do not make the set, and
    ``TypeError`` naming the field when a tile, ``claimed`` or ``source`` is not an int
    (numpy's integers become ints) or ``concealed`` not True or False (numpy's become bools).
    """

    kind: MeldKind
    tiles: tuple[Kind, ...]
    concealed: bool = False
    claimed: Kind | None = None
    source: int | None = None

    def __post_init__(self) -> None:
        tiles = tuple(sorted(read_kinds(self.tiles, "tiles", N_PLAYING - 1)))
        object.__setattr__(self, "tiles", tiles)
        # Its truth would do for a test, but "no" is true: a kong declared concealed by mistake.
        object.__setattr__(self, "concealed", flag(self.concealed, "concealed"))
        if self.claimed is not None:
            object.__setattr__(self, "claimed", whole(self.claimed, "claimed"))
        if self.source is not None:
            object.__setattr__(self, "source", whole(self.source, "source", 0, 3))
        problem = _problem(self.kind, tiles)
        if problem is None and self.concealed and self.kind != "kong":
            problem = f"only a kong can be declared concealed, not a {self.kind}"
        if problem is None and self.claimed is not None and self.claimed not in tiles:
            problem = f"the claimed tile {_name(self.claimed)} is not in the {self.kind}"
        if problem is not None:
            raise ValueError(problem)

    @classmethod
    def chow(cls, first: Kind, **kw: Any) -> Meld:
        """The chow that starts at ``first``."""
        first = whole(first, "first")  # "x" met "can only concatenate str", None a "+"
        return cls("chow", (first, first + 1, first + 2), **kw)

    @classmethod
    def pung(cls, kind: Kind, **kw: Any) -> Meld:
        return cls("pung", (kind,) * 3, **kw)

    @classmethod
    def kong(cls, kind: Kind, concealed: bool = False, **kw: Any) -> Meld:
        return cls("kong", (kind,) * 4, concealed=concealed, **kw)

    @property
    def tile(self) -> Kind:
        """The kind that names the set: the lowest tile of a chow, the tile of a pung or kong."""
        return self.tiles[0]

    @property
    def is_kong(self) -> bool:
        return self.kind == "kong"

    @property
    def is_pung_like(self) -> bool:
        """A pung or a kong: the sets that pung-based scoring elements count."""
        return self.kind != "chow"

    def __repr__(self) -> str:
        extras = "".join(
            f", {name}={value!r}"
            for name, value in (("concealed", self.concealed), ("claimed", self.claimed),
                                ("source", self.source))
            if value not in (False, None)
        )
        return f"Meld({self.kind!r}, {self.tiles!r}{extras})"


def as_meld(value: object) -> Meld:
    """``value``, a :class:`Meld`, or a ``TypeError`` naming its type: what a hand holds and
    what is printed are melds (a tuple met "'tuple' object has no attribute 'claimed'")."""
    if not isinstance(value, Meld):
        raise TypeError(f"a meld is a Meld, not {type(value).__name__}")
    return value


def _name(kind: Kind) -> str:
    return NAMES[kind] if 0 <= kind < len(NAMES) else str(kind)


def _problem(kind: str, tiles: tuple[Kind, ...]) -> str | None:
    """Why ``tiles`` cannot make a ``kind`` meld, or None when they can."""
    if not isinstance(kind, str) or kind not in _SIZES:  # a list was "unhashable type"
        return f"no meld kind {clipped(repr(kind), 40)}; the kinds are chow, pung and kong"
    if len(tiles) != _SIZES[kind]:
        return f"a {kind} has {_SIZES[kind]} tiles, not {len(tiles)}"
    if kind == "chow":
        if tiles[-1] >= N_SUITED:
            return "a chow cannot use honours"
        if tiles[0] // 9 != tiles[-1] // 9:
            return "a chow cannot mix suits"
        if tiles != (tiles[0], tiles[0] + 1, tiles[0] + 2):
            return "a chow is three consecutive ranks of one suit"
    elif len(set(tiles)) != 1:
        return f"a {kind} is {_SIZES[kind]} tiles of one kind"
    return None
