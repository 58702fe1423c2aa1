"""A fresh interpreter, for tests of what an import loads and what a first call builds.

A test process has imported and built everything long before, so only a new interpreter shows
what importing a module costs: which modules it loads (``sys.modules``) and what it builds.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_MARK = "--- modules ---"


def run_fresh(code: str) -> str:
    """Run ``code`` in a new interpreter that imports this tree's mjsim; returns its stdout."""
    path = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p)
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            env={**os.environ, "PYTHONPATH": path}, cwd=ROOT, check=False)
    assert result.returncode == 0, result.stderr
    return result.stdout


def modules_after(code: str) -> set[str]:
    """The modules a new interpreter holds once it has run ``code``."""
    out = run_fresh(f"{code}\nimport sys\nprint({_MARK!r}, *sys.modules, sep='\\n')")
    return set(out.split(_MARK + "\n", 1)[1].split())
