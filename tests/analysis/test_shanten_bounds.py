"""The shanten kernel's shortcuts agree with its slow twin where they are tight.

The kernel skips a knitted arrangement when the kinds it lacks, plus a bound on what it leaves
(a tile for a missing pair, a tile for a missing set), already reach the best distance found;
it reads the special forms from bit sets of the kinds held once, twice, three and four times;
and it merges the suits' tables ten slots at a time, keeping one pair in all. The hands here make
those shortcuts matter: most of a knitted straight held, its rest with or without a pair, a set
or a chow; honours-heavy hands; many pairs; 0-4 melds, before and after a draw.
"""

import numpy as np
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import mjsim_core.shanten as compiled
from mjsim.analysis import shanten
from mjsim.reference import shanten as ref
from mjsim.reference.shanten import HONORS, KNITTED
from tests.helpers.strategies import ANY_MELDS, DRAWN, counts_of, wall_hands

MANY = settings(max_examples=400, deadline=None)
SOME = settings(max_examples=80, deadline=None)


@st.composite
def near_knitted_hands(draw, melds=ANY_MELDS, drawn=DRAWN):
    """Five to nine kinds of one knitted arrangement once each, the rest drawn from that
    arrangement again (pairs and pungs in the rest), the honours, the suits (chows) or anywhere."""
    m = draw(melds)
    n = 13 - 3 * m + int(draw(drawn))
    arrangement = draw(st.sampled_from(KNITTED))
    kept = draw(st.lists(st.sampled_from(arrangement), unique=True,
                         min_size=min(n, 5), max_size=min(n, 9)))
    pool = st.one_of(st.sampled_from(arrangement), st.sampled_from(HONORS),
                     st.integers(0, 26), st.integers(0, 33))
    rest = draw(st.lists(pool, min_size=n - len(kept), max_size=n - len(kept)))
    counts = counts_of(kept + rest)
    assume(counts.max() <= 4)
    return counts, m


@st.composite
def honours_heavy_hands(draw, melds=ANY_MELDS, drawn=DRAWN):
    """Mostly honours (pairs, pungs, singles), the rest suited tiles."""
    m = draw(melds)
    n = 13 - 3 * m + int(draw(drawn))
    honours = draw(st.integers(n // 2, n))
    kinds = (draw(st.lists(st.sampled_from(HONORS), min_size=honours, max_size=honours))
             + draw(st.lists(st.integers(0, 26), min_size=n - honours, max_size=n - honours)))
    counts = counts_of(kinds)
    assume(counts.max() <= 4)
    return counts, m


@st.composite
def paired_hands(draw, melds=ANY_MELDS, drawn=DRAWN):
    """Two to six kinds held twice, spread over the suits, the rest drawn anywhere: a merge of
    the suits' tables that let two of them each bring the pair would read pairs as sets."""
    m = draw(melds)
    n = 13 - 3 * m + int(draw(drawn))
    pairs = draw(st.lists(st.integers(0, 33), unique=True, min_size=min(2, n // 2),
                          max_size=min(6, n // 2)))
    rest = draw(st.lists(st.integers(0, 33), min_size=n - 2 * len(pairs),
                         max_size=n - 2 * len(pairs)))
    counts = counts_of(pairs + pairs + rest)
    assume(counts.max() <= 4)
    return counts, m


tight_hands = st.one_of(near_knitted_hands(), honours_heavy_hands(), paired_hands())


@MANY
@given(tight_hands)
def test_shanten_and_forms(hand):
    counts, melds = hand
    assert shanten.forms(counts, melds) == ref.forms(counts, melds)
    assert shanten.shanten(counts, melds) == ref.shanten(counts, melds)


@SOME
@given(st.integers(0, 4).flatmap(
    lambda m: st.lists(st.one_of(near_knitted_hands(st.just(m)), honours_heavy_hands(st.just(m)),
                                 paired_hands(st.just(m))), min_size=1, max_size=12)))
def test_batch(hands):
    melds = hands[0][1]
    array = np.stack([counts for counts, _ in hands])
    assert shanten.shanten_batch(array, melds).tolist() == \
        ref.shanten_batch(array, melds).tolist()


@SOME
@given(near_knitted_hands(drawn=st.just(False)) | honours_heavy_hands(drawn=st.just(False))
       | paired_hands(drawn=st.just(False)))
def test_acceptance(hand):
    counts, melds = hand
    assert shanten.acceptance(counts, melds) == ref.acceptance(counts, melds)


@SOME
@given(near_knitted_hands(drawn=st.just(True)) | honours_heavy_hands(drawn=st.just(True))
       | paired_hands(drawn=st.just(True)))
def test_discards(hand):
    counts, melds = hand
    assert [tuple(d) for d in shanten.discards(counts, melds)] == ref.discards(counts, melds)


@MANY
@given(near_knitted_hands(drawn=st.just(True)) | honours_heavy_hands(drawn=st.just(True))
       | paired_hands(drawn=st.just(True)))
def test_the_shanten_after_each_discard_weighs_a_special_form_when_it_can_be_nearest(hand):
    """The rungs' shanten after a discard skips the special forms when the regular form is
    nearer than any special form of the 14 tiles (a discard brings none nearer)."""
    counts, melds = hand
    want = [(kind, after) for kind, after, _, _ in ref.discards(counts, melds)]
    assert compiled._shanten_after(counts, melds) == want


@MANY
@given(near_knitted_hands(drawn=st.just(False)) | honours_heavy_hands(drawn=st.just(False))
       | paired_hands(drawn=st.just(False)) | wall_hands(drawn=st.just(False)),
       st.sampled_from(HONORS), st.sampled_from(HONORS))
def test_the_acceptance_cannot_tell_one_honour_from_another(hand, one, other):
    """Swapping two honours' counts swaps their marks in the acceptance: the rungs' tie-break
    reads one honour's acceptance for another honour held as many times (rungs.pyx)."""
    counts, melds = hand
    swapped = counts.copy()
    swapped[[one, other]] = counts[[other, one]]
    renamed = {one: other, other: one}
    kinds = sorted(renamed.get(kind, kind) for kind, _ in ref.acceptance(counts, melds))
    assert [kind for kind, _ in ref.acceptance(swapped, melds)] == kinds
