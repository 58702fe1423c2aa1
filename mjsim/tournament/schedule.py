"""Which games an experiment plays: wall seeds, paired challenger designs, rotated tables and the
competition's 24 seatings.

Every wall seed's games form one batch, so a run can stop (or be extended) at a whole number of
walls. A price needs no control game (a field of baselines sums to zero, so its seat mean is 0):
a control game is played only as a health check, on the first wall and every
:data:`CONTROL_EVERY` walls after it.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations

from mjsim.errors import run_seed, whole
from mjsim.tournament.lineups import Lineup, as_lineup

Task = tuple[str, Lineup]

CONTROL_EVERY = 10
"""Walls between two health-check control games: one on wall 0, 10, 20, ..."""
MAX_WALLS = 2_000_000
"""The most walls a run may ask for: more than --until-decided plans for the smallest effect
``price --plan`` takes (1.2 million walls for 0.01 points a hand), and a couple of days of
sixteen-hand games on one core (0.1 s of CPU a wall of four games). The run and its manifest
list every game, so memory grows with the walls before a game is played (measured: 860 MB and
a 71 MB manifest at a million walls, 4.9 GB at ten million)."""


def run_walls(walls: object) -> int:
    """``walls``, a run's walls, as a plain int from 1 to :data:`MAX_WALLS`; else a
    ``TypeError`` or ``ValueError`` naming it (the seeds and the manifest list every wall before
    one is played, so a bigger run would only fill memory).

    >>> run_walls(2_000_001)
    Traceback (most recent call last):
    ValueError: walls is a whole number from 1 to 2000000, not 2000001
    """
    return whole(walls, "walls", 1, MAX_WALLS)


def wall_seeds(seed: str, walls: int) -> list[str]:
    """The seeds of ``walls`` walls (:func:`run_walls`), derived from a run's seed
    (:func:`mjsim.errors.run_seed`).

    >>> wall_seeds("mjsim", 3)
    ['mjsim-0', 'mjsim-1', 'mjsim-2']
    >>> wall_seeds("mjsim", 0)
    Traceback (most recent call last):
    ValueError: walls is a whole number from 1 to 2000000, not 0
    """
    seed, walls = run_seed(seed), run_walls(walls)
    return [f"{seed}-{index}" for index in range(walls)]


def wall_index(seed: str) -> int:
    """The position of a wall seed in its run, for reading walls in the order they were played
    (a run's seed may hold dashes of its own).

    >>> wall_index("mjsim-12"), wall_index("my-seed-3")
    (12, 3)
    """
    return int(seed.rsplit("-", 1)[1])


def challenger_games(baseline: str, challengers: Sequence[str]) -> list[Lineup]:
    """Each challenger in each of the four seats of a baseline field.

    >>> challenger_games("2", ["3"])[:2]
    [('3', '2', '2', '2'), ('2', '3', '2', '2')]
    """
    return _unique([as_lineup(challenger if s == seat else baseline for s in range(4))
                    for challenger in challengers for seat in range(4)])


def control_game(baseline: str) -> Lineup:
    """The health check's game: four seats of the baseline, whose points must sum to zero."""
    return as_lineup((baseline,) * 4)


def has_control(index: int, every: int = CONTROL_EVERY) -> bool:
    """Whether wall ``index`` of a run (0 the first) plays the health check's control game: the
    first wall does, and every ``every`` walls after it."""
    return index % every == 0


def control_walls(walls: int, every: int = CONTROL_EVERY) -> int:
    """How many of a run's first ``walls`` walls play a control game (:func:`has_control`): the
    walls 0, ``every``, 2 ``every``, ... below ``walls``, so ``walls / every`` rounded up.

    >>> control_walls(285), control_walls(3), control_walls(10), control_walls(11)
    (29, 1, 1, 2)
    """
    return -(-walls // every)


def priced_walls(seeds: Sequence[str], groups: Sequence[tuple[Lineup, Sequence[Lineup]]],
                 every: int = CONTROL_EVERY, rest: Sequence[Lineup] = ()) -> list[list[Task]]:
    """One batch per wall seed: each group's challenger games, preceded on the first wall and
    every ``every`` walls after it by the group's control game, then the ``rest``. ``every`` 1
    puts a control on every wall, as pricing did before the control became a health check (so
    a run folder made then resumes with its own walls).

    >>> walls = priced_walls(["a", "b", "c"], [(("2",) * 4, [("3", "2", "2", "2")])], every=2)
    >>> [len(batch) for batch in walls], walls[0][0]
    ([2, 1, 2], ('a', ('2', '2', '2', '2')))
    """
    if every < 1:
        raise ValueError(f"a control game every {every} walls is not a schedule")
    batches = []
    for index, seed in enumerate(seeds):
        lineups = [game for control, games in groups
                   for game in ([control] if has_control(index, every) else []) + list(games)]
        batches.append([(seed, lineup) for lineup in _unique([*lineups, *rest])])
    return batches


def seatings(lineup: Lineup) -> list[Lineup]:
    """The 24 seatings of four different players: the competition format plays each on a wall.

    >>> len(seatings(("a", "b", "c", "d"))), seatings(("a", "b", "c", "d"))[1]
    (24, ('a', 'b', 'd', 'c'))
    """
    if len(set(lineup)) != 4:
        raise ValueError(f"the competition format seats four different players, not "
                         f"{', '.join(lineup)}")
    return [as_lineup(order) for order in permutations(lineup)]


def rotations(lineup: Lineup) -> list[Lineup]:
    """The lineup with its seats rotated four ways, so no variant keeps one seat's luck.

    >>> rotations(("1", "2", "3", "3"))[1]
    ('3', '1', '2', '3')
    """
    return _unique([as_lineup(lineup[(s - shift) % 4] for s in range(4)) for shift in range(4)])


def per_wall(seeds: Sequence[str], lineups: Sequence[Lineup]) -> list[list[Task]]:
    """One batch per wall seed, holding every lineup on that seed."""
    return [[(seed, lineup) for lineup in lineups] for seed in seeds]


def _unique(lineups: list[Lineup]) -> list[Lineup]:
    return list(dict.fromkeys(lineups))
