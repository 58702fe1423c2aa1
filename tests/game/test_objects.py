"""What the engine makes in Python objects: a wall a handful, a move of the compiled loop about
one or less at the trivial table, a few at the rungs' (a window, a claimed win's score), far
fewer than through the driver. Counts, not timings: a function of the seeds and the Python
version (scripts/bench_objects.py prints them)."""

import gc

import pytest

from mjsim.players import driver, loop
from mjsim.players.rungs import Rung
from mjsim.players.trivial import DiscardDrawn
from mjsim.tiles.wall import Wall
from mjsim_core.allocations import Counting


def objects_a_move(play, players, games=2):
    play(b"warm-up", players, last_hand=1)
    gc.disable()
    try:
        with Counting() as counted:
            moves = sum(play(b"objects-%d" % n, players).moves for n in range(games))
    finally:
        gc.enable()
    return counted.objects / moves


def test_a_wall_is_its_list_and_little_else():
    Wall(b"warm-up", 1)
    with Counting() as counted:
        Wall(b"objects", 3)
    assert 1 <= counted.objects <= 4


@pytest.mark.parametrize(("players", "most"), [
    ([DiscardDrawn()] * 4, 1.0),   # measured 0.84: the windows (a Window, its may and answers)
    ([Rung(1)] * 4, 1.4),          # 1.17
    ([Rung(3)] * 4, 2.3),          # 1.90: and the scored wins a claim checks
], ids=["drawn", "rung1", "rung3"])
def test_the_loop_makes_about_one_object_a_move_or_two(players, most):
    fast = objects_a_move(loop.play, players)
    assert 0 < fast <= most
    assert objects_a_move(driver.play, players) > 4 * fast


def test_counting_counts_and_refuses_to_nest():
    with Counting() as counted:
        made = [str(n) for n in range(100)]
    assert len(made) == 100 and counted.objects >= 100
    with Counting(), pytest.raises(RuntimeError, match="one Counting block at a time"):
        Counting().__enter__()
