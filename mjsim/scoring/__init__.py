"""Scoring: the 81 elements as data, the rulesets, and ``score(hand, ctx) -> Scored``.

Imports :mod:`mjsim.analysis`, :mod:`mjsim.tiles` and :mod:`mjsim_core` only.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mjsim.scoring.elements import ELEMENTS, RULESETS, WinContext
    from mjsim.scoring.scorer import MIN_POINTS, Scored, score

# Loaded on first use, so that reading the element data does not load the scorer.
_EXPORTS = {"ELEMENTS": "mjsim.scoring.elements", "RULESETS": "mjsim.scoring.elements",
            "WinContext": "mjsim.scoring.elements", "MIN_POINTS": "mjsim.scoring.scorer",
            "Scored": "mjsim.scoring.scorer", "score": "mjsim.scoring.scorer"}

__all__ = ["ELEMENTS", "MIN_POINTS", "RULESETS", "Scored", "WinContext", "score"]


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(f"module 'mjsim.scoring' has no attribute {name!r}")
    value = getattr(importlib.import_module(_EXPORTS[name]), name)
    globals()[name] = value
    return value
