"""The test bots of bots/ as commands, run by this interpreter."""

from __future__ import annotations

import sys
from pathlib import Path

BOTS = Path(__file__).resolve().parent / "bots"


def bot_command(script: str, *args: str) -> str:
    """The command that runs the test bot ``script`` with ``args``."""
    return " ".join([sys.executable, str(BOTS / script), *args])
