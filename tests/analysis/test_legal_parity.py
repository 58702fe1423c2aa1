"""The compiled legal distance against its slow twin (mjsim.reference.legal): distances,
accepted kinds, waits and discards on seeded samples, and hypothesis parity."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from mjsim import Hand
from mjsim.analysis import legal_discards, legal_distance, legal_search, legal_waits, shanten
from mjsim.reference import legal as twin
from mjsim.tiles.meld import Meld
from mjsim_core.elements import RULESETS

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


@pytest.mark.parametrize(("text", "win"), [("13m 55p", 1), ("24m 55p", 2)])
def test_the_last_copy_of_a_kind_three_melded_chows_show_scores_last_tile(
        text: str, win: int) -> None:
    """Three declared 123m show three 2m and three 3m: a win on the fourth copy of either
    scores Last Tile, which the compiled search reads from the copies exposed in every kind of
    every meld (a chow's middle and last kinds too), as its twin does."""
    melds = (Meld.chow(0),) * 3
    counts = Hand.parse(text).counts
    for drawn in (False, True):
        waits = legal_waits(counts, melds, self_drawn=drawn)
        assert waits == [tuple(w) for w in twin.legal_waits(counts, melds, self_drawn=drawn)]
        assert win in [w.tile for w in waits]


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


@st.composite
def drawn_hands(draw: st.DrawFn) -> tuple[np.ndarray, tuple[Meld, ...], list[int] | None]:
    """A hand of :func:`hands_with_melds` with one tile drawn (14-3m tiles), and now and then
    copies already seen."""
    counts, melds = draw(hands_with_melds())
    every = counts + np.bincount([k for m in melds for k in m.tiles], minlength=34)
    counts[draw(st.sampled_from([k for k in range(34) if every[k] < 4]))] += 1
    every = counts + np.bincount([k for m in melds for k in m.tiles], minlength=34)
    unseen = None
    if draw(st.booleans()):
        unseen = [max(0, 4 - int(c) - draw(st.integers(0, 1))) for c in every]
    return counts, melds, unseen


@settings(max_examples=15, deadline=None)
@given(drawn_hands(), st.integers(0, 3), st.integers(0, 3), st.booleans())
def test_hypothesis_one_search_for_every_discard(
        hand: tuple[np.ndarray, tuple[Meld, ...], list[int] | None], seat: int, prevalent: int,
        drawn: bool) -> None:
    """The 14 tiles searched once (mjsim_core.legal.search_drawn) give each discard what its
    own search gives in the twin, and the least of them as the 14-tile distance."""
    counts, melds, unseen = hand
    ask = {"seat_wind": seat, "prevalent_wind": prevalent, "self_drawn": drawn,
           "unseen": unseen}
    assert [tuple(d) for d in legal_discards(counts, melds, limit=1, **ask)] == \
        twin.legal_discards(counts, melds, limit=1, **ask)  # type: ignore[arg-type]
    assert legal_distance(counts, melds, limit=1, **ask) == \
        twin.legal_distance(counts, melds, limit=1, **ask)  # type: ignore[arg-type]


def hard_hands(n: int, seed: int, swaps: int) -> list[tuple[np.ndarray, tuple[Meld, ...], dict]]:
    """``n`` seeded hands, each with how to score it: a complete hand of four sets and a pair,
    up to three sets declared (pungs, chows, some kongs), one concealed tile taken and up to
    ``swaps`` more exchanged; random winds and ruleset, a third self-drawn, a fifth with copies
    already seen. A ready hand whose waits all score below eight is always kept, any other
    three times in ten: the hands where a tile held must be let go and drawn again."""
    rng = np.random.default_rng(seed)
    out: list[tuple[np.ndarray, tuple[Meld, ...], dict]] = []
    while len(out) < n:
        groups = [("chow", int(rng.choice(CHOWS))) if rng.random() < 0.45
                  else ("pung", int(rng.integers(34))) for _ in range(4)]
        declared = int(rng.choice(4, p=[0.25, 0.3, 0.3, 0.15]))
        melds = tuple(Meld.chow(k) if kind == "chow" else Meld.pung(k) if rng.random() < 0.8
                      else Meld.kong(k, concealed=bool(rng.random() < 0.5))
                      for kind, k in groups[:declared])
        tiles = [int(rng.integers(34))] * 2
        for kind, k in groups[declared:]:
            tiles += [k, k + 1, k + 2] if kind == "chow" else [k] * 3
        counts = np.bincount(tiles, minlength=34).astype(np.uint8)
        melded = np.bincount([k for m in melds for k in m.tiles], minlength=34)
        if (counts + melded).max() > 4:
            continue
        counts[rng.choice(np.flatnonzero(counts))] -= 1
        for _ in range(int(rng.integers(swaps + 1))):
            counts[rng.choice(np.flatnonzero(counts))] -= 1
            counts[rng.choice(np.flatnonzero(counts + melded < 4))] += 1
        ask: dict = {"seat_wind": int(rng.integers(4)), "prevalent_wind": int(rng.integers(4)),
                     "self_drawn": bool(rng.random() < 0.35),
                     "ruleset": RULESETS[int(rng.integers(len(RULESETS)))]}
        if rng.random() < 0.2:
            ask["unseen"] = [int(max(0, 4 - c - rng.integers(0, 3))) for c in counts + melded]
        low = (shanten.shanten(counts, len(melds)) == 0
               and not legal_waits(counts, melds, **ask))
        if low or rng.random() < 0.3:
            out.append((counts, melds, ask))
    return out


def disagreements(hands: list[tuple[np.ndarray, tuple[Meld, ...], dict]], limit: int) -> list:
    """The hands on which the kernel's (distance, exact, kinds) differ from the twin's."""
    bad = []
    for counts, melds, ask in hands:
        found = legal_search(counts, melds, limit=limit, **ask)
        distance, kinds = twin.legal_search(counts, melds, limit=limit, **ask)
        if (found.distance, found.exact, set(found.kinds)) != (distance, distance <= limit,
                                                               kinds):
            bad.append((counts.tolist(), melds, ask))
    return bad


@pytest.mark.slow
def test_three_thousand_hard_hands_at_limit_1() -> None:
    hands = hard_hands(3000, seed=32, swaps=1)
    assert disagreements(hands, limit=1) == []
    assert sum(bool(melds) for _, melds, _ in hands) > 2000     # mostly with melds
    assert sum(ask["self_drawn"] for *_, ask in hands) > 800


@pytest.mark.slow
def test_three_hundred_hard_hands_at_limit_2() -> None:
    hands = hard_hands(300, seed=33, swaps=2)
    assert disagreements(hands, limit=2) == []
    assert {legal_search(c, m, limit=2, **a).distance for c, m, a in hands} == {0, 1, 2, 3}


def test_the_distance_alone_agrees_on_hard_hands() -> None:
    """The distance asked alone (no kinds) tells a ready hand's cost from its waits and the
    scorer, and searches a ready hand with no wait worth eight from two draws on: on hands where
    that matters (about half of these are ready with every wait under eight), at limits 0-2,
    it is the twin's."""
    hands = hard_hands(200, seed=34, swaps=1)
    ready = [h for h in hands if shanten.shanten(h[0], len(h[1])) == 0]
    assert len(ready) > 100 and any(not legal_waits(c, m, **a) for c, m, a in ready)
    for counts, melds, ask in hands:
        for limit in (0, 1, 2):
            distance, _kinds = twin.legal_search(counts, melds, limit=limit, **ask)
            assert legal_distance(counts, melds, limit=limit, **ask) == distance, (
                counts.tolist(), melds, ask, limit)


def pairs_and_knits(n: int, seed: int) -> list[tuple[np.ndarray, dict]]:
    """``n`` seeded 13-tile hands near the special forms: five or six pairs (a kind held three
    or four times now and then); a knitted arrangement less a tile or two with a set and a pair
    (a knitted straight); or most of one with honours (honours and knitted tiles). Copies are
    seen now and then."""
    rng = np.random.default_rng(seed)
    out: list[tuple[np.ndarray, dict]] = []
    while len(out) < n:
        form = rng.random()
        if form < 0.4:
            kinds = rng.choice(34, 7, replace=False)
            tiles = [int(k) for k in kinds[:int(rng.integers(5, 7))] for _ in range(2)]
        else:
            suits = rng.permutation(3)
            knit = [int(9 * suits[start] + start + 3 * i) for start in range(3) for i in range(3)]
            tiles = [int(k) for k in rng.permutation(knit)[int(rng.integers(1, 3)):]]
            if form < 0.7:
                low = int(rng.choice(CHOWS)) if rng.random() < 0.7 else int(rng.integers(34))
                tiles += [low, low + 1, low + 2] if low in CHOWS and rng.random() < 0.7 \
                    else [low] * 3
                tiles += [int(rng.integers(34))] * 2
            else:
                tiles += [27 + int(k) for k in rng.permutation(7)]
        tiles = tiles[:13]
        while len(tiles) < 13:
            tiles.append(int(rng.integers(34)))
        counts = np.bincount(tiles, minlength=34).astype(np.uint8)
        if counts.max() > 4:
            continue
        ask: dict = {}
        if rng.random() < 0.3:
            ask["unseen"] = [int(max(0, 4 - c - rng.integers(0, 3))) for c in counts]
        out.append((counts, ask))
    return out


def test_special_forms_near_ready_agree() -> None:
    """Seven pairs, knitted straights and honours and knitted tiles a draw or two away: their
    cost discard by discard and the kinds they draw (counted from the pairs each kind offers,
    for seven pairs) are the twin's."""
    hands = pairs_and_knits(150, seed=35)
    near = 0
    for counts, ask in hands:
        found = legal_search(counts, limit=1, **ask)
        distance, kinds = twin.legal_search(counts, limit=1, **ask)
        assert (found.distance, set(found.kinds)) == (distance, kinds), (counts.tolist(), ask)
        near += distance <= 1
    assert near > 40
    for counts, ask in hands[:12]:
        drawn = counts.copy()
        drawn[int(np.flatnonzero(counts < 4)[0])] += 1
        assert [tuple(d) for d in legal_discards(drawn, limit=1, **ask)] == \
            twin.legal_discards(drawn, limit=1, **ask)


def test_the_fourteen_tile_distance_at_limit_0_agrees_on_hard_hands() -> None:
    """At limit 0 the 14 tiles ask only whether some discard leaves a wait worth eight, which
    the ready discards' waits and the scorer tell with no search: on hard hands with a tile
    drawn (a copy still to be had), at limits 0 and 1, it is the twin's."""
    rng = np.random.default_rng(36)
    found = set()
    for counts, melds, ask in hard_hands(150, seed=36, swaps=1):
        ask.pop("unseen", None)
        melded = np.bincount([k for m in melds for k in m.tiles], minlength=34)
        drawn = counts.copy()
        drawn[rng.choice(np.flatnonzero(counts + melded < 4))] += 1
        for limit in (0, 1):
            distance = twin.legal_distance(drawn, melds, limit=limit, **ask)
            assert legal_distance(drawn, melds, limit=limit, **ask) == distance, (
                drawn.tolist(), melds, ask, limit)
            found.add((limit, distance))
    assert {(0, 0), (0, 1), (1, 1), (1, 2)} <= found, found
