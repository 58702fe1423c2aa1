"""Peak memory of a run as it grows: is it flat, and what would a million hands take?

Plays a run at growing numbers of walls, each in a new process with one job, and reads the
process's peak resident memory (``ru_maxrss``) when it ends: the games, the batch records
written wall by wall, and the analysis of the tables read back at the end. A run that held its
tables in memory would grow with its hands; a flat column is the run folder doing its job. The
last lines fit peak memory against hands, extrapolate to 1M hands, and say whether it is flat:
the largest run's peak within 15% of the smallest's.

- ``ladder`` (the default): ``mjsim ladder``, the rungs 1-4 (about 36 games a wall);
- ``table``: ``mjsim table 1,1,1,2``, rung-1 and rung-2 bots (the compiled loop plays them),
  four rotated games a wall (64 hands): the most walls per hand, so the most for the
  standings' bootstrap over walls.
- ``price``: ``mjsim price shanten claims --level 2``, rung 2's two ideas priced (each
  challenger seat shadowed by rung 2, so the driver plays them): eight challenger games a wall
  and a control game every tenth (8.1 games, 129.6 hands a wall), whose analysis reads the seats
  table for the paired differences, the trigger counts and the health check.

The hands are counted from the run's own seats table.

    python scripts/bench_memory.py --walls 2 8 32
    python scripts/bench_memory.py table --walls 32 128 512          # 2,048 to 32,768 hands
    python scripts/bench_memory.py table --walls 15625               # 1,000,000 hands
    python scripts/bench_memory.py price --walls 124 7716            # 16,080 and 1,000,000
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

from mjsim.tournament.numbers import percent

COMMANDS = {"ladder": ["ladder"], "table": ["table", "1,1,1,2"],
            "price": ["price", "shanten", "claims", "--level", "2"]}
MILLION = 1_000_000
GIB = 1024**3
FLAT = 0.15
"""How much more than the smallest run's peak the largest's may be for memory to count as flat."""


def peak_bytes(command: list[str], walls: int, out: str) -> tuple[int, float]:
    """Peak resident bytes and wall seconds of one run of ``walls`` walls in a new process."""
    code = (
        "import resource, sys\n"
        "from mjsim.ui.cli import main\n"
        "status = main(sys.argv[1:])\n"
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n"  # KiB on Linux
        "sys.exit(status)\n"
    )
    start = time.perf_counter()
    result = subprocess.run([sys.executable, "-c", code, *command, "--walls", str(walls),
                             "--jobs", "1", "--quiet", "--out", out],
                            check=True, capture_output=True, text=True)
    return int(result.stdout.split()[-1]) * 1024, time.perf_counter() - start


def hands_played(out: str) -> int:
    """The hands of the run in ``out``: sixteen a game."""
    from mjsim.tournament.store import RunFolder

    return RunFolder(out).extent().games * 16


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", nargs="?", default="ladder", choices=COMMANDS)
    parser.add_argument("--walls", type=int, nargs="+", default=[2, 8, 32],
                        help="the sizes to run, in walls")
    args = parser.parse_args()
    command = COMMANDS[args.command]
    hands, peaks = [], []
    print(f"{'walls':>7} {'hands':>9} {'peak MiB':>9} {'seconds':>8}  load average")
    with tempfile.TemporaryDirectory() as folder:
        for walls in args.walls:
            out = os.path.join(folder, f"run-{walls}")
            peak, seconds = peak_bytes(command, walls, out)
            hands.append(hands_played(out))
            peaks.append(peak)
            load = " ".join(f"{x:.2f}" for x in os.getloadavg())
            print(f"{walls:>7} {hands[-1]:>9,} {peak / 2**20:>9.1f} {seconds:>8.1f}  {load}")
    if len(hands) > 1:
        slope, intercept = np.polyfit(hands, peaks, 1)
        at_million = intercept + slope * MILLION
        print(f"growth {slope * 100_000 / 2**20:.2f} MiB per 100,000 hands; at 1M hands "
              f"{at_million / 2**20:.0f} MiB ({'under' if at_million < GIB else 'over'} 1 GiB)")
        print(verdict(hands, peaks))


def verdict(hands: list[int], peaks: list[int]) -> str:
    """Whether the peak stayed flat: the largest run's within ``FLAT`` of the smallest's.

    >>> verdict([16_000, 1_000_000], [250 * 2**20, 270 * 2**20])
    'flat: 1,000,000 hands peak 8% above 16,000 hands (flat is within 15%)'
    >>> verdict([16_000, 1_000_000], [250 * 2**20, 500 * 2**20]).split(":")[0]
    'NOT flat'
    """
    small, large = min(range(len(hands)), key=hands.__getitem__), max(
        range(len(hands)), key=hands.__getitem__)
    rise = peaks[large] / peaks[small] - 1
    word = "flat" if rise <= FLAT else "NOT flat"
    return (f"{word}: {hands[large]:,} hands peak {percent(rise)} above {hands[small]:,} hands "
            f"(flat is within {percent(FLAT)})")


if __name__ == "__main__":
    main()
