"""Botzone's names of the tiles (its Chinese Standard Mahjong judge, and PyMahjongGB's too).

``W1``-``W9`` characters, ``B1``-``B9`` dots, ``T1``-``T9`` bamboo, ``F1``-``F4`` the winds
E S W N, ``J1``-``J3`` the dragons red, green, white, and ``H1``-``H8`` the eight bonus tiles
(mjsim's F1-F4 then T1-T4, in that order). Beware the letters that mean something else in
mjsim's own notation: Botzone's ``B`` is dots (ours is the white dragon), its ``F`` a wind (ours
a flower) and its ``T`` bamboo (ours a season); :mod:`mjsim.tiles.notation` reads ours only.

>>> name_of(0), name_of(27), name_of(33), name_of(41)
('W1', 'F1', 'J3', 'H8')
>>> kind_of("B5")
13
>>> parse("W1 B5 F1 J3 H1")
[0, 13, 27, 33, 34]
>>> print_tiles([33, 27, 13])
'J3 F1 B5'
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from mjsim.errors import NotationError, whole

__all__ = ["NAMES", "kind_of", "name_of", "parse", "print_tiles"]

NAMES: tuple[str, ...] = tuple(
    [f"{suit}{rank}" for suit in "WBT" for rank in range(1, 10)]
    + [f"F{n}" for n in range(1, 5)] + [f"J{n}" for n in range(1, 4)]
    + [f"H{n}" for n in range(1, 9)])
"""Botzone's name of each of the 42 kinds, by kind."""
_KINDS = {name: kind for kind, name in enumerate(NAMES)}
_NAME = re.compile(r"\S+")


def name_of(kind: int) -> str:
    """Botzone's name of ``kind`` (0-41); raises ``ValueError`` for any other number and
    ``TypeError`` for a kind that is no whole number (True named W2, 2.0 met a tuple's words)."""
    kind = whole(kind, "kind")
    if not 0 <= kind < len(NAMES):  # a negative index would quietly name a tile from the end
        raise ValueError(f"no tile kind {kind}")
    return NAMES[kind]


def kind_of(name: str, position: int = 0) -> int:
    """The kind Botzone's ``name`` stands for; raises ``NotationError`` naming it otherwise
    (``position`` is where it stands in the text it came from), and ``TypeError`` for a name
    that is no str."""
    try:
        return _KINDS[name]
    except (KeyError, TypeError):  # TypeError: a list is no key
        if not isinstance(name, str):  # was "object of type 'int' has no len()", from the error
            raise TypeError(f"a Botzone tile name is a str, not {type(name).__name__}") from None
        raise NotationError(name, position, "not a Botzone tile name (W1-9, B1-9, T1-9, F1-4, "
                                            "J1-3, H1-8)") from None


def parse(text: str) -> list[int]:
    """Botzone names separated by spaces to kinds, in the order written.

    It converts names only, so it counts no copies: a wall (``walltiles``), a hand or a run of
    discards all read. Raises ``NotationError`` naming the first token that is not a Botzone
    name and its character position, and ``TypeError`` for anything but a str.
    """
    if not isinstance(text, str):
        raise TypeError(f"a list of Botzone names is a str, not {type(text).__name__}")
    return [kind_of(match.group(), match.start()) for match in _NAME.finditer(text)]


def print_tiles(kinds: Iterable[int]) -> str:
    """Kinds to their Botzone names joined by single spaces, in the order given (Botzone's
    requests list tiles as they come, so nothing is sorted); ``ValueError`` for a bad kind."""
    return " ".join(name_of(kind) for kind in kinds)
