"""What the interface tests share: the command line run as a person runs it (a new process in
a folder of its own, importing this checkout), and a game log recorded by bots."""

import io
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mjsim.game.gamelog import GameLog
from mjsim.game.rules import Rules
from mjsim.players.rungs import best
from mjsim.players.view import view_of

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "TERM": "dumb", "COLUMNS": "80"}


def close_when_done(child, timeout=60):
    """Close a pexpect child that has reached EOF once it has exited by itself, so that its
    exit status is its own: pexpect's close() signals a child still alive (SIGHUP, then SIGINT),
    and a process whose output is closed may still be shutting down (its worker processes)."""
    deadline = time.monotonic() + timeout
    while child.isalive() and time.monotonic() < deadline:
        time.sleep(0.02)
    child.close()


def mjsim(*argv, cwd, stdin="", timeout=300):
    """``mjsim ARGV`` in ``cwd``: (status, stdout, stderr)."""
    done = subprocess.run([sys.executable, "-m", "mjsim.ui.cli", *argv], input=stdin,
                          capture_output=True, text=True, cwd=cwd, env=ENV, timeout=timeout,
                          check=False)
    return done.returncode, done.stdout, done.stderr


def record(seed, levels, hands):
    """The log of the first ``hands`` hands of a game, seat s played by rung ``levels[s]``."""
    stream = io.StringIO()
    game = Rules(seed)
    log = GameLog(stream, seed=game.seed, ruleset=game.ruleset,
                  players=[str(level) for level in levels])
    while game.is_active and game.hand_no <= hands:
        seat = game.waiting_on()[0]
        move = best(view_of(game, seat), levels[seat])
        game.apply(seat, move)
        log.move(seat, move)
    return stream.getvalue()


@pytest.fixture(scope="session")
def recorded(tmp_path_factory):
    """Two hands of rung 1 in seat 0 against rung 3; hand 1 ends in a win on a discard."""
    path = tmp_path_factory.mktemp("log") / "game.jsonl"
    path.write_text(record("r3", (1, 3, 3, 3), 2))
    return path
