import pytest
from hypothesis import given
from hypothesis import strategies as st

from mjsim.errors import NotationError
from mjsim.tiles import ALL_TILES, notation
from mjsim.tiles.hand import Hand
from mjsim.tiles.meld import Meld


def test_parse_in_written_order():
    assert notation.parse("EEE 55p 123m") == [27, 27, 27, 13, 13, 0, 1, 2]
    assert notation.parse("F1 T4 B") == [34, 41, 33]
    assert notation.parse("   ") == []


def test_letters_table():
    assert dict(notation.LETTERS) == {"E": 27, "S": 28, "W": 29, "N": 30, "R": 31, "G": 32,
                                      "B": 33}
    with pytest.raises(TypeError):
        notation.LETTERS["X"] = 1  # read-only


def test_print_is_canonical():
    assert notation.print_tiles(notation.parse("T4 B 9s 1p E 5m F1 1m R")) == \
        "15m 1p 9s ERB F1 T4"
    assert notation.print_tiles([]) == ""


@pytest.mark.parametrize(("text", "token", "position", "reason"), [
    ("123m 103p", "103p", 5, "a rank of zero"),
    ("12x", "12x", 0, "unknown suit letter 'x'"),
    ("EEX", "EEX", 0, "unknown honour letter 'X'"),
    ("eee", "eee", 0, "unknown honour letter 'e'"),
    ("5555m 5m", "5m", 6, "a fifth 5m"),
    ("55555m", "55555m", 0, "a fifth 5m"),
    ("F1 T1 F1", "F1", 6, "a second F1"),
    ("F5", "F5", 0, "no such bonus tile"),
    ("T0", "T0", 0, "no such bonus tile"),
    ("12", "12", 0, "digits with no suit letter"),
    ("12mm", "12mm", 0, "garbled"),
    ("5m5", "5m5", 0, "garbled"),
    ("E,", "E,", 0, "garbled"),
    ("1m )", ")", 3, "garbled"),
    ("pung(EEE)", "pung(EEE)", 0, "a meld belongs in a hand"),
])
def test_parse_refusals_name_token_position_and_reason(text, token, position, reason):
    with pytest.raises(NotationError) as caught:
        notation.parse(text)
    error = caught.value
    assert (error.token, error.position) == (token, position)
    assert reason in error.reason
    assert repr(token) in str(error) and reason in str(error)
    assert isinstance(error, ValueError)


@pytest.mark.parametrize(("text", "token", "reason"), [
    ("chow(135m)", "chow(135m)", "three consecutive ranks"),
    ("chow(9m1p2p)", "chow(9m1p2p)", "cannot mix suits"),
    ("chow(EEE)", "chow(EEE)", "cannot use honours"),
    ("chow(12m)", "chow(12m)", "has 3 tiles"),
    ("pung(5p5p5m)", "pung(5p5p5m)", "3 tiles of one kind"),
    ("pung(123m)", "pung(123m)", "3 tiles of one kind"),
    ("kong(555m)", "kong(555m)", "has 4 tiles, not 3"),
    ("ckong(EEE)", "ckong(EEE)", "has 4 tiles, not 3"),
    ("run(123m)", "run(123m)", "unknown meld 'run'"),
    ("pung()", "pung()", "garbled"),
    ("kong(5555p F1)", "kong(5555p", "garbled"),
    ("kong(F1F1F1F1)", "kong(F1F1F1F1)", "bonus tile cannot be part of a meld"),
    ("5p pung(555p) 5p", "5p", "a fifth 5p"),
    ("kong(EEEE) pung(EEE)", "pung(EEE)", "a fifth E"),
    ("chow(0m12m)", "chow(0m12m)", "a rank of zero"),
])
def test_parse_hand_refusals(text, token, reason):
    with pytest.raises(NotationError) as caught:
        notation.parse_hand(text)
    assert caught.value.token == token
    assert reason in caught.value.reason


def test_parse_hand_collects_concealed_melds_and_flowers():
    hand = notation.parse_hand("19m pung(EEE) 55p ckong(4444s) kong(RRRR) chow(789p) F1 T3")
    assert hand.tiles() == [0, 8, 13, 13]
    assert hand.melds == (Meld.pung(27), Meld.kong(21, concealed=True), Meld.kong(31),
                          Meld.chow(15))
    assert hand.flowers == (34, 40)
    assert notation.print_hand(hand) == \
        "19m 55p pung(EEE) ckong(4444s) kong(RRRR) chow(789p) F1 T3"


def test_print_meld():
    assert notation.print_meld(Meld.chow(19)) == "chow(234s)"
    assert notation.print_meld(Meld.kong(13, concealed=True)) == "ckong(5555p)"
    assert notation.print_meld(Meld.pung(33)) == "pung(BBB)"


# Tiles drawn without replacement from the 144, so no list exceeds the supply.
tile_lists = st.lists(st.sampled_from(range(144)), unique=True, max_size=20).map(
    lambda idx: [ALL_TILES[i] for i in idx])


@given(tile_lists)
def test_round_trip(kinds):
    text = notation.print_tiles(kinds)
    assert notation.parse(text) == sorted(kinds)
    assert notation.parse(notation.print_tiles(notation.parse(text))) == notation.parse(text)


@given(tile_lists, st.randoms(use_true_random=False))
def test_round_trip_of_any_written_order(kinds, rnd):
    """parse(print(parse(x))) is parse(x) as a multiset, whatever order x is written in."""
    rnd.shuffle(kinds)
    written = " ".join(notation.print_tiles([k]) for k in kinds)
    assert notation.parse(written) == kinds
    assert notation.parse(notation.print_tiles(notation.parse(written))) == sorted(kinds)


melds = st.one_of(
    st.builds(Meld.chow, st.sampled_from([s * 9 + r for s in range(3) for r in range(7)])),
    st.builds(Meld.pung, st.integers(0, 33)),
    st.builds(Meld.kong, st.integers(0, 33), st.booleans()),
)


@given(st.lists(melds, max_size=4), tile_lists)
def test_hand_round_trip(meld_list, kinds):
    concealed = [k for k in kinds if k < 34]
    flowers = [k for k in kinds if k >= 34]
    try:
        hand = Hand(concealed, meld_list, flowers)
    except ValueError:
        return  # more than four of a kind once the melds are added: not a hand
    assert Hand.parse(str(hand)) == hand
    assert eval(repr(hand), {"Hand": Hand}) == hand
