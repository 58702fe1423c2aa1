"""A PettingZoo environment (the AEC API, as PettingZoo's classic board games have it): four
agents ``player_0`` ... ``player_3``, one a seat, acting when the engine waits on them.

Each agent observes a dict: ``observation`` (the 20 x 34 planes of
:mod:`mjsim.learn.planes`) and ``action_mask`` (the 75 actions of :mod:`mjsim.learn.actions`,
1 where legal; all 0 for an agent not waited on). An agent steps with an action number; one the
mask does not allow, or outside the space (0-74), raises ``ValueError`` naming it, one that is no
whole number ``TypeError``. Rewards are settlement points, given to every seat as
each hand is settled; all four agents terminate when the game ends (one hand, or ``hands`` of
the sixteen).

``reset(seed=n)`` starts the game of wall seed ``f"{n}-0"`` on every machine; each later
``reset()`` without a seed plays the next wall, ``f"{n}-1"``, ``f"{n}-2"`` and so on: the walls
``mjsim table --seed n`` and ``mjsim dataset --seed n`` play (before any seed, the
environment's ``seed`` option stands for ``n``).

With no game in play, before the first ``reset()`` (``step``, ``observe``, ``last``, ``render``,
``agent_iter`` and a read of what ``reset`` sets, ``agents`` or ``agent_selection``...) or once
the game is over and every agent has stepped out with None (``step``, ``last``), the environment
raises :class:`mjsim.errors.ResetNeededError` naming the call: "call reset() before step()".

>>> from mjsim.learn import env
>>> table = env(hands=1)
>>> table.reset(seed=1)
>>> table.agent_selection
'player_0'
>>> observation, reward, termination, truncation, info = table.last()
>>> observation["observation"].shape, int(observation["action_mask"].sum()) > 0
((20, 34), True)
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ModuleNotFoundError as missing:  # an optional extra: say which, in one line
    raise ImportError(f"mjsim's PettingZoo environment needs PettingZoo and Gymnasium (no "
                      f"module {missing.name!r}): pip install \"mjsim[learn]\" (or "
                      '".[learn]" in a checkout)') from None

from mjsim.errors import ResetNeededError, clipped, run_seed, whole
from mjsim.game.rules import Rules
from mjsim.game.settings import Settings
from mjsim.learn.actions import ACTION_NAMES, N_ACTIONS, action_number, move_of
from mjsim.learn.planes import HIGH, PLANES, encode, legal_mask
from mjsim.players.view import view_of

__all__ = ["AGENTS", "InOrder", "MahjongEnv", "ResetNeededError", "wrapped"]

AGENTS = tuple(f"player_{seat}" for seat in range(4))

# What reset() sets: a read of one before it is refused in the environment's words.
SET_BY_RESET = frozenset({"agents", "num_agents", "agent_selection", "rewards", "terminations",
                          "truncations", "infos"})

Observation = dict[str, np.ndarray]


class MahjongEnv(AECEnv[str, Observation, int]):  # type: ignore[misc]  # PettingZoo is untyped
    """The environment: ``hands`` (1-16) hands a game from hand 1, under ``ruleset``; ``seed``
    stands for the first ``reset``'s seed when it is given none; ``render_mode`` is None,
    ``"ansi"`` (render returns the table as text) or ``"human"`` (prints it).

    Raises ``ValueError`` for hands outside 1-16 or an unknown render mode or ruleset, and
    ``TypeError`` for hands that are no whole number or a seed that is no str or whole number;
    :class:`ResetNeededError` for a use with no game in play (as the module says).
    """

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["human", "ansi"],
                                          "name": "mjsim_v0", "is_parallelizable": False}

    def __init__(self, *, hands: int = 16, ruleset: str = "green-book", seed: int | str = 0,
                 render_mode: str | None = None) -> None:
        super().__init__()
        hands = whole(hands, "hands", 1, 16)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render modes: {self.metadata['render_modes']}, not {render_mode!r}")
        self.hands, self.ruleset, self.render_mode = hands, ruleset, render_mode
        self._base, self._games = run_seed(seed), 0
        self.possible_agents = list(AGENTS)
        planes = spaces.Box(0, HIGH, shape=PLANES, dtype=np.uint8)
        mask = spaces.Box(0, 1, shape=(N_ACTIONS,), dtype=np.int8)
        self.observation_spaces = {a: spaces.Dict({"observation": planes, "action_mask": mask})
                                   for a in AGENTS}
        self.action_spaces = {a: spaces.Discrete(N_ACTIONS) for a in AGENTS}
        self.settings = Settings(ruleset)  # the ruleset parsed once, here
        self.game: Rules | None = None  # the game of the latest reset

    def __getattr__(self, name: str) -> Any:
        """Called only for an attribute not set: one that ``reset`` sets is refused in words."""
        if name in SET_BY_RESET:
            raise ResetNeededError(f"call reset() before reading {name}")
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def _next_seed(self) -> str:
        seed = f"{self._base}-{self._games}"
        self._games += 1
        return seed

    def reset(self, seed: int | str | None = None,
              options: dict[str, Any] | None = None) -> None:
        """Start a game: that of ``seed`` (as the module says), or the next one."""
        if seed is not None:
            self._base, self._games = run_seed(seed), 0
        self.game = Rules(self._next_seed(), self.settings.ruleset, last_hand=self.hands)
        self.game.take_outcomes()
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in AGENTS}
        self.agent_selection = AGENTS[self.game.waiting_on()[0]]

    def _playing(self, call: str) -> Rules:
        """The game in play, or the refusal of ``call`` before the first reset."""
        if self.game is None:
            raise ResetNeededError(f"call reset() before {call}")
        return self.game

    def _selected(self, call: str) -> str:
        """The agent selected, or the refusal of ``call`` before the first reset or once every
        agent has stepped out of the game over (the agent selected is then none of them)."""
        self._playing(call)
        if not self.agents:
            raise ResetNeededError(f"the game is over and every agent has stepped out: call "
                                   f"reset() before {call}")
        return str(self.agent_selection)

    def observe(self, agent: str) -> Observation:
        game = self._playing("observe()")
        if agent not in AGENTS:  # AGENTS.index would say "tuple.index(x): x not in tuple"
            raise ValueError(f"agents are player_0 to player_3, not {clipped(repr(agent), 40)}")
        view = view_of(game, AGENTS.index(agent))
        return {"observation": encode(view), "action_mask": legal_mask(view)}

    def last(self, observe: bool = True) -> tuple[Observation | None, float, bool, bool,
                                                  dict[str, Any]]:
        self._selected("last()")
        return super().last(observe)  # type: ignore[no-any-return]

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        self._playing("agent_iter()")
        return super().agent_iter(max_iter)

    def step(self, action: int | None) -> None:
        """Take ``action`` for the agent selected; a terminated agent steps with None."""
        agent = self._selected("step()")
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:  # PettingZoo's words: "the only valid action is None"
                raise ValueError(f"{agent} is done, its game over: it steps with None, not "
                                 f"{clipped(repr(action), 40)}")
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is waited on and must act: None is no action")
        game, seat = self._playing("step()"), AGENTS.index(agent)
        view = view_of(game, seat)
        number = action_number(action)  # 1.5 is no action, not action 1
        if not legal_mask(view)[number]:
            raise ValueError(f"action {number} ({ACTION_NAMES[number]}) is not legal for "
                             f"{agent}: see its action_mask")
        self._cumulative_rewards[agent] = 0
        self._clear_rewards()
        done = game.apply(seat, move_of(number, view))
        assert done is True, done  # the mask holds only legal moves
        for event in game.take_outcomes():
            if event["kind"] == "settle":
                for other, delta in zip(AGENTS, event["deltas"]):
                    self.rewards[other] += delta
        waiting = game.waiting_on()
        if waiting:
            self.agent_selection = AGENTS[waiting[0]]
        else:
            self.terminations = dict.fromkeys(AGENTS, True)
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The table as text (``ansi``), or printed (``human``)."""
        text = self._playing("render()").to_string()
        if self.render_mode == "human":
            print(text)
            return None
        return text if self.render_mode == "ansi" else None

    def close(self) -> None:
        """Nothing to release."""


class InOrder(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]  # PettingZoo is untyped
    """PettingZoo's order check (a loop over ``agent_iter()`` steps each agent it gives), with
    the environment's own :class:`ResetNeededError` where the check would answer first: its
    ``AssertionError`` for a use before ``reset()`` ("reset() needs to be called before
    step.", nothing under ``python -O``), and a logged warning, nothing played, for a step
    after every agent has stepped out."""

    def __getattr__(self, name: str) -> Any:
        return wrappers.BaseWrapper.__getattr__(self, name)  # the environment's refusal

    def step(self, action: int | None) -> None:
        self.unwrapped._selected("step()")
        super().step(action)

    def observe(self, agent: str) -> Observation:
        self.unwrapped._playing("observe()")
        return super().observe(agent)  # type: ignore[no-any-return]

    def last(self, observe: bool = True) -> tuple[Observation | None, float, bool, bool,
                                                  dict[str, Any]]:
        self.unwrapped._selected("last()")
        return super().last(observe)  # type: ignore[no-any-return]

    def render(self) -> str | None:
        self.unwrapped._playing("render()")
        return super().render()  # type: ignore[no-any-return]

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        self.unwrapped._playing("agent_iter()")
        return super().agent_iter(max_iter)

    def state(self) -> Any:
        return self.env.state()  # there is none, reset or not: NotImplementedError


def wrapped(**options: Any) -> AECEnv[str, Observation, int]:
    """:class:`MahjongEnv` inside PettingZoo's order check, as PettingZoo's classic games come
    (:class:`InOrder`). Not inside its ``AssertOutOfBoundsWrapper``: its bare
    ``AssertionError`` ("action is not in action space", and nothing under ``python -O``) would
    answer before the environment's own refusals, which name the action and the space's 0-74."""
    return InOrder(MahjongEnv(**options))
