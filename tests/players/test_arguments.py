"""The players' entry points read their whole-number and spec arguments or refuse them by name:
a half hand was played as none, a rung of 3.0 or True taken, a spec that is no str met
AttributeError from inside."""

from __future__ import annotations

import numpy as np
import pytest

from mjsim.players import driver, loop
from mjsim.players.rungs import Rung
from mjsim.players.specs import load_player

TABLE = [Rung(1)] * 4


@pytest.mark.parametrize("play", [loop.play, driver.play])
@pytest.mark.parametrize(("name", "value"), [("last_hand", 2.5), ("last_hand", np.float64(2.0)),
                                             ("hand_no", True), ("last_hand", "2")])
def test_a_hand_number_that_is_no_whole_number_is_refused_by_name(play, name, value) -> None:
    # last_hand=2.5 played hands 1 and 2, silently
    with pytest.raises(TypeError, match=f"^{name} is a whole number, not "):
        play(b"x", TABLE, **{"hand_no": 1, "last_hand": 2, name: value})


@pytest.mark.parametrize("play", [loop.play, driver.play])
def test_whole_hand_numbers_still_play(play) -> None:
    assert len(play(b"x", TABLE, hand_no=np.int64(1), last_hand=np.uint8(2)).history) == 2


@pytest.mark.parametrize("level", [3.0, True, "3", None])
def test_a_rung_level_that_is_no_whole_number_is_a_type_error(level) -> None:
    # Rung(3.0) was named "3.0", which Rung.parse refuses, and Rung(True) played as rung 1
    with pytest.raises(TypeError, match="^level is a whole number, not "):
        Rung(level)


def test_a_numpy_rung_level_is_read_as_an_int() -> None:
    rung = Rung(np.int8(3))
    assert type(rung.level) is int and str(rung) == "3" and rung == Rung(3)
    assert loop.compiled([rung] * 4)


@pytest.mark.parametrize("salt", [2.0, True, "1", None])
def test_a_salt_that_is_no_whole_number_is_a_type_error_naming_it(salt) -> None:
    # the rung's own check said "a rung's salt is a whole number from 0" in a ValueError
    with pytest.raises(TypeError, match="^salt is a whole number, not "):
        Rung(3, salt=salt)


def test_a_numpy_salt_is_read_as_an_int_and_a_negative_one_refused() -> None:
    # np.uint8(2) was refused as no whole number
    rung = Rung(3, salt=np.uint8(2))
    assert type(rung.salt) is int and str(rung) == "3?salt=2" and rung == Rung(3, salt=2)
    with pytest.raises(ValueError, match="^salt is a whole number at least 0, not -1$"):
        Rung(3, salt=-1)


@pytest.mark.parametrize("spec", [None, 3, b"3"])
def test_a_rung_spec_that_is_no_str_is_a_type_error_naming_it(spec) -> None:
    with pytest.raises(TypeError, match="^spec is a str such as '3-defence', not "):
        Rung.parse(spec)


@pytest.mark.parametrize("spec", [None, 1, ["3"]])
def test_a_player_spec_that_is_no_str_is_a_type_error_naming_it(spec) -> None:
    with pytest.raises(TypeError, match=r"^spec is a player spec \(a str such as '3'\), not "):
        load_player(spec)
