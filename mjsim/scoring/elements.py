"""The 81 scoring elements (fans) of Chinese Official Mahjong as data, with a checker each.

Numbering, names and points follow the Green Book (mcr-rules.md §3). Each :class:`Fan` carries a
one-sentence description, the elements it suppresses when it scores (``excludes``: the whole
element; ``absorbs``: only for the sets it uses) and a checker. Checkers come in three scopes:

* ``"hand"``: ``check(reading, ctx) -> int``, how many times the element holds for one reading of
  the hand and the win context (0 when it does not);
* ``"chows"`` / ``"pungs"``: ``check(tiles, pair) -> bool`` over a group of 2, 3 or 4 chows (their
  lowest kinds) or pungs (their kinds), ascending, with the pair's kind; the counting principles
  (:mod:`mjsim.scoring.scorer`) decide which groups may count;
* ``"rest"`` (Chicken Hand) and ``"bonus"`` (Flower Tiles) have no checker of their own.

Two rulesets differ in a few rows (mcr-rules.md §9); :func:`points` and :func:`excludes` take the
ruleset, and :data:`MIXED_KONGS` is the one pseudo-element outside the 81 (dispute D2).

>>> len(FANS), FANS[0].name, FANS[47].name, points(48, "green-book"), points(48, "gb-mahjong")
(81, 'Big Four Winds', 'Two Concealed Kongs', 8, 6)
>>> tier_sizes("gb-mahjong")[8], tier_sizes("green-book")[8]
(9, 10)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import pairwise
from typing import TYPE_CHECKING, Literal, NamedTuple

from mjsim.tiles.kinds import (
    DRAGON_KINDS,
    GREENS,
    HONOR_KINDS,
    REVERSIBLES,
    SIMPLES,
    TERMINALS,
    TERMINALS_AND_HONORS,
    WIND_KINDS,
    Kind,
)

if TYPE_CHECKING:
    from mjsim.scoring.scorer import WinContext

RULESETS = ("green-book", "gb-mahjong")
Scope = Literal["hand", "chows", "pungs", "rest", "bonus"]


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

    ``form`` is one of :data:`mjsim.analysis.shanten.FORMS`. ``sets`` holds the declared melds and the
    concealed sets of the reading (a knitted straight's nine tiles are not sets). ``pair`` is the
    pair's kind (-1 when none), ``pairs`` the seven pairs, ``knitted`` the knitted kinds (nine for
    a knitted straight, fourteen for honours-and-knitted). ``counts`` counts every tile of the hand
    (melds included, a kong as four), ``held`` the concealed tiles before the win, and ``waits``
    the kinds the wait elements judge against (mcr-rules.md §5.5, §5.7). ``present`` (derived)
    lists the kinds in the hand.
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


@dataclass(frozen=True, slots=True)
class Fan:
    """One scoring element. ``points`` is the Green Book value (see :func:`points`)."""

    number: int
    name: str
    points: int
    sentence: str
    scope: Scope
    check: Callable | None = None
    excludes: tuple[int, ...] = ()
    absorbs: tuple[int, ...] = ()
    arity: int = 0


# ---- small helpers over kinds ---------------------------------------------------------------

def _suit(kind: Kind) -> int:
    return kind // 9 if kind < 27 else -1


def _rank(kind: Kind) -> int:
    return kind % 9 + 1 if kind < 27 else 0


def _suits(r: Reading) -> set[int]:
    return {_suit(k) for k in r.present if k < 27}


def _has_honors(r: Reading) -> bool:
    return any(r.counts[k] for k in HONOR_KINDS)


def _all_in(r: Reading, allowed) -> bool:
    return all(k in allowed for k in r.present)


def _ranks(r: Reading) -> set[int] | None:
    """The ranks present, or None when the hand holds an honour."""
    return None if _has_honors(r) else {_rank(k) for k in r.present}


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
    return (len({_suit(k) for k in t}) == 1 and t[0] < 27
            and all(b - a == step for a, b in pairwise(t)))


def _three_suits(t: tuple[Kind, ...]) -> bool:
    return t[-1] < 27 and len({_suit(k) for k in t}) == 3


def _ranks_of(t: tuple[Kind, ...]) -> list[int]:
    return sorted(_rank(k) for k in t)


# ---- the checkers, in table order -------------------------------------------------------------

def big_four_winds(t, pair) -> bool:
    return t == (27, 28, 29, 30)


def big_three_dragons(t, pair) -> bool:
    return t == (31, 32, 33)


def all_green(r: Reading, ctx: WinContext) -> int:
    return _all_in(r, GREENS)


def nine_gates(r: Reading, ctx: WinContext) -> int:
    """The 13 tiles held before the win are 1112345678999 of the winning tile's suit."""
    if any(s.declared for s in r.sets) or ctx.win_tile >= 27:
        return 0
    base = _suit(ctx.win_tile) * 9
    gates = (3, 1, 1, 1, 1, 1, 1, 1, 3)
    return all(r.held[k] == (gates[k - base] if base <= k < base + 9 else 0) for k in range(34))


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


def pure_terminal_chows(t, pair) -> bool:
    """123, 123, 789, 789 of the pair's suit and a pair of 5."""
    return (_rank(pair) == 5 and all(_suit(k) == _suit(pair) for k in t)
            and _ranks_of(t) == [1, 1, 7, 7])


def identical(t, pair) -> bool:
    """Identical chows: two, three or four of them."""
    return len(set(t)) == 1


def shifted_pungs(t, pair) -> bool:
    """Pungs of one suit on consecutive ranks: three or four of them."""
    return _ordered(t, 1)


def shifted_chows(t, pair) -> bool:
    """Chows of one suit stepping by one rank each, or by two each: three or four of them."""
    return _ordered(t, 1) or _ordered(t, 2)


def three_kongs(r: Reading, ctx: WinContext) -> int:
    return _kongs(r, True) + _kongs(r, False) >= 3


def all_terminals_and_honors(r: Reading, ctx: WinContext) -> int:
    return _all_in(r, TERMINALS_AND_HONORS)


def seven_pairs(r: Reading, ctx: WinContext) -> int:
    return r.form == "seven_pairs"


def greater_honors_and_knitted(r: Reading, ctx: WinContext) -> int:
    return r.form == "honors_knitted" and sum(k >= 27 for k in r.knitted) == 7


def all_even_pungs(r: Reading, ctx: WinContext) -> int:
    return _every_group(r, lambda g: len(g) == 1 and _rank(g[0]) in (2, 4, 6, 8))


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


def pure_straight(t, pair) -> bool:
    return _ordered(t, 3)


def three_suited_terminal_chows(t, pair) -> bool:
    """123 + 789 in two suits, a pair of 5 in the third."""
    by_suit = sorted((_suit(k), _rank(k)) for k in t)
    suits = {s for s, _ in by_suit}
    return (_rank(pair) == 5 and len(suits) == 2 and _suit(pair) not in suits
            and [rk for _, rk in by_suit] == [1, 7, 1, 7])


def all_fives(r: Reading, ctx: WinContext) -> int:
    return _every_group(r, lambda g: any(_rank(k) == 5 for k in g))


def triple_pung(t, pair) -> bool:
    return _three_suits(t) and len(set(_ranks_of(t))) == 1


def three_concealed_pungs(r: Reading, ctx: WinContext) -> int:
    return _concealed_pungs(r) >= 3


def lesser_honors_and_knitted(r: Reading, ctx: WinContext) -> int:
    return r.form == "honors_knitted"


def knitted_straight(r: Reading, ctx: WinContext) -> int:
    """The nine tiles of one knitted arrangement, as a body or inside honours-and-knitted (D5)."""
    return (r.form == "knitted_straight"
            or (r.form == "honors_knitted" and sum(k < 27 for k in r.knitted) == 9))


def upper_four(r: Reading, ctx: WinContext) -> int:
    ranks = _ranks(r)
    return ranks is not None and ranks <= {6, 7, 8, 9}


def lower_four(r: Reading, ctx: WinContext) -> int:
    ranks = _ranks(r)
    return ranks is not None and ranks <= {1, 2, 3, 4}


def big_three_winds(t, pair) -> bool:
    return all(k in WIND_KINDS for k in t) and len(set(t)) == 3


def mixed_straight(t, pair) -> bool:
    return _three_suits(t) and _ranks_of(t) == [1, 4, 7]


def reversible_tiles(r: Reading, ctx: WinContext) -> int:
    return _all_in(r, REVERSIBLES)


def mixed_triple_chow(t, pair) -> bool:
    return _three_suits(t) and len(set(_ranks_of(t))) == 1


def mixed_shifted(t, pair) -> bool:
    ranks = _ranks_of(t)
    return _three_suits(t) and ranks == list(range(ranks[0], ranks[0] + 3))


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


def two_dragon_pungs(t, pair) -> bool:
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
    return 27 + ctx.prevalent_wind in r.pungs


def seat_wind(r: Reading, ctx: WinContext) -> int:
    return 27 + ctx.seat_wind in r.pungs


def concealed_hand(r: Reading, ctx: WinContext) -> int:
    return _melded_sets(r) == 0 and not ctx.self_drawn


def all_chows(r: Reading, ctx: WinContext) -> int:
    """Four chows (a knitted straight standing for three) and a suited pair."""
    chows = len(r.chows) + (3 if r.form == "knitted_straight" else 0)
    return r.form in ("regular", "knitted_straight") and chows == 4 and 0 <= r.pair < 27


def tile_hog(r: Reading, ctx: WinContext) -> int:
    """Once per kind whose four copies are all in the hand without being a declared kong."""
    kongs = {s.tile for s in r.sets if s.kind == "kong"}
    return sum(1 for k, n in enumerate(r.counts) if n == 4 and k not in kongs)


def double_pung(t, pair) -> bool:
    return t[-1] < 27 and _suit(t[0]) != _suit(t[1]) and _rank(t[0]) == _rank(t[1])


def two_concealed_pungs(r: Reading, ctx: WinContext) -> int:
    return _concealed_pungs(r) >= 2


def concealed_kong(r: Reading, ctx: WinContext) -> int:
    return _kongs(r, True) >= 1


def all_simples(r: Reading, ctx: WinContext) -> int:
    return _all_in(r, SIMPLES)


def mixed_double_chow(t, pair) -> bool:
    return _suit(t[0]) != _suit(t[1]) and _rank(t[0]) == _rank(t[1])


def short_straight(t, pair) -> bool:
    return _suit(t[0]) == _suit(t[1]) and t[1] - t[0] == 3


def two_terminal_chows(t, pair) -> bool:
    return _suit(t[0]) == _suit(t[1]) and (_rank(t[0]), _rank(t[1])) == (1, 7)


def pung_of_terminals_or_honors(r: Reading, ctx: WinContext) -> int:
    """Per pung of 1s, 9s or a wind, before the wind elements take theirs (mcr-rules §3.14 a)."""
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


# ---- the table --------------------------------------------------------------------------------

def _f(number, name, pts, sentence, scope, check=None, excludes=(), absorbs=(), arity=0) -> Fan:
    return Fan(number, name, pts, sentence, scope, check, tuple(excludes), tuple(absorbs), arity)


FANS: tuple[Fan, ...] = (
    _f(1, "Big Four Winds", 88, "Pungs or kongs of all four winds.", "pungs", big_four_winds,
       (9, 38, 49, 60, 61, 73), arity=4),
    _f(2, "Big Three Dragons", 88, "Pungs or kongs of all three dragons.", "pungs",
       big_three_dragons, (54, 59), arity=3),
    _f(3, "All Green", 88, "Every tile is a green one: 2, 3, 4, 6, 8 of bamboo or the green "
       "dragon.", "hand", all_green, (50, 75)),
    _f(4, "Nine Gates", 88, "Concealed, waiting with 1112345678999 of one suit and winning on any "
       "tile of it.", "hand", nine_gates, (22, 62, 75, 76)),
    _f(5, "Four Kongs", 88, "Four kongs, declared open or concealed.", "hand", four_kongs,
       (17, 48, 57, 67, 74, 82, 49, 79)),
    _f(6, "Seven Shifted Pairs", 88, "Seven pairs on seven consecutive ranks of one suit.",
       "hand", seven_shifted_pairs, (19, 22, 62, 75, 76, 79)),
    _f(7, "Thirteen Orphans", 88, "One of each terminal and honour, and a second of one of them.",
       "hand", thirteen_orphans, (18, 52, 62, 79)),
    _f(8, "All Terminals", 64, "Every tile is a 1 or a 9 of a suit.", "hand", all_terminals,
       (18, 49, 55, 65, 73, 76)),
    _f(9, "Little Four Winds", 64, "Pungs of three winds and a pair of the fourth.", "hand",
       little_four_winds, (38,), (73,)),
    _f(10, "Little Three Dragons", 64, "Pungs of two dragons and a pair of the third.", "hand",
       little_three_dragons, (54, 59)),
    _f(11, "All Honors", 64, "Every tile is a wind or a dragon.", "hand", all_honors,
       (18, 49, 55, 73, 75)),
    _f(12, "Four Concealed Pungs", 64, "Four pungs or kongs, all concealed.", "hand",
       four_concealed_pungs, (33, 66, 49, 62)),
    _f(13, "Pure Terminal Chows", 64, "Two 123 and two 789 chows of one suit with a pair of 5 of "
       "it.", "chows", pure_terminal_chows, (19, 22, 63, 69, 72, 75, 76), arity=4),
    _f(14, "Quadruple Chow", 48, "Four identical chows.", "chows", identical,
       (23, 24, 64, 69), arity=4),
    _f(15, "Four Pure Shifted Pungs", 48, "Four pungs of one suit on four consecutive ranks.",
       "pungs", shifted_pungs, (23, 24, 49), arity=4),
    _f(16, "Four Pure Shifted Chows", 32, "Four chows of one suit each one or each two ranks above "
       "the last.", "chows", shifted_chows, (30, 71, 72), arity=4),
    _f(17, "Three Kongs", 32, "Three kongs, declared open or concealed.", "hand", three_kongs,
       (48, 57, 67, 74, 82)),
    _f(18, "All Terminals and Honors", 32, "Every tile is a terminal or an honour, with both "
       "present.", "hand", all_terminals_and_honors, (49, 55, 73)),
    _f(19, "Seven Pairs", 24, "Seven pairs, four alike counting as two.", "hand", seven_pairs,
       (62, 79)),
    _f(20, "Greater Honors and Knitted Tiles", 24, "All seven honours with seven tiles of one "
       "knitted arrangement, no two alike.", "hand", greater_honors_and_knitted, (34, 52, 62, 79)),
    _f(21, "All Even Pungs", 24, "Four pungs and the pair, all of ranks 2, 4, 6 or 8.", "hand",
       all_even_pungs, (49, 68, 76)),
    _f(22, "Full Flush", 24, "Every tile is of one suit.", "hand", full_flush, (75, 76)),
    _f(23, "Pure Triple Chow", 24, "Three identical chows.", "chows", identical, (24, 69),
       arity=3),
    _f(24, "Pure Shifted Pungs", 24, "Three pungs of one suit on three consecutive ranks.",
       "pungs", shifted_pungs, (23,), arity=3),
    _f(25, "Upper Tiles", 24, "Every tile is a 7, 8 or 9.", "hand", upper_tiles, (76,)),
    _f(26, "Middle Tiles", 24, "Every tile is a 4, 5 or 6.", "hand", middle_tiles, (68, 76)),
    _f(27, "Lower Tiles", 24, "Every tile is a 1, 2 or 3.", "hand", lower_tiles, (76,)),
    _f(28, "Pure Straight", 16, "Chows 123, 456 and 789 of one suit.", "chows", pure_straight,
       arity=3),
    _f(29, "Three-Suited Terminal Chows", 16, "123 and 789 of two suits with a pair of 5 of the "
       "third.", "chows", three_suited_terminal_chows, (63, 70, 72, 76), arity=4),
    _f(30, "Pure Shifted Chows", 16, "Three chows of one suit each one or each two ranks above the "
       "last.", "chows", shifted_chows, arity=3),
    _f(31, "All Fives", 16, "Every set and the pair holds a 5.", "hand", all_fives, (68, 76)),
    _f(32, "Triple Pung", 16, "Pungs of one rank in all three suits.", "pungs", triple_pung,
       absorbs=(65,), arity=3),
    _f(33, "Three Concealed Pungs", 16, "Three concealed pungs or kongs.", "hand",
       three_concealed_pungs, (66,)),
    _f(34, "Lesser Honors and Knitted Tiles", 12, "Fourteen different tiles from one knitted "
       "arrangement and the honours.", "hand", lesser_honors_and_knitted, (52, 62, 79)),
    _f(35, "Knitted Straight", 12, "All nine tiles of one knitted arrangement: 147, 258, 369 in "
       "three different suits.", "hand", knitted_straight),
    _f(36, "Upper Four", 12, "Every tile is a 6, 7, 8 or 9.", "hand", upper_four, (76,)),
    _f(37, "Lower Four", 12, "Every tile is a 1, 2, 3 or 4.", "hand", lower_four, (76,)),
    _f(38, "Big Three Winds", 12, "Pungs of three winds.", "pungs", big_three_winds,
       absorbs=(73,), arity=3),
    _f(39, "Mixed Straight", 8, "Chows 123, 456 and 789, each in a different suit.", "chows",
       mixed_straight, arity=3),
    _f(40, "Reversible Tiles", 8, "Every tile looks the same upside down.", "hand",
       reversible_tiles, (75,)),
    _f(41, "Mixed Triple Chow", 8, "The same chow in all three suits.", "chows",
       mixed_triple_chow, absorbs=(70,), arity=3),
    _f(42, "Mixed Shifted Pungs", 8, "Pungs on three consecutive ranks, one in each suit.",
       "pungs", mixed_shifted, arity=3),
    _f(43, "Chicken Hand", 8, "A complete hand that scores nothing else.", "rest"),
    _f(44, "Last Tile Draw", 8, "Winning by drawing the last tile of the wall.", "hand",
       last_tile_draw, (80,)),
    _f(45, "Last Tile Claim", 8, "Winning on the discard made after the last tile was drawn.",
       "hand", last_tile_claim),
    _f(46, "Out with Replacement Tile", 8, "Winning with the replacement tile drawn for a kong.",
       "hand", out_with_replacement_tile, (80,)),
    _f(47, "Robbing the Kong", 8, "Winning on the tile another player adds to a melded pung.",
       "hand", robbing_the_kong, (58,)),
    _f(48, "Two Concealed Kongs", 8, "Two concealed kongs.", "hand", two_concealed_kongs,
       (66, 67)),
    _f(49, "All Pungs", 6, "Four pungs or kongs and a pair.", "hand", all_pungs),
    _f(50, "Half Flush", 6, "Tiles of one suit and honours.", "hand", half_flush, (75,)),
    _f(51, "Mixed Shifted Chows", 6, "Chows one rank apart, one in each suit.", "chows",
       mixed_shifted, arity=3),
    _f(52, "All Types", 6, "Characters, dots, bamboo, a wind and a dragon all appear.", "hand",
       all_types),
    _f(53, "Melded Hand", 6, "Four claimed sets and the pair completed by a discard.", "hand",
       melded_hand, (79,)),
    _f(54, "Two Dragon Pungs", 6, "Pungs of two dragons.", "pungs", two_dragon_pungs, (59,),
       arity=2),
    _f(55, "Outside Hand", 4, "Every set and the pair holds a terminal or an honour.", "hand",
       outside_hand),
    _f(56, "Fully Concealed Hand", 4, "Nothing claimed and the winning tile self-drawn.", "hand",
       fully_concealed_hand, (62, 80)),
    _f(57, "Two Melded Kongs", 4, "Two kongs declared in the open.", "hand", two_melded_kongs,
       (74,)),
    _f(58, "Last Tile", 4, "Winning on a tile whose other three copies are face up.", "hand",
       last_tile),
    _f(59, "Dragon Pung", 2, "A pung of a dragon, per pung.", "hand", dragon_pung),
    _f(60, "Prevalent Wind", 2, "A pung of the round's wind.", "hand", prevalent_wind,
       absorbs=(73,)),
    _f(61, "Seat Wind", 2, "A pung of the player's own wind.", "hand", seat_wind, absorbs=(73,)),
    _f(62, "Concealed Hand", 2, "Nothing claimed before winning on a discard.", "hand",
       concealed_hand),
    _f(63, "All Chows", 2, "Four chows and a pair of a suit.", "hand", all_chows, (76,)),
    _f(64, "Tile Hog", 2, "All four copies of a kind used without a kong, per kind.", "hand",
       tile_hog),
    _f(65, "Double Pung", 2, "Pungs of one rank in two suits, per two pungs.", "pungs",
       double_pung, arity=2),
    _f(66, "Two Concealed Pungs", 2, "Two concealed pungs or kongs.", "hand",
       two_concealed_pungs),
    _f(67, "Concealed Kong", 2, "A concealed kong.", "hand", concealed_kong),
    _f(68, "All Simples", 2, "No terminal and no honour.", "hand", all_simples, (76,)),
    _f(69, "Pure Double Chow", 1, "Two identical chows.", "chows", identical, arity=2),
    _f(70, "Mixed Double Chow", 1, "The same chow in two suits.", "chows", mixed_double_chow,
       arity=2),
    _f(71, "Short Straight", 1, "Two chows of one suit making six consecutive ranks.", "chows",
       short_straight, arity=2),
    _f(72, "Two Terminal Chows", 1, "123 and 789 of one suit.", "chows", two_terminal_chows,
       arity=2),
    _f(73, "Pung of Terminals or Honors", 1, "A pung of 1s, of 9s or of a wind, per pung.", "hand",
       pung_of_terminals_or_honors),
    _f(74, "Melded Kong", 1, "A kong declared in the open.", "hand", melded_kong),
    _f(75, "One Voided Suit", 1, "Exactly one of the three suits is missing.", "hand",
       one_voided_suit),
    _f(76, "No Honors", 1, "No wind and no dragon.", "hand", no_honors),
    _f(77, "Edge Wait", 1, "The only winning tile was the 3 of 12 or the 7 of 89.", "hand",
       edge_wait, (78, 79)),
    _f(78, "Closed Wait", 1, "The only winning tile was the middle of a chow.", "hand",
       closed_wait, (77, 79)),
    _f(79, "Single Wait", 1, "The only winning tile paired a lone tile.", "hand", single_wait,
       (77, 78)),
    _f(80, "Self-Drawn", 1, "The winning tile was drawn by the winner.", "hand", self_drawn),
    _f(81, "Flower Tiles", 1, "Each flower or season, never toward the 8-point minimum.",
       "bonus"),
)

MIXED_KONGS = _f(82, "Concealed Kong and Melded Kong", 6, "One concealed and one melded kong "
                 "(dispute D2: 6 points in the Green Book, 5 in GB-Mahjong).", "hand",
                 mixed_kongs, (67, 74))
"""The pseudo-element for one concealed plus one melded kong (mcr-rules.md §3.14 c, D2)."""

BY_NUMBER: dict[int, Fan] = {fan.number: fan for fan in (*FANS, MIXED_KONGS)}
BY_NAME: dict[str, Fan] = {fan.name: fan for fan in (*FANS, MIXED_KONGS)}

# The rows of mcr-rules.md §9 where the rulesets differ in what is scored.
_POINTS = {"gb-mahjong": {48: 6, 82: 5}, "green-book": {}}
_EXTRA_EXCLUDES = {
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


# Both lookups sit in the scoring loop: tabulated once per ruleset.
_VALUES = {ruleset: {n: _POINTS[ruleset].get(n, fan.points) for n, fan in BY_NUMBER.items()}
           for ruleset in RULESETS}
_EXCLUDED = {ruleset: {n: frozenset(fan.excludes) | frozenset(_EXTRA_EXCLUDES[ruleset].get(n, ()))
                       for n, fan in BY_NUMBER.items()}
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


def tier_sizes(ruleset: str = "green-book") -> dict[int, int]:
    """How many of the 81 elements are worth each value, highest first."""
    sizes: dict[int, int] = {}
    for fan in FANS:
        value = points(fan.number, ruleset)
        sizes[value] = sizes.get(value, 0) + 1
    return dict(sorted(sizes.items(), reverse=True))
