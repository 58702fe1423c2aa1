"""Hand analysis on counts arrays: shanten over every form, acceptance, discards, waits, and the
legal distance (the distance to a win worth eight points).

Imports :mod:`mjsim.tiles` and :mod:`mjsim_core` only.
"""

from mjsim.analysis import legal, shanten
from mjsim.analysis.legal import (
                                  legal_acceptance,
                                  legal_discards,
                                  legal_distance,
                                  legal_search,
                                  legal_targets,
                                  legal_waits,
)

__all__ = ["legal", "legal_acceptance", "legal_discards", "legal_distance", "legal_search",
           "legal_targets", "legal_waits", "shanten"]
