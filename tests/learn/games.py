"""Views met in seeded games played with random legal moves (a win taken nine times in ten, so
hands end in wins too), for the learning layer's tests."""

import numpy as np

from mjsim.game.rules import Rules
from mjsim.players import view_of
from tests.helpers.random_play import choose


def views(seeds, last_hand=2):
    """(game, view) at every decision of games from ``seeds``, hands 1 to ``last_hand``: the
    view of each seat waited on, before its move is taken."""
    for seed in seeds:
        rng = np.random.default_rng(list(seed.encode()))
        game = Rules(seed, last_hand=last_hand)
        while game.is_active:
            for seat in game.waiting_on():
                yield game, view_of(game, seat)
            assert game.apply(*choose(rng, game)) is True
            game.take_outcomes()
