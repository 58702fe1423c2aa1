"""The compiled game loop (mjsim.players.loop) plays the game the Python loop plays: the same
events, the same history, the same table rows, for every lineup of rungs, ideas and salts.

Rung 4 (its legal search) is slow, so its lineups are tested on fewer games: a few hundred
one-hand games and a few whole ones by default, more under the ``slow`` marker."""

import gc
from itertools import combinations

import numpy as np
import pytest

from mjsim.game.rules import Rules
from mjsim.game.settings import Settings
from mjsim.players import driver, loop
from mjsim.players.compare import Shadowed
from mjsim.players.rungs import LEVELS, RUNG_IDEAS, Rung
from mjsim.players.trivial import DiscardDrawn
from mjsim.players.view import view_of
from mjsim.tournament import records


def variants(level):
    """Rung ``level`` with each set of its ideas off."""
    ideas = RUNG_IDEAS[level]
    return [Rung(level, frozenset(off)) for n in range(len(ideas) + 1)
            for off in combinations(ideas, n)]


# Every player the loop plays: DiscardDrawn, and each rung with each set of its ideas off; a
# salt re-keys the last tie-break (one beyond 64 bits, of which the tie-break reads the low 64).
PLAYERS = [DiscardDrawn()] + variants(1) + variants(2) + variants(3) + [
    Rung(3, salt=1), Rung(2, salt=7)]
EIGHT = variants(4) + [Rung(4, salt=3), Rung(4, frozenset({"planning"}), salt=2**64 + 5),
                       Rung(4, on=frozenset({"eight2"})),
                       Rung(4, frozenset({"claims"}), on=frozenset({"eight2"}))]


def python_game(seed, players, **options):
    """The Python loop: each waited seat acts on its view and Rules.apply checks the move; the
    whole event stream is kept."""
    game = Rules(seed, **options)
    events = game.take_outcomes()
    while game.is_active:
        seat = game.waiting_on()[0]
        assert game.apply(seat, players[seat].act(view_of(game, seat))) is True
        events += game.take_outcomes()
    return game, events


def compiled_game(seed, players, **options):
    game = loop.play(seed, players, events=True, **options)
    return game, game.take_outcomes()


def lineups(count, seed):
    """``count`` lineups drawn from PLAYERS (seeded, so every run tests the same ones)."""
    rng = np.random.default_rng(seed)
    return [[PLAYERS[i] for i in rng.integers(len(PLAYERS), size=4)] for _ in range(count)]


def eight_lineups(count, seed):
    """``count`` lineups with one to four rung-4 seats (any ideas off, or a salt), the others
    drawn from PLAYERS, in random seats."""
    rng = np.random.default_rng(seed)
    tables = []
    for _ in range(count):
        fours = int(rng.integers(1, 5))
        players = ([EIGHT[i] for i in rng.integers(len(EIGHT), size=fours)]
                   + [PLAYERS[i] for i in rng.integers(len(PLAYERS), size=4 - fours)])
        tables.append([players[i] for i in rng.permutation(4)])
    return tables


def assert_same(seed, players, **options):
    python, python_events = python_game(seed, players, **options)
    compiled, compiled_events = compiled_game(seed, players, **options)
    assert compiled_events == python_events, (seed, [p.name for p in players])
    assert compiled.history == python.history
    assert (compiled.totals, compiled.moves, compiled.status) == (python.totals, python.moves,
                                                                  "finished")
    return python


def test_every_player_is_compiled():
    assert all(loop.compiled([player] * 4) for player in PLAYERS + EIGHT)


def test_the_loop_plays_every_rung():
    """Every rung a spec may name (the CLI offers the same, tests/ui) is a compiled player."""
    assert loop.LEVELS == LEVELS
    assert {player.level for player in PLAYERS + EIGHT if isinstance(player, Rung)} == set(LEVELS)


def test_identical_whole_games_with_rung_four():
    for index, players in enumerate(eight_lineups(4, 8)):
        assert_same(f"eight-whole-{index}", players)
    assert_same("eight-botzone", eight_lineups(1, 9)[0], table="botzone")


@pytest.mark.parametrize(("name", "tables", "least_wins"), [
    ("loop", lambda: lineups(3000, 1), 750),
    ("eight", lambda: eight_lineups(400, 7), 100),  # rung 4 is slow: fewer games
])
def test_identical_games_one_hand_each(name, tables, least_wins):
    """One-hand games, each of a random hand number and lineup (with rung 4 in every one of
    the second set)."""
    rng = np.random.default_rng(len(name))
    wins = 0
    for index, players in enumerate(tables()):
        hand_no = int(rng.integers(1, 17))
        game = assert_same(f"{name}-{index}", players, hand_no=hand_no, last_hand=hand_no)
        wins += game.history[0]["winner"] is not None
    assert wins > least_wins  # the games reach wins (and their scoring), not only exhausted walls


def test_identical_whole_games():
    for index, players in enumerate(lineups(30, 2)):
        assert_same(f"whole-{index}", players)


def test_identical_games_on_botzones_table():
    for index, players in enumerate(lineups(200, 3)):
        assert_same(f"botzone-{index}", players, table="botzone")


def test_quiet_games_keep_the_history():
    """Without events the loop builds none, and the game is the same."""
    for index, players in enumerate(lineups(20, 4)):
        noisy = loop.play(f"quiet-{index}", players, events=True, hand_no=3, last_hand=6)
        quiet = loop.play(f"quiet-{index}", players, hand_no=3, last_hand=6)
        assert quiet.outcomes == [] and noisy.outcomes
        assert (quiet.history, quiet.totals, quiet.moves) == (noisy.history, noisy.totals,
                                                              noisy.moves)


def test_play_games_plays_each_seed():
    players = [Rung(3), Rung(2), Rung(1), DiscardDrawn()]
    games = loop.play_games(["a", "b"], players, last_hand=2)
    assert [game.history for game in games] == [
        driver.play(seed, players, last_hand=2).history for seed in ("a", "b")]


def test_records_take_the_loop_and_give_the_drivers_rows(monkeypatch):
    lineup = ("3", "3-defence", "2-claims", "1")
    fast = records.play_game("rows", lineup)
    monkeypatch.setattr(loop, "compiled", lambda players: False)
    slow = records.play_game("rows", lineup)
    assert fast == slow
    assert len(fast.hands) == 64


def test_records_of_rung_four_take_the_loop_and_give_the_drivers_rows(monkeypatch):
    lineup, one_hand = ("4", "4-defence", "3", "4-shanten?salt=9"), Settings(table="botzone")
    fast = [records.play_game(f"rows-{i}", lineup, settings=one_hand) for i in range(3)]
    monkeypatch.setattr(loop, "compiled", lambda players: False)
    assert fast == [records.play_game(f"rows-{i}", lineup, settings=one_hand) for i in range(3)]


def test_records_use_the_loop_only_for_compiled_tables(monkeypatch):
    played = []
    real = loop.play
    monkeypatch.setattr(loop, "play", lambda *a, **k: played.append(a) or real(*a, **k))
    records.play_game("hook", ("3", "2", "1", "3-planning"))
    assert len(played) == 1
    records.play_game("hook", ("3", "2", "1", "1"), shadows=(("3", "3-defence"),))
    assert len(played) == 1  # a shadowed seat is played by the driver
    records.play_game("hook", ("4", "4-eight", "3", "4?salt=2"),
                      settings=Settings(table="botzone"))
    assert len(played) == 2  # rung 4 too


def test_unknown_players_are_refused():
    class Mine:
        name = "mine"

        def act(self, view):
            return view.legal[0]

    assert not loop.compiled([Rung(3)] * 3 + [Mine()])
    assert not loop.compiled([Shadowed(Rung(3), Rung(2))] + [Rung(3)] * 3)
    assert not loop.compiled([Rung(3)] * 3)
    with pytest.raises(ValueError, match="compiled loop plays"):
        loop.play("x", [Rung(3)] * 3 + [Mine()])


@pytest.mark.slow
def test_identical_whole_games_many():
    for index, players in enumerate(lineups(400, 5)):
        assert_same(f"many-{index}", players)


@pytest.mark.slow
def test_identical_games_with_rung_four_many():
    rng = np.random.default_rng(45)
    for index, players in enumerate(eight_lineups(1500, 10)):
        hand_no = int(rng.integers(1, 17))
        if index % 4:
            assert_same(f"eight-many-{index}", players, hand_no=hand_no, last_hand=hand_no)
        else:
            assert_same(f"eight-many-{index}", players, table="botzone")
    for index, players in enumerate(eight_lineups(20, 11)):
        assert_same(f"eight-whole-many-{index}", players)


def test_games_make_no_reference_cycles():
    """The loop plays with the cyclic collector off: sound only while a game makes no cycle
    (else a batch would hold its garbage until the end)."""
    gc.collect()
    collecting = gc.isenabled()
    gc.disable()
    try:
        for index, players in enumerate(lineups(8, 6)):
            loop.play(f"cycles-{index}", players, last_hand=4)
            loop.play(f"cycles-{index}", players, table="botzone", events=True)
        assert gc.collect() == 0
    finally:
        if collecting:
            gc.enable()


def test_the_collector_is_restored():
    assert gc.isenabled()
    loop.play_games(["gc"], [Rung(1)] * 4, last_hand=1)
    assert gc.isenabled()
    gc.disable()
    try:
        loop.play("gc", [Rung(1)] * 4, last_hand=1)
        assert not gc.isenabled()
    finally:
        gc.enable()
