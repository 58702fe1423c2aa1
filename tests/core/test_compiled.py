"""Every compiled module is imported compiled, and built from the sources beside it.

``setup.py`` compiles every ``mjsim_core/<name>.pyx`` and every ``mjsim/**/<name>.py`` that has
a ``<name>.pxd`` beside it (Cython's pure-Python mode). Without the build, Python would quietly
import a plain module, and with a build older than its sources it would run yesterday's code,
while every other test still passed: these tests say so instead. Rebuild with
``pip install -e .`` (or ``python setup.py build_ext --inplace``).
"""

import importlib
import importlib.machinery
from pathlib import Path

import pytest

import mjsim
import mjsim_core

PURE = Path(mjsim.__file__).parent
CORE = Path(mjsim_core.__file__).parent
# (module name, its sources)
COMPILED = sorted(
    [(".".join(("mjsim", *pxd.relative_to(PURE).with_suffix("").parts)),
      [pxd.with_suffix(".py"), pxd]) for pxd in PURE.rglob("*.pxd")]
    + [(f"mjsim_core.{pyx.stem}", [p for p in (pyx, pyx.with_suffix(".pxd")) if p.exists()])
       for pyx in CORE.glob("*.pyx")])


def test_the_engine_the_view_and_the_kernels_are_compiled():
    names = {name for name, _ in COMPILED}
    assert {"mjsim.game.rules", "mjsim.tiles.wall", "mjsim.game.window",
            "mjsim.players.view"} <= names
    assert {"mjsim_core.counts", "mjsim_core.shanten", "mjsim_core.score",
            "mjsim_core.rungs"} <= names


@pytest.mark.parametrize(("name", "sources"), COMPILED, ids=[name for name, _ in COMPILED])
def test_a_compiled_module_is_imported_compiled_and_newer_than_its_sources(name, sources):
    module = importlib.import_module(name)
    assert module.__file__.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)), \
        f"{name} is imported from {module.__file__}: build it (see the module docstring)"
    built = Path(module.__file__).stat().st_mtime
    stale = [source.name for source in sources if source.stat().st_mtime > built]
    assert not stale, f"{name} is older than {stale}: rebuild it (see the module docstring)"
