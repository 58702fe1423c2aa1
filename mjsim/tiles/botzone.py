"""Botzone's names of the tiles (its Chinese Standard Mahjong judge, and PyMahjongGB's too).

``W1``-``W9`` characters, ``B1``-``B9`` dots, ``T1``-``T9`` bamboo, ``F1``-``F4`` the winds
E S W N, ``J1``-``J3`` the dragons red, green, white, and ``H1``-``H8`` the eight bonus tiles
(mjsim's F1-F4 then T1-T4, in that order).

>>> name_of(0), name_of(27), name_of(33), name_of(41)
('W1', 'F1', 'J3', 'H8')
>>> kind_of("B5")
13
"""

from __future__ import annotations

from mjsim.errors import NotationError

__all__ = ["NAMES", "kind_of", "name_of"]

NAMES: tuple[str, ...] = tuple(
    [f"{suit}{rank}" for suit in "WBT" for rank in range(1, 10)]
    + [f"F{n}" for n in range(1, 5)] + [f"J{n}" for n in range(1, 4)]
    + [f"H{n}" for n in range(1, 9)])
"""Botzone's name of each of the 42 kinds, by kind."""
_KINDS = {name: kind for kind, name in enumerate(NAMES)}


def name_of(kind: int) -> str:
    """Botzone's name of ``kind`` (0-41)."""
    return NAMES[kind]


def kind_of(name: str, position: int = 0) -> int:
    """The kind Botzone's ``name`` stands for; raises ``NotationError`` naming it otherwise
    (``position`` is where it stands in the text it came from)."""
    try:
        return _KINDS[name]
    except KeyError:
        raise NotationError(name, position, "not a Botzone tile name (W1-9, B1-9, T1-9, F1-4, "
                                            "J1-3, H1-8)") from None
