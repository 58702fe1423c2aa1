"""The 42 kinds of tile, their names, and the classes the rules and scoring elements use.

Kinds are ints (docs/architecture.md#the-data): 0-8 are 1m-9m (characters), 9-17 1p-9p (dots),
18-26 1s-9s (bamboo), 27-30 the winds E S W N, 31-33 the dragons R G B (red, green, white), 34-37
the flowers F1-F4 and 38-41 the seasons T1-T4. The 34 playing kinds come four times each and the
eight bonus tiles once each: 144 tiles. The constants where the groups of playing kinds start and
the tile classes come from :mod:`mjsim_core.kinds`, which the compiled scorer reads too.

>>> NAMES[0], NAMES[13], NAMES[27], NAMES[33], NAMES[41]
('1m', '5p', 'E', 'B', 'T4')
>>> rank(13), SUIT_LETTERS[suit(13)]
(5, 'p')
>>> len(TERMINALS), len(GREENS), len(REVERSIBLES), len(ALL_TILES)
(6, 6, 14, 144)
"""

from __future__ import annotations

from collections.abc import Iterable

from mjsim.errors import clipped, whole
from mjsim_core.kinds import (
    DRAGON_KINDS,
    FIRST_DRAGON,
    FIRST_HONOR,
    GREENS,
    HONOR_KINDS,
    N_PLAYING,
    N_SUITED,
    REVERSIBLES,
    SIMPLES,
    TERMINALS,
    TERMINALS_AND_HONORS,
    WIND_KINDS,
)

__all__ = [
    "ALL_TILES",
    "BONUS",
    "BONUS_KINDS",
    "DRAGONS",
    "DRAGON_KINDS",
    "EAST",
    "FIRST_DRAGON",
    "FIRST_HONOR",
    "FLOWERS",
    "GLYPHS",
    "GREEN",
    "GREENS",
    "HONORS",
    "HONOR_KINDS",
    "HONOR_LETTERS",
    "KINDS",
    "LONG_NAMES",
    "NAMES",
    "NORTH",
    "N_KINDS",
    "N_PLAYING",
    "N_SUITED",
    "PLAYING",
    "RED",
    "REVERSIBLES",
    "SEASONS",
    "SIMPLES",
    "SOUTH",
    "SUITED",
    "SUIT_LETTERS",
    "TERMINALS",
    "TERMINALS_AND_HONORS",
    "WEST",
    "WHITE",
    "WINDS",
    "WIND_KINDS",
    "Kind",
    "copies",
    "is_bonus",
    "is_dragon",
    "is_green",
    "is_honor",
    "is_reversible",
    "is_simple",
    "is_suited",
    "is_terminal",
    "is_terminal_or_honor",
    "is_wind",
    "kind_of",
    "rank",
    "read_kinds",
    "suit",
]

Kind = int

N_KINDS = 42

SUIT_LETTERS = "mps"
HONOR_LETTERS = "ESWNRGB"

EAST, SOUTH, WEST, NORTH = WINDS = range(FIRST_HONOR, FIRST_DRAGON)
RED, GREEN, WHITE = DRAGONS = range(FIRST_DRAGON, N_PLAYING)
FLOWERS = range(N_PLAYING, N_PLAYING + 4)
SEASONS = range(N_PLAYING + 4, N_KINDS)

SUITED = range(N_SUITED)
HONORS = range(FIRST_HONOR, N_PLAYING)
PLAYING = range(N_PLAYING)
BONUS = range(N_PLAYING, N_KINDS)
KINDS = range(N_KINDS)


def kind_of(suit_index: int, rank_: int) -> Kind:
    """The kind of a suited tile: suit 0-2 (m, p, s) and rank 1-9; a ``TypeError`` for a suit
    or rank that is no whole number (2.0 made the kind 18.0, True suit 1), a ``ValueError``
    for one outside them.

    >>> kind_of(2, 9)
    26
    """
    suit_index, rank_ = whole(suit_index, "suit"), whole(rank_, "rank")
    if not (0 <= suit_index < 3 and 1 <= rank_ <= 9):
        raise ValueError(f"no suited tile of suit {suit_index} and rank {rank_}")
    return suit_index * 9 + rank_ - 1


def _name(kind: Kind) -> str:
    if kind < N_SUITED:
        return f"{kind % 9 + 1}{SUIT_LETTERS[kind // 9]}"
    if kind < N_PLAYING:
        return HONOR_LETTERS[kind - N_SUITED]
    if kind < 38:
        return f"F{kind - 33}"
    return f"T{kind - 37}"


NAMES: tuple[str, ...] = tuple(_name(k) for k in KINDS)
"""The short notation name of each kind: '1m' ... '9s', 'E' ... 'B', 'F1' ... 'T4'."""

_SUIT_WORDS = ("characters", "dots", "bamboo")
_HONOR_WORDS = ("East wind", "South wind", "West wind", "North wind",
                "Red dragon", "Green dragon", "White dragon")
_BONUS_WORDS = ("plum", "orchid", "chrysanthemum", "bamboo", "spring", "summer", "autumn", "winter")

LONG_NAMES: tuple[str, ...] = tuple(
    f"{k % 9 + 1} of {_SUIT_WORDS[k // 9]}" if k < N_SUITED
    else _HONOR_WORDS[k - N_SUITED] if k < N_PLAYING
    else f"{'flower' if k < 38 else 'season'} {_name(k)[1]} ({_BONUS_WORDS[k - N_PLAYING]})"
    for k in KINDS
)
"""A spelled-out name of each kind, for help texts and explanations."""

# Unicode Mahjong Tiles block: winds and dragons come first there, then bamboo before dots.
_GLYPH_BASE_BY_SUIT = (0x1F007, 0x1F019, 0x1F010)
_GLYPH_HONORS = (0x1F000, 0x1F001, 0x1F002, 0x1F003, 0x1F004, 0x1F005, 0x1F006)
# The block orders the flowers plum, orchid, bamboo, chrysanthemum; ours put bamboo fourth.
_GLYPH_BONUS = (0x1F022, 0x1F023, 0x1F025, 0x1F024, 0x1F026, 0x1F027, 0x1F028, 0x1F029)
GLYPHS: tuple[str, ...] = tuple(
    chr(_GLYPH_BASE_BY_SUIT[k // 9] + k % 9) if k < N_SUITED
    else chr(_GLYPH_HONORS[k - N_SUITED]) if k < N_PLAYING
    else chr(_GLYPH_BONUS[k - N_PLAYING])
    for k in KINDS
)
"""The Unicode glyph of each kind (U+1F000 block), for terminals that can show them."""


def suit(kind: Kind) -> int | None:
    """0, 1, 2 for characters, dots, bamboo; None for honours and bonus tiles."""
    return kind // 9 if 0 <= kind < N_SUITED else None


def rank(kind: Kind) -> int | None:
    """1-9 for a suited tile; None otherwise."""
    return kind % 9 + 1 if 0 <= kind < N_SUITED else None


BONUS_KINDS = frozenset(BONUS)


def is_suited(kind: Kind) -> bool:
    return 0 <= kind < N_SUITED


def is_honor(kind: Kind) -> bool:
    return kind in HONOR_KINDS


def is_wind(kind: Kind) -> bool:
    return kind in WIND_KINDS


def is_dragon(kind: Kind) -> bool:
    return kind in DRAGON_KINDS


def is_terminal(kind: Kind) -> bool:
    return kind in TERMINALS


def is_simple(kind: Kind) -> bool:
    return kind in SIMPLES


def is_terminal_or_honor(kind: Kind) -> bool:
    return kind in TERMINALS_AND_HONORS


def is_green(kind: Kind) -> bool:
    return kind in GREENS


def is_reversible(kind: Kind) -> bool:
    return kind in REVERSIBLES


def is_bonus(kind: Kind) -> bool:
    return kind in BONUS_KINDS


def copies(kind: Kind) -> int:
    """How many tiles of a kind the set holds: 4 of a playing kind, 1 of a bonus tile; a
    ``TypeError`` for a kind that is no whole number (2.5 and True had 4), a ``ValueError``
    for a number that is no kind."""
    kind = whole(kind, "kind")
    if not 0 <= kind < N_KINDS:
        raise ValueError(f"no tile kind {kind}")
    return 4 if kind < N_PLAYING else 1


def read_kinds(values: Iterable[object], name: str, most: int = N_KINDS - 1) -> list[Kind]:
    """``values`` as plain int kinds 0-``most``, or a ``TypeError`` or ``ValueError`` naming
    ``name`` and the entry (int() and C would read 1.5 as 1m's kind). For the public entry
    points; the one-line predicates above stay unchecked (hot paths).

    >>> read_kinds([1, 33], "tiles", N_PLAYING - 1)
    [1, 33]
    >>> read_kinds([1.5], "tiles")
    Traceback (most recent call last):
    TypeError: tiles[0] is a whole number, not 1.5
    """
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise TypeError(f"{name} are tile kinds (ints), not {clipped(repr(values), 40)}")
    return [kind if type(kind) is int and 0 <= kind <= most
            else whole(kind, f"{name}[{index}]", 0, most) for index, kind in enumerate(values)]


ALL_TILES: tuple[Kind, ...] = tuple(k for k in KINDS for _ in range(copies(k)))
"""The full set of 144 tiles, in kind order."""
