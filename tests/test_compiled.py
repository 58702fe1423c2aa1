"""The modules compiled in Cython's pure-Python mode are imported compiled, and built from the
sources beside them.

``setup.py`` compiles every ``mjsim/<name>.py`` that has a ``<name>.pxd`` beside it. Without the
build, or with a build older than its sources, Python would quietly import the plain module (or
run yesterday's code) and every other test would still pass: these tests say so instead. Rebuild
with ``python setup.py build_ext --inplace``.
"""

import importlib
import importlib.machinery
from pathlib import Path

import pytest

import mjsim

PACKAGE = Path(mjsim.__file__).parent
COMPILED = sorted(pxd.stem for pxd in PACKAGE.glob("*.pxd"))


def test_the_engine_is_among_the_compiled_modules():
    assert {"rules", "wall", "window"} <= set(COMPILED)


@pytest.mark.parametrize("name", COMPILED)
def test_a_module_with_a_pxd_is_imported_compiled(name):
    module = importlib.import_module(f"mjsim.{name}")
    assert module.__file__.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)), \
        f"mjsim.{name} is imported from {module.__file__}: build it (see the module docstring)"


@pytest.mark.parametrize("name", COMPILED)
def test_a_compiled_module_is_newer_than_its_sources(name):
    built = Path(importlib.import_module(f"mjsim.{name}").__file__)
    sources = [PACKAGE / f"{name}.py", PACKAGE / f"{name}.pxd"]
    stale = [source.name for source in sources if source.stat().st_mtime > built.stat().st_mtime]
    assert not stale, f"{built.name} is older than {stale}: rebuild it (see the module docstring)"
