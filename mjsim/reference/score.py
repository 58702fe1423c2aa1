"""The readable scorer: every reading scored by the checkers of :mod:`mjsim.scoring.elements`, the best kept.

This is the definition the compiled kernel behind :func:`mjsim.scoring.scorer.score` is tested against
(``tests/test_score_compiled.py``); it is slow (about a hundred times the kernel) and used by
tests and benchmarks only.

>>> from mjsim import Hand
>>> from mjsim.scoring.scorer import WinContext
>>> score(Hand.parse("chow(234m) 234m 567m 567m EE"), WinContext(27, False, 1, 2)).total
10
"""

from __future__ import annotations

from mjsim.scoring.elements import Reading, check_ruleset, points
from mjsim.scoring.scorer import Scored, WinContext, _checked, evaluate, readings, scored
from mjsim.tiles.hand import Hand


def score(hand: Hand, ctx: WinContext, ruleset: str = "green-book") -> Scored:
    """What :func:`mjsim.scoring.scorer.score` returns, worked out reading by reading in Python."""
    check_ruleset(ruleset)
    ctx = _checked(hand, ctx)
    best: tuple[int, Reading, dict[int, int]] | None = None
    for reading in sorted(readings(hand, ctx), key=_tie_order):
        found = evaluate(reading, ctx, ruleset)
        total = sum(points(n, ruleset) * c for n, c in found.items())
        if best is None or total > best[0] or (total == best[0] and _preferred(found, best[1])):
            best = (total, reading, found)
    assert best is not None  # readings() raises when the hand is not complete
    total, reading, found = best
    return scored(hand.copy(), ctx, ruleset, total, found, lambda: reading)


def _tie_order(reading: Reading) -> tuple:
    """Ties change no total, only the list: try readings in GB-Mahjong's order, so lists compare
    (its special shapes first, then standard readings by their sets, a pung before a chow)."""
    sets = sorted((s.tile, s.kind == "chow") for s in reading.sets if not s.declared)
    return (reading.form == "regular", sets)


def _preferred(found: dict[int, int], held: Reading) -> bool:
    """On a tie GB-Mahjong moves to a standard reading from seven pairs, and to one with Pure
    Triple Chow or Triple Pung."""
    return held.form == "seven_pairs" or 23 in found or 32 in found
