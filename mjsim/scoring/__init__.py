"""Scoring: the 81 elements as data, the rulesets, and ``score(hand, ctx) -> Scored``.

Imports :mod:`mjsim.analysis`, :mod:`mjsim.tiles`, :mod:`mjsim.lazy` and :mod:`mjsim_core` only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mjsim.lazy import lazy_exports

if TYPE_CHECKING:
    from mjsim.scoring.elements import ELEMENTS, RULESETS, WinContext
    from mjsim.scoring.scorer import MIN_POINTS, Scored, score

# Loaded on first use, so that reading the element data does not load the scorer.
_EXPORTS = {"ELEMENTS": "mjsim.scoring.elements", "RULESETS": "mjsim.scoring.elements",
            "WinContext": "mjsim.scoring.elements", "MIN_POINTS": "mjsim.scoring.scorer",
            "Scored": "mjsim.scoring.scorer", "score": "mjsim.scoring.scorer"}

__all__ = ["ELEMENTS", "MIN_POINTS", "RULESETS", "Scored", "WinContext", "score"]

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS, __all__)
