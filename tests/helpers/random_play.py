"""Random play for the engine's tests: a random legal move, and the refusal fuzz that tries
moves of every kind on branches of a game."""

import json

from mjsim.errors import Error
from mjsim.game.moves import WIN, Move


def choose(rng, game):
    """A random seat among those waited on, and a random legal move; a win nine times in ten
    when there is one (else wins are too rare for a random player to reach the settlements)."""
    seats = game.waiting_on()
    seat = seats[int(rng.integers(len(seats)))]
    moves = game.legal(seat)
    if any(move is WIN for move in moves) and rng.random() < 0.9:
        return seat, WIN
    return seat, moves[int(rng.integers(len(moves)))]


def snapshot(game):
    """Everything a caller can read from a game."""
    return (game.phase, game.turn, game.window, game.drawn, game.drawn_from,
            game.replacement, game.claimed_this_turn, game.last_draw_emptied,
            game.last_discard_is_last, game.status, game.hand_no, game.dealer, game.winner,
            game.result, list(game.totals), len(game.history), game.history[-1:], game.moves,
            json.dumps(game.outcomes), game.last, game.wall.order,
            [list(pool) for pool in game.pools],
            [(h.counts.tobytes(), h.melds, h.flowers) for h in game.hands],
            game.waiting_on(), [game.legal(seat) for seat in range(4)])


def candidates(rng, game):
    """Moves of every kind, legal or not: random tiles, misshapen fields, others' moves."""
    tile = int(rng.integers(-1, 44))
    near = game.window["tile"] if game.window else tile
    moves = [Move("discard", tile=tile), Move("kong", tile=tile), Move("discard"), Move("kong"),
             Move("win"), Move("win", tile=tile), Move("pass"), Move("pass", tile=tile),
             Move("pung"), Move("pung", tile=near), Move("chow"),
             Move("chow", tiles=(near - 1, near, near + 1)),
             Move("chow", tiles=(near, near + 1, near + 2)),
             Move("chow", tiles=(tile, tile + 1, tile + 2))]
    for seat in range(4):
        moves.extend(game.legal(seat))
    return moves


def fuzz(rng, game, codes):
    """Every seat tries every candidate on a branch of the game: a refusal changes nothing, and
    a move is taken exactly when ``legal`` lists it."""
    original = snapshot(game)
    legal = [game.legal(seat) for seat in range(4)]
    for seat in range(4):
        for move in candidates(rng, game):
            branch = game.clone()
            before = snapshot(branch)
            result = branch.apply(seat, move)
            assert result is True or isinstance(result, Error)
            assert (result is True) == (move in legal[seat]), (seat, move, result)
            if result is True:
                assert branch.check_invariants() == []
            else:
                codes[result.code] += 1
                assert snapshot(branch) == before, (seat, move, result)
    assert snapshot(game) == original               # branches never touch the game


def play_fuzzing(rng, game, codes, every):
    """Play ``game`` to its end with random legal moves, fuzzing it every ``every`` moves and
    once it is over; ``codes`` counts the refusals met."""
    step = 0
    while game.is_active:
        if step % every == 0:
            fuzz(rng, game, codes)
        assert game.apply(*choose(rng, game)) is True
        step += 1
    fuzz(rng, game, codes)
