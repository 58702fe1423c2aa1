"""A hand's result has a type (mjsim.game.results.HandResult) that says every row's keys, and
mypy holds a reader to them."""


import pytest

from mjsim.game.results import KEYS, HandResult
from mjsim.game.rules import Rules
from mjsim.players import driver
from mjsim.players.rungs import Rung
from tests.helpers.typecheck import mypy_refusals


def test_every_row_of_the_history_has_the_keys_of_its_type_in_order():
    fouled = Rules(b"rows", last_hand=1)
    assert fouled.foul(1, "a test foul", "x")
    rows = [*driver.play("rows", [Rung(3)] * 4, last_hand=8).history, *fouled.history]
    assert {row["result"] for row in rows} == {"score", "draw", "foul"}
    for row in rows:
        assert tuple(row) == tuple(key for key in KEYS if key != "foul" or key in row)
    assert HandResult.__required_keys__ == frozenset(KEYS) - {"foul"}
    assert fouled.history[0]["foul"] == {"seat": 1, "reason": "a test foul", "answer": "x"}


@pytest.mark.slow  # mypy's own start: about 8 s
def test_mypy_refuses_a_reader_that_takes_a_key_a_result_has_not(tmp_path):
    report = mypy_refusals(tmp_path, "from mjsim.game.rules import Rules\n\n\n"
                           "def winner(game: Rules) -> int | None:\n"
                           "    return game.history[-1]['winer']\n")
    assert '"winer"' in report, report
