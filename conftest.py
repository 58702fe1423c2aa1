"""Test-session checks of the compiled modules (``mjsim_core/*.pyx``, and each ``mjsim/*.py``
compiled in Cython's pure-Python mode because it has a ``.pxd`` beside it).

- A module whose source is newer than its built extension stops the run: the tests would check
  the old build. Rebuild with ``pip install -e .`` (or ``python setup.py build_ext --inplace``).
- Importing a pure-Python-mode module gives the extension built beside its ``.py``, which
  pytest's doctest collection would otherwise refuse as a file other than the one it collected.
"""

import importlib.machinery
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).parent
SOURCES = [*ROOT.glob("mjsim_core/*.pyx"),
           *(pxd.with_suffix(".py") for pxd in ROOT.glob("mjsim/*.pxd"))]

os.environ.setdefault("PY_IGNORE_IMPORTMISMATCH", "1")


def pytest_configure(config):
    for source in SOURCES:
        built = [source.with_name(source.stem + suffix)
                 for suffix in importlib.machinery.EXTENSION_SUFFIXES]
        times = [path.stat().st_mtime for path in built if path.exists()]
        if times and max(times) < source.stat().st_mtime:
            pytest.exit(f"{source.relative_to(ROOT)} is newer than its build: rebuild with "
                        "`pip install -e .` (or `python setup.py build_ext --inplace`)", 2)
