"""Climb the ladder: price each rung step and each idea, and print the standings.

A thin wrapper over ``mjsim ladder`` (same flags), for those who run experiments as scripts:

    python scripts/ladder.py --walls 40 --jobs 2 --out runs/ladder-40
"""

import sys

from mjsim.ui.cli import program

if __name__ == "__main__":
    program(["ladder", *sys.argv[1:]])
