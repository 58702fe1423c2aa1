"""The compiled hand analysis agrees with its slow twin in mjsim.reference.shanten.

Hands come from the wall (uniform), from complete hands less a tile (near ready), with quads, and
with 0-4 declared melds. Waits and decompositions are compared as sets.
"""

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from mjsim.analysis import shanten
from mjsim.reference import shanten as ref
from mjsim.tiles.hand import Hand
from mjsim_core.shanten import _regular_orders, wait_mask
from tests.helpers.strategies import (
    any_hands,
    complete_hands,
    near_ready_hands,
    quad_hands,
    unseen_arrays,
    wall_hands,
)

SLOW = settings(max_examples=60, deadline=None)
SLOWER = settings(max_examples=20, deadline=None)
MANY = settings(max_examples=300, deadline=None)


def before_draw(hands):
    """The same hands with 13 - 3m tiles (the shape acceptance and waits take)."""
    return hands.filter(lambda hand: hand[0].sum() == 13 - 3 * hand[1])


def after_draw(hands):
    return hands.filter(lambda hand: hand[0].sum() == 14 - 3 * hand[1])


@pytest.mark.parametrize("hands", [wall_hands(), near_ready_hands(), quad_hands()],
                         ids=["wall", "near-ready", "quads"])
def test_forms_and_shanten(hands):
    @MANY
    @given(hands)
    def check(hand):
        counts, melds = hand
        expected = ref.forms(counts, melds)
        assert shanten.forms(counts, melds) == expected
        assert shanten.shanten(counts, melds) == ref.shanten(counts, melds)
        assert set(expected) == set(shanten.FORMS)

    check()


@pytest.mark.parametrize("hands", [wall_hands(), near_ready_hands(), quad_hands()],
                         ids=["wall", "near-ready", "quads"])
def test_acceptance(hands):
    @SLOW
    @given(before_draw(hands), st.none() | unseen_arrays)
    def check(hand, unseen):
        counts, melds = hand
        assert (shanten.acceptance(counts, melds, unseen)
                == ref.acceptance(counts, melds, unseen))

    check()


@pytest.mark.parametrize("hands", [wall_hands(), near_ready_hands(), quad_hands()],
                         ids=["wall", "near-ready", "quads"])
def test_discards_with_unseen(hands):
    @SLOWER
    @given(after_draw(hands), unseen_arrays)
    def check(hand, unseen):
        counts, melds = hand
        got = [tuple(d) for d in shanten.discards(counts, melds, unseen)]
        assert got == ref.discards(counts, melds, unseen)

    check()


@SLOWER
@given(after_draw(any_hands))
def test_discards_default_counts_the_discard_as_seen(hand):
    """Without ``unseen``, a kind's copies are four less those in the 14 tiles: the discarded
    tile lies face up on the table and cannot be drawn."""
    counts, melds = hand
    got = [tuple(d) for d in shanten.discards(counts, melds)]
    assert got == ref.discards(counts, melds)


@SLOW
@given(before_draw(near_ready_hands()))
def test_waits(hand):
    counts, melds = hand
    got = shanten.waits(counts, melds)
    assert set(got) == set(ref.waits(counts, melds))
    assert len(got) == len(set(got))
    # The engine's waits as bits: the same kinds.
    assert wait_mask(counts, melds) == sum(1 << kind for kind in ref.waits(counts, melds))


@SLOW
@given(before_draw(wall_hands()))
def test_waits_of_a_hand_not_ready_are_empty(hand):
    counts, melds = hand
    if ref.shanten(counts, melds) > 0:
        assert shanten.waits(counts, melds) == []
        assert wait_mask(counts, melds) == 0


@MANY
@given(complete_hands())
def test_decompositions_of_complete_hands(hand):
    counts, melds = hand
    got = [tuple(d) for d in shanten.decompositions(counts, melds)]
    assert len(got) == len(set(got)), "readings repeat"
    assert set(got) == set(ref.decompositions(counts, melds))
    assert got, "a complete hand has a reading"


def concealed(text):
    """The counts of a concealed part, from its notation."""
    return Hand.parse(text).counts


@MANY
@given(complete_hands() | after_draw(any_hands))
@example((concealed("111222333m 444p 55s"), 0))      # chows or pungs, in one suit
@example((concealed("11223344m 223344p"), 0))        # seven pairs too, and two suits of chows
@example((concealed("22233344455m 456p"), 0))        # the pair's rank differs by reading
def test_regular_readings_keep_the_recursions_order(hand):
    """The readings from each suit's shape come in the order the recursion over the whole hand
    finds them: the scorer keeps the first of equal readings."""
    counts, melds = hand
    by_suits, by_kinds = _regular_orders(counts, melds)
    assert by_suits == by_kinds


@MANY
@given(after_draw(any_hands))
def test_decompositions_of_any_hand(hand):
    counts, melds = hand
    got = {tuple(d) for d in shanten.decompositions(counts, melds)}
    assert got == set(ref.decompositions(counts, melds))
    assert bool(got) == (ref.shanten(counts, melds) == -1)


@SLOW
@given(st.integers(0, 4).flatmap(
    lambda m: st.lists(st.one_of(wall_hands(st.just(m)), near_ready_hands(st.just(m))),
                       max_size=12)),
       st.integers(0, 4))
def test_batch(hands, melds):
    if hands:
        melds = hands[0][1]
    array = np.zeros((len(hands), 34), dtype=np.uint8)
    for row, (counts, _) in enumerate(hands):
        array[row] = counts
    got = shanten.shanten_batch(array, melds)
    assert got.shape == (len(hands),)
    assert got.tolist() == ref.shanten_batch(array, melds).tolist()


@settings(max_examples=200, deadline=None)
@example([0] * 5 + list(range(1, 9)), 0, "shanten")
@example(list(range(13)), 0, "discards")
@given(st.lists(st.integers(0, 33), max_size=16), st.integers(-1, 5),
       st.sampled_from(["shanten", "forms", "acceptance", "discards", "waits",
                        "decompositions"]))
def test_both_refuse_the_same_hands(kinds, melds, function):
    counts = np.bincount(np.array(kinds, dtype=np.int64), minlength=34).astype(np.uint8)
    outcomes = []
    for module in (shanten, ref):
        try:
            getattr(module, function)(counts, melds)
            outcomes.append("answered")
        except ValueError:
            outcomes.append("refused")
    assert outcomes[0] == outcomes[1], (function, melds, len(kinds))
