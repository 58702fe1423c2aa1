"""How fast ``mjsim import`` reads a large file of games, and whether its memory is flat.

Builds the file once (in ``--work``): ``mjsim table 2,2,2,2 --table botzone`` plays the
distinct games (four rotated games a wall), ``mjsim export`` writes them as contest text (or,
with ``--format botzone-log``, as Botzone match logs), and they are repeated under new ids up
to ``--games``. Then each repeat runs ``mjsim import FILE --format FORMAT --json --quiet``
(and with ``--out``, also writing the agreed games) in a new process and reads its CPU time
(user + system) and peak resident memory (``ru_maxrss``) when it ends. Prints the median of
the repeats: games a second of CPU, wall seconds and peak memory, and each run's system time.

With ``--out``, each run writes a new folder (``--work``/out-N), and the folders are removed
only after the last run: on ext4, creating files in the minutes after many were deleted costs
the kernel up to 0.5 ms of CPU a file (it skips the recently freed inodes one by one), which
an import into a new folder does not pay, and the bench would otherwise pay it for the
folder of its own previous run.

Each import run alternates with a reference run in a new process: the compiled game loop
(``mjsim.players.loop``) playing the trivial table (``DiscardDrawn`` in all four seats) on the
seeds ``bench_sim.py`` uses, timed by its CPU time alone (start-up excluded). Its hands a
second measure the machine in the same sitting, so the import's rate is also given as a ratio
to it, and scaled to the machine of the README's benchmark table (33,347 hands a second).

    python scripts/bench_import.py --games 100000 --repeats 3
    python scripts/bench_import.py --games 10000 --out          # with --out DIR too
    python scripts/bench_import.py --games 10000 --format botzone-log
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

DISTINCT_WALLS = 1000  # 1,000 distinct games (all four seats alike: one game a wall)
README_LOOP = 33_347  # hands a second of the compiled trivial loop in the README's table
REFERENCE = """
import time
from mjsim.players.loop import play_games
from mjsim.players.trivial import DiscardDrawn
players = [DiscardDrawn() for _ in range(4)]
play_games(["bench-warm"], players)
start = time.process_time()
hands = sum(len(game.history) for game in play_games([f"bench-{i}" for i in range({games})],
                                                      players))
print(hands / (time.process_time() - start))
"""


def mjsim(*argv: str, cwd: Path) -> None:
    subprocess.run([sys.executable, "-m", "mjsim.ui.cli", *argv], cwd=cwd, check=True,
                   stdout=subprocess.DEVNULL)


def build(work: Path, games: int, form: str) -> Path:
    """The file of ``games`` games in ``form`` (made once, then reused)."""
    suffix = "txt" if form == "contest-text" else "jsonl"
    target = work / f"games-{games}.{suffix}"
    if target.is_file():
        return target
    work.mkdir(parents=True, exist_ok=True)
    if not (work / "run").is_dir():
        mjsim("table", "2,2,2,2", "--table", "botzone", "--ruleset", "gb-mahjong", "--walls",
              str(DISTINCT_WALLS), "--seed", "speed", "--out", "run", "--quiet", cwd=work)
    distinct = work / f"distinct.{suffix}"
    if not distinct.is_file():
        mjsim("export", "run", "--format", form, "--out", distinct.name, cwd=work)
    text = distinct.read_text()
    # Each game again under a new id: a Match line, or the match log's leading "id".
    blocks = text.split("Match ")[1:] if form == "contest-text" else [
        line.removeprefix('{"id": "') for line in text.splitlines(keepends=True)]
    opening = "Match " if form == "contest-text" else '{"id": "'
    with target.open("w") as out:
        for number in range(games):
            out.write(f"{opening}copy{number}-" + blocks[number % len(blocks)])
    return target


def run_once(path: Path, form: str, out: Path | None) -> tuple[float, float, float, float]:
    """(CPU seconds, wall seconds, peak MiB, system CPU seconds) of one import in a new
    process (writing into ``out``, a folder that does not exist yet, when given)."""
    argv = [sys.executable, "-m", "mjsim.ui.cli", "import", str(path), "--format", form,
            "--json", "--quiet"]
    if out is not None:
        argv += ["--out", str(out)]
    start = time.perf_counter()
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        raise SystemExit(f"the import failed (status {status})")
    return (usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss / 1024,
            usage.ru_stime)


def reference_once(games: int = 600) -> float:
    """Hands a second of CPU of the compiled trivial loop, in a new process."""
    done = subprocess.run([sys.executable, "-c", REFERENCE.replace("{games}", str(games))],
                          check=True, capture_output=True, text=True)
    return float(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--out", action="store_true", help="also write the agreed games")
    parser.add_argument("--format", default="contest-text",
                        choices=("contest-text", "botzone-log"),
                        help="the file's format (a Botzone match log is some 35 KB a game)")
    parser.add_argument("--work", type=Path, default=Path("/tmp/bench-import"))
    args = parser.parse_args()
    # Built in a process of its own: an import forked from a parent that held the games'
    # text would count the parent's pages in its peak memory.
    builder = multiprocessing.get_context("spawn").Process(
        target=build, args=(args.work, args.games, args.format))
    builder.start()
    builder.join()
    if builder.exitcode != 0:
        raise SystemExit("building the file of games failed")
    path = build(args.work, args.games, args.format)  # made: its name
    load_before = ", ".join(f"{value:.2f}" for value in os.getloadavg())
    outs = [args.work / f"out-{run}" for run in range(args.repeats)]
    for out in outs:  # an earlier bench's (removing them now slows this bench's first run)
        shutil.rmtree(out, ignore_errors=True)
    runs, loops = [], []
    for out in outs:  # alternated, so a change of load touches both alike
        runs.append(run_once(path, args.format, out if args.out else None))
        loops.append(reference_once())
    for out in outs:
        shutil.rmtree(out, ignore_errors=True)
    cpu = statistics.median(r[0] for r in runs)
    wall = statistics.median(r[1] for r in runs)
    peak = statistics.median(r[2] for r in runs)
    mode = f"{args.format}, " + ("--out DIR" if args.out else "check only")
    print(f"{mode}, {args.games:,} games, median of {args.repeats}: {args.games / cpu:,.0f} "
          f"games/s of CPU ({cpu:.1f} s CPU, {wall:.1f} s wall), peak {peak:.0f} MiB")
    print("  runs (CPU s, wall s, MiB, of the CPU s the system's): " + "; ".join(
        f"{c:.1f}, {w:.1f}, {m:.0f}, {system:.1f}" for c, w, m, system in runs))
    loop = statistics.median(loops)
    ratio = args.games / cpu / loop
    print(f"  reference, the compiled trivial loop: {loop:,.0f} hands/s of CPU (runs: "
          + ", ".join(f"{rate:,.0f}" for rate in loops) + f"); the import's games/s are "
          f"{ratio:.4f} of it, {ratio * README_LOOP:,.0f} games/s at the README table's "
          f"{README_LOOP:,} hands/s")
    print(f"  load average before and after: {load_before}, "
          + ", ".join(f"{value:.2f}" for value in os.getloadavg()))


if __name__ == "__main__":
    main()
