"""The suit lists rung 4's searches keep across searches (``Question.lists``) change no answer:
the compiled searches through one set of kept lists, asked again and again under caps that
tighten and loosen, answer as the searches without them."""

from __future__ import annotations

import numpy as np
import pytest

from mjsim import Hand
from mjsim_core import legal
from tests.analysis.test_legal_parity import hard_hands


def tighter(unseen: list[int] | None, counts: np.ndarray, rng: np.random.Generator) -> list[int]:
    """Fewer copies to be had of some kinds than ``unseen`` says (every copy not held: None)."""
    start = unseen if unseen is not None else [4 - int(c) for c in counts]
    return [max(0, u - int(rng.integers(0, 3))) if rng.random() < 0.3 else u for u in start]


@pytest.mark.parametrize("limit", [1, 2])
def test_searches_through_kept_lists_answer_as_searches_without(limit: int) -> None:
    """Each hand is searched as asked and under tighter caps, in either order, through one
    _KeptLists: its suits' lists are made under loose caps once and read under both."""
    rng = np.random.default_rng(40 + limit)
    kept = legal._KeptLists()
    for counts, melds, ask in hard_hands(300, seed=41 + limit, swaps=limit):
        asks = [ask, {**ask, "unseen": tighter(ask.get("unseen"), counts, rng)}]
        if rng.random() < 0.5:
            asks.reverse()
        for asked in asks:
            assert kept.ask(counts, melds, limit=limit, **asked) == \
                legal.legal_search(counts, melds, limit=limit, **asked), (counts.tolist(), asked)
    asked_lists, served = kept.counts()
    assert asked_lists > 1000 and served > asked_lists // 3


def melded_copies(melds: tuple) -> np.ndarray:
    """The copies of each kind in ``melds``."""
    return np.bincount([k for m in melds for k in m.tiles], minlength=34)


def moved(counts: np.ndarray, melds: tuple, rng: np.random.Generator) -> np.ndarray:
    """``counts`` with one tile of a suit exchanged for a tile of another suit: the other two
    suits keep their tiles, beside suits that need more draws or fewer than before."""
    melded = melded_copies(melds)
    suit = np.minimum(np.arange(34) // 9, 3)
    out = counts.copy()
    gone = int(rng.choice(np.flatnonzero(out)))
    out[gone] -= 1
    out[int(rng.choice(np.flatnonzero((out + melded < 4) & (suit != suit[gone]))))] += 1
    return out


def with_a_draw(counts: np.ndarray, melds: tuple, rng: np.random.Generator) -> np.ndarray:
    """``counts`` and one tile more, of a kind with a copy left beside the melds."""
    out = counts.copy()
    out[int(rng.choice(np.flatnonzero(out + melded_copies(melds) < 4)))] += 1
    return out


def test_discards_through_kept_lists_answer_as_discards_without() -> None:
    """The 14-tile search (every discard at once), each hand as asked and under tighter caps."""
    rng = np.random.default_rng(43)
    kept = legal._KeptLists()
    met = 0
    for counts, melds, ask in hard_hands(150, seed=44, swaps=1):
        drawn = with_a_draw(counts, melds, rng)
        for asked in (ask, {**ask, "unseen": tighter(ask.get("unseen"), drawn, rng)}):
            assert kept.ask(drawn, melds, limit=1, **asked) == \
                legal.legal_discards(drawn, melds, limit=1, **asked), (drawn.tolist(), asked)
            met += 1
    asked_lists, served = kept.counts()
    assert met == 300 and asked_lists > 500 and served > asked_lists // 3


@pytest.mark.parametrize("limit", [1, 2])
def test_a_suit_kept_beside_other_suits_needing_more_or_less_answers_as_without(
        limit: int) -> None:
    """A suit's kept list serves a later search whose other suits need as much or more, and
    is made again beside the least of both bounds when they need less: each hand and one with a
    tile moved between two other suits, in either order, of 13 tiles and of 14, through one
    _KeptLists, answer as without it."""
    rng = np.random.default_rng(50 + limit)
    kept = legal._KeptLists()
    for counts, melds, ask in hard_hands(150, seed=51 + limit, swaps=limit):
        ask.pop("unseen", None)
        hands = [counts, moved(counts, melds, rng)]
        if rng.random() < 0.5:
            hands.reverse()
        for hand in hands:
            assert kept.ask(hand, melds, limit=limit, **ask) == \
                legal.legal_search(hand, melds, limit=limit, **ask), (hand.tolist(), ask)
        for hand in hands:
            drawn = with_a_draw(hand, melds, rng)
            assert kept.ask(drawn, melds, limit=limit, **ask) == \
                legal.legal_discards(drawn, melds, limit=limit, **ask), (drawn.tolist(), ask)
    asked_lists, served = kept.counts()
    assert asked_lists > 1000 and served > asked_lists // 3


NO_COPY = [0] * 34
# Every copy of the characters seen, some of the rest to be had (seeded).
NO_CHARACTER = [0] * 9 + [2, 2, 0, 0, 4, 4, 1, 4, 4, 0, 3, 1, 1, 2, 2, 0, 1, 1, 0, 4, 3, 1, 4, 3, 1]


@pytest.mark.parametrize(("text", "unseen", "distance"), [
    ("1112345678999m", NO_COPY, 5), ("123456789m 1234p", NO_COPY, 5),
    ("223444678889m G", NO_CHARACTER, 4)])
def test_a_list_too_long_under_loose_caps_is_made_again_under_the_searchs_own(
        text: str, unseen: list[int], distance: int) -> None:
    """The caps are the characters held: under the loose caps a kept list is made under,
    budgets 4 and 5 list more character patterns than the pool holds (lists that deep are kept
    here only: rung 4 keeps them to budget 3). The suit is then listed again under the search's
    own caps, afresh, so the search does not stop at budget 4 as one that overflowed would, and
    answers as it does without lists: nothing in reach, or targets of four draws."""
    counts = Hand.parse(text).counts
    plain = legal.legal_search(counts, unseen=unseen, limit=4)
    assert plain[:2] == (distance, distance <= 4)
    assert legal._KeptLists(deepest=5).ask(counts, unseen=unseen, limit=4) == plain
