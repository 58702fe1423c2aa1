"""Time per scored hand: the compiled scorer, the Python reference and PyMahjongGB, same hands.

The hands are distinct random winning hands from the scoring tests' generator
(``tests/helpers/wins.py``: every shape, kongs, every win circumstance), drawn from a seeded
numpy generator. Each scorer takes its own input form, prepared once before timing:

- ``compiled``: :func:`mjsim_core.score.score_counts` on the counts array and the meld bytes;
- ``compiled from Hand``: :func:`mjsim_core.score.score_hand`, reading the ``Hand`` and the
  ``WinContext`` on every call (what ``mjsim.scoring.score`` will pay, less its own checks);
- ``mjsim.scoring.score``: the public scorer, its checks and its ``Scored`` included;
- ``reference``: :func:`mjsim.reference.score.score` (the readable scorer, every reading in
  Python);
- ``PyMahjongGB``: ``MahjongGB.MahjongFanCalculator`` on its tuples of tile strings.

Every call is timed alone (``time.perf_counter_ns``, the scorers interleaved hand by hand so
they share the machine's load); a hand's time is the fastest of ``--repeats`` calls, and the
table gives the median and 90th percentile over hands, and each median over PyMahjongGB's.
The target (docs/architecture.md#performance-targets): the public ``mjsim.scoring.score``
median at most half of PyMahjongGB's, printed last with the load average.

    python scripts/bench_score.py --hands 3000 --repeats 5
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from mjsim.reference.score import score as reference_score  # every reading in Python
from mjsim.scoring import RULESETS, score
from mjsim.scoring.scorer import check_context
from mjsim_core.score import context_flags, meld_bytes, score_counts, score_hand

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the tests' helpers
from tests.helpers.pymahjonggb import gb_arguments
from tests.helpers.wins import random_win


def distinct_wins(count: int, seed: int) -> list:
    """``count`` distinct (hand, checked context) pairs."""
    rng = np.random.default_rng(seed)
    seen, wins = set(), []
    while len(wins) < count:
        drawn = random_win(rng)
        if drawn is None:
            continue
        hand, ctx = drawn
        key = (str(hand), ctx)
        if key not in seen:
            seen.add(key)
            wins.append((hand, check_context(hand, ctx)))
    return wins


def scorers(ruleset: str) -> dict[str, Callable]:
    """Name -> (prepare(hand, ctx) -> arguments, call(arguments))."""
    index = RULESETS.index(ruleset)
    out = {
        "compiled": (lambda h, c: (h.counts, meld_bytes(h.melds), c.win_tile, context_flags(c),
                                   c.seat_wind, c.prevalent_wind, index),
                     lambda a: score_counts(*a)),
        "compiled from Hand": (lambda h, c: (h, c), lambda a: score_hand(a[0], a[1], index)),
        "mjsim.scoring.score": (lambda h, c: (h, c), lambda a: score(a[0], a[1], ruleset)),
        "reference": (lambda h, c: (h, c), lambda a: reference_score(a[0], a[1], ruleset)),
    }
    try:
        import MahjongGB
    except ImportError:
        return out
    out["PyMahjongGB"] = (gb_arguments, lambda a: MahjongGB.MahjongFanCalculator(*a))
    return out


def fastest_ns(call: Callable, arguments, repeats: int) -> int:
    best = None
    for _ in range(repeats):
        start = time.perf_counter_ns()
        call(arguments)
        elapsed = time.perf_counter_ns() - start
        best = elapsed if best is None or elapsed < best else best
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=3000, help="distinct winning hands")
    parser.add_argument("--repeats", type=int, default=5, help="calls per hand; the fastest")
    parser.add_argument("--seed", type=int, default=20261130, help="seed of the hand generator")
    parser.add_argument("--ruleset", default="gb-mahjong", choices=RULESETS,
                        help="ruleset of the mjsim scorers (PyMahjongGB's is gb-mahjong)")
    args = parser.parse_args()
    wins = distinct_wins(args.hands, args.seed)
    table = scorers(args.ruleset)
    prepared = {name: [prepare(hand, ctx) for hand, ctx in wins]
                for name, (prepare, _) in table.items()}
    for (hand, ctx), arguments in zip(wins, prepared["compiled"]):
        expected = reference_score(hand, ctx, args.ruleset).total
        assert score_counts(*arguments)[0] == expected, str(hand)  # the same work timed
    times: dict[str, list[int]] = {name: [] for name in table}
    for i in range(len(wins)):
        for name, (_, call) in table.items():
            times[name].append(fastest_ns(call, prepared[name][i], args.repeats))
    anchor = statistics.median(times["PyMahjongGB"]) if "PyMahjongGB" in times else None
    print(f"{len(wins)} distinct winning hands, fastest of {args.repeats} calls each, "
          f"ruleset {args.ruleset}")
    print(f"{'scorer':<20} {'median µs':>10} {'p90 µs':>8} {'/ PyMahjongGB':>14}")
    for name, values in times.items():
        median = statistics.median(values)
        p90 = float(np.percentile(values, 90))
        ratio = f"{median / anchor:>14.2f}" if anchor else f"{'n/a':>14}"
        print(f"{name:<20} {median / 1000:>10.2f} {p90 / 1000:>8.2f} {ratio}")
    if anchor:
        public = statistics.median(times["mjsim.scoring.score"]) / anchor
        verdict = "met" if public <= 0.5 else "missed"
        print(f"public score() / PyMahjongGB: {public:.2f} (target <= 0.5: {verdict}); "
              f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
