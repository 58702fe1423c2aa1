"""mjsim_core.score: the compiled scorer equals the readable reference (mjsim.reference.score)
exactly, and its tables are the element data.

Hypothesis draws winning hands of every shape (four sets and a pair with 0-4 declared melds,
kongs of both kinds; seven pairs with four alike; thirteen orphans; lesser and greater honours and
knitted; a knitted straight with and without a meld; nine gates) under every win circumstance and
checks, in both rulesets, the total, every element's count, the reading chosen and the wait count.
So do 1,500 hands of the scoring tests' own generator (``tests/helpers/wins.py``, which
reaches every element). The golden hands of ``tests/data/scored.jsonl`` run through the compiled
path against their recorded values, and the relation counting is compared on every group of chows
and pungs. The points, suppressions and relation patterns the kernel loaded are read back and
held to :mod:`mjsim.scoring.elements`, and shown to follow the data when it changes.
"""

from __future__ import annotations

import doctest
import subprocess
import sys
from collections import Counter
from itertools import combinations, combinations_with_replacement
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import mjsim_core.score as compiled_module
from mjsim.reference.score import formal_waits, group_elements
from mjsim.reference.score import score as reference_score  # every reading in Python
from mjsim.scoring.elements import BY_NUMBER, ELEMENTS, RULESETS, excludes, points
from mjsim.scoring.scorer import WinContext, check_context
from mjsim.tiles import TERMINALS_AND_HONORS
from mjsim.tiles.hand import Hand
from mjsim.tiles.meld import Meld
from mjsim_core.score import (
    context_flags,
    formal_wait_count,
    meld_bytes,
    score_counts,
    score_hand,
)
from mjsim_core.score import group_elements as compiled_group_elements
from tests.helpers.golden import SCORED_ROWS as ROWS
from tests.helpers.golden import win_of  # the golden table and how its rows read
from tests.helpers.wins import random_win  # the scoring tests' generator, every element reached

ROOT = Path(__file__).resolve().parents[2]
ORPHANS = sorted(TERMINALS_AND_HONORS)
HONOURS = list(range(27, 34))
SETTINGS = settings(max_examples=500, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])


def compiled(hand: Hand, ctx: WinContext, ruleset: str) -> tuple:
    """The compiled scorer called as mjsim.scoring.score calls it, on the checked context; both
    entry points give the same."""
    ctx = check_context(hand, ctx)
    index = RULESETS.index(ruleset)
    scored = score_hand(hand, ctx, index)
    assert scored == score_counts(hand.counts, meld_bytes(hand.melds), ctx.win_tile,
                                  context_flags(ctx), ctx.seat_wind, ctx.prevalent_wind, index)
    return scored


def assert_same(hand: Hand, ctx: WinContext) -> None:
    """Compiled and reference agree in both rulesets, and on the wait count."""
    for ruleset in RULESETS:
        reference = reference_score(hand, ctx, ruleset)
        total, fans, reading = compiled(hand, ctx, ruleset)
        assert total == reference.total, (str(hand), ctx, ruleset)
        assert dict(fans) == {n: c for n, _, _, c in reference.fans if n != 81}, str(hand)
        assert reading == reference.reading, (str(hand), ctx, ruleset)
    held = hand.counts.copy()
    held[ctx.win_tile] -= 1
    melds = len(hand.melds)
    assert formal_wait_count(held, melds) == min(len(formal_waits(held, melds)), 2), str(hand)


# ---- strategies -------------------------------------------------------------------------------

@st.composite
def pools(draw) -> list[int]:
    """The kinds a hand draws from: some suits, maybe a rank band, maybe honours."""
    suits = draw(st.sets(st.integers(0, 2), min_size=1))
    low = draw(st.integers(0, 6))
    high = draw(st.integers(low + 2, 8)) if draw(st.booleans()) else 8
    low = low if high < 8 else 0
    kinds = [9 * s + r for s in sorted(suits) for r in range(low, high + 1)]
    if draw(st.booleans()):
        kinds += draw(st.lists(st.sampled_from(HONOURS), min_size=1, max_size=7, unique=True))
    return kinds


@st.composite
def patterned_sets(draw) -> list[tuple[str, int]]:
    """Two to four sets stepping through ranks, in one suit or across suits (shifted, identical,
    straights, mixed), or honour pungs."""
    if draw(st.integers(0, 2)) == 0:
        family = draw(st.sampled_from([HONOURS[:4], HONOURS[4:]]))   # winds or dragons
        honours = draw(st.lists(st.sampled_from(family), min_size=2, max_size=len(family),
                                unique=True))
        return [("pung", h) for h in honours]
    kind = draw(st.sampled_from(["chow", "pung"]))
    top = 6 if kind == "chow" else 8
    n = draw(st.integers(2, 4))
    step = draw(st.integers(0, 3))
    start = draw(st.integers(0, top))
    suits = draw(st.permutations([0, 1, 2]))
    mixed = draw(st.booleans())
    return [(kind, 9 * (suits[i % 3] if mixed else suits[0]) + start + step * i)
            for i in range(n) if start + step * i <= top]


@st.composite
def random_set(draw, pool: list[int]) -> tuple[str, int]:
    kind = draw(st.sampled_from(pool))
    if kind < 27 and kind % 9 <= 6 and kind + 2 in pool and draw(st.booleans()):
        return ("chow", kind)
    return ("pung", kind)


def set_tiles(kind: str, tile: int) -> list[int]:
    return [tile, tile + 1, tile + 2] if kind == "chow" else [tile] * 3


@st.composite
def regular_hands(draw) -> Hand:
    """Four sets and a pair; each set concealed or declared (chow, pung, kong or concealed kong)."""
    pool = draw(pools())
    sets = draw(patterned_sets()) if draw(st.booleans()) else []
    while len(sets) < 4:
        sets.append(draw(random_set(pool)))
    # Beside wind (dragon) pungs a wind (dragon) pair makes the "little" hands.
    family = HONOURS[:4] if sets and 27 <= sets[0][1] <= 30 else HONOURS[4:]
    free = [h for h in family if ("pung", h) not in sets]
    little = sets and sets[0][1] >= 27 and free and draw(st.booleans())
    pair = draw(st.sampled_from(free if little else pool))
    concealed, melds = [pair, pair], []
    for kind, tile in sets[:4]:
        how = draw(st.sampled_from(["concealed", "declared", "kong", "concealed kong"]))
        if how == "concealed":
            concealed += set_tiles(kind, tile)
        elif kind == "chow":
            melds.append(Meld.chow(tile))
        elif how == "declared":
            melds.append(Meld.pung(tile))
        else:
            melds.append(Meld.kong(tile, concealed=how == "concealed kong"))
    return _hand(concealed, melds)


def _knitted(draw) -> list[int]:
    starts = draw(st.permutations([0, 1, 2]))
    return [9 * suit + starts[suit] + 3 * i for suit in range(3) for i in range(3)]


@st.composite
def special_hands(draw) -> Hand:
    """Seven pairs (maybe shifted, maybe four alike), thirteen orphans, honours and knitted
    (lesser or greater), a knitted straight with or without a meld, nine gates."""
    shape = draw(st.sampled_from(["pairs", "orphans", "honours and knitted", "knitted straight",
                                  "nine gates"]))
    if shape == "pairs":
        if draw(st.booleans()):
            start = 9 * draw(st.integers(0, 2)) + draw(st.integers(0, 2))
            kinds = list(range(start, start + 7))
        else:
            pool = draw(pools())
            kinds = draw(st.lists(st.sampled_from(pool if len(pool) >= 7 else range(34)),
                                  min_size=6, max_size=7, unique=True))
            kinds += kinds[:7 - len(kinds)]        # six kinds: one of them four times
        return _hand([k for k in kinds for _ in range(2)], [])
    if shape == "orphans":
        return _hand([*ORPHANS, draw(st.sampled_from(ORPHANS))], [])
    if shape == "honours and knitted":
        tiles = _knitted(draw) + HONOURS
        dropped = draw(st.lists(st.sampled_from(tiles), min_size=2, max_size=2, unique=True))
        return _hand([t for t in tiles if t not in dropped], [])
    if shape == "knitted straight":
        pool = draw(pools())
        kind, tile = draw(random_set(pool))
        pair = draw(st.sampled_from(pool))
        if draw(st.booleans()):
            return _hand(_knitted(draw) + set_tiles(kind, tile) + [pair, pair], [])
        meld = Meld.chow(tile) if kind == "chow" else Meld.pung(tile)
        return _hand(_knitted(draw) + [pair, pair], [meld])
    base = 9 * draw(st.integers(0, 2))
    gates = [base + r for r in (0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8)]
    return _hand(gates + [base + draw(st.integers(0, 8))], [])


def _hand(concealed: list[int], melds: list[Meld]) -> Hand:
    every = concealed + [t for m in melds for t in m.tiles]
    assume(max(Counter(every).values()) <= 4)
    return Hand(concealed, melds)


@st.composite
def wins(draw, hands) -> tuple[Hand, WinContext]:
    """A hand and a context consistent with it, every circumstance reachable."""
    hand = draw(hands)
    win = draw(st.sampled_from(hand.tiles()))
    self_drawn = draw(st.booleans())
    alone = hand.total_copies(win) == 1
    robbing = not self_drawn and alone and draw(st.booleans())
    seat_wind = draw(st.integers(0, 3))
    initial = self_drawn and not hand.melds and seat_wind == 0 and draw(st.booleans())  # dealer
    ctx = WinContext(
        win, self_drawn, seat_wind, draw(st.integers(0, 3)),
        last_copy=not initial and bool(hand.counts[win] == 1) and draw(st.booleans()),
        wall_last=not (robbing or initial) and draw(st.booleans()),
        replacement=self_drawn and any(m.is_kong for m in hand.melds) and draw(st.booleans()),
        robbing=robbing, initial=initial)
    return hand, ctx


# ---- parity -----------------------------------------------------------------------------------

@SETTINGS
@given(wins(regular_hands()))
def test_regular_hands_score_alike(drawn):
    assert_same(*drawn)


@SETTINGS
@given(wins(special_hands()))
def test_special_hands_score_alike(drawn):
    assert_same(*drawn)


@SETTINGS
@given(st.one_of(regular_hands(), special_hands()), st.integers(0, 3), st.integers(0, 3),
       st.sampled_from([0, 1, 4, 8, 1 | 4]), st.booleans())
def test_may_reach_refuses_only_hands_no_tile_wins_eight_on(hand, seat, prevalent, flags, last):
    """The legal search's bound (may_reach): a hand it refuses scores under eight won on each
    of its tiles, Last Tile or not when it is told Last Tile may apply."""
    last_copy = compiled_module.FLAGS["last_copy"]
    melds = meld_bytes(hand.melds)
    for index in range(len(RULESETS)):
        if compiled_module._may_reach(hand.counts, melds, flags | (last_copy if last else 0),
                                      seat, prevalent, index):
            continue
        for win in np.flatnonzero(hand.counts):
            for extra in ((0, last_copy) if last else (0,)):
                total = score_counts(hand.counts, melds, int(win), flags | extra, seat,
                                     prevalent, index)[0]
                assert total < 8, (str(hand), int(win), flags | extra, index)


def test_may_reach_refuses_a_plain_hand():
    """A concealed hand of chows and simples scores six at most on any tile, a wait included:
    the bound is under eight."""
    hand = Hand.parse("234m 678m 345p 567s 88p")
    assert not compiled_module._may_reach(hand.counts, b"", 0, 0, 0, 0)
    assert compiled_module._may_reach(Hand.parse("123m 456m 789m 678s 88p").counts, b"", 0, 0,
                                      0, 0)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_may_reach_may_refuse_a_reading_before_the_principles(ruleset):
    """may_reach refuses a reading whose elements, none suppressed, sum under eight with the
    most a wait and Last Tile add: sound as every element scores a point or more and none
    suppresses itself, so suppression only lowers a total and leaves no Chicken Hand where an
    element is counted."""
    tables = compiled_module.tables()
    assert min(tables["points"][ruleset].values()) >= 1
    assert not [n for n, gone in tables["excludes"][ruleset].items() if n in gone]


def test_the_differential_generators_hands_score_alike():
    rng = np.random.default_rng(20261130)
    scored = 0
    while scored < 1500:
        drawn = random_win(rng)
        if drawn is not None:
            assert_same(*drawn)
            scored += 1


def test_the_strategies_reach_every_form_and_meld_count():
    # A guard on the strategies above: what the parity tests claim to cover, they draw.
    seen: Counter = Counter()

    @settings(max_examples=1000, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
    @given(st.one_of(wins(regular_hands()), wins(special_hands())))
    def collect(drawn):
        hand, ctx = drawn
        _, fans, reading = compiled(hand, ctx, "green-book")
        seen[reading[0]] += 1
        seen[f"melds {len(hand.melds)}"] += 1
        seen.update(f"element {n}" for n, _ in fans)
        seen.update(m.kind + (" concealed" if m.concealed else "") for m in hand.melds)

    collect()
    forms = {"regular", "seven_pairs", "thirteen_orphans", "honors_knitted", "knitted_straight"}
    assert forms <= set(seen)
    assert {f"melds {n}" for n in range(5)} <= set(seen)
    assert {"chow", "pung", "kong", "kong concealed"} <= set(seen)
    assert {f"element {n}" for n in (4, 6, 9, 10, 20, 34, 38)} <= set(seen)


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("row", ROWS, ids=[row["id"] for row in ROWS])
def test_golden_hands_through_the_compiled_path(row, ruleset):
    expected = row.get(ruleset, row["gb-mahjong"]) if ruleset == "green-book" else row[ruleset]
    total, fans, _ = compiled(*win_of(row), ruleset)
    assert total == expected["total"]
    if "fans" in expected:
        named = Counter({(BY_NUMBER[n].name, points(n, ruleset)): c for n, c in fans})
        assert named == Counter({(n, v): c for n, v, c in expected["fans"] if n != "Flower Tiles"})


def test_relation_counting_matches_on_every_group_of_chows():
    lows = [9 * s + r for s in range(3) for r in range(7)]
    for n in (2, 3):
        for chows in combinations_with_replacement(lows, n):
            assert compiled_group_elements(chows, 4, "chows") == \
                group_elements(chows, 4, "chows"), chows
    for chows in combinations_with_replacement(lows, 4):
        for pair in (0, 4, 13, 22, 27):   # the four-chow patterns look at the pair's suit and rank
            assert compiled_group_elements(chows, pair, "chows") == \
                group_elements(chows, pair, "chows"), (chows, pair)


def test_relation_counting_matches_on_every_group_of_pungs():
    for n in (2, 3, 4):
        for pungs in combinations(range(34), n):
            assert compiled_group_elements(pungs, 0, "pungs") == \
                group_elements(pungs, 0, "pungs"), pungs


# ---- the tables --------------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_kernels_points_and_suppressions_are_the_element_data(ruleset):
    tables = compiled_module.tables()
    numbers = sorted(BY_NUMBER)
    assert tables["points"][ruleset] == {n: points(n, ruleset) for n in numbers}
    order = sorted(numbers, key=lambda n: (-points(n, ruleset), n))
    assert tables["order"][ruleset] == tuple(order)
    assert tables["excludes"][ruleset] == {n: excludes(n, ruleset) for n in numbers}


def test_the_kernels_relation_patterns_are_the_element_data():
    expected = {(scope, arity): tuple(e.number for e in sorted(
                    (e for e in ELEMENTS if e.scope == scope and e.arity == arity),
                    key=lambda e: (-e.points, e.number)))
                for scope in ("chows", "pungs") for arity in (2, 3, 4)}
    assert compiled_module.tables()["patterns"] == expected


def test_the_kernels_tables_follow_the_data_they_are_built_from():
    # In a fresh interpreter, change the data before the kernel loads: its tables change with it,
    # so they are built from mjsim_core.elements and hold no copy of their own.
    program = """if True:
        import dataclasses
        import mjsim_core.elements as data
        data.points = lambda number, ruleset: number
        data.excludes = lambda number, ruleset: frozenset({81}) if number == 80 else frozenset()
        data.EVERY = tuple(dataclasses.replace(e, points=5) if e.number == 70 else e
                           for e in data.EVERY)
        import mjsim_core.score as kernel
        t = kernel.tables()
        print(t["points"]["green-book"][59], t["order"]["gb-mahjong"][:3],
              t["excludes"]["green-book"][80], t["excludes"]["green-book"][4],
              t["patterns"]["chows", 2])
        """
    out = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True,
                         check=True, cwd=ROOT).stdout
    assert out.split("\n")[0] == "59 (82, 81, 80) frozenset({81}) frozenset() (70, 69, 71, 72)"


def test_the_suit_split_table_agrees_with_a_search_on_every_pattern():
    assert compiled_module._split_table_errors() == 0


# ---- the entry point --------------------------------------------------------------------------

def test_meld_bytes_and_flags_encode_what_the_scorer_reads():
    hand = Hand.parse("chow(123m) pung(EEE) kong(5555p) ckong(9999s) 11m")
    assert list(meld_bytes(hand.melds)) == [0, 27 | 1 << 6, 13 | 2 << 6, 26 | 3 << 6]
    flags = compiled_module.FLAGS
    assert context_flags(WinContext(4, False, 0, 0, last_copy=True, robbing=True)) == \
        flags["last_copy"] | flags["robbing"]
    ctx = WinContext(0, True, 0, 0, wall_last=True, replacement=True)
    assert context_flags(ctx) == flags["self_drawn"] | flags["wall_last"] | flags["replacement"]
    total, fans, reading = score_counts(hand.counts, meld_bytes(hand.melds), 0,
                                        context_flags(ctx), 0, 0)
    assert total == reference_score(hand, ctx).total
    assert {44, 46, 82} <= dict(fans).keys()   # the flags and both kongs were read
    assert reading == ("regular", 0, (), (), (), ())


def test_counts_may_come_as_any_buffer():
    hand, ctx = Hand.parse("234m 234m 567m 567m EE"), WinContext(27, False, 1, 2)
    args = (meld_bytes(hand.melds), 27, context_flags(ctx), 1, 2)
    assert score_counts(bytes(hand.counts), *args) == score_counts(hand.counts, *args)
    assert score_counts(bytearray(hand.counts), *args) == score_counts(hand.counts, *args)


@pytest.mark.parametrize("counts, melds, win, problem", [
    (Hand.parse("123m 456m 789m 12p EEE").counts, b"", 27, "not a complete hand"),
    (Hand.parse("123m 456m 789m 123p E").counts, b"", 27, "number 14"),
    (Hand.parse("123m 456m 789m 123p EE").counts, b"", 30, "winning tile"),
    (np.zeros(33, dtype=np.uint8), b"", 0, "34 entries, not 33"),
    (Hand.parse("EE").counts, bytes([0, 0, 0, 0, 0]), 27, "0 to 4 melds"),
    (Hand.parse("EEEE 123m 456m 789m 1p").counts, b"", 27, "not a complete hand"),
    (Hand.parse("EE 123m 456m 789m").counts, bytes([27 | 1 << 6]), 27, "more than 4"),
    (Hand.parse("EE 123m 456m 789m").counts, bytes([8]), 27, "no meld"),
])
def test_malformed_input_is_refused(counts, melds, win, problem):
    with pytest.raises(ValueError, match=problem):
        score_counts(counts, melds, win, 0, 0, 0)


def test_the_module_examples_hold():
    assert doctest.testmod(compiled_module).failed == 0
