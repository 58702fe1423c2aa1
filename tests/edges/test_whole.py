"""mjsim.errors.whole: the one reader of whole-number arguments above the compiled core."""

from __future__ import annotations

import numpy as np
import pytest

from mjsim.errors import flag, whole


@pytest.mark.parametrize("value", [0, 7, np.int64(7), np.uint8(7), 2**70])
def test_whole_numbers_are_read_as_plain_ints(value: object) -> None:
    number = whole(value, "walls")
    assert type(number) is int and number == int(value)  # type: ignore[call-overload]


@pytest.mark.parametrize("value", [True, False, 2.0, 2.5, np.float64(2.0), "2", None, [2]])
def test_anything_else_is_a_type_error_naming_the_argument(value: object) -> None:
    with pytest.raises(TypeError, match="^walls is a whole number, not "):
        whole(value, "walls")


@pytest.mark.parametrize(("value", "least", "most", "span"), [
    (0, 1, None, "at least 1"), (17, 1, 16, "from 1 to 16"), (5, None, 4, "at most 4"),
])
def test_outside_its_bounds_is_a_value_error_saying_them(value: int, least: int | None,
                                                          most: int | None, span: str) -> None:
    with pytest.raises(ValueError, match=f"^hands is a whole number {span}, not {value}$"):
        whole(value, "hands", least, most)


def test_the_bounds_themselves_are_taken() -> None:
    assert whole(1, "hands", 1, 16) == 1 and whole(16, "hands", 1, 16) == 16


@pytest.mark.parametrize(("value", "read"), [
    (True, True), (False, False), (np.bool_(True), True), (np.False_, False),
])
def test_flag_reads_bools_numpys_included_as_plain_bools(value: object, read: bool) -> None:
    assert flag(value, "concealed") is read


@pytest.mark.parametrize("value", ["no", "", 0, 1, 1.0, None, np.int64(1), [True]])
def test_flag_refuses_anything_else_naming_the_argument(value: object) -> None:
    with pytest.raises(TypeError, match="^concealed is True or False, not "):
        flag(value, "concealed")
