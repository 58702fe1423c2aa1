"""Tournaments: seeded games in parallel, pandas tables, and the statistics that price ideas.

Imports :mod:`mjsim.players` and the layers below it. The names are exported lazily (PEP 562),
as :mod:`mjsim` does: a worker process unpickling :func:`mjsim.tournament.runner.play_batch`
loads the game and the tables, not the statistics (scipy alone takes a second to import).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mjsim.lazy import lazy_exports

if TYPE_CHECKING:
    from mjsim.tournament.experiments import Report, ladder, price, resume, table
    from mjsim.tournament.lineups import Roster, read_lineup_file
    from mjsim.tournament.rankings import standings
    from mjsim.tournament.records import GameRecords, parse_lineup, play_game
    from mjsim.tournament.runner import run
    from mjsim.tournament.store import RunFolder

# Each public name, and the module it is loaded from on first use.
_EXPORTS = {name: f"mjsim.tournament.{module}" for name, module in {
    "Report": "experiments", "ladder": "experiments", "price": "experiments",
    "resume": "experiments", "table": "experiments", "Roster": "lineups",
    "read_lineup_file": "lineups", "standings": "rankings", "GameRecords": "records",
    "parse_lineup": "records", "play_game": "records", "run": "runner", "RunFolder": "store",
}.items()}

__all__ = ["GameRecords", "Report", "Roster", "RunFolder", "ladder", "parse_lineup",
           "play_game", "price", "read_lineup_file", "resume", "run", "standings", "table"]

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS, __all__)
