"""The compiled kernels' Python entry points refuse a wrong counts argument saying what they
take (34 uint8 copies, one a kind), never in Cython's own words about buffers ("a bytes-like
object is required", "Buffer has wrong number of dimensions", "ndarray is not C-contiguous")."""

import gc
import os
import sys
import time
from typing import NamedTuple

import numpy as np
import pytest

from mjsim import Hand
from mjsim_core import counts, legal, rungs, score, shanten

HAND = Hand.parse("123456789m 1234p").counts
CYTHON_WORDS = ("bytes-like", "Buffer", "ndarray is not", "attribute")

ENTRIES = {
    "shanten": shanten.shanten, "forms": shanten.forms, "acceptance": shanten.acceptance,
    "waits": shanten.waits, "discards": shanten.discards,
    "decompositions": shanten.decompositions, "total": counts.total,
    "kinds_held": counts.kinds_held, "formal_wait_count": score.formal_wait_count,
    "score_counts": lambda c: score.score_counts(c, b"", 0, 0, 0, 0),
    "legal_distance": legal.legal_distance, "legal_waits": legal.legal_waits,
    "legal_discards": legal.legal_discards, "legal_acceptance": legal.legal_acceptance,
    "legal_search": legal.legal_search,
}

WRONG = {
    "None": (None, TypeError, "34"),
    "a string": ("123m", TypeError, "34"),
    "a number": (5, TypeError, "34"),
    "a short array": (HAND[:30].copy(), ValueError, "34 entries, not 30"),
    "a long array": (np.zeros(40, np.uint8), ValueError, "34 entries, not 40"),
    "rows": (np.zeros((2, 34), np.uint8), ValueError, r"34 entries, not \(2, 34\)"),
    "a fifth copy": (np.full(34, 5, np.uint8), ValueError, "kind 0 has (5|more than 4) copies"),
    "negative copies": (np.full(34, -1, np.int8), ValueError, "0 to 4|uint8, not int8"),
}


@pytest.mark.parametrize("entry", sorted(ENTRIES))
@pytest.mark.parametrize("case", sorted(WRONG))
def test_wrong_counts_are_refused_saying_what_is_taken(entry, case):
    value, error, words = WRONG[case]
    with pytest.raises(error, match=words) as raised:
        ENTRIES[entry](value)
    assert not any(word in str(raised.value) for word in CYTHON_WORDS), raised.value


@pytest.mark.parametrize("entry", sorted(set(ENTRIES) - {n for n in ENTRIES if "legal" in n}))
def test_the_array_kernels_refuse_a_list_and_a_strided_view_naming_the_fix(entry):
    for value, words in ((list(HAND), "uint8 copies.*not list.*check_counts"),
                         (tuple(HAND), "not tuple"),
                         (np.zeros(68, np.uint8)[::2], "C-contiguous.*ascontiguousarray"),
                         (HAND.astype(np.int64), "uint8, not int64.*check_counts")):
        with pytest.raises((TypeError, ValueError), match=words):
            ENTRIES[entry](value)


class Row(NamedTuple):
    tile: int
    distance: int
    kinds: tuple[int, ...]
    copies: int


class WithFields(tuple):  # type: ignore[type-arg]
    """A class of tuples whose instances carry a dict: not made as a plain tuple's are."""


class RowOnRow(Row):
    __slots__ = ()


# The kernels that make their rows of a named tuple class, through shanten's make_row.
ROWS = {"legal_discards": legal.legal_discards, "discards": shanten.discards}


@pytest.mark.parametrize("entry", sorted(ROWS))
@pytest.mark.parametrize("kind", [Row, RowOnRow])
def test_the_discard_kernels_make_rows_of_a_named_tuple_class_holding_each_item_once(entry, kind):
    drawn = Hand.parse("123456789m 12345p").counts
    plain = ROWS[entry](drawn)
    made = ROWS[entry](drawn, row=kind)
    assert {type(row) for row in made} == {kind} and [tuple(row) for row in made] == plain
    assert made[0].kinds == plain[0][2] and made[0]._replace(tile=9).tile == 9
    # Only the row holds its kinds: one reference more (getrefcount's own) than none.
    assert all(sys.getrefcount(row.kinds) == 2 for row in made)
    assert all(gc.is_tracked(row) for row in made)


@pytest.mark.parametrize("entry", sorted(ROWS))
@pytest.mark.parametrize("row", [list, WithFields, int, os.stat_result, time.struct_time])
def test_the_discard_kernels_refuse_a_row_that_is_not_a_plain_class_of_tuples(entry, row):
    # A struct sequence is a class of tuples the size of a tuple, but written in C: it frees
    # fields of its own.
    with pytest.raises(TypeError, match="class statement adding no field"):
        ROWS[entry](Hand.parse("123456789m 12345p").counts, row=row)


def test_the_legal_entries_read_a_list_as_they_always_have():
    assert legal.legal_distance(list(HAND)) == legal.legal_distance(HAND)
    assert legal.legal_distance(HAND.astype(np.int64)) == legal.legal_distance(HAND)


def test_check_counts_refuses_what_is_no_sequence_and_reads_bytes():
    for value in (None, 5, "1" * 34):
        with pytest.raises(TypeError, match=f"34 whole numbers.*not {type(value).__name__}"):
            counts.check_counts(value)
    assert counts.check_counts(bytes(HAND)).tolist() == HAND.tolist()


def test_shanten_batch_refuses_what_is_not_rows_of_counts():
    rows = np.stack([HAND, HAND])
    for value, error, words in (
            (None, TypeError, "N x 34 uint8 array, not NoneType"),
            ([list(HAND)], TypeError, "not list"),
            (rows.astype(np.int64), ValueError, "not int64"),
            (HAND, ValueError, r"not shape \(34,\)"),
            (np.zeros((2, 33), np.uint8), ValueError, r"not shape \(2, 33\)"),
            (np.stack([HAND] * 4)[::2], ValueError, "C-contiguous"),
            (memoryview(rows.astype(np.uint16)), ValueError, "not uint16"),
            (bytes(34), ValueError, r"not shape \(34,\)")):
        with pytest.raises(error, match=words):
            shanten.shanten_batch(value)
    assert shanten.shanten_batch(rows).tolist() == [0, 0]
    assert shanten.shanten_batch(memoryview(rows)).tolist() == [0, 0]


def test_seat_word_refuses_counts_of_another_length():
    # It hashed whatever it was given: 30 bytes, or none for None.
    for value in (HAND[:30].copy(), None):
        with pytest.raises(ValueError, match="34 entries"):
            rungs.seat_word(value, 0, 0, [[]] * 4, [[]] * 4, False, "turn", -1, None)



def test_melds_that_are_not_melds_are_a_type_error_naming_melds():
    for melds in (("x",), 5, [None]):
        for entry in (legal.legal_distance, legal.legal_waits):
            with pytest.raises(TypeError, match="melds is a sequence of Meld"):
                entry(HAND, melds=melds)
