"""A player given only a View cannot reach what its seat may not see: walking every object the
view refers to, and every object those refer to, never meets the engine, the wall, or another
seat's concealed tiles."""

import gc

import numpy as np
import pytest

from mjsim.game.rules import HandState, Rules
from mjsim.players import Rung, view_of
from mjsim.tiles.wall import Wall


def reachable(root):
    """Every object reachable from ``root`` through references (types and modules aside)."""
    seen, stack = {id(root): root}, [root]
    while stack:
        current = stack.pop()
        children = gc.get_referents(current)
        # numpy does not show an array's base to the garbage collector: follow it by hand.
        if isinstance(current, np.ndarray) and current.base is not None:
            children.append(current.base)
        for child in children:
            if isinstance(child, type) or type(child).__name__ == "module":
                continue
            if id(child) not in seen:
                seen[id(child)] = child
                stack.append(child)
    return list(seen.values())


def views_of_a_game(seed, decisions=300):
    """Views of the seats waited on through a game played by rung 2, as play goes."""
    game, rung = Rules(seed), Rung(2)
    for _ in range(decisions):
        waiting = game.waiting_on()
        if not waiting:
            return
        view = view_of(game, waiting[0])
        yield game, view
        assert game.apply(waiting[0], rung.act(view))
        game.take_outcomes()


@pytest.mark.parametrize("seed", [b"privacy-0", b"privacy-1"])
def test_no_path_from_a_view_to_the_engine_or_another_hand(seed):
    for game, view in views_of_a_game(seed):
        objects = reachable(view)
        assert not [o for o in objects if isinstance(o, (Rules, HandState, Wall))]
        others = [game.hands[s] for s in range(4) if s != view.seat]
        assert not [o for o in objects if any(o is hand for hand in others)]
        arrays = [o for o in objects if isinstance(o, np.ndarray)]
        # The only array is the seat's own counts, a copy with no base to climb to.
        assert len(arrays) == 1 and arrays[0].base is None and arrays[0].shape == (34,)
        assert np.array_equal(arrays[0], game.hands[view.seat].counts)


def test_the_walk_finds_what_is_there():
    """The walk would see a leak: the engine's own hand row leads to the four seats' block."""
    game = Rules(b"privacy")
    objects = reachable(game.hands[0].counts)
    assert any(isinstance(o, np.ndarray) and o.shape == (4, 34) for o in objects)
