"""Views met in seeded games played with random legal moves (a win taken nine times in ten, so
hands end in wins too), for the learning layer's tests."""

import numpy as np

from mjsim.game.rules import Rules
from mjsim.learn.planes import encode_batch
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


def encoded(seeds, last_hand=1):
    """The planes and legal masks of every view of :func:`views`' games, encoded."""
    seen = [view for _, view in views(seeds, last_hand)]
    planes = np.zeros((len(seen), 20, 34), np.uint8)
    masks = np.zeros((len(seen), 75), np.int8)
    encode_batch(seen, planes, masks)
    return planes, masks
