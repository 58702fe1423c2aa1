"""The measures the rungs rank by: meld floors, targets, winning copies, the tie-break word."""

import pytest

from mjsim import Hand
from mjsim.analysis.shanten import waits
from mjsim.players.view import View, WindowView
from mjsim.reference import measures
from mjsim.reference.measures import Targets, meld_floor, targets, winning_copies
from mjsim.scoring.scorer import WinContext, score
from mjsim.tiles import NAMES
from mjsim.tiles.meld import Meld

K = {name: kind for kind, name in enumerate(NAMES)}


@pytest.mark.parametrize(("melds", "seat_wind", "prevalent", "floor"), [
    ([Meld.pung(K["R"])], 0, 0, 2),                                         # Dragon Pung
    ([Meld.pung(K["R"]), Meld.pung(K["G"])], 0, 0, 6),                      # Two Dragon Pungs
    ([Meld.pung(K["R"]), Meld.pung(K["G"]), Meld.pung(K["B"])], 0, 0, 88),  # Big Three Dragons
    ([Meld.pung(K["E"])], 0, 0, 4),                                         # seat and prevalent
    ([Meld.pung(K["S"])], 1, 0, 2),                                         # seat wind only
    ([Meld.pung(K["N"])], 1, 0, 1),                                         # Pung of Honours
    ([Meld.pung(K["9p"]), Meld.chow(K["1m"])], 0, 0, 1),                    # Pung of Terminals
    ([Meld.kong(K["5m"]), Meld.kong(K["6m"], concealed=True)], 0, 0, 3),   # Melded, Concealed Kong
    ([Meld.pung(K["E"]), Meld.pung(K["S"]), Meld.pung(K["N"])], 2, 3, 14),  # Big Three Winds
    ([Meld.pung(K["E"]), Meld.pung(K["S"]), Meld.pung(K["W"]), Meld.pung(K["N"])], 0, 0, 88),
    ([Meld.chow(K["1m"]), Meld.pung(K["5p"])], 0, 0, 0),
])
def test_the_melds_floor_counts_what_no_other_element_can_take_away(melds, seat_wind,
                                                                   prevalent, floor):
    assert meld_floor(melds, seat_wind, prevalent) == floor


def test_a_flush_is_in_the_making_with_few_tiles_outside_one_suit():
    assert targets(Hand.parse("1224466688m 1p SS R").counts.tobytes(), (), 0, 0).flush == 0
    loose = Hand.parse("1224466m 1p 2p 3s 5s SS")      # four outside characters and honours
    assert targets(loose.counts.tobytes(), (), 0, 0).flush is None
    melded = Hand.parse("chow(123p) 2446668m 1p SS")  # a meld of dots rules out characters
    assert targets(melded.counts.tobytes(), melded.melds, 0, 0).flush is None
    pure = Hand.parse("1224466688m 1p 5s 9s")
    assert targets(pure.counts.tobytes(), (), 0, 0) == Targets(0, True, False, ())


def test_a_pungs_hand_needs_five_pairs_or_pungs_and_no_chow():
    five = Hand.parse("11m 33p 55s 77m 99p 1s 2s 3s E")
    assert targets(five.counts.tobytes(), (), 0, 0).pungs
    four = Hand.parse("11m 33p 55s 77m 9p 1s 2s 3s E")
    assert not targets(four.counts.tobytes(), (), 0, 0).pungs
    chow = Hand.parse("chow(123s) 11m 33p 55s 77m 99p")
    assert not targets(chow.counts.tobytes(), chow.melds, 0, 0).pungs


def test_scoring_pairs_are_dragons_and_the_seat_and_prevalent_winds():
    held = Hand.parse("EE SS WW RR 13579m").counts.tobytes()
    assert targets(held, (), 1, 2).pairs == (K["S"], K["W"], K["R"])
    assert targets(held, (), 3, 3).pairs == (K["R"],)


def test_a_wait_winning_only_self_drawn_counts_a_quarter():
    held = Hand.parse("45667889m 567p 33s").counts.tobytes()   # waits on 7m alone
    won = Hand.parse("456677889m 567p 33s")
    assert score(won, WinContext(K["7m"], False, 0, 0)).total < 8
    assert score(won, WinContext(K["7m"], True, 0, 0)).total >= 8
    unseen = [4] * 34
    unseen[K["7m"]] = 2
    assert winning_copies(held, (), unseen, 0, 0, "green-book") == 2
    straight = Hand.parse("123456789m 1234p").counts.tobytes()   # a Pure Straight either way
    assert winning_copies(straight, (), unseen, 0, 0, "green-book") == 4 * 4 + 4 * 4


def test_waits_with_no_copy_left_are_not_scored(monkeypatch):
    calls = []
    real = measures.score_counts
    monkeypatch.setattr(measures, "score_counts",
                        lambda *args: calls.append(args[2]) or real(*args))
    held = Hand.parse("123456789m 1234p").counts.tobytes()
    unseen = [4] * 34
    unseen[K["1p"]] = 0
    assert winning_copies(held, (), unseen, 0, 0, "green-book") == 16
    assert calls == [K["4p"]]
    unseen[K["1p"]] = 4
    assert winning_copies(held, (), unseen, 0, 0, "green-book", enough=1) == 16
    assert calls == [K["4p"], K["1p"]]   # the count stopped at the first winning wait


@pytest.mark.parametrize(("text", "melds"), [
    ("123456789m 1234p", ""), ("45667889m 567p 33s", ""), ("11m 22m 55p 66p 77s 99s W", ""),
    ("123m 456p 88s 55m", "pung(RRR)"), ("23m 55s", "pung(777p) chow(123p) pung(EEE)"),
    ("78p 55p", "pung(111p) pung(222p) chow(345p)"),
    ("46m 11p 789s", "pung(555m) chow(123p)")])   # the 5m is the last copy: Last Tile
def test_win_points_agree_with_the_scorer(text, melds):
    hand = Hand.parse(f"{text} {melds}".strip())
    held = hand.counts.tobytes()
    for wait in waits(hand.counts, len(hand.melds)):
        won = Hand(hand.counts, hand.melds)
        won.counts[wait] += 1
        expected = score(won, WinContext(wait, False, 0, 0)).total
        assert measures.win_points(held, hand.melds, wait, 0, 0, "green-book") == expected


def test_the_default_word_is_a_function_of_what_the_seat_sees_and_nothing_else():
    def view(hand="123m", pools=((),) * 4, hand_no=1, drawn=None):
        return View(seat=0, hand=Hand.parse(hand), pools=pools, exposed=((),) * 4, wall=0,
                    dealer=0, prevalent=0, hand_no=hand_no, drawn=drawn)
    seen = [view(), view(hand="124m"), view(pools=((5,), (), (), ())),
            view(pools=((), (5,), (), ())), view(drawn=2)]
    assert len({v.word for v in seen}) == len(seen)
    # What a Botzone judge never tells a bot (the hand number) changes nothing.
    assert view(hand_no=2).word == view().word


def test_the_default_word_is_the_same_from_any_chair():
    """Botzone numbers the seats from the dealer: the same table seen from seat 1 (dealer 1)
    and from seat 0 (dealer 0), every seat renumbered, gives the same word."""
    def view(seat, pools, exposed):
        return View(seat=seat, hand=Hand.parse("123m 5p"), pools=pools, exposed=exposed,
                    wall=9, dealer=seat, prevalent=1,
                    window=WindowView("discard", 4, (seat + 3) % 4))
    pung = (Meld.pung(27),)
    here = view(1, ((4,), (7,), (), ()), ((), (), pung, ()))
    renumbered = view(0, ((7,), (), (), (4,)), ((), pung, (), ()))
    assert here.word == renumbered.word
    assert here.word != view(1, ((7,), (4,), (), ()), ((), (), pung, ())).word
