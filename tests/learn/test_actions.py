"""The action numbering: every legal move of seeded games has one number, and the number reads
back as the very move."""

import re

import numpy as np
import pytest

from mjsim.game.moves import CHOWS, DISCARDS, KONG, KONGS, PASS, PUNG, WIN, Move
from mjsim.learn import N_ACTIONS, action_of, actions, move_of
from mjsim.learn.actions import ACTION_NAMES, CHOW
from mjsim.players.view import View, WindowView
from mjsim.tiles.hand import Hand
from tests.learn.games import views


def test_every_legal_move_of_seeded_games_round_trips():
    decisions = kinds = 0
    seen = set()
    for _, view in views([f"actions-{i}" for i in range(40)]):
        numbers = [action_of(move, view=view) for move in view.legal]
        assert len(set(numbers)) == len(numbers)  # distinct moves, distinct actions
        for move, number in zip(view.legal, numbers):
            assert 0 <= number < N_ACTIONS
            assert move_of(number, view) is move  # the engine's own instance
            seen.add(move.kind if move.kind != "kong" or move.tile is None else "turn kong")
        decisions += 1
        kinds += len(numbers)
    assert decisions > 5000 and kinds > 30000
    assert seen == {"discard", "turn kong", "win", "pass", "pung", "kong", "chow"}


def window_view(tile, kind="discard"):
    return View(seat=1, hand=Hand(), pools=[[tile], [], [], []], exposed=[(), (), (), ()],
                wall=50, dealer=0, prevalent=0, phase="claim",
                window=WindowView(kind, tile, 0))


@pytest.mark.parametrize("tile", [0, 4, 8, 9, 17, 26, 27, 33])  # 27-33: honours, no chow
def test_the_three_chow_positions_of_each_discard(tile):
    view = window_view(tile)
    for position in range(3):
        first = tile - position
        if first not in CHOWS or first // 9 != tile // 9:
            with pytest.raises(ValueError, match="needs a discard window"):
                move_of(CHOW + position, view)
            continue
        move = move_of(CHOW + position, view)
        assert move.tiles == (first, first + 1, first + 2)
        assert action_of(move, tile=tile) == action_of(move, view=view) == CHOW + position


def test_the_fixed_numbers():
    assert [action_of(DISCARDS[k]) for k in range(34)] == list(range(34))
    assert [action_of(KONGS[k]) for k in range(34)] == list(range(34, 68))
    assert [action_of(m) for m in (WIN, PASS, PUNG, KONG)] == [68, 69, 70, 71]
    assert N_ACTIONS == len(ACTION_NAMES) == 75
    assert action_of(Move("discard", tile=3)) == 3  # a move equal to a shared one


@pytest.mark.parametrize("move", [CHOWS[0], Move("chow", tiles=(0, 1, 2))])
def test_a_chow_without_its_discard_is_refused(move):
    with pytest.raises(ValueError, match="needs the discard"):
        action_of(move)
    with pytest.raises(ValueError, match="needs the discard"):
        action_of(move, tile=5)


@pytest.mark.parametrize("move, words", [
    (Move("discard", tile=34), "names no playing kind"),
    (Move("kong", tile=40), "names no playing kind"),
    (Move("discard", tile=-1), "names no playing kind"),  # not action -1
    (Move("kong", tile=-1), "names no playing kind"),  # not action 33, discard B
    (Move("pass", tile=3), "names a tile, which a pass does not"),
    (Move("win", tiles=(1, 2, 3)), "names a tile, which a win does not"),
    (Move("discard"), "names no tile, which a discard does"),  # was KeyError 'discard'
    (Move("discard", tiles=(1, 2, 3)), "names no tile, which a discard does")])
def test_moves_naming_the_wrong_things_are_refused(move, words):
    with pytest.raises(ValueError, match=f"^{re.escape(repr(move))} {words}$"):
        action_of(move)


@pytest.mark.parametrize("action", [-1, 75, 1000])
def test_numbers_outside_the_space_are_refused(action):
    with pytest.raises(ValueError, match="^action is a whole number from 0 to 74, not "):
        move_of(action, window_view(4))


def test_a_chow_needs_a_discard_window_not_a_rob():
    with pytest.raises(ValueError, match="needs a discard window"):
        move_of(CHOW, window_view(4, kind="rob"))


@pytest.mark.parametrize("action", [CHOW, CHOW + 1, CHOW + 2])
def test_a_chow_with_no_window_open_is_refused(action):
    view = View(seat=0, hand=Hand(), pools=[[], [], [], []], exposed=[(), (), (), ()],
                wall=50, dealer=0, prevalent=0, phase="turn", window=None)
    with pytest.raises(ValueError, match=f"^action {action} \\(chow .*needs a discard window"):
        move_of(action, view)


@pytest.mark.parametrize("action", [1.5, "3", None, 3.0, True, np.bool_(True)])
def test_an_action_that_is_no_whole_number_is_a_type_error_naming_it(action):
    # 1.5 raised "tuple indices must be integers" from inside, "3" and None a comparison's;
    # True was taken as action 1.
    with pytest.raises(TypeError, match="^action is a whole number, not "):
        move_of(action, window_view(4))


def test_a_chow_on_no_view_is_a_type_error_naming_the_view():
    with pytest.raises(TypeError, match="view is a View.*not NoneType"):
        move_of(CHOW, None)


@pytest.mark.parametrize("move", ["discard 5", 5, None, ("discard", 5)])
def test_action_of_something_that_is_no_move_is_a_type_error_naming_it(move):
    with pytest.raises(TypeError, match=r"^move is a Move, not "):
        action_of(move)


def test_each_action_is_named_as_the_table_says():
    assert ACTION_NAMES[0] == "discard 1m" and ACTION_NAMES[33] == "discard B"
    assert ACTION_NAMES[34] == "kong 1m" and ACTION_NAMES[67] == "kong B"
    assert ACTION_NAMES[68:] == ("win", "pass", "pung", "claimed kong", "chow lowest",
                                 "chow middle", "chow highest")


def test_the_public_names_are_defined():  # what `from mjsim.learn.actions import *` takes
    assert all(hasattr(actions, name) for name in actions.__all__)


def test_a_long_thing_that_is_no_move_is_named_by_its_start_and_length():
    with pytest.raises(TypeError, match=r"^move is a Move, not 'x{39}\.\.\. \(102 characters\)$"):
        action_of("x" * 100)
