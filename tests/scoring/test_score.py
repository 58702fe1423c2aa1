"""mjsim.scoring.score: the worked examples (docs/rules.md#worked-examples) in both rulesets,
the win context, errors."""

from __future__ import annotations

import dataclasses
from collections import Counter

import numpy as np
import pytest

from mjsim.reference.score import evaluate, formal_waits, readings
from mjsim.reference.score import score as reference_score
from mjsim.scoring.elements import BY_NAME
from mjsim.scoring.scorer import MIN_POINTS, WinContext, check_context, fan_line, score
from mjsim.tiles.hand import Hand
from mjsim.tiles.notation import parse
from tests.helpers.golden import SCORED_ROWS as ROWS
from tests.helpers.golden import win_of
from tests.helpers.wins import random_win


def hand_and_ctx(text: str, win: str, self_drawn: bool = False, seat: int = 1,
                 prevalent: int = 0, **flags) -> tuple[Hand, WinContext]:
    kind = parse(win)[0]
    hand = Hand.parse(text)
    hand.add(kind)
    return hand, WinContext(kind, self_drawn, seat, prevalent, **flags)


def by_name(scored) -> Counter:
    return Counter({(name, value): count for _, name, value, count in scored.fans})


@pytest.mark.parametrize("ruleset", ["green-book", "gb-mahjong"])
@pytest.mark.parametrize("row", ROWS, ids=[row["id"] for row in ROWS])
def test_worked_examples(row, ruleset):
    expected = row.get(ruleset, row["gb-mahjong"]) if ruleset == "green-book" else row[ruleset]
    hand, ctx = win_of(row)
    scored = score(hand, ctx, ruleset)
    assert scored.total == expected["total"]
    assert scored.flowers == expected.get("flowers", 0)
    assert scored.total_with_flowers == expected["total"] + expected.get("flowers", 0)
    if "fans" in expected:
        assert by_name(scored) == Counter({(n, v): c for n, v, c in expected["fans"]})


def test_every_worked_example_is_in_the_table():
    ids = {row["id"] for row in ROWS}
    assert {f"W{i}" for i in range(1, 21)} <= ids
    assert {f"P{i}" for i in range(1, 5)} <= ids
    assert {f"S{i}" for i in range(1, 25)} | {"S2b"} <= ids


@pytest.mark.parametrize("row", [r for r in ROWS if "green-book" in r], ids=lambda r: r["id"])
def test_the_rulesets_differ_exactly_where_the_table_says(row):
    hand, ctx = win_of(row)
    assert score(hand, ctx, "green-book").total != score(hand, ctx, "gb-mahjong").total


def test_the_default_ruleset_is_the_green_book():
    hand, ctx = hand_and_ctx("ckong(2222m) ckong(5555p) 123s 678s 9p", "9p")
    assert score(hand, ctx).total == score(hand, ctx, "green-book").total == 12
    assert score(hand, ctx).ruleset == "green-book"


@pytest.mark.parametrize("ruleset", ["riichi", 2, -1, True, 1.0])
def test_an_unknown_ruleset_is_refused(ruleset):
    hand, ctx = hand_and_ctx("chow(234m) 234m 567m 567m E", "E")
    with pytest.raises(ValueError, match=f"no ruleset {ruleset!r}; the rulesets are "):
        score(hand, ctx, ruleset)


@pytest.mark.parametrize("row", ROWS[::7], ids=lambda row: row["hand"])
def test_a_ruleset_given_by_its_index_scores_as_its_name(row):
    """The engine hands the scorer the index it parsed once; the result names the ruleset."""
    hand, ctx = win_of(row)
    for index, name in enumerate(("green-book", "gb-mahjong")):
        by_index, by_name = score(hand, ctx, index), score(hand, ctx, name)
        assert (by_index.total, by_index.found()) == (by_name.total, by_name.found())
        assert by_index.ruleset == name


# ---- the context ------------------------------------------------------------------------------

@pytest.mark.parametrize("kwargs, words", [
    ({"self_drawn": True, "robbing": True}, "never self-drawn"),
    ({"self_drawn": False, "replacement": True}, "always self-drawn"),
    ({"self_drawn": False, "robbing": True, "wall_last": True}, "wall is empty"),
    ({"self_drawn": False, "seat_wind": 4}, "seat_wind"),
    ({"self_drawn": False, "prevalent_wind": -1}, "prevalent_wind"),
    ({"self_drawn": False, "flowers": 9}, "flowers"),
    ({"self_drawn": False, "win_tile": 34}, "win_tile is a whole number from 0 to 33, not 34"),
    ({"self_drawn": False, "initial": True}, "dealt tiles is self-drawn"),
    ({"self_drawn": True, "initial": True, "last_copy": True}, "before any tile is face up"),
    ({"self_drawn": True, "initial": True, "wall_last": True}, "wall's end"),
    # Was scored: the dealt tiles are the dealer's, and the dealer sits East.
    ({"self_drawn": True, "initial": True, "seat_wind": 1},
     r"dealer's, whose seat wind is East \(0\), not S \(1\)$"),
    ({"self_drawn": "yes"}, "self_drawn is True or False, not 'yes'"),  # was taken as True
    ({"self_drawn": False, "robbing": 2}, "robbing is True or False, not 2"),
])
def test_an_impossible_context_names_the_conflict(kwargs, words):
    base = {"win_tile": 0, "seat_wind": 0, "prevalent_wind": 0}
    with pytest.raises(ValueError, match=words):
        WinContext(**{**base, **kwargs})


@pytest.mark.parametrize("text, win, flags, words", [
    ("123m 456m 789m 123p 5p", "9s", {}, "not among the concealed"),
    ("123m 456m 789m 123p 5p", "5p", {"robbing": True}, "holds another"),
    ("123m 456m 789m 123p 5p", "5p", {"self_drawn": True, "replacement": True}, "declared kong"),
    ("123m 456m 789m 123p 5p", "5p", {"last_copy": True}, "holds another"),
    ("chow(123m) 456m 789m 123p 5p", "5p", {"self_drawn": True, "initial": True}, "no declared"),
    ("123m 456m 789m 123p 5p", "5p", {"flowers": 2}, None),
])
def test_a_context_the_hand_makes_impossible_is_refused(text, win, flags, words):
    kind = parse(win)[0]
    hand = Hand.parse(text)
    if kind == parse("5p")[0]:
        hand.add(kind)
    ctx = WinContext(kind, flags.pop("self_drawn", False), 0, 0, **flags)
    if words is None:  # two flowers in the context and none in the hand is fine
        assert score(hand, ctx).flowers == 2
        return
    for entry in (score, check_context):  # the same checks, the same words
        with pytest.raises(ValueError, match=words):
            entry(hand, ctx)


def test_flowers_in_the_context_must_match_the_hands():
    hand, ctx = hand_and_ctx("chow(234m) chow(567p) pung(888s) 34m EE F1 F2", "5m", flowers=3)
    with pytest.raises(ValueError, match="flowers"):
        score(hand, ctx)


@pytest.mark.parametrize("text", ["123m 456m 789m 123p 59p", "123m 456m 789m 123p 5p 1s"])
def test_a_hand_that_is_not_complete_is_refused(text):
    hand = Hand.parse(text)
    ctx = WinContext(13, False, 0, 0)
    with pytest.raises(ValueError, match="complete|14 tiles"):
        score(hand, ctx)


def test_three_copies_in_the_winners_own_melds_make_the_last_tile():
    hand, ctx = hand_and_ctx("chow(123m) chow(456p) pung(888m) 79m EE", "8m", seat=1, prevalent=1)
    assert not ctx.last_copy
    assert ("Last Tile", 4) in by_name(score(hand, ctx))


def test_chicken_hand_only_when_nothing_else_scores():
    hand, ctx = hand_and_ctx("chow(234m) chow(567p) pung(888s) 34m EE", "5m")
    assert [name for _, name, _, _ in score(hand, ctx).fans] == ["Chicken Hand"]
    hand, ctx = hand_and_ctx("chow(234m) chow(567p) pung(888s) 34m EE", "5m", self_drawn=True)
    assert [name for _, name, _, _ in score(hand, ctx).fans] == ["Self-Drawn"]


def test_flowers_never_count_toward_the_total():
    hand, ctx = hand_and_ctx("chow(234m) chow(567p) pung(888s) 34m EE F1 F2 T3", "5m",
                             self_drawn=True)
    scored = score(hand, ctx)
    assert (scored.total, scored.flowers, scored.total_with_flowers) == (1, 3, 4)
    assert scored.total < MIN_POINTS == 8
    assert "not a legal win" in scored.explain()


def test_a_win_of_exactly_the_minimum_is_legal():
    hand, ctx = hand_and_ctx("chow(678m) chow(234p) pung(777s) 45m NN", "6m", seat=2, prevalent=2)
    scored = score(hand, ctx)
    assert (scored.total, [name for _, name, _, _ in scored.fans]) == (MIN_POINTS, ["Chicken Hand"])
    assert "minimum" not in scored.explain()


def test_explain_lists_every_element_and_the_total():
    hand, ctx = hand_and_ctx("chow(234m) 234m 567m 567m E", "E", prevalent=2)
    text = score(hand, ctx).explain()
    for name in ("Half Flush", "Pure Double Chow x2", "Short Straight", "Single Wait",
                 "Total 10", "chow(234m)", "567m", "EE"):
        assert name in text
    assert "minimum" not in text and "not a legal win" not in text  # 10 reaches the 8


def test_fans_are_listed_by_points_then_by_number():
    # 82 (a concealed and a melded kong) outranks the 1-point rows numbered below it, and rows
    # of equal points go by number, not by name (by name No Honors would come first). The
    # flowers come last, apart from the total.
    hand, ctx = hand_and_ctx("ckong(1111m) kong(9999p) 234s 567s 8s F1", "8s")
    assert [(number, count) for number, _, _, count in score(hand, ctx).fans] == \
        [(82, 1), (71, 1), (73, 2), (76, 1), (81, 1)]


@pytest.mark.parametrize(("text", "win", "grouping"), [
    ("147m 258p 369s 234s E", "E", ("147m 258p 369s", "234s", "EE")),  # knitted straight
    ("147m 258p 3s ESWNR G", "B", ("147m 258p 3s ESWNRGB",)),  # honours and knitted tiles
    ("147m 258p 369s ESW N", "R", ("147m 258p 369s ESWNR",)),
    # the declared meld first; a pair of 1m, kind 0, is a pair too
    ("chow(234p) 567p 789s 345s 1m", "1m", ("chow(234p)", "567p", "345s", "789s", "11m")),
])
def test_the_grouping_shows_the_knitted_tiles_and_every_set_and_pair(text, win, grouping):
    hand, ctx = hand_and_ctx(text, win)
    assert score(hand, ctx).grouping == grouping


def test_high_over_low_takes_the_best_reading():
    hand, ctx = hand_and_ctx("222333444p 678s 9s", "9s")  # P4: pungs beat chows
    totals = {r.form + str(r.pungs): sum(v for v in evaluate(r, ctx, "green-book").values())
              for r in readings(hand, ctx)}
    assert len(totals) == 2
    assert score(hand, ctx).grouping == ("678s", "222p", "333p", "444p", "99s")


# ---- waits -------------------------------------------------------------------------------------

def test_formal_waits_count_a_fifth_copy():
    held = Hand.parse("1111234m").counts  # beside two melds: 1m (a fifth) or 4m
    assert formal_waits(held, 2) == (0, 3)


def test_a_fifth_copy_wait_denies_the_single_wait():
    # Waiting on 4m alone, on paper also on a fifth 1m: no Single Wait (D10).
    hand, ctx = hand_and_ctx("pung(EEE) pung(RRR) 1111234m", "4m")
    assert formal_waits(Hand.parse("1111234m").counts, 2) == (0, 3)
    for ruleset in ("green-book", "gb-mahjong"):
        assert "Single Wait" not in {name for _, name, _, _ in score(hand, ctx, ruleset).fans}


@pytest.mark.parametrize("shape, win, element", [
    ("12m", "3m", "Edge Wait"), ("1233m", "3m", "Edge Wait"), ("7789m", "7m", "Edge Wait"),
    ("4556m", "5m", "Closed Wait"), ("46m", "5m", "Closed Wait"), ("1223m", "2m", "Closed Wait"),
    ("5m", "5m", "Single Wait"), ("12345m", "3m", None), ("45567m", "6m", None),
    ("2345m", "5m", None), ("1112m", "2m", None), ("55m 77m", "5m", None),
])
def test_the_wait_reference_cases_of_section_5_7(shape, win, element):
    kinds = parse(shape)
    pair = "RR" if (len(kinds) + 1) % 3 == 0 else ""
    sets = (14 - len(kinds) - 1 - len(pair)) // 3
    melds = " ".join(("chow(123p)", "chow(456p)", "pung(EEE)", "ckong(9999s)")[:sets])
    hand, ctx = hand_and_ctx(f"{melds} {shape} {pair}", win)
    waits = {name for _, name, _, _ in score(hand, ctx).fans} & {"Edge Wait", "Closed Wait",
                                                                   "Single Wait"}
    assert waits == ({element} if element else set())


@pytest.mark.parametrize("text, win, element", [
    ("123m 456m 789m 123p 5p 5p", "5p", "Single Wait"),
    ("123m 456m 789m 55p 789s", "7s", "Edge Wait"),
    ("147m 258p 369s 123p EE", "E", "Single Wait"),   # a concealed knitted straight (D11)
])
@pytest.mark.parametrize("ruleset", ["green-book", "gb-mahjong"])
def test_a_dealer_complete_on_the_deal_scores_no_wait(text, win, element, ruleset):
    """The dealt fourteen never waited: self-drawn, and no wait element (D20, docs/rulings.md)."""
    hand = Hand.parse(text)
    drawn = WinContext(parse(win)[0], True, 0, 0)
    dealt = dataclasses.replace(drawn, initial=True)
    names = {name for _, name, _, _ in score(hand, drawn, ruleset).fans}
    dealt_names = {name for _, name, _, _ in score(hand, dealt, ruleset).fans}
    assert element in names and dealt_names == names - {element}
    assert score(hand, dealt, ruleset).total == score(hand, drawn, ruleset).total - 1
    assert reference_score(hand, dealt, ruleset).fans == score(hand, dealt, ruleset).fans


def test_the_element_names_are_the_tables():
    for _, name, _, _ in score(*hand_and_ctx("RRR GGG BBB EEE S", "S", prevalent=2)).fans:
        assert name in BY_NAME


def test_the_rulesets_differ_only_in_the_elements_of_the_disputed_rows():
    rng = np.random.default_rng(11)
    rows = {48, 82, 56, 80, 73, 36, 37}  # D1, D2, D3 (56 for 80), D7, D8
    differed = 0
    for _ in range(2000):
        drawn = random_win(rng)
        if drawn is None:
            continue
        green, gb = (score(*drawn, ruleset) for ruleset in ("green-book", "gb-mahjong"))
        assert green.total == sum(v * c for n, _, v, c in green.fans if n != 81)
        changed = set(green.fans) ^ set(gb.fans)
        assert {number for number, *_ in changed} <= rows, str(drawn[0])
        differed += bool(changed)
    assert differed > 50


def test_the_generator_is_deterministic_and_every_hand_is_complete():
    first = [random_win(np.random.default_rng(3)) for _ in range(200)]
    again = [random_win(np.random.default_rng(3)) for _ in range(200)]
    assert [None if w is None else (str(w[0]), w[1]) for w in first] == [
        None if w is None else (str(w[0]), w[1]) for w in again]
    drawn = [w for w in first if w is not None]
    assert len(drawn) > 100
    for hand, ctx in drawn:
        assert hand.size == 14 and hand.counts[ctx.win_tile] > 0
        assert score(hand, ctx).total > 0


# ---- the result: made in C, read lazily -------------------------------------------------------

def generated_wins(count: int, seed: int) -> list[tuple[Hand, WinContext]]:
    rng = np.random.default_rng(seed)
    drawn = (random_win(rng) for _ in range(3 * count))
    return [w for w in drawn if w is not None][:count]


def test_the_lazy_forms_are_the_references_on_every_kind_of_hand():
    """fans, reading, grouping and explain() made from the kernel's numbers are those the
    reference scorer builds from its Python values, on the generator's hands (every element)."""
    for hand, ctx in generated_wins(400, 11):
        for ruleset in ("green-book", "gb-mahjong"):
            fast, slow = score(hand, ctx, ruleset), reference_score(hand, ctx, ruleset)
            assert fast == slow and hash(fast) == hash(slow), str(hand)
            assert (fast.fans, fast.reading, fast.grouping, fast.explain()) == \
                (slow.fans, slow.reading, slow.grouping, slow.explain()), str(hand)


def test_the_result_keeps_its_grouping_as_the_hand_plays_on():
    hand, ctx = hand_and_ctx("19m 19p 19s ESWNRG B", "1m")   # thirteen orphans: reads the hand
    scored = score(hand, ctx)
    before = (scored.grouping, scored.reading, scored.explain())
    hand.remove(parse("1m")[0])
    hand.remove(parse("9s")[0])
    assert (scored.grouping, scored.reading, scored.explain()) == before
    assert scored.grouping == ("119m 19p 19s ESWNRGB",)


def test_the_result_is_read_only_and_survives_a_pickle():
    import pickle

    hand, ctx = hand_and_ctx("chow(234m) 234m 567m 567m E F3", "E")
    scored = score(hand, ctx)
    with pytest.raises(AttributeError):
        scored.total = 99
    with pytest.raises(AttributeError):
        scored.anything = 1
    again = pickle.loads(pickle.dumps(scored))
    assert type(again) is type(scored) and again == scored
    assert (again.explain(), again.flowers, again.melds) == (scored.explain(), 1, hand.melds)


def test_results_are_equal_only_when_total_flowers_fans_and_ruleset_are():
    hand, ctx = hand_and_ctx("chow(234m) 234m 567m 567m E", "E")
    scored = score(hand, ctx)
    assert scored == score(hand, ctx) and hash(scored) == hash(score(hand, ctx))
    assert scored != score(hand, ctx, "gb-mahjong")  # the same fans, another ruleset
    assert scored != score(hand, dataclasses.replace(ctx, self_drawn=True))
    assert scored != score(*hand_and_ctx("chow(234m) 234m 567m 567m E F1", "E"))
    assert scored != scored.total and scored != "Scored"  # no Scored: unequal, not an error
    assert repr(scored) == f"Scored(total=10, flowers=0, fans={scored.fans!r}, " \
                           "ruleset='green-book')"


def test_a_fan_line_counts_an_element_only_when_it_is_there_more_than_once():
    # number, name padded to 40, points times the count to the right
    assert fan_line(80, "Self-Drawn", 1, 1) == "  80 Self-Drawn" + " " * 33 + "1"
    assert fan_line(6, "Big Three Dragons", 88, 1) == "   6 Big Three Dragons" + " " * 25 + "88"
    assert fan_line(69, "Pure Double Chow", 1, 2) == "  69 Pure Double Chow x2" + " " * 24 + "2"


_FIELDS = [field.name for field in dataclasses.fields(WinContext)]


class _PropertyContext:
    """A context in slots but for its winning tile, a property: read by name."""

    __slots__ = ("_win", *(name for name in _FIELDS if name != "win_tile"))

    def __init__(self, ctx: WinContext) -> None:
        for name in _FIELDS:
            setattr(self, "_win" if name == "win_tile" else name, getattr(ctx, name))

    @property
    def win_tile(self) -> int:
        return self._win


def test_contexts_and_hands_of_any_class_are_read_alike():
    """The compiled scorer reads slots by offset; any other object by attribute name."""
    from types import SimpleNamespace

    hand, ctx = hand_and_ctx("chow(234m) 234m 567m 567m E", "E", flowers=2)
    expected = score(hand, ctx)
    duck_ctx = SimpleNamespace(**{name: getattr(ctx, name) for name in _FIELDS})
    duck_hand = SimpleNamespace(counts=hand.counts.copy(), melds=list(hand.melds), flowers=())
    duck_melds = SimpleNamespace(counts=hand.counts, flowers=(), melds=[
        SimpleNamespace(kind=m.kind, tiles=m.tiles, concealed=m.concealed) for m in hand.melds])
    for h, c in [(duck_hand, ctx), (hand, duck_ctx), (duck_melds, duck_ctx),
                 (hand, _PropertyContext(ctx))]:
        got = score(h, c)
        assert (got, got.explain()) == (expected, expected.explain())


def test_every_conflict_the_compiled_check_finds_is_worded():
    from mjsim.scoring.scorer import _worded
    from mjsim_core.score import CONFLICTS, ContextConflict

    hand, ctx = hand_and_ctx("chow(234m) 234m 567m 567m E", "E")
    words = {_worded(ContextConflict(problem), hand, ctx).args[0] for problem in CONFLICTS}
    assert len(words) == len(CONFLICTS)


@pytest.mark.parametrize("hand_is_wrong", [True, False])
def test_an_argument_that_is_not_a_hand_or_a_context_is_a_type_error_naming_it(hand_is_wrong):
    # It was the kernel's AttributeError: 'NoneType' object has no attribute 'counts'.
    from mjsim.scoring.scorer import check_context

    hand, ctx = hand_and_ctx("chow(234m) 234m 567m 567m E", "E")
    args, words = ((None, ctx), "hand is a Hand.*not NoneType") if hand_is_wrong \
        else ((hand, "E"), "ctx is a WinContext, not str")
    for entry in (score, check_context):
        with pytest.raises(TypeError, match=words):
            entry(*args)
