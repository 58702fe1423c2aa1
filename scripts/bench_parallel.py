"""How a ladder scales: one job, two loky jobs and a two-worker Dask LocalCluster, same walls.

Two parts, both printed with the load average (the machine may be shared: read the speed-ups
only when the load is low, and the stage times, which are CPU times, at any load):

- **Stages** (CPU seconds, one process): what a worker pays once (importing the runner, then
  the tables its first game builds), what one wall's batch costs to play and to encode as
  parquet (in the worker), and what the process writing the run folder pays per batch (writing
  the files); then, from the CPU seconds of the runs below, the speed-up two free cores would
  give: ``CPU1 / (serial + (CPU2 - serial) / 2)``, serial being CPU1 less its walls.
- **Runs**: ``mjsim ladder --walls W`` end to end (the analysis and figures included) with
  ``--jobs 1``, ``--jobs 2`` and ``--backend dask`` on a LocalCluster of two one-thread worker
  processes started before the runs (a cluster outlives its runs), in alternating order, each
  ``--rounds`` times; the median wall time of each, its speed-up over one job, and the CPU
  seconds its processes used. The three runs' tables are checked equal.

    python scripts/bench_parallel.py --walls 200 --rounds 3
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

STAGE_PROBE = """
import json, sys, time
start = time.process_time()
from mjsim.tournament import runner
from mjsim.tournament.lineups import Roster
from mjsim.tournament.records import GameRecords, play_game
from mjsim.tournament.store import RunFolder, encode_batch
from mjsim.game.settings import Settings
imported = time.process_time()
manifest = json.load(open(sys.argv[1]))
settings = Settings.from_manifest(manifest)
shadows = tuple(tuple(pair) for pair in manifest.get("shadows", []))
tasks = [(seed, tuple(lineup.split(","))) for seed, lineup in manifest["batches"][0]]
definitions = manifest["definitions"]
runner.play_batch(0, tasks[:1], settings, definitions, shadows, None)
warm = time.process_time()
plays, encodes, writes, sizes = [], [], [], []
folder = RunFolder(sys.argv[2])
for batch in manifest["batches"][1:]:
    tasks = [(seed, tuple(lineup.split(","))) for seed, lineup in batch]
    t0 = time.process_time()
    roster, records = Roster(definitions), GameRecords()
    for seed, lineup in tasks:
        records.extend(play_game(seed, lineup, roster=roster, shadows=shadows,
                                 settings=settings))
    t1 = time.process_time()
    files = encode_batch(records)
    t2 = time.process_time()
    folder.write_encoded(len(plays), files)
    t3 = time.process_time()
    plays.append(t1 - t0); encodes.append(t2 - t1); writes.append(t3 - t2)
    sizes.append(sum(len(b) for b in files.values()))
print(json.dumps({"import": imported - start, "tables": warm - imported, "games": len(tasks),
                  "play": plays, "encode": encodes, "write": writes, "bytes": sizes}))
"""


def load() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def ladder(walls: int, out: Path, extra: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds (the command and every process it waited for) of one ladder."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "mjsim.ui.cli", "ladder", "--walls", str(walls),
                    "--quiet", "--out", str(out), *extra], check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def stages(work: Path) -> dict[str, float]:
    """Print the stage table of a small ladder's walls; return its CPU seconds: ``start_up``
    (a worker's import and first tables), ``tables``, ``wall`` (play, encode and write one
    wall) and ``parallel`` (the part of it the workers do)."""
    ladder(4, work / "probe", ["--jobs", "1"])  # its manifest lists the batches
    found = json.loads(subprocess.run(
        [sys.executable, "-c", STAGE_PROBE, str(work / "probe" / "manifest.json"),
         str(work / "probe-writes")], check=True, capture_output=True, text=True).stdout)
    play, encode = statistics.median(found["play"]), statistics.median(found["encode"])
    write = statistics.median(found["write"])
    print(f"Stages, CPU seconds ({load()}):")
    print(f"  worker start-up: import {found['import']:.2f} s, first game's tables "
          f"{found['tables']:.2f} s")
    print(f"  one wall ({found['games']} games): play {play:.3f} s, encode {encode:.4f} s "
          f"(in the worker), write {write:.4f} s (in the parent), "
          f"{statistics.median(found['bytes']) / 1000:.0f} kB sent")
    return {"start_up": found["import"] + found["tables"], "tables": found["tables"],
            "wall": play + encode + write, "parallel": play + encode}


def predicted(walls: int, cpu_one: float, cpu_two: float, stage: dict[str, float]) -> None:
    """Print the speed-up two free cores would give, from CPU times alone: a one-job run's CPU
    less its walls is serial (imports, manifest, analysis, figures); the rest of a two-job
    run's CPU (the walls, each worker's start-up, the parent's writes and loky's own work) is
    shared by the two cores."""
    serial = max(cpu_one - walls * stage["wall"] - stage["tables"], 0.0)
    two_jobs = serial + (cpu_two - serial) / 2
    print(f"  {walls} walls: serial part {serial:.2f} s; two jobs use {cpu_two - cpu_one:.2f} s "
          f"more CPU than one (start-up, and games slowed by sharing the cache); on two free "
          f"cores {cpu_one:.1f} s becomes {two_jobs:.1f} s, a speed-up of "
          f"{cpu_one / two_jobs:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--walls", type=int, default=200, help="walls of each ladder")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each kind")
    parser.add_argument("--no-dask", action="store_true", help="skip the LocalCluster runs")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        stage = stages(work)
        modes: dict[str, list[str]] = {"1 job": ["--jobs", "1"], "2 jobs (loky)": ["--jobs", "2"]}
        cluster = None
        if not args.no_dask:
            from distributed import LocalCluster

            cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                   dashboard_address=None)
            modes["Dask, 2 workers"] = ["--backend", "dask", "--scheduler",
                                        cluster.scheduler_address]
        times: dict[str, list[tuple[float, float, str]]] = {mode: [] for mode in modes}
        try:
            for round_no in range(args.rounds):
                order = list(modes) if round_no % 2 == 0 else list(reversed(modes))
                for mode in order:
                    out = work / f"{mode.split()[0]}-{len(times[mode])}"
                    wall, cpu = ladder(args.walls, out, modes[mode])
                    times[mode].append((wall, cpu, load()))
        finally:
            if cluster is not None:
                cluster.close()
        seats = {mode: (work / f"{mode.split()[0]}-0" / "tables" / "seats") for mode in modes}
        from mjsim.tournament.store import RunFolder

        loaded = [RunFolder(path.parent.parent).load("seats") for path in seats.values()]
        assert all(frame.equals(loaded[0]) for frame in loaded), "the runs' tables differ"
        cpu = {mode: statistics.median(c for _, c, _ in runs) for mode, runs in times.items()}
        print("\nFrom the runs' CPU seconds:")
        predicted(args.walls, cpu["1 job"], cpu["2 jobs (loky)"], stage)
        base = statistics.median(wall for wall, _, _ in times["1 job"])
        print(f"\nRuns: mjsim ladder --walls {args.walls}, median of {args.rounds}, "
              f"alternating order")
        print(f"{'mode':<18} {'wall s':>8} {'speed-up':>9} {'CPU s':>7}  load (1, 5, 15 min)")
        for mode, runs in times.items():
            wall = statistics.median(w for w, _, _ in runs)
            cpu = statistics.median(c for _, c, _ in runs)
            cpu_text = f"{cpu:>7.1f}" if not mode.startswith("Dask") else f"{'n/a':>7}"
            print(f"{mode:<18} {wall:>8.1f} {base / wall:>9.2f} {cpu_text}  {runs[-1][2]}")


if __name__ == "__main__":
    main()
