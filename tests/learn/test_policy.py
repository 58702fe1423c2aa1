"""The linear policy: the best-scoring legal action, ties to the lower action number."""

import numpy as np
import pytest

from mjsim.game.rules import Rules
from mjsim.learn.actions import move_of
from mjsim.learn.planes import encode, legal_mask
from mjsim.learn.policy import LinearPolicy, save
from mjsim.players import view_of


def test_a_linear_policy_ties_on_every_machine(tmp_path):
    # Two legal actions whose scores are equal, but summed so that float32 roundings tell them
    # apart (1e8 + 0.1 - 1e8 in one order, 0.1 + 1e8 - 1e8 in the other): the lower is played,
    # as the module promises, whatever the order a BLAS kernel adds the terms in.
    game = Rules(seed=b"tie")
    view = view_of(game, game.waiting_on()[0])
    features = encode(view).ravel().astype(np.float64)
    held = np.flatnonzero(features == 1)[:3]  # three features of the same value, in order
    legal = np.flatnonzero(legal_mask(view))[:2]
    coef = np.zeros((2, features.size))
    coef[0, held] = [1e8, -1e8, 0.1]
    coef[1, held] = [0.1, 1e8, -1e8]
    save(tmp_path / "tie.npz", coef, np.zeros(2), legal[::-1])  # the higher action first
    assert LinearPolicy(weights=str(tmp_path / "tie.npz")).act(view) == move_of(int(legal[0]), view)


def dealer_view():
    game = Rules(seed=b"tie")
    return game, view_of(game, game.waiting_on()[0])


def test_the_best_scoring_legal_action_is_played_and_an_unscored_one_only_when_no_scored_is(
        tmp_path):
    _, view = dealer_view()
    low, high, *_ = np.flatnonzero(legal_mask(view))
    path = str(tmp_path / "w.npz")
    save(path, np.zeros((2, 680)), [1.0, 2.0], [low, high])  # one grid step is 2**-20
    assert LinearPolicy(weights=path).act(view) == move_of(int(high), view)
    # A scored action, however low its score, goes before an unscored one; illegal ones never.
    illegal = next(action for action in range(75) if not legal_mask(view)[action])
    save(path, np.zeros((2, 680)), [-1e6, 1e6], [high, illegal])
    assert LinearPolicy(weights=path).act(view) == move_of(int(high), view)
    save(path, np.zeros((1, 680)), [1e6], [illegal])
    assert LinearPolicy(weights=path).act(view) == move_of(int(low), view)


def test_a_seat_with_no_choice_gets_none_and_the_policy_keeps_its_name(tmp_path):
    game, _ = dealer_view()
    path = str(tmp_path / "w.npz")
    save(path, [[0.0] * 680], [0.0], [68])  # lists are taken as arrays
    waiting = game.waiting_on()[0]
    others = [view_of(game, seat) for seat in range(4) if seat != waiting]
    assert [LinearPolicy(weights=path).act(view) for view in others] == [None] * 3
    assert LinearPolicy(weights=path).name == "linear"
    assert LinearPolicy(weights=path, name="mine").name == "mine"


@pytest.mark.parametrize(("coef", "intercept", "actions", "said"), [
    (np.zeros((2, 680)), np.zeros(2), [1], r"not \(2, 680\), \(2,\) for 1$"),
    (np.zeros((1, 679)), np.zeros(1), [1], r"not \(1, 679\), \(1,\) for 1$"),
    (np.zeros((1, 680)), np.zeros(2), [1], r"not \(1, 680\), \(2,\) for 1$"),
    (np.zeros((1, 680)), np.zeros(1), [-1], "^actions are 0-74$"),
    (np.zeros((1, 680)), np.zeros(1), [75], "^actions are 0-74$")])
def test_weights_whose_shapes_disagree_or_actions_are_out_of_range_are_refused(
        tmp_path, coef, intercept, actions, said):
    path = tmp_path / "w.npz"
    with pytest.raises(ValueError, match=said):
        save(path, coef, intercept, actions)
    assert not path.exists()


def test_the_first_and_last_actions_are_kept(tmp_path):
    path = tmp_path / "w.npz"
    save(path, np.ones((2, 680)), np.arange(2), [0, 74])
    with np.load(path) as data:
        assert data["actions"].tolist() == [0, 74] and data["intercept"].tolist() == [0, 1]
        assert data["coef"].shape == (2, 680) and data["coef"].dtype == np.float32
