"""The branch estimator: it follows the paired design's game, branches only where the players
differ, and is a function of its seed."""

import pytest

from mjsim.players import Rung
from mjsim.players.compare import Shadowed
from mjsim.players.driver import play
from mjsim.tournament.branch import branch_game

BASE = Rung.parse("3")


def test_it_plays_the_paired_designs_game_and_branches_where_the_moves_differ():
    claims = Rung.parse("3-claims")
    game = branch_game("branch", 1, claims, BASE, reshuffles=2, last_hand=3)
    shadowed = Shadowed(claims, BASE)  # counts the choices, and where BASE differed
    paired = play(b"branch", [BASE, shadowed, BASE, BASE], last_hand=3)
    assert game.points == paired.totals[1]
    assert (game.decisions, game.branched) == (shadowed.decisions, shadowed.changed)
    assert 0 < game.branched < game.decisions
    assert game == branch_game("branch", 1, claims, BASE, reshuffles=2, last_hand=3)
    assert game.advantage != branch_game("branch", 1, claims, BASE, reshuffles=3,
                                         last_hand=3).advantage


def test_a_challenger_that_never_differs_gains_exactly_nothing():
    game = branch_game("same", 0, BASE, BASE, last_hand=2)
    assert (game.branched, game.advantage) == (0, 0.0) and game.decisions > 0
    with pytest.raises(ValueError, match="one or more reshuffles"):
        branch_game("same", 0, BASE, BASE, reshuffles=0)
    assert branch_game("same", 0, BASE, BASE, reshuffles=1, last_hand=1).decisions > 0


class Silent:
    name = "silent"

    def act(self, view: object) -> None:
        return None


def test_a_player_that_offers_no_move_is_refused_by_name():
    with pytest.raises(ValueError, match="^silent offered no move$"):
        branch_game("silent", 0, Silent(), BASE, last_hand=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="^silent offered no move$"):
        branch_game("silent", 0, BASE, Silent(), last_hand=1)  # type: ignore[arg-type]
