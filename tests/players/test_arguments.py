"""The players' entry points read their whole-number and spec arguments or refuse them by name:
a half hand was played as none, a rung of 3.0 or True taken, a spec that is no str met
AttributeError from inside."""

from __future__ import annotations

import numpy as np
import pytest

from mjsim.game.rules import Rules
from mjsim.players import driver, loop
from mjsim.players.protocol import Foul, HandStart
from mjsim.players.rungs import Rung, best, choices, rekeyed
from mjsim.players.seen import seen_by
from mjsim.players.specs import describe, load_player, parse_spec, player_ideas, with_off
from mjsim.players.view import view_of

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


@pytest.mark.parametrize(("players", "error", "message"), [
    (None, TypeError, "^players are four players, one per seat, not None$"),  # was "no len()"
    ("1111", TypeError, "^players are four players, one per seat, not '1111'$"),
    (["1"] * 4, TypeError,  # was "'str' object has no attribute 'act'"
     r"^players\[0\] is a player \(a name and act\(view\)\), not '1'; mjsim.players.load_player"),
    ([*TABLE[:3], None], TypeError, r"^players\[3\] is a player .*, not None;"),
    (TABLE[:3], ValueError, "^a table seats four players, not 3$"),
])
def test_a_table_of_players_that_are_none_is_named(players, error, message) -> None:
    with pytest.raises(error, match=message):
        driver.play(b"x", players, last_hand=1)


@pytest.mark.parametrize(("arguments", "message"), [
    ((5,), "^a foul's reason is a str, not 5$"),  # was "object of type 'int' has no len()"
    ((None,), "^a foul's reason is a str, not None$"),
    (("late", 5), "^a foul's answer is a str or None, not 5$"),
    (("late", None, None), "^a foul's detail is a str, not None$"),
])
def test_a_foul_of_a_reason_answer_or_detail_that_is_no_text_is_named(arguments,
                                                                        message) -> None:
    with pytest.raises(TypeError, match=message):
        Foul(*arguments)
    assert Foul("late", None).answer is None and Foul("late", "PASS", "x").detail == "x"


@pytest.mark.parametrize(("make", "name", "value"), [
    (lambda: Rung(3, "defence"), "off", "'defence'"),  # was "rung 3 has no idea 'd'"
    (lambda: Rung(3, None), "off", "None"),  # was "'NoneType' object is not iterable"
    (lambda: Rung(4, on="eight2"), "on", "'eight2'"),
    (lambda: choices(view_of(Rules(1), 0), 3, "defence"), "off", "'defence'"),  # "no idea 'd'"
    (lambda: best(view_of(Rules(1), 0), 3, on=5), "on", "5"),
])
def test_ideas_given_as_one_name_or_none_are_refused_by_name(make, name, value) -> None:
    with pytest.raises(TypeError, match=f"^{name} is a collection of idea names .*, not "
                                        f"{value}$"):
        make()
    assert Rung(3, ["defence"]) == Rung(3, frozenset({"defence"}))


@pytest.mark.parametrize("rules", [None, "game", 5])
def test_a_view_of_a_game_that_is_none_is_named(rules) -> None:
    with pytest.raises(TypeError, match="^rules is a game \\(a Rules\\), not "):
        view_of(rules, 0)  # was "'NoneType' object has no attribute 'hands'"


@pytest.mark.parametrize(("call", "message"), [
    (lambda: parse_spec(None), "^a player spec is a str such as '3', not None$"),  # 'strip'
    (lambda: with_off(3, "claims"), "^a player spec is a str such as '3', not 3$"),
    (lambda: with_off("3", 5), "^an idea is a str such as 'claims', not 5$"),
    (lambda: player_ideas(None), r"^spec is a player spec \(a str such as '3'\), not None$"),
    (lambda: describe(None), r"^spec is a player spec \(a str such as '3'\), not None$"),
])
def test_spec_functions_name_a_spec_that_is_no_str(call, message) -> None:
    # Were AttributeErrors: no attribute 'strip', or 'kind'
    with pytest.raises(TypeError, match=message):
        call()


DREW = {"actor": 2, "kind": "drew", "tile": 5, "from": "wall"}


@pytest.mark.parametrize(("event", "seat", "error", "message"), [
    (None, 0, TypeError, r"^event is an engine event \(a dict: .*\), not None$"),  # subscript
    (None, None, TypeError, r"^event is an engine event \(a dict: .*\), not None$"),  # None
    ("deal", 1, TypeError, r"^event is an engine event \(a dict: .*\), not 'deal'$"),
    ({}, 0, ValueError, r"^event \{\} is no engine event \(it has no 'kind'\)$"),  # KeyError
    ({"actor": "sys", "kind": "deal"}, 0, ValueError, r"\(it has no 'hands'\)$"),
    (DREW, 7, ValueError, "^seat is a whole number from 0 to 3, not 7$"),  # as nobody's seat
    (DREW, "0", TypeError, "^seat is a whole number, not '0'$"),
])
def test_an_event_or_seat_seen_by_that_is_none_is_named(event, seat, error, message) -> None:
    with pytest.raises(error, match=message):
        seen_by(event, seat)
    assert seen_by(DREW, np.int8(2)) == DREW and seen_by(DREW, 0) == {**DREW, "tile": None}


@pytest.mark.parametrize(("seeds", "lineup", "message"), [
    (None, ["1"] * 4, r"^seeds are the games' seeds \(a list .*\), not None$"),  # not iterable
    ("ab", ["1"] * 4, r"^seeds are the games' seeds \(a list .*\), not 'ab'$"),  # played a, b
    (["a"], None, r"^lineup is four players or their specs \(a list .*\), not None$"),
    (["a"], "1111", r"^lineup is four players or their specs \(a list .*\), not '1111'$"),
])
def test_play_games_names_seeds_or_a_lineup_that_is_none(seeds, lineup, message) -> None:
    with pytest.raises(TypeError, match=message):
        loop.play_games(seeds, lineup, last_hand=1)


@pytest.mark.parametrize(("word", "salt", "name", "value"), [
    (1.5, 1, "word", "1.5"),  # was "unsupported operand type(s) for &: 'float' and 'int'"
    (1, None, "salt", "None"),
    (1, "2", "salt", "'2'"),
])
def test_rekeyed_names_a_word_or_salt_that_is_no_whole_number(word, salt, name, value) -> None:
    with pytest.raises(TypeError, match=f"^{name} is a whole number, not {value}$"):
        rekeyed(word, salt)
    assert rekeyed(np.uint64(12345), np.int8(1)) == rekeyed(12345, 1)


@pytest.mark.parametrize(("fields", "error", "message"), [
    ((7, 1, 0, 0), ValueError, "^seat is a whole number from 0 to 3, not 7$"),  # were taken
    ((0, 0, 0, 0), ValueError, "^hand_no is a whole number from 1 to 16, not 0$"),
    ((0, 1, None, 0), TypeError, "^dealer is a whole number, not None$"),
    ((0, 1, 0, 2.5), TypeError, "^prevalent is a whole number, not 2.5$"),
])
def test_a_hand_start_of_a_field_out_of_its_range_is_named(fields, error, message) -> None:
    with pytest.raises(error, match=message):
        HandStart(*fields)
    start = HandStart(np.int8(1), 16, 3, prevalent=np.uint8(2))
    assert start == (1, 16, 3, 2) and type(start.prevalent) is int
