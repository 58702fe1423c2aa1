"""mjsim.learn's entry points read their arguments or refuse them by name: a fraction of a
hand was truncated, a seed of None named walls "None-0", a bool was taken as action 1, and
other values met an error from inside ("'<' not supported", AttributeError)."""

from __future__ import annotations

import numpy as np
import pytest

from mjsim.errors import run_seed
from mjsim.game.rules import Rules
from mjsim.learn import VectorGames, action_of, move_of
from mjsim.players.view import view_of

pytest.importorskip("pettingzoo")
from mjsim.learn.environment import MahjongEnv  # needs PettingZoo

VIEW = view_of(Rules(seed=b"x"), 0)


@pytest.mark.parametrize(("hands", "error"), [(2.5, TypeError), ("1", TypeError),
                                              (True, TypeError), (0, ValueError),
                                              (17, ValueError)])
def test_the_environment_reads_hands_whole(hands, error) -> None:
    # 2.5 was taken as 2 hands, "1" raised "'<=' not supported"
    with pytest.raises(error, match="^hands is a whole number"):
        MahjongEnv(hands=hands)


@pytest.mark.parametrize("seed", [None, b"x", 1.5, True, [1]])
def test_a_seed_that_is_no_str_or_whole_number_is_refused_by_name(seed) -> None:
    # None named the walls "None-0"; bytes would name them "b'x'-0"
    with pytest.raises(TypeError, match="^seed is a str or a whole number, not "):
        MahjongEnv(hands=1, seed=seed)
    with pytest.raises(TypeError, match="^seed is a str or a whole number, not "):
        VectorGames(1, seed=seed)
    table = MahjongEnv(hands=1)
    if seed is not None:  # reset(seed=None) plays the next wall
        with pytest.raises(TypeError, match="^seed is a str or a whole number, not "):
            table.reset(seed=seed)


@pytest.mark.parametrize("seed", ["learn", 7, np.int64(7)])
def test_str_and_whole_seeds_name_the_walls_as_before(seed) -> None:
    assert run_seed(seed) == seed and type(run_seed(np.int64(7))) is int
    table = MahjongEnv(hands=np.int64(1), seed=seed)
    table.reset()
    assert table.game is not None and table.game.seed == f"{seed}-0".encode()
    games = VectorGames(np.int64(1), seed=seed, hands=np.uint8(1))
    games.reset()
    assert games.games[0].seed == f"{seed}-0".encode()


def test_a_bool_is_no_action() -> None:
    # True was played as action 1, though the README calls a non-whole action a TypeError
    with pytest.raises(TypeError, match="^action is a whole number, not a bool"):
        move_of(True, VIEW)
    table = MahjongEnv(hands=1)
    table.reset(seed=1)
    with pytest.raises(TypeError, match="^action is a whole number, not a bool"):
        table.step(True)  # type: ignore[arg-type]
    games = VectorGames(2, hands=1)
    games.reset()
    with pytest.raises(TypeError, match="not bool"):
        games.step(np.array([True, True]))
    assert move_of(np.int16(1), VIEW) == move_of(1, VIEW)


@pytest.mark.parametrize("move", [None, 5, "discard"])
def test_action_of_what_is_no_move_is_a_type_error_naming_it(move) -> None:
    with pytest.raises(TypeError, match="^move is a Move, not "):
        action_of(move)
