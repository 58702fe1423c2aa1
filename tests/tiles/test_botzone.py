import pytest
from hypothesis import given
from hypothesis import strategies as st

from mjsim.errors import NotationError
from mjsim.tiles import botzone, notation


def test_the_names_follow_botzone_order():
    """W B T are characters, dots, bamboo; F the winds; J red, green, white; H the bonus tiles."""
    assert len(botzone.NAMES) == len(set(botzone.NAMES)) == 42
    same = {"W1": "1m", "W9": "9m", "B1": "1p", "B5": "5p", "T9": "9s", "F1": "E", "F4": "N",
            "J1": "R", "J2": "G", "J3": "B", "H1": "F1", "H4": "F4", "H5": "T1", "H8": "T4"}
    for theirs, ours in same.items():
        assert botzone.kind_of(theirs) == notation.parse(ours)[0]
        assert botzone.name_of(notation.parse(ours)[0]) == theirs


def test_parse_keeps_the_order_and_counts_nothing():
    assert botzone.parse("J3 W1 B5 J3") == [33, 0, 13, 33]
    assert botzone.parse("  W3\tT5  H1\n") == [2, 22, 34]
    assert botzone.parse("") == []
    five = "B5 B5 B5 B5 B5"  # not a hand, but a list of names can hold anything
    assert botzone.parse(five) == [13] * 5


@pytest.mark.parametrize(("text", "token", "position"), [
    ("W1 W0", "W0", 3),
    ("W1 B2 w3", "w3", 6),
    ("1m", "1m", 0),     # mjsim's names are not Botzone's
    ("J1 J4", "J4", 3),
    ("H9", "H9", 0),
    ("W1,B2", "W1,B2", 0),
])
def test_parse_refusals_name_the_token_and_its_position(text, token, position):
    with pytest.raises(NotationError) as caught:
        botzone.parse(text)
    assert (caught.value.token, caught.value.position) == (token, position)
    assert "not a Botzone tile name" in caught.value.reason


def test_bad_input_of_the_wrong_type_or_kind():
    with pytest.raises(TypeError, match="not bytes"):
        botzone.parse(b"W1")  # type: ignore[arg-type]
    for kind in (-1, 42):
        with pytest.raises(ValueError, match=f"no tile kind {kind}"):
            botzone.print_tiles([0, kind])
        with pytest.raises(ValueError, match=f"no tile kind {kind}"):
            botzone.name_of(kind)


@given(st.lists(st.integers(0, 41), max_size=30))
def test_print_then_parse_is_the_identity(kinds):
    text = botzone.print_tiles(kinds)
    assert botzone.parse(text) == kinds
    assert "  " not in text and text == text.strip()
