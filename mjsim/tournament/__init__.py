"""Tournaments: seeded games in parallel, pandas tables, and the statistics that price ideas.

Imports :mod:`mjsim.players` and the layers below it.
"""

from mjsim.tournament.experiments import Report, ladder, price, standings, table
from mjsim.tournament.records import GameRecords, parse_lineup, play_game
from mjsim.tournament.runner import run
from mjsim.tournament.store import RunFolder

__all__ = ["GameRecords", "Report", "RunFolder", "ladder", "parse_lineup", "play_game", "price",
           "run", "standings", "table"]
