# Compiled with wall.pxd in Cython's pure-Python mode (setup.py says how).
"""The seeded wall: the 144 tiles shuffled by a keyed BLAKE2b counter stream.

The shuffle is a Fisher-Yates pass driven by 32-bit words of BLAKE2b(hand number, counter) keyed
by the seed, with rejection sampling so every permutation is equally likely. It uses no global
random state and no clock, so a (seed, hand number) gives the same wall on every machine. It runs
in C (:func:`mjsim_core.shuffle.shuffle`); :mod:`mjsim.reference.wall` is its slow twin.

:class:`SplitWall` is the wall of Botzone's table (docs/botzone-table.md): the tiles cut into four
equal parts, each seat drawing only from the end of its own.

>>> wall = Wall(b"demo", 1)
>>> len(wall)
144
>>> first = wall.draw(); len(wall)
143
>>> Wall("demo", 1).order[0] == first
True
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from mjsim.errors import WallEmptyError, clipped, whole
from mjsim.tiles.kinds import ALL_TILES, N_PLAYING, Kind, read_kinds
from mjsim_core.shuffle import shuffle

Seed = bytes | str | int


def seed_bytes(seed: Seed) -> bytes:
    """A seed as bytes: bytes as they are, a str as its UTF-8, an int (numpy's integers too) as
    its decimal string. A str may carry bytes that are not UTF-8 as Python's surrogate escapes
    (U+DC80-U+DCFF), as a game log's header writes such a seed: each reads as its byte.

    >>> seed_bytes(42), seed_bytes("é"), seed_bytes("\\udcff")
    (b'42', b'\\xc3\\xa9', b'\\xff')
    """
    if isinstance(seed, bool):
        raise TypeError("a seed is bytes, str or int, not bool")
    if isinstance(seed, bytes):
        return seed
    if isinstance(seed, str):
        try:
            return seed.encode("utf-8", "surrogateescape")
        except UnicodeEncodeError as error:
            raise ValueError(f"seed {clipped(repr(seed), 40)} holds a lone surrogate "
                             f"({seed[error.start]!r}) that stands for no byte") from None
    try:  # numpy's integers name the walls their int does (np.int64(7) was no seed)
        return str(whole(seed, "seed")).encode("ascii")
    except TypeError:
        raise TypeError(f"a seed is bytes, str or int, not {type(seed).__name__}") from None


LAST_HAND_NO = 2**32 - 1
"""The highest hand number a wall is shuffled for (the shuffle keys on 32 bits of it)."""

PLAYING_TILES = tuple(k for k in ALL_TILES if k < N_PLAYING)
"""The 136 tiles without the flowers and seasons, in ``ALL_TILES`` order."""


def shuffled_tiles(seed: Seed, hand_no: int, tiles: Sequence[Kind] = ALL_TILES) -> list[Kind]:
    """``tiles`` (the 144 unless told) in the order the wall of ``hand_no`` deals them; a
    ``TypeError`` or ``ValueError`` naming an entry of ``tiles`` that is no kind 0-41 (the
    shuffle took any byte: ``b"1m"`` was the kinds 49 and 109, and 2.0 had "no len()")."""
    hand_no = whole(hand_no, "hand_no", 0, LAST_HAND_NO)
    if tiles is not ALL_TILES and tiles is not PLAYING_TILES:  # the walls' own are kinds
        tiles = read_kinds(tiles, "tiles")
    if len(tiles) > len(ALL_TILES):
        raise ValueError(f"a wall holds at most {len(ALL_TILES)} tiles, not {len(tiles)}")
    return shuffle(seed_bytes(seed), hand_no, tiles)


class Wall:
    """The wall of one hand: ``draw()`` from the front, ``draw_back()`` for replacements.
    ``seed`` and ``hand_no``, what it was shuffled from, are read-only."""

    def __init__(self, seed: Seed, hand_no: int = 1) -> None:
        seed = seed_bytes(seed)
        tiles = shuffled_tiles(seed, hand_no)
        self._hold(seed, hand_no, tiles, 0, len(tiles))

    def _hold(self, seed: bytes, hand_no: int, tiles: list[Kind], front: int, back: int) -> None:
        """Hold ``tiles[front:back]`` (front first) as the wall of hand ``hand_no`` of ``seed``."""
        self.seed, self.hand_no = seed, hand_no
        self._tiles, self._front, self._back = tiles, front, back

    def __len__(self) -> int:
        return self._back - self._front

    def __repr__(self) -> str:
        return f"<Wall seed={self.seed!r} hand={self.hand_no} left={len(self)}>"

    @property
    def order(self) -> tuple[Kind, ...]:
        """The kinds still in the wall, front first."""
        return tuple(self._tiles[self._front:self._back])

    @property
    def tiles(self) -> tuple[Kind, ...]:
        """Every tile the wall was built with, front first, drawn or not: what its hand was
        dealt from."""
        return tuple(self._tiles)

    def draw(self) -> Kind:
        """Take the tile at the front; raises ``WallEmptyError`` when the wall is empty."""
        if self._front == self._back:
            raise WallEmptyError("cannot draw: the wall is empty")
        self._front += 1
        return self._tiles[self._front - 1]

    def draw_back(self) -> Kind:
        """Take a replacement tile from the back; raises ``WallEmptyError`` when empty."""
        if self._front == self._back:
            raise WallEmptyError("cannot draw a replacement: the wall is empty")
        self._back -= 1
        return self._tiles[self._back]

    @classmethod
    def from_order(cls, order: Sequence[Kind], seed: Seed = b"", hand_no: int = 1) -> Wall:
        """A wall holding ``order`` (front first) instead of a shuffle, for written positions.

        >>> Wall.from_order([5, 27]).draw_back()
        27
        """
        wall = cls.__new__(cls)
        tiles = read_kinds(order, "order")  # a kind of 1.5 would be drawn as 1
        wall._hold(seed_bytes(seed), whole(hand_no, "hand_no", 0, LAST_HAND_NO), tiles, 0,
                   len(tiles))
        return wall

    def copy(self) -> Wall:
        clone = Wall.__new__(Wall)
        clone._hold(self.seed, self.hand_no, self._tiles, self._front, self._back)
        return clone


PARTS = 4


class SplitWall(Wall):
    """The wall of Botzone's table: the tiles cut, in order, into four equal parts, part ``i``
    seat ``i``'s; a seat draws from the end of its own part only, replacements included.

    ``SplitWall(seed)`` shuffles the 136 tiles without flowers; :meth:`from_order` holds given
    tiles (Botzone's ``walltiles``). ``len`` counts every part. A draw names its seat
    (:meth:`draw_from`): ``draw`` and ``draw_back`` raise ``TypeError``.

    >>> wall = SplitWall.from_order(range(8))
    >>> wall.draw_from(1), wall.parts, len(wall)
    (3, (2, 1, 2, 2), 7)
    """

    def __init__(self, seed: Seed, hand_no: int = 1) -> None:
        seed = seed_bytes(seed)
        self._split(seed, hand_no, shuffled_tiles(seed, hand_no, PLAYING_TILES))

    def _split(self, seed: bytes, hand_no: int, tiles: list[Kind]) -> None:
        if len(tiles) % PARTS:
            raise ValueError(f"a split wall holds a multiple of {PARTS} tiles, not {len(tiles)}")
        self._hold(seed, hand_no, tiles, 0, len(tiles))
        self._size = len(tiles) // PARTS
        self._left = [self._size] * PARTS

    @classmethod
    def from_order(cls, order: Sequence[Kind], seed: Seed = b"", hand_no: int = 1) -> SplitWall:
        """A split wall holding ``order``: part ``i`` is its ``i``-th quarter."""
        wall = cls.__new__(cls)
        wall._split(seed_bytes(seed), whole(hand_no, "hand_no", 0, LAST_HAND_NO),
                    read_kinds(order, "order"))
        return wall

    def __len__(self) -> int:
        return sum(self._left)

    def __repr__(self) -> str:
        return f"<SplitWall seed={self.seed!r} hand={self.hand_no} parts={self.parts}>"

    @property
    def order(self) -> tuple[Kind, ...]:
        """The kinds still in the wall, part by part, each in its written order."""
        size = self._size
        return tuple(itertools.chain.from_iterable(
            self._tiles[part * size:part * size + left] for part, left in enumerate(self._left)))

    @property
    def parts(self) -> tuple[int, ...]:
        """The tiles left in each part, seat by seat."""
        return tuple(self._left)

    def left(self, seat: int) -> int:
        """The tiles left in ``seat``'s part (``seat`` 0-3)."""
        return self._left[_part(seat)]

    def draw_from(self, seat: int) -> Kind:
        """Take the tile at the end of ``seat``'s part; raises ``WallEmptyError`` when empty."""
        part = _part(seat)
        left = self._left[part]
        if not left:
            raise WallEmptyError(f"cannot draw: seat {part}'s part of the wall is empty")
        self._left[part] = left - 1
        return self._tiles[part * self._size + left - 1]

    def draw(self) -> Kind:
        raise TypeError("a split wall has no front: draw_from(seat) names the part")

    def draw_back(self) -> Kind:
        raise TypeError("a split wall has no back: draw_from(seat) names the part")

    def copy(self) -> SplitWall:
        split = SplitWall.__new__(SplitWall)
        split._hold(self.seed, self.hand_no, self._tiles, 0, len(self._tiles))
        split._size, split._left = self._size, list(self._left)
        return split


def _part(seat: int) -> int:
    """``seat`` as the index of its part, or an error naming it: C would read 1.5 as 1 and
    index past the parts with 7 (the engine's plain ints in range take the first test only)."""
    if type(seat) is int and 0 <= seat < PARTS:
        return seat
    return whole(seat, "seat", 0, PARTS - 1)
