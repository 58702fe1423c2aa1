"""Tournaments: seeded games in parallel, pandas tables, and the statistics that price ideas.

>>> from mjsim.tournament import play_game
>>> records = play_game("doc", ("1", "1", "1", "1"))
>>> len(records.seats), sum(row["points"] for row in records.seats)
(4, 0)
"""

from mjsim.tournament.experiments import Report, ladder, price, standings, table
from mjsim.tournament.records import GameRecords, parse_lineup, play_game
from mjsim.tournament.runner import run
from mjsim.tournament.store import RunFolder

__all__ = ["GameRecords", "Report", "RunFolder", "ladder", "parse_lineup", "play_game", "price",
           "run", "standings", "table"]
