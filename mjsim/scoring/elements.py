"""The 81 scoring elements of Chinese Official Mahjong as data, the two rulesets, and how a hand
was won (:class:`WinContext`).

The element data is :mod:`mjsim_core.elements`, the one table the compiled scorer is built
from; this module is its face in the scoring layer. Numbering, names and points follow the Green
Book (docs/rules.md#the-elements); each :class:`Element` has its ``number``, ``name``, ``points``, a
one-sentence description (``sentence``), what its condition reads (``scope``: the whole hand, a
group of ``arity`` chows or pungs, or nothing of its own for Chicken Hand and Flower Tiles) and
what it suppresses when it scores (``excludes``: the whole element; ``absorbs``: only for the sets
it uses). The rulesets differ in a few rows (docs/rulings.md#the-two-rulesets): :func:`points` and
:func:`excludes` take the ruleset. :data:`MIXED_KONGS` is the one pseudo-element outside the 81
(dispute D2).

>>> len(ELEMENTS), ELEMENTS[0].name, BY_NAME["Two Concealed Kongs"].number
(81, 'Big Four Winds', 48)
>>> points(48, "green-book"), points(48, "gb-mahjong")
(8, 6)
>>> tier_sizes("gb-mahjong")[8], tier_sizes("green-book")[8]
(9, 10)
"""

from __future__ import annotations

from dataclasses import dataclass

from mjsim.errors import whole
from mjsim.tiles.kinds import N_PLAYING, Kind
from mjsim_core.elements import (
    BY_NUMBER,
    ELEMENTS,
    MIXED_KONGS,
    RULESETS,
    Element,
    Scope,
    check_ruleset,
    excludes,
    points,
    ruleset_index,
)

__all__ = ["BY_NAME", "BY_NUMBER", "ELEMENTS", "MIXED_KONGS", "RULESETS", "Element", "Scope",
           "WinContext", "check_ruleset", "excludes", "points", "ruleset_index", "tier_sizes"]

BY_NAME: dict[str, Element] = {element.name: element for element in BY_NUMBER.values()}


def tier_sizes(ruleset: str = "green-book") -> dict[int, int]:
    """How many of the 81 elements are worth each value, highest first."""
    sizes: dict[int, int] = {}
    for element in ELEMENTS:
        value = points(element.number, ruleset)
        sizes[value] = sizes.get(value, 0) + 1
    return dict(sorted(sizes.items(), reverse=True))


@dataclass(frozen=True, slots=True)
class WinContext:
    """How the hand was won. Winds are 0-3 for E S W N; ``flowers`` counts bonus tiles.

    ``last_copy``: the other three copies of the winning tile were face up. ``wall_last``: the
    winning tile was the last of the wall (self-drawn) or the discard after it. ``replacement``:
    the tile drawn for a kong. ``robbing``: the tile another player added to his pung.
    ``initial``: the dealer's fourteen dealt tiles are complete (a self-drawn win that never
    waited, so it scores no wait element: D20, docs/rulings.md). Raises ``ValueError`` naming the
    conflict for an impossible combination.

    >>> WinContext(5, self_drawn=True, seat_wind=0, prevalent_wind=0, robbing=True)
    Traceback (most recent call last):
    ...
    ValueError: robbing a kong is a win on another player's tile, so it is never self-drawn
    """

    win_tile: Kind
    self_drawn: bool
    seat_wind: int
    prevalent_wind: int
    flowers: int = 0
    last_copy: bool = False
    wall_last: bool = False
    replacement: bool = False
    robbing: bool = False
    initial: bool = False

    def __post_init__(self) -> None:
        # Any integer, numpy's included, kept as a plain int; a float is refused, not kept
        # (flowers=2.0 once stayed 2.0, where win_tile=13.0 was refused).
        for name, most in _NUMBERS:
            object.__setattr__(self, name, whole(getattr(self, name), name, 0, most))
        for name in _FLAGS:
            if getattr(self, name) not in (False, True):  # numpy's bools and 0/1 are these
                raise ValueError(f"{name} is True or False, not {getattr(self, name)!r}")
        if self.robbing and self.self_drawn:
            raise ValueError("robbing a kong is a win on another player's tile, "
                             "so it is never self-drawn")
        if self.replacement and not self.self_drawn:
            raise ValueError("a win on a kong's replacement tile is always self-drawn")
        if self.robbing and self.wall_last:
            raise ValueError("no kong can be promoted once the wall is empty, "
                             "so none can be robbed with the last tile")
        if self.initial and (not self.self_drawn or self.last_copy or self.wall_last
                             or self.replacement):
            raise ValueError("a win on the dealt tiles is self-drawn, before any tile is face "
                             "up, drawn from the wall's end or drawn for a kong")
        if self.initial and self.seat_wind != 0:
            raise ValueError("a win on the dealt tiles is the dealer's, whose seat wind is East "
                             f"(0), not {'ESWN'[self.seat_wind]} ({self.seat_wind})")


_FLAGS = ("self_drawn", "last_copy", "wall_last", "replacement", "robbing", "initial")
# The numbers, each a whole number from 0 to its most: the winning kind, the winds (E S W N),
# the bonus tiles.
_NUMBERS = (("win_tile", N_PLAYING - 1), ("seat_wind", 3), ("prevalent_wind", 3), ("flowers", 8))
