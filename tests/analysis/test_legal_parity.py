"""The compiled legal distance against its slow twin (mjsim.reference.legal): distances,
accepted kinds, waits and discards on seeded samples, and hypothesis parity."""

from __future__ import annotations

import numpy as np
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from mjsim.analysis import legal_discards, legal_search, legal_waits, shanten
from mjsim.reference import legal as twin
from mjsim.tiles.meld import Meld

WALL = np.repeat(np.arange(34), 4)


def near_hands(n: int, seed: int, most: int) -> list[np.ndarray]:
    """``n`` seeded 13-tile wall hands at shanten ``most`` or less."""
    rng = np.random.default_rng(seed)
    hands: list[np.ndarray] = []
    while len(hands) < n:
        counts = np.bincount(rng.permutation(WALL)[:13], minlength=34).astype(np.uint8)
        if shanten.shanten(counts) <= most:
            hands.append(counts)
    return hands


def same(counts: np.ndarray, melds: tuple[Meld, ...] = (), limit: int = 1, **ask: object) -> None:
    found = legal_search(counts, melds, limit=limit, **ask)  # type: ignore[arg-type]
    distance, kinds = twin.legal_search(counts, melds, limit=limit, **ask)  # type: ignore[arg-type]
    assert (found.distance, set(found.kinds)) == (distance, kinds), counts.tolist()
    assert found.exact == (distance <= limit)


def test_large_sample_at_distances_0_and_1() -> None:
    hands = near_hands(120, seed=19, most=1)
    distances = []
    for counts in hands:
        same(counts)
        distances.append(legal_search(counts, limit=1).distance)
    assert {0, 1} <= set(distances)    # the sample reaches both distances


def test_smaller_sample_at_distance_2() -> None:
    distances = []
    for counts in near_hands(6, seed=20, most=2):
        same(counts, limit=2)
        distances.append(legal_search(counts, limit=2).distance)
    assert 2 in distances


def test_waits_self_drawn_and_unseen() -> None:
    rng = np.random.default_rng(21)
    for counts in near_hands(25, seed=22, most=0):
        seat, prevalent = (int(x) for x in rng.integers(0, 4, 2))
        for drawn in (False, True):
            assert legal_waits(counts, (), seat, prevalent, drawn) == [
                tuple(w) for w in twin.legal_waits(counts, (), seat, prevalent, drawn)]
        unseen = [max(0, 4 - int(c) - int(rng.integers(0, 3))) for c in counts]
        same(counts, seat_wind=seat, prevalent_wind=prevalent, unseen=unseen)
        same(counts, self_drawn=True)


def test_discards_of_drawn_hands() -> None:
    rng = np.random.default_rng(23)
    for counts in near_hands(3, seed=24, most=0):
        drawn = counts.copy()
        drawn[int(rng.choice(np.flatnonzero(counts < 4)))] += 1
        assert [tuple(d) for d in legal_discards(drawn, limit=1)] == twin.legal_discards(
            drawn, limit=1)


CHOWS = [k for k in range(27) if k % 9 <= 6]


@st.composite
def hands_with_melds(draw: st.DrawFn) -> tuple[np.ndarray, tuple[Meld, ...]]:
    """A complete hand of four sets and a pair, some sets declared, less one concealed tile,
    with up to one more tile swapped."""
    groups = []
    for _ in range(4):
        if draw(st.booleans()):
            start = draw(st.sampled_from(CHOWS))
            groups.append(("chow", start))
        else:
            groups.append(("pung", draw(st.integers(0, 33))))
    pair = draw(st.integers(0, 33))
    declared = draw(st.integers(0, 3))
    melds = tuple(Meld.chow(k) if kind == "chow" else Meld.pung(k)
                  for kind, k in groups[:declared])
    tiles = [pair, pair]
    for kind, k in groups[declared:]:
        tiles += [k, k + 1, k + 2] if kind == "chow" else [k] * 3
    counts = np.bincount(tiles, minlength=34).astype(np.uint8)
    every = counts.copy()
    for meld in melds:
        for k in meld.tiles:
            every[k] += 1
    assume(every.max() <= 4)
    held = sorted(k for k in range(34) for _ in range(counts[k]))
    counts[draw(st.sampled_from(held))] -= 1
    if draw(st.booleans()):
        held = [k for k in range(34) if counts[k]]
        counts[draw(st.sampled_from(held))] -= 1
        room = [k for k in range(34) if counts[k] + sum(m.tiles.count(k) for m in melds) < 4]
        counts[draw(st.sampled_from(room))] += 1
    return counts, melds


@settings(max_examples=40, deadline=None)
@given(hands_with_melds(), st.integers(0, 3), st.integers(0, 3), st.booleans())
def test_hypothesis_parity(hand: tuple[np.ndarray, tuple[Meld, ...]], seat: int,
                           prevalent: int, drawn: bool) -> None:
    counts, melds = hand
    same(counts, melds, seat_wind=seat, prevalent_wind=prevalent, self_drawn=drawn)
