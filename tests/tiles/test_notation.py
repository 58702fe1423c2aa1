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


@pytest.mark.parametrize("kind", [1.5, 3.0, -1, 42, "1"])
def test_print_refuses_what_is_no_kind(kind):
    with pytest.raises(ValueError, match="no tile kind"):  # 1.5 printed as 2.5m
        notation.print_tiles([kind])


@pytest.mark.parametrize(("text", "name"), [(None, "NoneType"), (b"1m", "bytes"), (5, "int")])
@pytest.mark.parametrize("parser", [notation.parse, notation.parse_hand])
def test_a_hand_string_that_is_no_str_is_named(parser, text, name):
    # bytes met "cannot use a string pattern on a bytes-like object", None "has no len()"
    with pytest.raises(TypeError, match=f"^a hand string is a str, not {name}$"):
        parser(text)


def test_print_is_canonical():
    assert notation.print_tiles(notation.parse("T4 B 9s 1p E 5m F1 1m R")) == \
        "15m 1p 9s ERB F1 T4"
    assert notation.print_tiles([]) == ""


@pytest.mark.parametrize(("back_to_back", "spaced"), [
    ("123m456p789sEE", "123m 456p 789s EE"),
    ("19m19p19sESWNRGB", "19m 19p 19s ESWNRGB"),
    ("123m55pEEE F1", "123m 55p EEE F1"),
    ("EEF1T29s", "EE F1 T2 9s"),
    ("F12m", "F1 2m"),  # a bonus tile takes one digit
    ("1m2m1m", "1m 2m 1m"),
])
def test_tokens_back_to_back_read_as_spaced(back_to_back, spaced):
    assert notation.parse(back_to_back) == notation.parse(spaced)


def test_z_honours_are_the_riichi_tools_order():
    """1z-4z the winds, then 5z white, 6z green, 7z red: our letters' dragons run the other way."""
    assert notation.parse("1234567z") == notation.parse("E S W N B G R")
    assert notation.parse("5z 6z 7z") == [33, 32, 31]
    assert notation.Z_HONORS == (27, 28, 29, 30, 33, 32, 31)
    assert notation.print_tiles(notation.parse("7z 19m 5z1z")) == "19m ERB"


@pytest.mark.parametrize(("back_to_back", "spaced"), [
    ("pung(EEE)123m", "123m pung(EEE)"),
    ("19mpung(EEE)55pckong(4444s)F1", "19m pung(EEE) 55p ckong(4444s) F1"),
    ("Epung(SSS)", "E pung(SSS)"),  # honour letters first: no meld word starts with one
    ("pung(555z)chow(1s2s3s) kong(1111z)", "pung(BBB) chow(123s) kong(EEEE)"),
])
def test_melds_beside_tokens_and_z_inside_melds(back_to_back, spaced):
    assert notation.parse_hand(back_to_back) == notation.parse_hand(spaced)
    assert str(notation.parse_hand(back_to_back)) == str(notation.parse_hand(spaced))


@pytest.mark.parametrize(("text", "token", "position", "reason"), [
    ("123m 103p", "103p", 5, "a rank of zero"),
    ("12x", "12x", 0, "unknown suit letter 'x'"),
    ("EEX", "EEX", 0, "unknown honour letter 'X'"),
    ("eee", "eee", 0, "unknown honour letter 'e'"),
    ("5555m 5m", "5m", 6, "a fifth 5m"),
    ("55555m", "55555m", 0, "a fifth 5m"),
    ("F1 T1 F1", "F1", 6, "a second F1"),
    ("F5", "F5", 0, "no such bonus tile (flowers are F1 to F4)"),
    ("T0", "T0", 0, "no such bonus tile (seasons are T1 to T4)"),
    ("12", "12", 0, "digits with no suit letter"),
    ("12mm", "12mm", 0, "garbled"),
    ("5m5", "5m5", 0, "garbled"),
    ("E,", "E,", 0, "garbled"),
    ("1m )", ")", 3, "garbled"),
    ("pung(EEE)", "pung(EEE)", 0, "a meld belongs in a hand"),
    # written back to back: a run no token reads is named whole, with the piece and its place
    ("EE 12x3m", "12x3m", 3, "garbled at character 3 ('12x'): unknown suit letter 'x'"),
    ("5m5p5", "5m5p5", 0, "garbled at character 4 ('5'): digits with no suit letter"),
    ("123m)", "123m)", 0, "garbled at character 4 (')')"),
    ("9sEE,1m", "9sEE,1m", 0, "garbled at character 4 (',')"),
    ("123mpung", "123mpung", 0, "a meld holds its tiles in brackets"),
    ("1mF", "1mF", 0, "('F'): F with no number"),
    ("z", "z", 0, "a suit letter 'z' with no digits before it"),
    # ... and a token it reads is refused on its own, at its own position
    ("123m103p", "103p", 4, "a rank of zero"),
    ("8z", "8z", 0, "no honour 8z (the z honours are 1z-7z"),
    ("0z", "0z", 0, "no honour 0z"),
    ("EE 1239z", "1239z", 3, "no honour 9z"),
    ("5555m5m", "5m", 5, "a fifth 5m"),
    ("EEE1z1z", "1z", 5, "a fifth E"),
    ("5z5z5zBB", "BB", 6, "a fifth B"),
    ("F1T1F1", "F1", 4, "a second F1"),
    ("T4F5", "F5", 2, "no such bonus tile"),
    ("1mpung(EEE)", "pung(EEE)", 2, "a meld belongs in a hand"),
])
def test_parse_refusals_name_token_position_and_reason(text, token, position, reason):
    with pytest.raises(NotationError) as caught:
        notation.parse(text)
    error = caught.value
    assert (error.token, error.position) == (token, position)
    assert reason in error.reason
    assert repr(token) in str(error) and reason in str(error)
    assert isinstance(error, ValueError)


@pytest.mark.parametrize(("text", "message"), [
    # a run read whole says what is wrong, "garbled" only for mere garbage
    ("12x", ("bad token '12x' at character 0: unknown suit letter 'x' (the suits are m, p, s, "
             "and z for honours)")),
    ("12x 5p", ("bad token '12x' at character 0: unknown suit letter 'x' (the suits are m, p, "
                "s, and z for honours)")),
    ("1m 12 5p", "bad token '12' at character 3: digits with no suit letter after them"),
    ("e 5p", ("bad token 'e' at character 0: unknown honour letter 'e' (the honours are E S W "
              "N R G B, or 1z-7z)")),
    ("pung 5p", ("bad token 'pung' at character 0: a meld holds its tiles in brackets, as in "
                 "pung(EEE)")),
    ("F 5p", ("bad token 'F' at character 0: F with no number (flowers are F1 to F4, seasons T1 "
              "to T4)")),
    ("z 5p", "bad token 'z' at character 0: a suit letter 'z' with no digits before it"),
    ("5m , 5p", "bad token ',' at character 3: garbled: unexpected ','"),
    ("1m ) 5p", ("bad token ')' at character 3: garbled: a meld is word(tiles) with no space "
                 "inside the brackets")),
    ("pung( EEE)", ("bad token 'pung(' at character 0: garbled: a meld is word(tiles) with no "
                    "space inside the brackets")),
    ("5m ,(", "bad token ',(' at character 3: garbled at character 3 (','): unexpected ','"),
    # a run with a readable start names the piece it cannot read, and where
    ("E, 5p", "bad token 'E,' at character 0: garbled at character 1 (','): unexpected ','"),
    ("5mpung(", ("bad token '5mpung(' at character 0: garbled at character 2 ('pung('): a meld "
                 "is word(tiles) with no space inside the brackets")),
    ("pung(E E)", ("bad token 'pung(E' at character 0: garbled at character 0 ('pung('): a meld "
                   "is word(tiles) with no space inside the brackets")),
])
def test_a_refusal_says_what_is_wrong_in_full(text, message):
    with pytest.raises(NotationError) as caught:
        notation.parse_hand(text)
    assert str(caught.value) == message


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
    ("pung(1z8z1z)", "pung(1z8z1z)", "no honour 8z"),
    ("pung(EEX)", "pung(EEX)", "garbled at character 7 ('X'): unknown honour letter 'X'"),
    ("EEpung(EEE)", "pung(EEE)", "a fifth E"),
    ("kong(1111z)pung(EEE)", "pung(EEE)", "a fifth E"),
    ("55pchow(EEE)", "chow(EEE)", "cannot use honours"),
    ("12mrun(3m)", "run(3m)", "unknown meld 'run'"),
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


# The z form of each honour, written from the riichi tools' order, not from the code's table.
Z_FORM = {27: "1z", 28: "2z", 29: "3z", 30: "4z", 33: "5z", 32: "6z", 31: "7z"}


def z_form(canonical: str) -> str:
    """A canonical string with its honour token rewritten in z digits: 'EERB' -> '11754z'."""
    letters = {"E": 27, "S": 28, "W": 29, "N": 30, "R": 31, "G": 32, "B": 33}
    return " ".join("".join(Z_FORM[letters[c]][0] for c in token) + "z"
                    if token[0] in letters else token for token in canonical.split())


@given(tile_lists)
def test_back_to_back_and_z_forms_read_as_the_canonical_form(kinds):
    canonical = notation.print_tiles(kinds)
    for written in (canonical.replace(" ", ""), z_form(canonical),
                    z_form(canonical).replace(" ", "")):
        assert notation.parse(written) == notation.parse(canonical) == sorted(kinds)


@given(tile_lists, st.randoms(use_true_random=False))
def test_any_mix_of_forms_and_spacing_keeps_the_written_order(kinds, rnd):
    """Each tile its own token, honours as letters or z digits, spaces or none between."""
    rnd.shuffle(kinds)
    written = "".join(rnd.choice([Z_FORM.get(k, notation.print_tiles([k])),
                                  notation.print_tiles([k])]) + rnd.choice(["", " ", "  "])
                      for k in kinds)
    assert notation.parse(written) == kinds


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
    assert Hand.parse(str(hand).replace(" ", "")) == hand  # melds back to back too
    assert eval(repr(hand), {"Hand": Hand}) == hand
