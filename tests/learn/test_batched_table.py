"""A learned seat in a run decides the walls' games in one forward pass a round: the same
tables as game by game."""

from mjsim.learn import network
from mjsim.learn.player import Learned
from mjsim.players import driver
from mjsim.players.protocol import BatchPlayer
from mjsim.tournament.lineups import Roster
from mjsim.tournament.runner import run
from mjsim.tournament.schedule import per_wall, wall_seeds


def test_a_run_with_learned_seats_plays_its_games_together_with_the_same_tables(
        tmp_path, monkeypatch):
    model = tmp_path / "tiny.npz"
    network.save(model, network.initial(channels=4, blocks=1, seed=3), {})
    assert isinstance(Learned(model=str(model)), BatchPlayer)
    lineup = (f"learned?model={model}", "3", f"learned-claims?model={model}", "2")
    batches = per_wall(wall_seeds("batched", 2), [lineup])
    together = []
    real = driver.play_together
    monkeypatch.setattr(driver, "play_together",
                        lambda seeds, *a, **k: together.append(len(seeds)) or real(seeds, *a,
                                                                                    **k))
    batched = run(batches, tmp_path / "together", backend="sequential", quiet=True)
    assert together == [len(batch) for batch in batches]
    monkeypatch.setattr(Roster, "decides_in_batches", lambda self, entry: False)
    alone = run(batches, tmp_path / "alone", backend="sequential", quiet=True)
    for table in ("seats", "hands", "fans"):
        assert batched[table].equals(alone[table]), table
    assert len(batched["seats"]) == 4 * sum(len(batch) for batch in batches)
