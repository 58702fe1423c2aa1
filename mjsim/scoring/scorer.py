"""Scoring a winning hand under the five counting principles (mcr-rules.md §4).

:func:`score` reads the hand every way :func:`mjsim.analysis.shanten.decompositions` allows, scores each
reading under the principles and keeps the highest total (high-over-low); flower points are
counted apart. It runs the compiled kernel :mod:`mjsim_core.score`. The readable definition is
here too: :func:`readings` gives each reading as plain data, :func:`evaluate` scores one with the
checkers of :mod:`mjsim.scoring.elements`, and :func:`mjsim.reference.score.score` keeps the best of them;
the tests hold the kernel equal to it.

>>> from mjsim import Hand
>>> hand = Hand.parse("chow(234m) 234m 567m 567m EE")
>>> s = score(hand, WinContext(win_tile=27, self_drawn=False, seat_wind=1, prevalent_wind=2))
>>> s.total, [(name, count) for _, name, _, count in s.fans]
(10, [('Half Flush', 1), ('Pure Double Chow', 2), ('Short Straight', 1), ('Single Wait', 1)])
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations

import numpy as np
from mjsim_core.score import MIN_POINTS

from mjsim.analysis import shanten
from mjsim.scoring.elements import (
    BY_NUMBER,
    FANS,
    MIXED_KONGS,
    RULESETS,
    Fan,
    Reading,
    Set,
    check_ruleset,
    excludes,
    points,
)
from mjsim.tiles.hand import Hand
from mjsim.tiles.kinds import NAMES, TERMINALS, WIND_KINDS, Kind
from mjsim.tiles.notation import print_meld, print_tiles
from mjsim_core import score as compiled

"""A win needs this many points, flowers not counted (score() reports; callers compare)."""

CHICKEN_HAND, FLOWER_TILES = 43, 81
_HAND_FANS = tuple(f for f in (*FANS, MIXED_KONGS) if f.scope == "hand")


@dataclass(frozen=True, slots=True)
class WinContext:
    """How the hand was won. Winds are 0-3 for E S W N; ``flowers`` counts bonus tiles.

    ``last_copy``: the other three copies of the winning tile were face up. ``wall_last``: the
    winning tile was the last of the wall (self-drawn) or the discard after it. ``replacement``:
    the tile drawn for a kong. ``robbing``: the tile another player added to his pung.
    ``initial``: the dealer's fourteen dealt tiles are complete (a self-drawn win that never
    waited, so it scores no wait element: mcr-rules.md D20). Raises ``ValueError`` naming the
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
        if not isinstance(self.win_tile, (int, np.integer)) or not 0 <= self.win_tile < 34:
            raise ValueError(f"the winning tile must be a playing kind 0-33, not {self.win_tile!r}")
        for name in ("seat_wind", "prevalent_wind"):
            if getattr(self, name) not in range(4):
                raise ValueError(f"{name} is 0-3 (E S W N), not {getattr(self, name)!r}")
        if self.flowers not in range(9):
            raise ValueError(f"flowers counts bonus tiles, 0-8, not {self.flowers!r}")
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


@dataclass(frozen=True, slots=True)
class Scored:
    """The value of a winning hand: ``total`` without flowers, the elements, the grouping used.

    ``fans`` holds ``(number, name, points, count)`` with points per count, highest first; Flower
    Tiles (81) is listed when there are flowers but is not part of ``total``. ``reading`` (the
    reading scored, as plain data) and ``grouping`` are worked out when first asked for: a game
    engine checking whether a hand reaches eight points needs neither.
    """

    total: int
    flowers: int
    fans: tuple[tuple[int, str, int, int], ...]
    ruleset: str
    _hand: Hand = dataclasses.field(repr=False, compare=False)
    _read: Callable[[], Reading] = dataclasses.field(repr=False, compare=False)

    @property
    def reading(self) -> Reading:
        return self._read()

    @property
    def grouping(self) -> tuple[str, ...]:
        """The sets and pairs of the reading scored, in notation: declared melds first."""
        return _grouping(self._hand, self.reading)

    @property
    def total_with_flowers(self) -> int:
        return self.total + self.flowers

    def explain(self) -> str:
        """A breakdown a player can check line by line."""
        lines = [f"Grouping: {'  '.join(self.grouping)}"]
        for number, name, value, count in self.fans:
            times = f" x{count}" if count > 1 else ""
            lines.append(f"  {number:2d} {name + times:<40} {value * count:>3}")
        lines.append(f"Total {self.total} ({self.ruleset})"
                     + (f", with flowers {self.total_with_flowers}" if self.flowers else ""))
        if self.total < MIN_POINTS:
            lines.append(f"Below the {MIN_POINTS}-point minimum: not a legal win")
        return "\n".join(lines)


def score(hand: Hand, ctx: WinContext, ruleset: str = "green-book") -> Scored:
    """Score a complete hand (its concealed tiles include the winning tile) won as ``ctx`` says.

    Raises ``ValueError`` for an unknown ruleset, a hand that is not complete, a winning tile
    not among the concealed tiles, or a context the hand makes impossible (robbing a tile the
    winner holds, a replacement win without a kong, a last copy the winner holds another of,
    flowers that disagree with the hand's).

    >>> from mjsim import Hand
    >>> s = score(Hand.parse("1199m 99s EE WW RR BB"), WinContext(33, False, 1, 0))
    >>> s.total, s.grouping
    (57, ('11m', '99m', '99s', 'EE', 'WW', 'RR', 'BB'))
    """
    index = RULESETS.index(check_ruleset(ruleset))
    ctx = _checked(hand, ctx)
    total, found, row = compiled.score_hand(hand, ctx, index)
    hand = hand.copy()  # the caller's hand may go on changing; the reading is read from this

    def read() -> Reading:
        held = _before_win(hand, ctx)
        waits = formal_waits(held, len(hand.melds))
        return _reading(hand, ctx, shanten.Decomposition(*row), held, waits)

    return scored(hand, ctx, ruleset, total, dict(found), read)


def scored(hand: Hand, ctx: WinContext, ruleset: str, total: int, found: dict[int, int],
           read: Callable[[], Reading]) -> Scored:
    """The :class:`Scored` of the reading ``read`` gives, whose elements are ``found``."""
    fans = [(n, BY_NUMBER[n].name, points(n, ruleset), c) for n, c in found.items()]
    if ctx.flowers:
        fans.append((FLOWER_TILES, BY_NUMBER[FLOWER_TILES].name, 1, ctx.flowers))
    fans.sort(key=lambda f: (-f[2], f[0]))
    return Scored(total, ctx.flowers, tuple(fans), ruleset, hand, read)


def evaluate(reading: Reading, ctx: WinContext, ruleset: str) -> dict[int, int]:
    """Element number -> count for one reading, after the principles; flowers left out.

    Checks every element, counts the chow and pung patterns once each (account-once,
    non-identical), lets the wind elements take their pungs from Pung of Terminals or Honors, then
    applies the suppressions from the highest element down (non-repeat): an element suppressed
    by another suppresses nothing itself. Chicken Hand when nothing is left.
    """
    found: Counter[int] = Counter()
    for fan in _HAND_FANS:
        count = int(fan.check(reading, ctx))
        if count:
            found[fan.number] = count
    found.update(group_elements(reading.chows, reading.pair, "chows"))
    found.update(group_elements(reading.pungs, reading.pair, "pungs"))
    if 73 in found:
        found[73] = _terminal_pungs_left(reading, found, ctx, ruleset)
    suppressed: set[int] = set()
    for number in sorted(found, key=lambda n: (-points(n, ruleset), n)):
        if number not in suppressed:
            suppressed |= excludes(number, ruleset)
    kept = {n: c for n, c in found.items() if c > 0 and n not in suppressed}
    return kept or {CHICKEN_HAND: 1}


def _terminal_pungs_left(reading: Reading, found: Counter[int], ctx: WinContext,
                         ruleset: str) -> int:
    """Pung of Terminals or Honors after the wind elements absorb their pungs (§3.14 a)."""
    taken: set[Kind] = set()
    if found.keys() & {1, 9, 38}:
        taken |= WIND_KINDS
    if 60 in found:
        taken.add(27 + ctx.prevalent_wind)
    if 61 in found:
        taken.add(27 + ctx.seat_wind)
    left = sum(1 for k in reading.pungs if (k in TERMINALS or k in WIND_KINDS) and k not in taken)
    if ruleset == "gb-mahjong" and 4 in found:
        left -= 1  # D7: GB-Mahjong's Nine Gates removes exactly one
    return max(left, 0)


def _group_fans(scope: str, arity: int) -> tuple[Fan, ...]:
    fans = [f for f in FANS if f.scope == scope and f.arity == arity]
    return tuple(sorted(fans, key=lambda f: (-f.points, f.number)))


_GROUP_FANS = {(scope, n): _group_fans(scope, n) for scope in ("chows", "pungs") for n in (2, 3, 4)}


def group_elements(tiles: tuple[Kind, ...], pair: Kind, scope: str) -> dict[int, int]:
    """The relation elements of a reading's chows (or pungs), counted once each (§3.14 d-e).

    A four-set pattern takes all four sets. Otherwise the best three-set pattern counts, and the
    fourth set may add one two-set relation with one of the three. Otherwise the two-set relations
    count, but never more than the sets minus the groups of related sets (no cycle), dropping
    repeated kinds first. ``tiles`` ascending: chows by lowest kind, pungs by kind.

    >>> group_elements((19, 19, 22, 22), 13, "chows")   # 234s 234s 567s 567s
    {69: 2, 71: 1}
    >>> group_elements((1, 10, 13, 22), 4, "pungs")     # 222m 222p 555p 555s
    {65: 2}
    """
    n = len(tiles)
    if n == 4:
        for fan in _GROUP_FANS[scope, 4]:
            if fan.check(tiles, pair):
                return {fan.number: 1}
    best: dict[int, int] = {}
    for trio in combinations(range(n), 3):
        three = tuple(tiles[i] for i in trio)
        for fan in _GROUP_FANS[scope, 3]:
            if not fan.check(three, pair):
                continue
            found = {fan.number: 1}
            for extra in (tiles[i] for i in range(n) if i not in trio):
                relation = _first_relation(three, extra, pair, scope)
                if relation:
                    found[relation] = 1
            if _value(found) > _value(best):
                best = found
    if best:
        return best
    return _capped_relations(tiles, pair, scope)


def _value(found: dict[int, int]) -> int:
    return sum(BY_NUMBER[n].points * c for n, c in found.items())


def _relation(a: Kind, b: Kind, pair: Kind, scope: str) -> int | None:
    """The two-set element of sets ``a`` and ``b`` (at most one can hold)."""
    two = (min(a, b), max(a, b))
    return next((f.number for f in _GROUP_FANS[scope, 2] if f.check(two, pair)), None)


def _first_relation(three: tuple[Kind, ...], extra: Kind, pair: Kind, scope: str) -> int | None:
    relations = [r for r in (_relation(t, extra, pair, scope) for t in three) if r]
    return min(relations, key=lambda r: (-BY_NUMBER[r].points, r)) if relations else None


def _capped_relations(tiles: tuple[Kind, ...], pair: Kind, scope: str) -> dict[int, int]:
    n = len(tiles)
    edges = [(i, j, r) for i, j in combinations(range(n), 2)
             if (r := _relation(tiles[i], tiles[j], pair, scope))]
    group = list(range(n))

    def root(i: int) -> int:
        while group[i] != i:
            i = group[i]
        return i

    for i, j, _ in edges:
        group[root(i)] = root(j)
    cap = n - len({root(i) for i in range(n)})
    counts = Counter(r for _, _, r in edges)
    excess = sum(counts.values()) - cap
    # GB-Mahjong's order: trim repeated kinds first, the later-numbered kind first.
    for floor in (1, 0):
        for number in sorted(counts, reverse=True):
            cut = min(excess, max(counts[number] - floor, 0))
            counts[number] -= cut
            excess -= cut
    return {r: c for r, c in sorted(counts.items()) if c}


# ---- readings -------------------------------------------------------------------------------

def _checked(hand: Hand, ctx: WinContext) -> WinContext:
    """``ctx`` made consistent with ``hand``, or ``ValueError`` naming the conflict."""
    win = int(ctx.win_tile)
    name = NAMES[win]
    if hand.counts[win] == 0:
        raise ValueError(f"the winning tile {name} is not among the concealed tiles")
    if hand.size != 14:
        raise ValueError(f"a winning hand has 14 tiles (a kong counting 3), not {hand.size}")
    if ctx.robbing and hand.total_copies(win) != 1:
        raise ValueError(f"cannot rob a kong of {name}: the winner holds another {name}")
    if ctx.replacement and not any(m.is_kong for m in hand.melds):
        raise ValueError("a win on a replacement tile needs a declared kong")
    if ctx.initial and hand.melds:
        raise ValueError("a win on the dealt tiles has no declared meld")
    if ctx.last_copy and hand.counts[win] != 1:
        raise ValueError(f"{name} cannot be the last copy: the winner holds another")
    if hand.flowers and ctx.flowers and ctx.flowers != len(hand.flowers):
        raise ValueError(f"the context counts {ctx.flowers} flowers, the hand shows "
                         f"{len(hand.flowers)}")
    flowers = ctx.flowers or len(hand.flowers)
    # Three copies in the winner's own exposed melds make the winning tile the last one (§6.4).
    exposed = sum(m.tiles.count(win) for m in hand.melds if not m.concealed)
    return dataclasses.replace(ctx, flowers=flowers, last_copy=ctx.last_copy or exposed == 3)


def readings(hand: Hand, ctx: WinContext) -> list[Reading]:
    """Every reading of a complete hand, as plain :class:`~mjsim.scoring.elements.Reading` data.

    Raises ``ValueError`` when the hand is not complete.

    >>> from mjsim import Hand
    >>> [(r.chows, r.pungs) for r in readings(Hand.parse("111222333m 789p 55s"),
    ...                                        WinContext(22, False, 0, 0))]
    [((0, 0, 0, 15), ()), ((15,), (0, 1, 2))]
    """
    found = shanten.decompositions(hand.counts, len(hand.melds))
    if not found:
        raise ValueError(f"{hand} is not a complete hand: no reading as four sets and a pair, "
                         "seven pairs, thirteen orphans or a knitted hand")
    held = _before_win(hand, ctx)
    waits = formal_waits(held, len(hand.melds))
    return [_reading(hand, ctx, d, held, waits) for d in found]


def _before_win(hand: Hand, ctx: WinContext) -> np.ndarray:
    held = hand.counts.copy()
    held[int(ctx.win_tile)] -= 1
    return held


def _reading(hand: Hand, ctx: WinContext, d: shanten.Decomposition, held: np.ndarray,
             waits: tuple[Kind, ...]) -> Reading:
    """One decomposition as the checkers read it: its sets marked melded or concealed."""
    win = int(ctx.win_tile)
    counts = hand.counts.astype(int)
    for meld in hand.melds:
        for tile in meld.tiles:
            counts[tile] += 1
    declared = tuple(Set(m.kind, m.tile, m.concealed, True) for m in hand.melds)
    # A pung completed by the winning discard is melded, unless the tile fits a chow (§2.2).
    in_chow = any(low <= win <= low + 2 for low in d.chows)
    pungs = tuple(Set("pung", k, ctx.self_drawn or k != win or in_chow, False) for k in d.pungs)
    chows = tuple(Set("chow", k, True, False) for k in d.chows)
    if ctx.initial:   # dealt complete, the hand never waited: no wait element (D20)
        judged: tuple[Kind, ...] = ()
    elif d.form == "knitted_straight" and not hand.melds:
        judged = _knitted_waits(hand.counts, d.knitted, win)
    else:
        judged = waits
    return Reading(d.form, declared + chows + pungs, d.pair, d.pairs, d.knitted,
                   tuple(counts.tolist()), tuple(held.tolist()), judged)


def formal_waits(held: np.ndarray, melds: int) -> tuple[Kind, ...]:
    """The kinds that complete ``held`` on paper, a fifth copy included (D10, §5.7).

    :func:`mjsim.analysis.shanten.waits` never lists a kind held four times; GB-Mahjong counts it when a
    fifth copy would complete the hand, so such kinds are checked here.

    >>> from mjsim import Hand
    >>> formal_waits(Hand.parse("1111234m").counts, 2)   # beside two melds; 1m: a fifth copy
    (0, 3)
    """
    kinds = set(shanten.waits(held, melds))
    kinds.update(k for k in range(34) if held[k] == 4 and _fifth_completes(held, melds, k))
    return tuple(sorted(kinds))


def _fifth_completes(held: np.ndarray, melds: int, kind: Kind) -> bool:
    """Five copies of ``kind`` make either a pung and more, or a pair and three in chows."""
    as_pung = held.copy()
    as_pung[kind] -= 2  # five less a pung of three, read as one more declared set
    if melds < 4 and shanten.decompositions(as_pung, melds + 1):
        return True
    as_pair = held.copy()
    as_pair[kind] -= 1  # five less the pair: three left for sets
    stand_in = next((h for h in range(27, 34) if held[h] == 0), None)
    if stand_in is None:  # every honour held once or more: the rest cannot be all sets
        return False
    as_pair[stand_in] = 2  # an honour pair stands in for the pair of ``kind``
    return any(d.form == "regular" and d.pair == stand_in
               for d in shanten.decompositions(as_pair, melds))


def _knitted_waits(counts: np.ndarray, knitted: tuple[Kind, ...], win: Kind) -> tuple[Kind, ...]:
    """A concealed knitted straight's wait: that of the four tiles beside the body (D11)."""
    rest = counts.copy()
    for k in knitted:
        rest[k] -= 1
    if rest[win] == 0:  # the winning tile can only be a knitted one: no wait element
        return ()
    rest[win] -= 1
    return formal_waits(rest, 3)


def _grouping(hand: Hand, reading: Reading) -> tuple[str, ...]:
    groups = [print_meld(m) for m in hand.melds]
    concealed = [s for s in reading.sets if not s.declared]
    if reading.form in ("honors_knitted", "knitted_straight"):
        groups.append(print_tiles(reading.knitted))
    if reading.form == "thirteen_orphans":
        groups.append(print_tiles(hand.tiles()))
    groups += [print_tiles([s.tile, s.tile + 1, s.tile + 2] if s.kind == "chow" else [s.tile] * 3)
               for s in concealed]
    groups += [print_tiles([k, k]) for k in reading.pairs]
    if reading.pair >= 0 and reading.form != "thirteen_orphans":
        groups.append(print_tiles([reading.pair] * 2))
    return tuple(groups)
