"""The branch estimator: it follows the paired design's game, branches only where the players
differ, and is a function of its seed."""

import pytest

from mjsim.players import Rung
from mjsim.players.driver import play
from mjsim.tournament.branch import branch_game

BASE = Rung.parse("3")


def test_it_plays_the_paired_designs_game_and_branches_where_the_moves_differ():
    claims = Rung.parse("3-claims")
    game = branch_game("branch", 1, claims, BASE, reshuffles=2, last_hand=3)
    paired = play(b"branch", [BASE, claims, BASE, BASE], last_hand=3)
    assert game.points == paired.totals[1]
    assert 0 < game.branched < game.decisions
    assert game == branch_game("branch", 1, claims, BASE, reshuffles=2, last_hand=3)
    assert game.advantage != branch_game("branch", 1, claims, BASE, reshuffles=3,
                                         last_hand=3).advantage


def test_a_challenger_that_never_differs_gains_exactly_nothing():
    game = branch_game("same", 0, BASE, BASE, last_hand=2)
    assert (game.branched, game.advantage) == (0, 0.0) and game.decisions > 0
    with pytest.raises(ValueError, match="one or more reshuffles"):
        branch_game("same", 0, BASE, BASE, reshuffles=0)
