"""N games stepped together from an array of actions (riichienv's ``step_batch``, for MCR).

Each game waits on one seat at a time; :class:`VectorGames` holds, for every game, the planes
and legal mask of that seat's view and the seat's number. ``step(actions)`` plays one action in
every game and returns the next observations, masks and seats, the points each seat was given
(a hand settled) and which games ended. An ended game is replaced at once by the next wall
(auto-reset): its row then shows the new game's first decision. Game ``i`` starts on wall
``f"{seed}-{i}"`` and each reset takes the next unplayed wall number, so the whole run is a
function of the seed and the actions.

The arrays returned are the object's own buffers, overwritten by the next step (no allocation
per step): copy what must be kept.

>>> games = VectorGames(3, seed="doc", hands=1)
>>> observations, masks, seats = games.reset()
>>> observations.shape, masks.shape, seats.tolist()
((3, 20, 34), (3, 75), [0, 0, 0])
>>> actions = masks.argmax(axis=1)  # the first legal action of each game
>>> observations, masks, seats, rewards, dones = games.step(actions)
>>> rewards.shape, dones.tolist()
((3, 4), [False, False, False])
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from mjsim.errors import ResetNeededError, run_seed, whole
from mjsim.game.rules import Rules
from mjsim.game.settings import Settings
from mjsim.learn.actions import ACTION_NAMES, N_ACTIONS, move_of
from mjsim.learn.planes import PLANES, encode_batch
from mjsim.players.view import View, view_of

__all__ = ["MAX_GAMES", "VectorGames"]

MAX_GAMES = 100_000
"""The most games one :class:`VectorGames` steps: each holds an engine of about 9 KB (measured
2026-12-07), so this many take about 1 GB; n = 10**9 failed with numpy's MemoryError."""

Step = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]


class VectorGames:
    """``n`` games of ``hands`` hands (1-16) under ``ruleset``, from walls of ``seed``.

    After :meth:`reset` and each :meth:`step`: ``observations`` (n x 20 x 34 ``uint8``),
    ``masks`` (n x 75 ``int8``), ``seats`` (n ``int8``: who acts next in each game),
    ``rewards`` (n x 4 ``int32``: points given by the step) and ``dones`` (n ``bool``);
    ``games`` are the engines, ``walls`` the wall number each is playing, ``finished`` the
    games ended so far. Raises ``ValueError`` for n outside 1 to :data:`MAX_GAMES`, hands
    outside 1-16 or an unknown ruleset, ``TypeError`` for n or hands that are no whole number
    or a seed that is no str or whole number.
    """

    def __init__(self, n: int, *, seed: str | int = "mjsim", hands: int = 1,
                 ruleset: str = "green-book") -> None:
        n, hands = whole(n, "n", 1, MAX_GAMES), whole(hands, "hands", 1, 16)
        seed = run_seed(seed)
        self.settings = Settings(ruleset)  # the ruleset parsed once, here
        self.n, self.seed, self.hands, self.ruleset = n, seed, hands, ruleset
        self.observations = np.zeros((n, *PLANES), dtype=np.uint8)
        self.masks = np.zeros((n, N_ACTIONS), dtype=np.int8)
        self.seats = np.zeros(n, dtype=np.int8)
        self.rewards = np.zeros((n, 4), dtype=np.int32)
        self.dones = np.zeros(n, dtype=bool)
        self.games: list[Rules] = []
        self.walls: list[int] = []
        self.finished = 0
        self._views: list[View] = []
        self._next_wall = 0

    def reset(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Start every game afresh from walls 0 to n-1: (observations, masks, seats)."""
        self._next_wall, self.finished = 0, 0
        self.games, self.walls, self._views = [], [], []
        for _ in range(self.n):
            game, wall = self._new_game()
            self.games.append(game)
            self.walls.append(wall)
            self._views.append(self._view(game))
        self._observe()
        self.rewards[:] = 0
        self.dones[:] = False
        return self.observations, self.masks, self.seats

    def _new_game(self) -> tuple[Rules, int]:
        wall = self._next_wall
        self._next_wall += 1
        game = Rules(f"{self.seed}-{wall}", self.settings.ruleset, last_hand=self.hands)
        game.take_outcomes()
        return game, wall

    @property
    def views(self) -> list[View]:
        """The view each game's observation was encoded from (the seat it waits on): what a
        player that reads more than the planes (the road planes) reads."""
        return self._views

    @staticmethod
    def _view(game: Rules) -> View:
        return view_of(game, game.waiting_on()[0])

    def _observe(self) -> None:
        """Write every game's planes, mask and seat from its view."""
        views = self._views
        for row in range(self.n):
            self.seats[row] = views[row].seat
        encode_batch(views, self.observations, self.masks)

    def step(self, actions: Sequence[int] | np.ndarray) -> Step:
        """Play ``actions[i]`` in game ``i`` for the seat it waits on; returns (observations,
        masks, seats, rewards, dones). Raises ``ValueError`` when an action is not allowed by
        its game's mask (nothing is played then), or there are not n actions, and
        :class:`mjsim.errors.ResetNeededError` before the first :meth:`reset`."""
        if not self.games:
            raise ResetNeededError("call reset() before step()")
        chosen = np.asarray(actions)
        if chosen.shape != (self.n,):
            raise ValueError(f"one action per game: {self.n}, not shape {chosen.shape}")
        if chosen.dtype.kind not in "iu":   # a float, bool or object would index the masks
            raise TypeError(f"actions are whole numbers 0-{N_ACTIONS - 1}, one per game, "
                            f"not {chosen.dtype}")
        rows = np.arange(self.n)
        bad = (chosen < 0) | (chosen >= N_ACTIONS)
        allowed = ~bad
        allowed[allowed] = self.masks[rows[allowed], chosen[allowed]] == 1
        if not allowed.all():
            row = int(np.flatnonzero(~allowed)[0])
            action = int(chosen[row])
            name = ACTION_NAMES[action] if 0 <= action < N_ACTIONS \
                else f"no action: they are 0-{N_ACTIONS - 1}"
            raise ValueError(f"game {row}: action {action} ({name}) is not legal for seat "
                             f"{self.seats[row]}: see its mask")
        rewards, dones = self.rewards, self.dones
        rewards[:] = 0
        dones[:] = False
        views, games = self._views, self.games
        for row in range(self.n):
            game, view = games[row], views[row]
            game.apply(view.seat, move_of(int(chosen[row]), view))
            for event in game.take_outcomes():
                if event["kind"] == "settle":
                    rewards[row] += event["deltas"]
            if not game.waiting_on():
                dones[row] = True
                self.finished += 1
                game, self.walls[row] = self._new_game()
                games[row] = game
            views[row] = self._view(game)
        self._observe()
        return self.observations, self.masks, self.seats, rewards, dones
