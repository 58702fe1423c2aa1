"""Twin games: two hands on Botzone's table whose walls differ only in tiles one seat never sees.

Botzone's table deals each seat from its own part of the wall and the seat draws only from it, so
every tile's fate is known by its place. A played hand (game A) tells, for each other seat, which
of the tiles it received it could do without (it held a spare copy from their arrival to the end
of the hand: its counts never fell below what is taken away), and which tiles nobody drew. The
twin (game B) has those tiles shuffled among those places: the other seats' concealed tiles and
draws and the wall's order differ, and nothing the seat ``s`` sees may differ. B is played with
``s`` deciding from its own views and the other seats replaying A's moves (passing where B asks
them and A did not, skipping A's passes where B does not ask): every move stays legal, as each
seat still holds every tile it shows. The winner's hand is shown at the win, so it stays as dealt.
"""

import random
from dataclasses import dataclass, field

from mjsim.game.moves import PASS
from mjsim.game.rules import Rules
from mjsim.players import Rung, view_of
from mjsim.tiles.kinds import N_KINDS, N_PLAYING
from mjsim.tiles.wall import PLAYING_TILES

PARTS = 4


@dataclass
class Played:
    """A hand played: its game, the moves (seat, move), every event in order, the views of seat
    ``s`` where it was asked to move, with the events before each."""

    game: Rules
    walltiles: list
    moves: list = field(default_factory=list)
    events: list = field(default_factory=list)
    decisions: list = field(default_factory=list)  # (view, events so far: their count)
    counts: list = field(default_factory=list)  # after each step: (received, counts) by seat


def _observe(played, game):
    wall, size = game.state.wall, len(played.walltiles) // PARTS
    played.counts.append([(size - wall.left(x), [int(c) for c in game.state.counts[x]])
                          for x in range(PARTS)])
    played.events.extend(game.take_outcomes())


def _window(played):
    """Which window is open: the number of discards and promoted kongs so far (public)."""
    return sum(1 for event in played.events if event["kind"] in ("discard", "promote"))


def play_a(walltiles, seat, levels=(3, 2, 3, 1), seed=b"twin"):
    """Game A: rungs ``levels`` in the four seats on ``walltiles``; ``seat`` is the watched one.
    Its ``moves`` hold (seat, move, window: None on a turn)."""
    game = Rules(seed, table="botzone", walltiles=walltiles)
    played, rungs = Played(game, list(walltiles)), [Rung(level) for level in levels]
    _observe(played, game)
    while game.waiting_on():
        turn = game.waiting_on()[0]
        view = view_of(game, turn)
        if turn == seat:
            played.decisions.append((view, len(played.events)))
        move = rungs[turn].act(view)
        window = None if game.state.window is None else _window(played)
        assert game.apply(turn, move) is True
        played.moves.append((turn, move, window))
        _observe(played, game)
    return played


def spare_places(played, seat):
    """The wall's places whose tile ``seat`` never sees and no seat needs: another seat's
    received tiles it holds a spare copy of from their arrival on (not the winner's), and the
    tiles nobody drew."""
    order = played.walltiles
    size = len(order) // PARTS
    winner = next((e["actor"] for e in played.events if e["kind"] == "win"), None)
    places = []
    for other in range(PARTS):
        received_end = played.counts[-1][other][0]
        places.extend(other * size + i for i in range(size - received_end)
                      if order[other * size + i] < N_PLAYING)
        if other in (seat, winner):
            continue
        taken = [0] * N_PLAYING
        for step, snapshot in enumerate(played.counts):
            before = played.counts[step - 1][other][0] if step else 0
            for index in range(before, snapshot[other][0]):
                place = other * size + size - 1 - index
                kind = order[place]
                if kind >= N_PLAYING:
                    continue
                low = min(later[other][1][kind] for later in played.counts[step:])
                if low >= taken[kind] + 1:
                    taken[kind] += 1
                    places.append(place)
    return sorted(places)


def twin_wall(played, seat, rng):
    """Game A's wall with the tiles at :func:`spare_places` shuffled."""
    order = list(played.walltiles)
    places = spare_places(played, seat)
    kinds = [order[p] for p in places]
    rng.shuffle(kinds)
    for place, kind in zip(places, kinds):
        order[place] = kind
    return order


def play_b(walltiles, seat, a, levels=(3, 2, 3, 1), seed=b"twin"):
    """Game B on ``walltiles``: ``seat`` played by its rung, the others replaying game ``a``."""
    game = Rules(seed, table="botzone", walltiles=walltiles)
    played, rung = Played(game, list(walltiles)), Rung(levels[seat])
    turns = {other: [m for s, m, w in a.moves if s == other and w is None] for other in range(4)}
    answers = {(s, w): m for s, m, w in a.moves if w is not None and m != PASS}
    _observe(played, game)
    while game.waiting_on():
        turn = game.waiting_on()[0]
        window = None if game.state.window is None else _window(played)
        if turn == seat:
            view = view_of(game, turn)
            played.decisions.append((view, len(played.events)))
            move = rung.act(view)
        elif window is None:
            move = turns[turn].pop(0)
        else:
            move = answers.get((turn, window), PASS)
        assert game.apply(turn, move) is True, (turn, move)
        played.moves.append((turn, move, window))
        _observe(played, game)
    return played


def twins(number, seat, flowers=False):
    """Game A and its twin B for ``seat``, from wall ``number`` (a shuffle of the 136 tiles, or
    the 144 with ``flowers``)."""
    rng = random.Random(number)
    order = list(PLAYING_TILES) + (list(range(N_PLAYING, N_KINDS)) if flowers else [])
    rng.shuffle(order)
    a = play_a(order, seat)
    b = play_b(twin_wall(a, seat, rng), seat, a)
    return a, b
