"""mjsim.errors: a refused move's value, the clipping of long text in messages, a run's seed."""

import dataclasses
import re

import pytest

from mjsim.errors import Error, clipped, run_seed


def test_a_refusal_is_falsy_frozen_and_reads_as_its_code_and_message():
    refusal = Error("not-your-turn", "seat 2 cannot discard")
    assert not refusal and str(refusal) == "not-your-turn: seat 2 cannot discard"
    with pytest.raises(dataclasses.FrozenInstanceError):
        refusal.code = "other"  # type: ignore[misc]


def test_text_is_clipped_only_past_its_most():
    assert clipped("abcd", 4) == "abcd"
    assert clipped("abcde", 4) == "abcd... (5 characters)"
    assert clipped("x" * 1234, 2) == "xx... (1,234 characters)"


@pytest.mark.parametrize(("given", "seed"), [("learn", "learn"), (7, "7"), ("7", "7"), (0, "0")])
def test_a_run_seed_is_text_or_a_whole_number_as_its_text(given, seed):
    assert run_seed(given) == seed


@pytest.mark.parametrize(("given", "error", "message"), [
    ("", ValueError, "seed is a text of one character or more, or a whole number, not ''"),
    ("a\udcff", ValueError, "seed is UTF-8 text, not 'a\\udcff' (its '\\udcff' is no character)"),
    (None, TypeError, "seed is a str or a whole number, not None"),
    (b"x", TypeError, "seed is a str or a whole number, not b'x'"),
    (True, TypeError, "seed is a str or a whole number, not True"),
    (2.5, TypeError, "seed is a str or a whole number, not 2.5"),
])
def test_a_run_seed_that_names_no_walls_is_refused(given, error, message):
    with pytest.raises(error, match=f"^{re.escape(message)}$"):
        run_seed(given)
