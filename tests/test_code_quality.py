"""The checks that keep the code in shape, run by the test command so CI runs them too.

import-linter holds the layers of docs/architecture.md#layers (the contracts are in
``pyproject.toml``), mypy checks the package at the strictness set there (``--strict``), stubtest
holds the compiled core's ``.pyi`` stubs to the modules they describe, ruff and cython-lint check
the style. import-linter reads Python files only, so the core's ``.pyx`` and ``.pxd`` imports are
checked here directly.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
# An import or cimport of mjsim (not mjsim_core) in a Cython source.
IMPORTS_MJSIM = re.compile(r"^\s*(?:from\s+mjsim(?:\.\w+)*\s+c?import|c?import\s+mjsim(?:\.|\s|$))",
                           re.MULTILINE)


def run(tool: str, *args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(BIN / tool), *args], cwd=cwd, capture_output=True, text=True,
                          check=False)


def test_the_import_contracts_hold():
    result = run("lint-imports")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


def test_an_import_against_the_layers_breaks_the_contract_and_names_it(tmp_path):
    shutil.copytree(ROOT / "mjsim", tmp_path / "mjsim", ignore=shutil.ignore_patterns(
        "*.so", "*.c", "__pycache__"))
    shutil.copytree(ROOT / "mjsim_core", tmp_path / "mjsim_core", ignore=shutil.ignore_patterns(
        "*.so", "*.c", "__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    wall = tmp_path / "mjsim" / "tiles" / "wall.py"
    wall.write_text(wall.read_text() + "\nfrom mjsim.game.rules import Rules  # noqa\n")
    result = subprocess.run([str(BIN / "lint-imports")], cwd=tmp_path, capture_output=True,
                            text=True, check=False, env={"PYTHONPATH": str(tmp_path)})
    assert result.returncode == 1, result.stdout + result.stderr
    assert "BROKEN" in result.stdout and "mjsim.tiles.wall -> mjsim.game.rules" in result.stdout


@pytest.mark.parametrize("line", ["from mjsim.tiles import kinds", "import mjsim",
                                  "from mjsim.scoring.elements cimport X", "    import mjsim.game"])
def test_the_cython_import_check_sees_an_import_of_mjsim(line):
    assert IMPORTS_MJSIM.search(line)


@pytest.mark.parametrize("line", ["from mjsim_core.shanten cimport distance", "import mjsim_core",
                                  "# see mjsim.tiles for the names"])
def test_the_cython_import_check_lets_the_core_import_itself(line):
    assert not IMPORTS_MJSIM.search(line)


@pytest.mark.parametrize("source", sorted((ROOT / "mjsim_core").glob("*.p[yx][xd]")),
                         ids=lambda path: path.name)
def test_the_compiled_core_imports_nothing_from_mjsim(source):
    found = [match.group(0).strip() for match in IMPORTS_MJSIM.finditer(source.read_text())]
    assert not found, f"{source.name} imports from mjsim: {found}"


def test_mypy_is_clean():
    result = run("mypy")
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_stubs_of_the_compiled_core_match_it():
    """stubtest imports each kernel and checks every name and signature its .pyi promises."""
    kernels = sorted(f"mjsim_core.{stub.stem}" for stub in (ROOT / "mjsim_core").glob("*.pyi")
                     if (ROOT / "mjsim_core" / f"{stub.stem}.pyx").exists())
    assert {"mjsim_core.counts", "mjsim_core.shanten", "mjsim_core.score",
            "mjsim_core.rungs"} <= set(kernels)
    result = run("stubtest", "--allowlist", str(ROOT / "tests" / "stubtest-allowlist.txt"),
                 *kernels)
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_is_clean():
    result = run("ruff", "check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_cython_lint_is_clean(tmp_path):
    sources = sorted(str(path.relative_to(ROOT)) for pattern in ("*.pyx", "*.pxd", "*.pxi")
                     for path in (ROOT / "mjsim_core").glob(pattern))
    pure = sorted(str(path.relative_to(ROOT)) for path in (ROOT / "mjsim").rglob("*.pxd"))
    result = run("cython-lint", *sources, *pure)
    assert result.returncode == 0, result.stdout + result.stderr
    assert lint_included(sorted((ROOT / "mjsim_core").glob("*.pxi")), tmp_path) == ""


def lint_included(included: list[Path], scratch: Path) -> str:
    """What cython-lint finds in include files (``score.pyx``'s parts) read as Cython code: of
    a ``.pxi`` it checks only the layout, so each is copied to ``scratch`` as a ``.pyx`` (its
    lines unmoved) and its findings are told under its own path."""
    copies = {str(scratch / f"{source.stem}.pyx"): source for source in included}
    for copy, source in copies.items():
        shutil.copy(source, copy)
    result = run("cython-lint", "--max-line-length", "100", *copies, cwd=scratch)
    found = result.stdout + result.stderr
    for copy, source in copies.items():
        found = found.replace(f"{copy}:", f"{source}:")
    return found


def test_the_lint_of_an_include_file_reads_its_code(tmp_path):
    part = tmp_path / "part.pxi"
    part.write_text("import os\n\n\ncdef int one():\n    return 1\n")
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    assert lint_included([part], scratch) == f"{part}:1:8: 'os' imported but unused\n"
