"""Hypothesis strategies for concealed hands as (counts, melds), shared by the shanten tests.

- ``wall_hands``: tiles drawn uniformly from the 136 playing tiles, 0-4 melds, before or after
  a draw;
- ``complete_hands``: a complete concealed part of a form the meld count allows;
- ``near_ready_hands``: a complete hand less one tile, with up to two tiles swapped for others;
- ``quad_hands``: hands holding one to three kinds four times.
"""

from __future__ import annotations

import numpy as np
from hypothesis import assume
from hypothesis import strategies as st

from mjsim.reference.shanten import HONORS, KNITTED, ORPHANS

WALL = tuple(kind for kind in range(34) for _ in range(4))
ANY_MELDS = st.integers(0, 4)
FEW_MELDS = st.integers(0, 2)
DRAWN = st.booleans()
CHOW_STARTS = tuple(k for k in range(27) if k % 9 <= 6)


def counts_of(kinds) -> np.ndarray:
    return np.bincount(np.fromiter(kinds, dtype=np.int64), minlength=34).astype(np.uint8)


def size(melds: int, drawn: bool) -> int:
    return 13 - 3 * melds + int(drawn)


@st.composite
def wall_hands(draw, melds=ANY_MELDS, drawn=DRAWN):
    m = draw(melds)
    n = size(m, draw(drawn))
    picks = draw(st.lists(st.integers(0, 135), min_size=n, max_size=n, unique=True))
    return counts_of(WALL[i] for i in picks), m


@st.composite
def _a_set(draw) -> tuple[int, ...]:
    if draw(st.booleans()):
        start = draw(st.sampled_from(CHOW_STARTS))
        return (start, start + 1, start + 2)
    return (draw(st.integers(0, 33)),) * 3


def _forms_allowed(melds: int) -> list[str]:
    if melds == 0:
        return ["regular", "seven_pairs", "thirteen_orphans", "honors_knitted",
                "knitted_straight"]
    return ["regular", "knitted_straight"] if melds == 1 else ["regular"]


@st.composite
def complete_hands(draw, melds=ANY_MELDS):
    """A complete concealed part (14 - 3m tiles) of some form, as (counts, melds)."""
    m = draw(melds)
    form = draw(st.sampled_from(_forms_allowed(m)))
    kinds: list[int] = []
    if form in ("regular", "knitted_straight"):
        if form == "knitted_straight":
            kinds += draw(st.sampled_from(KNITTED))
        sets = (4 if form == "regular" else 1) - m
        for _ in range(sets):
            kinds += draw(_a_set())
        kinds += [draw(st.integers(0, 33))] * 2
    elif form == "seven_pairs":
        pairs = draw(st.lists(st.integers(0, 33), min_size=7, max_size=7))
        kinds += [k for k in pairs for _ in range(2)]
    elif form == "thirteen_orphans":
        kinds += list(ORPHANS) + [draw(st.sampled_from(ORPHANS))]
    else:
        pool = sorted(draw(st.sampled_from(KNITTED)) + HONORS)
        kinds += draw(st.permutations(pool))[:14]
    counts = counts_of(kinds)
    assume(counts.max() <= 4)
    return counts, m


def _tiles(counts: np.ndarray) -> list[int]:
    return [k for k in range(34) for _ in range(counts[k])]


@st.composite
def near_ready_hands(draw, melds=ANY_MELDS, drawn=DRAWN):
    """A complete hand less one tile (so ready), with up to two tiles then swapped for random
    ones, and one more drawn after a draw: mostly ready or one or two from ready."""
    counts, m = draw(complete_hands(melds))
    counts = counts.astype(np.int64)
    counts[draw(st.sampled_from(_tiles(counts)))] -= 1
    for _ in range(draw(st.integers(0, 2))):
        counts[draw(st.sampled_from(_tiles(counts)))] -= 1
        counts[draw(st.sampled_from([k for k in range(34) if counts[k] < 4]))] += 1
    if draw(drawn):
        counts[draw(st.sampled_from([k for k in range(34) if counts[k] < 4]))] += 1
    return counts.astype(np.uint8), m


@st.composite
def quad_hands(draw, melds=FEW_MELDS, drawn=DRAWN):
    """Hands holding one to three kinds four times, the rest drawn from what is left."""
    m = draw(melds)
    n = size(m, draw(drawn))
    quads = draw(st.lists(st.integers(0, 33), min_size=1, max_size=min(3, n // 4), unique=True))
    rest = [k for k in WALL if k not in quads]
    picks = draw(st.lists(st.integers(0, len(rest) - 1), min_size=n - 4 * len(quads),
                          max_size=n - 4 * len(quads), unique=True))
    return counts_of([k for k in quads for _ in range(4)] + [rest[i] for i in picks]), m


any_hands = st.one_of(wall_hands(), near_ready_hands(), quad_hands())
unseen_arrays = st.lists(st.integers(0, 4), min_size=34, max_size=34).map(
    lambda values: np.array(values, dtype=np.uint8))
