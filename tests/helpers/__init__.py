"""What several test modules share: strategies, generators, golden tables, positions."""

from pathlib import Path

DATA = Path(__file__).parent.parent / "data"
"""The golden tables the tests and benchmarks read."""
