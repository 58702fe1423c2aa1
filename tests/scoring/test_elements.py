"""mjsim.scoring.elements: the 81 elements as data, a checker for each, a hand and a near miss for
each, every suppression."""

from __future__ import annotations

import json
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
    RULESETS,
    excludes,
    points,
    tier_sizes,
)
from mjsim.scoring.scorer import WinContext, score
from mjsim.tiles.hand import Hand
from mjsim.tiles.notation import parse
from tests.helpers import DATA
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
    for element in mjsim_core.elements.EVERY:
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

# One scoring hand and one near miss per element, each with its winning tile and its context
# (tests/data/element_cases.jsonl, a line an element, in the 81's order).
CASES = {row["number"]: row for row in map(json.loads, (DATA / "element_cases.jsonl").read_text(
    encoding="utf-8").splitlines())}
# The special shapes have no complete hand one tile away: their near misses are not complete.
INCOMPLETE_NEAR_MISSES = {7, 19, 20, 34, 35}


def _sides(case: dict) -> tuple[tuple[str, str, dict], tuple[str, str, dict]]:
    """A case's scoring hand and its near miss: each its text, winning tile and context."""
    return ((case["hand"], case["win"], case.get("context", {})),
            (case["near"], case["near_win"], case.get("near_context", {})))


def _context(kind: int, flags: dict) -> WinContext:
    return WinContext(kind, flags.get("self_drawn", False), 1, 0,
                      **{k: v for k, v in flags.items() if k != "self_drawn"})


def scored_numbers(text: str, win: str, flags: dict, ruleset: str) -> set[int]:
    return {number for number, _, _, _ in score(Hand.parse(text), _context(parse(win)[0], flags),
                                                 ruleset).fans}


def test_every_element_has_a_case():
    assert set(CASES) == set(range(1, 82))


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("number", sorted(CASES), ids=lambda n: BY_NUMBER[n].name)
def test_the_element_scores_and_its_near_miss_does_not(number, ruleset):
    scoring, near = _sides(CASES[number])
    assert number in scored_numbers(*scoring, ruleset)
    if number in INCOMPLETE_NEAR_MISSES:
        with pytest.raises(ValueError, match="not a complete hand"):
            scored_numbers(*near, ruleset)
    else:
        assert number not in scored_numbers(*near, ruleset)


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
    """Every hand of the element cases, of the golden file and of the differential generator."""
    for case in CASES.values():
        for text, win, flags in _sides(case):
            hand = Hand.parse(text)
            if shanten.decompositions(hand.counts, len(hand.melds)):
                yield hand, _context(parse(win)[0], flags)
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
