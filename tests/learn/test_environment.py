"""The PettingZoo environment: PettingZoo's own API and seed tests, and what it promises beyond
them (rewards in points, the seeded sequence of games, illegal actions refused)."""

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from mjsim.learn import action_of, env
from mjsim.learn.environment import AGENTS, MahjongEnv
from mjsim.players import Rung, view_of


@pytest.mark.parametrize("hands", [1, 16])
def test_pettingzoos_api_test(hands):
    api_test(env(hands=hands), num_cycles=400)


def test_pettingzoos_seed_test():
    seed_test(lambda: env(hands=2), num_cycles=300)


def play(table, seed, rng, rung=None):
    """Play one game with random legal actions (or ``rung``'s moves, numbered): the rewards
    summed per agent, and the actions."""
    table.reset(seed=seed)
    totals, actions = dict.fromkeys(AGENTS, 0), []
    for agent in table.agent_iter():
        observation, reward, termination, truncation, _ = table.last()
        totals[agent] += reward
        if termination or truncation:
            table.step(None)
            continue
        if rung is None:
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        else:
            view = view_of(table.game, AGENTS.index(agent))
            action = action_of(rung.act(view), view=view)
        actions.append(action)
        table.step(action)
    return totals, actions


def test_rewards_are_the_games_settlement_points():
    table = MahjongEnv(hands=4)
    totals, _ = play(table, 3, None, rung=Rung(2))
    assert [totals[a] for a in AGENTS] == table.game.totals
    assert sum(totals.values()) == 0 and any(totals.values())
    assert table.game.status == "finished" and len(table.game.history) == 4
    assert any(row["result"] == "score" for row in table.game.history)


def test_a_seed_gives_the_same_game_and_later_resets_the_next_ones():
    first = MahjongEnv(hands=1)
    first.reset(seed=5)
    seeds = [first.game.seed]
    first.reset()
    seeds.append(first.game.seed)
    assert seeds == [b"5-0", b"5-1"]
    other = MahjongEnv(hands=1, seed=5)
    other.reset()
    assert other.game.seed == b"5-0"
    again = [play(MahjongEnv(hands=1), 9, np.random.default_rng(1)) for _ in range(2)]
    assert again[0] == again[1]


def test_an_action_the_mask_forbids_is_refused():
    table = MahjongEnv(hands=1)
    table.reset(seed=1)
    mask = table.observe(table.agent_selection)["action_mask"]
    with pytest.raises(ValueError, match="is not legal for player_0"):
        table.step(int(np.flatnonzero(mask == 0)[0]))
    with pytest.raises(ValueError, match="must act"):
        table.step(None)
    for number in (-1, 75):  # -1 would index the mask's last action
        words = f"^action is a whole number from 0 to 74, not {number}$"
        with pytest.raises(ValueError, match=words):
            table.step(number)
    before = (table.agent_selection, table.game.history[:], table.observe("player_0"))
    for number in (1.5, np.float64(2.0), "3", True):  # 1.5 and True were read as action 1
        with pytest.raises(TypeError, match="^action is a whole number, not "):
            table.step(number)  # type: ignore[arg-type]
    after = (table.agent_selection, table.game.history, table.observe("player_0"))
    assert before[:2] == after[:2]
    assert all(np.array_equal(before[2][key], after[2][key]) for key in before[2])


def test_env_refuses_an_action_outside_the_space_in_its_own_words():
    # env() answered with PettingZoo's bare AssertionError, "action is not in action space"
    table = env(hands=1)
    table.reset(seed=1)
    before = table.agent_selection
    for number in (-1, 75, np.int64(75), 2**64):
        with pytest.raises(ValueError, match=f"^action is a whole number from 0 to 74, not "
                                             f"{number}$"):
            table.step(number)
    for number in (1.5, "3", np.float64(2.0)):
        with pytest.raises(TypeError, match="^action is a whole number, not "):
            table.step(number)
    with pytest.raises(ValueError, match="must act"):
        table.step(None)
    assert table.agent_selection == before and table.unwrapped.game.moves == 0  # nothing played
    table.step(int(table.last()[0]["action_mask"].argmax()))  # a legal action still plays
    assert table.unwrapped.game.moves == 1


def test_agents_not_waited_on_see_an_empty_mask():
    table = MahjongEnv(hands=1)
    table.reset(seed=1)
    idle = [a for a in AGENTS if a != table.agent_selection]
    assert all(not table.observe(a)["action_mask"].any() for a in idle)


@pytest.mark.parametrize("options", [{"hands": 0}, {"hands": 17}, {"render_mode": "rgb"},
                                     {"ruleset": "house"}])
def test_bad_options_are_refused(options):
    with pytest.raises(ValueError):
        MahjongEnv(**options)


def test_render_gives_the_table():
    table = MahjongEnv(hands=1, render_mode="ansi")
    table.reset(seed=1)
    assert "hand 1/1" in table.render()
