"""The slow twin itself, pinned against brute force and hands checked by hand.

The parity tests trust mjsim.reference.shanten; these tests are why. Where the hand is small (three
or four melds, or a knitted straight) every complete target is listed outright and the distance
taken over all of them, with no search at all.
"""

from functools import cache
from itertools import combinations_with_replacement

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjsim import Hand
from mjsim.reference import shanten as ref
from tests.helpers.strategies import counts_of

SETS = [(k, k, k) for k in range(34)] + [(k, k + 1, k + 2) for k in range(27) if k % 9 <= 6]


@cache
def targets(sets: int, knitted: bool) -> np.ndarray:
    """Every complete concealed part of ``sets`` sets and a pair (plus a knitted arrangement),
    at most four of a kind, as rows of counts."""
    rows = []
    bases = ref.KNITTED if knitted else [()]
    for base in bases:
        for chosen in combinations_with_replacement(SETS, sets):
            for pair in range(34):
                row = counts_of([*base, *(k for s in chosen for k in s), pair, pair])
                if row.max() <= 4:
                    rows.append(row)
    return np.unique(np.array(rows, dtype=np.int16), axis=0)


def brute_distance(counts, sets, knitted=False) -> int:
    table = targets(sets, knitted)
    return int(np.maximum(table - counts.astype(np.int16), 0).sum(axis=1).min())


@st.composite
def small_hands(draw, melds):
    """Hands drawn from the wall, or crowded into a few kinds so that quads turn up."""
    n = 13 - 3 * melds + int(draw(st.booleans()))
    kinds = draw(st.just(list(range(34)))
                 | st.lists(st.integers(0, 33), min_size=-(-n // 4), max_size=5, unique=True))
    pool = [k for k in kinds for _ in range(4)]
    picks = draw(st.lists(st.integers(0, len(pool) - 1), min_size=n, max_size=n, unique=True))
    return counts_of(pool[i] for i in picks)


@pytest.mark.parametrize("melds", [2, 3, 4])
def test_regular_equals_brute_force(melds):
    @settings(max_examples=60 if melds > 2 else 15, deadline=None)
    @given(small_hands(melds))
    def check(counts):
        assert (ref.form_shanten(counts, melds, "regular")
                == brute_distance(counts, 4 - melds) - 1)

    check()


@pytest.mark.parametrize("melds", [0, 1])
def test_knitted_straight_equals_brute_force(melds):
    @settings(max_examples=40, deadline=None)
    @given(small_hands(melds))
    def check(counts):
        assert (ref.form_shanten(counts, melds, "knitted_straight")
                == brute_distance(counts, 1 - melds, knitted=True) - 1)

    check()


def counts(text):
    hand = Hand.parse(text)
    return hand.counts, len(hand.melds)


@pytest.mark.parametrize("text, form, expected", [
    ("123m 456p 789s 123s 55p", "regular", -1),
    ("1112345678999m", "regular", 0),
    ("111p 999p 9999s WWW", "regular", 1),          # no pair without a fifth 9s
    ("chow(123m) chow(456m) pung(RRR) 5555p", "regular", 1),
    ("112233m 4455p 666s", "seven_pairs", 0),       # a quad is two pairs
    ("1111m 2222p 3333s R", "seven_pairs", 0),
    ("19m 19p 19s ESWNRGB", "thirteen_orphans", 0),
    ("147m 25p 36s ESWNRGB", "honors_knitted", -1),
    ("147m 25p 36s ESWNRGB", "greater_honors_knitted", -1),
    ("147m 25p 36s ESWNRGB", "lesser_honors_knitted", 0),
    ("147m 258p 369s ESWNR", "lesser_honors_knitted", -1),
    ("147m 258p 36s 234s 55s", "knitted_straight", 0),
    ("pung(EEE) pung(SSS) 147m 258p 3s", "knitted_straight", None),
    ("pung(EEE) 1m 2m 3m 4m 5m 6m 7m 8m 9m E", "seven_pairs", None),
])
def test_hands_checked_by_hand(text, form, expected):
    hand, melds = counts(text)
    assert ref.form_shanten(hand, melds, form) == expected


def test_waits_checked_by_hand():
    assert ref.waits(*counts("1112345678999m")) == list(range(9))
    assert ref.waits(*counts("19m 19p 19s ESWNRGB")) == list(ref.ORPHANS)
    assert ref.waits(*counts("1111m 2222m 3333m 4m")) == [3, 4]       # 1234m 44m, 33m 345m
    assert ref.waits(*counts("pung(EEE) chow(789s) 11m 234p 56p")) == [9, 12, 15]
    assert ref.waits(*counts("111p 999p 9999s WWW")) == []


def test_a_fifth_copy_when_allowed_models_pymahjonggb():
    hand, melds = counts("111p 999p 9999s WWW")
    assert ref.shanten(hand, melds, cap=5) == 0
    assert ref.accepted_kinds(hand, melds, "regular", cap=5) == [26]
    assert ref.shanten(hand, melds) == 1


def test_decompositions_checked_by_hand():
    assert ref.decompositions(*counts("111222333m 789p 55s")) == [
        ("regular", 22, (0, 0, 0, 15), (), (), ()),
        ("regular", 22, (15,), (0, 1, 2), (), ()),
    ]
    forms = [d[0] for d in ref.decompositions(*counts("1122m 3344m 5566m 77m"))]
    assert forms == ["regular"] * 3 + ["seven_pairs"]
    assert ref.decompositions(*counts("147m 258p 369s ESWNR")) == [
        ("honors_knitted", -1, (), (), (), (0, 3, 6, 10, 13, 16, 20, 23, 26, 27, 28, 29, 30, 31)),
    ]
    assert ref.decompositions(*counts("pung(EEE) 147m 258p 369s 55s")) == [
        ("knitted_straight", 22, (), (), (), (0, 3, 6, 10, 13, 16, 20, 23, 26)),
    ]
    assert ref.decompositions(*counts("19m 19p 19s ESWNRGBB")) == [
        ("thirteen_orphans", 33, (), (), (), ()),
    ]


def test_every_honors_knitted_target():
    chosen = ref.honors_knitted_targets()
    assert len(chosen) == 6 * 120
    assert sum(c.issuperset(ref.HONORS) for c in chosen) == 6 * 36  # greater: 7 of 9 knitted


@pytest.mark.parametrize("bad, melds, message", [
    (np.zeros(33, dtype=np.uint8), 0, "34 entries"),
    (counts_of([0] * 5 + list(range(1, 9))), 0, "0 to 4"),
    (counts_of(range(12)), 0, "expected 13 or 14"),
    (counts_of(range(13)), 5, "0 to 4 declared"),
])
def test_refusals(bad, melds, message):
    with pytest.raises(ValueError, match=message):
        ref.shanten(bad, melds)
