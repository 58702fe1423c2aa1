"""The driver: four players at one table make only legal moves and play a game to its end, the
same game for the same seed."""

import pickle

import pytest

from mjsim.game.rules import Rules
from mjsim.players import Rung
from mjsim.players.driver import PlayerError, play, raised
from mjsim.players.view import view_of


@pytest.mark.parametrize("lineup", [("1", "2", "3", "3-defence-planning"),
                                    ("3", "3-claims", "2-shanten", "3-planning")])
def test_bots_make_only_legal_moves_and_games_keep_their_invariants(lineup):
    bots = [Rung.parse(spec) for spec in lineup]
    game = Rules(b"legal-" + "/".join(lineup).encode(), hand_no=1, last_hand=3)
    while game.waiting_on():
        for seat in range(4):
            if seat not in game.waiting_on():
                assert bots[seat].act(view_of(game, seat)) is None
        seat = game.waiting_on()[0]
        move = bots[seat].act(view_of(game, seat))
        assert move in game.legal(seat)
        assert game.apply(seat, move) is True
        assert game.check_invariants() == [], game.to_string()
    assert game.status == "finished" and len(game.history) == 3


def test_play_game_is_a_function_of_the_seed_and_the_lineup():
    bots = [Rung(3), Rung(2), Rung(1), Rung.parse("3-defence")]
    first = play(b"again", bots, hand_no=5, last_hand=6)
    second = play(b"again", bots, hand_no=5, last_hand=6)
    assert first.history == second.history and first.totals == second.totals
    assert sum(first.totals) == 0 and [h["hand_no"] for h in first.history] == [5, 6]
    with pytest.raises(ValueError, match="four players"):
        play(b"again", bots[:3])


def test_an_error_without_a_message_is_named_without_an_empty_reason():
    # Seen: "raised MemoryError:  in hand 1", a colon and two spaces before nothing.
    try:
        raise MemoryError()
    except MemoryError as error:
        message = str(raised(Rung(1), 2, error, "in hand 1"))
    assert message == "seat 2 (1) raised MemoryError in hand 1"
    try:
        raise ValueError("bad\nsecond line")
    except ValueError as error:
        message = str(raised(Rung(1), 2, error, "in hand 1"))
    assert message == "seat 2 (1) raised ValueError: bad in hand 1"


def test_a_game_is_sixteen_hands_unless_told_otherwise():
    game = play(b"whole", [Rung(1)] * 4)
    assert [row["hand_no"] for row in game.history] == list(range(1, 17))


def test_a_players_error_outside_a_run_is_placed_nowhere_and_crosses_a_process_pool():
    class Broken:
        name = "broken"

        def act(self, view):
            raise ZeroDivisionError("no")

    with pytest.raises(PlayerError) as caught:
        play(b"broken", [Rung(1), Rung(1), Broken(), Rung(1)], last_hand=1)
    error = caught.value
    assert (error.seat, error.batch, error.game) == (2, -1, -1)
    copy = pickle.loads(pickle.dumps(error))
    assert (str(copy), copy.detail, copy.seat, copy.batch, copy.game) == (
        str(error), error.detail, 2, -1, -1)
    assert "ZeroDivisionError: no" in copy.detail
