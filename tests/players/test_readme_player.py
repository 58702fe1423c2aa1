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


def test_the_readme_counts_the_players_lines():
    words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
             "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
             "seventeen", "eighteen", "nineteen", "twenty"]
    said = re.search(r"A player in (\w+) lines", (ROOT / "README.md").read_text())
    assert said is not None, "the README no longer counts the example player's lines"
    lines = (ROOT / "tests" / "players" / "bots" / "greedy.py").read_text().splitlines()
    assert said.group(1) == words[sum(1 for line in lines if line.strip())]


def test_the_readme_lineup_file_seats_the_readme_player(tmp_path, monkeypatch):
    """The lineup file the README shows names the README's greedy player as a user would have
    it (bots/greedy.py): every seat that is that player builds, with the options it is given."""
    from mjsim.players.specs import load_player
    from mjsim.tournament.lineups import read_lineup_file

    readme = (ROOT / "README.md").read_text()
    block = re.search(r"```toml\n(seats = .*?)```", readme, re.DOTALL)
    assert block is not None, "the README's lineup file is gone"
    (tmp_path / "bots").mkdir()
    (tmp_path / "bots" / "greedy.py").write_text(
        (ROOT / "tests" / "players" / "bots" / "greedy.py").read_text())
    (tmp_path / "lineup.toml").write_text(block.group(1))
    monkeypatch.chdir(tmp_path)
    lineup, roster = read_lineup_file("lineup.toml")
    greedy = [entry for entry in lineup if "bots/greedy.py" in roster.spec(entry)]
    assert greedy, "the README's lineup file seats no bots/greedy.py player"
    for entry in greedy:
        assert load_player(roster.spec(entry)).name == "greedy"
