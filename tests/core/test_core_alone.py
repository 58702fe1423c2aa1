"""mjsim_core stands alone: every module of it loads, and the scorer runs, with nothing of mjsim
imported; the examples of its plain-data modules, its hash, its shuffle and its object counter
hold (pytest collects doctests under mjsim/ only)."""

import doctest
import subprocess
import sys
from pathlib import Path

import pytest

import mjsim_core.allocations
import mjsim_core.blake2b
import mjsim_core.elements
import mjsim_core.kinds
import mjsim_core.shuffle

ROOT = Path(__file__).resolve().parents[2]

PROGRAM = """if True:
    import importlib, pkgutil, sys
    import numpy as np
    import mjsim_core
    for module in pkgutil.iter_modules(mjsim_core.__path__):
        importlib.import_module(f"mjsim_core.{module.name}")
    from mjsim_core.score import score_counts
    counts = np.zeros(34, dtype=np.uint8)
    for kind in (1, 2, 3, 1, 2, 3, 4, 5, 6, 4, 5, 6, 27, 27):   # 223344556677m EE
        counts[kind] += 1
    print(score_counts(counts, b"", 27, 0, 1, 2)[0])
    print(sorted(name for name in sys.modules if name.split(".")[0] == "mjsim"))
    """


def test_the_core_imports_nothing_from_mjsim():
    out = subprocess.run([sys.executable, "-c", PROGRAM], capture_output=True, text=True,
                         check=True, cwd=ROOT).stdout.split("\n")
    assert out[:2] == ["30", "[]"]   # Seven Pairs 24 and Half Flush 6; no mjsim module


@pytest.mark.parametrize("module", [mjsim_core.kinds, mjsim_core.elements,
                                    mjsim_core.blake2b, mjsim_core.shuffle,
                                    mjsim_core.allocations],
                         ids=lambda m: m.__name__)
def test_the_examples_hold(module):
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
