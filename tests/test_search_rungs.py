"""The measures the rungs rank by: meld floors, targets, winning copies, the tie-break word."""

import pytest

from mjsim import Hand
from mjsim import rungs
from mjsim.meld import Meld
from mjsim.rungs import Targets, meld_floor, targets, winning_copies
from mjsim.score import WinContext, score
from mjsim.tiles import NAMES
from mjsim.view import View

K = {name: kind for kind, name in enumerate(NAMES)}


@pytest.mark.parametrize(("melds", "seat_wind", "prevailing", "floor"), [
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
                                                                   prevailing, floor):
    assert meld_floor(melds, seat_wind, prevailing) == floor


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


def test_waits_with_no_copy_left_are_never_scored(monkeypatch):
    calls = []
    monkeypatch.setattr(rungs, "_POINTS", {})
    monkeypatch.setattr(rungs, "score", lambda *args: calls.append(args) or score(*args))
    held = Hand.parse("123456789m 1234p").counts.tobytes()
    unseen = [4] * 34
    unseen[K["1p"]] = 0
    assert winning_copies(held, (), unseen, 0, 0, "green-book") == 16
    assert [args[1].win_tile for args in calls] == [K["4p"]]
    assert winning_copies(held, (), unseen, 0, 0, "green-book", enough=1) == 16
    assert len(calls) == 1   # the cache answered


def test_the_default_word_is_a_function_of_the_seed_hand_and_move_count():
    def view(seed, hand_no, moves):
        return View(seat=0, hand=Hand.parse("123m"), pools=((),) * 4, exposed=((),) * 4,
                    wall=0, dealer=0, prevailing=0, seed=seed, hand_no=hand_no, moves=moves)
    words = {view(seed, hand, moves).word for seed in (b"a", b"b") for hand in (1, 2)
             for moves in (0, 1)}
    assert len(words) == 8
    assert view(b"a", 1, 0).word == view(b"a", 1, 0).word
