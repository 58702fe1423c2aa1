"""The regular form's tables are built at a process's first call that reads them, by whichever
entry point comes first (the Python functions, or the scorer calling the kernels in C), and
once: importing builds nothing, and a joblib worker keeps them between tasks.

Each first call runs in a new interpreter, as this process built the tables long ago; a path that
skipped the build would read tables of zeros and answer wrongly."""

import importlib
import os
from collections import Counter

import pytest
from joblib import Parallel, delayed, parallel_config

from mjsim.analysis import shanten
from mjsim.tiles.hand import Hand
from mjsim_core.shanten import tables_built
from tests.helpers.fresh import run_fresh

READY = "123456789m 1234p"          # waits 1p and 4p
DRAWN = "123456789m 1234p E"

FIRST_CALL = """
from mjsim.tiles.hand import Hand
from mjsim_core.shanten import tables_built
import mjsim.game, mjsim.players, mjsim.scoring.scorer   # everything that imports the kernels
from {module} import {function}
before = tables_built()
result = {function}({argument})
print(before, tables_built(), repr(result), sep="\\n")
"""

FIRST_CALLS = [
    ("mjsim.analysis.shanten", "shanten", f"Hand.parse({READY!r}).counts"),
    ("mjsim.analysis.shanten", "forms", f"Hand.parse({READY!r}).counts"),
    ("mjsim.analysis.shanten", "acceptance", f"Hand.parse({READY!r}).counts"),
    ("mjsim.analysis.shanten", "waits", f"Hand.parse({READY!r}).counts"),
    ("mjsim.analysis.shanten", "discards", f"Hand.parse({DRAWN!r}).counts"),
    ("mjsim.analysis.shanten", "shanten_batch", f"Hand.parse({READY!r}).counts.reshape(1, 34)"),
    ("mjsim_core.score", "formal_wait_count", f"Hand.parse({READY!r}).counts"),
]


@pytest.mark.parametrize(("module", "function", "argument"), FIRST_CALLS,
                         ids=[function for _, function, _ in FIRST_CALLS])
def test_the_first_call_builds_the_tables_and_answers_right(module, function, argument):
    before, after, result = run_fresh(FIRST_CALL.format(
        module=module, function=function, argument=argument)).splitlines()
    assert (before, after) == ("False", "True")
    answer = getattr(importlib.import_module(module), function)
    assert result == repr(answer(eval(argument, {"Hand": Hand})))


def _first_use_in_a_worker(counts):
    before = tables_built()
    return os.getpid(), before, shanten.shanten(counts), tables_built()


def test_a_loky_worker_builds_the_tables_once_and_keeps_them():
    counts = Hand.parse(READY).counts
    with parallel_config(backend="loky", n_jobs=2):
        reports = Parallel()(delayed(_first_use_in_a_worker)(counts) for _ in range(12))
    assert os.getpid() not in {pid for pid, _, _, _ in reports}
    assert all(value == 0 and after for _, _, value, after in reports)
    unbuilt = Counter(pid for pid, before, _, _ in reports if not before)
    assert all(n == 1 for n in unbuilt.values())  # a worker's first task at most
