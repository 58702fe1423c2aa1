"""How fast ``mjsim import`` reads a large contest-text file, and whether its memory is flat.

Builds the file once (in ``--work``): ``mjsim table 2,2,2,2 --table botzone`` plays the
distinct games (four rotated games a wall), ``mjsim export`` writes them as contest text, and
the text is repeated under new ``Match`` ids up to ``--games``. Then each repeat runs
``mjsim import FILE --format contest-text --json --quiet`` (and with ``--out``, also writing
the agreed games) in a new process and reads its CPU time (user + system) and peak resident
memory (``ru_maxrss``) when it ends. Prints the median of the repeats: games a second of CPU,
wall seconds and peak memory.

    python scripts/bench_import.py --games 100000 --repeats 3
    python scripts/bench_import.py --games 10000 --out          # with --out DIR too
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

DISTINCT_WALLS = 1000  # 1,000 distinct games (all four seats alike: one game a wall)


def mjsim(*argv: str, cwd: Path) -> None:
    subprocess.run([sys.executable, "-m", "mjsim.ui.cli", *argv], cwd=cwd, check=True,
                   stdout=subprocess.DEVNULL)


def build(work: Path, games: int) -> Path:
    """The contest-text file of ``games`` games (made once, then reused)."""
    target = work / f"games-{games}.txt"
    if target.is_file():
        return target
    work.mkdir(parents=True, exist_ok=True)
    distinct = work / "distinct.txt"
    if not distinct.is_file():
        mjsim("table", "2,2,2,2", "--table", "botzone", "--ruleset", "gb-mahjong", "--walls",
              str(DISTINCT_WALLS), "--seed", "speed", "--out", "run", "--quiet", cwd=work)
        mjsim("export", "run", "--format", "contest-text", "--out", distinct.name, cwd=work)
    blocks = distinct.read_text().split("Match ")[1:]
    with target.open("w") as out:
        for number in range(games):
            block = blocks[number % len(blocks)]
            out.write(f"Match copy{number}-" + block)
    return target


def run_once(path: Path, out: Path | None) -> tuple[float, float, float]:
    """(CPU seconds, wall seconds, peak MiB) of one import in a new process."""
    argv = [sys.executable, "-m", "mjsim.ui.cli", "import", str(path), "--format",
            "contest-text", "--json", "--quiet"]
    if out is not None:
        shutil.rmtree(out, ignore_errors=True)
        argv += ["--out", str(out)]
    start = time.perf_counter()
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        raise SystemExit(f"the import failed (status {status})")
    return usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--out", action="store_true", help="also write the agreed games")
    parser.add_argument("--work", type=Path, default=Path("/tmp/bench-import"))
    args = parser.parse_args()
    path = build(args.work, args.games)
    runs = [run_once(path, args.work / "out" if args.out else None)
            for _ in range(args.repeats)]
    cpu = statistics.median(r[0] for r in runs)
    wall = statistics.median(r[1] for r in runs)
    peak = statistics.median(r[2] for r in runs)
    mode = "--out DIR" if args.out else "check only"
    print(f"{mode}, {args.games:,} games, median of {args.repeats}: {args.games / cpu:,.0f} "
          f"games/s of CPU ({cpu:.1f} s CPU, {wall:.1f} s wall), peak {peak:.0f} MiB")
    print("  runs (CPU s, wall s, MiB): " + "; ".join(f"{c:.1f}, {w:.1f}, {m:.0f}"
                                                     for c, w, m in runs))


if __name__ == "__main__":
    main()
