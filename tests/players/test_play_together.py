"""Games played at once (driver.play_together, records.play_games): a player that decides in
batches is asked about a view of every game in one call, and each game is the one played
alone."""

import pytest

from mjsim.players import driver
from mjsim.players.driver import PlayerError
from mjsim.players.protocol import BatchPlayer, Foul
from mjsim.players.rungs import Rung
from mjsim.tournament import records
from mjsim.tournament.lineups import Roster

SEEDS = [f"together-{i}".encode() for i in range(4)]


class Batching:
    """Rung 2's moves, decided in batches; counts its calls and the views they held."""

    def __init__(self, key="two", fail_on=None):
        self.rung, self.name, self.batch_key = Rung(2), "batching", key
        self.calls, self.views, self.fail_on, self.seats = 0, 0, fail_on, set()

    def act(self, view):
        if self.fail_on is not None and view.hand_no == self.fail_on:
            raise RuntimeError("broken in this hand")
        return self.rung.act(view)

    def act_batch(self, views):
        self.calls, self.views = self.calls + 1, self.views + len(views)
        self.seats |= {view.seat for view in views}
        if any(view.hand_no == self.fail_on for view in views):
            raise RuntimeError("the batch breaks")
        return [self.rung.act(view) for view in views]


def lineups(make):
    return [[make(), Rung(3), make(), Rung(1)] for _ in SEEDS]


def test_games_played_together_are_the_games_played_alone():
    alone = [driver.play(seed, players, last_hand=2)
             for seed, players in zip(SEEDS, lineups(Batching))]
    shared = Batching()
    together = driver.play_together(SEEDS, lineups(lambda: shared), last_hand=2)
    assert [game.history for game in together] == [game.history for game in alone]
    assert [game.totals for game in together] == [game.totals for game in alone]
    assert isinstance(shared, BatchPlayer)
    # One call decides a view of several games (and of both its seats in a game at most one).
    assert shared.calls > 0 and shared.views / shared.calls > 2


def test_players_of_one_key_share_a_call_and_of_two_keys_do_not():
    ones = [Batching("one") for _ in SEEDS]
    twos = [Batching("two") for _ in SEEDS]
    games = [[one, Rung(3), two, Rung(1)] for one, two in zip(ones, twos)]
    driver.play_together(SEEDS, games, last_hand=1)
    # A "one" (seat 0) decides only the views of seat 0, in every game; a "two" those of 2.
    assert sum(one.views for one in ones) > sum(one.calls for one in ones) > 0
    assert set().union(*(one.seats for one in ones)) == {0}
    assert set().union(*(two.seats for two in twos)) == {2}


def test_a_batch_that_raises_is_asked_again_view_by_view_and_the_error_is_placed():
    shared = Batching(fail_on=2)

    def make():
        return shared

    games = lineups(make)
    with pytest.raises(PlayerError, match=r"seat [02] \(batching\) raised RuntimeError: broken "
                                          "in this hand in hand 2") as raised:
        driver.play_together(SEEDS, games, last_hand=2)
    # The batch raised, and asked view by view, the first view's own game raised.
    assert 0 <= raised.value.game < len(SEEDS) and shared.calls > 0


def test_a_foul_in_one_game_ends_its_hand_and_not_the_others():
    class Refusing(Batching):
        def act_batch(self, views):  # no move for the first view of its first call
            self.calls += 1
            return [None if self.calls == 1 and index == 0 else self.rung.act(view)
                    for index, view in enumerate(views)]

    shared = Refusing()
    games = [[shared, Rung(3), Rung(2), Rung(1)] for _ in SEEDS]
    played = driver.play_together(SEEDS, games, last_hand=1)
    fouls = [game.history[0].get("foul") for game in played]
    assert fouls[0] == {"seat": 0, "reason": "offered no move", "answer": None}
    assert fouls[1:] == [None, None, None]


def test_a_runs_games_of_a_batching_player_are_played_together(monkeypatch):
    """records.play_games plays a lineup with a batching player at once, and gives the records
    play_game gives each game alone."""
    monkeypatch.setattr(Roster, "player", lambda self, entry, **_: (
        Batching() if entry == "batching" else Rung(int(entry))))
    monkeypatch.setattr(Roster, "decides_in_batches", lambda self, entry: entry == "batching")
    tasks = [(seed, ("batching", "3", "2", "1")) for seed in SEEDS]
    calls = []
    real = driver.play_together
    monkeypatch.setattr(driver, "play_together",
                        lambda *args, **kw: calls.append(len(args[0])) or real(*args, **kw))
    together = list(records.play_games(tasks))
    assert calls == [len(SEEDS)]
    alone = [records.play_game(seed, lineup) for seed, lineup in tasks]
    assert together == alone


def test_a_foul_raised_by_a_batch_falls_on_its_own_game():
    class Fouling(Batching):
        def act_batch(self, views):
            raise Foul("never mind")

        def act(self, view):
            if view.hand_no == 1 and view.seat == 0:
                raise Foul("this seat fouls")
            return self.rung.act(view)

    shared = Fouling()
    games = [[shared, Rung(3), Rung(2), Rung(1)] for _ in SEEDS[:2]]
    played = driver.play_together(SEEDS[:2], games, last_hand=1)
    assert all(game.history[0]["foul"]["reason"] == "this seat fouls" for game in played)


def test_a_batch_of_the_wrong_length_is_asked_again_view_by_view():
    class Short(Batching):
        def act_batch(self, views):
            self.calls += 1
            return [self.rung.act(view) for view in views][:-1]

    shared = Short()
    together = driver.play_together(SEEDS, lineups(lambda: shared), last_hand=1)
    alone = [driver.play(seed, players, last_hand=1)
             for seed, players in zip(SEEDS, lineups(Batching))]
    assert shared.calls > 0
    assert [game.history for game in together] == [game.history for game in alone]


def test_games_played_together_close_their_players_and_pair_each_seed_with_a_lineup():
    class Closing(Batching):
        closed, fewest = 0, 99

        def act_batch(self, views):
            self.fewest = min(self.fewest, *(len(view.legal) for view in views))
            return super().act_batch(views)

        def close(self):
            self.closed += 1

    shared = Closing()
    driver.play_together(SEEDS, lineups(lambda: shared), last_hand=1)
    assert shared.calls > 0 and shared.closed == 2 * len(SEEDS)  # each seat of each game
    assert shared.fewest == 2  # a view with no choice is decided alone, not in a batch
    with pytest.raises(ValueError):
        driver.play_together(SEEDS, lineups(Batching)[:-1], last_hand=1)
