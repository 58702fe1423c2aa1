"""What a price or a ladder reads of its run's seats table, a few batches at a time.

The analysis of a price needs, per baseline, the paired differences of its challenger games
(:func:`.pricing.paired_differences`) and the sums of its control games (the health check), and
the challengers' trigger counts (:func:`.triggers.trigger_sums`). Each is a function of a seed's
games alone, and every game of a seed is in one batch: :func:`.schedule.priced_walls` (and
:func:`.schedule.per_wall`) make one batch per wall seed, holding its challenger games and,
where one is played, its control game, and :func:`.runner.run` writes a batch's games into one
file per table. So each frame :meth:`.store.RunFolder.scan` gives holds whole seeds, and the
pieces computed frame by frame, concatenated (the differences sorted as for the whole table),
are the whole table's: a million-hand run's analysis holds them, never its seats table.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from mjsim.tournament import pricing, triggers
from mjsim.tournament.store import RunFolder

__all__ = ["COLUMNS", "PricedSeats", "priced_seats"]

COLUMNS = tuple(dict.fromkeys((*pricing.SEATS_COLUMNS, *triggers.COUNT_COLUMNS)))
"""The columns of the seats table a price reads."""


@dataclass(frozen=True)
class PricedSeats:
    """A run's seats table as its prices read it: per baseline, the paired ``differences``
    (:func:`.pricing.paired_differences`) and the ``controls`` (:func:`.pricing.control_sums`),
    and the trigger ``counts`` (:func:`.triggers.trigger_sums`), which
    :func:`.triggers.with_triggers` takes in place of the table."""

    differences: dict[str, pd.DataFrame]
    controls: dict[str, pd.Series]
    counts: pd.DataFrame

    @classmethod
    def of_frames(cls, frames: Iterable[pd.DataFrame], baselines: Sequence[str]) -> PricedSeats:
        """The pieces of ``frames`` (parts of a seats table, none splitting a seed's games)
        for each of ``baselines``, computed a frame at a time and joined."""
        # Per baseline, each frame's differences and control sums.
        pieces: dict[str, tuple[list[pd.DataFrame], list[pd.Series]]] = {
            baseline: ([], []) for baseline in baselines}
        counts: list[pd.DataFrame] = []
        for frame in frames:
            for baseline, (differences, controls) in pieces.items():
                differences.append(pricing.paired_differences(frame, baseline))
                controls.append(pricing.control_sums(frame, baseline))
            counts.append(triggers.trigger_sums(frame))
        return cls({baseline: pricing.joined_differences(differences)
                    for baseline, (differences, _) in pieces.items()},
                   {baseline: _joined(controls) for baseline, (_, controls) in pieces.items()},
                   pd.concat(counts, ignore_index=True) if counts
                   else pd.DataFrame(columns=list(triggers.COUNT_COLUMNS)))

    def health(self, baseline: str) -> tuple[int, float]:
        """The health check of ``baseline`` (:func:`.pricing.control_check`)."""
        return pricing.health(self.controls[baseline])


def priced_seats(out: str | Path, baselines: Sequence[str],
                 batches: int | None = None) -> PricedSeats:
    """The :class:`PricedSeats` of the run in ``out`` for ``baselines``, its seats table read
    ``batches`` batches at a time (by default :data:`.store.SCAN_BATCHES`), only the
    :data:`COLUMNS` a price needs."""
    return PricedSeats.of_frames(RunFolder(out).scan("seats", COLUMNS, batches), baselines)


def _joined(parts: list[pd.Series]) -> pd.Series:
    kept = [part for part in parts if not part.empty]
    return pd.concat(kept) if kept else pd.Series(dtype=float)
