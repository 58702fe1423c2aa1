"""Differential test: mjsim.scoring.score under ``gb-mahjong`` against PyMahjongGB on random
winning hands.

The hands come from ``tests.helpers.wins.random_win``, which leans toward rare elements. Totals and
element lists must agree on every hand (where readings tie, mjsim picks the one GB-Mahjong lists).
Set ``MJSIM_DIFF_HANDS`` for a longer run.
"""

from __future__ import annotations

import os
from collections import Counter

import MahjongGB  # a test dependency: a missing oracle fails the suite, never skips it
import numpy as np
import pytest

from mjsim.reference.score import readings
from mjsim.scoring.elements import BY_NAME
from mjsim.scoring.scorer import WinContext, score
from mjsim.tiles.hand import Hand
from mjsim.tiles.meld import Meld
from tests.helpers.pymahjonggb import gb_arguments
from tests.helpers.wins import random_win

HANDS = max(3000, int(os.environ.get("MJSIM_DIFF_HANDS", "3000")))
SEED = 20261130

# PyMahjongGB's English names where they differ from the Green Book's.
ORACLE_NAMES = {"All Five": "All Fives", "Two Dragons Pungs": "Two Dragon Pungs",
                "Robbing The Kong": "Robbing the Kong"}


def oracle(hand: Hand, ctx: WinContext) -> tuple[int, Counter]:
    """PyMahjongGB's total (flowers excluded) and its elements by Green Book name."""
    result = MahjongGB.MahjongFanCalculator(*gb_arguments(hand, ctx), True)
    fans = Counter()
    for value, count, _, english in result:
        if english != "Flower Tiles":
            fans[ORACLE_NAMES.get(english, english)] += count
    return sum(BY_NAME_POINTS.get(n, 0) * c for n, c in fans.items()), fans


BY_NAME_POINTS = {name: (6 if name == "Two Concealed Kongs" else fan.points)
                  for name, fan in BY_NAME.items()}
BY_NAME_POINTS["Concealed Kong and Melded Kong"] = 5


# ---- the generator ------------------------------------------------------------------------------

def differential(n: int, seed: int = SEED) -> dict:
    """Score ``n`` random winning hands both ways; return the tallies and the disagreements."""
    rng = np.random.default_rng(seed)
    report = {"hands": 0, "several_readings": 0, "total_diffs": [], "list_diffs": [],
              "elements": Counter()}
    while report["hands"] < n:
        drawn = random_win(rng)
        if drawn is None:
            continue
        hand, ctx = drawn
        ours = score(hand, ctx, "gb-mahjong")
        their_total, their_fans = oracle(hand, ctx)
        report["hands"] += 1
        report["elements"].update(name for _, name, _, _ in ours.fans)
        mine = Counter({name: count for number, name, _, count in ours.fans if number != 81})
        if ours.total != their_total:
            report["total_diffs"].append((str(hand), ctx, ours.total, their_total, mine,
                                          their_fans))
        elif mine != their_fans:
            report["list_diffs"].append((str(hand), ctx, mine, their_fans))
        report["several_readings"] += len(readings(hand, ctx)) > 1
    return report


@pytest.fixture(scope="module")
def report() -> dict:
    return differential(HANDS)


def test_totals_and_lists_agree_with_pymahjonggb_on_random_winning_hands(report):
    assert report["hands"] == HANDS
    assert report["total_diffs"] == []
    assert report["list_diffs"] == []
    assert report["several_readings"] > HANDS // 50  # the tie-breaking is exercised


def test_the_generator_reaches_every_element(report):
    assert set(report["elements"]) == set(BY_NAME)


@pytest.mark.parametrize("self_drawn", [False, True])
@pytest.mark.parametrize("rank", range(1, 10))
def test_nine_gates_on_every_winning_tile_matches_the_oracle(rank, self_drawn):
    # mjsim scores Nine Gates over the hand's readings; GB-Mahjong adds a fixed table by rank.
    win = 9 + rank - 1
    hand = Hand([9, 9, 9, 10, 11, 12, 13, 14, 15, 16, 17, 17, 17, win])
    ctx = WinContext(win, self_drawn, 1, 0)
    ours = score(hand, ctx, "gb-mahjong")
    total, fans = oracle(hand, ctx)
    assert ours.total == total
    assert Counter({name: count for _, name, _, count in ours.fans}) == fans


def test_knitted_straights_with_every_fourth_set_pair_and_winning_tile():
    # D11: the wait of a knitted straight, concealed or beside one meld, and its other elements.
    body = [0, 3, 6, 10, 13, 16, 20, 23, 26]  # 147m 258p 369s
    fourth = [Meld.chow(1), Meld.pung(27), Meld.kong(31, concealed=True), Meld.kong(4),
              [1, 2, 3], [27, 27, 27], [4, 4, 4], [0, 1, 2], [2, 3, 4]]
    compared = 0
    for extra in fourth:
        for pair in (1, 5, 13, 20, 27, 31, 32):
            melds, tiles = ([extra], []) if isinstance(extra, Meld) else ([], extra)
            try:
                hand = Hand(body + tiles + [pair, pair], melds)
            except ValueError:  # a fifth copy
                continue
            for win in set(body + tiles + [pair]):
                for self_drawn in (False, True):
                    ctx = WinContext(win, self_drawn, 1, 0)
                    ours = score(hand, ctx, "gb-mahjong")
                    total, fans = oracle(hand, ctx)
                    assert (ours.total, Counter({n: c for _, n, _, c in ours.fans})) == (
                        total, fans), (str(hand), win, self_drawn)
                    compared += 1
    assert compared > 1000
