"""The player the README shows is the one the tests seat: the README's listing is the file."""

import re
from pathlib import Path

ROOT = Path(__file__).parents[2]


def test_the_readme_shows_the_test_players_file_in_full():
    readme = (ROOT / "README.md").read_text()
    listing = re.search(r"`tests/players/bots/greedy\.py`, in full:\n\n```python\n(.*?)```",
                        readme, re.DOTALL)
    assert listing is not None, "the README's listing of the example player is gone"
    assert listing.group(1) == (ROOT / "tests" / "players" / "bots" / "greedy.py").read_text()
