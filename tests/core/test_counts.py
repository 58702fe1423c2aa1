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
    with pytest.raises(ValueError, match="34 entries"):
        counts.total(np.zeros(10, dtype=np.uint8))
    with pytest.raises(ValueError, match="not a playing kind"):
        counts.from_kinds([34])
