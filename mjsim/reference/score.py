"""The readable scorer: every reading of the hand scored by the 81 checkers, the best kept.

This is the definition the compiled kernel behind :func:`mjsim.scoring.score` is tested against
(``tests/scoring/test_score_compiled.py``); it is slow (about a hundred times the kernel) and
used by tests and benchmarks only. :func:`readings` gives each reading of a hand as plain data
(:class:`Reading`); each element's checker, attached to it by number, says whether it holds;
:func:`evaluate` applies the counting principles (docs/rules.md#the-counting-principles) to one
reading, and
:func:`score` keeps the best reading, breaking ties as GB-Mahjong does.

Checkers come in two kinds: a hand checker (:data:`HAND_CHECKS`) takes a reading and the win
context and says how many times the element holds (0 when it does not); a group checker
(:data:`GROUP_CHECKS`) takes a group of 2, 3 or 4 chows (their lowest kinds) or pungs (their
kinds), ascending, and the pair's kind, and says whether the relation holds; the counting
principles (:func:`group_elements`) decide which groups may count. Chicken Hand and Flower Tiles
have no checker of their own.

>>> from mjsim import Hand
>>> from mjsim.scoring import WinContext
>>> score(Hand.parse("chow(234m) 234m 567m 567m EE"), WinContext(27, False, 1, 2)).total
10
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations, pairwise
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from mjsim.analysis import shanten
from mjsim.scoring.elements import (
    BY_NUMBER,
    ELEMENTS,
    WinContext,
    check_ruleset,
    excludes,
    points,
)
from mjsim.scoring.scorer import Scored, check_context, scored
from mjsim.tiles.hand import Hand
from mjsim.tiles.kinds import (
    DRAGON_KINDS,
    DRAGONS,
    FIRST_HONOR,
    GREENS,
    HONOR_KINDS,
    HONORS,
    N_PLAYING,
    REVERSIBLES,
    SIMPLES,
    TERMINALS,
    TERMINALS_AND_HONORS,
    WIND_KINDS,
    WINDS,
    Kind,
    is_suited,
    kind_of,
    rank,
    suit,
)

Counts = npt.NDArray[np.uint8]


class Set(NamedTuple):
    """One set of a reading: ``kind`` chow, pung or kong; ``tile`` the lowest kind of a chow or
    the kind of a pung; ``concealed`` whether it counts as concealed for the concealed-pung
    elements (a pung completed by the winning discard does not); ``declared`` whether it is a
    declared meld (a concealed kong is declared and concealed)."""

    kind: str
    tile: Kind
    concealed: bool
    declared: bool


@dataclass(frozen=True, slots=True)
class Reading:
    """One way to read a complete hand: plain data, everything a checker looks at.

    ``form`` is one of :data:`mjsim.analysis.shanten.FORMS`. ``sets`` holds the declared melds and
    the concealed sets of the reading (a knitted straight's nine tiles are not sets). ``pair`` is
    the pair's kind (-1 when none), ``pairs`` the seven pairs, ``knitted`` the knitted kinds (nine
    for a knitted straight, fourteen for honours-and-knitted). ``counts`` counts every tile of the
    hand (melds included, a kong as four), ``held`` the concealed tiles before the win, and
    ``waits`` the kinds the wait elements judge against (docs/rules.md#waits). ``present``
    (derived) lists the kinds in the hand.
    """

    form: str
    sets: tuple[Set, ...]
    pair: Kind
    pairs: tuple[Kind, ...]
    knitted: tuple[Kind, ...]
    counts: tuple[int, ...]
    held: tuple[int, ...]
    waits: tuple[Kind, ...]
    present: tuple[Kind, ...] = ()

    @property
    def chows(self) -> tuple[Kind, ...]:
        return tuple(sorted(s.tile for s in self.sets if s.kind == "chow"))

    @property
    def pungs(self) -> tuple[Kind, ...]:
        """The kinds of the pungs and kongs."""
        return tuple(sorted(s.tile for s in self.sets if s.kind != "chow"))

    def __post_init__(self) -> None:
        # The kinds in the hand, asked for by many checkers: computed once.
        object.__setattr__(self, "present", tuple(k for k, n in enumerate(self.counts) if n))

    def decomposition(self) -> shanten.Decomposition:
        """The concealed part, as :func:`mjsim.analysis.shanten.decompositions` gives it."""
        own = [s for s in self.sets if not s.declared]
        return shanten.Decomposition(
            self.form, self.pair, tuple(sorted(s.tile for s in own if s.kind == "chow")),
            tuple(sorted(s.tile for s in own if s.kind != "chow")), self.pairs, self.knitted)


HandCheck = Callable[[Reading, WinContext], int]
GroupCheck = Callable[[tuple[Kind, ...], Kind], bool]


# ---- small helpers over kinds ---------------------------------------------------------------

def _suits(r: Reading) -> set[int | None]:
    return {suit(k) for k in r.present if is_suited(k)}


def _has_honors(r: Reading) -> bool:
    return any(r.counts[k] for k in HONOR_KINDS)


def _all_in(r: Reading, allowed: frozenset[Kind]) -> bool:
    return all(k in allowed for k in r.present)


def _ranks_of(kinds: tuple[Kind, ...]) -> list[int]:
    """The ranks of the suited kinds among ``kinds``, ascending."""
    return sorted(r for r in map(rank, kinds) if r is not None)


def _ranks(r: Reading) -> set[int] | None:
    """The ranks present, or None when the hand holds an honour."""
    return None if _has_honors(r) else set(_ranks_of(r.present))


def _set_tiles(s: Set) -> tuple[Kind, ...]:
    return (s.tile, s.tile + 1, s.tile + 2) if s.kind == "chow" else (s.tile,)


def _every_group(r: Reading, test: Callable[[tuple[Kind, ...]], bool]) -> bool:
    """``test`` holds for every set and the pair of a standard reading."""
    return r.form == "regular" and all(test(_set_tiles(s)) for s in r.sets) and test((r.pair,))


def _concealed_pungs(r: Reading) -> int:
    return sum(1 for s in r.sets if s.kind != "chow" and s.concealed)


def _kongs(r: Reading, concealed: bool) -> int:
    return sum(1 for s in r.sets if s.kind == "kong" and s.concealed == concealed)


def _melded_sets(r: Reading) -> int:
    return sum(1 for s in r.sets if s.declared and not s.concealed)


def _ordered(t: tuple[Kind, ...], step: int) -> bool:
    """Suited kinds of one suit, each ``step`` above the last."""
    return (is_suited(t[0]) and len({suit(k) for k in t}) == 1
            and all(b - a == step for a, b in pairwise(t)))


def _three_suits(t: tuple[Kind, ...]) -> bool:
    return is_suited(t[-1]) and len({suit(k) for k in t}) == 3


# ---- the checkers, in table order -------------------------------------------------------------

def big_four_winds(t: tuple[Kind, ...], pair: Kind) -> bool:
    return t == tuple(WINDS)


def big_three_dragons(t: tuple[Kind, ...], pair: Kind) -> bool:
    return t == tuple(DRAGONS)


def all_green(r: Reading, ctx: WinContext) -> int:
    return _all_in(r, GREENS)


def nine_gates(r: Reading, ctx: WinContext) -> int:
    """The 13 tiles held before the win are 1112345678999 of the winning tile's suit."""
    of = suit(ctx.win_tile)
    if of is None or any(s.declared for s in r.sets):
        return 0
    base = kind_of(of, 1)
    gates = (3, 1, 1, 1, 1, 1, 1, 1, 3)
    return all(r.held[k] == (gates[k - base] if base <= k < base + 9 else 0)
               for k in range(N_PLAYING))


def four_kongs(r: Reading, ctx: WinContext) -> int:
    return _kongs(r, True) + _kongs(r, False) >= 4


def seven_shifted_pairs(r: Reading, ctx: WinContext) -> int:
    return r.form == "seven_pairs" and _ordered(r.pairs, 1)


def thirteen_orphans(r: Reading, ctx: WinContext) -> int:
    return r.form == "thirteen_orphans"


def all_terminals(r: Reading, ctx: WinContext) -> int:
    return _all_in(r, TERMINALS)


def little_four_winds(r: Reading, ctx: WinContext) -> int:
    return sum(k in WIND_KINDS for k in r.pungs) == 3 and r.pair in WIND_KINDS


def little_three_dragons(r: Reading, ctx: WinContext) -> int:
    return sum(k in DRAGON_KINDS for k in r.pungs) == 2 and r.pair in DRAGON_KINDS


def all_honors(r: Reading, ctx: WinContext) -> int:
    return _all_in(r, HONOR_KINDS)


def four_concealed_pungs(r: Reading, ctx: WinContext) -> int:
    return _concealed_pungs(r) >= 4


def pure_terminal_chows(t: tuple[Kind, ...], pair: Kind) -> bool:
    """123, 123, 789, 789 of the pair's suit and a pair of 5."""
    return (rank(pair) == 5 and all(suit(k) == suit(pair) for k in t)
            and _ranks_of(t) == [1, 1, 7, 7])


def identical(t: tuple[Kind, ...], pair: Kind) -> bool:
    """Identical chows: two, three or four of them."""
    return len(set(t)) == 1


def shifted_pungs(t: tuple[Kind, ...], pair: Kind) -> bool:
    """Pungs of one suit on consecutive ranks: three or four of them."""
    return _ordered(t, 1)


def shifted_chows(t: tuple[Kind, ...], pair: Kind) -> bool:
    """Chows of one suit stepping by one rank each, or by two each: three or four of them."""
    return _ordered(t, 1) or _ordered(t, 2)


def three_kongs(r: Reading, ctx: WinContext) -> int:
    return _kongs(r, True) + _kongs(r, False) >= 3


def all_terminals_and_honors(r: Reading, ctx: WinContext) -> int:
    return _all_in(r, TERMINALS_AND_HONORS)


def seven_pairs(r: Reading, ctx: WinContext) -> int:
    return r.form == "seven_pairs"


def greater_honors_and_knitted(r: Reading, ctx: WinContext) -> int:
    return r.form == "honors_knitted" and sum(k in HONOR_KINDS for k in r.knitted) == 7


def all_even_pungs(r: Reading, ctx: WinContext) -> int:
    return _every_group(r, lambda g: len(g) == 1 and rank(g[0]) in (2, 4, 6, 8))


def full_flush(r: Reading, ctx: WinContext) -> int:
    return len(_suits(r)) == 1 and not _has_honors(r)


def upper_tiles(r: Reading, ctx: WinContext) -> int:
    ranks = _ranks(r)
    return ranks is not None and ranks <= {7, 8, 9}


def middle_tiles(r: Reading, ctx: WinContext) -> int:
    ranks = _ranks(r)
    return ranks is not None and ranks <= {4, 5, 6}


def lower_tiles(r: Reading, ctx: WinContext) -> int:
    ranks = _ranks(r)
    return ranks is not None and ranks <= {1, 2, 3}


def pure_straight(t: tuple[Kind, ...], pair: Kind) -> bool:
    return _ordered(t, 3)


def three_suited_terminal_chows(t: tuple[Kind, ...], pair: Kind) -> bool:
    """123 + 789 in two suits, a pair of 5 in the third."""
    suits = {suit(k) for k in t}
    return (rank(pair) == 5 and len(suits) == 2 and suit(pair) not in suits
            and all(_ranks_of(tuple(k for k in t if suit(k) == s)) == [1, 7] for s in suits))


def all_fives(r: Reading, ctx: WinContext) -> int:
    return _every_group(r, lambda g: any(rank(k) == 5 for k in g))


def triple_pung(t: tuple[Kind, ...], pair: Kind) -> bool:
    return _three_suits(t) and len(set(_ranks_of(t))) == 1


def three_concealed_pungs(r: Reading, ctx: WinContext) -> int:
    return _concealed_pungs(r) >= 3


def lesser_honors_and_knitted(r: Reading, ctx: WinContext) -> int:
    return r.form == "honors_knitted"


def knitted_straight(r: Reading, ctx: WinContext) -> int:
    """The nine tiles of one knitted arrangement, as a body or inside honours-and-knitted (D5)."""
    return (r.form == "knitted_straight"
            or (r.form == "honors_knitted" and sum(map(is_suited, r.knitted)) == 9))


def upper_four(r: Reading, ctx: WinContext) -> int:
    ranks = _ranks(r)
    return ranks is not None and ranks <= {6, 7, 8, 9}


def lower_four(r: Reading, ctx: WinContext) -> int:
    ranks = _ranks(r)
    return ranks is not None and ranks <= {1, 2, 3, 4}


def big_three_winds(t: tuple[Kind, ...], pair: Kind) -> bool:
    return all(k in WIND_KINDS for k in t) and len(set(t)) == 3


def mixed_straight(t: tuple[Kind, ...], pair: Kind) -> bool:
    return _three_suits(t) and _ranks_of(t) == [1, 4, 7]


def reversible_tiles(r: Reading, ctx: WinContext) -> int:
    return _all_in(r, REVERSIBLES)


def mixed_triple_chow(t: tuple[Kind, ...], pair: Kind) -> bool:
    return _three_suits(t) and len(set(_ranks_of(t))) == 1


def mixed_shifted(t: tuple[Kind, ...], pair: Kind) -> bool:
    if not _three_suits(t):
        return False
    ranks = _ranks_of(t)
    return ranks == list(range(ranks[0], ranks[0] + 3))


def last_tile_draw(r: Reading, ctx: WinContext) -> int:
    return ctx.self_drawn and ctx.wall_last


def last_tile_claim(r: Reading, ctx: WinContext) -> int:
    return not ctx.self_drawn and ctx.wall_last


def out_with_replacement_tile(r: Reading, ctx: WinContext) -> int:
    return ctx.replacement


def robbing_the_kong(r: Reading, ctx: WinContext) -> int:
    return ctx.robbing


def two_concealed_kongs(r: Reading, ctx: WinContext) -> int:
    return _kongs(r, True) >= 2


def all_pungs(r: Reading, ctx: WinContext) -> int:
    return r.form == "regular" and len(r.pungs) == 4


def half_flush(r: Reading, ctx: WinContext) -> int:
    return len(_suits(r)) == 1 and _has_honors(r)


def all_types(r: Reading, ctx: WinContext) -> int:
    return (len(_suits(r)) == 3 and any(k in WIND_KINDS for k in r.present)
            and any(k in DRAGON_KINDS for k in r.present))


def melded_hand(r: Reading, ctx: WinContext) -> int:
    return _melded_sets(r) == 4 and not ctx.self_drawn


def two_dragon_pungs(t: tuple[Kind, ...], pair: Kind) -> bool:
    return all(k in DRAGON_KINDS for k in t)


def outside_hand(r: Reading, ctx: WinContext) -> int:
    return _every_group(r, lambda g: any(k in TERMINALS_AND_HONORS for k in g))


def fully_concealed_hand(r: Reading, ctx: WinContext) -> int:
    return _melded_sets(r) == 0 and ctx.self_drawn


def two_melded_kongs(r: Reading, ctx: WinContext) -> int:
    return _kongs(r, False) >= 2


def last_tile(r: Reading, ctx: WinContext) -> int:
    return ctx.last_copy


def dragon_pung(r: Reading, ctx: WinContext) -> int:
    return sum(k in DRAGON_KINDS for k in r.pungs)


def prevalent_wind(r: Reading, ctx: WinContext) -> int:
    return FIRST_HONOR + ctx.prevalent_wind in r.pungs


def seat_wind(r: Reading, ctx: WinContext) -> int:
    return FIRST_HONOR + ctx.seat_wind in r.pungs


def concealed_hand(r: Reading, ctx: WinContext) -> int:
    return _melded_sets(r) == 0 and not ctx.self_drawn


def all_chows(r: Reading, ctx: WinContext) -> int:
    """Four chows (a knitted straight standing for three) and a suited pair."""
    chows = len(r.chows) + (3 if r.form == "knitted_straight" else 0)
    return r.form in ("regular", "knitted_straight") and chows == 4 and is_suited(r.pair)


def tile_hog(r: Reading, ctx: WinContext) -> int:
    """Once per kind whose four copies are all in the hand without being a declared kong."""
    kongs = {s.tile for s in r.sets if s.kind == "kong"}
    return sum(1 for k, n in enumerate(r.counts) if n == 4 and k not in kongs)


def double_pung(t: tuple[Kind, ...], pair: Kind) -> bool:
    return is_suited(t[-1]) and suit(t[0]) != suit(t[1]) and rank(t[0]) == rank(t[1])


def two_concealed_pungs(r: Reading, ctx: WinContext) -> int:
    return _concealed_pungs(r) >= 2


def concealed_kong(r: Reading, ctx: WinContext) -> int:
    return _kongs(r, True) >= 1


def all_simples(r: Reading, ctx: WinContext) -> int:
    return _all_in(r, SIMPLES)


def mixed_double_chow(t: tuple[Kind, ...], pair: Kind) -> bool:
    return suit(t[0]) != suit(t[1]) and rank(t[0]) == rank(t[1])


def short_straight(t: tuple[Kind, ...], pair: Kind) -> bool:
    return suit(t[0]) == suit(t[1]) and t[1] - t[0] == 3


def two_terminal_chows(t: tuple[Kind, ...], pair: Kind) -> bool:
    return suit(t[0]) == suit(t[1]) and (rank(t[0]), rank(t[1])) == (1, 7)


def pung_of_terminals_or_honors(r: Reading, ctx: WinContext) -> int:
    """Per pung of 1s, 9s or a wind, before the wind elements take theirs
    (docs/rulings.md#suppression-and-counting)."""
    return sum(k in TERMINALS or k in WIND_KINDS for k in r.pungs)


def melded_kong(r: Reading, ctx: WinContext) -> int:
    return _kongs(r, False) >= 1


def one_voided_suit(r: Reading, ctx: WinContext) -> int:
    return len(_suits(r)) == 2


def no_honors(r: Reading, ctx: WinContext) -> int:
    return not _has_honors(r)


def wait_shape(r: Reading, ctx: WinContext) -> int | None:
    """77, 78 or 79 when the hand had one completing kind, by where the winning tile sits in this
    reading's concealed chows and pair (edge before closed before single, as GB-Mahjong labels a
    tile readable several ways; all three are worth 1); None otherwise."""
    if len(r.waits) != 1 or r.form not in ("regular", "knitted_straight"):
        return None
    win = ctx.win_tile
    chows = [s.tile for s in r.sets if s.kind == "chow" and not s.declared]
    if any(win in (low, low + 2) for low in chows):
        return 77
    if any(win == low + 1 for low in chows):
        return 78
    return 79 if r.pair == win else None


def edge_wait(r: Reading, ctx: WinContext) -> int:
    return wait_shape(r, ctx) == 77


def closed_wait(r: Reading, ctx: WinContext) -> int:
    return wait_shape(r, ctx) == 78


def single_wait(r: Reading, ctx: WinContext) -> int:
    return wait_shape(r, ctx) == 79


def self_drawn(r: Reading, ctx: WinContext) -> int:
    return ctx.self_drawn


def mixed_kongs(r: Reading, ctx: WinContext) -> int:
    return _kongs(r, True) >= 1 and _kongs(r, False) >= 1


# ---- each element's checker, by number -------------------------------------------------------

HAND_CHECKS: dict[int, HandCheck] = {
    3: all_green, 4: nine_gates, 5: four_kongs, 6: seven_shifted_pairs, 7: thirteen_orphans,
    8: all_terminals, 9: little_four_winds, 10: little_three_dragons, 11: all_honors,
    12: four_concealed_pungs, 17: three_kongs, 18: all_terminals_and_honors, 19: seven_pairs,
    20: greater_honors_and_knitted, 21: all_even_pungs, 22: full_flush, 25: upper_tiles,
    26: middle_tiles, 27: lower_tiles, 31: all_fives, 33: three_concealed_pungs,
    34: lesser_honors_and_knitted, 35: knitted_straight, 36: upper_four, 37: lower_four,
    40: reversible_tiles, 44: last_tile_draw, 45: last_tile_claim, 46: out_with_replacement_tile,
    47: robbing_the_kong, 48: two_concealed_kongs, 49: all_pungs, 50: half_flush, 52: all_types,
    53: melded_hand, 55: outside_hand, 56: fully_concealed_hand, 57: two_melded_kongs,
    58: last_tile, 59: dragon_pung, 60: prevalent_wind, 61: seat_wind, 62: concealed_hand,
    63: all_chows, 64: tile_hog, 66: two_concealed_pungs, 67: concealed_kong, 68: all_simples,
    73: pung_of_terminals_or_honors, 74: melded_kong, 75: one_voided_suit, 76: no_honors,
    77: edge_wait, 78: closed_wait, 79: single_wait, 80: self_drawn, 82: mixed_kongs,
}
"""The checker of each element whose scope is the whole hand."""

GROUP_CHECKS: dict[int, GroupCheck] = {
    1: big_four_winds, 2: big_three_dragons, 13: pure_terminal_chows, 14: identical,
    15: shifted_pungs, 16: shifted_chows, 23: identical, 24: shifted_pungs, 28: pure_straight,
    29: three_suited_terminal_chows, 30: shifted_chows, 32: triple_pung, 38: big_three_winds,
    39: mixed_straight, 41: mixed_triple_chow, 42: mixed_shifted, 51: mixed_shifted,
    54: two_dragon_pungs, 65: double_pung, 69: identical, 70: mixed_double_chow,
    71: short_straight, 72: two_terminal_chows,
}
"""The checker of each element whose scope is a group of chows or of pungs."""

CHICKEN_HAND = 43
_HAND_ELEMENTS = tuple(sorted(HAND_CHECKS.items()))


def _patterns(scope: str, arity: int) -> tuple[tuple[int, GroupCheck], ...]:
    """The relation elements over ``arity`` sets of ``scope``, best first, with their checkers."""
    found = sorted((e for e in ELEMENTS if e.scope == scope and e.arity == arity),
                   key=lambda e: (-e.points, e.number))
    return tuple((e.number, GROUP_CHECKS[e.number]) for e in found)


_PATTERNS = {(scope, n): _patterns(scope, n) for scope in ("chows", "pungs") for n in (2, 3, 4)}


# ---- one reading under the principles ----------------------------------------------------------

def evaluate(reading: Reading, ctx: WinContext, ruleset: str) -> dict[int, int]:
    """Element number -> count for one reading, after the principles; flowers left out.

    Checks every element, counts the chow and pung patterns once each (account-once,
    non-identical), lets the wind elements take their pungs from Pung of Terminals or Honors, then
    applies the suppressions from the highest element down (non-repeat): an element suppressed
    by another suppresses nothing itself. Chicken Hand when nothing is left.
    """
    found: Counter[int] = Counter()
    for number, check in _HAND_ELEMENTS:
        count = int(check(reading, ctx))
        if count:
            found[number] = count
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
    """Pung of Terminals or Honors after the wind elements absorb their pungs
    (docs/rulings.md#suppression-and-counting)."""
    taken: set[Kind] = set()
    if found.keys() & {1, 9, 38}:
        taken |= WIND_KINDS
    if 60 in found:
        taken.add(FIRST_HONOR + ctx.prevalent_wind)
    if 61 in found:
        taken.add(FIRST_HONOR + ctx.seat_wind)
    left = sum(1 for k in reading.pungs if (k in TERMINALS or k in WIND_KINDS) and k not in taken)
    if ruleset == "gb-mahjong" and 4 in found:
        left -= 1  # D7: GB-Mahjong's Nine Gates removes exactly one
    return max(left, 0)


def group_elements(tiles: tuple[Kind, ...], pair: Kind, scope: str) -> dict[int, int]:
    """The relation elements of a reading's chows (or pungs), counted once each (account once:
    docs/rules.md#the-counting-principles).

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
        for number, check in _PATTERNS[scope, 4]:
            if check(tiles, pair):
                return {number: 1}
    best: dict[int, int] = {}
    for trio in combinations(range(n), 3):
        three = tuple(tiles[i] for i in trio)
        for number, check in _PATTERNS[scope, 3]:
            if not check(three, pair):
                continue
            found = {number: 1}
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
    return next((number for number, check in _PATTERNS[scope, 2] if check(two, pair)), None)


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

def readings(hand: Hand, ctx: WinContext) -> list[Reading]:
    """Every reading of a complete hand, as plain :class:`Reading` data.

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
    held: Counts = hand.counts.copy()
    held[int(ctx.win_tile)] -= 1
    waits = formal_waits(held, len(hand.melds))
    return [_reading(hand, ctx, d, held, waits) for d in found]


def _reading(hand: Hand, ctx: WinContext, d: shanten.Decomposition, held: Counts,
             waits: tuple[Kind, ...]) -> Reading:
    """One decomposition as the checkers read it: its sets marked melded or concealed."""
    win = int(ctx.win_tile)
    counts = hand.counts.astype(int)
    for meld in hand.melds:
        for tile in meld.tiles:
            counts[tile] += 1
    declared = tuple(Set(m.kind, m.tile, m.concealed, True) for m in hand.melds)
    # A pung completed by the winning discard is melded, unless the tile fits a chow (D18).
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


def formal_waits(held: Counts, melds: int) -> tuple[Kind, ...]:
    """The kinds that complete ``held`` on paper, a fifth copy included (D10: docs/rules.md#waits).

    :func:`mjsim.analysis.shanten.waits` never lists a kind held four times; GB-Mahjong counts it
    when a fifth copy would complete the hand, so such kinds are checked here.

    >>> from mjsim import Hand
    >>> formal_waits(Hand.parse("1111234m").counts, 2)   # beside two melds; 1m: a fifth copy
    (0, 3)
    """
    kinds = set(shanten.waits(held, melds))
    kinds.update(k for k in range(N_PLAYING) if held[k] == 4 and _fifth_completes(held, melds, k))
    return tuple(sorted(kinds))


def _fifth_completes(held: Counts, melds: int, kind: Kind) -> bool:
    """Five copies of ``kind`` make either a pung and more, or a pair and three in chows."""
    as_pung = held.copy()
    as_pung[kind] -= 2  # five less a pung of three, read as one more declared set
    if melds < 4 and shanten.decompositions(as_pung, melds + 1):
        return True
    as_pair = held.copy()
    as_pair[kind] -= 1  # five less the pair: three left for sets
    stand_in = next((h for h in HONORS if held[h] == 0), None)
    if stand_in is None:  # every honour held once or more: the rest cannot be all sets
        return False
    as_pair[stand_in] = 2  # an honour pair stands in for the pair of ``kind``
    return any(d.form == "regular" and d.pair == stand_in
               for d in shanten.decompositions(as_pair, melds))


def _knitted_waits(counts: Counts, knitted: tuple[Kind, ...], win: Kind) -> tuple[Kind, ...]:
    """A concealed knitted straight's wait: that of the four tiles beside the body (D11)."""
    rest = counts.copy()
    for k in knitted:
        rest[k] -= 1
    if rest[win] == 0:  # the winning tile can only be a knitted one: no wait element
        return ()
    rest[win] -= 1
    return formal_waits(rest, 3)


# ---- the best reading -------------------------------------------------------------------------

def best(hand: Hand, ctx: WinContext, ruleset: str = "green-book") -> tuple[Scored, Reading]:
    """What :func:`mjsim.scoring.score` returns, worked out reading by reading in Python, and the
    reading it comes from (with everything the checkers looked at)."""
    check_ruleset(ruleset)
    ctx = check_context(hand, ctx)
    chosen: tuple[int, Reading, dict[int, int]] | None = None
    for reading in sorted(readings(hand, ctx), key=_tie_order):
        found = evaluate(reading, ctx, ruleset)
        total = sum(points(n, ruleset) * c for n, c in found.items())
        if (chosen is None or total > chosen[0]
                or (total == chosen[0] and _preferred(found, chosen[1]))):
            chosen = (total, reading, found)
    assert chosen is not None  # readings() raises when the hand is not complete
    total, reading, found = chosen
    value = scored(hand.copy(), ctx, ruleset, total, found.items(), reading.decomposition())
    return value, reading


def score(hand: Hand, ctx: WinContext, ruleset: str = "green-book") -> Scored:
    """What :func:`mjsim.scoring.score` returns, worked out reading by reading in Python."""
    return best(hand, ctx, ruleset)[0]


def _tie_order(reading: Reading) -> tuple[bool, list[tuple[Kind, bool]]]:
    """Ties change no total, only the list: try readings in GB-Mahjong's order, so lists compare
    (its special shapes first, then standard readings by their sets, a pung before a chow)."""
    sets = sorted((s.tile, s.kind == "chow") for s in reading.sets if not s.declared)
    return (reading.form == "regular", sets)


def _preferred(found: dict[int, int], held: Reading) -> bool:
    """On a tie GB-Mahjong moves to a standard reading from seven pairs, and to one with Pure
    Triple Chow or Triple Pung."""
    return held.form == "seven_pairs" or 23 in found or 32 in found

