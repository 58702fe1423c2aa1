"""The PettingZoo environment: PettingZoo's own API and seed tests, and what it promises beyond
them (rewards in points, the seeded sequence of games, illegal actions refused)."""

import re

import numpy as np
import pytest
from gymnasium import spaces
from pettingzoo.test import api_test, seed_test
from pettingzoo.utils.conversions import aec_to_parallel

from mjsim.errors import ResetNeededError
from mjsim.learn import action_of, env, environment
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


USES = {"step()": lambda table: table.step(0), "last()": lambda table: table.last(),
        "observe()": lambda table: table.observe("player_0"),
        "render()": lambda table: table.render(),
        "agent_iter()": lambda table: table.agent_iter(),
        **{f"reading {name}": lambda table, name=name: getattr(table, name)
           for name in ("agent_selection", "agents", "num_agents", "rewards", "terminations",
                        "truncations", "infos")}}


@pytest.mark.parametrize("make", [MahjongEnv, env])
@pytest.mark.parametrize("call", USES)
def test_a_use_before_reset_is_refused_in_the_environments_words(make, call):
    # Was: env() answered with PettingZoo's AssertionError ("reset() needs to be called before
    # step.") or AttributeError, MahjongEnv with "'MahjongEnv' object has no attribute
    # 'agent_selection'" or a RuntimeError
    table = make(hands=1, render_mode="ansi")
    with pytest.raises(ResetNeededError, match=f"^{re.escape(f'call reset() before {call}')}$"):
        USES[call](table)
    assert not hasattr(table, "agent_selection")  # an AttributeError too, as hasattr expects
    with pytest.raises(NotImplementedError):  # no state, reset or not (env() asserted first)
        table.state()
    table.reset(seed=1)
    assert table.last()[0]["action_mask"].any() and table.agents == list(AGENTS)


@pytest.mark.parametrize("make", [MahjongEnv, env])
def test_a_step_after_the_game_is_over_is_refused_until_a_reset(make):
    # Was: MahjongEnv raised KeyError 'player_3', env() logged a warning and played nothing
    table = make(hands=1)
    play(table, 1, np.random.default_rng(0))  # to the end: every agent steps out with None
    assert table.agents == [] and table.unwrapped.game.status == "finished"
    for call in ("step()", "last()"):
        words = f"the game is over and every agent has stepped out: call reset() before {call}"
        with pytest.raises(ResetNeededError, match=f"^{re.escape(words)}$"):
            USES[call](table)
    assert not table.observe("player_0")["action_mask"].any()  # the table at the end is seen
    table.reset()
    assert table.agents == list(AGENTS) and table.unwrapped.game.seed == b"1-1"


@pytest.mark.parametrize("make", [MahjongEnv, env])
def test_a_done_agent_steps_with_none_only_and_observe_names_the_agents(make):
    # Was PettingZoo's "when an agent is dead, the only valid action is None", and for an
    # unknown agent "tuple.index(x): x not in tuple"
    table = make(hands=1)
    table.reset(seed=1)
    with pytest.raises(ValueError, match="^agents are player_0 to player_3, not 'player_4'$"):
        table.observe("player_4")
    while not table.terminations[table.agent_selection]:
        table.step(int(table.last()[0]["action_mask"].argmax()))
    agent = table.agent_selection
    with pytest.raises(ValueError, match=f"^{agent} is done, its game over: it steps with None, "
                                         f"not 0$"):
        table.step(0)
    assert agent in table.agents  # nothing changed
    table.step(None)
    assert agent not in table.agents


def test_agents_not_waited_on_see_an_empty_mask():
    table = MahjongEnv(hands=1)
    table.reset(seed=1)
    idle = [a for a in AGENTS if a != table.agent_selection]
    assert all(not table.observe(a)["action_mask"].any() for a in idle)


@pytest.mark.parametrize("options, words", [
    ({"hands": 0}, "^hands is a whole number from 1 to 16, not 0$"),
    ({"hands": 17}, "^hands is a whole number from 1 to 16, not 17$"),
    ({"render_mode": "rgb"}, r"^render modes: \['human', 'ansi'\], not 'rgb'$"),
    ({"ruleset": "house"}, "^no ruleset 'house'")])
def test_bad_options_are_refused_in_words(options, words):
    with pytest.raises(ValueError, match=words):
        MahjongEnv(**options)


@pytest.mark.parametrize("make", [MahjongEnv, env])
def test_render_gives_the_table(make):
    table = make(hands=1, render_mode="ansi")
    table.reset(seed=1)
    assert "hand 1/1" in table.render()
    quiet = make(hands=1)
    quiet.reset(seed=1)
    assert quiet.render() is None


@pytest.mark.parametrize("make", [MahjongEnv, env])
def test_human_render_prints_the_table_after_each_step(make, capsys):
    table = make(hands=1, render_mode="human")
    table.reset(seed=1)
    assert table.render() is None
    assert "hand 1/1" in capsys.readouterr().out
    table.step(int(table.last()[0]["action_mask"].argmax()))
    assert capsys.readouterr().out == table.unwrapped.game.to_string() + "\n"


@pytest.mark.parametrize("make", [MahjongEnv, env])
def test_the_agents_and_their_spaces_are_known_before_reset(make):
    table = make(hands=1)
    assert table.possible_agents == list(AGENTS) == ["player_0", "player_1", "player_2",
                                                      "player_3"]
    assert table.max_num_agents == 4
    for agent in AGENTS:
        assert table.action_space(agent).n == 75
        space = table.observation_space(agent)
        assert space["observation"].shape == (20, 34)
        assert space["action_mask"] == spaces.Box(0, 1, shape=(75,), dtype=np.int8)  # 1: legal


def test_a_reset_gives_no_rewards_and_ends_no_agent():
    table = MahjongEnv(hands=1)
    table.reset(seed=1)
    assert table.rewards == dict.fromkeys(AGENTS, 0) and table.last()[1:4] == (0, False, False)
    assert not any(table.terminations.values()) and not any(table.truncations.values())


def test_an_attribute_never_set_is_an_attribute_error_naming_it():
    table = MahjongEnv(hands=1)
    with pytest.raises(AttributeError, match="^'MahjongEnv' object has no attribute 'rewardz'$"):
        _ = table.rewardz  # a misspelt read is refused, not read as None
    assert not hasattr(table, "rewardz")


def test_by_default_a_game_is_sixteen_hands_of_seed_0():
    table = MahjongEnv()
    table.reset()
    assert table.game.last_hand == 16 and table.game.seed == b"0-0"


def test_the_metadata_names_the_environment_and_refuses_a_parallel_conversion():
    # Its agents act one at a time, so PettingZoo's AEC-to-parallel conversion is unsafe.
    assert re.fullmatch(r"mjsim_v\d+", MahjongEnv.metadata["name"])
    with pytest.raises(AssertionError, match="is_parallelizable"):
        aec_to_parallel(env(hands=1))


def test_the_public_names_are_defined():  # what `from mjsim.learn.environment import *` takes
    assert all(hasattr(environment, name) for name in environment.__all__)


def test_of_several_seats_waited_on_the_first_to_answer_acts():
    # A window's seats answer in turn order after its source (the engine's waiting_on order):
    # the first of them is selected, whose answer may leave the others nothing to claim.
    table, rng, several = MahjongEnv(hands=1), np.random.default_rng(3), 0
    for seed in range(40):  # several seats are waited on about once in 150 decisions
        table.reset(seed=seed)
        while table.game.is_active:
            waiting = table.game.waiting_on()
            assert table.agent_selection == AGENTS[waiting[0]]
            if len(waiting) > 1:
                source = table.game.state.window.source
                assert waiting == sorted(waiting, key=lambda seat: (seat - source) % 4)
                several += 1
            mask = table.observe(table.agent_selection)["action_mask"]
            table.step(int(rng.choice(np.flatnonzero(mask))))
        if several >= 3:
            break
    assert several >= 3


def test_a_long_agent_or_action_is_named_by_its_start_and_length():
    table = MahjongEnv(hands=1)
    table.reset(seed=1)
    start = r"'x{39}\.\.\. \(102 characters\)$"
    with pytest.raises(ValueError, match=f"^agents are player_0 to player_3, not {start}"):
        table.observe("x" * 100)
    while not table.terminations[table.agent_selection]:
        table.step(int(table.last()[0]["action_mask"].argmax()))
    with pytest.raises(ValueError, match=f"it steps with None, not {start}"):
        table.step("x" * 100)
