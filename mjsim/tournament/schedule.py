"""Which games an experiment plays: wall seeds, paired challenger designs, rotated tables.

Every wall seed's games form one batch, so a run can stop (or be extended) at a whole number of
walls, and a challenger's games always sit beside the control game they are paired with.
"""

from __future__ import annotations

from collections.abc import Sequence

from mjsim.tournament.lineups import Lineup, as_lineup

Task = tuple[str, Lineup]


def wall_seeds(seed: str, walls: int) -> list[str]:
    """The seeds of ``walls`` walls, derived from a run's seed.

    >>> wall_seeds("mjsim", 3)
    ['mjsim-0', 'mjsim-1', 'mjsim-2']
    """
    if walls < 1:
        raise ValueError(f"a run plays at least one wall, not {walls}")
    return [f"{seed}-{index}" for index in range(walls)]


def wall_index(seed: str) -> int:
    """The position of a wall seed in its run, for reading walls in the order they were played.

    >>> wall_index("mjsim-12")
    12
    """
    return int(seed.rsplit("-", 1)[1])


def challenger_games(baseline: str, challengers: Sequence[str]) -> list[Lineup]:
    """The control lineup, then each challenger in each of the four seats of a baseline field.

    >>> challenger_games("2", ["3"])[:2]
    [('2', '2', '2', '2'), ('3', '2', '2', '2')]
    """
    games: list[Lineup] = [(baseline,) * 4]
    for challenger in challengers:
        for seat in range(4):
            games.append(as_lineup(challenger if s == seat else baseline for s in range(4)))
    return _unique(games)


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
