"""The compiled core's numeric and flag arguments are read whole or refused by name: C once read
a float's whole part (``shanten(counts, 1.99)`` as 1 meld, ``from_kinds([0.5])`` as kind 0),
any object's truth as a flag (``self_drawn='no'`` as True), and a number past a C int raised an
OverflowError naming nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from mjsim import Hand
from mjsim_core import counts, legal, shanten

READY = Hand.parse("123456789m 1234p").counts            # 13 tiles, no melds
DRAWN = Hand.parse("123456789m 12345p").counts           # 14
COMPLETE = Hand.parse("123456789m 123p 55s").counts      # 14, complete
MELDED = Hand.parse("456789m 1234p").counts              # 10 tiles: one meld declared

# Each entry point taking melds, and a hand it reads (with no melds, and with one).
MELDS: dict[str, tuple[Callable[..., Any], Any, Any]] = {
    "shanten": (shanten.shanten, READY, MELDED),
    "forms": (shanten.forms, READY, MELDED),
    "waits": (shanten.waits, READY, MELDED),
    "wait_mask": (shanten.wait_mask, READY, MELDED),
    "acceptance": (shanten.acceptance, READY, MELDED),
    "discards": (shanten.discards, DRAWN, Hand.parse("456789m 12345p").counts),
    "_shanten_after": (shanten._shanten_after, DRAWN, Hand.parse("456789m 12345p").counts),
    "decompositions": (shanten.decompositions, COMPLETE, Hand.parse("456789m 123p 55s").counts),
    "_regular_orders": (shanten._regular_orders, COMPLETE,
                        Hand.parse("456789m 123p 55s").counts),
    "shanten_batch": (shanten.shanten_batch, np.stack([READY, READY]),
                      np.stack([MELDED, MELDED])),
}


@pytest.mark.parametrize("entry", sorted(MELDS))
@pytest.mark.parametrize("melds", [1.99, 1.0, np.float64(1.0), "1", None, True])
def test_melds_that_are_no_whole_number_are_a_type_error_naming_melds(entry, melds):
    function, _, hand = MELDS[entry]
    with pytest.raises(TypeError, match="^melds is a whole number, not "):
        function(hand, melds)


@pytest.mark.parametrize("entry", sorted(MELDS))
@pytest.mark.parametrize("melds", [5, -1, 2**31, 2**70])
def test_melds_past_four_are_a_value_error_naming_them(entry, melds):
    function, _, hand = MELDS[entry]
    with pytest.raises(ValueError, match=f"^melds is a whole number from 0 to 4, not {melds}$"):
        function(hand, melds)


@pytest.mark.parametrize("entry", sorted(MELDS))
def test_whole_melds_of_any_integer_type_read_as_before(entry):
    function, none, one = MELDS[entry]

    def same(a: Any, b: Any) -> bool:
        return bool(np.array_equal(a, b)) if isinstance(a, np.ndarray) else bool(a == b)

    assert same(function(none, np.int64(0)), function(none))
    for melds in (np.uint8(1), np.int32(1)):
        assert same(function(one, melds), function(one, 1))


def test_the_engine_forms_agree_with_the_faces():
    assert shanten._shanten_of(MELDED, 1) == shanten.shanten(MELDED, 1)
    assert shanten._waits_of(READY, 0) == shanten.waits(READY)
    assert shanten._wait_mask_of(READY, 0) == shanten.wait_mask(READY)


@pytest.mark.parametrize("kinds", [[0.5], [1.0], [np.float64(3.0)], ["1"], [None], [True]])
def test_from_kinds_refuses_a_kind_that_is_no_whole_number(kinds):
    with pytest.raises(TypeError, match="^kind is a whole number, not "):
        counts.from_kinds(kinds)


def test_from_kinds_reads_integers_of_any_type():
    expected = counts.from_kinds([3, 3, 33])
    assert np.array_equal(counts.from_kinds([np.int64(3), np.uint8(3), np.int16(33)]), expected)
    assert np.array_equal(counts.from_kinds(np.array([3, 3, 33])), expected)
    with pytest.raises(ValueError, match="kind 34 is not a playing kind"):
        counts.from_kinds([34])
    with pytest.raises(ValueError, match=f"^kind {2**70} is not a playing kind"):
        counts.from_kinds([2**70])


LEGAL = {
    "legal_distance": (legal.legal_distance, READY), "legal_search": (legal.legal_search, READY),
    "legal_acceptance": (legal.legal_acceptance, READY), "legal_waits": (legal.legal_waits, READY),
    "legal_discards": (legal.legal_discards, DRAWN),
}


@pytest.mark.parametrize("entry", sorted(LEGAL))
@pytest.mark.parametrize("value", ["no", "", 0, 1, 1.0, None, np.int64(1)])
def test_self_drawn_is_a_bool_or_refused_by_name(entry, value):
    function, hand = LEGAL[entry]
    with pytest.raises(TypeError, match="^self_drawn is True or False, not "):
        function(hand, self_drawn=value)


@pytest.mark.parametrize("entry", sorted(LEGAL))
def test_self_drawn_of_numpy_reads_as_the_bool(entry):
    function, hand = LEGAL[entry]
    for flag in (False, True):
        assert function(hand, self_drawn=np.bool_(flag)) == function(hand, self_drawn=flag)


@pytest.mark.parametrize("name", ["seat_wind", "prevalent_wind", "limit"])
def test_a_bool_is_no_wind_nor_limit(name):
    with pytest.raises(TypeError, match=f"^{name} is a whole number, not a bool"):
        legal.legal_distance(READY, **{name: True})


UNSEEN = {
    "acceptance": (shanten.acceptance, READY), "discards": (shanten.discards, DRAWN),
    **LEGAL,
}


@pytest.mark.parametrize("entry", sorted(UNSEEN))
@pytest.mark.parametrize("unseen", [5, 2.5, set(range(34)), {k: 4 for k in range(1, 35)}])
def test_an_unseen_that_is_no_row_of_counts_is_a_type_error_naming_unseen(entry, unseen):
    function, hand = UNSEEN[entry]
    with pytest.raises(TypeError, match=f"^unseen is 34 counts .*not {type(unseen).__name__}$"):
        function(hand, unseen=unseen)


# ---- scoring: the ruleset, the context's numbers, the kernels' own numbers ----------------------

WON = Hand.parse("chow(234m) 234m 567m 567m EE")


def test_a_ruleset_index_past_a_c_int_is_a_named_value_error_and_numpy_indexes_are_taken():
    from mjsim.scoring import WinContext, score

    ctx = WinContext(27, False, 1, 2)
    for ruleset in (2**64, 2**31):
        with pytest.raises(ValueError, match=f"^no ruleset {ruleset}; the rulesets are "):
            score(WON, ctx, ruleset)
    for index, name in enumerate(("green-book", "gb-mahjong")):
        assert score(WON, ctx, np.int64(index)) == score(WON, ctx, name)
        assert score(WON, ctx, np.uint8(index)).ruleset == name


@pytest.mark.parametrize("name", ["win_tile", "seat_wind", "prevalent_wind", "flowers"])
@pytest.mark.parametrize("value", [1.0, np.float64(1.0), "1", None, True])
def test_every_number_of_a_win_context_is_whole_or_refused_by_name(name, value):
    from decimal import Decimal

    from mjsim.scoring import WinContext

    base = {"win_tile": 27, "self_drawn": False, "seat_wind": 1, "prevalent_wind": 2}
    for wrong in (value, Decimal(1)):
        with pytest.raises(TypeError, match=f"^{name} is a whole number, not "):
            WinContext(**{**base, name: wrong})


def test_a_win_context_keeps_numpy_integers_as_plain_ints():
    from mjsim.scoring import WinContext

    ctx = WinContext(np.int64(27), False, np.uint8(1), np.int32(2), flowers=np.int16(3))
    assert ctx == WinContext(27, False, 1, 2, flowers=3)
    assert {type(n) for n in (ctx.win_tile, ctx.seat_wind, ctx.prevalent_wind, ctx.flowers)} \
        == {int}


def test_the_score_kernels_read_their_numbers_whole():
    from mjsim.scoring import WinContext
    from mjsim_core import score

    ctx = WinContext(27, False, 1, 2)
    expected = score.score_hand(WON, ctx, 0)
    assert score.score_hand(WON, ctx, np.int64(0)) == expected
    codes = score.meld_bytes(WON.melds)
    assert score.score_counts(WON.counts, codes, 27, 0, np.uint8(1), 2) == expected
    for name, value in (("win_tile", 27.5), ("flags", 0.0), ("seat_wind", 1.0),
                        ("prevalent_wind", "2"), ("ruleset", 0.0)):
        asked = {"win_tile": 27, "flags": 0, "seat_wind": 1, "prevalent_wind": 2, "ruleset": 0,
                 name: value}
        with pytest.raises(TypeError, match=f"^{name} is a whole number, not "):
            score.score_counts(WON.counts, codes, **asked)
    with pytest.raises(ValueError, match="^ruleset is a whole number from 0 to 1, not 2$"):
        score.score_hand(WON, ctx, 2)
    with pytest.raises(TypeError, match="^ruleset is a whole number, not 1.5"):
        score.score_hand(WON, ctx, 1.5)
    with pytest.raises(ValueError, match=f"^win_tile is a whole number from 0 to 33, not {2**40}$"):
        score.score_counts(WON.counts, codes, 2**40, 0, 1, 2)
    ready = Hand.parse("13m 55p").counts
    assert score.formal_wait_count(ready, np.int64(3)) == score.formal_wait_count(ready, 3) == 1
    with pytest.raises(TypeError, match="^melds is a whole number, not 3.0"):
        score.formal_wait_count(ready, 3.0)


def _result_fields(**changed: Any) -> dict[str, Any]:
    from mjsim.scoring import WinContext, score

    won = score(WON, WinContext(27, False, 1, 2))
    return {"total": won.total, "flowers": 2, "ruleset": won.ruleset, "melds": won.melds,
            "found": won.found(), "decomposition": won.decomposition(), "held": WON.counts,
            **changed}


@pytest.mark.parametrize(("changed", "error", "message"), [
    ({"total": 10.9}, TypeError, "^total is a whole number, not 10.9$"),
    ({"total": True}, TypeError, r"^total is a whole number, not a bool \(True\)$"),
    ({"total": -1}, ValueError, "^total is a whole number from 0 to 2147483647, not -1$"),
    ({"total": 2**31}, ValueError, "^total is a whole number from 0 to 2147483647, not 2147"),
    ({"flowers": 2.5}, TypeError, "^flowers is a whole number, not 2.5$"),
    ({"flowers": 9}, ValueError, "^flowers is a whole number from 0 to 8, not 9$"),
    ({"found": [(50.5, 1)]}, TypeError, r"^found\[0\]\[0\] is a whole number, not 50.5$"),
    ({"found": [(50, 1), (69, 2.0)]}, TypeError,
     r"^found\[1\]\[1\] is a whole number, not 2.0$"),
    ({"found": [(88, 1)]}, ValueError, r"^found\[0\]\[0\] is a whole number from 1 to 87"),
    ({"held": [0.5] * 34}, TypeError, r"^held\[0\] is a whole number, not 0.5$"),
    ({"held": [300] + [0] * 33}, ValueError, r"^held\[0\] is a whole number from 0 to 4, not 300$"),
])
@pytest.mark.parametrize("made", ["Result", "Scored"])
def test_a_result_of_numbers_that_are_none_is_refused_by_name(made, changed, error, message):
    # Result's C ints read a total of 10.9 as 10 and flowers of 2.5 as 2, int() read an element
    # number of 50.5 as 50, a held count of 0.5 was kept as 0 and one of 300 raised an
    # OverflowError naming nothing. mjsim.scoring.Scored is a Result.
    from mjsim.scoring import Scored
    from mjsim_core.score import Result

    with pytest.raises(error, match=message):
        {"Result": Result, "Scored": Scored}[made](**_result_fields(**changed))


@pytest.mark.parametrize(("total", "found", "message"), [
    (10.9, None, "^total is a whole number, not 10.9$"),
    (None, [(50.5, 1)], r"^found\[0\]\[0\] is a whole number, not 50.5$"),
])
def test_scored_reads_its_total_and_elements_whole(total, found, message):
    # scored() (in mjsim.scoring.scorer's __all__) passes its total and found on to Result as
    # they come.
    from mjsim.scoring import WinContext
    from mjsim.scoring.scorer import scored

    fields = _result_fields()
    with pytest.raises(TypeError, match=message):
        scored(WON, WinContext(27, False, 1, 2), fields["ruleset"],
               fields["total"] if total is None else total,
               fields["found"] if found is None else found, fields["decomposition"])


def test_a_result_takes_numpy_numbers_as_plain_ints():
    from mjsim.scoring import Scored
    from mjsim_core.score import Result

    fields = _result_fields()
    plain = Scored(**fields)
    numpy = Scored(**{**fields, "total": np.int64(fields["total"]), "flowers": np.uint8(2),
                      "found": [(np.int64(n), np.int8(c)) for n, c in fields["found"]],
                      "held": list(fields["held"])})
    assert numpy == plain and numpy.held() == plain.held() == Result(**fields).held()
    assert {type(n) for n in (numpy.total, numpy.flowers, *sum(numpy.found(), ()))} == {int}


@pytest.mark.parametrize(("arguments", "error", "message"), [
    (((19, 19, 22, 22), 13.7, "chows"), TypeError, "^pair is a whole number, not 13.7$"),
    (((19, 19, 22, 22), True, "chows"), TypeError, "^pair is a whole number, not a bool"),
    (((19, 19, 22, 22), 500, "chows"), ValueError, "^pair is a whole number from -1 to 33"),
    (((19.5, 19, 22, 22), 13, "chows"), TypeError, r"^tiles\[0\] is a whole number, not 19.5$"),
    (((19, 19, 99, 22), 13, "chows"), ValueError,
     r"^tiles\[2\] is a whole number from 0 to 33, not 99$"),
    (((19, 19, 22, 22), 13, "chow"), ValueError, "^scope is 'chows' or 'pungs', not 'chow'$"),
])
def test_group_elements_reads_its_kinds_whole_and_its_scope_by_name(arguments, error, message):
    # The C int pair read 13.7 as 13, a kind of 19.5 was read as 19, a kind past 33 was looked
    # up past the end of the kernel's tables, and any scope but "chows" was read as "pungs".
    from mjsim_core.score import group_elements

    with pytest.raises(error, match=message):
        group_elements(*arguments)
    assert group_elements(np.array([19, 19, 22, 22]), np.int8(13), "chows") == {69: 2, 71: 1}


# ---- the sweep: the core's other numbers a Python caller passes -------------------------------

def test_digest_size_and_hand_no_are_whole_or_refused_by_name():
    from mjsim_core import blake2b, shuffle

    assert blake2b.digest(b"abc", np.int64(32)) == blake2b.digest(b"abc", 32)
    for size in (32.5, 32.0, True):
        with pytest.raises(TypeError, match="^digest_size is a whole number, not "):
            blake2b.digest(b"abc", size)
    tiles = tuple(range(34)) * 4
    assert shuffle.shuffle(b"seed", np.int64(3), tiles) == shuffle.shuffle(b"seed", 3, tiles)
    for hand_no in (3.5, 3.0, "3"):
        with pytest.raises(TypeError, match="^hand_no is a whole number, not "):
            shuffle.shuffle(b"seed", hand_no, tiles)
    with pytest.raises(ValueError, match=f"^a hand number is 0 to 2\\*\\*32 - 1, not {2**70}"):
        shuffle.shuffle(b"seed", 2**70, tiles)


@pytest.mark.parametrize(("argument", "words"), [
    ("melds", "melds is a sequence of Meld (as Hand.melds), not "),
    ("seat_wind", "seat_wind is a whole number, not "),
    ("self_drawn", "self_drawn is True or False, not "),
])
def test_an_array_refused_is_named_on_one_line_with_its_length(argument, words):
    # Was: numpy's repr of the array, broken over lines, cut at a fixed width with no sign of
    # how much more there was.
    with pytest.raises(TypeError) as refusal:
        legal.legal_distance(READY, **{argument: np.ones((3, 34))})
    message = str(refusal.value)
    assert message.startswith(words + "array([[1., 1.,") and "\n" not in message
    assert message.endswith(f"... ({len(' '.join(repr(np.ones((3, 34))).split())):,} characters)")
