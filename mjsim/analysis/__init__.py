"""Hand analysis on counts arrays: shanten over every form, acceptance, discards, waits.

Imports :mod:`mjsim.tiles` and :mod:`mjsim_core` only.
"""

from mjsim.analysis import shanten

__all__ = ["shanten"]
