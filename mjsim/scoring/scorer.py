"""Scoring a winning hand under the five counting principles
(docs/rules.md#the-counting-principles).

:func:`score` hands the hand to the compiled kernel :mod:`mjsim_core.score`, which reads it every
way :func:`mjsim.analysis.shanten.decompositions` allows, scores each reading under the principles
and keeps the highest total (high-over-low); flower points are counted apart. The readable
definition, reading by reading in Python, is :mod:`mjsim.reference.score`; the tests hold the
kernel equal to it.

>>> from mjsim import Hand
>>> hand = Hand.parse("chow(234m) 234m 567m 567m EE")
>>> s = score(hand, WinContext(win_tile=27, self_drawn=False, seat_wind=1, prevalent_wind=2))
>>> s.total, [(name, count) for _, name, _, count in s.fans]
(10, [('Half Flush', 1), ('Pure Double Chow', 2), ('Short Straight', 1), ('Single Wait', 1)])
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import TYPE_CHECKING, cast

from mjsim.analysis.shanten import Decomposition
from mjsim.errors import counted
from mjsim.scoring.elements import BY_NUMBER, WinContext, points
from mjsim.tiles.hand import Hand
from mjsim.tiles.kinds import NAMES
from mjsim.tiles.meld import Meld
from mjsim.tiles.notation import print_meld, print_tiles
from mjsim_core import score as compiled
from mjsim_core.score import MIN_POINTS

if TYPE_CHECKING:
    from mjsim_core.score import ReadingTuple

__all__ = ["MIN_POINTS", "Scored", "WinContext", "check_context", "fan_line", "score", "scored",
           "total_line"]

FLOWER_TILES = 81


class Scored(compiled.Result):
    """The value of a winning hand: ``total`` without flowers, the elements, the grouping used.

    ``fans`` holds ``(number, name, points, count)`` with points per count, highest first; Flower
    Tiles (81) is listed when there are flowers but is not part of ``total``. The compiled
    scorer leaves only numbers behind: ``fans``, ``reading`` (the reading scored, as
    :func:`mjsim.analysis.shanten.decompositions` gives it), ``grouping`` and :meth:`explain` are
    made when asked for, since a game engine checking whether a hand reaches eight points needs
    none of them. Immutable; equal when total, flowers, fans and ruleset are.
    """

    __slots__ = ()

    @property
    def fans(self) -> tuple[tuple[int, str, int, int], ...]:
        ruleset = self.ruleset
        fans = [(n, BY_NUMBER[n].name, points(n, ruleset), c) for n, c in self.found()]
        if self.flowers:
            fans.append((FLOWER_TILES, BY_NUMBER[FLOWER_TILES].name, 1, self.flowers))
        fans.sort(key=lambda f: (-f[2], f[0]))
        return tuple(fans)

    @property
    def reading(self) -> Decomposition:
        return Decomposition(*self.decomposition())

    @property
    def grouping(self) -> tuple[str, ...]:
        """The sets and pairs of the reading scored, in notation: declared melds first."""
        reading = self.reading
        groups = [print_meld(cast(Meld, m)) for m in self.melds]
        if reading.form in ("honors_knitted", "knitted_straight"):
            groups.append(print_tiles(reading.knitted))
        if reading.form == "thirteen_orphans":
            groups.append(print_tiles(self.held()))
        groups += [print_tiles([low, low + 1, low + 2]) for low in reading.chows]
        groups += [print_tiles([kind] * 3) for kind in reading.pungs]
        groups += [print_tiles([kind] * 2) for kind in reading.pairs]
        if reading.pair >= 0 and reading.form != "thirteen_orphans":
            groups.append(print_tiles([reading.pair] * 2))
        return tuple(groups)

    @property
    def total_with_flowers(self) -> int:
        return self.total + self.flowers

    def explain(self) -> str:
        """A breakdown a player can check line by line."""
        lines = [f"Grouping: {'  '.join(self.grouping)}"]
        lines.extend(fan_line(*fan) for fan in self.fans)
        lines.append(total_line(self.total, self.flowers, self.ruleset))
        if self.total < MIN_POINTS:
            lines.append(f"Below the {MIN_POINTS}-point minimum: not a legal win")
        return "\n".join(lines)

    def _key(self) -> tuple[int, int, tuple[tuple[int, int], ...], str]:
        return self.total, self.flowers, self.found(), self.ruleset

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Scored):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"Scored(total={self.total}, flowers={self.flowers}, fans={self.fans!r}, "
                f"ruleset={self.ruleset!r})")


def fan_line(number: int, name: str, points: int, count: int) -> str:
    """One element of a win as every breakdown writes it (``explain``, the game's hand end).

    >>> fan_line(48, "Pure Shifted Pungs", 2, 2)
    '  48 Pure Shifted Pungs x2                      4'
    """
    times = f" x{count}" if count > 1 else ""
    return f"  {number:2d} {name + times:<40} {points * count:>3}"


def total_line(total: int, flowers: int, ruleset: str | None = None) -> str:
    """A win's total as every breakdown writes it: the points (flowers apart), then with the
    flowers when there are any.

    >>> total_line(9, 3, "green-book"), total_line(9, 0)
    ('Total 9 (green-book), with flowers 12', 'Total 9')
    """
    named = f" ({ruleset})" if ruleset else ""
    return f"Total {total}{named}" + (f", with flowers {total + flowers}" if flowers else "")


def score(hand: Hand, ctx: WinContext, ruleset: str | int = "green-book") -> Scored:
    """Score a complete hand (its concealed tiles include the winning tile) won as ``ctx`` says,
    under ``ruleset``: a name in :data:`RULESETS`, or its index there (what
    :class:`~mjsim.game.settings.Settings` and the engine hold, parsed once).

    Raises ``ValueError`` for an unknown ruleset, a hand that is not complete, a winning tile
    not among the concealed tiles, or a context the hand makes impossible (robbing a tile the
    winner holds, a replacement win without a kong, a last copy the winner holds another of,
    flowers that disagree with the hand's). The checks and the scoring are one compiled call
    (:func:`mjsim_core.score.score_win`).

    >>> from mjsim import Hand
    >>> s = score(Hand.parse("1199m 99s EE WW RR BB"), WinContext(33, False, 1, 0))
    >>> s.total, s.grouping
    (57, ('11m', '99m', '99s', 'EE', 'WW', 'RR', 'BB'))
    """
    try:
        return compiled.score_win(hand, ctx, ruleset, Scored)
    except compiled.ContextConflict as conflict:
        raise _worded(conflict, hand, ctx) from None
    except AttributeError as error:   # the kernel reads its arguments' attributes by name
        raise _wrong_argument(hand, ctx, error) from None


def scored(hand: Hand, ctx: WinContext, ruleset: str, total: int,
           found: Iterable[tuple[int, int]], reading: ReadingTuple) -> Scored:
    """The :class:`Scored` of ``reading`` (as :func:`mjsim.analysis.shanten.decompositions`
    gives it), whose elements are the ``(number, count)`` pairs ``found``, worth ``total``."""
    return Scored(total, ctx.flowers, ruleset, hand.melds, sorted(found), reading, hand.counts)


def check_context(hand: Hand, ctx: WinContext) -> WinContext:
    """``ctx`` made consistent with ``hand``, or ``ValueError`` naming the conflict.

    The flowers are the hand's when the context counts none, and three copies of the winning
    tile in the winner's own exposed melds make it the last copy
    (docs/rules.md#how-the-hand-was-won). The checks are :func:`mjsim_core.score.check_win`'s, the
    ones :func:`score` makes.

    >>> from mjsim import Hand
    >>> hand = Hand.parse("pung(555m) 345m 456p 789s EE F2")
    >>> ctx = check_context(hand, WinContext(4, True, 0, 0))
    >>> ctx.flowers, ctx.last_copy
    (1, True)
    """
    try:
        flowers, last_copy = compiled.check_win(hand, ctx)
    except compiled.ContextConflict as conflict:
        raise _worded(conflict, hand, ctx) from None
    except AttributeError as error:   # the kernel reads its arguments' attributes by name
        raise _wrong_argument(hand, ctx, error) from None
    if (flowers, last_copy) == (ctx.flowers, ctx.last_copy):
        return ctx  # the common case: nothing to add, and no copy to pay for
    return dataclasses.replace(ctx, flowers=flowers, last_copy=last_copy)


def _wrong_argument(hand: object, ctx: object, error: AttributeError) -> Exception:
    """A TypeError naming the argument that is not a Hand or not a WinContext; ``error`` itself
    when both are."""
    if not isinstance(hand, Hand):
        return TypeError(f"hand is a Hand (Hand.parse makes one), not {type(hand).__name__}")
    if not isinstance(ctx, WinContext):
        return TypeError(f"ctx is a WinContext, not {type(ctx).__name__}")
    return error


def _worded(conflict: compiled.ContextConflict, hand: Hand, ctx: WinContext) -> ValueError:
    """The conflict the compiled check found, in words naming the tiles."""
    name = NAMES[int(ctx.win_tile)]
    words = {
        "not_held": f"the winning tile {name} is not among the concealed tiles",
        "size": f"a winning hand has 14 tiles (a kong counting 3), not {hand.size}",
        "robbing": f"cannot rob a kong of {name}: the winner holds another {name}",
        "replacement": "a win on a replacement tile needs a declared kong",
        "initial": "a win on the dealt tiles has no declared meld",
        "last_copy": f"{name} cannot be the last copy: the winner holds another",
        "flowers": f"the context counts {counted(ctx.flowers, 'flower')}, "
                   f"the hand shows {len(hand.flowers)}",
    }
    return ValueError(words[conflict.problem])
