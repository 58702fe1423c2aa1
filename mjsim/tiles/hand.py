"""A player's hand: concealed tiles as a counts array, declared melds, and bonus tiles.

>>> hand = Hand.parse("123m 55p EEE F1")
>>> hand.size, int(hand.counts[13]), hand.flowers
(8, 2, (34,))
>>> hand.add(13); hand.remove(0); str(hand)
'23m 555p EEE F1'
>>> Hand.parse("19m pung(RRR)")
Hand.parse('19m pung(RRR)')
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from mjsim.errors import clipped, whole
from mjsim.tiles.kinds import BONUS_KINDS, N_KINDS, N_PLAYING, NAMES, Kind, read_kinds
from mjsim.tiles.meld import Meld, as_meld
from mjsim.tiles.tokens import parse_parts, print_parts
from mjsim_core import counts as ccounts


class Hand:
    """Concealed tiles (``counts``: 34 ``uint8``), ``melds`` in the order declared, ``flowers``.

    ``concealed`` is an iterable of playing kinds or a counts array. Raises ``ValueError`` when the
    hand holds more than four of a kind (melds counted), a bonus tile twice or among the
    concealed tiles, or a flower that is not a bonus tile.
    """

    __slots__ = ("counts", "flowers", "melds")

    def __init__(self, concealed: Iterable[Kind] | np.ndarray = (), melds: Iterable[Meld] = (),
                 flowers: Iterable[Kind] = ()) -> None:
        if isinstance(concealed, np.ndarray):
            self.counts = ccounts.check_counts(concealed).copy()
        else:
            self.counts = ccounts.from_kinds(read_kinds(concealed, "concealed", N_PLAYING - 1))
        if not isinstance(melds, Iterable):  # None was "object is not iterable", a Meld too
            raise TypeError(f"melds are a list of Melds, not {clipped(repr(melds), 40)}")
        self.melds: tuple[Meld, ...] = tuple(map(as_meld, melds))
        self.flowers: tuple[Kind, ...] = tuple(sorted(read_kinds(flowers, "flowers")))
        for flower in self.flowers:
            if flower not in BONUS_KINDS:
                raise ValueError(f"{NAMES[flower]} is not a bonus tile")
        if len(set(self.flowers)) != len(self.flowers):
            raise ValueError("each bonus tile exists once")
        for kind in range(N_PLAYING):
            if self._copies(kind) > 4:
                raise ValueError(f"a fifth {NAMES[kind]} (melds counted): only four exist")

    @classmethod
    def parse(cls, text: str) -> Hand:
        """Read a hand string (see :mod:`mjsim.tiles.notation`); raises ``NotationError``."""
        concealed, melds, flowers = parse_parts(text)
        return cls(concealed, melds=melds, flowers=flowers)

    def __str__(self) -> str:
        return print_parts(self.tiles(), self.melds, self.flowers)

    def __repr__(self) -> str:
        return f"Hand.parse({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Hand):
            return NotImplemented
        return (bool(np.array_equal(self.counts, other.counts)) and self.melds == other.melds
                and self.flowers == other.flowers)

    __hash__ = None  # type: ignore[assignment]  # a hand changes as it plays

    def copy(self) -> Hand:
        clone = Hand.__new__(Hand)
        clone.counts = self.counts.copy()
        clone.melds = self.melds
        clone.flowers = self.flowers
        return clone

    def tiles(self) -> list[Kind]:
        """The concealed tiles, ascending, one entry per tile."""
        return [k for k in ccounts.kinds_held(self.counts) for _ in range(self.counts[k])]

    def kinds_held(self) -> list[Kind]:
        """The kinds among the concealed tiles, ascending."""
        return ccounts.kinds_held(self.counts)

    @property
    def concealed_count(self) -> int:
        """How many tiles are concealed."""
        return ccounts.total(self.counts)

    @property
    def size(self) -> int:
        """Concealed tiles plus three per meld (a kong counts three): 13 off turn, 14 on it."""
        return self.concealed_count + 3 * len(self.melds)

    @property
    def is_concealed(self) -> bool:
        """No set was claimed: every meld, if any, is a concealed kong."""
        return all(meld.concealed for meld in self.melds)

    def total_copies(self, kind: Kind) -> int:
        """Copies of playing ``kind`` in the concealed tiles and the melds together."""
        return self._copies(whole(kind, "kind", 0, N_PLAYING - 1))

    def _copies(self, kind: Kind) -> int:
        return int(self.counts[kind]) + sum(meld.tiles.count(kind) for meld in self.melds)

    def add(self, kind: Kind) -> None:
        """Take a tile into the hand (a bonus tile joins the flowers).

        Raises ``TypeError`` for a kind that is not an int, ``ValueError`` for one outside
        0-41, a fifth copy, or a bonus tile already held.
        """
        kind = whole(kind, "kind", 0, N_KINDS - 1)
        if kind in BONUS_KINDS:
            if kind in self.flowers:
                raise ValueError(f"{NAMES[kind]} is already among the flowers")
            self.flowers = tuple(sorted((*self.flowers, kind)))
            return
        if self._copies(kind) >= 4:
            raise ValueError(f"cannot add a fifth {NAMES[kind]}: only four exist")
        self.counts[kind] += 1

    def remove(self, kind: Kind) -> None:
        """Take a concealed tile out of the hand; raises ``ValueError`` when none is held
        (``TypeError`` for a kind that is not an int)."""
        kind = whole(kind, "kind", 0, N_KINDS - 1)
        if kind >= N_PLAYING or self.counts[kind] == 0:
            raise ValueError(f"no {NAMES[kind]} among the concealed tiles to remove")
        self.counts[kind] -= 1

    def add_meld(self, meld: Meld) -> None:
        """Record a declared set (the caller has already taken its tiles from ``counts``)."""
        self.melds = (*self.melds, as_meld(meld))

    def after_claim(self, meld: Meld) -> Hand:
        """A copy of the hand once ``meld`` is made on its ``claimed`` tile, a discard: the
        meld's other tiles leave the concealed ones. Raises ``ValueError`` as :meth:`remove`
        does when one of them is not held, ``TypeError`` for a meld that is no Meld."""
        meld = as_meld(meld)
        after = self.copy()
        if meld.claimed is not None:
            after.counts[meld.claimed] += 1
        for kind in meld.tiles:
            after.remove(kind)
        after.add_meld(meld)
        return after

