"""The branch estimator against the paired design, on the same walls (issue 15, item 9).

For each wall and each seat, the challenger's game is played once as the paired design plays it
(its points) and once with branches (:func:`mjsim.tournament.branch.branch_game`); per wall the
mean over the four seats is each design's observation. Prints both estimates (points a hand,
95% t interval), their per-wall SDs, CPU seconds per wall, and the efficiency ratio
(variance x CPU time of the paired design over the branch design's: above 1, the branch design
buys the same interval width for less CPU):

    python scripts/bench_branch.py --walls 100 --reshuffles 2 planning claims
    python scripts/bench_branch.py --walls 100 "3?salt=1"    # the null: a true price of 0
"""

import argparse
import math
import time

import numpy as np
from scipy import stats

from mjsim.players.specs import load_player
from mjsim.tournament import play_game
from mjsim.tournament.branch import branch_game

HANDS = 16


def interval(values: np.ndarray) -> str:
    half = stats.t.ppf(0.975, len(values) - 1) * values.std(ddof=1) / math.sqrt(len(values))
    return f"{values.mean():+.3f} [{values.mean() - half:+.3f}, {values.mean() + half:+.3f}]"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("ideas", nargs="+")
    parser.add_argument("--walls", type=int, default=50)
    parser.add_argument("--reshuffles", type=int, default=2)
    parser.add_argument("--seed", default="branch")
    args = parser.parse_args()
    baseline = load_player("3")
    for idea in args.ideas:
        name = idea if idea[0].isdigit() else f"3-{idea}"  # an idea of rung 3, or a spec
        challenger = load_player(name)
        paired, branched = np.zeros(args.walls), np.zeros(args.walls)
        paired_cpu = branch_cpu = 0.0
        branches = 0
        for wall in range(args.walls):
            seed = f"{args.seed}-{wall}"
            start = time.process_time()
            for seat in range(4):
                lineup = tuple(name if s == seat else "3" for s in range(4))
                paired[wall] -= play_game(seed, lineup).seats[seat]["points"] / 4
            paired_cpu += time.process_time() - start
            start = time.process_time()
            for seat in range(4):
                game = branch_game(seed, seat, challenger, baseline, reshuffles=args.reshuffles)
                branched[wall] -= game.advantage / 4
                branches += game.branched
            branch_cpu += time.process_time() - start
        paired, branched = paired / HANDS, branched / HANDS  # an idea's price: points a hand
        ratio = (paired.var(ddof=1) * paired_cpu) / (branched.var(ddof=1) * branch_cpu)
        print(f"{idea}: {args.walls} walls, K={args.reshuffles}, {branches} branched decisions")
        print(f"  paired  {interval(paired)}  SD {paired.std(ddof=1):.3f}  "
              f"CPU {paired_cpu / args.walls:.3f} s a wall")
        print(f"  branch  {interval(branched)}  SD {branched.std(ddof=1):.3f}  "
              f"CPU {branch_cpu / args.walls:.3f} s a wall")
        print(f"  difference {interval(paired - branched)}; efficiency (paired var x CPU over "
              f"branch's) {ratio:.2f}")


if __name__ == "__main__":
    main()
