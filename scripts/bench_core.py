"""Benchmark the compiled hand analysis against PyMahjongGB and the `mahjong` package.

Every row times the same hands: ``--hands`` distinct random hands of 13 tiles drawn from the
wall (distinct, so that no cache flatters anyone), and for ``discards`` the same hands after one
more tile drawn from what is left. Calls are timed in chunks of ``--chunk`` hands, one Python
loop per chunk, ``--repeats`` times over; a row's figure is the median of the chunks' time per
hand. The loop costs the same in every row; ``python loop`` shows it.

    python scripts/bench_core.py                     # the table, with targets and ratios
    python scripts/bench_core.py --out results/bench # also a folder: table.csv, manifest.json

Targets (docs/architecture.md#performance-targets): all-forms shanten <= 0.5 us per call and
>= 14x PyMahjongGB's MahjongShanten; batch shanten <= 100 ns per hand; acceptance <= 1.2 us per
call; the legal distance of a 13-tile hand at shanten <= 2 <= 50 us median (its rows time the hands
of the sample at shanten <= 2, and the farther ones, which get the bound "at least LIMIT + 1", one
call at a time: the median hand), and over ``--tail`` seeded hands at shanten <= 3 its median,
99th percentile (target <= 200 us) and slowest (target <= 1 ms), printed under the table, with
the same hands one tile more searched once for every discard (target <= 2x the 13-tile call's
median; then the same at rung 4's sights, limits 1 and 2, against the 13-tile call at each;
``--tail-only`` prints these alone). Needs the ``bench`` extra
(``pip install -e ".[bench]"``).
"""

from __future__ import annotations

import argparse
import csv
import functools
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

import mjsim
from mjsim.analysis import legal, shanten
from mjsim.tiles.botzone import NAMES
from mjsim_core import legal as legal_core

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the tests' helpers

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "data" / "shanten.tsv"


def distinct_hands(n: int, seed: int,
                   most_shanten: int | None = None) -> tuple[np.ndarray, np.ndarray]:
    """``n`` distinct 13-tile hands from the wall (at shanten ``most_shanten`` or less, when
    given), and each with one more tile drawn (N x 34)."""
    rng = np.random.default_rng(seed)
    wall = np.repeat(np.arange(34), 4)
    seen: set[bytes] = set()
    hands, drawn = [], []
    while len(hands) < n:
        tiles = rng.permutation(wall)[:14]
        counts = np.bincount(tiles[:13], minlength=34).astype(np.uint8)
        if counts.tobytes() in seen or (
                most_shanten is not None and shanten.shanten(counts) > most_shanten):
            continue
        seen.add(counts.tobytes())
        hands.append(counts)
        drawn.append(np.bincount(tiles, minlength=34).astype(np.uint8))
    return np.stack(hands), np.stack(drawn)


def chunk_times(function: Callable, arguments: Sequence[tuple], chunk: int) -> list[float]:
    """Seconds per call of ``function(*args)`` in each chunk of ``chunk`` arguments."""
    times = []
    for start in range(0, len(arguments), chunk):
        part = arguments[start:start + chunk]
        began = time.perf_counter_ns()
        for args in part:
            function(*args)
        times.append((time.perf_counter_ns() - began) * 1e-9 / len(part))
    return times


def batch_times(array: np.ndarray) -> list[float]:
    """Seconds per hand of one ``shanten_batch`` call over the whole array."""
    began = time.perf_counter_ns()
    shanten.shanten_batch(array)
    return [(time.perf_counter_ns() - began) * 1e-9 / len(array)]


def rows(hands: np.ndarray, drawn: np.ndarray, chunk: int, repeats: int) -> list[dict]:
    """One dict per timed thing: what, seconds per call (or hand), target, note."""
    import MahjongGB
    from mahjong.shanten import Shanten

    shanten.shanten(hands[0])  # the first call in a process builds the tables: not timed
    ours = [(h,) for h in hands]
    ours_drawn = [(h,) for h in drawn]
    gb = [((), tuple(NAMES[k] for k in range(34) for _ in range(h[k]))) for h in hands]
    gb_regular = [(tiles,) for _, tiles in gb]
    riichi = Shanten()
    lists = [(h.tolist(),) for h in hands]
    near = shanten.shanten_batch(hands) <= 2
    # At most a tenth of the sample, the near hands and the far ones each: the legal search costs
    # some hundred times a shanten.
    legal_near = [(h,) for h in hands[near][:len(hands) // 10]]
    legal_far = [(h,) for h in hands[~near][:len(hands) // 10]]
    timed = [
        ("python loop (no call)", lambda *_: None, ours, None, "the loop every row pays"),
        ("mjsim shanten, all forms", shanten.shanten, ours, 0.5e-6, "one Python call"),
        ("mjsim shanten_batch", None, None, 100e-9, f"per hand, one call over {len(hands)}"),
        ("mjsim forms", shanten.forms, ours, None, "a dict of the five forms"),
        ("mjsim acceptance", shanten.acceptance, ours, 1.2e-6, "kinds and copies"),
        ("mjsim discards", shanten.discards, ours_drawn, None, "14 tiles, every discard"),
        ("mjsim waits", shanten.waits, ours, None, ""),
        ("mjsim legal_distance, shanten <= 2", legal.legal_distance, legal_near, 50e-6,
         f"{len(legal_near)} hands, exact up to {legal.LIMIT}"),
        ("mjsim legal_distance, shanten >= 3", legal.legal_distance, legal_far, 50e-6,
         f"{len(legal_far)} hands, the bound beyond {legal.LIMIT}"),
        ("mjsim legal_acceptance, shanten <= 2", legal.legal_acceptance, legal_near, None,
         "every nearest legal target"),
        ("PyMahjongGB MahjongShanten", MahjongGB.MahjongShanten, gb, None, "all forms"),
        ("PyMahjongGB RegularShanten", MahjongGB.RegularShanten, gb_regular, None,
         "regular form, with useful tiles"),
        ("mahjong calculate_shanten", riichi.calculate_shanten, lists, None,
         "pure Python, riichi forms"),
    ]
    # Passes go round every row in turn, so that a busy machine slows every row alike. The legal
    # rows time each call alone: their target is the median hand, and a call costs from a few
    # to a few hundred microseconds, so a chunk's mean would be its slowest hands'.
    times: list[list[float]] = [[] for _ in timed]
    for _ in range(repeats):
        for row, (what, function, arguments, _, _) in enumerate(timed):
            times[row] += (batch_times(hands) if function is None
                           else chunk_times(function, arguments,
                                            1 if what.startswith("mjsim legal") else chunk))
    return [{"what": what, "seconds": statistics.median(times[row]), "target": target,
             "note": note} for row, (what, _, _, target, note) in enumerate(timed)]


def golden_rows(chunk: int, repeats: int) -> list[dict]:
    """The same kernels over the hard cases of the golden table (13 - 3m tiles, by melds)."""
    from mjsim import Hand

    texts = [line.split("\t")[0] for line in GOLDEN.read_text().splitlines()
             if line and not line.startswith(("#", "hand\t"))]
    hands = [Hand.parse(text) for text in texts]
    before = [(h.counts, len(h.melds)) for h in hands if h.size % 3 == 1]
    return [
        {"what": f"golden table: {function.__name__} ({len(before)} hands)", "note": "hard cases",
         "target": None, "seconds": statistics.median(
             [t for _ in range(repeats) for t in chunk_times(function, before * 50, chunk)])}
        for function in (shanten.shanten, shanten.acceptance)
    ]


def call_times(function: Callable, hands: Sequence[np.ndarray] | np.ndarray,
               answers: list[Any] | None = None) -> np.ndarray:
    """Seconds of each call ``function(hand)``, one at a time, by the thread's CPU clock: on a
    shared machine a call preempted midway would otherwise put another process's time in the
    tail. What each call returns goes to ``answers`` when given (only there: kept objects would
    bring the garbage collector into the timings)."""
    function(hands[0])
    times = np.empty(len(hands))
    for i, counts in enumerate(hands):
        began = time.thread_time_ns()
        answer = function(counts)
        times[i] = (time.thread_time_ns() - began) * 1e-9
        if answers is not None:
            answers.append(answer)
    return times


def legal_tail(n: int, seed: int) -> str:
    """The legal distance's spread, one call at a time, over ``n`` seeded distinct 13-tile hands
    at shanten 3 or less (default limit, exact to 3): its median, 99th percentile and slowest,
    against the targets p99 <= 200 us and max <= 1 ms. Then the same hands with one more tile
    from the wall, searched once for every discard (``legal_discards``, and the 14-tile
    ``legal_distance``): their medians over the 13-tile call's, against the target <= 2x."""
    hands, drawn = distinct_hands(n, seed, most_shanten=3)
    times = call_times(legal.legal_distance, hands)
    median, p99, most = np.median(times), np.percentile(times, 99), times.max()
    verdict = "met" if p99 <= 200e-6 and most <= 1e-3 else "missed"
    lines = [(f"legal_distance, {n} hands at shanten <= 3 (exact to {legal.LIMIT}): median "
              f"{median * 1e6:.1f} us, p99 {p99 * 1e6:.0f} us, max {most * 1e6:.0f} us "
              f"({verdict}: the targets are p99 <= 200 us, max <= 1 ms)")]
    best: list[int] = []            # the 14 tiles' legal distance: their best discard's
    discarding = call_times(legal.legal_discards, drawn)
    least = call_times(legal.legal_distance, drawn, best)
    return "\n".join([
        *lines, one_search("legal_discards (every discard exact)", discarding, median),
        discards_by_best(np.array(best), discarding, median),
        one_search("legal_distance (the least over the discards)", least, median),
        discards_by_limit(hands, drawn, (1, 2))])


def discards_by_limit(hands: np.ndarray, drawn: np.ndarray, limits: tuple[int, ...]) -> str:
    """legal_discards at the lower limits (rung 4 sees to 1, its idea ``eight2`` to 2) over the
    13-tile legal_distance at the same limit, both medians, and the same for the kernel's plain
    rows (what rung 4's search gives it: no LegalDiscard made). Below the default limit no
    discard needs the targets four draws away, the level that costs most of the ratio at 3."""
    parts = []
    for limit in limits:
        alone = np.median(call_times(functools.partial(legal.legal_distance, limit=limit), hands))
        every = np.median(call_times(functools.partial(legal.legal_discards, limit=limit), drawn))
        rows = np.median(call_times(functools.partial(legal_core.legal_discards, limit=limit),
                                    drawn))
        parts.append(f"limit {limit}: {every * 1e6:.1f} us, {every / alone:.2f}x the 13-tile "
                     f"{alone * 1e6:.1f} us (the kernel's rows {rows * 1e6:.1f} us, "
                     f"{rows / alone:.2f}x)")
    return "  legal_discards at rung 4's sights: " + "; ".join(parts)


def one_search(what: str, times: np.ndarray, median: float) -> str:
    """A 14-tile search's line: its median and 99th percentile, and its median over the
    13-tile call's, against the target <= 2x."""
    ratio = np.median(times) / median
    return (f"{what}, the same hands one tile more, one search of the 14 tiles: median "
            f"{np.median(times) * 1e6:.1f} us, p99 {np.percentile(times, 99) * 1e6:.0f} us, "
            f"{ratio:.2f}x the 13-tile median ({'met' if ratio <= 2 else 'missed'}: the target "
            "is <= 2x)")


def discards_by_best(best: np.ndarray, times: np.ndarray, median: float) -> str:
    """legal_discards' median time over the hands grouped by their best discard's legal
    distance (``best``: the 14 tiles' legal_distance), against the 13-tile median: a discard
    one farther than the best needs every target a draw deeper for its kinds (none past the
    limit), so the hands whose best discard is below the limit cost the most."""
    parts = [f"{d} ({np.sum(best == d)} hands): {np.median(times[best == d]) * 1e6:.1f} us, "
             f"{np.median(times[best == d]) / median:.2f}x" for d in np.unique(best)]
    return "  by the best discard's legal distance: " + "; ".join(parts)


def render(table: list[dict], anchor: float) -> str:
    lines = [f"{'what':36} {'median':>10} {'x PyMGB':>8} {'target':>10}  verdict   note"]
    for row in table:
        seconds, target = row["seconds"], row["target"]
        shown = f"{seconds * 1e9:.0f} ns" if seconds < 1e-6 else f"{seconds * 1e6:.2f} us"
        ratio = f"{anchor / seconds:.1f}"
        aim = "" if target is None else (
            f"{target * 1e9:.0f} ns" if target < 1e-6 else f"{target * 1e6:.1f} us")
        verdict = "" if target is None else (
            "met" if seconds <= target else f"{seconds / target:.1f}x over")
        lines.append(f"{row['what']:36} {shown:>10} {ratio:>8} {aim:>10}  {verdict:9} "
                     f"{row['note']}")
    return "\n".join(lines)


def git_hash() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True,
                              cwd=Path(__file__).parent, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=20_000, help="distinct random hands")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--chunk", type=int, default=200, help="hands per timed loop")
    parser.add_argument("--repeats", type=int, default=5, help="passes over the hands")
    parser.add_argument("--tail", type=int, default=20_000,
                        help="hands at shanten <= 3 for the legal distance's spread")
    parser.add_argument("--tail-only", action="store_true",
                        help="only the legal distance's spread and the one-search ratio")
    parser.add_argument("--out", type=Path, help="a new folder for table.csv and manifest.json")
    args = parser.parse_args(argv)
    if args.tail_only:
        load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
        print(f"seed {args.seed}; load average {load} on {os.cpu_count()} cores")
        print(legal_tail(args.tail, args.seed))
        return 0

    hands, drawn = distinct_hands(args.hands, args.seed)
    table = rows(hands, drawn, args.chunk, args.repeats) + golden_rows(args.chunk, args.repeats)
    anchor = next(r["seconds"] for r in table if r["what"] == "PyMahjongGB MahjongShanten")
    ours = next(r["seconds"] for r in table if r["what"] == "mjsim shanten, all forms")
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"{args.hands} distinct hands, seed {args.seed}, chunks of {args.chunk}, "
          f"{args.repeats} passes; load average {load} on {os.cpu_count()} cores\n"
          "x PyMGB = PyMahjongGB MahjongShanten's median / this row's")
    print(render(table, anchor))
    speedup = anchor / ours
    print(f"\nshanten vs PyMahjongGB MahjongShanten: {speedup:.2f}x "
          f"({'met' if speedup >= 14 else 'missed'}: the target is >= 14x)")
    print(legal_tail(args.tail, args.seed))

    if args.out:
        args.out.mkdir(parents=True, exist_ok=False)
        with open(args.out / "table.csv", "w", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=["what", "seconds", "target", "note"])
            writer.writeheader()
            writer.writerows(table)
        manifest = {"arguments": {k: str(v) for k, v in vars(args).items()},
                    "mjsim": mjsim.__version__, "git": git_hash(),
                    "python": sys.version, "machine": platform.platform(),
                    "load_average": os.getloadavg(),
                    "processor": platform.processor()}
        (args.out / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
