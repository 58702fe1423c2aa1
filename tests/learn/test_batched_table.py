"""A learned seat in a run decides the games of several walls in one forward pass a round (a
worker plays up to runner.WALLS_TOGETHER batches at once): the same tables as game by game."""

import pytest

from mjsim.learn import network
from mjsim.learn.player import Learned
from mjsim.players import driver
from mjsim.players.protocol import BatchPlayer
from mjsim.tournament import runner
from mjsim.tournament.lineups import Roster
from mjsim.tournament.runner import WALLS_TOGETHER, run
from mjsim.tournament.schedule import per_wall, wall_seeds


def test_a_run_with_learned_seats_plays_its_games_together_with_the_same_tables(
        tmp_path, monkeypatch):
    model = tmp_path / "tiny.npz"
    network.save(model, network.initial(channels=4, blocks=1, seed=3), {})
    assert isinstance(Learned(model=str(model)), BatchPlayer)
    lineup = (f"learned?model={model}", "3", f"learned-claims?model={model}", "2")
    batches = per_wall(wall_seeds("batched", 3), [lineup, lineup[::-1]])
    together = []
    real = driver.play_together
    monkeypatch.setattr(driver, "play_together",
                        lambda seeds, *a, **k: together.append(len(seeds)) or real(seeds, *a,
                                                                                    **k))
    batched = run(batches, tmp_path / "together", backend="sequential", quiet=True)
    # One worker (sequential): its three walls' six games played at once.
    assert together == [sum(len(batch) for batch in batches)]
    monkeypatch.setattr(Roster, "decides_in_batches", lambda self, entry: False)
    alone = run(batches, tmp_path / "alone", backend="sequential", quiet=True)
    for table in ("seats", "hands", "fans"):
        assert batched[table].equals(alone[table]), table
    assert len(batched["seats"]) == 4 * sum(len(batch) for batch in batches)


@pytest.mark.parametrize(("pending", "jobs", "batching", "size"), [
    (200, 2, True, WALLS_TOGETHER), (6, 2, True, 3), (5, 2, True, 3), (1, 2, True, 1),
    (40, 1, True, WALLS_TOGETHER), (200, 2, False, 1),
])
def test_a_worker_plays_several_walls_at_once_only_for_a_batching_player_and_no_core_idles(
        pending, jobs, batching, size):
    assert runner._together(list(range(pending)), jobs, batching) == size
