"""mypy, strict, over one throwaway module: how a test shows that the types refuse a bad reader."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def mypy_refusals(folder: Path, source: str) -> str:
    """mypy's report on ``source`` (written to ``folder/reader.py``); asserts that it refused."""
    reader = folder / "reader.py"
    reader.write_text(source)
    result = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental",
                             "--follow-imports=silent", str(reader)],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 1, result.stdout
    return result.stdout
