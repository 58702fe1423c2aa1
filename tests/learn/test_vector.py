"""The vectorised games: each row plays as a game alone would, ended games give way to the next
walls, and the points given add up to each game's totals."""

import numpy as np
import pytest

from mjsim.errors import ResetNeededError
from mjsim.game.rules import Rules
from mjsim.learn import encode, legal_mask, move_of, vector
from mjsim.learn.vector import VectorGames
from mjsim.players import view_of


def random_actions(rng, masks):
    return (rng.random(masks.shape) * masks).argmax(axis=1)


def test_each_row_plays_its_walls_as_a_game_alone_would():
    n, steps = 3, 700
    games = VectorGames(n, seed="vec", hands=1)
    observations, masks, seats = games.reset()
    rng = np.random.default_rng(4)
    # The same actions, played on lone engines, wall after wall, row by row.
    lone = [Rules(f"vec-{row}", last_hand=1) for row in range(n)]
    next_wall, totals, ended = n, [[0] * 4 for _ in range(n)], 0
    for _ in range(steps):
        for row in range(n):
            game = lone[row]
            view = view_of(game, game.waiting_on()[0])
            assert seats[row] == view.seat
            assert np.array_equal(observations[row], encode(view))
            assert np.array_equal(masks[row], legal_mask(view))
        actions = random_actions(rng, masks)
        chosen = [move_of(int(a), view_of(g, g.waiting_on()[0])) for a, g in zip(actions, lone)]
        observations, masks, seats, rewards, dones = games.step(actions)
        for row in range(n):
            game = lone[row]
            assert game.apply(game.waiting_on()[0], chosen[row]) is True
            totals[row] = [t + int(r) for t, r in zip(totals[row], rewards[row])]
            assert dones[row] == (not game.is_active)
            if dones[row]:
                assert totals[row] == game.totals  # the rewards were the game's points
                totals[row] = [0] * 4
                lone[row] = Rules(f"vec-{next_wall}", last_hand=1)
                assert games.walls[row] == next_wall
                next_wall += 1
                ended += 1
    assert ended >= 5 and games.finished == ended


def test_an_illegal_action_plays_nothing():
    games = VectorGames(2, seed="vec", hands=1)
    observations, masks, _ = games.reset()
    before = observations.copy()
    actions = masks.argmax(axis=1)
    actions[1] = int(np.flatnonzero(masks[1] == 0)[0])
    with pytest.raises(ValueError, match="game 1: action"):
        games.step(actions)
    with pytest.raises(ValueError, match="game 0: action 75"):
        games.step(np.array([75, 0]))
    assert games.games[0].moves == 0 and np.array_equal(games.observations, before)
    with pytest.raises(ValueError, match="one action per game"):
        games.step([0])


def test_bad_options_and_a_step_before_reset_are_refused():
    with pytest.raises(ValueError):
        VectorGames(0)
    with pytest.raises(ValueError):
        VectorGames(2, hands=17)
    # Was: 10**9 games failed with numpy's MemoryError (some 9 TB of engines).
    with pytest.raises(ValueError, match=r"^n is a whole number from 1 to 100000, not 10000000"):
        VectorGames(10**9)
    for actions in ([0, 0], [0], [1.5, 2.5]):  # the reset named first, not the actions
        with pytest.raises(ResetNeededError, match=r"^call reset\(\) before step\(\)$"):
            VectorGames(2).step(actions)


@pytest.mark.parametrize("actions, words", [
    (np.array([1.5, 2.0]), "whole numbers 0-74, one per game, not float64"),
    ([None, None], "not object"), ([True, True], "not bool"),
    (np.array(["a", "b"]), "not <U1")])
def test_actions_that_are_no_whole_numbers_are_a_type_error_naming_the_range(actions, words):
    # They raised IndexError or numpy's UFuncTypeError from indexing the masks.
    games = VectorGames(2, seed="vec", hands=1)
    games.reset()
    with pytest.raises(TypeError, match=words):
        games.step(actions)
    with pytest.raises(ValueError, match="action 80 \\(no action: they are 0-74\\)"):
        games.step(np.array([0, 80]))


@pytest.mark.parametrize("kwargs, words", [
    ({"n": "3"}, "^n is a whole number, not '3'$"), ({"n": 2.5}, "not 2.5$"),
    ({"n": None}, "^n is a whole number, not None$"), ({"n": True}, "not a bool"),
    ({"n": 2, "hands": "1"}, "^hands is a whole number, not '1'$"),
    ({"n": 2, "hands": 1.0}, "^hands is a whole number, not 1.0$")])
def test_counts_that_are_no_whole_numbers_are_a_type_error_naming_them(kwargs, words):
    with pytest.raises(TypeError, match=words):
        VectorGames(**kwargs)


def test_before_reset_no_game_is_in_play():
    games = VectorGames(2)
    assert games.games == games.walls == games.views == [] and games.finished == 0


def until_points(games, rng):
    """Step with random actions until a step ends a game with points given."""
    for _ in range(3000):
        *_, rewards, dones = games.step(random_actions(rng, games.masks))
        if dones.any() and rewards.any():
            return
    raise AssertionError("no game ended with points in 3000 steps")


def test_rewards_are_each_steps_own_and_a_second_reset_starts_again_from_wall_0():
    games = VectorGames(3, seed="again", hands=1)
    first = [array.copy() for array in games.reset()]
    rng = np.random.default_rng(2)
    until_points(games, rng)
    *_, rewards, dones = games.step(random_actions(rng, games.masks))
    assert not rewards.any() and not dones.any()  # a step's own points, not the last one's
    until_points(games, rng)
    assert games.walls != [0, 1, 2] and games.finished > 0
    again = games.reset()
    assert all(np.array_equal(a, b) for a, b in zip(first, again))
    assert len(games.games) == len(games.views) == 3 and games.walls == [0, 1, 2]
    assert games.finished == 0 and not games.rewards.any() and not games.dones.any()
    assert [game.seed for game in games.games] == [b"again-0", b"again-1", b"again-2"]


def test_views_are_what_each_row_was_encoded_from():
    games = VectorGames(3, seed="views", hands=1)
    games.reset()
    rng = np.random.default_rng(5)
    for _ in range(40):
        observations, masks, seats, _, _ = games.step(random_actions(rng, games.masks))
        for row, view in enumerate(games.views):
            assert view.seat == seats[row] == games.games[row].waiting_on()[0]
            assert np.array_equal(encode(view), observations[row])
            assert np.array_equal(legal_mask(view), masks[row])


def test_a_whole_number_seed_names_the_same_walls_as_its_text():
    numbered, texted = VectorGames(2, seed=7), VectorGames(2, seed="7")
    numbered.reset()
    texted.reset()
    assert [g.seed for g in numbered.games] == [g.seed for g in texted.games] == [b"7-0", b"7-1"]
    with pytest.raises(TypeError, match="^seed is a str or a whole number, not 1.5$"):
        VectorGames(2, seed=1.5)


def test_the_public_names_are_defined():  # what `from mjsim.learn.vector import *` takes
    assert all(hasattr(vector, name) for name in vector.__all__)


def test_by_default_games_are_one_hand_from_the_walls_of_mjsim():
    games = VectorGames(2)
    games.reset()
    assert [(g.seed, g.last_hand) for g in games.games] == [(b"mjsim-0", 1), (b"mjsim-1", 1)]


def test_an_illegal_action_is_named_and_minus_1_is_no_last_action():
    games = VectorGames(4, seed="names", hands=1)
    games.reset()
    rng = np.random.default_rng(6)
    while not games.masks[:, -1].any():  # until some game allows its last action, chow highest
        games.step(random_actions(rng, games.masks))
    row = int(np.flatnonzero(games.masks[:, -1])[0])
    actions = games.masks.argmax(axis=1)
    actions[row] = -1  # was it read as the last action, chow highest?
    with pytest.raises(ValueError, match=f"^game {row}: action -1 \\(no action: they are "
                                         f"0-74\\) is not legal for seat {games.seats[row]}"):
        games.step(actions)
    idle = int(np.flatnonzero(games.masks[:, 0] == 0)[0])  # a game that forbids discard 1m
    actions = games.masks.argmax(axis=1)
    actions[idle] = 0
    with pytest.raises(ValueError, match=f"^game {idle}: action 0 \\(discard 1m\\) is not legal "
                                         f"for seat {games.seats[idle]}: see its mask$"):
        games.step(actions)


@pytest.mark.parametrize("hands", [1, 16])
def test_one_to_sixteen_hands_a_game(hands):
    games = VectorGames(1, hands=hands)
    games.reset()
    assert games.games[0].last_hand == hands
    with pytest.raises(ValueError, match="^hands is a whole number from 1 to 16, not 0$"):
        VectorGames(1, hands=0)
