"""How a share and a p-value are printed, by one rule each wherever mjsim prints them.

- :func:`percent`: a share never reads 0% or 100% unless it is exactly that; it gains decimals
  until it shows how far it is from them.
- :func:`p_value`: three decimals, ``<0.001`` below 0.001 (never 0.000), and ``>0.999`` for
  one that would round to 1.000 without being 1.
"""

from __future__ import annotations

import math

MOST_DECIMALS = 6
"""The decimals :func:`percent` stops at (a share a millionth of a percent from 0 or 100)."""
P_FLOOR = 0.001
"""Below this a p-value reads ``<0.001``."""


def percent(share: float, decimals: int = 0) -> str:
    """``share`` (0-1) as a percentage to ``decimals`` places, with more where it would read 0
    or 100 without being exactly 0 or 1.

    >>> percent(270 / 271), percent(1 / 271), percent(0.5), percent(1.0), percent(0.9996, 1)
    ('99.6%', '0.4%', '50%', '100%', '99.96%')
    """
    exact = share in (0.0, 1.0)
    while True:
        text = f"{share:.{decimals}%}"
        shown = float(text[:-1])
        if exact or shown not in (0.0, 100.0) or decimals >= MOST_DECIMALS:
            return text
        decimals += 1


def p_value(p: float) -> str:
    """A p-value to three decimals, ``<0.001`` below that, ``>0.999`` above that short of 1 (a
    p of 1 exactly, as one changed wall's sign-flip gives, reads 1.000), and a dash for NaN
    (no test).

    >>> p_value(0.0312), p_value(0.0004), p_value(0.9996), p_value(1.0), p_value(float("nan"))
    ('0.031', '<0.001', '>0.999', '1.000', '-')
    """
    if math.isnan(p):
        return "-"
    if p < P_FLOOR:
        return f"<{P_FLOOR:.3f}"
    text = f"{p:.3f}"
    return f">{1 - P_FLOOR:.3f}" if text == "1.000" and p < 1 else text
