"""Tournaments: seeded games in parallel, pandas tables, and the statistics that price ideas.

Imports :mod:`mjsim.players` and the layers below it.
"""

from mjsim.tournament.experiments import Report, ladder, price, resume, table
from mjsim.tournament.lineups import Roster, read_lineup_file
from mjsim.tournament.rankings import standings
from mjsim.tournament.records import GameRecords, parse_lineup, play_game
from mjsim.tournament.runner import run
from mjsim.tournament.store import RunFolder

__all__ = ["GameRecords", "Report", "Roster", "RunFolder", "ladder", "parse_lineup",
           "play_game", "price", "read_lineup_file", "resume", "run", "standings", "table"]
