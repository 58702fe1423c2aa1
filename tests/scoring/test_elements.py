"""mjsim.scoring.elements: the 81 elements as data, a checker for each, a hand and a near miss for
each, every suppression."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

import mjsim.scoring
import mjsim.tiles
import mjsim_core.elements
import mjsim_core.kinds
from mjsim.analysis import shanten
from mjsim.reference.score import GROUP_CHECKS, HAND_CHECKS, best, group_elements
from mjsim.scoring.elements import (
    BY_NAME,
    BY_NUMBER,
    ELEMENTS,
    MIXED_KONGS,
    RULESETS,
    excludes,
    points,
    tier_sizes,
)
from mjsim.scoring.scorer import WinContext, score
from mjsim.tiles.hand import Hand
from mjsim.tiles.notation import parse
from tests.helpers.golden import SCORED_ROWS, win_of
from tests.helpers.wins import random_win

# ---- the data -----------------------------------------------------------------------------------

def test_exactly_81_elements_numbered_in_order():
    assert len(ELEMENTS) == 81
    assert [e.number for e in ELEMENTS] == list(range(1, 82))
    assert len({e.name for e in ELEMENTS}) == 81
    assert all(e.sentence.endswith(".") and len(e.sentence) < 120 for e in ELEMENTS)


def test_the_layer_shows_one_element_table_and_one_set_of_tile_classes():
    assert mjsim.scoring.ELEMENTS is ELEMENTS is mjsim_core.elements.ELEMENTS
    assert mjsim.scoring.RULESETS is RULESETS is mjsim_core.elements.RULESETS
    assert mjsim.scoring.WinContext is WinContext is mjsim.scoring.elements.WinContext
    assert mjsim.scoring.score is score
    assert (ELEMENTS[0].number, ELEMENTS[0].name, ELEMENTS[0].points, ELEMENTS[0].excludes) == \
        (1, "Big Four Winds", 88, (9, 38, 49, 60, 61, 73))
    for name in ("TERMINALS", "SIMPLES", "HONOR_KINDS", "WIND_KINDS", "DRAGON_KINDS",
                 "TERMINALS_AND_HONORS", "GREENS", "REVERSIBLES", "N_SUITED", "N_PLAYING",
                 "FIRST_HONOR", "FIRST_DRAGON"):
        assert getattr(mjsim.tiles, name) is getattr(mjsim_core.kinds, name), name


def test_tier_sizes_of_each_ruleset():
    assert tier_sizes("green-book") == {88: 7, 64: 6, 48: 2, 32: 3, 24: 9, 16: 6, 12: 5, 8: 10,
                                        6: 6, 4: 4, 2: 10, 1: 13}
    assert tier_sizes("gb-mahjong") == {88: 7, 64: 6, 48: 2, 32: 3, 24: 9, 16: 6, 12: 5, 8: 9,
                                        6: 7, 4: 4, 2: 10, 1: 13}


def test_the_rulesets_differ_only_in_the_disputed_rows():
    differ_points = {n for n in BY_NUMBER if points(n, "green-book") != points(n, "gb-mahjong")}
    assert differ_points == {48, 82}  # D1, D2
    differ_excludes = {n for n in BY_NUMBER
                       if excludes(n, "green-book") != excludes(n, "gb-mahjong")}
    assert differ_excludes == {4, 6, 7, 12, 19, 20, 34, 25, 27}  # D3, D7, D8
    assert 73 in excludes(4, "green-book") and 73 not in excludes(4, "gb-mahjong")
    assert 56 in excludes(19, "gb-mahjong") and 56 not in excludes(19, "green-book")


def test_every_element_with_a_condition_of_its_own_has_a_checker_of_its_scope():
    assert set(HAND_CHECKS) | set(GROUP_CHECKS) <= set(BY_NUMBER)
    for element in (*ELEMENTS, MIXED_KONGS):
        assert (element.number in HAND_CHECKS) == (element.scope == "hand")
        assert (element.number in GROUP_CHECKS) == (element.scope in ("chows", "pungs"))
        assert (element.arity > 0) == (element.scope in ("chows", "pungs"))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_suppression_runs_from_higher_to_lower_elements(ruleset):
    # So evaluating from the highest element down applies each suppression by a survivor.
    for number in BY_NUMBER:
        for other in excludes(number, ruleset):
            assert other in BY_NUMBER
            assert points(other, ruleset) <= points(number, ruleset), (number, other)


def test_per_set_suppressions_are_recorded():
    assert BY_NAME["Big Three Winds"].absorbs == (73,)
    assert BY_NAME["Prevalent Wind"].absorbs == BY_NAME["Seat Wind"].absorbs == (73,)
    assert BY_NAME["Triple Pung"].absorbs == (65,)
    assert BY_NAME["Mixed Triple Chow"].absorbs == (70,)


# ---- one scoring hand and one near miss per element ----------------------------------------------

D, SELF = {}, {"self_drawn": True}
W7 = "chow(234m) chow(567p) pung(888s) 34m EE 5m"
CHICKEN = "chow(234m) chow(567p) pung(888s) 345m EE"
# number: (hand with the winning tile, winning tile, context, near miss, its winning tile, context)
# The special shapes have no complete hand one tile away: their near misses are not complete.
INCOMPLETE_NEAR_MISSES = {7, 19, 20, 34, 35}
CASES = {
    1: ("pung(EEE) pung(SSS) WWW NNN 55m", "5m", D, "pung(EEE) pung(SSS) WWW NN 555m", "5m", D),
    2: ("RRR GGG BBB 123m 55p", "5p", D, "RRR GGG BB 123m 555p", "5p", D),
    3: ("234s 234s 666s 888s GG", "G", D, "234s 345s 666s 888s GG", "G", D),
    4: ("11123455678999m", "5m", D, "11123455678999m", "1m", D),
    5: ("kong(1111m) kong(2222p) ckong(3333s) kong(EEEE) 55p", "5p", D,
        "kong(1111m) kong(2222p) ckong(3333s) pung(EEE) 55p", "5p", D),
    6: ("22334455667788s", "8s", D, "22334455667799s", "9s", D),
    7: ("19m 19p 19s ESWNRGB 1m", "B", D, "19m 19p 19s ESWNRGB 2m", "B", D),
    8: ("111m 999m 111p 999s 99p", "9p", D, "111m 789m 111p 999s 99p", "9p", D),
    9: ("pung(EEE) SSS WWW NN 123m", "N", D, "pung(EEE) SSS WWW RR 123m", "R", D),
    10: ("pung(RRR) GGG BB 123p 999p", "B", D, "pung(RRR) GGG EE 123p 999p", "E", D),
    11: ("pung(EEE) SSS RRR GGG BB", "B", D, "pung(EEE) SSS RRR GGG 99m", "9m", D),
    12: ("111m 333p 555s 777s EE", "E", D, "111m 333p 555s 777s EE", "7s", D),
    13: ("11223355778899s", "5s", D, "12233455778899s", "5s", D),
    14: ("111122223333s 99s", "9s", D, "111222233334s 99s", "9s", D),
    15: ("111222333444m 55m", "5m", D, "111222333555m 44m", "4m", D),
    16: ("123m 234m 345m 456m 99p", "9p", D, "123m 234m 345m 567m 99p", "9p", D),
    17: ("kong(1111m) kong(5555p) ckong(8888s) 234s EE", "E", D,
         "kong(1111m) kong(5555p) pung(888s) 234s EE", "E", D),
    18: ("pung(111m) 999p EEE 111s NN", "N", D, "pung(111m) 999p EEE 123s NN", "N", D),
    19: ("1155m 2266p 337799s", "9s", D, "1155m 2266p 337789s", "9s", D),
    20: ("147m 25p 36s ESWNRGB", "B", D, "147m 25p 36s ESWNRG 1m", "G", D),
    21: ("pung(222m) 444p 666s 888s 22p", "2p", D, "pung(222m) 444p 666s 678s 22p", "2p", D),
    22: ("123m 456m 789m 234m 55m", "5m", D, "123m 456m 789m 234m 55p", "5p", D),
    23: ("chow(123p) chow(123p) 123p 789s 55s", "5s", D,
         "chow(123p) chow(123p) 234p 789s 55s", "5s", D),
    24: ("pung(222p) pung(333p) pung(444p) 678s 99s", "9s", D,
         "pung(222p) pung(333p) pung(555p) 678s 99s", "9s", D),
    25: ("789m 789p 789s 888s 99m", "9m", D, "789m 789p 789s 888s 66m", "6m", D),
    26: ("456m 456p 456s 555s 55p", "5p", D, "456m 456p 456s 555s 77p", "7p", D),
    27: ("123m 123p 123s 222s 33m", "3m", D, "123m 123p 123s 222s 44m", "4m", D),
    28: ("123m 456m 789m 123p 55s", "5s", D, "123m 567m 789m 123p 55s", "5s", D),
    29: ("123m 789m 123p 789p 55s", "5s", D, "123m 789m 123p 789p 55m", "5m", D),
    30: ("123m 234m 345m 789p 55s", "5s", D, "123m 234m 456m 789p 55s", "5s", D),
    31: ("345m 456p 567s 555m 55s", "5s", D, "345m 456p 567s 555m 66s", "6s", D),
    32: ("pung(222m) pung(222p) 222s 456m 99s", "9s", D,
         "pung(222m) pung(222p) 333s 456m 99s", "9s", D),
    33: ("pung(EEE) 222m 777p 999s 55s", "5s", D, "pung(EEE) 222m 777p 999s 55s", "9s", D),
    34: ("147m 258p 36s ESWNRG", "G", D, "147m 258p 36s ESWNR 5m", "R", D),
    35: ("147m 258p 369s 789s 55s", "5s", D, "147m 258p 368s 789s 55s", "5s", D),
    36: ("678m 789p 789s 999s 66m", "6m", D, "678m 789p 789s 999s 55m", "5m", D),
    37: ("234m 123p 123s 111s 44m", "4m", D, "234m 123p 123s 111s 55m", "5m", D),
    38: ("pung(EEE) SSS WWW 123m 99p", "9p", D, "pung(EEE) SSS 111m 123m 99p", "9p", D),
    39: ("123m 456p 789s 123p 55s", "5s", D, "123m 567p 789s 123p 55s", "5s", D),
    40: ("123p 234p 456s 888s BB", "B", D, "123p 234p 567s 888s BB", "B", D),
    41: ("123m 123p 123s 789m 55p", "5p", D, "123m 123p 234s 789m 55p", "5p", D),
    42: ("pung(222m) pung(333p) 444s 789m 55p", "5p", D,
         "pung(222m) pung(333p) 555s 789m 55p", "5p", D),
    43: (CHICKEN, "5m", D, "chow(234m) chow(567p) pung(888p) 345m EE", "5m", D),
    44: (W7, "5m", {"self_drawn": True, "wall_last": True}, W7, "5m", SELF),
    45: (W7, "5m", {"wall_last": True}, W7, "5m", D),
    46: ("ckong(9999s) 123m 456p 789m EE", "9m", {"self_drawn": True, "replacement": True},
         "ckong(9999s) 123m 456p 789m EE", "9m", SELF),
    47: ("123m 456p 999s 789m EE", "9m", {"robbing": True}, "123m 456p 999s 789m EE", "9m", D),
    48: ("ckong(2222m) ckong(5555p) 123s 678s 99p", "9p", D,
         "ckong(2222m) kong(5555p) 123s 678s 99p", "9p", D),
    49: ("pung(EEE) pung(222m) 777p 999s 55s", "5s", D,
         "pung(EEE) pung(222m) 777p 789s 55s", "5s", D),
    50: ("chow(234m) 234m 567m 567m EE", "E", D, "chow(234m) 234m 567m 567m 99m", "9m", D),
    51: ("chow(345m) 456p 567s 678s 88p", "8p", D, "chow(345m) 456p 678s 678s 88p", "8p", D),
    52: ("123m 456p 789s EEE RR", "R", D, "123m 456p 789s EEE SS", "S", D),
    53: ("chow(123m) chow(234p) pung(EEE) pung(999s) RR", "R", D,
         "chow(123m) chow(234p) pung(EEE) pung(999s) RR", "R", SELF),
    54: ("pung(RRR) pung(GGG) 123m 456p 99s", "9s", D,
         "pung(RRR) pung(EEE) 123m 456p 99s", "9s", D),
    55: ("123m 789p 111s 999m EE", "E", D, "123m 678p 111s 999m EE", "E", D),
    56: ("123m 456p 789s 234s 55m", "5m", SELF, "123m 456p 789s 234s 55m", "5m", D),
    57: ("kong(2222m) kong(5555p) 123s 678s 99p", "9p", D,
         "kong(2222m) pung(555p) 123s 678s 99p", "9p", D),
    58: ("123m 123p 999s 789m EE", "9m", {"last_copy": True}, "123m 123p 999s 789m EE", "9m", D),
    59: ("pung(RRR) 123m 456p 789s 55s", "5s", D, "pung(NNN) 123m 456p 789s 55s", "5s", D),
    60: ("pung(EEE) 123m 456p 789s 55s", "5s", D, "pung(WWW) 123m 456p 789s 55s", "5s", D),
    61: ("pung(SSS) 123m 456p 789s 55s", "5s", D, "pung(NNN) 123m 456p 789s 55s", "5s", D),
    62: ("123m 456p 789s 234s 55m", "5m", D, "chow(123m) 456p 789s 234s 55m", "5m", D),
    63: ("chow(123m) 456p 789s 234s 55m", "5m", D, "chow(123m) 456p 789s 234s EE", "E", D),
    64: ("123m 345m 456p 789s 33m", "3m", D, "123m 345m 456p 789s 44m", "4m", D),
    65: ("pung(222m) 222p 456s 789s 99m", "9m", D, "pung(222m) 333p 456s 789s 99m", "9m", D),
    66: ("chow(123m) 222p 888s 456s 99m", "9m", D, "chow(123m) 222p 888s 456s 99m", "8s", D),
    67: ("ckong(2222m) 123s 456s 789p 99p", "9p", D, "kong(2222m) 123s 456s 789p 99p", "9p", D),
    68: ("234m 456p 678s 345s 22m", "2m", D, "234m 456p 789s 345s 22m", "2m", D),
    69: ("chow(123m) 123m 456p 789s EE", "E", D, "chow(123m) 234m 456p 789s EE", "E", D),
    70: ("chow(123m) 123p 567s 789s EE", "E", D, "chow(123m) 234p 567s 789s EE", "E", D),
    71: ("chow(123m) 456m 678p 789s EE", "E", D, "chow(123m) 567m 678p 789s EE", "E", D),
    72: ("chow(123m) 789m 345p 567s EE", "E", D, "chow(123m) 678m 345p 567s EE", "E", D),
    73: ("pung(999m) 123m 456p 789s EE", "E", D, "pung(888m) 123m 456p 789s EE", "E", D),
    74: ("kong(2222m) 123s 456s 789p 99p", "9p", D, "pung(222m) 123s 456s 789p 99p", "9p", D),
    75: ("123m 456m 789p 234p 55m", "5m", D, "123m 456m 789p 234s 55m", "5m", D),
    76: ("chow(123m) 456p 789s 111s 55m", "5m", D, "chow(123m) 456p 789s EEE 55m", "5m", D),
    77: ("chow(123p) chow(456p) chow(789s) 12333m", "3m", D,
         "chow(123p) chow(456p) chow(789s) 23455m", "5m", D),
    78: ("chow(123p) chow(456p) chow(789s) 45556m", "5m", D,
         "chow(123p) chow(456p) chow(789s) 23455m", "5m", D),
    79: ("chow(123p) chow(456p) chow(789s) 12355m", "5m", D,
         "chow(123p) chow(456p) chow(789s) 23455m", "5m", D),
    80: (CHICKEN, "5m", SELF, CHICKEN, "5m", D),
    81: (CHICKEN + " F1", "5m", D, CHICKEN, "5m", D),
}


def scored_numbers(text: str, win: str, flags: dict, ruleset: str) -> set[int]:
    hand = Hand.parse(text)
    kind = parse(win)[0]
    ctx = WinContext(kind, flags.get("self_drawn", False), 1, 0,
                     **{k: v for k, v in flags.items() if k != "self_drawn"})
    return {number for number, _, _, _ in score(hand, ctx, ruleset).fans}


def test_every_element_has_a_case():
    assert set(CASES) == set(range(1, 82))


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("number", sorted(CASES), ids=lambda n: BY_NUMBER[n].name)
def test_the_element_scores_and_its_near_miss_does_not(number, ruleset):
    text, win, flags, near, near_win, near_flags = CASES[number]
    assert number in scored_numbers(text, win, flags, ruleset)
    if number in INCOMPLETE_NEAR_MISSES:
        with pytest.raises(ValueError, match="not a complete hand"):
            scored_numbers(near, near_win, near_flags, ruleset)
    else:
        assert number not in scored_numbers(near, near_win, near_flags, ruleset)


# ---- suppressions ------------------------------------------------------------------------------

def _raw(number: int, reading, ctx) -> bool:
    """Whether element ``number``'s condition holds for the reading, before any principle."""
    element = BY_NUMBER[number]
    if number in HAND_CHECKS:
        return bool(HAND_CHECKS[number](reading, ctx))
    if number in GROUP_CHECKS:
        tiles = reading.chows if element.scope == "chows" else reading.pungs
        return any(GROUP_CHECKS[number](group, reading.pair)
                   for group in combinations(tiles, element.arity))
    return False


def _corpus():
    """Every hand of the tables above, of the golden file and of the differential generator."""
    for text, win, flags, near, near_win, near_flags in CASES.values():
        for t, w, f in ((text, win, flags), (near, near_win, near_flags)):
            hand, kind = Hand.parse(t), parse(w)[0]
            if shanten.decompositions(hand.counts, len(hand.melds)):
                yield hand, WinContext(kind, f.get("self_drawn", False), 1, 0,
                                       **{k: v for k, v in f.items() if k != "self_drawn"})
    for row in SCORED_ROWS:
        yield win_of(row)
    rng = np.random.default_rng(4)
    drawn = 0
    while drawn < 2500:
        win = random_win(rng)
        if win is not None:
            drawn += 1
            yield win


# Suppressions whose second element cannot hold in a reading where the first does; they are in the
# table for the record (docs/rules.md#the-elements lists the implied ones too).
NEVER_TOGETHER = {
    (1, 9),                                      # four wind pungs against exactly three
    (3, 75), (4, 75), (6, 75), (11, 75), (13, 75), (22, 75), (50, 75),  # one suit, not two
    (6, 79), (7, 79), (19, 79), (20, 79), (34, 79),  # no wait element on the special shapes
    (13, 19),                                    # a standard reading is not a seven-pairs one
    (14, 24), (15, 23), (23, 24), (24, 23),      # the same nine tiles read as chows or pungs
    (56, 62),                                    # self-drawn against won on a discard
    (77, 78), (77, 79), (78, 77), (78, 79), (79, 77), (79, 78),  # one wait element is chosen
}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_suppression_applies_where_both_conditions_hold(ruleset):
    seen = set()
    for hand, ctx in _corpus():
        numbers = {n for n, _, _, _ in score(hand, ctx, ruleset).fans}
        _, reading = best(hand, ctx, ruleset)   # the reading scored, as the checkers read it
        for number in numbers:
            for other in excludes(number, ruleset):
                if other in numbers:
                    raise AssertionError(f"{BY_NUMBER[other].name} scored beside "
                                         f"{BY_NUMBER[number].name}: {hand}")
                if _raw(other, reading, ctx):
                    seen.add((number, other))
    wanted = {(n, o) for n in BY_NUMBER for o in excludes(n, ruleset)}
    assert not seen & NEVER_TOGETHER
    missing = wanted - seen - NEVER_TOGETHER
    assert not missing, repr(sorted(missing))


# ---- the counting principles on groups of sets ------------------------------------------------

@pytest.mark.parametrize("tiles, pair, scope, expected", [
    ((19, 19, 22, 22), 13, "chows", {69: 2, 71: 1}),             # W1: six relations, three count
    ((10, 13, 19, 22), 8, "chows", {70: 2, 71: 1}),              # W14: a cycle of four, three count
    ((0, 0, 9, 15), 4, "chows", {69: 1, 70: 1, 72: 1}),          # P3: non-identical
    ((0, 3, 6, 15), 22, "chows", {28: 1, 70: 1}),                # W13: straight plus one
    ((0, 1, 2, 3), 17, "chows", {16: 1}),                        # P2: four-set pattern only
    ((0, 0, 6, 6), 4, "chows", {13: 1}),                         # Pure Terminal Chows
    ((0, 6, 9, 15), 22, "chows", {29: 1}),                       # Three-Suited Terminal Chows
    ((19, 10, 10, 13), 22, "chows", {69: 1, 70: 1, 71: 1}),      # account once: 3, not 5
    ((2, 12, 22, 4), 0, "pungs", {42: 1, 65: 1}),                # account once: shifted plus one
    ((1, 10, 4, 22), 0, "pungs", {65: 2}),                       # S13: two Double Pungs
    ((1, 10, 19), 0, "pungs", {32: 1}),                          # Triple Pung absorbs its pairs
    ((27, 28, 29, 30), 0, "pungs", {1: 1}),
    ((31, 32), 0, "pungs", {54: 1}),
])
def test_group_elements_count_each_relation_once(tiles, pair, scope, expected):
    assert group_elements(tuple(sorted(tiles)), pair, scope) == expected
