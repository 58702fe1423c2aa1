"""Hard cases of the legal distance, each checked by the reasoning in its row and, where a win's
points are the point, by the public scorer itself."""

from __future__ import annotations

import numpy as np
import pytest

from mjsim import Hand
from mjsim.analysis import (
    legal_acceptance,
    legal_discards,
    legal_distance,
    legal_search,
    legal_waits,
    shanten,
)
from mjsim.reference import legal as twin
from mjsim.scoring import WinContext, score

# hand, seat wind, prevalent wind, shanten, legal distance by discard, self-drawn, why
GOLDEN = [
    ("123m 567p 234s 678s 9p", 0, 0, 0, 2, 1,
     ("the 9p scores Concealed Hand, All Chows and Single Wait (5); the nearest 8 is a Mixed "
      "Straight 123m 456p 789s: draw 4p and 9s for 7p and 6s, then the 9p. Self-drawn, Fully "
      "Concealed Hand makes the 9p worth 7, and one exchange is enough")),
    ("123m 345p 567s 678s 5m", 0, 0, 0, 1, 1,
     ("5 points on the 5m; drawing 2m and 4m for the 1m makes 345m 345p 567s 678s 22m, All "
      "Simples and a Mixed Double Chow beside the rest")),
    ("1122m 5588p 99s EE R", 0, 0, 0, 0, 0,
     "the regular form is two from ready; seven pairs (24) waits on the red"),
    ("147m 258p 369s 123m 5p", 0, 0, 0, 0, 0, "a knitted straight (12) waiting on the 5p"),
    ("147m 258p 369s ESW N", 0, 0, 0, 0, 0, "lesser honours and knitted tiles (12)"),
    ("pung(111m) 1m 234p 567p 789p", 0, 0, 0, 1, 1,
     "the only formal wait is a fifth 1m: no wait at all"),
    ("234m 567p 234s 678s 9p", 0, 0, 0, 1, 0,
     ("concealed, the 9p is worth 7 on a discard (Concealed Hand, All Chows, Mixed Double "
      "Chow, Single Wait) and 8 self-drawn (Fully Concealed Hand for Concealed Hand) ...")),
    ("chow(234m) 567p 234s 678s 9p", 0, 0, 0, 2, 1,
     "... but with the 234m declared both concealment elements are gone, one step each way"),
    ("pung(RRR) pung(GGG) 123m 456p 9s", 0, 0, 0, 1, 0,
     "Two Dragon Pungs and Single Wait make 7 on a discard, 8 with Self-Drawn"),
    ("chow(123m) pung(888p) 345s 67s EE", 1, 2, 0, 0, 2,
     "a Chicken Hand on the 5s scores 8 on a discard, but self-drawn only Self-Drawn (1)"),
]


@pytest.mark.parametrize("text, seat, prevalent, ready, by_discard, by_draw, why", GOLDEN)
def test_golden(text: str, seat: int, prevalent: int, ready: int, by_discard: int, by_draw: int,
                why: str) -> None:
    hand = Hand.parse(text)
    assert shanten.shanten(hand.counts, len(hand.melds)) == ready, why
    assert legal_distance(hand.counts, hand.melds, seat, prevalent) == by_discard, why
    assert legal_distance(hand.counts, hand.melds, seat, prevalent, self_drawn=True) == by_draw
    far = max(by_discard, by_draw)     # the twin searches only as far as it must
    assert twin.legal_distance(hand.counts, hand.melds, seat, prevalent,
                               limit=far) == by_discard, why
    assert twin.legal_distance(hand.counts, hand.melds, seat, prevalent, self_drawn=True,
                               limit=far) == by_draw, why


def _points(text: str, win: int, self_drawn: bool, seat: int = 0, prevalent: int = 0) -> int:
    hand = Hand.parse(text)
    hand.add(win)
    return score(hand, WinContext(win, self_drawn, seat, prevalent)).total


def test_ready_without_a_legal_wait() -> None:
    """The README's hand: ready on the 9p, which scores five."""
    hand = Hand.parse("123m 567p 234s 678s 9p")
    assert shanten.waits(hand.counts) == [17]
    assert _points("123m 567p 234s 678s 9p", 17, False) == 5
    assert legal_waits(hand.counts) == []
    found = legal_search(hand.counts)
    assert found.exact
    assert any(39 in dict(t.fans) for t in found.targets)   # Mixed Straight
    assert all(len(t.draws) == 3 and t.points >= 8 for t in found.targets)
    straight = next(t for t in found.targets if t.draws == (12, 17, 26))
    assert straight.discards == (15, 23) and straight.win in straight.draws


@pytest.mark.parametrize("text, win, points, by_discard", [
    ("pung(RRR) pung(GGG) 123m 456p 9m", 8, 8, 0),    # 7 and Single Wait: eight
    ("pung(RRR) pung(GGG) 123m 456p 1m", 0, 7, 1),    # 1m or 4m: no wait element, seven
    ("chow(123m) pung(888p) 345s 79s EE", 25, 1, 1),  # Closed Wait alone: no Chicken Hand
])
def test_a_wait_elements_point_at_the_edge_of_eight(text: str, win: int, points: int,
                                                    by_discard: int) -> None:
    """The search asks the scorer only whether a target reaches eight, and the wait elements
    are counted only where their point decides it: from seven, or from nothing (where a wait
    takes Chicken Hand's eight away). The 13 tiles and, with a tile to let go, the 14."""
    hand = Hand.parse(text)
    assert _points(text, win, False) == points
    assert legal_distance(hand.counts, hand.melds) == by_discard
    assert twin.legal_distance(hand.counts, hand.melds, limit=by_discard) == by_discard
    for extra in (8, 0, 25, 33):
        more = Hand.parse(text)
        more.add(extra)
        assert legal_distance(more.counts, more.melds) == twin.legal_distance(
            more.counts, more.melds, limit=2) <= by_discard


def test_waits_carry_both_scores() -> None:
    text = "chow(123m) pung(888p) 345s 67s EE"
    hand = Hand.parse(text)
    waits = legal_waits(hand.counts, hand.melds, 1, 2)
    assert [(w.tile, w.discard, w.self_drawn) for w in waits] == [
        (22, _points(text, 22, False, 1, 2), _points(text, 22, True, 1, 2))]
    assert waits[0].discard == 8 and waits[0].self_drawn == 1
    drawn = legal_waits(Hand.parse("pung(RRR) pung(GGG) 123m 456p 9s").counts,
                        Hand.parse("pung(RRR) pung(GGG) 123m 456p 9s").melds, self_drawn=True)
    assert [(w.tile, w.discard, w.self_drawn) for w in drawn] == [(26, 7, 8)]


def test_only_a_special_form() -> None:
    hand = Hand.parse("1122m 5588p 99s EE R")
    assert shanten.forms(hand.counts)["regular"] >= 1
    found = legal_search(hand.counts)
    assert found.kinds == (31,) and {t.form for t in found.targets} == {"seven_pairs"}


def test_knitted_straight_target() -> None:
    found = legal_search(Hand.parse("147m 258p 369s 123m 5p").counts)
    assert found.distance == 0 and found.kinds == (13,)
    assert found.targets[0].form == "knitted_straight" and 35 in dict(found.targets[0].fans)


def test_a_complete_legal_hand_is_minus_one() -> None:
    hand = Hand.parse("123m 456p 789s 234s 55m")
    assert legal_distance(hand.counts) == -1
    chicken_less = Hand.parse("123m 567p 234s 678s 99p")      # complete, five points
    assert legal_distance(chicken_less.counts) == 1
    assert twin.legal_distance(chicken_less.counts, limit=1) == 1


def test_unseen_removes_a_wait() -> None:
    """With every other 5s seen, the Chicken Hand's only legal wait is gone."""
    hand = Hand.parse("chow(123m) pung(888p) 345s 67s EE")
    unseen = [4 - int(c) for c in hand.counts]
    unseen[22] = 0
    assert legal_distance(hand.counts, hand.melds, 1, 2, unseen=unseen) >= 1
    assert legal_waits(hand.counts, hand.melds, 1, 2, unseen=unseen) == []


def test_far_hands_get_the_bound() -> None:
    hand = Hand.parse("1m 5m 9m 2p 6p 1s 5s 9s E S W N R")
    found = legal_search(hand.counts, limit=1)
    assert found.distance == 2 and not found.exact and found.kinds == ()


@pytest.mark.parametrize("bad", ["123m", "123456789m 1234p 5p 6p"])
def test_bad_sizes_are_refused(bad: str) -> None:
    with pytest.raises(ValueError, match="concealed tiles number"):
        legal_distance(Hand.parse(bad).counts)


def test_bad_arguments_are_refused() -> None:
    counts = Hand.parse("123456789m 1234p").counts
    with pytest.raises(ValueError, match="ruleset"):
        legal_distance(counts, ruleset="riichi")
    with pytest.raises(ValueError, match="unseen"):
        legal_distance(counts, unseen=[5] * 34)
    with pytest.raises(ValueError, match="winds"):
        legal_distance(counts, seat_wind=4)
    with pytest.raises(ValueError, match="whole numbers"):
        legal_distance(counts * 1.5)  # 1.5 copies were once read as 1
    assert legal_distance(counts.astype(float)) == legal_distance(counts)


@pytest.mark.parametrize("name", ["seat_wind", "prevalent_wind", "limit"])
@pytest.mark.parametrize("value", [1.5, 2.0, np.float64(1.0), "1", None])
def test_a_wind_or_limit_that_is_no_whole_number_is_refused_by_name(name, value) -> None:
    """C once read a seat wind of 1.5 as South and a limit of 2.5 as 2, silently."""
    for entry, counts in ((legal_distance, FAR.counts), (legal_waits, FAR.counts),
                          (legal_discards, Hand.parse("123456789m 12345p").counts)):
        if entry is legal_waits and name == "limit":
            continue
        with pytest.raises(TypeError, match=f"{name} is a whole number"):
            entry(counts, **{name: value})


def test_numpy_integers_and_a_limit_past_a_c_long_are_taken() -> None:
    counts = Hand.parse("234m 567p 234s 678s 9p").counts
    assert legal_distance(counts, seat_wind=np.int64(1), prevalent_wind=np.uint8(2),
                          limit=np.int32(3)) == legal_distance(counts, seat_wind=1,
                                                               prevalent_wind=2)
    assert legal_distance(FAR.counts, unseen=NOTHING_TO_HAVE, limit=2**70) == 2**70 + 1


@pytest.mark.parametrize(("unseen", "error", "message"), [
    ([4] * 33, ValueError, "not 33"), ([4] * 33 + [5], ValueError, "kind 33 has 5"),
    ([-1] + [4] * 33, ValueError, "kind 0 has -1"),
    # C once read half a copy as none, and these in words not naming unseen.
    ([4] * 33 + [0.5], ValueError, r"kind 33 has 0\.5"),
    ([4] * 33 + [float("nan")], ValueError, "kind 33 has nan"),
    ([4] * 33 + [2**70], ValueError, "kind 33 has 1180591620717411303424"),
    ([None] + [4] * 33, TypeError, "kind 0 has None")])
def test_a_bad_unseen_is_refused_as_the_shanten_functions_refuse_it(unseen, error, message):
    counts = Hand.parse("123m 567p 234s 678s 9p").counts
    with pytest.raises(error, match=message):
        legal_distance(counts, unseen=unseen)
    with pytest.raises(error, match=message):
        shanten.acceptance(counts, unseen=unseen)


def test_an_unseen_of_whole_numbers_of_any_type_reads_as_its_ints() -> None:
    counts = Hand.parse("123m 567p 234s 678s 9p").counts
    ints = [4 - int(c) for c in counts]
    expected = legal_distance(counts, unseen=ints), shanten.acceptance(counts, unseen=ints)
    for unseen in (np.array(ints, np.float64), np.array(ints, np.int64), [float(n) for n in ints]):
        assert (legal_distance(counts, unseen=unseen),
                shanten.acceptance(counts, unseen=unseen)) == expected


def test_a_held_wait_let_go_and_drawn_again() -> None:
    """77m 555p 88s waits on 7m and 8s below eight; drawing the 7m and letting an 8s go leaves
    a single wait on 8s for 10 by discard: distance 1, not 2 (issue 25)."""
    hand = Hand.parse("77m 555p 88s pung(222m) pung(SSS)")
    ask = {"seat_wind": 2, "prevalent_wind": 0, "ruleset": "gb-mahjong"}
    ready = Hand.parse("777m 555p 8s pung(222m) pung(SSS)")
    assert legal_waits(hand.counts, hand.melds, **ask) == []
    assert [w.discard for w in legal_waits(ready.counts, ready.melds, **ask)] == [10]
    assert legal_distance(hand.counts, hand.melds, **ask) == 1
    assert twin.legal_distance(hand.counts, hand.melds, **ask) == 1
    found = legal_search(hand.counts, hand.melds, limit=1, **ask)
    assert found.kinds == (6, 25)       # 7m, or 8s (then the 7m lets go and comes back)
    assert ((6, 25), (25,), 25, 10) in [t[:4] for t in found.targets]


FAR = Hand.parse("1m 5m 9m 2p 6p 3s 7s 1z 3z 6z 1p 4p 8s")  # legal distance 5
NOTHING_TO_HAVE = [0] * 34                                   # no copy left: no win to reach


@pytest.mark.parametrize("limit", [12, 13, 14, 97, 98, 1000, 2**31 - 1])
def test_a_limit_past_any_hand_reads_at_least_limit_plus_one_or_the_distance(limit):
    """No hand is farther than 13 draws from a win it can reach, so the search stops there:
    past it a limit changes nothing found, and "at least limit + 1" still reads the limit asked
    (at 98 and beyond a hand with nothing to draw once read 98, the search's own sentinel)."""
    drawn = Hand.parse("1m 5m 9m 2p 6p 3s 7s 1z 3z 6z 1p 4p 8s 9s").counts
    assert legal_distance(FAR.counts, limit=limit) == 5
    assert legal_search(FAR.counts, limit=limit)[:2] == (5, True)
    assert legal_distance(FAR.counts, unseen=NOTHING_TO_HAVE, limit=limit) == limit + 1
    assert legal_search(FAR.counts, unseen=NOTHING_TO_HAVE, limit=limit)[:2] == (limit + 1,
                                                                                  False)
    assert legal_distance(drawn, unseen=NOTHING_TO_HAVE, limit=limit) == limit + 1
    assert {row.distance for row in legal_discards(drawn, unseen=NOTHING_TO_HAVE,
                                                   limit=limit)} == {limit + 1}
    assert legal_acceptance(FAR.counts, unseen=NOTHING_TO_HAVE, limit=limit) == []
