"""The 81 scoring elements of Chinese Official Mahjong and the two rulesets, as plain data.

The one source of the element data: :mod:`mjsim_core.score` builds its C tables from it when it
loads, and :mod:`mjsim.scoring.elements` re-exports it. Numbering, names and points follow the
Green Book (docs/rules.md#the-elements). Each :class:`Element` carries a one-sentence description,
its ``scope`` (what its condition reads: the whole hand, a group of ``arity`` chows or pungs, or,
for Chicken Hand and Flower Tiles, nothing of its own) and the elements it suppresses when it scores
(``excludes``: the whole element; ``absorbs``: only for the sets it uses). The two rulesets differ
in a few rows (docs/rulings.md#the-two-rulesets), which :func:`points` and :func:`excludes` apply,
and :data:`MIXED_KONGS` is the one pseudo-element outside the 81 (dispute D2); :data:`EVERY` is
all of them, the tuple the kernel's tables are built from.

>>> len(ELEMENTS), ELEMENTS[47].name, points(48, "green-book"), points(48, "gb-mahjong")
(81, 'Two Concealed Kongs', 8, 6)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

RULESETS = ("green-book", "gb-mahjong")
Scope = Literal["hand", "chows", "pungs", "rest", "bonus"]


@dataclass(frozen=True, slots=True)
class Element:
    """One scoring element. ``points`` is the Green Book value (see :func:`points`)."""

    number: int
    name: str
    points: int
    sentence: str
    scope: Scope
    excludes: tuple[int, ...] = ()
    absorbs: tuple[int, ...] = ()
    arity: int = 0


ELEMENTS: tuple[Element, ...] = (
    Element(1, "Big Four Winds", 88, "Pungs or kongs of all four winds.",
            "pungs", excludes=(9, 38, 49, 60, 61, 73), arity=4),
    Element(2, "Big Three Dragons", 88, "Pungs or kongs of all three dragons.",
            "pungs", excludes=(54, 59), arity=3),
    Element(3, "All Green", 88, "Every tile is a green one: 2, 3, 4, 6, 8 of bamboo or the green "
            "dragon.", "hand", excludes=(50, 75)),
    Element(4, "Nine Gates", 88, "Concealed, waiting with 1112345678999 of one suit and winning "
            "on any tile of it.", "hand", excludes=(22, 62, 75, 76)),
    Element(5, "Four Kongs", 88, "Four kongs, declared open or concealed.",
            "hand", excludes=(17, 48, 57, 67, 74, 82, 49, 79)),
    Element(6, "Seven Shifted Pairs", 88, "Seven pairs on seven consecutive ranks of one suit.",
            "hand", excludes=(19, 22, 62, 75, 76, 79)),
    Element(7, "Thirteen Orphans", 88, "One of each terminal and honour, and a second of one of "
            "them.", "hand", excludes=(18, 52, 62, 79)),
    Element(8, "All Terminals", 64, "Every tile is a 1 or a 9 of a suit.",
            "hand", excludes=(18, 49, 55, 65, 73, 76)),
    Element(9, "Little Four Winds", 64, "Pungs of three winds and a pair of the fourth.",
            "hand", excludes=(38,), absorbs=(73,)),
    Element(10, "Little Three Dragons", 64, "Pungs of two dragons and a pair of the third.",
            "hand", excludes=(54, 59)),
    Element(11, "All Honors", 64, "Every tile is a wind or a dragon.",
            "hand", excludes=(18, 49, 55, 73, 75)),
    Element(12, "Four Concealed Pungs", 64, "Four pungs or kongs, all concealed.",
            "hand", excludes=(33, 66, 49, 62)),
    Element(13, "Pure Terminal Chows", 64, "Two 123 and two 789 chows of one suit with a pair of "
            "5 of it.", "chows", excludes=(19, 22, 63, 69, 72, 75, 76), arity=4),
    Element(14, "Quadruple Chow", 48, "Four identical chows.",
            "chows", excludes=(23, 24, 64, 69), arity=4),
    Element(15, "Four Pure Shifted Pungs", 48, "Four pungs of one suit on four consecutive ranks.",
            "pungs", excludes=(23, 24, 49), arity=4),
    Element(16, "Four Pure Shifted Chows", 32, "Four chows of one suit each one or each two ranks "
            "above the last.", "chows", excludes=(30, 71, 72), arity=4),
    Element(17, "Three Kongs", 32, "Three kongs, declared open or concealed.",
            "hand", excludes=(48, 57, 67, 74, 82)),
    Element(18, "All Terminals and Honors", 32, "Every tile is a terminal or an honour, with both "
            "present.", "hand", excludes=(49, 55, 73)),
    Element(19, "Seven Pairs", 24, "Seven pairs, four alike counting as two.",
            "hand", excludes=(62, 79)),
    Element(20, "Greater Honors and Knitted Tiles", 24, "All seven honours with seven tiles of "
            "one knitted arrangement, no two alike.", "hand", excludes=(34, 52, 62, 79)),
    Element(21, "All Even Pungs", 24, "Four pungs and the pair, all of ranks 2, 4, 6 or 8.",
            "hand", excludes=(49, 68, 76)),
    Element(22, "Full Flush", 24, "Every tile is of one suit.", "hand", excludes=(75, 76)),
    Element(23, "Pure Triple Chow", 24, "Three identical chows.",
            "chows", excludes=(24, 69), arity=3),
    Element(24, "Pure Shifted Pungs", 24, "Three pungs of one suit on three consecutive ranks.",
            "pungs", excludes=(23,), arity=3),
    Element(25, "Upper Tiles", 24, "Every tile is a 7, 8 or 9.", "hand", excludes=(76,)),
    Element(26, "Middle Tiles", 24, "Every tile is a 4, 5 or 6.", "hand", excludes=(68, 76)),
    Element(27, "Lower Tiles", 24, "Every tile is a 1, 2 or 3.", "hand", excludes=(76,)),
    Element(28, "Pure Straight", 16, "Chows 123, 456 and 789 of one suit.", "chows", arity=3),
    Element(29, "Three-Suited Terminal Chows", 16, "123 and 789 of two suits with a pair of 5 of "
            "the third.", "chows", excludes=(63, 70, 72, 76), arity=4),
    Element(30, "Pure Shifted Chows", 16, "Three chows of one suit each one or each two ranks "
            "above the last.", "chows", arity=3),
    Element(31, "All Fives", 16, "Every set and the pair holds a 5.", "hand", excludes=(68, 76)),
    Element(32, "Triple Pung", 16, "Pungs of one rank in all three suits.",
            "pungs", absorbs=(65,), arity=3),
    Element(33, "Three Concealed Pungs", 16, "Three concealed pungs or kongs.",
            "hand", excludes=(66,)),
    Element(34, "Lesser Honors and Knitted Tiles", 12, "Fourteen different tiles from one knitted "
            "arrangement and the honours.", "hand", excludes=(52, 62, 79)),
    Element(35, "Knitted Straight", 12, "All nine tiles of one knitted arrangement: 147, 258, 369 "
            "in three different suits.", "hand"),
    Element(36, "Upper Four", 12, "Every tile is a 6, 7, 8 or 9.", "hand", excludes=(76,)),
    Element(37, "Lower Four", 12, "Every tile is a 1, 2, 3 or 4.", "hand", excludes=(76,)),
    Element(38, "Big Three Winds", 12, "Pungs of three winds.", "pungs", absorbs=(73,), arity=3),
    Element(39, "Mixed Straight", 8, "Chows 123, 456 and 789, each in a different suit.",
            "chows", arity=3),
    Element(40, "Reversible Tiles", 8, "Every tile looks the same upside down.",
            "hand", excludes=(75,)),
    Element(41, "Mixed Triple Chow", 8, "The same chow in all three suits.",
            "chows", absorbs=(70,), arity=3),
    Element(42, "Mixed Shifted Pungs", 8, "Pungs on three consecutive ranks, one in each suit.",
            "pungs", arity=3),
    Element(43, "Chicken Hand", 8, "A complete hand that scores nothing else.", "rest"),
    Element(44, "Last Tile Draw", 8, "Winning by drawing the last tile of the wall.",
            "hand", excludes=(80,)),
    Element(45, "Last Tile Claim", 8, "Winning on the discard made after the last tile was drawn.",
            "hand"),
    Element(46, "Out with Replacement Tile", 8, "Winning with the replacement tile drawn for a "
            "kong.", "hand", excludes=(80,)),
    Element(47, "Robbing the Kong", 8, "Winning on the tile another player adds to a melded pung.",
            "hand", excludes=(58,)),
    Element(48, "Two Concealed Kongs", 8, "Two concealed kongs.", "hand", excludes=(66, 67)),
    Element(49, "All Pungs", 6, "Four pungs or kongs and a pair.", "hand"),
    Element(50, "Half Flush", 6, "Tiles of one suit and honours.", "hand", excludes=(75,)),
    Element(51, "Mixed Shifted Chows", 6, "Chows one rank apart, one in each suit.",
            "chows", arity=3),
    Element(52, "All Types", 6, "Characters, dots, bamboo, a wind and a dragon all appear.",
            "hand"),
    Element(53, "Melded Hand", 6, "Four claimed sets and the pair completed by a discard.",
            "hand", excludes=(79,)),
    Element(54, "Two Dragon Pungs", 6, "Pungs of two dragons.", "pungs", excludes=(59,), arity=2),
    Element(55, "Outside Hand", 4, "Every set and the pair holds a terminal or an honour.", "hand"),
    Element(56, "Fully Concealed Hand", 4, "Nothing claimed and the winning tile self-drawn.",
            "hand", excludes=(62, 80)),
    Element(57, "Two Melded Kongs", 4, "Two kongs declared in the open.", "hand", excludes=(74,)),
    Element(58, "Last Tile", 4, "Winning on a tile whose other three copies are face up.", "hand"),
    Element(59, "Dragon Pung", 2, "A pung of a dragon, per pung.", "hand"),
    Element(60, "Prevalent Wind", 2, "A pung of the round's wind.", "hand", absorbs=(73,)),
    Element(61, "Seat Wind", 2, "A pung of the player's own wind.", "hand", absorbs=(73,)),
    Element(62, "Concealed Hand", 2, "Nothing claimed before winning on a discard.", "hand"),
    Element(63, "All Chows", 2, "Four chows and a pair of a suit.", "hand", excludes=(76,)),
    Element(64, "Tile Hog", 2, "All four copies of a kind used without a kong, per kind.", "hand"),
    Element(65, "Double Pung", 2, "Pungs of one rank in two suits, per two pungs.",
            "pungs", arity=2),
    Element(66, "Two Concealed Pungs", 2, "Two concealed pungs or kongs.", "hand"),
    Element(67, "Concealed Kong", 2, "A concealed kong.", "hand"),
    Element(68, "All Simples", 2, "No terminal and no honour.", "hand", excludes=(76,)),
    Element(69, "Pure Double Chow", 1, "Two identical chows.", "chows", arity=2),
    Element(70, "Mixed Double Chow", 1, "The same chow in two suits.", "chows", arity=2),
    Element(71, "Short Straight", 1, "Two chows of one suit making six consecutive ranks.",
            "chows", arity=2),
    Element(72, "Two Terminal Chows", 1, "123 and 789 of one suit.", "chows", arity=2),
    Element(73, "Pung of Terminals or Honors", 1, "A pung of 1s, of 9s or of a wind, per pung.",
            "hand"),
    Element(74, "Melded Kong", 1, "A kong declared in the open.", "hand"),
    Element(75, "One Voided Suit", 1, "Exactly one of the three suits is missing.", "hand"),
    Element(76, "No Honors", 1, "No wind and no dragon.", "hand"),
    Element(77, "Edge Wait", 1, "The only winning tile was the 3 of 12 or the 7 of 89.",
            "hand", excludes=(78, 79)),
    Element(78, "Closed Wait", 1, "The only winning tile was the middle of a chow.",
            "hand", excludes=(77, 79)),
    Element(79, "Single Wait", 1, "The only winning tile paired a lone tile.",
            "hand", excludes=(77, 78)),
    Element(80, "Self-Drawn", 1, "The winning tile was drawn by the winner.", "hand"),
    Element(81, "Flower Tiles", 1, "Each flower or season, never toward the 8-point minimum.",
            "bonus"),
)

MIXED_KONGS = Element(82, "Concealed Kong and Melded Kong", 6, "One concealed and one melded kong "
                      "(dispute D2: 6 points in the Green Book, 5 in GB-Mahjong).",
                      "hand", excludes=(67, 74))
"""The pseudo-element for one concealed plus one melded kong (D2: docs/rulings.md)."""

EVERY: tuple[Element, ...] = (*ELEMENTS, MIXED_KONGS)
"""Every element the scorer counts, the pseudo-elements after the 81 (a new one is added here)."""

BY_NUMBER: dict[int, Element] = {element.number: element for element in EVERY}

# The rows of docs/rulings.md#the-two-rulesets where the rulesets differ in what is scored.
_POINTS: dict[str, dict[int, int]] = {"gb-mahjong": {48: 6, 82: 5}, "green-book": {}}
_EXTRA_EXCLUDES: dict[str, dict[int, tuple[int, ...]]] = {
    # D3: self-drawn special hands take Self-Drawn, not Fully Concealed; D8: Upper/Lower Tiles
    # also take Upper/Lower Four (the Green Book lists only No Honors, CN98 counts both).
    "gb-mahjong": {4: (56,), 6: (56,), 7: (56,), 12: (56,), 19: (56,), 20: (56,), 34: (56,),
                   25: (36,), 27: (37,)},
    # D7: Nine Gates is not combined with Pung of Terminals or Honors at all.
    "green-book": {4: (73,)},
}


def check_ruleset(ruleset: str) -> str:
    """Return ``ruleset`` if it is one of :data:`RULESETS`, else raise ``ValueError``."""
    if ruleset not in RULESETS:
        raise ValueError(f"no ruleset {ruleset!r}; the rulesets are {', '.join(RULESETS)}")
    return ruleset


def ruleset_index(ruleset: str) -> int:
    """The index in :data:`RULESETS` of ``ruleset``, which the kernels take: the one parse of a
    ruleset's name at an edge; raises :func:`check_ruleset`'s one-line ``ValueError``."""
    return RULESETS.index(check_ruleset(ruleset))


# Both lookups sit in the reference scorer's loop: tabulated once per ruleset.
_VALUES = {ruleset: {n: _POINTS[ruleset].get(n, e.points) for n, e in BY_NUMBER.items()}
           for ruleset in RULESETS}
_EXCLUDED = {ruleset: {n: frozenset((*e.excludes, *_EXTRA_EXCLUDES[ruleset].get(n, ())))
                       for n, e in BY_NUMBER.items()}
             for ruleset in RULESETS}


def points(number: int, ruleset: str = "green-book") -> int:
    """The value of element ``number`` under ``ruleset``.

    >>> points(82, "gb-mahjong"), points(82, "green-book")
    (5, 6)
    """
    return _VALUES[check_ruleset(ruleset)][number]


def excludes(number: int, ruleset: str = "green-book") -> frozenset[int]:
    """The elements not counted when element ``number`` scores, under ``ruleset``.

    >>> sorted(excludes(25, "gb-mahjong")), sorted(excludes(25, "green-book"))
    ([36, 76], [76])
    """
    return _EXCLUDED[check_ruleset(ruleset)][number]
