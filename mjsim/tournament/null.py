"""The null check of a price run: price an idea whose price is known to be 0.

The null challenger is the baseline rung with its last tie-break re-keyed (``3?salt=1``): the
same rules, other dice among moves every idea ranks equal, so on average it gains nothing over
the field. Pricing it over independent replicate runs (other walls each) shows whether the
machinery keeps its promises: about 5% of the runs should call it significant at 0.05, and about
95% of the intervals should hold 0.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Unpack

import pandas as pd

from mjsim.errors import run_seed, whole
from mjsim.players.rungs import LEVELS
from mjsim.tournament import pricing
from mjsim.tournament.numbers import percent
from mjsim.tournament.runner import RunOptions, run
from mjsim.tournament.schedule import (
    challenger_games,
    per_wall,
    run_walls,
    wall_seeds,
)
from mjsim.tournament.store import RunFolder, run_path

__all__ = ["MAX_REPLICATES", "NullCheck", "null_check"]

ALPHA = 0.05
MAX_REPLICATES = 1_000
"""The most replicate runs a null check takes: at 1,000 the false-alarm rate is known to about
1.4 points (two standard errors at 5%), and more would only fill its folder with run folders
(one a replicate, played one after another) and run on for days."""
_REPLICATE = re.compile(r"null[0-9]+")
"""The name of a replicate's run folder in a null check's."""


@dataclass
class NullCheck:
    """The null challenger's estimate in each replicate run (``runs``: one row each, points a
    game), the share of runs whose p fell below ``alpha`` (``false_alarms``; nominal ``alpha``)
    and the share whose interval held 0 (``coverage``; nominal 1 - ``alpha``)."""

    runs: pd.DataFrame
    false_alarms: float
    coverage: float
    alpha: float = ALPHA

    @property
    def words(self) -> str:
        """The check in a sentence, against its nominal rates."""
        n = len(self.runs)
        return (f"false alarms (p < {self.alpha:g}) in {round(self.false_alarms * n)} of {n} runs "
                f"({percent(self.false_alarms, 1)}, nominal {percent(self.alpha)}); the interval "
                f"held 0 in {round(self.coverage * n)} of {n} ({percent(self.coverage, 1)}, "
                f"nominal {percent(1 - self.alpha)})")


def null_check(out: str | Path, *, level: int = 3, replicates: int = 20, walls: int = 20,
               seed: str = "mjsim", salt: int = 1,
               **run_options: Unpack[RunOptions]) -> NullCheck:
    """Price rung ``level`` with its ties re-keyed by ``salt`` against a field of rung
    ``level``, ``replicates`` times on ``walls`` walls each (replicate r on the walls of seed
    ``SEED-nullR``, in ``out``/nullR), and report how often the paired test was fooled.

    Raises ``ValueError`` for replicates outside 2 to :data:`MAX_REPLICATES`, fewer than two
    walls, or a salt of 0 (which is the baseline itself, not a null challenger).
    """
    walls, seed = run_walls(walls), run_seed(seed)
    level = whole(level, "level (a rung)", min(LEVELS), max(LEVELS))
    replicates = whole(replicates, "replicates", 2, MAX_REPLICATES)
    salt = whole(salt, "salt")
    if walls < 2:
        raise ValueError(f"a null check needs two or more walls, not {walls}")
    if salt < 1:
        raise ValueError(f"the null challenger's salt is 1 or more (0 is the baseline), not {salt}")
    baseline, challenger = str(level), f"{level}?salt={salt}"
    lineups = challenger_games(baseline, [challenger])
    home = _null_folder(out)
    rows = []
    for replicate in range(replicates):
        batches = per_wall(wall_seeds(f"{seed}-null{replicate}", walls), lineups)
        folder = home / f"null{replicate}"
        run(batches, folder, kind="null", arguments={"level": level, "replicate": replicate,
                                                     "walls": walls, "seed": seed, "salt": salt},
            **run_options)
        # A wall's games are one batch, so the differences are taken a few batches at a time.
        diffs = pricing.joined_differences(
            pricing.paired_differences(frame, baseline)
            for frame in RunFolder(folder).scan("seats", pricing.SEATS_COLUMNS))
        estimate = pricing.estimate(diffs, challenger, baseline)
        rows.append({"replicate": replicate, "value_game": estimate.mean,
                     "low_game": estimate.low, "high_game": estimate.high, "p": estimate.p})
    frame = pd.DataFrame(rows)
    covered = (frame["low_game"] <= 0) & (frame["high_game"] >= 0)
    return NullCheck(frame, float((frame["p"] < ALPHA).mean()), float(covered.mean()))


def _null_folder(out: str | Path) -> Path:
    """``out``, a null check's folder: new, empty, or holding only its replicates' run folders
    (``null0``, ``null1``, ...: the same check resumes); else a ``ValueError`` naming what it
    holds, before anything is written (each replicate checks only its own folder, so a check
    would scatter its runs among someone's files)."""
    folder = run_path(out)
    if folder.is_dir():
        others = sorted(path.name for path in folder.iterdir()
                        if not (path.is_dir() and _REPLICATE.fullmatch(path.name)))
        if others:
            raise ValueError(f"{folder} holds {others[0]!r}, no null check's replicate (null0, "
                             "null1, ...): a null check needs a folder of its own")
    return folder
