import numpy as np
import pytest

from mjsim.tiles.hand import Hand
from mjsim.tiles.meld import Meld


def test_meld_validation():
    assert Meld("chow", (21, 19, 20)).tiles == (19, 20, 21)
    for kind, tiles, reason in [
        ("chow", (7, 8, 9), "mix suits"),
        ("chow", (27, 28, 29), "honours"),
        ("chow", (0, 2, 4), "consecutive"),
        ("pung", (0, 0, 1), "one kind"),
        ("kong", (0, 0, 0), "4 tiles"),
        ("pair", (0, 0), "no meld kind"),
        ("pung", (34, 34, 34), r"tiles\[0\] is a whole number from 0 to 33"),
    ]:
        with pytest.raises(ValueError, match=reason):
            Meld(kind, tiles)
    with pytest.raises(ValueError, match="only a kong"):
        Meld.pung(5, concealed=True)
    with pytest.raises(ValueError, match="claimed tile"):
        Meld.chow(0, claimed=5)
    with pytest.raises(ValueError, match="source is a whole number from 0 to 3"):
        Meld.pung(0, claimed=0, source=4)


def test_meld_is_frozen_and_hashable():
    meld = Meld.pung(3, claimed=3, source=2)
    with pytest.raises(AttributeError):
        meld.kind = "kong"
    assert {meld, Meld.pung(3, claimed=3, source=2)} == {meld}
    assert eval(repr(meld), {"Meld": Meld}) == meld
    assert meld.tile == 3 and meld.is_pung_like and not meld.is_kong


def test_hand_counts_and_sizes():
    hand = Hand.parse("123m 55p pung(EEE) ckong(RRRR) F2")
    assert hand.counts.dtype == np.uint8 and hand.counts.shape == (34,)
    assert hand.concealed_count == 5 and hand.size == 11
    assert hand.total_copies(31) == 4 and hand.kinds_held() == [0, 1, 2, 13]
    assert not hand.is_concealed
    assert Hand.parse("123m ckong(RRRR)").is_concealed


def test_add_and_remove_with_clear_errors():
    hand = Hand.parse("555p pung(EEE)")
    hand.add(13)
    with pytest.raises(ValueError, match="fifth 5p"):
        hand.add(13)
    hand.add(27)  # the fourth E, beside the pung
    with pytest.raises(ValueError, match="fifth E"):
        hand.add(27)
    hand.remove(27)
    hand.remove(13)
    with pytest.raises(ValueError, match="no 1m"):
        hand.remove(0)
    with pytest.raises(ValueError, match="kind is a whole number from 0 to 41, not 50"):
        hand.add(50)
    hand.add(35)
    with pytest.raises(ValueError, match="already"):
        hand.add(35)
    assert str(hand) == "555p pung(EEE) F2"


def test_copy_is_independent():
    hand = Hand.parse("123m")
    clone = hand.copy()
    clone.add(5)
    clone.add_meld(Meld.pung(27))
    assert str(hand) == "123m" and str(clone) == "1236m pung(EEE)"
    assert hand != clone


def test_constructor_refusals():
    with pytest.raises(ValueError, match="fifth"):
        Hand([0] * 2, melds=[Meld.pung(0)])
    with pytest.raises(ValueError, match="not a bonus tile"):
        Hand([], flowers=[5])
    with pytest.raises(ValueError, match="once"):
        Hand([], flowers=[34, 34])
    with pytest.raises(ValueError, match="0 to 4"):
        Hand(np.full(34, 5, dtype=np.int64))
    assert Hand(np.eye(34, dtype=np.uint8)[3]).tiles() == [3]


def test_after_claim_takes_the_melds_other_tiles_and_leaves_the_hand_alone():
    hand = Hand([3, 5, 9, 9, 20])
    chow = hand.after_claim(Meld.chow(3, claimed=4, source=1))
    assert chow.tiles() == [9, 9, 20] and chow.melds == (Meld.chow(3, claimed=4, source=1),)
    pung = hand.after_claim(Meld.pung(9, claimed=9, source=2))
    assert pung.tiles() == [3, 5, 20] and pung.melds[0].kind == "pung"
    assert hand.tiles() == [3, 5, 9, 9, 20] and hand.melds == ()
    with pytest.raises(ValueError, match="no 3p among the concealed tiles"):
        hand.after_claim(Meld.chow(10, claimed=10, source=0))
