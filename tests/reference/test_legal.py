"""The legal distance's slow twin on facts that need no kernel: its complete hands are the
shanten's, its caps are the copies left, and its answers are what the scorer says."""

from __future__ import annotations

from mjsim import Hand
from mjsim.analysis import shanten
from mjsim.reference import legal as twin
from mjsim.scoring import WinContext, score


def test_the_hands_one_draw_away_are_the_waits() -> None:
    for text in ("123456789m 1234p", "1122m 5588p 99s EE R", "147m 258p 369s ESW N",
                 "19m 19p 19s ESWNRGB"):
        hand = Hand.parse(text)
        held = [int(c) for c in hand.counts]
        cap = twin.caps(held, (), None)
        drawn = {next(k for k in range(34) if t[k] > held[k])
                 for t in twin.targets(held, (), cap, 1)}
        assert drawn == set(shanten.waits(hand.counts)), text


def test_caps_leave_no_fifth_copy() -> None:
    hand = Hand.parse("pung(111m) 1m 234p 567p 789p")
    cap = twin.caps([int(c) for c in hand.counts], hand.melds, None)
    assert cap[0] == 1 and cap[1] == 4
    assert twin.caps([0] * 34, (), [2] * 34) == [2] * 34


def test_waits_score_as_the_scorer_says() -> None:
    text = "pung(RRR) pung(GGG) 123m 456p 9s"
    hand = Hand.parse(text)
    won = hand.copy()
    won.add(26)
    points = [score(won, WinContext(26, drawn, 0, 0)).total for drawn in (False, True)]
    assert points == [7, 8]
    assert twin.legal_waits(hand.counts, hand.melds) == []
    assert twin.legal_waits(hand.counts, hand.melds, self_drawn=True) == [(26, 7, 8)]
    assert twin.legal_distance(hand.counts, hand.melds, limit=1) == 1


def test_a_complete_legal_hand() -> None:
    counts = Hand.parse("123m 456p 789s 234s 55m").counts
    assert twin.legal_distance(counts, limit=0) == -1
    assert twin.legal_distance(Hand.parse("123m 567p 234s 678s 99p").counts, limit=0) == 1
