"""Both sides of the protocol together: a rung served by ``mjsim botzone`` and seated as a
``botzone:`` program plays exactly as the same rung in-process, on either table, so the requests
this side writes carry everything the bot side needs to rebuild the rung's view."""

import sys

import pytest

from mjsim.players import Rung
from mjsim.players.botzone.program import BotzoneProgram
from mjsim.players.driver import play

TABLES = {"botzone": {"ruleset": "gb-mahjong", "table": "botzone"},
          "mcr": {"ruleset": "green-book"}}  # all sixteen hands: every seat deals


def served(level, table, *flags):
    ruleset = TABLES[table]["ruleset"]
    return BotzoneProgram(f"{sys.executable} -m mjsim.ui.cli botzone --level {level} "
                          f"--ruleset {ruleset} --table {table} {' '.join(flags)}", io="json",
                          env="PYTHONPATH")  # the mjsim under test, wherever it is


@pytest.mark.parametrize("table", TABLES)
@pytest.mark.parametrize("level", [1, 3])
def test_a_served_rung_plays_as_the_rung_itself(table, level):
    seed = b"served-%d-" % level + table.encode()
    kept = play(seed, [Rung(2), served(level, table, "--keep-running"), Rung(level), Rung(1)],
                **TABLES[table])
    itself = play(seed, [Rung(2), Rung(level), Rung(level), Rung(1)], **TABLES[table])
    assert kept.history == itself.history
    assert all(row["result"] != "foul" for row in kept.history)


@pytest.mark.slow
def test_a_served_rung_run_once_a_turn_plays_as_the_rung_itself():
    once = play(b"served-once", [served(3, "botzone"), Rung(3), Rung(2), Rung(1)],
                **TABLES["botzone"])
    itself = play(b"served-once", [Rung(3), Rung(3), Rung(2), Rung(1)], **TABLES["botzone"])
    assert once.history == itself.history
