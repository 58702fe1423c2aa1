import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from mjsim_core import counts


def test_compiled_functions_are_compiled():   # the module itself: tests/test_compiled.py
    assert type(counts.total).__name__ in {"builtin_function_or_method",
                                           "cython_function_or_method"}


@given(st.lists(st.integers(0, 33), max_size=60))
def test_from_kinds_total_and_kinds_held(kinds):
    if max(np.bincount(kinds, minlength=34), default=0) > 4:
        with pytest.raises(ValueError, match="fifth"):
            counts.from_kinds(kinds)
        return
    array = counts.from_kinds(kinds)
    assert counts.total(array) == len(kinds)
    assert counts.kinds_held(array) == sorted(set(kinds))


def test_check_counts_refusals():
    with pytest.raises(ValueError, match="34 entries, not 33"):
        counts.check_counts(np.zeros(33, dtype=np.uint8))
    too_many = np.zeros(34, dtype=np.uint8)
    too_many[7] = 5
    with pytest.raises(ValueError, match="kind 7 has 5"):
        counts.check_counts(too_many)
    with pytest.raises(ValueError, match="0 to 4"):
        counts.check_counts([-1] + [0] * 33)
    for value in (1.5, np.nan, np.inf, 300):
        with pytest.raises(ValueError, match="whole numbers, 0 to 4"):
            counts.check_counts([value] + [0] * 33)
    with pytest.raises(ValueError, match="numbers of copies, not <U1"):
        counts.check_counts(["1"] * 34)


def test_check_counts_takes_whole_numbers_of_any_numeric_type():
    for dtype in (np.int64, np.float32, np.bool_):
        taken = counts.check_counts(np.ones(34, dtype=dtype))
        assert taken.dtype == np.uint8 and taken.sum() == 34
    with pytest.raises(ValueError, match="34 entries"):
        counts.total(np.zeros(10, dtype=np.uint8))
    with pytest.raises(ValueError, match="uint8, not float64"):
        counts.total(np.zeros(34))
    with pytest.raises(ValueError, match="not a playing kind"):
        counts.from_kinds([34])
